/*
 * Small games for testing the search through the real game interface:
 * tic-tac-toe on 3x3 (three in a row), a 5x5 board with four in a row (a
 * tree far too big to finish, for time and stop tests), and "double nim",
 * where each turn is two sub-moves by the same player, as in TZAAR.
 */
#ifndef TABULA_TESTS_TOYGAME_H
#define TABULA_TESTS_TOYGAME_H

#include "core/game.h"

/* Tic-tac-toe: cells 0..8 row by row; position "xo.......  x" style:
 * nine cells of x, o or '.', a space, the side to move. */
extern const struct game_ops toy_ttt3;

/* Four in a row on 5x5: 25 cells, then the side to move. */
extern const struct game_ops toy_ttt5;

/* Double nim: a pile of stones (setup.seed, or 10); a turn is a sub-move
 * taking 1 or 2, then a second taking 1 or 2 or passing ("0"); who takes
 * the last stone wins.  Position "<pile> <side x|o> <sub 0|1>". */
extern const struct game_ops toy_nim2;

#endif
