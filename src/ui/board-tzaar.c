/*
 * The TZAAR board: the hexagon of 60 spaces around its hole, drawn with the
 * columns A..I upright and neighbouring columns half a row apart, which is
 * how the six directions of the rules look on paper.  A stack shows its top
 * piece's letter (A Tzaar, B Tzarra, C Tott; upper case White, lower case
 * Black) and its height when above one.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ui/board.h"

enum {
	TZAAR_COLUMNS = 9,
	TZAAR_CELLS = 60,
	TZAAR_HOLE_COLUMN = 4, /* E */
	TZAAR_HOLE_ROW = 5,
	TZAAR_CELL_X = 3, /* column of A */
	TZAAR_STEP_X = 4, /* columns between neighbouring columns */
	TZAAR_TOP = 2,    /* screen row of E9, below its number */
	TZAAR_MAX_HEIGHT = 99,
};

static const int TZAAR_SIZES[TZAAR_COLUMNS] = {5, 6, 7, 8, 9, 8, 7, 6, 5};

/* Column and row (1-based) of cell i in the canonical order. */
static void
tzaar_coords(int cell, int *col, int *row)
{
	int c = 0;
	for (;;) {
		int n = TZAAR_SIZES[c] - (c == TZAAR_HOLE_COLUMN);
		if (cell < n)
			break;
		cell -= n;
		c++;
	}
	*col = c;
	*row = cell + 1;
	if (c == TZAAR_HOLE_COLUMN && *row >= TZAAR_HOLE_ROW)
		(*row)++;
}

static int
tzaar_cell_of(int col, int row)
{
	if (col < 0 || col >= TZAAR_COLUMNS || row < 1 ||
	    row > TZAAR_SIZES[col] ||
	    (col == TZAAR_HOLE_COLUMN && row == TZAAR_HOLE_ROW))
		return -1;
	int cell = 0;
	for (int c = 0; c < col; c++)
		cell += TZAAR_SIZES[c] - (c == TZAAR_HOLE_COLUMN);
	return cell + row - 1 -
	       (col == TZAAR_HOLE_COLUMN && row > TZAAR_HOLE_ROW);
}

static bool
tzaar_decode(const char *fen, struct ui_piece *cells,
             struct ui_board_info *info)
{
	(void)info;
	const char *p = fen;
	for (int i = 0; i < TZAAR_CELLS; i++) {
		struct ui_piece *cell = &cells[i];
		memset(cell, 0, sizeof *cell);
		cell->owner = -1;
		if (*p == '.') {
			p++;
			continue;
		}
		char t = (char)toupper((unsigned char)*p);
		if (t != 'A' && t != 'B' && t != 'C')
			return false;
		cell->owner = isupper((unsigned char)*p) ? 0 : 1;
		int height = 1;
		const char *q = p + 1;
		if (isdigit((unsigned char)*q)) {
			height = 0;
			while (isdigit((unsigned char)*q) &&
			       height <= TZAAR_MAX_HEIGHT)
				height = height * 10 + (*q++ - '0');
		}
		if (height > 1)
			snprintf(cell->text, sizeof cell->text, "%c%d", *p,
			         height % (TZAAR_MAX_HEIGHT + 1));
		else
			cell->text[0] = *p;
		p = q;
	}
	return *p == ' ';
}

static void
tzaar_cell_xy(int cell, int *y, int *x)
{
	int col, row;
	tzaar_coords(cell, &col, &row);
	*y = TZAAR_TOP + 9 + TZAAR_SIZES[col] - 2 * row;
	*x = TZAAR_CELL_X + TZAAR_STEP_X * col;
}

static void
tzaar_cell_name(int cell, char *buf, size_t size)
{
	int col, row;
	tzaar_coords(cell, &col, &row);
	snprintf(buf, size, "%c%d", 'A' + col, row);
}

/* Reads a cell name ("F3") at *p, advancing past it; -1 if none. */
static int
tzaar_read_cell(const char **p)
{
	int col = toupper((unsigned char)**p) - 'A';
	if (col < 0 || col >= TZAAR_COLUMNS || !isdigit((unsigned char)(*p)[1]))
		return -1;
	int row = (*p)[1] - '0';
	*p += 2;
	return tzaar_cell_of(col, row);
}

static int
tzaar_move_cells(const char *text, int *cells, int max)
{
	const char *p = text;
	if (max < 2)
		return 0;
	int from = tzaar_read_cell(&p);
	if (from < 0 || (*p != 'x' && *p != '+' && *p != '-'))
		return 0;
	p++;
	int to = tzaar_read_cell(&p);
	if (to < 0)
		return 0;
	cells[0] = from;
	cells[1] = to;
	return 2;
}

static bool
tzaar_spell(const int *cells, int n, char *buf, size_t size)
{
	if (n != 2)
		return false;
	char a[8], b[8];
	tzaar_cell_name(cells[0], a, sizeof a);
	tzaar_cell_name(cells[1], b, sizeof b);
	snprintf(buf, size, "%s-%s", a, b);
	return true;
}

static void
tzaar_frame(struct ui_grid *g, int oy, int ox, const struct ui_glyphs *gl,
            const struct ui_piece *cells, const struct ui_board_mark *marks)
{
	(void)cells;
	(void)marks;
	/* As on a printed board, outside it: a column's letter where its
	 * point 0 would be, below the lower edges, and its last point's
	 * number where the point after it would be, above the upper ones
	 * (one row nearer was among the neighbouring columns' pieces). */
	for (int col = 0; col < TZAAR_COLUMNS; col++) {
		int y, x, n = TZAAR_SIZES[col];
		tzaar_cell_xy(tzaar_cell_of(col, 1), &y, &x);
		ui_grid_printf(g, oy + y + 2, ox + x, 1, ROLE_DIM, "%c",
		               'A' + col);
		tzaar_cell_xy(tzaar_cell_of(col, n), &y, &x);
		ui_grid_printf(g, oy + y - 2, ox + x, 1, ROLE_DIM, "%d", n);
	}
	for (int row = 1; row <= TZAAR_SIZES[0]; row++) {
		int y, x;
		tzaar_cell_xy(tzaar_cell_of(0, row), &y, &x);
		ui_grid_printf(g, oy + y, ox, 1, ROLE_DIM, "%d", row);
		tzaar_cell_xy(tzaar_cell_of(TZAAR_COLUMNS - 1, row), &y, &x);
		ui_grid_printf(g, oy + y, ox + x + TZAAR_STEP_X, 1, ROLE_DIM,
		               "%d", row);
	}
	int hy = TZAAR_TOP + 9 + TZAAR_SIZES[TZAAR_HOLE_COLUMN] -
	         2 * TZAAR_HOLE_ROW;
	int hx = TZAAR_CELL_X + TZAAR_STEP_X * TZAAR_HOLE_COLUMN;
	ui_grid_print(g, oy + hy, ox + hx, 3, ROLE_DIM, gl->hole);
}

const struct ui_board_view ui_board_tzaar = {
        .game = "tzaar",
        .units = "a stack of a plentiful type is worth about 0.30, the last "
                 "stack of a type about 4.00; +1.00 has meant an expected "
                 "score of 64% to 83%.",
        .cells = TZAAR_CELLS,
        .height = TZAAR_TOP + 9 + 9 - 2 + 3,
        .width = TZAAR_CELL_X + TZAAR_STEP_X * TZAAR_COLUMNS + 2,
        .row_step = 2,
        .cell_width = 3,
        .unordered = false,
        .passes = true,
        .decode = tzaar_decode,
        .cell_xy = tzaar_cell_xy,
        .cell_name = tzaar_cell_name,
        .move_cells = tzaar_move_cells,
        .spell = tzaar_spell,
        .frame = tzaar_frame,
};
