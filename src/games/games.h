/*
 * Every game tabula knows, listed once.  GAMES_EACH(X) expands X(name) for
 * each game, in the order menus and help texts list them; the registry
 * (games/registry.c) builds its table of name##_game from it and the
 * terminal UI its table of board views ui_board_##name (ui/views.c).
 * Adding a game is one X(name) here, beside the game's own files and its
 * board view.
 */
#ifndef TABULA_GAMES_GAMES_H
#define TABULA_GAMES_GAMES_H

#include "core/game.h"

#define GAMES_EACH(X) X(tetress) X(infexion) X(tzaar) X(tetris)

#define GAMES_DECLARE_OPS(name) extern const struct game_ops name##_game;
GAMES_EACH(GAMES_DECLARE_OPS)
#undef GAMES_DECLARE_OPS

#endif
