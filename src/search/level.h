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
#define LEVEL_MAX     10
#define LEVEL_DEFAULT 7

struct level_info {
	int level;
	uint64_t nodes; /* node budget per move */
	int depth;      /* plies at most; 0 = as deep as the nodes go */
	/* Evaluation noise, in hundredths of the game's win-chance scale
	 * (game_caps.winchance: the score that changes the odds by a factor
	 * of e), so that it means the same misjudgement in every game. */
	int noise;
};

/* Fills lim's node, depth and noise fields for level (clamped to
 * LEVEL_MIN..LEVEL_MAX) in game ops (NULL: the table alone, as for a game
 * that sets no top_level_nodes); leaves noise_seed to the caller, who
 * draws it once per game. */
void level_limits(const struct game_ops *ops, int level,
                  struct search_limits *lim);

/* The table row of level (clamped), for help texts and the man page. */
const struct level_info *level_info(int level);

/* The measured Elo of level in game ops (random player = 0; man page
 * "Strength levels"), or -1 if the game has no table. */
int level_elo(const struct game_ops *ops, int level);

/* The level whose measured Elo in ops is nearest elo (ties: the weaker),
 * or 0 if the game has no table. */
int level_for_elo(const struct game_ops *ops, int elo);

/* The noise seed of a game: from the seed of its set-up or match and its
 * start position, so the same game gets the same misjudgements. */
uint64_t level_game_seed(const struct game_ops *ops,
                         const struct game_pos *start, uint64_t seed);

#endif
