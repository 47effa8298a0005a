/*
 * Win chance (see winchance.h): two logistic curves a draw margin apart,
 * the model tabula(6) "Win chance" describes.
 */
#include "config.h"

#include <math.h>

#include "search/search.h"
#include "search/winchance.h"

bool
winchance_known(const struct game_ops *ops)
{
	return ops != NULL && ops->caps.winchance.scale > 0;
}

/* The chance of a win at score under map (0..1). */
static double
winchance_win(const struct game_winchance *map, double score)
{
	return 1.0 / (1.0 + exp(-(score - map->draw) / map->scale));
}

/* side's score as the map reads it: with the first player's edge. */
static double
winchance_shifted(const struct game_winchance *map, int side, double score)
{
	return score + (side == 0 ? map->first : -map->first);
}

double
winchance_expected(const struct game_winchance *map, int side, double score)
{
	double s = winchance_shifted(map, side, score);
	double win = winchance_win(map, s);
	double loss = winchance_win(map, -s);
	return (win + (1.0 - loss)) / 2.0;
}

bool
winchance_wdl(const struct game_ops *ops, int side, int score,
              struct winchance_wdl *out)
{
	*out = (struct winchance_wdl){0, 0, 0};
	if (!winchance_known(ops))
		return false;
	int plies;
	if (search_score_is_mate(score, &plies)) {
		if (plies > 0)
			out->win = 1000;
		else
			out->loss = 1000;
		return true;
	}
	const struct game_winchance *map = &ops->caps.winchance;
	double s = winchance_shifted(map, side, score);
	out->win = (int)lround(1000.0 * winchance_win(map, s));
	out->loss = (int)lround(1000.0 * winchance_win(map, -s));
	if (out->win + out->loss > 1000) /* rounding, without draws */
		out->loss = 1000 - out->win;
	out->draw = 1000 - out->win - out->loss;
	return true;
}

int
winchance_of(const struct game_ops *ops, int side, int score)
{
	if (!winchance_known(ops))
		return WINCHANCE_ONE / 2;
	int plies;
	if (search_score_is_mate(score, &plies))
		return plies > 0 ? WINCHANCE_ONE : 0;
	return (int)lround(
	        WINCHANCE_ONE *
	        winchance_expected(&ops->caps.winchance, side, score));
}
