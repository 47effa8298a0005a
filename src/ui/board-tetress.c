/*
 * The Tetress board: the 11 x 11 torus with row and column labels.  The row
 * and column beyond each edge are drawn again, dimmed, outside the frame
 * (row 10 above row 0, column 0 right of column 10, ...), so a piece that
 * crosses the seam is seen whole; highlights are mirrored there too.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ui/board.h"

enum {
	TETRESS_N = 11,
	TETRESS_CELL_X = 7, /* column of cell (r, 0) */
	TETRESS_CELL_Y = 3, /* row of cell (0, c) */
	TETRESS_STEP_X = 2, /* columns between neighbouring cells */
	TETRESS_HINT_LEFT = 3,
	TETRESS_VLINE_LEFT = 5,
	TETRESS_VLINE_RIGHT = 29,
	TETRESS_HINT_RIGHT = 31,
	TETRESS_HINT_TOP = 1,
	TETRESS_HLINE_TOP = 2,
	TETRESS_HLINE_BOTTOM = 14,
	TETRESS_HINT_BOTTOM = 15,
};

static bool
tetress_decode(const char *fen, struct ui_piece *cells,
               struct ui_board_info *info)
{
	(void)info;
	const char *p = fen;
	for (int r = 0; r < TETRESS_N; r++) {
		for (int c = 0; c < TETRESS_N; c++, p++) {
			struct ui_piece *cell = &cells[r * TETRESS_N + c];
			memset(cell, 0, sizeof *cell);
			cell->owner = *p == 'r' ? 0 : *p == 'b' ? 1 : -1;
			if (cell->owner >= 0)
				cell->text[0] = *p;
			else if (*p != '.')
				return false;
		}
		if (*p != (r + 1 < TETRESS_N ? '/' : ' '))
			return false;
		p++;
	}
	return true;
}

static void
tetress_cell_xy(int cell, int *y, int *x)
{
	*y = TETRESS_CELL_Y + cell / TETRESS_N;
	*x = TETRESS_CELL_X + TETRESS_STEP_X * (cell % TETRESS_N);
}

static void
tetress_cell_name(int cell, char *buf, size_t size)
{
	snprintf(buf, size, "%d-%d", cell / TETRESS_N, cell % TETRESS_N);
}

static int
tetress_move_cells(const char *text, int *cells, int max)
{
	int n = 0, r, c, used;
	const char *p = text;
	while (n < max && sscanf(p, "%d-%d%n", &r, &c, &used) == 2) {
		if (r < 0 || r >= TETRESS_N || c < 0 || c >= TETRESS_N)
			return 0;
		cells[n++] = r * TETRESS_N + c;
		p += used;
		if (*p != ',')
			break;
		p++;
	}
	return n;
}

static bool
tetress_spell(const int *cells, int n, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%d-%d",
		                        i ? "," : "", cells[i] / TETRESS_N,
		                        cells[i] % TETRESS_N);
	return n > 0;
}

/* Draws cell `src` again at (y, x), dimmed unless it is highlighted. */
static void
tetress_hint(struct ui_grid *g, int y, int x, const struct ui_glyphs *gl,
             const struct ui_piece *cells, const struct ui_board_mark *marks,
             int src)
{
	const char *text = cells[src].text[0] ? cells[src].text : gl->empty;
	if (marks[src].overlay[0] != '\0')
		text = marks[src].overlay;
	int role = marks[src].role != ROLE_NORMAL ? marks[src].role : ROLE_DIM;
	ui_grid_print(g, y, x, 1, role, ui_board_glyph(gl, text));
}

static void
tetress_frame(struct ui_grid *g, int oy, int ox, const struct ui_glyphs *gl,
              const struct ui_piece *cells, const struct ui_board_mark *marks)
{
	const int last = TETRESS_N - 1;
	for (int c = 0; c < TETRESS_N; c++) {
		int x = ox + TETRESS_CELL_X + TETRESS_STEP_X * c;
		ui_grid_printf(g, oy, x, 2, ROLE_DIM, "%d", c);
		tetress_hint(g, oy + TETRESS_HINT_TOP, x, gl, cells, marks,
		             last * TETRESS_N + c);
		tetress_hint(g, oy + TETRESS_HINT_BOTTOM, x, gl, cells, marks,
		             c);
	}
	for (int x = TETRESS_VLINE_LEFT; x <= TETRESS_VLINE_RIGHT; x++) {
		ui_grid_print(g, oy + TETRESS_HLINE_TOP, ox + x, 1, ROLE_DIM,
		              gl->hline);
		ui_grid_print(g, oy + TETRESS_HLINE_BOTTOM, ox + x, 1, ROLE_DIM,
		              gl->hline);
	}
	for (int r = 0; r < TETRESS_N; r++) {
		int y = oy + TETRESS_CELL_Y + r;
		ui_grid_printf(g, y, ox, 2, ROLE_DIM, "%2d", r);
		tetress_hint(g, y, ox + TETRESS_HINT_LEFT, gl, cells, marks,
		             r * TETRESS_N + last);
		tetress_hint(g, y, ox + TETRESS_HINT_RIGHT, gl, cells, marks,
		             r * TETRESS_N);
		ui_grid_print(g, y, ox + TETRESS_VLINE_LEFT, 1, ROLE_DIM,
		              gl->vline);
		ui_grid_print(g, y, ox + TETRESS_VLINE_RIGHT, 1, ROLE_DIM,
		              gl->vline);
	}
}

const struct ui_board_view ui_board_tetress = {
        .game = "tetress",
        .units = "a token is worth about 0.16 (1.00 is about six), and the "
                 "placements left to each side weigh most.",
        .cells = TETRESS_N * TETRESS_N,
        .height = TETRESS_HINT_BOTTOM + 1,
        .width = TETRESS_HINT_RIGHT + 1,
        .row_step = 1,
        .cell_width = 1,
        .unordered = true,
        .decode = tetress_decode,
        .cell_xy = tetress_cell_xy,
        .cell_name = tetress_cell_name,
        .move_cells = tetress_move_cells,
        .spell = tetress_spell,
        .frame = tetress_frame,
};
