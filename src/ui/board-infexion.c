/*
 * The Infexion board: the 7 x 7 hex torus in axial coordinates (r, q), drawn
 * as a parallelogram with r growing upwards and each row shifted half a cell
 * to the right of the one below, so the six neighbours of a cell are the
 * cells left, right, up-left, up-right, down-left and down-right of it.
 * Each cell shows its colour letter and power ("r3", "b6").
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ui/board.h"

enum {
	INFEXION_N = 7,
	INFEXION_CELL_X = 4, /* column of cell (0, 0) */
	INFEXION_STEP_Q = 4, /* columns between (r, q) and (r, q + 1) */
	INFEXION_SKEW_R = 2, /* shift of row r + 1 against row r */
	INFEXION_TOP = 1,    /* screen row of r = 6 */
};

/* The six directions (dr, dq) of NOTATION in tabula(6). */
static const int INFEXION_DIRS[6][2] = {{0, 1},  {-1, 1}, {-1, 0},
                                        {0, -1}, {1, -1}, {1, 0}};

static bool
infexion_decode(const char *fen, struct ui_piece *cells,
                struct ui_board_info *info)
{
	(void)info;
	const char *p = fen;
	for (int r = 0; r < INFEXION_N; r++) {
		for (int q = 0; q < INFEXION_N; q++) {
			struct ui_piece *cell = &cells[r * INFEXION_N + q];
			memset(cell, 0, sizeof *cell);
			cell->owner = -1;
			if (*p == '.') {
				p++;
				continue;
			}
			if ((*p != 'r' && *p != 'b') ||
			    !isdigit((unsigned char)p[1]))
				return false;
			cell->owner = *p == 'r' ? 0 : 1;
			cell->text[0] = p[0];
			cell->text[1] = p[1];
			p += 2;
		}
		if (*p != (r + 1 < INFEXION_N ? '/' : ' '))
			return false;
		p++;
	}
	return true;
}

static void
infexion_cell_xy(int cell, int *y, int *x)
{
	int r = cell / INFEXION_N, q = cell % INFEXION_N;
	*y = INFEXION_TOP + (INFEXION_N - 1 - r);
	*x = INFEXION_CELL_X + INFEXION_STEP_Q * q + INFEXION_SKEW_R * r;
}

static void
infexion_cell_name(int cell, char *buf, size_t size)
{
	snprintf(buf, size, "%d,%d", cell / INFEXION_N, cell % INFEXION_N);
}

static int
infexion_wrap(int v)
{
	return ((v % INFEXION_N) + INFEXION_N) % INFEXION_N;
}

static int
infexion_move_cells(const char *text, int *cells, int max)
{
	int r, q, dr, dq;
	if (max < 2)
		return 0;
	if (sscanf(text, "SPAWN(%d,%d)", &r, &q) == 2) {
		cells[0] = infexion_wrap(r) * INFEXION_N + infexion_wrap(q);
		return 1;
	}
	if (sscanf(text, "SPREAD(%d,%d,%d,%d)", &r, &q, &dr, &dq) == 4) {
		cells[0] = infexion_wrap(r) * INFEXION_N + infexion_wrap(q);
		cells[1] = infexion_wrap(r + dr) * INFEXION_N +
		           infexion_wrap(q + dq);
		return 2;
	}
	return 0;
}

/* The shorter way round from 0 to d: -3 .. 3. */
static int
infexion_short(int d)
{
	d = infexion_wrap(d);
	return d > INFEXION_N / 2 ? d - INFEXION_N : d;
}

static void
infexion_offset(int from, int to, int *dy, int *dx)
{
	int dr = infexion_short(to / INFEXION_N - from / INFEXION_N);
	int dq = infexion_short(to % INFEXION_N - from % INFEXION_N);
	*dy = -dr;
	*dx = INFEXION_STEP_Q * dq + INFEXION_SKEW_R * dr;
}

static bool
infexion_spell(const int *cells, int n, char *buf, size_t size)
{
	int r = cells[0] / INFEXION_N, q = cells[0] % INFEXION_N;
	if (n == 1) {
		snprintf(buf, size, "SPAWN(%d,%d)", r, q);
		return true;
	}
	if (n != 2)
		return false;
	for (int d = 0; d < 6; d++) {
		int dr = INFEXION_DIRS[d][0], dq = INFEXION_DIRS[d][1];
		if (infexion_wrap(r + dr) * INFEXION_N +
		            infexion_wrap(q + dq) ==
		    cells[1]) {
			snprintf(buf, size, "SPREAD(%d,%d,%d,%d)", r, q, dr,
			         dq);
			return true;
		}
	}
	return false;
}

static void
infexion_frame(struct ui_grid *g, int oy, int ox, const struct ui_glyphs *gl,
               const struct ui_piece *cells, const struct ui_board_mark *marks)
{
	(void)gl;
	(void)cells;
	(void)marks;
	for (int r = 0; r < INFEXION_N; r++) {
		int y, x;
		infexion_cell_xy(r * INFEXION_N, &y, &x);
		ui_grid_printf(g, oy + y, ox + x - 3, 2, ROLE_DIM, "%d", r);
	}
	for (int q = 0; q < INFEXION_N; q++) {
		int y, x;
		infexion_cell_xy(q, &y, &x);
		ui_grid_printf(g, oy + y + 1, ox + x, 2, ROLE_DIM, "%d", q);
		infexion_cell_xy((INFEXION_N - 1) * INFEXION_N + q, &y, &x);
		ui_grid_printf(g, oy + y - 1, ox + x, 2, ROLE_DIM, "%d", q);
	}
	ui_grid_print(g, oy, ox, 2, ROLE_DIM, "r");
	ui_grid_print(g, oy + INFEXION_TOP + INFEXION_N + 1, ox + 1, 2,
	              ROLE_DIM, "q");
}

const struct ui_board_view ui_board_infexion = {
        .game = "infexion",
        .units = "1.00 is one point of power lead (the board holds 49 power at "
                 "most).",
        .cells = INFEXION_N * INFEXION_N,
        .height = INFEXION_TOP + INFEXION_N + 1,
        .width = INFEXION_CELL_X + INFEXION_STEP_Q * (INFEXION_N - 1) +
                 INFEXION_SKEW_R * (INFEXION_N - 1) + 2,
        .row_step = 1,
        .cell_width = 2,
        .unordered = false,
        .decode = infexion_decode,
        .cell_xy = infexion_cell_xy,
        .cell_name = infexion_cell_name,
        .move_cells = infexion_move_cells,
        .spell = infexion_spell,
        .offset = infexion_offset,
        .frame = infexion_frame,
};
