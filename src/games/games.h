/*
 * The operation tables the games export; the registry is their only user.
 */
#ifndef TABULA_GAMES_GAMES_H
#define TABULA_GAMES_GAMES_H

#include "core/game.h"

extern const struct game_ops tetress_game;
extern const struct game_ops infexion_game;
extern const struct game_ops tzaar_game;
extern const struct game_ops tetris_game;

#endif
