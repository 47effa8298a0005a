/*
 * The Tetris well: 20 rows of 10 cells between two walls, row 0 at the top
 * as in the position string, column numbers under the floor.  A filled cell
 * is two columns wide so the well keeps its proportions.  The pieces in
 * hand and the score come with the position string (ui_board_info); the
 * caller draws them beside the well.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tetris.h"
#include "ui/board.h"

/* The well's size is the game's (games/tetris.h). */
enum {
	TETRIS_CELL_X = 1, /* column of the well's first cell */
	TETRIS_STEP_X = 2,
};

static bool
tetris_decode(const char *fen, struct ui_piece *cells,
              struct ui_board_info *info)
{
	const char *p = fen;
	for (int r = 0; r < TETRIS_ROWS; r++) {
		for (int c = 0; c < TETRIS_COLS; c++, p++) {
			struct ui_piece *cell = &cells[r * TETRIS_COLS + c];
			memset(cell, 0, sizeof *cell);
			cell->owner = -1;
			if (*p == '#') {
				cell->owner = 0;
				cell->text[0] = '#';
			} else if (*p != '.') {
				return false;
			}
		}
		if (*p != (r + 1 < TETRIS_ROWS ? '/' : ' '))
			return false;
		p++;
	}
	memset(info, 0, sizeof *info);
	char cur = 0, next = 0;
	long score = 0;
	if (sscanf(p, " %c %c %ld", &cur, &next, &score) < 2)
		return false;
	info->current[0] = cur;
	info->next[0] = next;
	info->score = score;
	return true;
}

static void
tetris_cell_xy(int cell, int *y, int *x)
{
	*y = cell / TETRIS_COLS;
	*x = TETRIS_CELL_X + TETRIS_STEP_X * (cell % TETRIS_COLS);
}

static void
tetris_cell_name(int cell, char *buf, size_t size)
{
	snprintf(buf, size, "%d-%d", cell / TETRIS_COLS, cell % TETRIS_COLS);
}

/* Tetris moves name a rotation and a column, not cells: the placement
 * input finds a placement's cells with the game's drop code (Keys in
 * tabula(6)). */
static int
tetris_move_cells(const char *text, int *cells, int max)
{
	(void)text;
	(void)cells;
	(void)max;
	return 0;
}

static bool
tetris_spell(const int *cells, int n, char *buf, size_t size)
{
	(void)cells;
	(void)n;
	(void)buf;
	(void)size;
	return false;
}

static void
tetris_frame(struct ui_grid *g, int oy, int ox, const struct ui_glyphs *gl,
             const struct ui_piece *cells, const struct ui_board_mark *marks)
{
	(void)cells;
	(void)marks;
	for (int r = 0; r < TETRIS_ROWS; r++) {
		ui_grid_print(g, oy + r, ox, 1, ROLE_DIM, gl->vline);
		ui_grid_print(g, oy + r,
		              ox + TETRIS_CELL_X + TETRIS_STEP_X * TETRIS_COLS,
		              1, ROLE_DIM, gl->vline);
	}
	int floor = oy + TETRIS_ROWS;
	ui_grid_print(g, floor, ox, 1, ROLE_DIM, gl->corner_bl);
	for (int x = 1; x <= TETRIS_STEP_X * TETRIS_COLS; x++)
		ui_grid_print(g, floor, ox + x, 1, ROLE_DIM, gl->hline);
	ui_grid_print(g, floor,
	              ox + TETRIS_CELL_X + TETRIS_STEP_X * TETRIS_COLS, 1,
	              ROLE_DIM, gl->corner_br);
	for (int c = 0; c < TETRIS_COLS; c++)
		ui_grid_printf(g, floor + 1,
		               ox + TETRIS_CELL_X + TETRIS_STEP_X * c, 1,
		               ROLE_DIM, "%d", c);
}

const struct ui_board_view ui_board_tetris = {
        .game = "tetris",
        .units = "1.00 is one point the strategy's line scores, plus the value "
                 "of the well it leaves.",
        .cells = TETRIS_ROWS * TETRIS_COLS,
        .height = TETRIS_ROWS + 2,
        .width = TETRIS_CELL_X + TETRIS_STEP_X * TETRIS_COLS + 1,
        .row_step = 1,
        .cell_width = 2,
        .unordered = false,
        .decode = tetris_decode,
        .cell_xy = tetris_cell_xy,
        .cell_name = tetris_cell_name,
        .move_cells = tetris_move_cells,
        .spell = tetris_spell,
        .frame = tetris_frame,
};
