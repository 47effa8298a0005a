/*
 * The search's evaluation of Infexion positions: power and its lead,
 * captures each side has next move, safe power, spawn room and the turn
 * limit, with named weights.
 */
#ifndef TABULA_GAMES_INFEXION_EVAL_H
#define TABULA_GAMES_INFEXION_EVAL_H

#include "core/game.h"

/* Score of an Infexion position from the side to move's view. */
int infexion_eval(const struct game_pos *pos);

#endif
