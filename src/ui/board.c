/*
 * What every board view shares: drawing cells with their marks, finding the
 * cell under a mouse click, and moving the cursor to the nearest cell in a
 * screen direction (so hjkl work the same on squares, hexagons and wells).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/board.h"

/* Moving the cursor, a step sideways costs this much more than a step
 * along the direction asked for. */
static const int UI_BOARD_SIDEWAYS_COST = 3;

static int
ui_board_piece_role(const struct ui_piece *p)
{
	return p->owner == 0 ? ROLE_P1 : p->owner == 1 ? ROLE_P2 : ROLE_DIM;
}

const char *
ui_board_glyph(const struct ui_glyphs *gl, const char *text)
{
	if (strcmp(text, "#") == 0)
		return gl->filled;
	if (strcmp(text, "::") == 0)
		return gl->ghost;
	if (strcmp(text, "~") == 0)
		return gl->cleared;
	return text;
}

void
ui_board_draw(struct ui_grid *g, int oy, int ox, const struct ui_board_view *v,
              const struct ui_glyphs *gl, const struct ui_piece *cells,
              const struct ui_board_mark *marks)
{
	for (int i = 0; i < v->cells; i++) {
		int y, x;
		v->cell_xy(i, &y, &x);
		const char *text = cells[i].text[0] ? cells[i].text : gl->empty;
		if (marks[i].overlay[0] != '\0')
			text = marks[i].overlay;
		text = ui_board_glyph(gl, text);
		int role = marks[i].role != ROLE_NORMAL
		                   ? marks[i].role
		                   : ui_board_piece_role(&cells[i]);
		/* Fill the whole cell so a highlight reads as a block. */
		for (int k = 0; k < v->cell_width; k++)
			ui_grid_print(g, oy + y, ox + x + k, 1, role, " ");
		ui_grid_print(g, oy + y, ox + x, v->cell_width, role, text);
	}
	if (v->frame != NULL)
		v->frame(g, oy, ox, gl, cells, marks);
}

void
ui_board_mark_set(struct ui_board_mark *marks, int cell, int role,
                  const char *overlay)
{
	if (cell < 0)
		return;
	marks[cell].role = (unsigned char)role;
	if (overlay != NULL)
		snprintf(marks[cell].overlay, sizeof marks[cell].overlay, "%s",
		         overlay);
}

int
ui_board_hit(const struct ui_board_view *v, int oy, int ox, int y, int x)
{
	for (int i = 0; i < v->cells; i++) {
		int cy, cx;
		v->cell_xy(i, &cy, &cx);
		if (oy + cy == y && x >= ox + cx && x < ox + cx + v->cell_width)
			return i;
	}
	return -1;
}

/* Moving up or down, missing the view's row step costs this much per row. */
static const int UI_BOARD_ROW_MISS_COST = 10;

/* Moving diagonally, a screen row costs this many columns. */
static const int UI_BOARD_DIAGONAL_ROW_COST = 4;

/* Cost of going from (y, x) to (cy, cx) in direction (dy, dx); -1 if the
 * cell is not that way.  Up and down aim at the next row of cells (one or
 * two screen rows away, as the view says), left and right at the nearest
 * cell on about the same row. */
static int
ui_board_cost(const struct ui_board_view *v, int y, int x, int cy, int cx,
              int dy, int dx)
{
	if (dy != 0 && dx != 0) {
		/* Diagonal: the nearest cell in that quarter of the screen,
		 * a row counting as a few columns (cells are wider than
		 * tall). */
		if ((cy - y) * dy <= 0 || (cx - x) * dx <= 0)
			return -1;
		return UI_BOARD_DIAGONAL_ROW_COST * abs(cy - y) + abs(cx - x);
	}
	int along = dy != 0 ? (cy - y) * dy : (cx - x) * dx;
	if (along <= 0)
		return -1;
	if (dy != 0)
		return UI_BOARD_ROW_MISS_COST * abs(along - v->row_step) +
		       abs(cx - x);
	return along + UI_BOARD_SIDEWAYS_COST * abs(cy - y);
}

int
ui_board_step_among(const struct ui_board_view *v, int from, int dy, int dx,
                    const bool *among)
{
	int y, x;
	v->cell_xy(from, &y, &x);
	int best = -1, best_cost = 0;
	for (int i = 0; i < v->cells; i++) {
		int cy, cx;
		if (among != NULL && !among[i])
			continue;
		v->cell_xy(i, &cy, &cx);
		if (among != NULL && v->offset != NULL) {
			v->offset(from, i, &cy, &cx);
			cy += y;
			cx += x;
		}
		int c = ui_board_cost(v, y, x, cy, cx, dy, dx);
		if (c >= 0 && (best < 0 || c < best_cost)) {
			best = i;
			best_cost = c;
		}
	}
	return best;
}

int
ui_board_step(const struct ui_board_view *v, int from, int dy, int dx)
{
	int y, x;
	v->cell_xy(from, &y, &x);
	int best = ui_board_step_among(v, from, dy, dx, NULL);
	if (best >= 0)
		return best;
	if (dy != 0 && dx != 0)
		return from; /* a corner: no diagonal wraps round */
	/* Off the edge: wrap to the far side, staying on the same line. */
	int far = -1, far_along = 0, far_side = 0;
	for (int i = 0; i < v->cells; i++) {
		int cy, cx;
		v->cell_xy(i, &cy, &cx);
		int along = dy != 0 ? (y - cy) * dy : (x - cx) * dx;
		int side = dy != 0 ? abs(cx - x) : abs(cy - y);
		if (along > 0 && (far < 0 || side < far_side ||
		                  (side == far_side && along > far_along))) {
			far = i;
			far_along = along;
			far_side = side;
		}
	}
	return far >= 0 ? far : from;
}
