/*
 * The evaluation graph (tabula(6), REVIEW): the first player's win chance
 * over the game, 0% at the bottom to 100% at the top, drawn as columns of
 * block characters rising from the bottom (ASCII '#' without UTF-8), the
 * 50% line across the middle, and a row under it with the marks and the
 * shown ply.  Win chance, not score, so that a decided game does not sit
 * at the top as a block: it shows where the chance left the middle.
 * Pure: it turns numbers into glyphs and knows nothing of the app.
 */
#ifndef TABULA_UI_GRAPH_H
#define TABULA_UI_GRAPH_H

#include <stdbool.h>
#include <stddef.h>

#include "core/record.h"

#define UI_GRAPH_MAX_ROWS 8
#define UI_GRAPH_MAX_COLS 160

/* The win chance after one move, as a review left it. */
struct ui_graph_point {
	bool known;
	int chance; /* first player's, search/winchance.h units */
	enum record_mark mark;
};

struct ui_graph {
	int rows, cols;
	/* glyph[r][c]: the text of a cell (one column wide), row 0 on top. */
	char glyph[UI_GRAPH_MAX_ROWS][UI_GRAPH_MAX_COLS][4];
	bool above[UI_GRAPH_MAX_ROWS][UI_GRAPH_MAX_COLS]; /* over the zero
	                                                    line */
	/* The row under the graph: '^' the shown ply, 'X' a blunder (drawn
	 * as one glyph, U+2047 where there is UTF-8), '?' a mistake, '.' an
	 * inaccuracy, ' ' nothing. */
	char marks[UI_GRAPH_MAX_COLS];
	enum record_mark mark_of[UI_GRAPH_MAX_COLS];
	size_t first_ply[UI_GRAPH_MAX_COLS]; /* ply each column starts at */
};

/* Draws moves pts[0..n) (pts[i]: after move i, shown as ply i + 1) into
 * rows x cols cells; shown is the ply on the board (0: the start). */
void ui_graph_render(struct ui_graph *g, const struct ui_graph_point *pts,
                     size_t n, size_t shown, int rows, int cols, bool ascii);

#endif
