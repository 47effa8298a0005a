/*
 * The game screen's command table (keys.c).
 */
#ifndef TABULA_UI_KEYS_H
#define TABULA_UI_KEYS_H

struct ui_app;

/* Handles one key on the game screen. */
void ui_keys_handle(struct ui_app *app, int key);
/* Handles a mouse click at screen (y, x) on the game screen. */
void ui_keys_click(struct ui_app *app, int y, int x);
/* Writes the help lines (key, description) through fn. */
void ui_keys_each(void (*fn)(void *ctx, const char *keys, const char *what),
                  void *ctx);

#endif
