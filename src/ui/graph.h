/*
 * The evaluation graph (tabula(6), REVIEW): the score over the game from
 * the first player's view, drawn as columns of block characters rising
 * from the bottom (ASCII '#' without UTF-8), the zero line across the
 * middle, and a row under it with the marks and the shown ply.  Pure: it
 * turns numbers into glyphs and knows nothing of the app.
 */
#ifndef TABULA_UI_GRAPH_H
#define TABULA_UI_GRAPH_H

#include <stdbool.h>
#include <stddef.h>

#include "core/record.h"

#define UI_GRAPH_MAX_ROWS 8
#define UI_GRAPH_MAX_COLS 160

/* The score after one move, as a review left it. */
struct ui_graph_point {
	bool known;
	int score; /* first player's view, evaluation units */
	int mate;  /* != 0: a forced result (sign: who wins) */
	enum record_mark mark;
};

struct ui_graph {
	int rows, cols;
	/* glyph[r][c]: the text of a cell (one column wide), row 0 on top. */
	char glyph[UI_GRAPH_MAX_ROWS][UI_GRAPH_MAX_COLS][4];
	bool above[UI_GRAPH_MAX_ROWS][UI_GRAPH_MAX_COLS]; /* over the zero
	                                                    line */
	/* The row under the graph: '^' the shown ply, '?' a mistake or a
	 * blunder, '.' an inaccuracy, ' ' nothing. */
	char marks[UI_GRAPH_MAX_COLS];
	enum record_mark mark_of[UI_GRAPH_MAX_COLS];
	size_t first_ply[UI_GRAPH_MAX_COLS]; /* ply each column starts at */
};

/* Draws moves pts[0..n) (pts[i]: after move i, shown as ply i + 1) into
 * rows x cols cells; scale is the score drawn at the top (clamped there);
 * shown is the ply on the board (0: the start). */
void ui_graph_render(struct ui_graph *g, const struct ui_graph_point *pts,
                     size_t n, size_t shown, int scale, int rows, int cols,
                     bool ascii);

#endif
