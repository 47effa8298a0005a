/*
 * Infexion evaluation.  The game is decided by the power lead (at least 2
 * wins, at elimination or at the 343-action limit), so the lead is the
 * base.  A SPREAD takes over every enemy stack on its ray, so what a side
 * can take with one spread counts too: fully for the side to move (it
 * acts first), partly for the other (the side to move may still parry).
 * Power no enemy ray reaches is safe.  Once the board total reaches 49 no
 * one can spawn, and stacks are the only sources of moves; near the turn
 * limit the lead is all that matters.
 */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include "games/infexion-eval.h"
#include "games/infexion.h"

/* Per point of power lead. */
static const int IE_POWER = 100;
/* A lead of INFEXION_WIN_LEAD or more wins at the end: a bonus for it. */
static const int IE_WINNING_LEAD = 60;
/* Per point of lead the best spread would gain, for the side to move... */
static const int IE_OWN_CAPTURE = 70;
/* ...and per point the opponent's best spread would gain. */
static const int IE_THEIR_CAPTURE = 45;
/* Per point of power no enemy spread reaches. */
static const int IE_SAFE_POWER = 12;
/* Per stack (a source of spreads), more when spawning is no longer
 * possible (board total within IE_SPAWN_TIGHT of the limit). */
static const int IE_STACK = 8;
static const int IE_STACK_NO_SPAWN = 30;
static const int IE_SPAWN_TIGHT = 2;
/* The side to move is an action ahead: every action adds power (a SPAWN
 * one point, a SPREAD what it takes), so without this the score jumps
 * between odd and even search depths.  0.60 makes the start position
 * steady, where actions are spawns; later (tests/tools/steady-scores.py
 * parity) depth d + 1 still scored 2.2-3.0 below or above depth d by its
 * parity, 2.10 overshot (0.7-1.3 the other way) and 1.60 left 0.13-0.65.
 * The tempo grows from the first to the second over the first
 * IE_TEMPO_RAMP actions, as spreads begin to take. */
static const int IE_TEMPO_START = 60;
static const int IE_TEMPO = 160;
static const int IE_TEMPO_RAMP = 20;
/* The last IE_ENDGAME_TURNS actions weigh the lead more, per action. */
static const int IE_ENDGAME_TURNS = 30;
static const int IE_ENDGAME_STEP = 10;
/* Power of a stack that vanishes when one more point lands on it. */
static const int IE_FULL = INFEXION_MAX_POWER;

/* Change of (side - other) power if side spreads from cell in dir. */
static int
ie_spread_gain(const struct infexion_pos *p, int side, int cell, int dir)
{
	int k = infexion_cell_power(p->cell[cell]);
	int gain = -k; /* the source stack leaves its cell */
	for (int i = 1; i <= k; i++) {
		uint8_t v = p->cell[infexion_step(cell, dir, i)];
		int power = infexion_cell_power(v);
		if (power == 0)
			gain += 1;
		else if (power == IE_FULL)
			gain += infexion_cell_owner(v) == side ? -power : power;
		else if (infexion_cell_owner(v) == side)
			gain += 1;
		else
			gain += 2 * power + 1;
	}
	return gain;
}

/* The best lead gain of one spread by side; marks the cells its rays
 * reach in reached[]. */
static int
ie_best_spread(const struct infexion_pos *p, int side,
               bool reached[INFEXION_CELLS])
{
	int best = 0;
	for (int c = 0; c < INFEXION_CELLS; c++) {
		uint8_t v = p->cell[c];
		if (v == 0 || infexion_cell_owner(v) != side)
			continue;
		int k = infexion_cell_power(v);
		for (int d = 0; d < INFEXION_DIRS; d++) {
			int g = ie_spread_gain(p, side, c, d);
			if (g > best)
				best = g;
			for (int i = 1; i <= k; i++)
				reached[infexion_step(c, d, i)] = true;
		}
	}
	return best;
}

static int
ie_safe_power(const struct infexion_pos *p, int side,
              const bool enemy_reach[INFEXION_CELLS])
{
	int safe = 0;
	for (int c = 0; c < INFEXION_CELLS; c++) {
		uint8_t v = p->cell[c];
		if (v != 0 && infexion_cell_owner(v) == side && !enemy_reach[c])
			safe += infexion_cell_power(v);
	}
	return safe;
}

static int
ie_lead_weight(const struct infexion_pos *p)
{
	int late = p->turns - (INFEXION_MAX_TURNS - IE_ENDGAME_TURNS);
	return IE_POWER + (late > 0 ? late * IE_ENDGAME_STEP : 0);
}

static int
ie_tempo(const struct infexion_pos *p)
{
	if (p->turns >= IE_TEMPO_RAMP)
		return IE_TEMPO;
	return IE_TEMPO_START +
	       (IE_TEMPO - IE_TEMPO_START) * p->turns / IE_TEMPO_RAMP;
}

int
infexion_eval(const struct game_pos *pos)
{
	const struct infexion_pos *p = infexion_cpos_of(pos);
	int me = p->side, them = p->side ^ 1;
	int lead = p->power[me] - p->power[them];
	int score = lead * ie_lead_weight(p);
	if (lead >= INFEXION_WIN_LEAD)
		score += IE_WINNING_LEAD;
	else if (lead <= -INFEXION_WIN_LEAD)
		score -= IE_WINNING_LEAD;

	bool my_reach[INFEXION_CELLS], their_reach[INFEXION_CELLS];
	memset(my_reach, 0, sizeof my_reach);
	memset(their_reach, 0, sizeof their_reach);
	score += ie_best_spread(p, me, my_reach) * IE_OWN_CAPTURE;
	score -= ie_best_spread(p, them, their_reach) * IE_THEIR_CAPTURE;
	score += (ie_safe_power(p, me, their_reach) -
	          ie_safe_power(p, them, my_reach)) *
	         IE_SAFE_POWER;

	int total = p->power[me] + p->power[them];
	int per_stack = total >= INFEXION_MAX_TOTAL_POWER - IE_SPAWN_TIGHT
	                        ? IE_STACK_NO_SPAWN
	                        : IE_STACK;
	score += (p->stacks[me] - p->stacks[them]) * per_stack;
	return score + ie_tempo(p);
}
