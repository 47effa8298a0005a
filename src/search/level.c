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

/* For games without their own table (toys, and games of one player): the
 * weak levels are as the two-player games' are, near enough, for an
 * evaluation where 100 is about one piece. */
static const struct game_level level_default_table[GAME_LEVELS] = {
        {200, 2, 200, 0},   {500, 2, 150, 0},  {1000, 2, 100, 0},
        {3000, 3, 60, 0},   {10000, 4, 30, 0}, {30000, 5, 15, 0},
        {100000, 0, 0, 0},  {300000, 0, 0, 0}, {1000000, 0, 0, 0},
        {3000000, 0, 0, 0},
};

const struct game_level *
level_row(const struct game_ops *ops, int level)
{
	if (level < LEVEL_MIN)
		level = LEVEL_MIN;
	if (level > LEVEL_MAX)
		level = LEVEL_MAX;
	const struct game_level *table = ops != NULL && ops->caps.levels
	                                         ? ops->caps.levels
	                                         : level_default_table;
	return &table[level - LEVEL_MIN];
}

void
level_limits(const struct game_ops *ops, int level, struct search_limits *lim)
{
	const struct game_level *row = level_row(ops, level);
	lim->nodes = row->nodes;
	lim->depth = row->depth;
	lim->multipv = 1;
	lim->eval_noise = row->noise;
}

int
level_elo(const struct game_ops *ops, int level)
{
	if (ops == NULL || ops->caps.levels == NULL)
		return -1;
	return level_row(ops, level)->elo;
}

int
level_for_elo(const struct game_ops *ops, int elo)
{
	if (ops == NULL || ops->caps.levels == NULL)
		return 0;
	int best = 0;
	for (int level = LEVEL_MIN; level <= LEVEL_MAX; level++) {
		int e = level_elo(ops, level);
		if (e > 0 && (best == 0 ||
		              abs(e - elo) < abs(level_elo(ops, best) - elo)))
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
