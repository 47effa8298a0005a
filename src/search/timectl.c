/*
 * Time allocation.  With a fixed movetime the search uses that time and no
 * more.  With clocks it budgets a share of the remaining time plus most of
 * the increment, lets a hard deadline stretch to a few budgets when the
 * search needs it, and always keeps a safety margin on the clock for the
 * replies to travel.  Plies are sub-moves in TZAAR, so "moves to go" is
 * counted in the plies this player still expects to choose.
 */
#include "config.h"

#include "search/timectl.h"

/* Plies of ours the remaining clock is assumed to cover. */
static const int64_t TIMECTL_MOVES_TO_GO = 30;
/* Share of the increment spent on this move, in percent. */
static const int64_t TIMECTL_INC_PERCENT = 75;
/* The hard deadline: this many budgets at most... */
static const int64_t TIMECTL_HARD_FACTOR = 4;
/* ...and never more than this share of the remaining clock, in percent. */
static const int64_t TIMECTL_HARD_CLOCK_PERCENT = 40;
/* A new iteration starts only before this share of a fixed movetime.  One
 * cut off by the deadline still counts when its first lines beat the last
 * score, so a late start is rarely wasted; at 60% a TZAAR turn of 1 s used
 * 0.72 s on average. */
static const int64_t TIMECTL_MOVETIME_SOFT_PERCENT = 85;
/* Time kept back for process and pipe delays. */
static const int64_t TIMECTL_OVERHEAD_MS = 20;
/* Never plan less than this (the search needs a few iterations). */
static const int64_t TIMECTL_MIN_MS = 5;

static int64_t
timectl_at_least(int64_t v, int64_t min)
{
	return v < min ? min : v;
}

void
timectl_plan(const struct search_limits *lim, int side,
             struct timectl_plan *plan)
{
	plan->soft_ms = 0;
	plan->hard_ms = 0;
	if (lim->infinite)
		return;
	if (lim->movetime_ms > 0) {
		plan->hard_ms = lim->movetime_ms;
		plan->soft_ms = timectl_at_least(
		        lim->movetime_ms * TIMECTL_MOVETIME_SOFT_PERCENT / 100,
		        1);
		return;
	}
	int64_t clock = lim->time_ms[side & 1];
	if (clock <= 0)
		return;
	int64_t inc = lim->inc_ms[side & 1];
	int64_t usable =
	        timectl_at_least(clock - TIMECTL_OVERHEAD_MS, TIMECTL_MIN_MS);
	int64_t budget =
	        usable / TIMECTL_MOVES_TO_GO + inc * TIMECTL_INC_PERCENT / 100;
	int64_t hard = budget * TIMECTL_HARD_FACTOR;
	int64_t cap = usable * TIMECTL_HARD_CLOCK_PERCENT / 100;
	if (hard > cap)
		hard = cap;
	if (budget > hard)
		budget = hard;
	plan->soft_ms = timectl_at_least(budget, TIMECTL_MIN_MS);
	plan->hard_ms = timectl_at_least(hard, TIMECTL_MIN_MS);
}
