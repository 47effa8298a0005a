/*
 * Accuracy (see accuracy.h).  The constants are the man page's: change
 * them there too, and the worked example in tests/check_review.c.
 */
#include "config.h"

#include <math.h>

#include "search/winchance.h"
#include "study/accuracy.h"

/* Points of win chance over which a move's accuracy falls by a factor
 * of e: a loss of 10 points leaves 51%, 20 points 26%, 30 points 14%. */
static const double ACCURACY_FALL = 15.0;
/* The harmonic mean's floor, so that one blunder weighs like a run of
 * ten bad moves, not like the whole game. */
static const double ACCURACY_FLOOR = 0.10;
/* The least weight of a move, in a game already decided. */
static const double ACCURACY_MIN_STAKE = 0.05;

int
accuracy_of_move(int loss)
{
	double points = loss > 0 ? loss / 100.0 : 0.0;
	return (int)lround(WINCHANCE_ONE * exp(-points / ACCURACY_FALL));
}

double
accuracy_stake(int chance_before)
{
	double p = (double)chance_before / WINCHANCE_ONE;
	double stake = 4.0 * p * (1.0 - p);
	return stake > ACCURACY_MIN_STAKE ? stake : ACCURACY_MIN_STAKE;
}

void
accuracy_count(struct review_summary *sum, int side, int chance_before,
               int loss, enum record_mark mark)
{
	double a = (double)accuracy_of_move(loss) / WINCHANCE_ONE;
	double w = accuracy_stake(chance_before);
	sum->moves[side]++;
	sum->marks[side][mark]++;
	sum->stake[side] += w;
	sum->weighted[side] += w * a;
	sum->inverse[side] += w / (a > ACCURACY_FLOOR ? a : ACCURACY_FLOOR);
}

int
review_accuracy(const struct review_summary *sum, int side)
{
	if (sum->moves[side] == 0 || sum->stake[side] <= 0.0)
		return WINCHANCE_ONE;
	double mean = sum->weighted[side] / sum->stake[side];
	double harmonic = sum->stake[side] / sum->inverse[side];
	return (int)lround(WINCHANCE_ONE * (mean + harmonic) / 2.0);
}
