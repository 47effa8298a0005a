/*
 * Writing a record's movetext (see record.h): move numbers, moves with
 * their marks, comments, review comments and variations, wrapped into
 * lines.  Variations are replayed on a copy of the session, so every move
 * is written in the canonical spelling of its own position; a variation
 * move that is not legal where it stands (a stale note) ends that
 * variation rather than writing a record that would not load.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/record-movetext.h"

/* Movetext lines are wrapped before this column. */
static const size_t RECORD_LINE_WIDTH = 78;

struct movetext_writer {
	FILE *out;
	size_t col;
	bool after_open; /* the last word was "(" */
};

/* Appends a word to the movetext line, wrapping before the width; a word
 * after "(" and a ")" are glued to their neighbour, as PGN writes them. */
static void
movetext_put(struct movetext_writer *w, const char *word)
{
	size_t len = strlen(word);
	bool glue = w->col > 0 && (word[0] == ')' || w->after_open);
	w->after_open = strcmp(word, "(") == 0;
	if (!glue && w->col > 0 && w->col + 1 + len > RECORD_LINE_WIDTH) {
		fputc('\n', w->out);
		w->col = 0;
	}
	if (w->col > 0 && !glue) {
		fputc(' ', w->out);
		w->col++;
	}
	fputs(word, w->out);
	w->col += len;
}

/* Whether move i starts a new move number: every move of a one-player game,
 * else when player 1 moves after player 2 (a TZAAR turn is many moves). */
static bool
movetext_starts_number(const struct session *s, size_t i)
{
	if (i == 0 || s->ops->players == 1)
		return true;
	return s->ops->side_to_move(&s->positions[i]) == 0 &&
	       s->ops->side_to_move(&s->positions[i - 1]) == 1;
}

/* The move number of the move at ply i of s. */
static size_t
movetext_number(const struct session *s, size_t ply)
{
	size_t n = 0;
	for (size_t i = 0; i <= ply; i++)
		n += movetext_starts_number(s, i);
	return n;
}

static void
movetext_put_comment(struct movetext_writer *w, const char *text)
{
	/* Any length: a comment cut at a fixed size lost its closing brace,
	 * and the record no longer read back. */
	size_t len = strlen(text);
	char *c = malloc(len + 3);
	char small[GAME_TEXT_MAX];
	if (c == NULL) { /* out of memory: the comment cut, still closed */
		snprintf(small, sizeof small, "{%.*s}", (int)sizeof small - 3,
		         text);
		movetext_put(w, small);
		return;
	}
	c[0] = '{';
	memcpy(c + 1, text, len);
	c[len + 1] = '}';
	c[len + 2] = '\0';
	for (char *p = c + 1; p[1] != '\0'; p++) {
		if (*p == '{' || *p == '}' || *p == '\n')
			*p = ' ';
	}
	movetext_put(w, c);
	free(c);
}

/* One line of moves played on s from its current ply: the main line
 * (moves == NULL: s's own moves from ply 0) or a variation. */
struct movetext_line {
	const game_move *moves;
	size_t len;
	char *const *comments;
	size_t comment_count;
	const struct record_note *notes;
	size_t note_count;
};

static void movetext_write_line(struct movetext_writer *w, struct session *s,
                                const struct movetext_line *line, int depth);

static void
movetext_write_vars(struct movetext_writer *w, const struct session *s,
                    const struct record_note *note, int depth)
{
	for (size_t v = 0; v < note->var_count; v++) {
		const struct record_line *var = &note->vars[v];
		struct session branch;
		if (var->len == 0 || !session_copy(&branch, s, s->ply))
			continue;
		struct movetext_line line = {
		        .moves = var->moves,
		        .len = var->len,
		        .comments = var->comments,
		        .comment_count = var->len,
		        .notes = var->notes,
		        .note_count = var->len,
		};
		movetext_put(w, "(");
		movetext_write_line(w, &branch, &line, depth + 1);
		movetext_put(w, ")");
		session_free(&branch);
	}
}

static void
movetext_write_line(struct movetext_writer *w, struct session *s,
                    const struct movetext_line *line, int depth)
{
	char text[GAME_TEXT_MAX + 8], word[GAME_TEXT_MAX + 16];
	bool need_number = true;
	/* Counted once, then carried along the line: counting from the
	 * start at every move made a long record quadratic to save. */
	size_t number = movetext_number(s, s->ply);
	for (size_t i = 0; i < line->len; i++) {
		const struct game_pos *pos = session_current(s);
		game_move move = line->moves[i];
		if (depth > 0 && !session_move_legal(s->ops, pos, move))
			return;
		bool starts = movetext_starts_number(s, s->ply);
		if (i > 0 && starts)
			number++;
		if (starts || need_number) {
			snprintf(text, sizeof text, "%zu%s", number,
			         starts ? "." : "...");
			movetext_put(w, text);
		}
		need_number = false;
		const struct record_note *note =
		        i < line->note_count ? &line->notes[i] : NULL;
		s->ops->format_move(pos, move, text, GAME_TEXT_MAX);
		snprintf(word, sizeof word, "%s%s", text,
		         note ? record_mark_text(note->mark) : "");
		movetext_put(w, word);
		if (i < line->comment_count && line->comments[i] != NULL)
			movetext_put_comment(w, line->comments[i]);
		if (note != NULL && note->review.present) {
			record_review_format(s->ops, pos, &note->review, text,
			                     GAME_TEXT_MAX);
			movetext_put_comment(w, text);
		}
		if (note != NULL && note->var_count > 0 &&
		    depth < RECORD_MAX_NESTING) {
			movetext_write_vars(w, s, note, depth);
			need_number = true;
		}
		if (depth > 0 && !session_play(s, move))
			return;
		if (depth == 0)
			s->ply++; /* the main line is s's own moves */
	}
}

void
record_write_movetext(FILE *out, const struct session *s,
                      const struct record_meta *meta, const char *result)
{
	struct movetext_writer w = {.out = out};
	/* The main line walks s's own positions: a shallow copy whose ply
	 * advances, never touching the arrays. */
	struct session walk = *s;
	walk.ply = 0;
	struct movetext_line line = {
	        .moves = s->moves,
	        .len = s->ply,
	        .comments = meta->comments,
	        .comment_count = meta->comment_count,
	        .notes = meta->notes,
	        .note_count = meta->note_count,
	};
	movetext_write_line(&w, &walk, &line, 0);
	movetext_put(&w, result);
	fputc('\n', out);
}
