/*
 * Win chance (tabula(6), "Win chance"): a search score read as the chance
 * that the side to move wins, by the map its game declares
 * (game_caps.winchance).  Forced results are certain: a win is 100%, a
 * loss 0%.  Game-agnostic; pure functions of the score.
 */
#ifndef TABULA_SEARCH_WINCHANCE_H
#define TABULA_SEARCH_WINCHANCE_H

#include <stdbool.h>

#include "core/game.h"

/* Hundredths of a percentage point: 10000 is a certain win. */
#define WINCHANCE_ONE 10000

/* Win, draw and loss in per mille, summing to 1000 (UCI's wdl). */
struct winchance_wdl {
	int win, draw, loss;
};

/* Whether ops declares a map (two-player games). */
bool winchance_known(const struct game_ops *ops);

/* The chances of side (0 the first player, 1 the second), to move, at
 * score (search units, its view, mate scores included): win, draw and
 * loss; false (out zeroed) when ops has no map. */
bool winchance_wdl(const struct game_ops *ops, int side, int score,
                   struct winchance_wdl *out);

/* The win chance (win + draw / 2) of side at score (its view), in
 * hundredths of a percentage point; WINCHANCE_ONE / 2 without a map. */
int winchance_of(const struct game_ops *ops, int side, int score);

/* The same under an explicit map (the tuner's candidates), 0..1. */
double winchance_expected(const struct game_winchance *map, int side,
                          double score);

#endif
