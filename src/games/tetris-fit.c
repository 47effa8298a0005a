/*
 * Approximate policy iteration for the Tetris strategy (man page: "tune").
 * A round:
 *  1. plays the current policy (the strategy's two-piece search, no chance
 *     nodes: cheap enough to play thousands of pieces per second) on a
 *     seeded training stream, keeping the well after every spacing-th drop
 *     (a share of the pieces, --explore, is dropped at random instead, so
 *     that wells the policy avoids are sampled too);
 *  2. from each kept well plays rollouts of horizon pieces, drawn from a
 *     seeded generator, under the same policy; the target is the points
 *     they score less the policy's average per piece (the value of a well
 *     is what it scores above the average), plus the cells of the well
 *     they end in at the policy's points per cell;
 *  3. fits the features' weights to the targets by ridge least squares on
 *     standardised features (optionally pulled towards the previous
 *     round's weights, the start's in round 1: --prior).
 * The fitted set scores real points for clears and nothing for a reset:
 * what a reset throws away is in the value of the cells it loses.  Each
 * round's set is scored with the full search on a seeded check stream and
 * the best is returned.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/tetris-bench.h"
#include "games/tetris-fit.h"
#include "games/tetris-score.h"

enum { FIT_F = TETRIS_FEATURE_COUNT };

/* Ridge penalty per sample on standardised features: small, only to keep
 * features that hardly vary (or never do under a rule) from blowing up. */
static const double FIT_RIDGE = 1e-3;

/* Bounds on the parameters, to keep a fit's memory and time sane. */
static const int FIT_MAX_ROUNDS = 100, FIT_MAX_STATES = 1000000,
                 FIT_MAX_SPACING = 1000, FIT_MAX_HORIZON = 10000,
                 FIT_MAX_ROLLOUTS = 1000, FIT_MAX_CHECK = 1 << 24,
                 FIT_PERCENT = 100, FIT_MAX_PRIOR = 100000;

/* Salts that keep a fit's generators apart. */
enum {
	FIT_SALT_TRAIN = 1,
	FIT_SALT_ROLLOUT = 2,
	FIT_SALT_CHECK = 3,
	FIT_SALT_RATE = 4
};

/* Spreads consecutive indices over the generator's states (2^64 over the
 * golden ratio, odd: a bijection). */
static const uint64_t FIT_INDEX_SPREAD = 0x9E3779B97F4A7C15ULL;

/* The byte the challenge's streams hold, from the generator's top bits. */
static const int FIT_BYTE_SHIFT = 56;

static const char *const FIT_FEATURE_NAMES[FIT_F] = {
        [TETRIS_F_HOLES] = "TETRIS_F_HOLES",
        [TETRIS_F_HOLE_ROWS] = "TETRIS_F_HOLE_ROWS",
        [TETRIS_F_HOLE_COVER] = "TETRIS_F_HOLE_COVER",
        [TETRIS_F_ROW_TRANS] = "TETRIS_F_ROW_TRANS",
        [TETRIS_F_COL_TRANS] = "TETRIS_F_COL_TRANS",
        [TETRIS_F_BUMP] = "TETRIS_F_BUMP",
        [TETRIS_F_BUMP_SQ] = "TETRIS_F_BUMP_SQ",
        [TETRIS_F_WELLS] = "TETRIS_F_WELLS",
        [TETRIS_F_MAX_HEIGHT] = "TETRIS_F_MAX_HEIGHT",
        [TETRIS_F_DANGER] = "TETRIS_F_DANGER",
        [TETRIS_F_AGG_HEIGHT] = "TETRIS_F_AGG_HEIGHT",
        [TETRIS_F_READY] = "TETRIS_F_READY",
        [TETRIS_F_WELL_DEPTH] = "TETRIS_F_WELL_DEPTH",
        [TETRIS_F_WELL_EDGE] = "TETRIS_F_WELL_EDGE",
        [TETRIS_F_CELLS] = "TETRIS_F_CELLS",
        [TETRIS_F_FULL_ROWS] = "TETRIS_F_FULL_ROWS",
        [TETRIS_F_I_POINTS] = "TETRIS_F_I_POINTS",
        [TETRIS_F_MISFITS] = "TETRIS_F_MISFITS",
        [TETRIS_F_I_STUCK] = "TETRIS_F_I_STUCK",
        [TETRIS_F_DEEP_WELLS] = "TETRIS_F_DEEP_WELLS",
        [TETRIS_F_GARBAGE] = "TETRIS_F_GARBAGE",
        [TETRIS_F_READY_EXTRA] = "TETRIS_F_READY_EXTRA",
        [TETRIS_F_DANGER_HIGH] = "TETRIS_F_DANGER_HIGH",
        [TETRIS_F_ONE_FITS] = "TETRIS_F_ONE_FITS",
        [TETRIS_F_CLIFF] = "TETRIS_F_CLIFF",
        [TETRIS_F_SPLIT_POINTS] = "TETRIS_F_SPLIT_POINTS",
        [TETRIS_F_SPLIT_PIECES] = "TETRIS_F_SPLIT_PIECES",
        [TETRIS_F_PAIR_STEP] = "TETRIS_F_PAIR_STEP",
        [TETRIS_F_PAIR_READY] = "TETRIS_F_PAIR_READY",
};

void
tetris_fit_defaults(struct tetris_fit_params *p, enum tetris_rules rules)
{
	*p = (struct tetris_fit_params){
	        .rules = rules,
	        .seed = 46,
	        .rounds = 2,
	        .states = 1500,
	        .spacing = 4,
	        .horizon = 40,
	        .rollouts = 2,
	        .explore = 20,
	        .prior = 0,
	        .check_bytes = 2048,
	};
}

/* A generator for one purpose and index, apart from every other. */
static void
tetris_fit_rng(struct rng *r, uint64_t seed, int salt, uint64_t index)
{
	struct rng mix;
	rng_seed(&mix, seed);
	uint64_t a = rng_next(&mix) ^ (uint64_t)salt;
	rng_seed(&mix, a);
	rng_seed(r, rng_next(&mix) ^ index * FIT_INDEX_SPREAD);
	rng_next(r);
}

static int
tetris_fit_piece(struct rng *r)
{
	return (int)(rng_next(r) >> FIT_BYTE_SHIFT) % TETRIS_PIECES;
}

/* Plays one piece with the policy; returns the points it scored. */
static int
tetris_fit_step(struct tetris_well *w, int current, int next,
                enum tetris_rules rules, const struct tetris_weights *policy)
{
	struct tetris_window win = {.current = current, .next = next};
	game_move m = tetris_strategy_choose(w, win, rules, policy);
	int n = tetris_well_drop(w, current, m, rules);
	return n > 0 ? tetris_points(n) : 0;
}

/* What a fit needs between its steps. */
struct tetris_fit_round {
	const struct tetris_fit_params *p;
	struct tetris_weights policy; /* greedy: no chance nodes */
	double rho;                   /* the policy's points per piece */
	double *x;                    /* states * FIT_F features */
	double *y;                    /* states targets */
	struct tetris_well *wells;    /* the sampled wells */
};

/* Places a piece anywhere: the sampling play's exploration (its points are
 * not the policy's, so they are not counted). */
static void
tetris_fit_random_drop(struct tetris_well *w, int piece,
                       enum tetris_rules rules, struct rng *r)
{
	game_move m;
	do
		m = tetris_move_make((int)rng_below(r, TETRIS_ROTATIONS),
		                     (int)rng_below(r, TETRIS_COLS));
	while (!tetris_move_valid(piece, m));
	tetris_well_drop(w, piece, m, rules);
}

/* The policy's points per piece, played alone (no exploration) on as many
 * pieces as the sampling play: what the rollouts' points are measured
 * against. */
static void
tetris_fit_rate(struct tetris_fit_round *fr, int round)
{
	const struct tetris_fit_params *p = fr->p;
	struct rng r;
	tetris_fit_rng(&r, p->seed, FIT_SALT_RATE, (uint64_t)round);
	struct tetris_well w;
	tetris_well_clear(&w);
	long points = 0, pieces = (long)p->states * p->spacing;
	int current = tetris_fit_piece(&r);
	for (long i = 0; i < pieces; i++) {
		int next = tetris_fit_piece(&r);
		points += tetris_fit_step(&w, current, next, p->rules,
		                          &fr->policy);
		current = next;
	}
	fr->rho = (double)points / (double)pieces;
}

/* Step 1: the sampled wells. */
static void
tetris_fit_sample(struct tetris_fit_round *fr, int round)
{
	const struct tetris_fit_params *p = fr->p;
	struct rng r;
	tetris_fit_rng(&r, p->seed, FIT_SALT_TRAIN, (uint64_t)round);
	struct tetris_well w;
	tetris_well_clear(&w);
	int current = tetris_fit_piece(&r);
	for (int s = 0; s < p->states; s++) {
		for (int k = 0; k < p->spacing; k++) {
			int next = tetris_fit_piece(&r);
			if (rng_below(&r, FIT_PERCENT) < (uint32_t)p->explore) {
				tetris_fit_random_drop(&w, current, p->rules,
				                       &r);
			} else {
				tetris_fit_step(&w, current, next, p->rules,
				                &fr->policy);
			}
			current = next;
		}
		fr->wells[s] = w;
	}
}

/* What a rollout's last well is worth: its cells, each at the points per
 * cell the policy scores (four cells a piece), since the policy will clear
 * them at that rate; a reset near the end then costs what it throws away.
 * Without it a rollout would rate a tall stack highly, its clears coming
 * within the horizon and its reset after it. */
static double
tetris_fit_terminal(const struct tetris_fit_round *fr,
                    const struct tetris_well *w)
{
	enum { CELLS_PER_PIECE = 4 };
	int cells = 0;
	for (int r = 0; r < TETRIS_ROWS; r++)
		for (unsigned row = w->rows[r]; row != 0; row &= row - 1)
			cells++;
	return cells * fr->rho / CELLS_PER_PIECE;
}

/* Step 2: the target of sampled well s. */
static double
tetris_fit_target(const struct tetris_fit_round *fr, int round, int s)
{
	const struct tetris_fit_params *p = fr->p;
	double sum = 0;
	for (int k = 0; k < p->rollouts; k++) {
		struct rng r;
		uint64_t index =
		        ((uint64_t)round * (uint64_t)p->states + (uint64_t)s) *
		                (uint64_t)p->rollouts +
		        (uint64_t)k;
		tetris_fit_rng(&r, p->seed, FIT_SALT_ROLLOUT, index);
		struct tetris_well w = fr->wells[s];
		int current = tetris_fit_piece(&r);
		for (int t = 0; t < p->horizon; t++) {
			int next = tetris_fit_piece(&r);
			sum += tetris_fit_step(&w, current, next, p->rules,
			                       &fr->policy) -
			       fr->rho;
			current = next;
		}
		sum += tetris_fit_terminal(fr, &w);
	}
	return sum / p->rollouts;
}

/* Solves a (n x n, row-major, overwritten) times x = b by Gaussian
 * elimination with partial pivoting; a pivot near zero gives x = 0 there. */
static void
tetris_fit_solve(double *a, double *b, double *x, int n)
{
	for (int c = 0; c < n; c++) {
		int piv = c;
		for (int r = c + 1; r < n; r++)
			if (fabs(a[r * n + c]) > fabs(a[piv * n + c]))
				piv = r;
		for (int k = 0; k < n; k++) {
			double t = a[c * n + k];
			a[c * n + k] = a[piv * n + k];
			a[piv * n + k] = t;
		}
		double t = b[c];
		b[c] = b[piv];
		b[piv] = t;
		if (fabs(a[c * n + c]) < 1e-12)
			continue;
		for (int r = c + 1; r < n; r++) {
			double m = a[r * n + c] / a[c * n + c];
			for (int k = c; k < n; k++)
				a[r * n + k] -= m * a[c * n + k];
			b[r] -= m * b[c];
		}
	}
	for (int c = n - 1; c >= 0; c--) {
		double s = b[c];
		for (int k = c + 1; k < n; k++)
			s -= a[c * n + k] * x[k];
		x[c] = fabs(a[c * n + c]) < 1e-12 ? 0 : s / a[c * n + c];
	}
}

/* Mean and spread of each feature over the n samples. */
static void
tetris_fit_moments(const double *x, int n, double *mean, double *sd)
{
	for (int j = 0; j < FIT_F; j++) {
		double s = 0, ss = 0;
		for (int i = 0; i < n; i++)
			s += x[i * FIT_F + j];
		mean[j] = s / n;
		for (int i = 0; i < n; i++) {
			double d = x[i * FIT_F + j] - mean[j];
			ss += d * d;
		}
		sd[j] = sqrt(ss / n);
	}
}

/* Step 3: ridge least squares of y on the standardised features, pulled
 * towards the prior weights by prior_share (per sample, against the
 * data's 1 per standardised feature); the weights come back in the
 * features' own units (a feature that never varies keeps the prior's). */
static void
tetris_fit_regress(const double *x, const double *y, int n, const double *prior,
                   double prior_share, double *weight)
{
	double mean[FIT_F], sd[FIT_F], a[FIT_F * FIT_F] = {0}, b[FIT_F] = {0};
	double beta[FIT_F], ymean = 0;
	tetris_fit_moments(x, n, mean, sd);
	for (int i = 0; i < n; i++)
		ymean += y[i] / n;
	for (int i = 0; i < n; i++) {
		double z[FIT_F];
		for (int j = 0; j < FIT_F; j++)
			z[j] = sd[j] > 0 ? (x[i * FIT_F + j] - mean[j]) / sd[j]
			                 : 0;
		for (int j = 0; j < FIT_F; j++) {
			b[j] += z[j] * (y[i] - ymean);
			for (int k = 0; k < FIT_F; k++)
				a[j * FIT_F + k] += z[j] * z[k];
		}
	}
	for (int j = 0; j < FIT_F; j++) {
		a[j * FIT_F + j] += (FIT_RIDGE + prior_share) * n;
		b[j] += prior_share * n * prior[j] * sd[j];
	}
	tetris_fit_solve(a, b, beta, FIT_F);
	for (int j = 0; j < FIT_F; j++)
		weight[j] = sd[j] > 0 ? beta[j] / sd[j] : prior[j];
}

/* The points a set scores with the full search on the check stream, and
 * its clears for the progress line. */
static bool
tetris_fit_check(const struct tetris_fit_params *p,
                 const struct tetris_weights *w, const uint8_t *in,
                 uint8_t *moves, struct tetris_score_result *res)
{
	size_t n = (size_t)p->check_bytes;
	tetris_strategy_play(in, n, moves, p->rules, w, 1);
	char why[128];
	return tetris_score(in, n, moves, n, p->rules, res, why, sizeof why);
}

static void
tetris_fit_report(const char *what, const struct tetris_score_result *res,
                  double rho, tetris_fit_line_fn line, void *ctx)
{
	char text[256];
	snprintf(text, sizeof text,
	         "%s: %.4f points per piece in play, check %llu "
	         "(clears 1:%llu 2:%llu 3:%llu 4:%llu resets %llu)",
	         what, rho, (unsigned long long)res->score,
	         (unsigned long long)res->clears[1],
	         (unsigned long long)res->clears[2],
	         (unsigned long long)res->clears[3],
	         (unsigned long long)res->clears[4],
	         (unsigned long long)res->resets);
	line(ctx, text);
}

/* The set a round's value makes: real points, nothing for a reset. */
static void
tetris_fit_make_set(const struct tetris_weights *start, const double *value,
                    struct tetris_weights *set)
{
	*set = *start;
	set->name = "learned";
	for (int i = 0; i < FIT_F; i++)
		set->feature[i] = value[i];
	for (int n = 0; n <= TETRIS_MAX_CLEAR; n++)
		set->clear[n] = tetris_points(n);
	set->reset = 0;
}

static bool
tetris_fit_params_ok(const struct tetris_fit_params *p, char *err,
                     size_t err_size)
{
	const char *bad =
	        p->rounds < 1 || p->rounds > FIT_MAX_ROUNDS         ? "rounds"
	        : p->states < 2 || p->states > FIT_MAX_STATES       ? "states"
	        : p->spacing < 1 || p->spacing > FIT_MAX_SPACING    ? "spacing"
	        : p->horizon < 1 || p->horizon > FIT_MAX_HORIZON    ? "horizon"
	        : p->rollouts < 1 || p->rollouts > FIT_MAX_ROLLOUTS ? "rollouts"
	        : p->explore < 0 || p->explore > FIT_PERCENT        ? "explore"
	        : p->prior < 0 || p->prior > FIT_MAX_PRIOR          ? "prior"
	        : p->check_bytes < 0 || p->check_bytes > FIT_MAX_CHECK
	                ? "check bytes"
	                : NULL;
	if (bad != NULL)
		snprintf(err, err_size, "tetris fit: %s out of range", bad);
	return bad == NULL;
}

/* One round: sample, roll out, regress into value (which holds the
 * prior on entry). */
static void
tetris_fit_one_round(struct tetris_fit_round *fr, int round, double *value)
{
	tetris_fit_rate(fr, round);
	tetris_fit_sample(fr, round);
	for (int s = 0; s < fr->p->states; s++) {
		int f[FIT_F];
		tetris_strategy_features(&fr->wells[s], fr->p->rules, f);
		for (int j = 0; j < FIT_F; j++)
			fr->x[(size_t)s * FIT_F + j] = f[j];
		fr->y[s] = tetris_fit_target(fr, round, s);
	}
	double prior[FIT_F];
	memcpy(prior, value, sizeof prior);
	tetris_fit_regress(fr->x, fr->y, fr->p->states, prior,
	                   fr->p->prior / (double)FIT_PERCENT, value);
}

/* The rounds, keeping the best checked set in *out. */
static void
tetris_fit_rounds(struct tetris_fit_round *fr,
                  const struct tetris_weights *start,
                  struct tetris_weights *out, const uint8_t *in, uint8_t *moves,
                  tetris_fit_line_fn line, void *ctx)
{
	const struct tetris_fit_params *p = fr->p;
	double value[FIT_F];
	memcpy(value, start->feature, sizeof value);
	uint64_t best = 0;
	for (int round = 0; round < p->rounds; round++) {
		tetris_fit_one_round(fr, round, value);
		struct tetris_weights set;
		tetris_fit_make_set(start, value, &set);
		struct tetris_score_result res = {0};
		if (p->check_bytes > 0)
			tetris_fit_check(p, &set, in, moves, &res);
		char what[32];
		snprintf(what, sizeof what, "round %d", round + 1);
		tetris_fit_report(what, &res, fr->rho, line, ctx);
		if (round == 0 || res.score > best) {
			best = res.score;
			*out = set;
		}
		fr->policy = set;
		fr->policy.candidates = 0;
	}
}

bool
tetris_fit(const struct tetris_fit_params *p,
           const struct tetris_weights *start, struct tetris_weights *out,
           tetris_fit_line_fn line, void *ctx, char *err, size_t err_size)
{
	if (!tetris_fit_params_ok(p, err, err_size))
		return false;
	size_t n = (size_t)p->states, check = (size_t)p->check_bytes;
	struct tetris_fit_round fr = {.p = p, .policy = *start};
	fr.policy.candidates = 0;
	fr.x = malloc(n * FIT_F * sizeof *fr.x);
	fr.y = malloc(n * sizeof *fr.y);
	fr.wells = malloc(n * sizeof *fr.wells);
	uint8_t *in = malloc(check + 1), *moves = malloc(check + 1);
	bool ok = fr.x && fr.y && fr.wells && in && moves;
	if (!ok) {
		snprintf(err, err_size, "tetris fit: out of memory");
	} else {
		struct rng r;
		tetris_fit_rng(&r, p->seed, FIT_SALT_CHECK, 0);
		tetris_bench_stream(in, check, rng_next(&r));
		struct tetris_score_result res = {0};
		if (check > 0)
			tetris_fit_check(p, start, in, moves, &res);
		tetris_fit_report("start", &res, 0, line, ctx);
		tetris_fit_rounds(&fr, start, out, in, moves, line, ctx);
	}
	free(fr.x);
	free(fr.y);
	free(fr.wells);
	free(in);
	free(moves);
	return ok;
}

void
tetris_fit_print(const struct tetris_weights *w, const char *var,
                 tetris_fit_line_fn line, void *ctx)
{
	char text[128];
	snprintf(text, sizeof text, "const struct tetris_weights %s = {", var);
	line(ctx, text);
	snprintf(text, sizeof text, "\t.name = \"%s\",", w->name);
	line(ctx, text);
	line(ctx, "\t.feature = {");
	for (int i = 0; i < FIT_F; i++) {
		if (w->feature[i] == 0)
			continue;
		snprintf(text, sizeof text, "\t\t[%s] = %.4g,",
		         FIT_FEATURE_NAMES[i], w->feature[i]);
		line(ctx, text);
	}
	line(ctx, "\t},");
	snprintf(text, sizeof text, "\t.clear = {%g, %g, %g, %g, %g},",
	         w->clear[0], w->clear[1], w->clear[2], w->clear[3],
	         w->clear[4]);
	line(ctx, text);
	snprintf(text, sizeof text,
	         "\t.reset = %g, .first_moves = %d, .candidates = %d,",
	         w->reset, w->first_moves, w->candidates);
	line(ctx, text);
	snprintf(text, sizeof text,
	         "\t.deep = %d, .deep_margin = %g, .deep_third = %d,", w->deep,
	         w->deep_margin, w->deep_third);
	line(ctx, text);
	line(ctx, "\t.well_column = TETRIS_WELL_LOWEST,");
	line(ctx, "};");
}
