/*
 * TZAAR evaluation (man page, section "TZAAR evaluation").  A player loses
 * when a type (Tzaar, Tzarra, Tott) vanishes from the tops of his stacks,
 * or when he cannot capture at the start of his turn, and a stack can only
 * take a stack no taller than itself.  So what decides the game is height:
 *
 * - a stack of height 2 or 3 is worth far more than a single piece (it
 *   can take singles and cannot be taken by them), while more stacks of a
 *   type add little once there are a few;
 * - a type is safe when its tallest stack is strictly taller than every
 *   enemy stack (an equal stack could take it); all three safe means that
 *   only "no capture" can still lose the game;
 * - each side wants a stack of height >= 2 of every type;
 * - a type down to one or two stacks that the enemy can take now is in
 *   danger, worse when the enemy moves next;
 * - captures are the insurance against "no capture": a side with few
 *   targets left is close to losing, one with none has lost unless its
 *   opponent opens a line.
 *
 * The weights are named (tzaar_eval_weight_names) and can be replaced
 * for tuning through the TABULA_TZAAR_WEIGHTS environment variable, read
 * once per process.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "games/tzaar-eval.h"
#include "games/tzaar.h"

/* The tunable weights, in the order of tzaar_eval_weight_names. */
enum tze_weight {
	TZW_TYPE_FIRST,   /* holding a type at all: its first stack */
	TZW_TYPE_SECOND,  /* its second stack */
	TZW_TYPE_THIRD,   /* its third */
	TZW_TYPE_MORE,    /* each further stack */
	TZW_HEIGHT2,      /* a stack of height 2 */
	TZW_HEIGHT3,      /* a stack of height 3 */
	TZW_HEIGHT4,      /* a stack of height 4 or more */
	TZW_SAFE,         /* a type strictly taller than every enemy stack */
	TZW_ALL_SAFE,     /* all three types safe */
	TZW_TALL_OF_TYPE, /* a type with a stack of height >= 2 */
	TZW_TALL_ALL,     /* every type has one */
	TZW_LAST_HIT_NOW, /* last stack of a type, enemy to move can take it */
	TZW_LAST_HIT,     /* the same, own move first */
	TZW_PAIR_HIT_NOW, /* both of two last stacks can be taken, enemy next */
	TZW_PAIR_HIT,     /* the same, own move first */
	TZW_EXPOSED,      /* each own stack the enemy could take */
	TZW_TARGET,       /* each enemy stack this side could take */
	TZW_FEW_TARGETS,  /* per target fewer than TZE_FEW_TARGETS */
	TZW_NO_TARGET,    /* no capture at all for the side not to move */
	TZW_TO_MOVE,      /* the side to move's tempo, its turn ahead */
	TZW_TO_MOVE_SECOND, /* the same in the middle of its turn */
	TZW_COUNT
};

const char *const tzaar_eval_weight_names[TZAAR_EVAL_WEIGHTS + 1] = {
        "type_first",     "type_second",  "type_third", "type_more",
        "height2",        "height3",      "height4",    "safe",
        "all_safe",       "tall_of_type", "tall_all",   "last_hit_now",
        "last_hit",       "pair_hit_now", "pair_hit",   "exposed",
        "target",         "few_targets",  "no_target",  "to_move",
        "to_move_second", NULL,
};

_Static_assert(TZW_COUNT == TZAAR_EVAL_WEIGHTS, "one name per weight");

/* Fitted by `tabula tune tzaar` (30 rounds) to 229 games against Veselý's
 * program, from weights chosen by matches against it: all three types safe
 * and the danger to a type's last stack weigh far more than material, as
 * they decide the game (man page: "TZAAR evaluation").  The tempo
 * (to_move, to_move_second) is not fitted but set by the search, which
 * ends with either side to move.  With a tempo of 850, from the start of
 * a turn, a search ending at the start of the opponent's turn (two
 * sub-moves) scored 1.27 more than one ending at the start of one's own
 * (four); with 2000, 0.12.  450 for the middle of a turn made the timed
 * searches of match games agree, at 0.5 s a sub-move, whatever side was to
 * move where their last iteration ended (a fit of to_move_second alone to
 * the positions before second sub-moves had put its least error near
 * 400). */
static const int TZE_DEFAULT[TZW_COUNT] = {
        [TZW_TYPE_FIRST] = 500,     [TZW_TYPE_SECOND] = 1933,
        [TZW_TYPE_THIRD] = 1123,    [TZW_TYPE_MORE] = 410,
        [TZW_HEIGHT2] = 452,        [TZW_HEIGHT3] = 1833,
        [TZW_HEIGHT4] = 2550,       [TZW_SAFE] = 915,
        [TZW_ALL_SAFE] = 62500,     [TZW_TALL_OF_TYPE] = 1248,
        [TZW_TALL_ALL] = -238,      [TZW_LAST_HIT_NOW] = 77500,
        [TZW_LAST_HIT] = 2994,      [TZW_PAIR_HIT_NOW] = 5422,
        [TZW_PAIR_HIT] = 700,       [TZW_EXPOSED] = 149,
        [TZW_TARGET] = 330,         [TZW_FEW_TARGETS] = 1590,
        [TZW_NO_TARGET] = 8921,     [TZW_TO_MOVE] = 2000,
        [TZW_TO_MOVE_SECOND] = 450,
};

/* Below this many targets a side is running out of captures. */
enum { TZE_FEW_TARGETS = 5 };

static int tze_weights[TZW_COUNT];
static pthread_once_t tze_once = PTHREAD_ONCE_INIT;

/* "name=value,name=value": unknown names and bad numbers are ignored
 * (the variable is a tuning aid, not a user setting). */
static void
tze_load(void)
{
	memcpy(tze_weights, TZE_DEFAULT, sizeof tze_weights);
	const char *env = getenv("TABULA_TZAAR_WEIGHTS");
	if (env != NULL)
		tzaar_eval_parse_weights(env, tze_weights);
}

int
tzaar_eval_weight_index(const char *name, size_t len)
{
	for (int i = 0; i < TZW_COUNT; i++) {
		if (strlen(tzaar_eval_weight_names[i]) == len &&
		    strncmp(name, tzaar_eval_weight_names[i], len) == 0)
			return i;
	}
	return -1;
}

bool
tzaar_eval_weight_is_tempo(int i)
{
	return i == TZW_TO_MOVE || i == TZW_TO_MOVE_SECOND;
}

bool
tzaar_eval_parse_weights(const char *text, int *weights)
{
	bool ok = true;
	const char *s = text;
	while (*s != '\0') {
		size_t len = strcspn(s, "=,");
		if (s[len] != '=') {
			ok = false;
			s += len + (s[len] != '\0');
			continue;
		}
		int w = tzaar_eval_weight_index(s, len);
		char *end;
		long v = strtol(s + len + 1, &end, 10);
		if (w < 0 || end == s + len + 1 || (*end != ',' && *end) ||
		    v < -100000 || v > 100000)
			ok = false;
		else
			weights[w] = (int)v;
		s = end + strcspn(end, ",");
		if (*s == ',')
			s++;
	}
	return ok;
}

void
tzaar_eval_default_weights(int *weights)
{
	memcpy(weights, TZE_DEFAULT, sizeof TZE_DEFAULT);
}

struct tze_side {
	int count[TZAAR_TYPES];
	int tallest_of[TZAAR_TYPES];
	int tallest;
	int tall_types; /* types with a stack of height >= 2 */
	int height_value;
	uint64_t targets; /* enemy stacks this side can take */
};

/* The stacks of one colour: counts and heights by type. */
static void
tze_tally(const struct tzaar_pos *p, const int *w, int colour,
          struct tze_side *s)
{
	*s = (struct tze_side){0};
	for (int t = 0; t < TZAAR_TYPES; t++) {
		for (uint64_t m = p->top[colour][t]; m; m &= m - 1) {
			int h = p->height[tzaar_bit_low(m)];
			s->count[t]++;
			if (h > s->tallest_of[t])
				s->tallest_of[t] = h;
			if (h >= 2)
				s->height_value += h == 2   ? w[TZW_HEIGHT2]
				                   : h == 3 ? w[TZW_HEIGHT3]
				                            : w[TZW_HEIGHT4];
		}
		if (s->tallest_of[t] > s->tallest)
			s->tallest = s->tallest_of[t];
		s->tall_types += s->tallest_of[t] >= 2;
	}
}

/* Both colours' tallies and targets.  Two stacks see each other when the
 * line between them is empty, so each such pair is found once, looking
 * only along the three directions whose indices grow (the nearest stack
 * is then the lowest bit).  This is most of the search's time, so the
 * loop avoids branches that the data would make unpredictable. */
static void
tze_scan(const struct tzaar_pos *p, const int *w, struct tze_side s[2])
{
	const struct tzaar_geometry *g = tzaar_geometry();
	tze_tally(p, w, 0, &s[0]);
	tze_tally(p, w, 1, &s[1]);
	uint64_t occ = p->own[0] | p->own[1];
	uint64_t targets[2] = {0, 0};
	for (uint64_t m = occ; m; m &= m - 1) {
		int from = tzaar_bit_low(m), hf = p->height[from];
		int cf = (int)(p->own[1] >> from & 1);
		uint64_t enemy = p->own[cf ^ 1], from_bit = UINT64_C(1) << from;
		for (int d = 0; d < TZAAR_UP_DIRS; d++) {
			uint64_t seen = g->ray[from][g->up_dir[d]] & occ;
			uint64_t hit = seen & (0 - seen) & enemy;
			int ht = hit ? p->height[tzaar_bit_low(hit)] : hf;
			targets[cf] |= hit & (0 - (uint64_t)(ht <= hf));
			targets[cf ^ 1] |= (hit ? from_bit : 0) &
			                   (0 - (uint64_t)(hf <= ht));
		}
	}
	s[0].targets = targets[0];
	s[1].targets = targets[1];
}

static int
tze_type_value(const int *w, int n)
{
	if (n <= 0)
		return 0;
	int v = w[TZW_TYPE_FIRST];
	if (n >= 2)
		v += w[TZW_TYPE_SECOND];
	if (n >= 3)
		v += w[TZW_TYPE_THIRD];
	if (n >= 4)
		v += (n - 3) * w[TZW_TYPE_MORE];
	return v;
}

/* Colour's share of the score; moves_next: colour plays before the enemy
 * can take anything. */
static int
tze_side_score(const struct tzaar_pos *p, const int *w, int colour,
               const struct tze_side *me, const struct tze_side *them,
               bool moves_next)
{
	int score = me->height_value;
	int safe = 0;
	for (int t = 0; t < TZAAR_TYPES; t++) {
		int n = me->count[t];
		score += tze_type_value(w, n);
		if (me->tallest_of[t] > them->tallest) {
			score += w[TZW_SAFE];
			safe++;
		}
		if (n == 0 || n > 2)
			continue;
		int hit = tzaar_popcount(p->top[colour][t] & them->targets);
		if (n == 1 && hit == 1)
			score -= moves_next ? w[TZW_LAST_HIT]
			                    : w[TZW_LAST_HIT_NOW];
		else if (n == 2 && hit == 2)
			score -= moves_next ? w[TZW_PAIR_HIT]
			                    : w[TZW_PAIR_HIT_NOW];
	}
	if (safe == TZAAR_TYPES)
		score += w[TZW_ALL_SAFE];
	score += me->tall_types * w[TZW_TALL_OF_TYPE];
	if (me->tall_types == TZAAR_TYPES)
		score += w[TZW_TALL_ALL];
	int targets = tzaar_popcount(me->targets);
	score += targets * w[TZW_TARGET];
	score -= tzaar_popcount(them->targets) * w[TZW_EXPOSED];
	if (targets < TZE_FEW_TARGETS)
		score -= (TZE_FEW_TARGETS - targets) * w[TZW_FEW_TARGETS];
	if (targets == 0 && !moves_next)
		score -= w[TZW_NO_TARGET];
	return score;
}

int
tzaar_eval_with(const struct game_pos *pos, const int *w)
{
	const struct tzaar_pos *p = tzaar_of_const(pos);
	int me = p->side, other = p->side ^ 1;
	struct tze_side s[2];
	tze_scan(p, w, s);
	return tze_side_score(p, w, me, &s[me], &s[other], true) -
	       tze_side_score(p, w, other, &s[other], &s[me], false) +
	       w[p->phase == TZAAR_SECOND ? TZW_TO_MOVE_SECOND : TZW_TO_MOVE];
}

int
tzaar_eval(const struct game_pos *pos)
{
	pthread_once(&tze_once, tze_load);
	int units = tzaar_eval_with(pos, tze_weights);
	int half = units < 0 ? -TZAAR_EVAL_UNITS_PER_CP / 2
	                     : TZAAR_EVAL_UNITS_PER_CP / 2;
	return (units + half) / TZAAR_EVAL_UNITS_PER_CP;
}
