/*
 * Building a move by picking cells (struct game_caps: GAME_INPUT_CELLS):
 * the cursor walks the board, Enter or a click picks the cell under it,
 * and the move is played once the picked cells name exactly one legal
 * move, as a set (Tetress) or a path (Infexion, TZAAR).  The legal moves
 * with their cells come from play.c; this file only reads them.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ui/app.h"

const struct ui_input *
ui_input_of(const struct game_ops *ops)
{
	switch (ops->caps.input) {
	case GAME_INPUT_PLACEMENT:
		return &ui_input_placement;
	case GAME_INPUT_PIECE:
		return ops->caps.pieces != NULL ? &ui_input_piece
		                                : &ui_input_cells;
	case GAME_INPUT_CELLS:
		break;
	}
	return &ui_input_cells;
}

/* Whether move m agrees with the picked cells (as a set or a path). */
static bool
ui_pick_matches(const struct ui_app *app, const struct ui_move *m)
{
	const struct ui_pick *pick = &app->pick;
	if (m->ncells < pick->nsel)
		return false;
	for (int i = 0; i < pick->nsel; i++) {
		bool found = false;
		if (app->game.view->unordered) {
			for (int k = 0; k < m->ncells; k++)
				found |= m->cells[k] == pick->sel[i];
		} else {
			found = m->cells[i] == pick->sel[i];
		}
		if (!found)
			return false;
	}
	return true;
}

/* Puts the cursor where a legal move starts: the centre if one does. */
static void
ui_pick_place_cursor(struct ui_app *app)
{
	const struct ui_game *game = &app->game;
	int first = -1;
	for (int i = 0; i < game->nmoves; i++) {
		if (game->moves[i].ncells == 0)
			continue;
		if (game->moves[i].cells[0] == app->pick.cursor)
			return;
		if (first < 0)
			first = game->moves[i].cells[0];
	}
	if (first >= 0)
		app->pick.cursor = first;
}

static void
ui_pick_start(struct ui_app *app)
{
	app->pick.cursor = app->game.view ? app->game.view->cells / 2 : 0;
	app->pick.nsel = 0;
	ui_pick_place_cursor(app);
}

static void
ui_pick_changed(struct ui_app *app)
{
	app->pick.nsel = 0;
}

static int ui_pick_next_cell(const struct ui_app *app, const struct ui_move *m);

/* An arrow.  With the first cells of a path picked (Infexion, TZAAR), it
 * goes to the nearest cell that way where a legal move goes on, however
 * far (a TZAAR capture across empty cells), so a direction key picks the
 * target; else, and when no such cell is that way, one cell on. */
static bool
ui_pick_step(struct ui_app *app, int dy, int dx, game_move *move)
{
	(void)move;
	const struct ui_game *game = &app->game;
	struct ui_pick *pick = &app->pick;
	int to = -1;
	if (pick->nsel > 0 && !game->view->unordered) {
		static bool targets[UI_BOARD_MAX_CELLS];
		memset(targets, 0, sizeof targets);
		for (int i = 0; i < game->nmoves; i++) {
			int c = ui_pick_next_cell(app, &game->moves[i]);
			if (c >= 0 && c < UI_BOARD_MAX_CELLS)
				targets[c] = true;
		}
		to = ui_board_step_among(game->view, pick->cursor, dy, dx,
		                         targets);
	}
	pick->cursor =
	        to >= 0 ? to : ui_board_step(game->view, pick->cursor, dy, dx);
	app->dirty = true;
	return false;
}

/* Says why the picked cells make no legal move. */
static void
ui_pick_explain(struct ui_app *app)
{
	const struct ui_pick *pick = &app->pick;
	const struct ui_board_view *view = app->game.view;
	char text[128], why[256], name[16];
	game_move move;
	view->cell_name(pick->sel[pick->nsel - 1], name, sizeof name);
	bool full =
	        view->unordered ? pick->nsel == UI_MOVE_CELLS : pick->nsel >= 1;
	if (full && view->spell(pick->sel, pick->nsel, text, sizeof text) &&
	    !app->game.session.ops->parse_move(ui_shown_pos(app), text, &move,
	                                       why, sizeof why))
		ui_status(app, true, "%s: %s", text, why);
	else if (pick->nsel == 1)
		ui_status(app, true, "no legal move starts at %s", name);
	else
		ui_status(app, true, "no legal move goes on with %s", name);
}

/* Picks (or drops) the cell under the cursor; true with the move once
 * the picked cells complete one. */
static bool
ui_pick_select(struct ui_app *app, game_move *move)
{
	const struct ui_game *game = &app->game;
	struct ui_pick *pick = &app->pick;
	int cell = pick->cursor;
	if (game->nmoves == 0) {
		ui_status(app, true, "the game is over");
		return false;
	}
	if (game->view == NULL || cell < 0)
		return false;
	for (int i = 0; i < pick->nsel; i++) {
		if (pick->sel[i] != cell ||
		    (!game->view->unordered && i != pick->nsel - 1))
			continue;
		memmove(&pick->sel[i], &pick->sel[i + 1],
		        (size_t)(pick->nsel - i - 1) * sizeof pick->sel[0]);
		pick->nsel--;
		ui_status(app, false, "cell dropped");
		return false;
	}
	if (pick->nsel >= UI_MOVE_CELLS)
		return false;
	pick->sel[pick->nsel++] = cell;
	int candidates = 0, complete = -1;
	for (int i = 0; i < game->nmoves; i++) {
		if (!ui_pick_matches(app, &game->moves[i]))
			continue;
		candidates++;
		if (game->moves[i].ncells == pick->nsel && complete < 0)
			complete = i;
	}
	if (complete >= 0) {
		*move = game->moves[complete].move;
		pick->nsel = 0;
		return true;
	}
	if (candidates == 0) {
		ui_pick_explain(app);
		pick->nsel--;
		return false;
	}
	char name[16];
	game->view->cell_name(cell, name, sizeof name);
	ui_status(app, false, "%s picked: %d legal move%s go on from here",
	          name, candidates, candidates == 1 ? "" : "s");
	return false;
}

static bool
ui_pick_click(struct ui_app *app, int cell, game_move *move)
{
	app->pick.cursor = cell;
	return ui_pick_select(app, move);
}

static int
ui_pick_move_cells(const struct ui_app *app, const struct game_pos *pos,
                   game_move move, int *cells, int max)
{
	char text[GAME_TEXT_MAX];
	app->game.session.ops->format_move(pos, move, text, sizeof text);
	return app->game.view->move_cells(text, cells, max);
}

/* Whether move m goes on from the picked cells, and the cell it goes to. */
static int
ui_pick_next_cell(const struct ui_app *app, const struct ui_move *m)
{
	const struct ui_pick *pick = &app->pick;
	if (m->ncells <= pick->nsel || !ui_pick_matches(app, m))
		return -1;
	if (!app->game.view->unordered)
		return m->cells[pick->nsel];
	for (int k = 0; k < m->ncells; k++) {
		bool picked = false;
		for (int s = 0; s < pick->nsel; s++)
			picked |= m->cells[k] == pick->sel[s];
		if (!picked)
			return m->cells[k];
	}
	return -1;
}

/* Moves the cursor to the next (delta 1) or previous (-1) cell in board
 * order where a legal move starts or goes on, round the end. */
static void
ui_pick_next_target(struct ui_app *app, int delta)
{
	const struct ui_game *game = &app->game;
	int best = -1, first = -1;
	for (int i = 0; i < game->nmoves; i++) {
		int c = ui_pick_next_cell(app, &game->moves[i]);
		if (c < 0)
			continue;
		/* Ordered along the walk: c * delta grows. */
		if (first < 0 || c * delta < first * delta)
			first = c;
		if (c * delta > app->pick.cursor * delta &&
		    (best < 0 || c * delta < best * delta))
			best = c;
	}
	if (best < 0)
		best = first;
	if (best < 0) {
		ui_status(app, true, "no legal move goes on from here");
		return;
	}
	app->pick.cursor = best;
	app->dirty = true;
}

void
ui_pick_cancel(struct ui_app *app)
{
	app->pick.nsel = 0;
	ui_status(app, false, "selection cleared");
}

/* The picked cells, the cells that continue them, and the cursor. */
static int
ui_pick_marks(const struct ui_app *app, struct ui_board_mark *marks)
{
	const struct ui_game *game = &app->game;
	const struct ui_pick *pick = &app->pick;
	for (int i = 0; i < game->nmoves && pick->nsel > 0; i++) {
		const struct ui_move *m = &game->moves[i];
		bool ok = m->ncells > pick->nsel && ui_pick_matches(app, m);
		for (int k = 0; ok && k < m->ncells; k++)
			if (game->view->unordered || k == pick->nsel)
				ui_board_mark_set(marks, m->cells[k],
				                  ROLE_TARGET, NULL);
	}
	for (int s = 0; s < pick->nsel; s++)
		ui_board_mark_set(marks, pick->sel[s], ROLE_SELECTED, NULL);
	marks[pick->cursor].role = ROLE_CURSOR;
	return pick->cursor;
}

const struct ui_input ui_input_cells = {
        .start = ui_pick_start,
        .changed = ui_pick_changed,
        .step = ui_pick_step,
        .select = ui_pick_select,
        .click = ui_pick_click,
        .move_cells = ui_pick_move_cells,
        .marks = ui_pick_marks,
        .ghost_plies = 3,
        .ghost_overlay = NULL,
        .side_width = 0,
        .draw_side = NULL,
        .next = ui_pick_next_target,
        .draw_below = NULL,
};
