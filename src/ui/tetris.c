/*
 * Tetris in the terminal UI (struct game_caps: GAME_INPUT_PLACEMENT): the
 * piece is steered rather than picked cell by cell.  Left and right choose
 * the column, up turns the piece, down or Enter drops it; the well shows
 * where it would land, found with the game's own drop code
 * (tetris_well_rest_row), and the box beside the well shows the pieces in
 * hand, the score and the clears (Keys and RULES in tabula(6)).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "games/tetris.h"
#include "ui/app.h"
#include "ui/input.h"
#include "ui/status.h"

/* Columns the box of pieces and counts takes right of the well. */
enum { UI_TETRIS_BOX = 12 };

/* The cells (row 0 at the top, as the view numbers them) a piece fills
 * when dropped by move into the well; returns the count, 0 when there is
 * no piece.  A piece that would rest partly above the well is shown at
 * its top. */
static int
ui_tetris_drop_cells(const struct tetris_well *well, int piece, game_move move,
                     int *cells, int max)
{
	if (piece == TETRIS_NO_PIECE)
		return 0;
	const struct tetris_shape *s =
	        tetris_shape(piece, tetris_move_rotation(move));
	int x = tetris_move_column(move);
	int base = tetris_well_rest_row(well, piece, move);
	if (base + s->height > TETRIS_ROWS)
		base = TETRIS_ROWS - s->height;
	int n = 0;
	for (int i = s->height - 1; i >= 0; i--) {
		int row = TETRIS_ROWS - 1 - (base + i);
		for (int c = 0; c < s->width; c++)
			if ((s->mask[i] >> c & 1) && n < max)
				cells[n++] = row * TETRIS_COLS + x + c;
	}
	return n;
}

static int
ui_tetris_move_cells(const struct ui_app *app, const struct game_pos *pos,
                     game_move move, int *cells, int max)
{
	(void)app;
	const struct tetris_pos *p = tetris_pos_of(pos);
	return ui_tetris_drop_cells(&p->well, p->current, move, cells, max);
}

/* The legal move for the current rotation and column, or -1. */
static int
ui_tetris_index(const struct ui_app *app)
{
	const struct ui_tetris *t = &app->tetris;
	if (t->rot < 0 || t->rot >= TETRIS_ROTATIONS || t->col < 0 ||
	    t->col >= TETRIS_COLS)
		return -1;
	game_move want = tetris_move_make(t->rot, t->col);
	for (int i = 0; i < app->build.nmoves; i++) {
		if (app->build.moves[i].move == want)
			return i;
	}
	return -1;
}

/* Puts the terminal cursor on the chosen placement's first cell. */
static void
ui_tetris_aim(struct ui_app *app)
{
	int i = ui_tetris_index(app), cells[UI_MOVE_CELLS];
	if (i >= 0 && ui_tetris_move_cells(app, ui_shown_pos(app),
	                                   app->build.moves[i].move, cells,
	                                   UI_MOVE_CELLS) > 0)
		app->tetris.cursor = cells[0];
}

/* Keeps the rotation and column on a legal placement: the nearest. */
static void
ui_tetris_clamp(struct ui_app *app)
{
	struct ui_tetris *t = &app->tetris;
	if (ui_tetris_index(app) >= 0 || app->build.nmoves == 0)
		return;
	int best = -1, best_dist = 0;
	for (int i = 0; i < app->build.nmoves; i++) {
		int rot = tetris_move_rotation(app->build.moves[i].move);
		int col = tetris_move_column(app->build.moves[i].move);
		int dist = abs(col - t->col) + (rot != t->rot) * 100;
		if (best < 0 || dist < best_dist) {
			best = i;
			best_dist = dist;
		}
	}
	if (best >= 0) {
		t->rot = tetris_move_rotation(app->build.moves[best].move);
		t->col = tetris_move_column(app->build.moves[best].move);
	}
}

static void
ui_tetris_changed(struct ui_app *app)
{
	ui_tetris_clamp(app);
	ui_tetris_aim(app);
}

static void
ui_tetris_start(struct ui_app *app)
{
	app->tetris.rot = 0;
	app->tetris.col = 0;
	app->tetris.cursor = app->game.view ? app->game.view->cells / 2 : 0;
	ui_tetris_changed(app);
}

static bool
ui_tetris_select(struct ui_app *app, game_move *move)
{
	int i = ui_tetris_index(app);
	if (i < 0) {
		ui_status(app, true, "no legal placement there");
		return false;
	}
	*move = app->build.moves[i].move;
	return true;
}

/* Left and right: the column; up: the next rotation with a placement;
 * down: the drop. */
static bool
ui_tetris_step(struct ui_app *app, int dy, int dx, game_move *move)
{
	struct ui_tetris *t = &app->tetris;
	if (dx != 0) {
		t->col += dx;
	} else if (dy < 0) {
		t->rot = (t->rot + 1) % TETRIS_ROTATIONS;
	} else {
		int i = ui_tetris_index(app);
		if (i < 0)
			return false;
		*move = app->build.moves[i].move;
		return true;
	}
	int before_rot = t->rot, before_col = t->col;
	if (ui_tetris_index(app) < 0 && dy < 0) {
		/* Skip rotations with no placement (the O piece). */
		for (int k = 0;
		     k < TETRIS_ROTATIONS && ui_tetris_index(app) < 0; k++)
			t->rot = (t->rot + 1) % TETRIS_ROTATIONS;
	}
	if (ui_tetris_index(app) < 0) {
		t->rot = before_rot;
		t->col = before_col - dx;
	}
	ui_tetris_aim(app);
	app->host.dirty = true;
	return false;
}

/* The ghost of the chosen placement; the cursor on its first cell. */
static int
ui_tetris_marks(const struct ui_app *app, struct ui_board_mark *marks)
{
	int cells[UI_MOVE_CELLS];
	int i = ui_tetris_index(app);
	int n = i < 0 ? 0
	              : ui_tetris_move_cells(app, ui_shown_pos(app),
	                                     app->build.moves[i].move, cells,
	                                     UI_MOVE_CELLS);
	for (int k = 0; k < n; k++)
		ui_board_mark_set(marks, cells[k], ROLE_SELECTED, "::");
	return app->tetris.cursor;
}

/* Counts of line clears up to the shown ply: [0] lines, [1..4] by size. */
static void
ui_tetris_clears(const struct ui_app *app, long counts[5])
{
	const struct session *s = &app->game.session;
	memset(counts, 0, 5 * sizeof counts[0]);
	char fen[GAME_TEXT_MAX];
	int before = 0;
	for (size_t i = 0; i <= app->game.shown; i++) {
		s->ops->format_pos(&s->positions[i], fen, sizeof fen);
		int filled = 0;
		for (const char *p = fen; *p != '\0' && *p != ' '; p++)
			filled += *p == '#';
		if (i > 0) {
			int lines =
			        (before + UI_MOVE_CELLS - filled) / TETRIS_COLS;
			if (lines >= 1 && lines <= 4) {
				counts[0] += lines;
				counts[lines]++;
			}
		}
		before = filled;
	}
}

/* Draws a piece (by its letter) in rotation 0 in a small box at (y, x). */
static void
ui_tetris_draw_piece(struct ui_app *app, int y, int x, const char *letter)
{
	int piece = tetris_piece_from_letter(letter[0]);
	if (piece == TETRIS_NO_PIECE)
		return;
	const struct tetris_shape *s = tetris_shape(piece, 0);
	for (int i = 0; i < s->height; i++)
		for (int c = 0; c < s->width; c++)
			if (s->mask[i] >> c & 1)
				ui_grid_print(&app->host.grid,
				              y + s->height - 1 - i,
				              x + 2 * (c + 1), 2, ROLE_P1,
				              app->glyphs->filled);
}

static void
ui_tetris_draw_box(struct ui_app *app, int y, int x,
                   const struct ui_board_info *info)
{
	struct ui_grid *g = &app->host.grid;
	long clears[5];
	ui_tetris_clears(app, clears);
	ui_grid_printf(g, y, x, UI_TETRIS_BOX, ROLE_TITLE, "Piece %s",
	               info->current);
	ui_tetris_draw_piece(app, y + 1, x, info->current);
	ui_grid_printf(g, y + 4, x, UI_TETRIS_BOX, ROLE_NORMAL, "Next  %s",
	               info->next);
	if (info->next[0] != '-')
		ui_tetris_draw_piece(app, y + 5, x, info->next);
	ui_grid_printf(g, y + 8, x, UI_TETRIS_BOX, ROLE_NORMAL, "Score %ld",
	               info->score);
	ui_grid_printf(g, y + 9, x, UI_TETRIS_BOX, ROLE_NORMAL, "Lines %ld",
	               clears[0]);
	static const char *const names[] = {"", "1x", "2x", "3x", "4x"};
	for (int k = 1; k <= 4; k++)
		ui_grid_printf(g, y + 9 + k, x, UI_TETRIS_BOX, ROLE_DIM,
		               "  %s %ld", names[k], clears[k]);
	ui_grid_printf(g, y + 15, x, UI_TETRIS_BOX, ROLE_DIM, "Rot %d Col %d",
	               app->tetris.rot, app->tetris.col);
}

const struct ui_input ui_input_placement = {
        .start = ui_tetris_start,
        .changed = ui_tetris_changed,
        .step = ui_tetris_step,
        .select = ui_tetris_select,
        .click = NULL,
        .move_cells = ui_tetris_move_cells,
        .marks = ui_tetris_marks,
        .ghost_plies = 1,
        /* The engine's placement: <> tells it from the player's :: and
         * from filled cells without colour. */
        .ghost_overlay = "<>",
        .side_width = UI_TETRIS_BOX,
        .draw_side = ui_tetris_draw_box,
        .next = NULL,
        .draw_below = NULL,
};
