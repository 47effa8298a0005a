/*
 * Game records (see record.h for the format).  The writer derives the set-up
 * tags from the session itself (seed, start position, piece stream) so that
 * what is written always replays to the same positions; the reader rebuilds
 * a session and replays every move through parse_move, so a record that
 * loads is a legal game.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/file.h"
#include "core/record-movetext.h"
#include "core/record.h"
#include "core/rng.h"

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
	for (size_t i = 0; i < meta->note_count; i++)
		record_note_free(&meta->notes[i]);
	free(meta->notes);
	meta->notes = NULL;
	meta->note_count = 0;
	record_meta_free_tags(meta);
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
		setup = !start_default  ? "position"
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
	const char *result =
	        meta->result[0] != '\0'
	                ? meta->result
	                : record_result_token(s->ops, session_current(s));
	record_put_tag(out, "Result", result);
	struct game_status st;
	s->ops->status(session_current(s), &st);
	record_put_tag(out, "Termination",
	               meta->termination[0] != '\0' ? meta->termination
	                                            : st.reason);
	for (size_t i = 0; i < meta->tag_count; i++)
		record_put_tag(out, meta->tags[i].name, meta->tags[i].value);
	fputc('\n', out);
}

bool
record_write(FILE *out, const struct session *s, const struct record_meta *meta,
             char *err, size_t err_size)
{
	char *letters = record_stream_letters(s);
	if (s->stream_len > 0 && letters == NULL) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	record_write_tags(out, s, meta, letters);
	free(letters);
	const char *result =
	        meta->result[0] != '\0'
	                ? meta->result
	                : record_result_token(s->ops, session_current(s));
	record_write_movetext(out, s, meta, result);
	if (fflush(out) != 0 || ferror(out)) {
		snprintf(err, err_size, "write error: %s", strerror(errno));
		return false;
	}
	return true;
}

/* record_write for file_replace. */
struct record_save_ctx {
	const struct session *s;
	const struct record_meta *meta;
};

static bool
record_save_write(FILE *f, const void *ctx, char *why, size_t why_size)
{
	const struct record_save_ctx *c = ctx;
	return record_write(f, c->s, c->meta, why, why_size);
}

bool
record_save(const char *path, const struct session *s,
            const struct record_meta *meta, char *err, size_t err_size)
{
	char full[4096];
	if (!file_expand_home(path, full, sizeof full, err, err_size))
		return false;
	struct record_save_ctx ctx = {s, meta};
	return file_replace(full, record_save_write, &ctx, err, err_size);
}

bool
record_save_new(char *name, const struct session *s,
                const struct record_meta *meta, char *err, size_t err_size)
{
	int fd = mkstemp(name);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (f == NULL) {
		snprintf(err, err_size, "%s: %s", name, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(name);
		}
		return false;
	}
	bool ok = record_write(f, s, meta, err, err_size);
	if (ok && (fflush(f) != 0 || fsync(fd) != 0)) {
		snprintf(err, err_size, "%s: %s", name, strerror(errno));
		ok = false;
	}
	if (fclose(f) != 0 && ok) {
		snprintf(err, err_size, "%s: %s", name, strerror(errno));
		ok = false;
	}
	if (!ok)
		unlink(name);
	return ok;
}
