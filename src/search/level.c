/*
 * The strength levels.  Every level searches a fixed number of nodes; up to
 * level 6 the move is drawn among the best few moves whose score is within
 * a margin of the best one, so a weak level blunders small amounts but
 * never steps into a loss its search sees (a lost line scores far below
 * any margin).
 */
#include "config.h"

#include "search/level.h"

static const struct level_info level_table[LEVEL_MAX - LEVEL_MIN + 1] = {
        {1, 200, 8, 1000},   {2, 500, 6, 200},  {3, 1000, 5, 120},
        {4, 3000, 4, 80},    {5, 10000, 3, 40}, {6, 30000, 2, 15},
        {7, 100000, 1, 0},   {8, 300000, 1, 0}, {9, 1000000, 1, 0},
        {10, 3000000, 1, 0},
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
	lim->multipv = li->multipv;
	lim->random_margin = li->margin;
}
