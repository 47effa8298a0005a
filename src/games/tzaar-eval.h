/*
 * The search's evaluation of TZAAR positions: material weighted by the
 * scarcity of each type, the safety of each type's tallest stack, captures
 * available (zone of control) and threats to the last stack of a type,
 * with named weights.
 */
#ifndef TABULA_GAMES_TZAAR_EVAL_H
#define TABULA_GAMES_TZAAR_EVAL_H

#include "core/game.h"

/* Score of a TZAAR position from the side to move's view. */
int tzaar_eval(const struct game_pos *pos);

#endif
