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

/* Texts the grid had to shorten in one frame, at most (the rest are
 * counted). */
#define UI_GRID_CUTS 16

/* A text the grid shortened: where, and what was asked for. */
struct ui_grid_cut {
	int y, x;
	char text[120];
};

struct ui_grid {
	int width, height;
	struct ui_cell *cells;
	int cursor_y, cursor_x; /* hardware cursor; -1 = hidden */
	/* What ends a shortened text ("…", or ">" in ASCII); "" when unset. */
	const char *ellipsis;
	/* The texts ui_grid_print shortened since the last clear: a screen
	 * that fits shortens nothing (its own long texts are fitted with
	 * ui_text_fit first); the headless mode prints them (`cuts`). */
	struct ui_grid_cut cuts[UI_GRID_CUTS];
	int cut_count;
};

/* Sizes the grid (contents cleared); false if out of memory. */
bool ui_grid_resize(struct ui_grid *g, int width, int height);

/* Frees the grid's cells. */
void ui_grid_free(struct ui_grid *g);

/* Blank cells in ROLE_NORMAL, cursor hidden. */
void ui_grid_clear(struct ui_grid *g);

/* The cell at (y, x), or NULL outside the grid. */
struct ui_cell *ui_grid_at(struct ui_grid *g, int y, int x);

/* Writes UTF-8 text from (y, x), one column per character, within max
 * columns and the right edge (max < 0: the edge); returns the columns
 * written.  Text that does not fit is never cut inside a word: it ends
 * at the last blank that fits, followed by the ellipsis (a single word
 * too long is cut before the ellipsis), and the shortening is noted in
 * the grid's cuts. */
int ui_grid_print(struct ui_grid *g, int y, int x, int max, int role,
                  const char *text);

/* text shortened to at most width columns as ui_grid_print would, into
 * buf: whole when it fits, else ending at a word's end and the ellipsis
 * (NULL or "": none).  For texts a screen expects may be long (names,
 * comments) and fits on purpose. */
void ui_text_fit(char *buf, size_t size, const char *text, int width,
                 const char *ellipsis);

/* Prints text from (y, x) in rows of at most w columns, broken at
 * blanks, at most rows rows (the last one fitted as ui_text_fit does);
 * returns the rows used. */
int ui_grid_wrap(struct ui_grid *g, int y, int x, int w, int rows, int role,
                 const char *text);

/* The rows ui_grid_wrap would use for text in w columns, at most rows. */
int ui_text_rows(const char *text, int w, int rows);

/* Columns of UTF-8 text (one a character). */
int ui_text_width(const char *text);

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
