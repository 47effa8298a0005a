/*
 * The search's evaluation of Tetress positions (the game's own evaluate is
 * a plain token count): mobility, reachable territory, tokens, line-clear
 * threats and the turn limit, with named weights.
 */
#ifndef TABULA_GAMES_TETRESS_EVAL_H
#define TABULA_GAMES_TETRESS_EVAL_H

#include "core/game.h"

/* Score of a Tetress position from the side to move's view. */
int tetress_eval(const struct game_pos *pos);

#endif
