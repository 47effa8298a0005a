/*
 * Game records (see record.h for the format).  The writer derives the set-up
 * tags from the session itself (seed, start position, piece stream) so that
 * what is written always replays to the same positions; the reader rebuilds
 * a session and replays every move through parse_move, so a record that
 * loads is a legal game.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/record.h"
#include "core/registry.h"
#include "core/rng.h"

static const char RECORD_MAGIC[] = "# tabula record";

/* Records larger than this are not games: refuse rather than exhaust memory. */
static const size_t RECORD_MAX_BYTES = 64u << 20;

/* Movetext lines are wrapped before this column. */
static const size_t RECORD_LINE_WIDTH = 78;

/* Letters tried when looking for a game's stream alphabet. */
static const char RECORD_STREAM_LETTERS[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

void
record_meta_init(struct record_meta *meta)
{
	memset(meta, 0, sizeof *meta);
}

void
record_meta_free(struct record_meta *meta)
{
	for (size_t i = 0; i < meta->comment_count; i++)
		free(meta->comments[i]);
	free(meta->comments);
	meta->comments = NULL;
	meta->comment_count = 0;
}

bool
record_meta_set_comment(struct record_meta *meta, size_t ply, const char *text)
{
	if (ply >= meta->comment_count) {
		char **c = realloc(meta->comments, (ply + 1) * sizeof *c);
		if (c == NULL)
			return false;
		for (size_t i = meta->comment_count; i <= ply; i++)
			c[i] = NULL;
		meta->comments = c;
		meta->comment_count = ply + 1;
	}
	char *copy = NULL;
	if (text != NULL && (copy = strdup(text)) == NULL)
		return false;
	free(meta->comments[ply]);
	meta->comments[ply] = copy;
	return true;
}

const char *
record_result_token(const struct game_ops *ops, const struct game_pos *pos)
{
	struct game_status st;
	ops->status(pos, &st);
	switch (st.outcome) {
	case OUTCOME_P1_WINS:
		return "1-0";
	case OUTCOME_P2_WINS:
		return "0-1";
	case OUTCOME_DRAW:
		return "1/2-1/2";
	case OUTCOME_FINISHED:
	case OUTCOME_ONGOING:
		break;
	}
	return "*";
}

void
record_stream_from_seed(const struct game_ops *ops, uint64_t seed, char *buf,
			size_t count)
{
	char alphabet[sizeof RECORD_STREAM_LETTERS];
	size_t n = 0;
	for (const char *p = RECORD_STREAM_LETTERS; *p != '\0'; p++) {
		if (ops->item_from_char != NULL && ops->item_from_char(*p) >= 0)
			alphabet[n++] = *p;
	}
	struct rng r;
	rng_seed(&r, seed);
	for (size_t i = 0; i < count; i++)
		buf[i] = n > 0 ? alphabet[rng_below(&r, (uint32_t)n)] : '?';
	buf[count] = '\0';
}

/* ---------------------------------------------------------------------- */
/* Writing                                                                 */

/* The stream of s as letters (malloc'd), or NULL when it has none. */
static char *
record_stream_letters(const struct session *s)
{
	if (s->stream_len == 0 || s->ops->item_from_char == NULL)
		return NULL;
	char *out = malloc(s->stream_len + 1);
	if (out == NULL)
		return NULL;
	for (size_t i = 0; i < s->stream_len; i++) {
		out[i] = '?';
		for (const char *p = RECORD_STREAM_LETTERS; *p != '\0'; p++) {
			if (s->ops->item_from_char(*p) == s->stream[i]) {
				out[i] = *p;
				break;
			}
		}
	}
	out[s->stream_len] = '\0';
	return out;
}

/* Whether the stream is the one a Seed tag alone would rebuild. */
static bool
record_stream_is_seeded(const struct session *s, const char *letters)
{
	if (s->setup.seed == 0 || s->stream_len != RECORD_SEED_STREAM_LEN)
		return false;
	char *want = malloc(RECORD_SEED_STREAM_LEN + 1);
	if (want == NULL)
		return false;
	record_stream_from_seed(s->ops, s->setup.seed, want,
				RECORD_SEED_STREAM_LEN);
	bool same = strcmp(want, letters) == 0;
	free(want);
	return same;
}

/* Whether positions[0] is what the set-up (and stream) alone would give. */
static bool
record_start_is_default(const struct session *s, const char *letters)
{
	struct session fresh;
	if (!session_init(&fresh, s->ops, &s->setup))
		return false;
	char err[128];
	if (letters != NULL)
		session_set_stream(&fresh, letters, err, sizeof err);
	char a[GAME_TEXT_MAX], b[GAME_TEXT_MAX];
	s->ops->format_pos(&s->positions[0], a, sizeof a);
	s->ops->format_pos(&fresh.positions[0], b, sizeof b);
	session_free(&fresh);
	return strcmp(a, b) == 0;
}

static void
record_put_tag(FILE *out, const char *name, const char *value)
{
	if (value == NULL || value[0] == '\0')
		return;
	fprintf(out, "[%s \"", name);
	for (const char *p = value; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			fputc('\\', out);
		fputc(*p == '\n' ? ' ' : *p, out);
	}
	fputs("\"]\n", out);
}

static void
record_write_tags(FILE *out, const struct session *s,
		  const struct record_meta *meta, const char *letters)
{
	bool start_default = record_start_is_default(s, letters);
	const char *setup = meta->setup;
	if (setup[0] == '\0')
		setup = !start_default    ? "position"
			: s->setup.seed ? "random"
					: "standard";
	fprintf(out, "%s %d\n", RECORD_MAGIC, RECORD_VERSION);
	record_put_tag(out, "Game", s->ops->name);
	record_put_tag(out, "Setup", setup);
	if (s->setup.seed != 0) {
		char seed[32];
		snprintf(seed, sizeof seed, "%" PRIu64, s->setup.seed);
		record_put_tag(out, "Seed", seed);
	}
	if (letters != NULL && !record_stream_is_seeded(s, letters))
		record_put_tag(out, "Pieces", letters);
	if (!start_default) {
		char fen[GAME_TEXT_MAX];
		s->ops->format_pos(&s->positions[0], fen, sizeof fen);
		record_put_tag(out, "Start", fen);
	}
	record_put_tag(out, "Player1", meta->player1);
	record_put_tag(out, "Player2", meta->player2);
	record_put_tag(out, "Date", meta->date);
	const char *result = meta->result[0] != '\0'
				     ? meta->result
				     : record_result_token(s->ops,
							   session_current(s));
	record_put_tag(out, "Result", result);
	struct game_status st;
	s->ops->status(session_current(s), &st);
	record_put_tag(out, "Termination", meta->termination[0] != '\0'
						   ? meta->termination
						   : st.reason);
	fputc('\n', out);
}

/* Appends a word to the movetext line, wrapping before the width. */
static void
record_put_word(FILE *out, size_t *col, const char *word)
{
	size_t len = strlen(word);
	if (*col > 0 && *col + 1 + len > RECORD_LINE_WIDTH) {
		fputc('\n', out);
		*col = 0;
	}
	if (*col > 0) {
		fputc(' ', out);
		(*col)++;
	}
	fputs(word, out);
	*col += len;
}

/* Whether move i starts a new move number: every move of a one-player game,
 * else when player 1 moves after player 2 (a TZAAR turn is many moves). */
static bool
record_starts_number(const struct session *s, size_t i)
{
	if (i == 0 || s->ops->players == 1)
		return true;
	return s->ops->side_to_move(&s->positions[i]) == 0 &&
	       s->ops->side_to_move(&s->positions[i - 1]) == 1;
}

static void
record_write_moves(FILE *out, const struct session *s,
		   const struct record_meta *meta, const char *result)
{
	size_t col = 0, number = 0;
	char text[GAME_TEXT_MAX];
	for (size_t i = 0; i < s->ply; i++) {
		if (record_starts_number(s, i)) {
			char num[32];
			snprintf(num, sizeof num, "%zu.", ++number);
			record_put_word(out, &col, num);
		}
		s->ops->format_move(&s->positions[i], s->moves[i], text,
				    sizeof text);
		record_put_word(out, &col, text);
		if (i < meta->comment_count && meta->comments[i] != NULL) {
			char c[GAME_TEXT_MAX];
			snprintf(c, sizeof c, "{%s}", meta->comments[i]);
			for (char *p = c + 1; p[1] != '\0'; p++) {
				if (*p == '{' || *p == '}' || *p == '\n')
					*p = ' ';
			}
			record_put_word(out, &col, c);
		}
	}
	record_put_word(out, &col, result);
	fputc('\n', out);
}

bool
record_write(FILE *out, const struct session *s,
	     const struct record_meta *meta, char *err, size_t err_size)
{
	char *letters = record_stream_letters(s);
	if (s->stream_len > 0 && letters == NULL) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	record_write_tags(out, s, meta, letters);
	free(letters);
	const char *result = meta->result[0] != '\0'
				     ? meta->result
				     : record_result_token(s->ops,
							   session_current(s));
	record_write_moves(out, s, meta, result);
	if (fflush(out) != 0 || ferror(out)) {
		snprintf(err, err_size, "write error: %s", strerror(errno));
		return false;
	}
	return true;
}

bool
record_save(const char *path, const struct session *s,
	    const struct record_meta *meta, char *err, size_t err_size)
{
	char tmp[4096];
	if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", path) >= sizeof tmp) {
		snprintf(err, err_size, "%s: path too long", path);
		return false;
	}
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		snprintf(err, err_size, "%s: %s", tmp, strerror(errno));
		return false;
	}
	FILE *f = fdopen(fd, "w");
	if (f == NULL) {
		snprintf(err, err_size, "%s: %s", tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		return false;
	}
	char why[256];
	bool ok = record_write(f, s, meta, why, sizeof why);
	if (!ok)
		snprintf(err, err_size, "%s: %s", tmp, why);
	else if (fsync(fd) != 0) {
		snprintf(err, err_size, "%s: fsync: %s", tmp, strerror(errno));
		ok = false;
	}
	if (fclose(f) != 0 && ok) {
		snprintf(err, err_size, "%s: %s", tmp, strerror(errno));
		ok = false;
	}
	if (ok && rename(tmp, path) != 0) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		ok = false;
	}
	if (!ok)
		unlink(tmp);
	return ok;
}

/* ---------------------------------------------------------------------- */
/* Reading                                                                 */

/* The reader's state: the whole text, a cursor and its line number. */
struct record_reader {
	const char *name;
	char *text;
	size_t pos;
	int line;
	char *err;
	size_t err_size;
};

/* Tags as read, before the session can be built. */
struct record_tags {
	char game[RECORD_TAG_MAX];
	char seed[RECORD_TAG_MAX];
	char start[RECORD_TAG_MAX];
	char *pieces; /* malloc'd; can be long */
	int game_line;
};

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
	size_t cap = 4096, len = 0;
	char *buf = malloc(cap);
	while (buf != NULL) {
		if (len + 1 >= cap) {
			if (cap >= RECORD_MAX_BYTES) {
				free(buf);
				record_fail(r, 1, "file too large");
				return NULL;
			}
			char *b = realloc(buf, cap * 2);
			if (b == NULL)
				break;
			buf = b;
			cap *= 2;
		}
		size_t got = fread(buf + len, 1, cap - 1 - len, in);
		len += got;
		if (got == 0) {
			if (ferror(in)) {
				free(buf);
				record_fail(r, 1, "read error: %s",
					    strerror(errno));
				return NULL;
			}
			buf[len] = '\0';
			return buf;
		}
	}
	free(buf);
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
		char *end;
		long v = strtol(line + mlen, &end, 10);
		while (isspace((unsigned char)*end))
			end++;
		if (end == line + mlen || *end != '\0' || v < 1)
			ok = record_fail(r, 1, "bad format version '%s'",
					 line + mlen);
		else if (v > RECORD_VERSION)
			ok = record_fail(r, 1,
					 "format version %ld is newer than "
					 "this program reads (%d)",
					 v, RECORD_VERSION);
	}
	free(line);
	return ok;
}

/* Parses `[Name "value"]` into name and value (unescaped, in place). */
static bool
record_split_tag(struct record_reader *r, char *line, char **name,
		 char **value)
{
	char *p = line + 1;
	*name = p;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	if (p == *name || *p != ' ')
		return record_fail(r, r->line, "bad tag line: expected "
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
record_store_tag(struct record_reader *r, struct record_tags *t,
		 struct record_meta *meta, const char *name, const char *value)
{
	struct {
		const char *name;
		char *dst;
	} fields[] = {
		{"Game", t->game},	     {"Seed", t->seed},
		{"Start", t->start},	     {"Setup", meta->setup},
		{"Player1", meta->player1}, {"Player2", meta->player2},
		{"Date", meta->date},	     {"Result", meta->result},
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
		strcpy(fields[i].dst, value);
		if (strcmp(name, "Game") == 0)
			t->game_line = r->line;
		return true;
	}
	return true; /* unknown tags are allowed and ignored */
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
	char *end;
	errno = 0;
	unsigned long long v = strtoull(text, &end, 10);
	if (!isdigit((unsigned char)text[0]) || *end != '\0' || errno != 0)
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

static bool
record_is_result(const char *tok)
{
	return strcmp(tok, "1-0") == 0 || strcmp(tok, "0-1") == 0 ||
	       strcmp(tok, "1/2-1/2") == 0 || strcmp(tok, "*") == 0;
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

/* Cuts the next token out of the movetext: a {comment} (returned with its
 * braces) or a word; a word with an open '(' runs to its ')', so
 * "SPAWN(3, 4)" is one token.  *line is the token's first line. */
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
			r->pos++; /* a ';' comment runs to the end of the line */
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
		size_t len = (size_t)(end - start) + 1;
		char *tok = malloc(len + 1);
		if (tok == NULL) {
			record_fail(r, *line, "out of memory");
			return NULL;
		}
		memcpy(tok, start, len);
		tok[len] = '\0';
		return tok;
	}
	int depth = 0;
	size_t end = r->pos;
	while (t[end] != '\0' && t[end] != '{' &&
	       (depth > 0 || !isspace((unsigned char)t[end]))) {
		if (t[end] == '(')
			depth++;
		else if (t[end] == ')' && depth > 0)
			depth--;
		else if (t[end] == '\n')
			r->line++;
		end++;
	}
	size_t len = end - r->pos;
	char *tok = malloc(len + 1);
	if (tok == NULL) {
		record_fail(r, *line, "out of memory");
		return NULL;
	}
	memcpy(tok, start, len);
	tok[len] = '\0';
	r->pos = end;
	return tok;
}

/* Stores a {comment} for the move before it. */
static bool
record_take_comment(struct record_reader *r, struct session *s,
		    struct record_meta *meta, const char *tok, int line)
{
	if (s->ply == 0)
		return true; /* a comment before the first move: ignored */
	char *body = strdup(tok + 1);
	if (body == NULL)
		return record_fail(r, line, "out of memory");
	body[strlen(body) - 1] = '\0';
	bool ok = record_meta_set_comment(meta, s->ply - 1, body);
	free(body);
	return ok ? true : record_fail(r, line, "out of memory");
}

static bool
record_play_token(struct record_reader *r, struct session *s, const char *tok,
		  int line)
{
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
	return true;
}

static bool
record_read_moves(struct record_reader *r, struct session *s,
		  struct record_meta *meta)
{
	bool ended = false;
	int line;
	char *tok;
	while ((tok = record_next_token(r, &line)) != NULL) {
		bool ok = true;
		if (ended)
			ok = tok[0] == '{' ||
			     record_fail(r, line,
					 "'%s' after the result token", tok);
		else if (tok[0] == '{')
			ok = record_take_comment(r, s, meta, tok, line);
		else if (record_is_result(tok)) {
			ended = true;
			if (meta->result[0] == '\0')
				strcpy(meta->result, tok);
			else if (strcmp(meta->result, tok) != 0)
				ok = record_fail(r, line,
						 "result '%s' differs from the "
						 "Result tag '%s'",
						 tok, meta->result);
		}
		else if (!record_is_number(tok))
			ok = record_play_token(r, s, tok, line);
		free(tok);
		if (!ok)
			return false;
	}
	/* NULL from the tokenizer is either the end or an error it reported. */
	return r->text[r->pos] == '\0';
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

bool
record_read(FILE *in, const char *name, struct session *s,
	    struct record_meta *meta, char *err, size_t err_size)
{
	struct record_reader r = {.name = name, .err = err,
				  .err_size = err_size};
	struct record_tags tags;
	memset(&tags, 0, sizeof tags);
	record_meta_init(meta);
	memset(s, 0, sizeof *s);
	if ((r.text = record_slurp(in, &r)) == NULL)
		return false;
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
	return ok;
}

bool
record_load(const char *path, struct session *s, struct record_meta *meta,
	    char *err, size_t err_size)
{
	FILE *f = fopen(path, "r");
	if (f == NULL) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		memset(s, 0, sizeof *s);
		record_meta_init(meta);
		return false;
	}
	bool ok = record_read(f, path, s, meta, err, err_size);
	fclose(f);
	return ok;
}
