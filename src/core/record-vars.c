/*
 * Variations as a user walks them (see record.h): the session is always
 * the line on the board, and the other lines hang off its moves as
 * variations.  Entering one swaps it with the session's tail, so the move
 * tree is only ever rearranged, never copied or lost.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/record.h"

/* Makes room for comments and notes up to ply end - 1. */
static bool
record_vars_reserve(struct record_meta *meta, size_t end)
{
	if (end == 0)
		return true;
	if (end > meta->comment_count &&
	    !record_meta_set_comment(meta, end - 1, NULL))
		return false;
	return record_meta_note(meta, end - 1) != NULL;
}

/* Whether var replays from ply of s, every move legal. */
static bool
record_vars_replays(const struct session *s, size_t ply,
                    const struct record_line *var)
{
	struct session check;
	if (!session_copy(&check, s, ply))
		return false;
	size_t legal = 0;
	while (legal < var->len &&
	       session_move_legal(s->ops, session_current(&check),
	                          var->moves[legal]) &&
	       session_play(&check, var->moves[legal]))
		legal++;
	session_free(&check);
	return legal == var->len;
}

/* Copies the moves of s from ply on into tail; false (tail freed) when
 * memory runs out. */
static bool
record_vars_tail(const struct session *s, size_t ply, struct record_line *tail)
{
	for (size_t i = ply; i < s->ply; i++) {
		if (!record_line_push(tail, s->moves[i])) {
			record_line_free(tail);
			return false;
		}
	}
	return true;
}

/* Makes vars (var_count lines) the alternatives of first, followed by
 * those it carried already. */
static void
record_vars_join(struct record_note *first, struct record_line *vars,
                 size_t var_count)
{
	if (first->var_count > 0) {
		struct record_line *all = realloc(
		        vars, (var_count + first->var_count) * sizeof *all);
		if (all != NULL) {
			memcpy(all + var_count, first->vars,
			       first->var_count * sizeof *all);
			vars = all;
			var_count += first->var_count;
			free(first->vars);
		} else { /* keep them where they were */
			vars = realloc(vars, var_count * sizeof *vars);
		}
	}
	first->vars = vars;
	first->var_count = var_count;
}

bool
record_swap_variation(struct session *s, struct record_meta *meta, size_t ply,
                      size_t index)
{
	if (ply >= meta->note_count || index >= meta->notes[ply].var_count ||
	    ply > s->ply)
		return false;
	struct record_line *var = &meta->notes[ply].vars[index];
	/* Check the variation replays before touching anything. */
	if (!record_vars_replays(s, ply, var) ||
	    !record_vars_reserve(meta, s->ply))
		return false;
	/* The session's tail, moved into a line of its own. */
	struct record_line tail = {0};
	if (!record_vars_tail(s, ply, &tail))
		return false;
	if (!record_vars_reserve(meta, ply + var->len)) {
		record_line_free(&tail);
		return false;
	}
	var = &meta->notes[ply].vars[index]; /* notes may have moved */
	struct record_note *notes = meta->notes;
	struct record_line *vars = notes[ply].vars;
	size_t var_count = notes[ply].var_count;
	notes[ply].vars = NULL;
	notes[ply].var_count = 0;
	for (size_t i = 0; i < tail.len; i++) {
		tail.comments[i] = meta->comments[ply + i];
		meta->comments[ply + i] = NULL;
		tail.notes[i] = notes[ply + i];
		memset(&notes[ply + i], 0, sizeof notes[ply + i]);
	}
	struct record_line line = vars[index];
	vars[index] = tail;
	session_truncate(s, ply);
	for (size_t i = 0; i < line.len; i++) {
		session_play(s, line.moves[i]); /* checked above */
		meta->comments[ply + i] = line.comments[i];
		notes[ply + i] = line.notes[i];
	}
	/* The alternatives at ply: the ones it had, and any the entered
	 * line's first move carried (written "(a (b))"). */
	record_vars_join(&notes[ply], vars, var_count);
	free(line.moves);
	free(line.comments);
	free(line.notes);
	/* Beyond the new line's end nothing is said about any move. */
	record_meta_truncate(meta, s->ply);
	return true;
}

bool
record_branch(struct session *s, struct record_meta *meta, size_t ply,
              game_move move)
{
	if (ply > s->ply)
		return false;
	if (ply == s->ply) {
		record_meta_truncate(meta, ply);
		return session_play(s, move);
	}
	if (s->moves[ply] == move)
		return true;
	struct record_note *note = record_meta_note(meta, ply);
	if (note == NULL)
		return false;
	for (size_t v = 0; v < note->var_count; v++)
		if (note->vars[v].len > 0 && note->vars[v].moves[0] == move)
			return record_swap_variation(s, meta, ply, v);
	struct record_line *var = record_note_add_var(note);
	if (var == NULL || !record_line_push(var, move))
		return false;
	return record_swap_variation(s, meta, ply, note->var_count - 1);
}
