/*
 * TZAAR evaluation.  A player loses when a type (Tzaar, Tzarra, Tott)
 * vanishes from the tops of his stacks, or when he cannot capture at the
 * start of his turn.  So a stack is worth more the scarcer its type is
 * (the value of n stacks of a type grows more and more slowly with n); a
 * type is safe when its tallest stack is at least as tall as the enemy's
 * tallest (nothing can take it); captures available are both attack and
 * the insurance against "no capture"; and a type down to one stack that
 * an enemy stack can take is an immediate danger, worse for the side not
 * to move (the side to move may still save it or strike first).
 */
#include "config.h"

#include "games/tzaar-eval.h"
#include "games/tzaar.h"

/* Value of holding n stacks of one type, n = 0..TZAAR_SCARCITY_CAP;
 * more stacks than the cap add TZE_EXTRA_STACK each. */
enum { TZE_SCARCITY_CAP = 8 };
static const int TZE_TYPE_VALUE[TZE_SCARCITY_CAP + 1] = {
        0, 400, 620, 760, 860, 930, 980, 1020, 1050,
};
static const int TZE_EXTRA_STACK = 25;
/* Per piece of height in stacks (tall stacks capture and are hard to take). */
static const int TZE_HEIGHT = 12;
/* A type whose tallest stack no enemy stack outgrows. */
static const int TZE_TYPE_SAFE = 60;
/* Per capture available, for the side to move and for the other. */
static const int TZE_OWN_CAPTURE = 14;
static const int TZE_THEIR_CAPTURE = 10;
/* No capture at all: the side to move loses at its next turn start. */
static const int TZE_NO_CAPTURE = 500;
/* A last stack of a type that an enemy stack can take. */
static const int TZE_LAST_ATTACKED_TO_MOVE = 150;
static const int TZE_LAST_ATTACKED_WAITING = 450;

struct tze_side {
	int captures;      /* (attacker, target) pairs */
	uint64_t attacked; /* enemy stacks this side can take */
	int tallest;       /* its tallest stack */
	int tallest_of[TZAAR_TYPES];
};

static int
tze_first_on_ray(const struct tzaar_geometry *g, int from, int d,
                 uint64_t occupied)
{
	uint64_t m = g->ray[from][d] & occupied;
	if (m == 0)
		return -1;
	return g->ray_up[d] ? tzaar_bit_low(m) : tzaar_bit_high(m);
}

static int
tze_type_at(const struct tzaar_pos *p, int colour, int cell)
{
	for (int t = 0; t < TZAAR_TYPES; t++) {
		if (p->top[colour][t] >> cell & 1)
			return t;
	}
	return 0;
}

static void
tze_scan(const struct tzaar_pos *p, int colour, struct tze_side *s)
{
	const struct tzaar_geometry *g = tzaar_geometry();
	uint64_t occ = p->own[0] | p->own[1], enemy = p->own[colour ^ 1];
	*s = (struct tze_side){0};
	for (uint64_t m = p->own[colour]; m; m &= m - 1) {
		int from = tzaar_bit_low(m), h = p->height[from];
		if (h > s->tallest)
			s->tallest = h;
		int t = tze_type_at(p, colour, from);
		if (h > s->tallest_of[t])
			s->tallest_of[t] = h;
		for (int d = 0; d < TZAAR_DIRS; d++) {
			int to = tze_first_on_ray(g, from, d, occ);
			if (to >= 0 && (enemy >> to & 1) &&
			    p->height[to] <= h) {
				s->captures++;
				s->attacked |= UINT64_C(1) << to;
			}
		}
	}
}

static int
tze_type_value(int n)
{
	if (n <= TZE_SCARCITY_CAP)
		return TZE_TYPE_VALUE[n];
	return TZE_TYPE_VALUE[TZE_SCARCITY_CAP] +
	       (n - TZE_SCARCITY_CAP) * TZE_EXTRA_STACK;
}

/* Material, height, type safety and last-stack danger of colour. */
static int
tze_side_score(const struct tzaar_pos *p, int colour, const struct tze_side *me,
               const struct tze_side *them, int last_attacked_weight)
{
	int score = 0;
	for (uint64_t m = p->own[colour]; m; m &= m - 1)
		score += TZE_HEIGHT * p->height[tzaar_bit_low(m)];
	for (int t = 0; t < TZAAR_TYPES; t++) {
		uint64_t stacks = p->top[colour][t];
		score += tze_type_value(tzaar_popcount(stacks));
		if (me->tallest_of[t] >= them->tallest)
			score += TZE_TYPE_SAFE;
		if (tzaar_popcount(stacks) == 1 && (stacks & them->attacked))
			score -= last_attacked_weight;
	}
	return score;
}

int
tzaar_eval(const struct game_pos *pos)
{
	const struct tzaar_pos *p = tzaar_of_const(pos);
	int me = p->side, other = p->side ^ 1;
	struct tze_side s[2];
	tze_scan(p, me, &s[0]);
	tze_scan(p, other, &s[1]);
	int score =
	        tze_side_score(p, me, &s[0], &s[1], TZE_LAST_ATTACKED_TO_MOVE) -
	        tze_side_score(p, other, &s[1], &s[0],
	                       TZE_LAST_ATTACKED_WAITING);
	score += s[0].captures * TZE_OWN_CAPTURE -
	         s[1].captures * TZE_THEIR_CAPTURE;
	if (s[1].captures == 0)
		score += TZE_NO_CAPTURE;
	if (s[0].captures == 0 && p->phase != TZAAR_SECOND)
		score -= TZE_NO_CAPTURE;
	return score;
}
