/*
 * Screens and the stack that hosts them (htop's Panel and ScreenManager,
 * ncdu's draw-and-key pairs).  A screen is a table of functions over a
 * state it owns: it draws into the grid, takes a key or a click, and
 * names the descriptors and the timeout it waits on.  The host keeps the
 * screens in a stack: the top one is drawn and takes the keys; every
 * screen on the stack is waited on, so a game's engine or a room's
 * connection goes on under a menu.  One loop (ui_screen_run) serves the
 * whole terminal UI and `tabula puzzle` alike; the headless mode (script.c)
 * drives the same functions with keys from a file.
 */
#ifndef TABULA_UI_SCREEN_H
#define TABULA_UI_SCREEN_H

#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ui/grid.h"
#include "ui/keytab.h"

struct ui_host;

/* Descriptors one screen waits on, at most. */
#define UI_SCREEN_FDS 4
/* Screens on the stack, at most. */
#define UI_SCREEN_DEPTH 8

struct ui_screen_ops {
	const char *name;
	const char *title; /* for the help's title: "the menu" */
	/* Brought to the top by push or show (not by a pop above it):
	 * false, with the status line saying why, when it cannot open; may
	 * be NULL. */
	bool (*enter)(struct ui_host *h, void *ctx);
	/* Taken off the stack: frees what it owns; may be NULL. */
	void (*close)(struct ui_host *h, void *ctx);
	/* The smallest terminal it lays out in (0: it copes itself). */
	void (*min_size)(void *ctx, int *width, int *height);
	/* Draws the screen into g (cleared before). */
	void (*draw)(struct ui_host *h, void *ctx, struct ui_grid *g);
	/* One key (curses codes), when on top; NULL: keys takes it. */
	void (*key)(struct ui_host *h, void *ctx, int key);
	/* A click at screen (y, x), when on top; may be NULL. */
	void (*click)(struct ui_host *h, void *ctx, int y, int x);
	/* After every key, for each screen on the stack, told whether it
	 * is on top; may be NULL. */
	void (*settle)(struct ui_host *h, void *ctx, bool on_top);
	/* Fills fds (POLLIN each) with the descriptors to wait on; returns
	 * how many; may be NULL. */
	int (*fds)(void *ctx, struct pollfd *fds, int max);
	/* Some of those descriptors are ready (revents filled). */
	void (*ready)(struct ui_host *h, void *ctx, const struct pollfd *fds,
	              int n);
	/* The longest the loop may sleep for this screen, at most timeout
	 * ms; may be NULL. */
	int (*wait_ms)(void *ctx, int timeout);
	/* Each time the loop wakes; may be NULL. */
	void (*tick)(struct ui_host *h, void *ctx);
	/* Tells the help screen (`?`) the screen's keys as they are now,
	 * its own table first, and any text that explains them. */
	void (*help)(void *ctx, const struct ui_help_sink *sink);
	/* A screen whose keys are all in one table (its ctx is then the
	 * app): the table that takes a key when key is NULL and tells the
	 * help when help is NULL. */
	const struct ui_keytab *keys;
};

struct ui_screen {
	const struct ui_screen_ops *ops;
	void *ctx;
};

/* The frame every screen draws into, and the stack (owner: screen.c;
 * the screens set quit and dirty). */
struct ui_host {
	struct ui_grid grid;
	struct ui_screen stack[UI_SCREEN_DEPTH];
	int depth;
	bool quit;          /* leave the loop (also when the stack is empty) */
	bool dirty;         /* the screen needs a redraw */
	unsigned long keys; /* keys taken so far, this one included */
	/* Where each frame's shortened texts are written (TABULA_CUTS_LOG,
	 * for the screen tests that drive a terminal); NULL: nowhere. */
	FILE *cuts_log;
	int exit_status;
};

/* Pushes a screen and enters it; false when it would not open or the
 * stack is full. */
bool ui_screen_push(struct ui_host *h, const struct ui_screen_ops *ops,
                    void *ctx);
/* Closes the top screen; an empty stack ends the loop. */
void ui_screen_pop(struct ui_host *h);
/* Shows ops: pops the screens above it when it is on the stack, else
 * pushes it; enters it either way.  False when it would not open. */
bool ui_screen_show(struct ui_host *h, const struct ui_screen_ops *ops,
                    void *ctx);
/* Goes back to ops as it was left: pops the screens above it, or pushes
 * it when it is not on the stack; it is not entered either way. */
void ui_screen_back_to(struct ui_host *h, const struct ui_screen_ops *ops,
                       void *ctx);
/* Closes every screen, top first. */
void ui_screen_close_all(struct ui_host *h);
/* The top screen's table, or NULL. */
const struct ui_screen_ops *ui_screen_top(const struct ui_host *h);

/* Draws the top screen (or the "too small" notice) into h->grid. */
void ui_screen_draw(struct ui_host *h);
/* One key for the top screen, then every screen settles. */
void ui_screen_key(struct ui_host *h, int key);
/* A click for the top screen. */
void ui_screen_click(struct ui_host *h, int y, int x);

/* Opens path (appended, a regular file, never through a symbolic link)
 * as the log of the texts each frame had to shorten; false with a
 * message. */
bool ui_screen_log_cuts(struct ui_host *h, const char *path, char *err,
                        size_t err_size);

/* The terminal loop: opens the terminal (color: UI_COLOR_*, light
 * theme), sleeps in poll() on the keys, one signal pipe and every
 * screen's descriptors, handles every key at once and redraws at most
 * fps times a second, until a screen quits, the stack empties, a signal
 * comes or the terminal goes; then closes the terminal.  False with a
 * message when the terminal or the pipe could not be had. */
bool ui_screen_run(struct ui_host *h, int color, bool light, int fps, char *err,
                   size_t err_size);

#endif
