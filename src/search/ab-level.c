/*
 * A weak level that sees a win plays it as its budget would (man page
 * "Strength levels").  A level's weakening (noise on its evaluation, a
 * shorter horizon) misjudges positions; in a game it had already won that
 * cost it more than its strength: from positions at 95% for it, against
 * the default level, its node budget unweakened won 10 to 13 points more
 * often (TZAAR and Tetress, levels 1 and 4).  So a weak level first looks
 * at the position with its node budget and without the weakening; when
 * that look gives its side at least 80% of win chance (the game's
 * caps.winchance.level_won), it plays the look's move, and otherwise it
 * searches weakened as before.  The look's nodes count with the level's;
 * it stays deterministic (node-limited, one thread).
 */
#include "config.h"

#include "search/ab-internal.h"

/* The win chance from which a weak level plays unweakened, 80%, is a
 * score in each game's table (level_won), not a reading of the review's
 * map: the levels were measured with it (NEWS 0.2.1), and a refit of the
 * map must not change them.  TZAAR's level 1 (200 nodes), from 160
 * positions at 95% against the default level, won 7.5 points less often
 * than its budget unweakened with 90% here, 3.1 with 80% and 1.9 with
 * 70%; 80% keeps the level's own judgement in more of the positions it
 * has not yet won. */
bool
ab_level_sees_win(struct alphabeta *ab, const struct game_ops *ops,
                  const struct game_pos *pos, const struct search_limits *lim,
                  const atomic_bool *stop, struct alphabeta_result *clear)
{
	if (lim->eval_noise <= 0 || lim->nodes == 0 ||
	    ops->caps.winchance.level_won <= 0)
		return false;
	struct search_limits plain = *lim;
	plain.eval_noise = 0;
	plain.depth = 0;
	ab_run_once(ab, ops, pos, &plain, stop, NULL, NULL, clear);
	return clear->has_move && clear->score >= ops->caps.winchance.level_won;
}
