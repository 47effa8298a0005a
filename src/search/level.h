/*
 * Named strength levels, 1 (weakest) to 10 (strongest): each maps to a
 * node budget, and the weaker ones also to a random choice among the moves
 * that do not throw the game (those within a score margin of the best).
 * Node budgets rather than depths or times keep a level comparable across
 * games with very different branching factors, and deterministic for a
 * given random seed.
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
	int multipv;    /* candidate moves scored */
	int margin;     /* 0 = always the best move */
};

/* Fills lim's node, MultiPV and random-choice fields for level (clamped to
 * LEVEL_MIN..LEVEL_MAX) in game ops (NULL: the table alone, as for a game
 * that sets no top_level_nodes); leaves random_seed to the caller. */
void level_limits(const struct game_ops *ops, int level,
                  struct search_limits *lim);

/* The table row of level (clamped), for help texts and the man page. */
const struct level_info *level_info(int level);

#endif
