/*
 * The evaluation graph (see graph.h).  A column stands for one move, or
 * for several when the game has more moves than the graph has columns (it
 * then shows the worst mark among them and the chance after the last).
 * A column's height is the win chance mapped onto eighths of the rows, so
 * the 50% line falls between the two middle rows.
 */
#include "config.h"

#include <string.h>

#include "search/winchance.h"
#include "ui/graph.h"

/* Eighths of a cell, from empty to full. */
static const char *const UI_GRAPH_BLOCKS[9] = {
        " ",
        "\xe2\x96\x81",
        "\xe2\x96\x82",
        "\xe2\x96\x83",
        "\xe2\x96\x84",
        "\xe2\x96\x85",
        "\xe2\x96\x86",
        "\xe2\x96\x87",
        "\xe2\x96\x88",
};

/* The height of a point in eighths of a cell, 0..rows*8. */
static int
ui_graph_height(const struct ui_graph_point *p, int rows)
{
	int top = rows * 8;
	if (!p->known)
		return top / 2;
	long c = p->chance < 0 ? 0 : p->chance;
	if (c > WINCHANCE_ONE)
		c = WINCHANCE_ONE;
	return (int)((c * top + WINCHANCE_ONE / 2) / WINCHANCE_ONE);
}

/* Whether a marks a worse move than b. */
static bool
ui_graph_worse(enum record_mark a, enum record_mark b)
{
	static const int rank[MARK_COUNT] = {
	        [MARK_INACCURACY] = 1, [MARK_MISTAKE] = 2, [MARK_BLUNDER] = 3};
	return rank[a] > rank[b];
}

/* A column's mark: a blunder has its own (two ? side by side read ??). */
static char
ui_graph_mark(enum record_mark worst)
{
	return worst == MARK_INACCURACY ? '.'
	       : worst == MARK_MISTAKE  ? '?'
	       : worst == MARK_BLUNDER  ? 'X'
	                                : ' ';
}

void
ui_graph_render(struct ui_graph *g, const struct ui_graph_point *pts, size_t n,
                size_t shown, int rows, int cols, bool ascii)
{
	memset(g, 0, sizeof *g);
	if (rows > UI_GRAPH_MAX_ROWS)
		rows = UI_GRAPH_MAX_ROWS;
	if (cols > UI_GRAPH_MAX_COLS)
		cols = UI_GRAPH_MAX_COLS;
	if (rows < 2 || cols < 1)
		return;
	/* Fewer moves than columns: one column per move, no stretching. */
	int used = n < (size_t)cols ? (int)n : cols;
	g->rows = rows;
	g->cols = cols;
	int half = rows * 8 / 2;
	for (int c = 0; c < cols; c++) {
		g->marks[c] = ' ';
		for (int r = 0; r < rows; r++)
			strcpy(g->glyph[r][c], " ");
		if (c >= used)
			continue;
		size_t from = (size_t)c * n / (size_t)used;
		size_t to = (size_t)(c + 1) * n / (size_t)used; /* exclusive */
		g->first_ply[c] = from + 1;
		enum record_mark worst = MARK_NONE;
		for (size_t i = from; i < to; i++)
			if (ui_graph_worse(pts[i].mark, worst))
				worst = pts[i].mark;
		g->mark_of[c] = worst;
		g->marks[c] = ui_graph_mark(worst);
		if (shown >= from + 1 && shown <= to)
			g->marks[c] = '^';
		const struct ui_graph_point *p = &pts[to - 1];
		if (!p->known)
			continue;
		int h = ui_graph_height(p, rows);
		for (int r = 0; r < rows; r++) {
			int bottom =
			        (rows - 1 - r) * 8; /* eighths below row r */
			int fill = h - bottom;
			fill = fill < 0 ? 0 : fill > 8 ? 8 : fill;
			g->above[r][c] = bottom >= half;
			if (ascii)
				strcpy(g->glyph[r][c], fill >= 4 ? "#" : " ");
			else
				strcpy(g->glyph[r][c], UI_GRAPH_BLOCKS[fill]);
		}
	}
	/* The 50% line, where a column leaves the cell empty. */
	if (rows % 2 == 0) {
		int r = rows / 2 - 1; /* the lowest row above zero */
		for (int c = 0; c < used; c++)
			if (strcmp(g->glyph[r][c], " ") == 0)
				strcpy(g->glyph[r][c],
				       ascii ? "_" : "\xe2\x96\x81");
	}
}
