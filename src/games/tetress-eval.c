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

#include <string.h>

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
static const int TE_TOKEN = 10;
static const int TE_ENDGAME_ACTIONS = 24;
static const int TE_ENDGAME_TOKEN_STEP = 6;
/* Near-full lines: a line this many cells short of full or less can be
 * finished by one piece; the weight per token it would remove. */
static const int TE_THREAT_EMPTY_MAX = 4;
static const int TE_THREAT_TOKEN = 8;
/* The side to move acts first: a small bonus for the tempo. */
static const int TE_TEMPO = 10;

enum { TE_UNREACHED = 0xff };

static int
te_cell_colour(const struct tetress_pos *p, int cell)
{
	if (bb121_has(p->cells[TETRESS_RED], cell))
		return TETRESS_RED;
	if (bb121_has(p->cells[TETRESS_BLUE], cell))
		return TETRESS_BLUE;
	return -1;
}

/* Breadth-first distances over free cells from the tokens of colour. */
static void
te_distances(const struct tetress_pos *p, int colour,
	     unsigned char dist[BB121_CELLS])
{
	int queue[BB121_CELLS], head = 0, tail = 0;
	memset(dist, TE_UNREACHED, BB121_CELLS);
	for (struct bb121 b = p->cells[colour]; !bb121_empty(b);
	     b = bb121_drop_first(b)) {
		int c = bb121_first(b);
		dist[c] = 0;
		queue[tail++] = c;
	}
	while (head < tail) {
		int c = queue[head++], r = c / BB121_SIDE, col = c % BB121_SIDE;
		int next[4] = {
			((r + 1) % BB121_SIDE) * BB121_SIDE + col,
			((r + BB121_SIDE - 1) % BB121_SIDE) * BB121_SIDE + col,
			r * BB121_SIDE + (col + 1) % BB121_SIDE,
			r * BB121_SIDE + (col + BB121_SIDE - 1) % BB121_SIDE,
		};
		for (int i = 0; i < 4; i++) {
			int n = next[i];
			if (dist[n] != TE_UNREACHED || te_cell_colour(p, n) >= 0)
				continue;
			dist[n] = (unsigned char)(dist[c] + 1);
			queue[tail++] = n;
		}
	}
}

/* Free cells the side to move reaches first, minus the other's. */
static int
te_territory(const struct tetress_pos *p)
{
	unsigned char mine[BB121_CELLS], theirs[BB121_CELLS];
	te_distances(p, p->side, mine);
	te_distances(p, p->side ^ 1, theirs);
	int lead = 0;
	for (int c = 0; c < BB121_CELLS; c++) {
		if (mine[c] < theirs[c])
			lead++;
		else if (theirs[c] < mine[c])
			lead--;
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
te_threats(const struct tetress_pos *p)
{
	int score = 0;
	for (int line = 0; line < 2 * BB121_SIDE; line++) {
		int count[2] = {0, 0}, empty = 0;
		for (int i = 0; i < BB121_SIDE; i++) {
			int cell = line < BB121_SIDE
					   ? line * BB121_SIDE + i
					   : i * BB121_SIDE + (line - BB121_SIDE);
			int colour = te_cell_colour(p, cell);
			if (colour < 0)
				empty++;
			else
				count[colour]++;
		}
		if (empty == 0 || empty > TE_THREAT_EMPTY_MAX)
			continue;
		score += (count[p->side ^ 1] - count[p->side]) * TE_THREAT_TOKEN;
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
	return te_mobility(p) + te_territory(p) + te_tokens(p) +
	       te_threats(p) + TE_TEMPO;
}
