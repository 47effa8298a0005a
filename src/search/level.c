/*
 * The strength levels.  Every level searches a fixed number of nodes; up to
 * level 6 it also stops at a depth and adds noise to its evaluation (see
 * search/level.h and the man page's "Strength levels" for why and for the
 * Elo each level measured).
 */
#include "config.h"

#include <stdlib.h>

#include "core/rng.h"
#include "search/level.h"

/* A game without a win-chance map (a toy) has noise in these units. */
static const int LEVEL_NOISE_UNIT = 100;

static const struct level_info level_table[LEVEL_MAX - LEVEL_MIN + 1] = {
        {1, 200, 2, 200},    {2, 500, 2, 150},  {3, 1000, 3, 100},
        {4, 3000, 4, 60},    {5, 10000, 5, 30}, {6, 30000, 6, 15},
        {7, 100000, 0, 0},   {8, 300000, 0, 0}, {9, 1000000, 0, 0},
        {10, 3000000, 0, 0},
};

const struct level_info *
level_info(int level)
{
	if (level < LEVEL_MIN)
		level = LEVEL_MIN;
	if (level > LEVEL_MAX)
		level = LEVEL_MAX;
	return &level_table[level - LEVEL_MIN];
}

void
level_limits(const struct game_ops *ops, int level, struct search_limits *lim)
{
	const struct level_info *li = level_info(level);
	lim->nodes = li->nodes;
	if (li->level == LEVEL_MAX && ops != NULL &&
	    ops->caps.top_level_nodes > 0)
		lim->nodes = ops->caps.top_level_nodes;
	lim->depth = li->depth;
	lim->multipv = 1;
	int unit = ops != NULL && ops->caps.winchance.scale > 0
	                   ? ops->caps.winchance.scale
	                   : LEVEL_NOISE_UNIT;
	lim->eval_noise = li->noise * unit / 100;
}

int
level_elo(const struct game_ops *ops, int level)
{
	if (ops == NULL || ops->caps.level_elo == NULL)
		return -1;
	return ops->caps.level_elo[level_info(level)->level - LEVEL_MIN];
}

int
level_for_elo(const struct game_ops *ops, int elo)
{
	if (ops == NULL || ops->caps.level_elo == NULL)
		return 0;
	int best = LEVEL_MIN;
	for (int level = LEVEL_MIN + 1; level <= LEVEL_MAX; level++) {
		if (abs(level_elo(ops, level) - elo) <
		    abs(level_elo(ops, best) - elo))
			best = level;
	}
	return best;
}

uint64_t
level_game_seed(const struct game_ops *ops, const struct game_pos *start,
                uint64_t seed)
{
	struct rng r;
	rng_seed(&r, ops->hash(start) ^ (seed * 0x9E3779B97F4A7C15ULL));
	return rng_next(&r);
}
