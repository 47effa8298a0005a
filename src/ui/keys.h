/*
 * The game screen's command table (keys.c).
 */
#ifndef TABULA_UI_KEYS_H
#define TABULA_UI_KEYS_H

#include "ui/keyhelp.h"

struct ui_app;

/* Handles one key on the game screen. */
void ui_keys_handle(struct ui_app *app, int key);
/* Handles a mouse click at screen (y, x) on the game screen. */
void ui_keys_click(struct ui_app *app, int y, int x);
/* Writes the help lines (key, description) through fn: those that apply
 * to app's game, or every one when app is NULL (the man page). */
void ui_keys_each(const struct ui_app *app, ui_keyhelp_fn fn, void *ctx);

#endif
