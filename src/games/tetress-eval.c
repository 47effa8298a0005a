/*
 * Tetress evaluation.  A player loses when it has no legal placement, so
 * the heart of the score is mobility (how many placements each side has,
 * with a sharp penalty when few are left) and territory (the free cells a
 * side reaches before the other, by breadth-first distance over free cells
 * on the torus: where future placements can go).  Tokens matter at the
 * turn limit and through line clears, which remove every token of a full
 * row or column: a nearly full line holding the opponent's tokens is a
 * threat for the side to move.
 */
#include "config.h"

#include "games/tetress-eval.h"
#include "games/tetress.h"

/* Mobility: the share of all placements that are ours, scaled... */
static const int TE_MOBILITY_SCALE = 400;
/* ...and a penalty per missing placement below the danger line. */
static const int TE_MOBILITY_DANGER = 24;
static const int TE_DANGER_PER_MOVE = 30;
/* Per free cell reached first. */
static const int TE_TERRITORY_CELL = 6;
/* Per token, and more per token as the turn limit nears. */
static const int TE_TOKEN = 16;
static const int TE_ENDGAME_ACTIONS = 24;
static const int TE_ENDGAME_TOKEN_STEP = 6;
/* Near-full lines: a line this many cells short of full or less can be
 * finished by one piece; the weight per token it would remove. */
static const int TE_THREAT_EMPTY_MAX = 4;
static const int TE_THREAT_TOKEN = 8;
/* The side to move acts first: its tempo.  With 0.10, in the middle game
 * (tests/tools/steady-scores.py parity) depth 2 scored 1.59 below depth 1
 * and depth 3 1.11 above depth 2; with 0.75, 0.11 below and 0.55 below:
 * 0.60 is near the middle. */
static const int TE_TEMPO = 60;

/* Free cells the side to move reaches first, minus the other's: both
 * sides' breadth-first searches over free cells advance one step at a
 * time; a cell goes to whoever reaches it at a strictly earlier step. */
static int
te_territory(const struct tetress_pos *p)
{
	struct bb121 seen[2], front[2], won[2] = {{0, 0}, {0, 0}};
	seen[0] = front[0] = p->cells[p->side];
	seen[1] = front[1] = p->cells[p->side ^ 1];
	struct bb121 all = {UINT64_MAX, BB121_HI_MASK};
	struct bb121 free = bb121_andnot(all, bb121_or(seen[0], seen[1]));
	while (!bb121_empty(front[0]) || !bb121_empty(front[1])) {
		struct bb121 next[2];
		for (int s = 0; s < 2; s++)
			next[s] = bb121_andnot(
			        bb121_and(bb121_neighbours(front[s]), free),
			        seen[s]);
		/* A cell is won once at most (it is seen from then on), so
		 * the sets count once at the end. */
		for (int s = 0; s < 2; s++)
			won[s] = bb121_or(
			        won[s],
			        bb121_andnot(next[s], bb121_or(seen[s ^ 1],
			                                       next[s ^ 1])));
		for (int s = 0; s < 2; s++) {
			seen[s] = bb121_or(seen[s], next[s]);
			front[s] = next[s];
		}
	}
	int lead = bb121_count(won[0]) - bb121_count(won[1]);
	return lead * TE_TERRITORY_CELL;
}

static int
te_mobility_side(int mob)
{
	return mob < TE_MOBILITY_DANGER
	               ? -(TE_MOBILITY_DANGER - mob) * TE_DANGER_PER_MOVE
	               : 0;
}

static int
te_mobility(const struct tetress_pos *p)
{
	int counts[2];
	tetress_mobility_both(p, counts);
	int mine = counts[p->side], theirs = counts[p->side ^ 1];
	int share = (mine - theirs) * TE_MOBILITY_SCALE / (mine + theirs + 1);
	return share + te_mobility_side(mine) - te_mobility_side(theirs);
}

/* Four-bit line fields (struct tetress_pos): every field at 1, and the
 * sum of a word's fields. */
static const uint64_t TE_LINE_ONES = UINT64_C(0x11111111111);

static int
te_line_sum(uint64_t lines)
{
	const uint64_t m4 = UINT64_C(0x0F0F0F0F0F0F0F0F);
	uint64_t bytes = (lines & m4) + ((lines >> 4) & m4); /* each <= 22 */
	return (int)((bytes * UINT64_C(0x0101010101010101)) >> 56);
}

/* The other's tokens less ours on the lines of one direction that are at
 * most TE_THREAT_EMPTY_MAX (3..8) cells short of full.  No line is full
 * between moves (play clears it), so a field holds at most 10 tokens; plus
 * TE_THREAT_EMPTY_MAX - 3 it reaches 8 (its top bit) exactly when it is
 * near full, and never carries into the next field. */
static int
te_threats_lines(uint64_t mine, uint64_t theirs)
{
	const uint64_t top = TE_LINE_ONES * 8;
	uint64_t tokens = mine + theirs;
	uint64_t add = TE_LINE_ONES * (uint64_t)(TE_THREAT_EMPTY_MAX - 3);
	uint64_t near = (tokens + add) & top;
	uint64_t fields = (near >> 3) * 15;
	return te_line_sum(theirs & fields) - te_line_sum(mine & fields);
}

/* Tokens the side to move could clear from either side by finishing
 * nearly full rows and columns: the other's count for it.  The counts are
 * the position's own line counts. */
static int
te_threats(const struct tetress_pos *p)
{
	int mine = p->side, theirs = p->side ^ 1;
	int lead =
	        te_threats_lines(p->row_tokens[mine], p->row_tokens[theirs]) +
	        te_threats_lines(p->col_tokens[mine], p->col_tokens[theirs]);
	return lead * TE_THREAT_TOKEN;
}

static int
te_tokens(const struct tetress_pos *p)
{
	int lead = bb121_count(p->cells[p->side]) -
	           bb121_count(p->cells[p->side ^ 1]);
	int late = p->actions - (TETRESS_TURN_LIMIT - TE_ENDGAME_ACTIONS);
	int weight = TE_TOKEN + (late > 0 ? late * TE_ENDGAME_TOKEN_STEP : 0);
	return lead * weight;
}

int
tetress_eval(const struct game_pos *pos)
{
	const struct tetress_pos *p = tetress_pos_of(pos);
	return te_mobility(p) + te_territory(p) + te_tokens(p) + te_threats(p) +
	       TE_TEMPO;
}
