/*
 * The game screen as the stack hosts it (game-screen.c).
 */
#ifndef TABULA_UI_GAME_SCREEN_H
#define TABULA_UI_GAME_SCREEN_H

#include "ui/screen.h"

/* The board, the panel and the status line, as a screen over the struct
 * ui_app: at the bottom of the stack. */
extern const struct ui_screen_ops ui_screen_game;

#endif
