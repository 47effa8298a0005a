/*
 * The virtual screen: a grid of cells, each a glyph and a semantic role.
 * Every screen (board, panel, menu, help) draws here and only here; the
 * terminal layer maps roles to curses attributes in one place, and the
 * headless mode writes the grid out as text for tests.
 */
#ifndef TABULA_UI_GRID_H
#define TABULA_UI_GRID_H

#include <stdbool.h>
#include <stdio.h>

/* Semantic roles: what a cell means, never how it looks. */
enum ui_role {
	ROLE_NORMAL,
	ROLE_DIM, /* labels, wrapped neighbours, hints */
	ROLE_TITLE,
	ROLE_P1,       /* player 1's pieces */
	ROLE_P2,       /* player 2's pieces */
	ROLE_CURSOR,   /* the cell under the cursor */
	ROLE_SELECTED, /* cells picked for the move being built */
	ROLE_TARGET,   /* legal continuations of the move being built */
	ROLE_LAST,     /* the last move */
	ROLE_GHOST,    /* the engine's principal variation */
	ROLE_CLEARED,  /* cells just emptied by a line clear */
	ROLE_WARN,     /* errors, "too small" */
	ROLE_STATUS,   /* the status line */
	ROLE_COUNT
};

/* Bytes of one glyph: a UTF-8 character of one column, NUL-terminated. */
#define UI_GLYPH_BYTES 5

struct ui_cell {
	char glyph[UI_GLYPH_BYTES];
	unsigned char role;
};

struct ui_grid {
	int width, height;
	struct ui_cell *cells;
	int cursor_y, cursor_x; /* hardware cursor; -1 = hidden */
};

/* Sizes the grid (contents cleared); false if out of memory. */
bool ui_grid_resize(struct ui_grid *g, int width, int height);

/* Frees the grid's cells. */
void ui_grid_free(struct ui_grid *g);

/* Blank cells in ROLE_NORMAL, cursor hidden. */
void ui_grid_clear(struct ui_grid *g);

/* The cell at (y, x), or NULL outside the grid. */
struct ui_cell *ui_grid_at(struct ui_grid *g, int y, int x);

/* Writes UTF-8 text from (y, x), one column per character, clipped at
 * the right edge or after max columns (max < 0: no limit); returns the
 * columns written. */
int ui_grid_print(struct ui_grid *g, int y, int x, int max, int role,
                  const char *text);

/* printf into the grid (see ui_grid_print). */
int ui_grid_printf(struct ui_grid *g, int y, int x, int max, int role,
                   const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Writes the grid as text, one line per row, trailing blanks trimmed. */
void ui_grid_dump(const struct ui_grid *g, FILE *out);

/* Writes the roles of the grid as letters (see ui_grid_role_letter), for
 * screen tests that check highlights as well as text. */
void ui_grid_dump_roles(const struct ui_grid *g, FILE *out);

/* One letter per role: ' ' normal, '.' dim, '1'/'2' players, 'C' cursor,
 * 'S' selected, 'T' target, 'L' last move, 'G' ghost, 'X' cleared, 'W'
 * warning, 't' title, 's' status. */
char ui_grid_role_letter(int role);

#endif
