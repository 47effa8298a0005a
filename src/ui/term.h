/*
 * All terminal policy in one place (as htop keeps it): opening the terminal
 * with newterm, colour themes from semantic roles (monochrome, 8 and 256
 * colours, NO_COLOR), the glyph sets, drawing the virtual grid, reading
 * keys and mouse clicks, and the signals that must restore the terminal.
 */
#ifndef TABULA_UI_TERM_H
#define TABULA_UI_TERM_H

#include <stdbool.h>
#include <stddef.h>

#include "ui/board.h"
#include "ui/grid.h"

enum { UI_COLOR_AUTO, UI_COLOR_NEVER, UI_COLOR_ALWAYS };

/* A key read from the terminal: a curses key code, or a click. */
struct ui_term_event {
	int key; /* ERR when there is nothing to read */
	bool click;
	int click_y, click_x;
};

/* The glyph set: UTF-8 unless ascii. */
const struct ui_glyphs *ui_term_glyphs(bool ascii);

/* Whether the locale's character set is UTF-8. */
bool ui_term_locale_utf8(void);

struct wake;

/* Installs the signal handlers: SIGHUP, SIGTERM and SIGINT set a flag and
 * wake w (core/wake.h); fatal signals restore the terminal first. */
void ui_term_signals(struct wake *w);

/* The signal that asked the program to end (0 if none). */
int ui_term_signalled(void);

/* Opens the terminal (curses on stdin/stdout); false with a message. */
bool ui_term_open(int color, bool light, char *err, size_t err_size);

/* Restores the terminal; safe to call twice. */
void ui_term_close(void);

/* The terminal's size. */
void ui_term_size(int *width, int *height);

/* Draws the grid and places the cursor. */
void ui_term_draw(const struct ui_grid *g);

/* The next key or click, or key == ERR when none is waiting. */
struct ui_term_event ui_term_read(void);

#endif
