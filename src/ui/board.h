/*
 * Board views: how each game's board is drawn and how its cells are picked.
 * A view reads the position only through the public contract (the position
 * strings and the move notation: POSITION STRINGS and NOTATION in tabula(6)),
 * so it never depends on a game's internals: decode turns a position string
 * into cells, move_cells names the cells a move's text touches, and everything
 * else (highlights, cursor, selection) is generic and lives in the caller.
 */
#ifndef TABULA_UI_BOARD_H
#define TABULA_UI_BOARD_H

#include <stdbool.h>
#include <stddef.h>

#include "games/games.h"
#include "ui/grid.h"

/* The most cells of any board (the Tetris well: 20 x 10). */
#define UI_BOARD_MAX_CELLS 200

/* Room for a piece's text in a cell ("r3", "C12", "#"). */
#define UI_PIECE_TEXT 4

/* One cell as the position string describes it. */
struct ui_piece {
	char text[UI_PIECE_TEXT]; /* "" when empty */
	signed char owner;        /* -1 empty, 0 player 1, 1 player 2 */
};

/* What a view decodes from a position string besides the cells. */
struct ui_board_info {
	char current[4], next[4]; /* Tetris: pieces to place */
	long score;               /* Tetris: score so far */
};

/* The glyph set in use (UTF-8 or ASCII). */
struct ui_glyphs {
	const char *empty;  /* an empty cell */
	const char *filled; /* a filled Tetris cell (two columns) */
	const char *ghost;  /* a ghost Tetris cell (two columns) */
	const char *vline, *hline, *corner_bl, *corner_br;
	const char *cleared; /* a cell just emptied by a clear */
	const char *hole;    /* TZAAR's centre */
	const char *ellipsis;
};

/* The state of one cell as the caller wants it drawn. */
struct ui_board_mark {
	unsigned char role; /* ROLE_NORMAL: the piece's own colour */
	char overlay[4];    /* text drawn instead of the piece, "" = none */
};

struct ui_board_view {
	const char *game;
	int cells;      /* cells on the board */
	int height;     /* rows the drawing takes */
	int width;      /* columns the drawing takes */
	int cell_width; /* columns of one cell's text */
	bool unordered; /* a move is a set of cells (Tetress), else a path */
	int row_step;   /* screen rows between a cell and the one "above" */
	bool passes;    /* the notation has a pass ("pass", TZAAR) */
	/* What the engine's scores count, for the help (tabula(6),
	 * REVIEW: "Scores are the engine's evaluation"). */
	const char *units;

	/* Reads a position string into cells[]; false if it is not one. */
	bool (*decode)(const char *fen, struct ui_piece *cells,
	               struct ui_board_info *info);

	/* Where the text of cell i starts, relative to the drawing. */
	void (*cell_xy)(int cell, int *y, int *x);

	/* The cell's name in the game's notation ("6-3", "3,4", "F3"). */
	void (*cell_name)(int cell, char *buf, size_t size);

	/* The cells a move's canonical text names, in order; returns the
	 * count (0: the move names no cell, e.g. a pass). */
	int (*move_cells)(const char *text, int *cells, int max);

	/* The move text that cells[0..n) spell, for asking parse_move why
	 * it is illegal; false when the cells spell no move. */
	bool (*spell)(const int *cells, int n, char *buf, size_t size);

	/* Optional, for a torus: the screen offset from cell `from` to cell
	 * `to` going the short way round (a neighbour across the seam is
	 * one step away), for aiming at a move's target with a direction
	 * key.  NULL: the offset between where the two are drawn. */
	void (*offset)(int from, int to, int *dy, int *dx);

	/* Draws the labels and everything around the cells. */
	void (*frame)(struct ui_grid *g, int oy, int ox,
	              const struct ui_glyphs *gl, const struct ui_piece *cells,
	              const struct ui_board_mark *marks);
};

/* The view for a game, or NULL when there is none (views.c). */
const struct ui_board_view *ui_board_find(const char *game);

/* The glyph for a cell's text: "#" (filled), "::" (ghost) and "~" (just
 * cleared) stand for glyphs of the set in use; other text is itself. */
const char *ui_board_glyph(const struct ui_glyphs *gl, const char *text);

/* Draws the cells of a board at (oy, ox) with the given marks. */
void ui_board_draw(struct ui_grid *g, int oy, int ox,
                   const struct ui_board_view *v, const struct ui_glyphs *gl,
                   const struct ui_piece *cells,
                   const struct ui_board_mark *marks);

/* Marks a cell (none when cell < 0) with a role and an overlay (NULL:
 * none). */
void ui_board_mark_set(struct ui_board_mark *marks, int cell, int role,
                       const char *overlay);

/* The cell drawn at screen (y, x) for a board at (oy, ox), or -1. */
int ui_board_hit(const struct ui_board_view *v, int oy, int ox, int y, int x);

/* The nearest cell from `from` in direction (dy, dx) on screen (each -1,
 * 0 or 1; both non-zero: a diagonal), wrapping round an edge when nothing
 * is that way (diagonals stay put), or from. */
int ui_board_step(const struct ui_board_view *v, int from, int dy, int dx);

/* The nearest cell that way among the cells with among[cell] set, the
 * short way round a torus (the view's offset); NULL: every cell, as drawn.
 * -1 when there is none. */
int ui_board_step_among(const struct ui_board_view *v, int from, int dy, int dx,
                        const bool *among);

/* Each game's view is ui_board_NAME, in ui/board-NAME.c (games/games.h). */
#define UI_BOARD_DECLARE(name)                                                 \
	extern const struct ui_board_view ui_board_##name;
GAMES_EACH(UI_BOARD_DECLARE)
#undef UI_BOARD_DECLARE

#endif
