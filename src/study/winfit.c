/*
 * Fitting a win-chance map (see winfit.h).  The likelihood has one or two
 * parameters, so a scan on a logarithmic grid followed by a finer scan
 * around the best point is exact enough (a few units of scale) and
 * obviously right.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search/winchance.h"
#include "study/winfit.h"

/* The scales scanned (score units per factor of e in the odds). */
static const double WINFIT_SCALE_MIN = 10.0, WINFIT_SCALE_MAX = 100000.0;
static const int WINFIT_SCALE_STEPS = 120;
/* Draw margins scanned, as fractions of the scale. */
static const double WINFIT_DRAW_MAX = 3.0;
static const int WINFIT_DRAW_STEPS = 30;
/* The first player's edges scanned, as fractions of the scale. */
static const double WINFIT_FIRST_MAX = 2.0;
static const int WINFIT_FIRST_STEPS = 80;
/* Rounds of fitting the scale, then the edge, then the scale again. */
static const int WINFIT_ROUNDS = 3;
/* Probabilities are kept this far from 0 and 1 in the log loss. */
static const double WINFIT_EPSILON = 1e-6;

bool
winfit_push(struct winfit_set *set, int side, int score, float result)
{
	if (set->n == set->cap) {
		size_t cap = set->cap ? set->cap * 2 : 1024;
		struct winfit_sample *s =
		        realloc(set->samples, cap * sizeof *set->samples);
		if (s == NULL)
			return false;
		set->samples = s;
		set->cap = cap;
	}
	set->samples[set->n++] = (struct winfit_sample){
	        .score = score, .side = side, .result = result};
	return true;
}

void
winfit_set_free(struct winfit_set *set)
{
	free(set->samples);
	memset(set, 0, sizeof *set);
}

bool
winfit_result(const struct game_ops *ops, const struct game_pos *pos,
              const char *token, float *result)
{
	float p1;
	if (strcmp(token, "1-0") == 0)
		p1 = 1.0f;
	else if (strcmp(token, "0-1") == 0)
		p1 = 0.0f;
	else if (strcmp(token, "1/2-1/2") == 0)
		p1 = 0.5f;
	else
		return false;
	*result = ops->side_to_move(pos) == 0 ? p1 : 1.0f - p1;
	return true;
}

static double
winfit_clip(double p)
{
	return p < WINFIT_EPSILON         ? WINFIT_EPSILON
	       : p > 1.0 - WINFIT_EPSILON ? 1.0 - WINFIT_EPSILON
	                                  : p;
}

double
winfit_log_loss(const struct winfit_set *set, const struct game_winchance *map)
{
	double sum = 0.0;
	for (size_t i = 0; i < set->n; i++) {
		const struct winfit_sample *x = &set->samples[i];
		double s = x->score + (x->side == 0 ? map->first : -map->first);
		double win = 1.0 / (1.0 + exp(-(s - map->draw) / map->scale));
		double loss = 1.0 / (1.0 + exp(-(-s - map->draw) / map->scale));
		double draw = 1.0 - win - loss;
		float r = x->result;
		double p = r > 0.75f ? win : r < 0.25f ? loss : draw;
		sum -= log(winfit_clip(p));
	}
	return set->n > 0 ? sum / (double)set->n : 0.0;
}

static bool
winfit_has_draws(const struct winfit_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->samples[i].result > 0.25f &&
		    set->samples[i].result < 0.75f)
			return true;
	return false;
}

/* The best scale (and draw) of a scan between lo and hi. */
static double
winfit_scan(const struct winfit_set *set, struct game_winchance *map, double lo,
            double hi, bool draws)
{
	double best = INFINITY;
	struct game_winchance cand = *map, keep = *map;
	for (int i = 0; i <= WINFIT_SCALE_STEPS; i++) {
		cand.scale = (int)lround(
		        lo * pow(hi / lo, (double)i / WINFIT_SCALE_STEPS));
		if (cand.scale < 1)
			continue;
		for (int j = 0; j <= (draws ? WINFIT_DRAW_STEPS : 0); j++) {
			cand.draw = (int)lround(cand.scale * WINFIT_DRAW_MAX *
			                        j / WINFIT_DRAW_STEPS);
			double e = winfit_log_loss(set, &cand);
			if (e < best) {
				best = e;
				keep = cand;
			}
		}
	}
	*map = keep;
	return best;
}

/* The best first player's edge at map's scale and draw. */
static double
winfit_scan_first(const struct winfit_set *set, struct game_winchance *map)
{
	double best = INFINITY;
	struct game_winchance cand = *map, keep = *map;
	for (int i = -WINFIT_FIRST_STEPS; i <= WINFIT_FIRST_STEPS; i++) {
		cand.first = (int)lround(map->scale * WINFIT_FIRST_MAX * i /
		                         WINFIT_FIRST_STEPS);
		double e = winfit_log_loss(set, &cand);
		if (e < best) {
			best = e;
			keep = cand;
		}
	}
	*map = keep;
	return best;
}

double
winfit_fit(const struct winfit_set *set, struct game_winchance *map)
{
	bool draws = winfit_has_draws(set);
	double step = pow(WINFIT_SCALE_MAX / WINFIT_SCALE_MIN,
	                  1.0 / WINFIT_SCALE_STEPS);
	map->draw = 0;
	map->first = 0;
	winfit_scan(set, map, WINFIT_SCALE_MIN, WINFIT_SCALE_MAX, draws);
	double loss = winfit_scan(set, map, map->scale / step,
	                          map->scale * step, draws);
	for (int round = 0; round < WINFIT_ROUNDS; round++) {
		winfit_scan_first(set, map);
		loss = winfit_scan(set, map, map->scale / step,
		                   map->scale * step, draws);
	}
	return loss;
}

double
winfit_ece(const struct winfit_set *set, const struct game_winchance *map,
           int bins)
{
	double *pred = calloc((size_t)bins, sizeof *pred);
	double *got = calloc((size_t)bins, sizeof *got);
	double ece = -1.0;
	if (pred != NULL && got != NULL && set->n > 0) {
		for (size_t i = 0; i < set->n; i++) {
			const struct winfit_sample *x = &set->samples[i];
			double p = winchance_expected(map, x->side, x->score);
			int b = (int)(p * bins);
			b = b >= bins ? bins - 1 : b;
			pred[b] += p;
			got[b] += set->samples[i].result;
		}
		ece = 0.0;
		for (int b = 0; b < bins; b++)
			ece += fabs(pred[b] - got[b]);
		ece = 100.0 * ece / (double)set->n;
	}
	free(pred);
	free(got);
	return ece;
}
