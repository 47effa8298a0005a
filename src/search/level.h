/*
 * Named strength levels, 1 (weakest) to 10 (strongest).  Each is a node
 * budget; the weaker ones also see fewer plies ahead and judge positions
 * less precisely: their evaluation is off by an amount that depends on the
 * position and on a seed drawn once per game, so a weak level misjudges a
 * position the same way each time it meets it, as a person would, instead
 * of throwing a piece away at random (man page "Strength levels").  Node
 * budgets rather than depths or times keep a level comparable across games
 * with very different branching factors, and the same game on any machine.
 */
#ifndef TABULA_SEARCH_LEVEL_H
#define TABULA_SEARCH_LEVEL_H

#include <stdbool.h>

#include "search/search.h"

#define LEVEL_MIN     1
#define LEVEL_MAX     GAME_LEVELS
#define LEVEL_DEFAULT 7

/* Fills lim's node, depth and noise fields for level (clamped to
 * LEVEL_MIN..LEVEL_MAX) of game ops (its own table, or the default one
 * for NULL or a game without); leaves noise_seed to the caller, who draws
 * it once per game. */
void level_limits(const struct game_ops *ops, int level,
                  struct search_limits *lim);

/* The row of level (clamped) of game ops, as level_limits reads it. */
const struct game_level *level_row(const struct game_ops *ops, int level);

/* The measured Elo of level in game ops (random player = 0; man page
 * "Strength levels"): 0 for a level not measured, -1 for a game without
 * a table. */
int level_elo(const struct game_ops *ops, int level);

/* The measured level whose Elo in ops is nearest elo (ties: the weaker),
 * or 0 if the game has none. */
int level_for_elo(const struct game_ops *ops, int elo);

/* The noise seed of a game: from the seed of its set-up or match and its
 * start position, so the same game gets the same misjudgements. */
uint64_t level_game_seed(const struct game_ops *ops,
                         const struct game_pos *start, uint64_t seed);

#endif
