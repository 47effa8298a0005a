/*
 * Building a move by picking cells (struct game_caps: GAME_INPUT_CELLS):
 * the cursor walks the board, Enter or a click picks the cell under it,
 * and the move is played once the picked cells name exactly one legal
 * move, as a set (Tetress) or a path (Infexion, TZAAR).  The move
 * builder (ui/builder.h) holds the legal moves, the cursor and the picks;
 * this file turns keys into its calls and says on the status line what
 * came of them.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ui/app.h"
#include "ui/input.h"
#include "ui/status.h"

/* Puts the cursor where a legal move starts: the centre if one does. */
static void
ui_pick_place_cursor(struct ui_app *app)
{
	struct ui_builder *b = &app->build;
	int first = -1;
	for (int i = 0; i < b->nmoves; i++) {
		if (b->moves[i].ncells == 0)
			continue;
		if (b->moves[i].cells[0] == b->cursor)
			return;
		if (first < 0)
			first = b->moves[i].cells[0];
	}
	if (first >= 0)
		b->cursor = first;
}

static void
ui_pick_start(struct ui_app *app)
{
	app->build.cursor = app->game.view ? app->game.view->cells / 2 : 0;
	app->build.nsel = 0;
	ui_pick_place_cursor(app);
}

static void
ui_pick_changed(struct ui_app *app)
{
	app->build.nsel = 0;
}

/* An arrow.  With the first cells of a path picked (Infexion, TZAAR), it
 * goes to the nearest cell that way where a legal move goes on, however
 * far (a TZAAR capture across empty cells), so a direction key picks the
 * target; else, and when no such cell is that way, one cell on. */
static bool
ui_pick_step(struct ui_app *app, int dy, int dx, game_move *move)
{
	(void)move;
	struct ui_builder *b = &app->build;
	int to = -1;
	if (b->nsel > 0 && !b->view->unordered) {
		static bool targets[UI_BOARD_MAX_CELLS];
		memset(targets, 0, sizeof targets);
		for (int i = 0; i < b->nmoves; i++) {
			int c = ui_builder_next_cell(b, &b->moves[i]);
			if (c >= 0 && c < UI_BOARD_MAX_CELLS)
				targets[c] = true;
		}
		to = ui_board_step_among(b->view, b->cursor, dy, dx, targets);
	}
	b->cursor = to >= 0 ? to : ui_board_step(b->view, b->cursor, dy, dx);
	app->host.dirty = true;
	return false;
}

/* Says why the picked cells and cell make no legal move. */
static void
ui_pick_explain(struct ui_app *app, int cell)
{
	const struct ui_builder *b = &app->build;
	const struct ui_board_view *view = b->view;
	char text[128], why[256], name[16];
	game_move move;
	int cells[UI_MOVE_CELLS], n = b->nsel;
	memcpy(cells, b->sel, (size_t)n * sizeof cells[0]);
	cells[n++] = cell;
	view->cell_name(cell, name, sizeof name);
	bool full = view->unordered ? n == UI_MOVE_CELLS : n >= 1;
	if (full && view->spell(cells, n, text, sizeof text) &&
	    !app->game.session.ops->parse_move(ui_shown_pos(app), text, &move,
	                                       why, sizeof why))
		ui_status(app, true, "%s: %s", text, why);
	else if (n == 1)
		ui_status(app, true, "no legal move starts at %s", name);
	else
		ui_status(app, true, "no legal move goes on with %s", name);
}

/* Picks (or drops) the cell under the cursor; true with the move once
 * the picked cells complete one. */
static bool
ui_pick_select(struct ui_app *app, game_move *move)
{
	struct ui_builder *b = &app->build;
	int cell = b->cursor, candidates;
	if (b->nmoves == 0) {
		ui_status(app, true, "the game is over");
		return false;
	}
	if (b->view == NULL || cell < 0)
		return false;
	char name[16];
	switch (ui_builder_pick(b, cell, &candidates, move)) {
	case UI_PICK_DROPPED:
		ui_status(app, false, "cell dropped");
		return false;
	case UI_PICK_FULL:
		return false;
	case UI_PICK_COMPLETE:
		return true;
	case UI_PICK_NONE:
		ui_pick_explain(app, cell);
		return false;
	case UI_PICK_GOES_ON:
		break;
	}
	b->view->cell_name(cell, name, sizeof name);
	ui_status(app, false, "%s picked: %d legal move%s go on from here",
	          name, candidates, candidates == 1 ? "" : "s");
	return false;
}

static bool
ui_pick_click(struct ui_app *app, int cell, game_move *move)
{
	app->build.cursor = cell;
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

/* Moves the cursor to the next (delta 1) or previous (-1) cell in board
 * order where a legal move starts or goes on, round the end. */
static void
ui_pick_next_target(struct ui_app *app, int delta)
{
	const struct ui_builder *b = &app->build;
	int best = -1, first = -1;
	for (int i = 0; i < b->nmoves; i++) {
		int c = ui_builder_next_cell(b, &b->moves[i]);
		if (c < 0)
			continue;
		/* Ordered along the walk: c * delta grows. */
		if (first < 0 || c * delta < first * delta)
			first = c;
		if (c * delta > b->cursor * delta &&
		    (best < 0 || c * delta < best * delta))
			best = c;
	}
	if (best < 0)
		best = first;
	if (best < 0) {
		ui_status(app, true, "no legal move goes on from here");
		return;
	}
	app->build.cursor = best;
	app->host.dirty = true;
}

void
ui_pick_cancel(struct ui_app *app)
{
	app->build.nsel = 0;
	ui_status(app, false, "selection cleared");
}

/* The picked cells, the cells that continue them, and the cursor. */
static int
ui_pick_marks(const struct ui_app *app, struct ui_board_mark *marks)
{
	return ui_builder_marks(&app->build, marks);
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
