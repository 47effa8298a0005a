/*
 * The start menu (menu.c).
 */
#ifndef TABULA_UI_MENU_H
#define TABULA_UI_MENU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "ui/keytab.h"
#include "ui/screen.h"

struct ui_app;

/* The menu as a screen over the struct ui_app. */
extern const struct ui_screen_ops ui_screen_menu;
/* Starts a game of ops: who[i] is 0 for a human or an engine level; the
 * set-up is random with seed when random_setup and the game has random
 * set-ups; a game fed by a stream takes its pieces from pieces_file, or
 * from the seed when it is NULL or "". */
bool ui_menu_start(struct ui_app *app, const struct game_ops *ops,
                   const int who[2], bool random_setup, uint64_t seed,
                   const char *pieces_file, char *err, size_t err_size);

/* The menu's keys. */
extern const struct ui_keytab ui_menu_keytab;

#endif
