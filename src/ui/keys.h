/*
 * The game screen's keys (keys.c).
 */
#ifndef TABULA_UI_KEYS_H
#define TABULA_UI_KEYS_H

#include "ui/keytab.h"

struct ui_app;

/* The game screen's table (for the man page's key list). */
extern const struct ui_keytab ui_keys_game;

/* Handles one key on the game screen: an open prompt's, else the mode's
 * (a room's game, a practice, the puzzles), else the game's. */
void ui_keys_handle(struct ui_app *app, int key);
/* Handles a mouse click at screen (y, x) on the game screen. */
void ui_keys_click(struct ui_app *app, int y, int x);
/* Tells the help the keys that work now: the mode's first, then the
 * game's that apply and that the mode neither takes nor refuses. */
void ui_keys_help(const struct ui_app *app, const struct ui_help_sink *sink);

#endif
