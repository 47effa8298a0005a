/*
 * Reading game records (see record.h): the reader takes the whole text,
 * reads the first line and the tags, builds the session from the set-up
 * tags, then replays every move through parse_move, so a record that loads
 * is a legal game.  Every error names the file and the line.
 */
#include "config.h"

#include <ctype.h>
#include <limits.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/attrs.h"
#include "core/file.h"
#include "core/record.h"
#include "core/record-format.h"
#include "core/registry.h"
#include "core/text.h"

/* Records larger than this are not games: refuse rather than exhaust memory. */
static const size_t RECORD_MAX_BYTES = 64u << 20;

/* The reader's state: the whole text, a cursor and its line number. */
struct record_reader {
	const char *name;
	char *text;
	size_t pos;
	int line;
	char *err;
	size_t err_size;
	char *result; /* the Result tag, filled from the result token */
};

/* Tags as read, before the session can be built. */
struct record_tags {
	char game[RECORD_TAG_MAX];
	char seed[RECORD_TAG_MAX];
	char start[RECORD_TAG_MAX];
	char *pieces; /* malloc'd; can be long */
	int game_line;
};

static bool record_fail(struct record_reader *r, int line, const char *fmt, ...)
        TABULA_PRINTF(3, 4);

static bool
record_fail(struct record_reader *r, int line, const char *fmt, ...)
{
	int n = snprintf(r->err, r->err_size, "%s:%d: ", r->name, line);
	if (n < 0 || (size_t)n >= r->err_size)
		return false;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->err + n, r->err_size - (size_t)n, fmt, ap);
	va_end(ap);
	return false;
}

static char *
record_slurp(FILE *in, struct record_reader *r)
{
	char *text;
	size_t len;
	switch (text_read_all(in, RECORD_MAX_BYTES, &text, &len)) {
	case TEXT_READ_OK: {
		/* A NUL would end the text early and hide what follows. */
		const char *nul = memchr(text, '\0', len);
		if (nul == NULL)
			return text;
		int line = 1;
		for (const char *p = text; p < nul; p++)
			line += *p == '\n';
		free(text);
		record_fail(r, line, "a NUL byte: not a text file");
		return NULL;
	}
	case TEXT_READ_TOO_LARGE:
		record_fail(r, 1, "file too large");
		return NULL;
	case TEXT_READ_FAILED:
		record_fail(r, 1, "read error: %s", strerror(errno));
		return NULL;
	case TEXT_READ_NO_MEMORY:
		break;
	}
	record_fail(r, 1, "out of memory");
	return NULL;
}

/* A copy of the current line without its newline (caller frees), or NULL
 * at the end; advances past it only when consume is set. */
static char *
record_peek_line(struct record_reader *r, bool consume)
{
	const char *start = r->text + r->pos;
	if (*start == '\0')
		return NULL;
	size_t len = strcspn(start, "\n");
	char *line = malloc(len + 1);
	if (line == NULL) {
		record_fail(r, r->line + 1, "out of memory");
		return NULL;
	}
	memcpy(line, start, len);
	line[len] = '\0';
	if (len > 0 && line[len - 1] == '\r')
		line[len - 1] = '\0';
	if (consume) {
		r->pos += len + (start[len] == '\n');
		r->line++;
	}
	return line;
}

static bool
record_read_magic(struct record_reader *r)
{
	char *line = record_peek_line(r, true);
	size_t mlen = strlen(RECORD_MAGIC);
	bool ok = true;
	if (line == NULL || strncmp(line, RECORD_MAGIC, mlen) != 0) {
		ok = record_fail(r, 1,
		                 "not a tabula record (the first line should "
		                 "be '%s %d')",
		                 RECORD_MAGIC, RECORD_VERSION);
	} else {
		const char *end = line + mlen;
		while (isspace((unsigned char)*end))
			end++;
		uint64_t v = 0;
		bool number = text_read_u64(&end, LONG_MAX, &v);
		while (isspace((unsigned char)*end))
			end++;
		if (!number || *end != '\0' || v < 1)
			ok = record_fail(r, 1, "bad format version '%s'",
			                 line + mlen);
		else if (v > RECORD_VERSION)
			ok = record_fail(r, 1,
			                 "format version %ld is newer than "
			                 "this program reads (%d)",
			                 (long)v, RECORD_VERSION);
	}
	free(line);
	return ok;
}

/* Parses `[Name "value"]` into name and value (unescaped, in place). */
static bool
record_split_tag(struct record_reader *r, char *line, char **name, char **value)
{
	char *p = line + 1;
	*name = p;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	if (p == *name || *p != ' ')
		return record_fail(r, r->line,
		                   "bad tag line: expected "
		                   "[Name \"value\"]");
	*p++ = '\0';
	while (*p == ' ')
		p++;
	if (*p != '"')
		return record_fail(r, r->line, "tag %s: value must be quoted",
		                   *name);
	char *out = ++p;
	*value = out;
	while (*p != '"') {
		if (*p == '\0')
			return record_fail(r, r->line,
			                   "tag %s: unterminated value", *name);
		if (*p == '\\' && p[1] != '\0')
			p++;
		*out++ = *p++;
	}
	p++;
	while (*p == ' ')
		p++;
	if (*p != ']')
		return record_fail(r, r->line, "tag %s: missing ']'", *name);
	*out = '\0';
	return true;
}

static bool
record_is_result(const char *tok)
{
	return strcmp(tok, "1-0") == 0 || strcmp(tok, "0-1") == 0 ||
	       strcmp(tok, "1/2-1/2") == 0 || strcmp(tok, "*") == 0;
}

static bool
record_store_tag(struct record_reader *r, struct record_tags *t,
                 struct record_meta *meta, const char *name, const char *value)
{
	struct {
		const char *name;
		char *dst;
	} fields[] = {
	        {"Game", t->game},
	        {"Seed", t->seed},
	        {"Start", t->start},
	        {"Setup", meta->setup},
	        {"Player1", meta->player1},
	        {"Player2", meta->player2},
	        {"Date", meta->date},
	        {"Result", meta->result},
	        {"Termination", meta->termination},
	};
	if (strcmp(name, "Pieces") == 0) {
		free(t->pieces);
		if ((t->pieces = strdup(value)) == NULL)
			return record_fail(r, r->line, "out of memory");
		return true;
	}
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		if (strcmp(fields[i].name, name) != 0)
			continue;
		if (strlen(value) >= RECORD_TAG_MAX)
			return record_fail(r, r->line, "tag %s: value too long",
			                   name);
		/* Written back as the movetext's last word, a result must be
		 * one the reader takes there. */
		if (strcmp(name, "Result") == 0 && !record_is_result(value))
			return record_fail(r, r->line,
			                   "tag Result: '%s' is not 1-0, 0-1, "
			                   "1/2-1/2 or *",
			                   value);
		strcpy(fields[i].dst, value);
		if (strcmp(name, "Game") == 0)
			t->game_line = r->line;
		return true;
	}
	/* Other tags are kept, to be written back. */
	if (!record_meta_set_tag(meta, name, value))
		return record_fail(r, r->line, "out of memory");
	return true;
}

/* Reads tag lines up to the first line that is neither a tag nor blank. */
static bool
record_read_tags(struct record_reader *r, struct record_tags *t,
                 struct record_meta *meta)
{
	for (;;) {
		char *line = record_peek_line(r, false);
		if (line == NULL)
			return r->text[r->pos] == '\0';
		const char *p = line + strspn(line, " \t");
		if (*p != '\0' && *p != '[') {
			free(line);
			return true; /* the movetext starts here */
		}
		free(line);
		line = record_peek_line(r, true);
		if (line == NULL)
			return false;
		char *tag = line + strspn(line, " \t");
		char *name = NULL, *value = NULL;
		bool ok = *tag == '\0' ||
		          (record_split_tag(r, tag, &name, &value) &&
		           record_store_tag(r, t, meta, name, value));
		free(line);
		if (!ok)
			return false;
	}
}

static bool
record_parse_seed(struct record_reader *r, const char *text, uint64_t *seed)
{
	*seed = 0;
	if (text[0] == '\0')
		return true;
	const char *end = text;
	uint64_t v;
	if (!text_read_u64(&end, UINT64_MAX, &v) || *end != '\0')
		return record_fail(r, r->line, "bad Seed '%s'", text);
	*seed = v;
	return true;
}

/* Builds the session from the set-up tags. */
static bool
record_build_session(struct record_reader *r, struct record_tags *t,
                     struct session *s)
{
	if (t->game[0] == '\0')
		return record_fail(r, r->line, "no Game tag");
	const struct game_ops *ops = registry_find(t->game);
	if (ops == NULL)
		return record_fail(r, t->game_line, "unknown game '%s'",
		                   t->game);
	struct game_setup setup = {0};
	if (!record_parse_seed(r, t->seed, &setup.seed))
		return false;
	if (!session_init(s, ops, &setup))
		return record_fail(r, r->line, "out of memory");
	char why[256];
	bool ok = true;
	if (t->pieces == NULL && setup.seed != 0 && ops->item_from_char) {
		t->pieces = malloc(RECORD_SEED_STREAM_LEN + 1);
		if (t->pieces == NULL)
			ok = record_fail(r, r->line, "out of memory");
		else
			record_stream_from_seed(ops, setup.seed, t->pieces,
			                        RECORD_SEED_STREAM_LEN);
	}
	if (ok && t->pieces != NULL &&
	    !session_set_stream(s, t->pieces, why, sizeof why))
		ok = record_fail(r, r->line, "Pieces: %s", why);
	if (ok && t->start[0] != '\0' &&
	    !session_set_fen(s, t->start, why, sizeof why))
		ok = record_fail(r, r->line, "Start: %s", why);
	if (!ok)
		session_free(s);
	return ok;
}

/* A move number: digits followed by one or more dots. */
static bool
record_is_number(const char *tok)
{
	const char *p = tok;
	while (isdigit((unsigned char)*p))
		p++;
	if (p == tok || *p != '.')
		return false;
	while (*p == '.')
		p++;
	return *p == '\0';
}

/* A token as a string of its own; NULL (the reader failed) without memory. */
static char *
record_token_copy(struct record_reader *r, int line, const char *start,
                  size_t len)
{
	char *tok = malloc(len + 1);
	if (tok == NULL) {
		record_fail(r, line, "out of memory");
		return NULL;
	}
	memcpy(tok, start, len);
	tok[len] = '\0';
	return tok;
}

/* Cuts the next token out of the movetext: a {comment} (returned with its
 * braces), a "(" or ")" around a variation, or a word; a word with an open
 * '(' runs to its ')', so "SPAWN(3, 4)" is one token, and a ')' it did not
 * open ends it.  *line is the token's first line. */
static char *
record_next_token(struct record_reader *r, int *line)
{
	char *t = r->text;
	for (;;) {
		while (isspace((unsigned char)t[r->pos])) {
			if (t[r->pos] == '\n')
				r->line++;
			r->pos++;
		}
		if (t[r->pos] != ';')
			break;
		while (t[r->pos] != '\0' && t[r->pos] != '\n')
			r->pos++; /* a ';' comment runs to the end of the line
			           */
	}
	if (t[r->pos] == '\0')
		return NULL;
	*line = r->line;
	char *start = t + r->pos;
	if (*start == '{') {
		char *end = strchr(start, '}');
		if (end == NULL) {
			record_fail(r, *line, "unterminated {comment}");
			return NULL;
		}
		for (char *p = start; p < end; p++)
			r->line += *p == '\n';
		r->pos = (size_t)(end - t) + 1;
		return record_token_copy(r, *line, start,
		                         (size_t)(end - start) + 1);
	}
	if (*start == '(' || *start == ')') {
		r->pos++; /* a variation's start or end */
		return record_token_copy(r, *line, start, 1);
	}
	int depth = 0;
	size_t end = r->pos;
	while (t[end] != '\0' && t[end] != '{' &&
	       (depth > 0 || !isspace((unsigned char)t[end]))) {
		if (t[end] == '(')
			depth++;
		else if (t[end] == ')' && depth == 0)
			break; /* ends the variation this word closes */
		else if (t[end] == ')')
			depth--;
		else if (t[end] == '\n')
			r->line++;
		end++;
	}
	char *tok = record_token_copy(r, *line, start, end - r->pos);
	r->pos = end;
	return tok;
}

/* The line being read: its moves are played on s (from s->ply at its
 * start) and kept with their comments and notes in line. */
struct record_target {
	struct session *s;
	struct record_line *line;
	int depth; /* 0: the main line */
};

/* Stores a {comment} for the move before it: a review note or text. */
static bool
record_take_comment(struct record_reader *r, struct record_target *t,
                    const char *tok, int line)
{
	struct record_line *l = t->line;
	if (l->len == 0)
		return true; /* a comment before the first move: ignored */
	char *body = strdup(tok + 1);
	if (body == NULL)
		return record_fail(r, line, "out of memory");
	body[strlen(body) - 1] = '\0';
	struct session *s = t->s;
	struct record_review rv;
	if (record_review_parse(s->ops, &s->positions[s->ply - 1], body, &rv)) {
		l->notes[l->len - 1].review = rv;
		free(body);
		return true;
	}
	free(l->comments[l->len - 1]);
	l->comments[l->len - 1] = body;
	return true;
}

/* Splits a mark glued to a move ("5-5,5-6,5-7,5-8?!") off tok, in place. */
static enum record_mark
record_split_mark(char *tok)
{
	size_t len = strlen(tok), cut = len;
	while (cut > 0 && (tok[cut - 1] == '?' || tok[cut - 1] == '!'))
		cut--;
	enum record_mark mark = MARK_NONE;
	if (cut > 0 && cut < len && record_mark_parse(tok + cut, &mark))
		tok[cut] = '\0';
	return mark;
}

static bool
record_play_token(struct record_reader *r, struct record_target *t, char *tok,
                  int line)
{
	struct session *s = t->s;
	enum record_mark mark = record_split_mark(tok);
	struct game_status st;
	s->ops->status(session_current(s), &st);
	if (st.outcome != OUTCOME_ONGOING)
		return record_fail(r, line,
		                   "move %zu '%s': the game is already over "
		                   "(%s)",
		                   s->ply + 1, tok,
		                   st.reason ? st.reason : "finished");
	char why[256];
	if (!session_play_text(s, tok, why, sizeof why))
		return record_fail(r, line, "move %zu '%s': %s", s->ply + 1,
		                   tok, why);
	if (!record_line_push(t->line, s->moves[s->ply - 1]))
		return record_fail(r, line, "out of memory");
	t->line->notes[t->line->len - 1].mark = mark;
	return true;
}

static bool record_read_line(struct record_reader *r, struct record_target *t);

/* Reads a variation after "(": other moves from the position before the
 * last move of t, up to its ")". */
static bool
record_read_variation(struct record_reader *r, struct record_target *t,
                      int line)
{
	struct record_line *l = t->line;
	if (l->len == 0)
		return record_fail(r, line, "a variation before any move");
	if (t->depth + 1 > RECORD_MAX_NESTING)
		return record_fail(r, line,
		                   "variations nested more than %d deep",
		                   RECORD_MAX_NESTING);
	struct record_line *var = record_note_add_var(&l->notes[l->len - 1]);
	struct session branch;
	if (var == NULL || !session_copy(&branch, t->s, t->s->ply - 1))
		return record_fail(r, line, "out of memory");
	struct record_target sub = {
	        .s = &branch, .line = var, .depth = t->depth + 1};
	bool ok = record_read_line(r, &sub);
	session_free(&branch);
	return ok;
}

/* Reads the tokens of one line: the main line up to the end of the text,
 * a variation up to its ")". */
static bool
record_read_line(struct record_reader *r, struct record_target *t)
{
	bool ended = false;
	int line = r->line;
	char *tok;
	while ((tok = record_next_token(r, &line)) != NULL) {
		bool ok = true, closed = false;
		enum record_mark mark;
		if (ended)
			ok = tok[0] == '{' ||
			     record_fail(r, line, "'%s' after the result token",
			                 tok);
		else if (tok[0] == '{')
			ok = record_take_comment(r, t, tok, line);
		else if (strcmp(tok, "(") == 0)
			ok = record_read_variation(r, t, line);
		else if (strcmp(tok, ")") == 0) {
			closed = t->depth > 0;
			ok = closed || record_fail(r, line, "')' without '('");
		} else if (record_mark_parse(tok, &mark)) {
			if (t->line->len > 0)
				t->line->notes[t->line->len - 1].mark = mark;
		} else if (record_is_result(tok) && t->depth > 0) {
			ok = record_fail(r, line,
			                 "result '%s' inside a variation", tok);
		} else if (record_is_result(tok)) {
			ended = true;
			if (r->result[0] == '\0')
				strcpy(r->result, tok);
			else if (strcmp(r->result, tok) != 0)
				ok = record_fail(r, line,
				                 "result '%s' differs from the "
				                 "Result tag '%s'",
				                 tok, r->result);
		} else if (!record_is_number(tok))
			ok = record_play_token(r, t, tok, line);
		free(tok);
		if (!ok)
			return false;
		if (closed)
			return true;
	}
	/* NULL from the tokenizer is either the end or an error it reported. */
	if (r->text[r->pos] != '\0')
		return false;
	if (t->depth > 0)
		return record_fail(r, r->line, "a variation without its ')'");
	return true;
}

/* Reads the main line into s, and its comments and notes into meta. */
static bool
record_read_moves(struct record_reader *r, struct session *s,
                  struct record_meta *meta)
{
	struct record_line main_line = {0};
	struct record_target t = {.s = s, .line = &main_line};
	r->result = meta->result;
	if (!record_read_line(r, &t)) {
		record_line_free(&main_line);
		return false;
	}
	free(main_line.moves);
	meta->comments = main_line.comments;
	meta->comment_count = main_line.len;
	meta->notes = main_line.notes;
	meta->note_count = main_line.len;
	return true;
}

/* A finished game's result must be the one the rules give. */
static bool
record_check_result(struct record_reader *r, const struct session *s,
                    const struct record_meta *meta)
{
	const char *rules = record_result_token(s->ops, session_current(s));
	if (strcmp(rules, "*") == 0 || meta->result[0] == '\0' ||
	    strcmp(meta->result, "*") == 0)
		return true;
	if (strcmp(rules, meta->result) != 0)
		return record_fail(r, r->line,
		                   "the result is '%s' but the moves give '%s'",
		                   meta->result, rules);
	return true;
}

/* What a file said reaches no terminal raw: not in the error that
 * quotes it, nor in the tags and comments read (tabula(6), FILES). */
static bool
record_read_end(bool ok, struct record_meta *meta, char *err, size_t err_size)
{
	if (ok)
		record_meta_make_safe(meta);
	else
		text_escape_controls(err, err_size, "");
	return ok;
}

bool
record_read(FILE *in, const char *name, struct session *s,
            struct record_meta *meta, char *err, size_t err_size)
{
	struct record_reader r = {
	        .name = name, .err = err, .err_size = err_size};
	struct record_tags tags;
	memset(&tags, 0, sizeof tags);
	record_meta_init(meta);
	memset(s, 0, sizeof *s);
	if ((r.text = record_slurp(in, &r)) == NULL)
		return false;
	const struct record_format *fmt = record_format_detect(r.text);
	if (fmt != NULL) {
		bool ok = fmt->read(r.text, name, s, meta, err, err_size);
		free(r.text);
		return record_read_end(ok, meta, err, err_size);
	}
	bool ok = record_read_magic(&r) && record_read_tags(&r, &tags, meta) &&
	          record_build_session(&r, &tags, s);
	r.line++; /* from here on: the number of the line being read */
	if (ok && (!record_read_moves(&r, s, meta) ||
	           !record_check_result(&r, s, meta))) {
		session_free(s);
		ok = false;
	}
	if (!ok)
		record_meta_free(meta);
	free(tags.pieces);
	free(r.text);
	return record_read_end(ok, meta, err, err_size);
}

bool
record_load(const char *path, struct session *s, struct record_meta *meta,
            char *err, size_t err_size)
{
	char full[4096];
	FILE *f = NULL;
	if (file_expand_home(path, full, sizeof full, err, err_size))
		f = file_open_read(full, err, err_size);
	if (f == NULL) {
		memset(s, 0, sizeof *s);
		record_meta_init(meta);
		return record_read_end(false, meta, err, err_size);
	}
	bool ok = record_read(f, path, s, meta, err, err_size);
	fclose(f);
	return ok;
}
