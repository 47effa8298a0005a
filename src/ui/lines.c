/*
 * Variations on the board (tabula(6), Variations): the game's line is the
 * session; other lines hang off its moves in the record's notes.  ) enters
 * the next line at the move shown (swapping it with the line on the
 * board, so nothing is copied or lost), ( goes back the way ) came, P
 * keeps the line on the board as the main line.  x walks the engine's
 * principal variation as a temporary line that x (or () removes again.
 * b shows the engine's move without playing it.
 */
#include "config.h"

#include <string.h>

#include "ui/analysis.h"
#include "ui/app.h"
#include "ui/lines.h"
#include "ui/shown.h"
#include "ui/status.h"

/* Rotates the variations at ply one step left (first goes last) or right. */
static void
ui_lines_rotate(struct record_note *note, bool left)
{
	size_t n = note->var_count;
	if (n < 2)
		return;
	struct record_line tmp;
	if (left) {
		tmp = note->vars[0];
		memmove(note->vars, note->vars + 1, (n - 1) * sizeof tmp);
		note->vars[n - 1] = tmp;
	} else {
		tmp = note->vars[n - 1];
		memmove(note->vars + 1, note->vars, (n - 1) * sizeof tmp);
		note->vars[0] = tmp;
	}
}

/* Enters variation 0 at ply and remembers the way back; the line left
 * goes last, so ) again enters the next one. */
static bool
ui_lines_enter(struct ui_app *app, size_t ply, bool temporary)
{
	struct ui_lines *l = &app->lines;
	struct ui_game *game = &app->game;
	if (l->depth >= UI_LINES_MAX ||
	    !record_swap_variation(&game->session, &game->meta, ply, 0))
		return false;
	ui_lines_rotate(&game->meta.notes[ply], true);
	l->ply[l->depth] = ply;
	l->temporary[l->depth] = temporary;
	l->shown[l->depth] = app->game.shown;
	l->depth++;
	return true;
}

void
ui_lines_forget(struct ui_app *app)
{
	app->lines.depth = 0;
}

void
ui_lines_next(struct ui_app *app)
{
	struct ui_game *game = &app->game;
	size_t shown = game->shown;
	if (shown == 0 || shown - 1 >= game->meta.note_count ||
	    game->meta.notes[shown - 1].var_count == 0) {
		ui_status(app, false, "no other line at this move");
		return;
	}
	if (!ui_lines_enter(app, shown - 1, false)) {
		ui_status(app, true, "cannot enter the variation");
		return;
	}
	ui_status(app, false, "in a variation (( goes back, P keeps it)");
	ui_shown_line(app);
}

/* Leaves the last line entered; false when there is none. */
static bool
ui_lines_leave(struct ui_app *app)
{
	struct ui_lines *l = &app->lines;
	struct ui_game *game = &app->game;
	if (l->depth == 0)
		return false;
	l->depth--;
	size_t ply = l->ply[l->depth];
	struct record_note *note = &game->meta.notes[ply];
	ui_lines_rotate(note, false);
	record_swap_variation(&game->session, &game->meta, ply, 0);
	note = &game->meta.notes[ply]; /* the swap may move the notes */
	if (l->temporary[l->depth] && note->var_count > 0) {
		/* The engine's line was only lent to the board. */
		record_line_free(&note->vars[0]);
		memmove(note->vars, note->vars + 1,
		        (note->var_count - 1) * sizeof note->vars[0]);
		note->var_count--;
	}
	game->shown = l->shown[l->depth];
	return true;
}

void
ui_lines_drop_temporary(struct ui_app *app)
{
	struct ui_lines *l = &app->lines;
	bool left = false;
	while (l->depth > 0 && l->temporary[l->depth - 1])
		left = ui_lines_leave(app) || left;
	if (left)
		ui_shown_line(app);
}

void
ui_lines_back(struct ui_app *app)
{
	if (!ui_lines_leave(app)) {
		ui_status(app, false, "on the main line");
		return;
	}
	ui_status(app, false, "back to the line before");
	ui_shown_line(app);
}

void
ui_lines_promote(struct ui_app *app)
{
	/* Drop the temporary lines first: they are the engine's. */
	bool temp = false;
	for (int i = 0; i < app->lines.depth; i++)
		temp = temp || app->lines.temporary[i];
	if (temp) {
		ui_status(app, true,
		          "leave the engine's line first (x), then play it");
		return;
	}
	ui_lines_forget(app);
	ui_status(app, false, "this line is now the main line");
}

void
ui_lines_pv(struct ui_app *app)
{
	struct ui_lines *l = &app->lines;
	if (l->depth > 0 && l->temporary[l->depth - 1]) {
		ui_lines_leave(app);
		ui_status(app, false, "left the engine's line");
		ui_shown_line(app);
		return;
	}
	const struct ui_analysis *an = &app->analysis;
	struct ui_game *game = &app->game;
	if (an->search_ply != game->shown || an->info.line_count == 0 ||
	    an->info.lines[0].pv_len == 0) {
		ui_status(app, false, "no engine line here yet (a analyses)");
		return;
	}
	const struct search_info *pv = &an->info.lines[0];
	struct record_note *note = record_meta_note(&game->meta, game->shown);
	struct record_line *var = note ? record_note_add_var(note) : NULL;
	bool ok = var != NULL;
	for (int k = 0; ok && k < pv->pv_len; k++)
		ok = record_line_push(var, pv->pv[k]);
	size_t at = game->shown;
	if (ok) {
		/* The new line goes first, where enter looks. */
		ui_lines_rotate(note, false);
		ok = ui_lines_enter(app, at, true);
		note = &game->meta.notes[at]; /* entering may move the notes */
		if (!ok)
			ui_lines_rotate(note, true);
	}
	if (!ok) {
		if (var != NULL) {
			record_line_free(&note->vars[note->var_count - 1]);
			note->var_count--;
		}
		ui_status(app, true, "cannot walk the engine's line");
		return;
	}
	game->shown = at;
	ui_status(app, false,
	          "the engine's line: ] steps through it, x comes back");
	ui_shown_line(app);
}

void
ui_lines_hint(struct ui_app *app)
{
	const struct ui_analysis *an = &app->analysis;
	const struct ui_game *game = &app->game;
	if (an->search_ply != game->shown || an->info.line_count == 0 ||
	    an->info.lines[0].pv_len == 0) {
		if (!an->on)
			ui_analysis_toggle(app);
		ui_status(app, false, "hint: the engine is looking (b again)");
		return;
	}
	char text[GAME_TEXT_MAX];
	game->session.ops->format_move(
	        ui_shown_pos(app), an->info.lines[0].pv[0], text, sizeof text);
	ui_status(app, false, "hint: %s (depth %d; ghost 1 on the board)", text,
	          an->info.lines[0].depth);
}
