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

/* Rows and columns as cell sets. */
struct te_lines {
	struct bb121 row[BB121_SIDE];
	struct bb121 col[BB121_SIDE];
};

static const uint64_t TE_ROW0 = (UINT64_C(1) << BB121_SIDE) - 1;

static void
te_lines_init(struct te_lines *l)
{
	struct bb121 col0 = {0, 0};
	l->row[0] = (struct bb121){TE_ROW0, 0};
	for (int r = 0; r < BB121_SIDE; r++) {
		if (r > 0)
			l->row[r] = bb121_shl(l->row[0], r * BB121_SIDE);
		col0 = bb121_or(col0, bb121_cell(r * BB121_SIDE));
	}
	l->col[0] = col0;
	for (int c = 1; c < BB121_SIDE; c++)
		l->col[c] = bb121_shl(col0, c);
}

/* The set moved n cells towards higher indices around the 121-cell ring:
 * n = 11 is one row down on the torus. */
static struct bb121
te_rotate(struct bb121 a, int n)
{
	return bb121_trim(
	        bb121_or(bb121_shl(a, n), bb121_shr(a, BB121_CELLS - n)));
}

/* The four torus neighbours of every cell of x. */
static struct bb121
te_neighbours(struct bb121 x, const struct te_lines *l)
{
	struct bb121 first = l->col[0], last = l->col[BB121_SIDE - 1];
	struct bb121 down = te_rotate(x, BB121_SIDE);
	struct bb121 up = te_rotate(x, BB121_CELLS - BB121_SIDE);
	struct bb121 right =
	        bb121_or(bb121_shl(bb121_andnot(x, last), 1),
	                 bb121_shr(bb121_and(x, last), BB121_SIDE - 1));
	struct bb121 left =
	        bb121_or(bb121_shr(bb121_andnot(x, first), 1),
	                 bb121_shl(bb121_and(x, first), BB121_SIDE - 1));
	return bb121_trim(bb121_or(bb121_or(down, up), bb121_or(right, left)));
}

/* Free cells the side to move reaches first, minus the other's: both
 * sides' breadth-first searches over free cells advance one step at a
 * time; a cell goes to whoever reaches it at a strictly earlier step. */
static int
te_territory(const struct tetress_pos *p, const struct te_lines *l)
{
	struct bb121 seen[2], front[2];
	seen[0] = front[0] = p->cells[p->side];
	seen[1] = front[1] = p->cells[p->side ^ 1];
	struct bb121 all = {UINT64_MAX, BB121_HI_MASK};
	struct bb121 free = bb121_andnot(all, bb121_or(seen[0], seen[1]));
	int lead = 0;
	while (!bb121_empty(front[0]) || !bb121_empty(front[1])) {
		struct bb121 next[2];
		for (int s = 0; s < 2; s++)
			next[s] = bb121_andnot(
			        bb121_and(te_neighbours(front[s], l), free),
			        seen[s]);
		lead += bb121_count(
		        bb121_andnot(next[0], bb121_or(seen[1], next[1])));
		lead -= bb121_count(
		        bb121_andnot(next[1], bb121_or(seen[0], next[0])));
		for (int s = 0; s < 2; s++) {
			seen[s] = bb121_or(seen[s], next[s]);
			front[s] = next[s];
		}
	}
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
	int mine = tetress_mobility(p, p->side);
	int theirs = tetress_mobility(p, p->side ^ 1);
	int share = (mine - theirs) * TE_MOBILITY_SCALE / (mine + theirs + 1);
	return share + te_mobility_side(mine) - te_mobility_side(theirs);
}

/* Tokens the side to move could clear from either side by finishing
 * nearly full rows and columns: the other's count for it. */
static int
te_threats(const struct tetress_pos *p, const struct te_lines *l)
{
	struct bb121 mine = p->cells[p->side], theirs = p->cells[p->side ^ 1];
	int score = 0;
	for (int i = 0; i < 2 * BB121_SIDE; i++) {
		struct bb121 line =
		        i < BB121_SIDE ? l->row[i] : l->col[i - BB121_SIDE];
		int m = bb121_count(bb121_and(line, mine));
		int t = bb121_count(bb121_and(line, theirs));
		int empty = BB121_SIDE - m - t;
		if (empty > 0 && empty <= TE_THREAT_EMPTY_MAX)
			score += (t - m) * TE_THREAT_TOKEN;
	}
	return score;
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
	struct te_lines lines;
	te_lines_init(&lines);
	return te_mobility(p) + te_territory(p, &lines) + te_tokens(p) +
	       te_threats(p, &lines) + TE_TEMPO;
}
