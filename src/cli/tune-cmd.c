/*
 * `tabula tune tzaar [--rounds N] [--skip PLIES] [--weights W]
 * [--only NAMES] [--mid-turn] RECORD...`: Texel-style fitting of the TZAAR
 * evaluation's named weights to game results (man page: "tune").  Every
 * position at the start of a turn in the records (after the first PLIES
 * sub-moves), and with --mid-turn every one before a second sub-move, is a
 * sample whose target is the game's result from the side to move's view;
 * --only fits some weights and keeps the others.  Without --only the
 * tempo stays: it is set by the search (searches ending with either side
 * to move must agree), and a fit to results would move it to whatever
 * predicts the winner best, bringing back a score that swings with the
 * parity of the depth.  The evaluation is
 * mapped to an expected score by the logistic curve 1 / (1 + 10^(-e/K));
 * K is fitted first, then each weight in turn is moved up or down by a
 * step while the mean squared error falls, the steps halving when a round
 * changes nothing.  Prints the error before and after, K, and the fitted
 * weights in the form TABULA_TZAAR_WEIGHTS reads.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/record.h"
#include "core/registry.h"
#include "games/tzaar-eval.h"
#include "games/tzaar.h"

/* In the option table (tune_tzaar_options), so constant expressions. */
enum { TUNE_MAX_ROUNDS = 1000, TUNE_MAX_SKIP = 1000 };
static const long TUNE_DEFAULT_ROUNDS = 20;
static const long TUNE_DEFAULT_SKIP = 6;
/* K is searched between these (evaluation units per factor of 10 in the
 * odds of winning). */
static const double TUNE_K_MIN = 50.0, TUNE_K_MAX = 50000.0;
static const int TUNE_K_STEPS = 200;
/* A weight's first step: this fraction of its size, at least 1. */
static const int TUNE_STEP_DIVISOR = 4;

struct tune_sample {
	struct game_pos pos;
	float result; /* 1 win, 0.5 draw, 0 loss for the side to move */
};

struct tune_set {
	struct tune_sample *samples;
	size_t n, cap;
	long games;
};

static bool
tune_push(struct tune_set *set, const struct game_pos *pos, float result)
{
	if (set->n == set->cap) {
		size_t cap = set->cap ? set->cap * 2 : 1024;
		struct tune_sample *s =
		        realloc(set->samples, cap * sizeof *set->samples);
		if (s == NULL)
			return false;
		set->samples = s;
		set->cap = cap;
	}
	set->samples[set->n].pos = *pos;
	set->samples[set->n].result = result;
	set->n++;
	return true;
}

/* White's result from a record's Result tag, or -1 for an unfinished game. */
static float
tune_white_result(const char *result)
{
	if (strcmp(result, "1-0") == 0)
		return 1.0f;
	if (strcmp(result, "0-1") == 0)
		return 0.0f;
	if (strcmp(result, "1/2-1/2") == 0)
		return 0.5f;
	return -1.0f;
}

/* Adds the turn starts of one record; false with a message on failure. */
static bool
tune_load(struct tune_set *set, const char *path, long skip, bool mid_turn)
{
	struct session s;
	struct record_meta meta;
	char err[512];
	if (!record_load(path, &s, &meta, err, sizeof err)) {
		fprintf(stderr, "tabula tune: %s\n", err);
		return false;
	}
	bool ok = true;
	float white = tune_white_result(meta.result);
	if (strcmp(s.ops->name, "tzaar") != 0) {
		fprintf(stderr, "tabula tune: %s: not a TZAAR game\n", path);
		ok = false;
	} else if (white >= 0.0f) {
		set->games++;
		for (size_t i = (size_t)skip; ok && i < s.ply; i++) {
			const struct game_pos *pos = &s.positions[i];
			const struct tzaar_pos *p = tzaar_of_const(pos);
			if (p->phase != TZAAR_CAP &&
			    !(mid_turn && p->phase == TZAAR_SECOND))
				continue;
			float r = p->side == TZAAR_WHITE ? white : 1.0f - white;
			ok = tune_push(set, pos, r);
			if (!ok)
				fprintf(stderr, "tabula tune: out of memory\n");
		}
	}
	record_meta_free(&meta);
	session_free(&s);
	return ok;
}

static double
tune_expected(int eval, double k)
{
	return 1.0 / (1.0 + pow(10.0, -eval / k));
}

/* Mean squared error of the predictions over the samples. */
static double
tune_error(const struct tune_set *set, const int *w, double k)
{
	double sum = 0.0;
	for (size_t i = 0; i < set->n; i++) {
		double d = set->samples[i].result -
		           tune_expected(
		                   tzaar_eval_with(&set->samples[i].pos, w), k);
		sum += d * d;
	}
	return sum / (double)set->n;
}

/* The K with the least error, scanned on a logarithmic scale. */
static double
tune_fit_k(const struct tune_set *set, const int *w)
{
	double best_k = TUNE_K_MIN, best = INFINITY;
	for (int i = 0; i <= TUNE_K_STEPS; i++) {
		double k = TUNE_K_MIN * pow(TUNE_K_MAX / TUNE_K_MIN,
		                            (double)i / TUNE_K_STEPS);
		double e = tune_error(set, w, k);
		if (e < best) {
			best = e;
			best_k = k;
		}
	}
	return best_k;
}

static void
tune_print_weights(const int *w)
{
	printf("weights ");
	for (int i = 0; i < TZAAR_EVAL_WEIGHTS; i++)
		printf("%s%s=%d", i ? "," : "", tzaar_eval_weight_names[i],
		       w[i]);
	printf("\n");
}

/* Coordinate descent: rounds over every weight, each step kept while it
 * lowers the error. */
static void
tune_descend(const struct tune_set *set, int *w, const bool *fit, double k,
             long rounds)
{
	int step[TZAAR_EVAL_WEIGHTS];
	for (int i = 0; i < TZAAR_EVAL_WEIGHTS; i++) {
		step[i] = abs(w[i]) / TUNE_STEP_DIVISOR;
		if (step[i] < 1)
			step[i] = 1;
	}
	double err = tune_error(set, w, k);
	for (long r = 1; r <= rounds; r++) {
		bool moved = false;
		for (int i = 0; i < TZAAR_EVAL_WEIGHTS; i++) {
			if (!fit[i])
				continue;
			int keep = w[i];
			for (int sign = 1; sign >= -1; sign -= 2) {
				w[i] = keep + sign * step[i];
				double e = tune_error(set, w, k);
				if (e < err) {
					err = e;
					moved = true;
					break;
				}
				w[i] = keep;
			}
			if (w[i] == keep && step[i] > 1)
				step[i] /= 2;
		}
		printf("round %ld error %.6f\n", r, err);
		fflush(stdout);
		if (!moved)
			break;
	}
}

/* "name,name,...": only these weights move; false on an unknown name. */
static bool
tune_parse_only(const char *list, bool *fit)
{
	for (int i = 0; i < TZAAR_EVAL_WEIGHTS; i++)
		fit[i] = false;
	const char *s = list;
	for (;;) {
		size_t len = strcspn(s, ",");
		int found = tzaar_eval_weight_index(s, len);
		if (found < 0)
			return false;
		fit[found] = true;
		if (s[len] == '\0')
			return true;
		s += len + 1;
	}
}

static const struct cli_option tune_tzaar_options[] = {
        {"rounds", 'r', CLI_NUMBER, 0, TUNE_MAX_ROUNDS, "bad --rounds"},
        {"skip", 's', CLI_NUMBER, 0, TUNE_MAX_SKIP, "bad --skip"},
        {"weights", 'w', CLI_TEXT, 0, 0, NULL},
        {"only", 'o', CLI_TEXT, 0, 0, NULL},
        {"mid-turn", 'm', CLI_FLAG, 0, 0, NULL},
        {0},
};

/* The starting weights (--weights over the defaults) and the ones to fit
 * (--only, else all but the tempo); the usage error's reason on a bad
 * one, else NULL. */
static const char *
tune_tzaar_weights(const struct cli_args *args, int *w, bool *fit)
{
	tzaar_eval_default_weights(w);
	for (int i = 0; i < TZAAR_EVAL_WEIGHTS; i++)
		fit[i] = !tzaar_eval_weight_is_tempo(i);
	const char *weights = cli_args_text(args, "weights", NULL);
	const char *only = cli_args_text(args, "only", NULL);
	if (weights != NULL && !tzaar_eval_parse_weights(weights, w))
		return "bad --weights";
	if (only != NULL && !tune_parse_only(only, fit))
		return "bad --only";
	return NULL;
}

int
cli_tune_args(const struct cli_option *options, const char *bad_option,
              int argc, char **argv, struct cli_args *out)
{
	struct cli_command sub = *cli_find("tune");
	sub.options = options;
	sub.bad_option = bad_option;
	return cli_args_parse(&sub, argc, argv, out);
}

int
cli_tune_main(int argc, char **argv)
{
	const struct cli_command *self = cli_find("tune");
	if (argc > 1 && strcmp(argv[1], "winchance") == 0)
		return cli_tune_winchance(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "tetris") == 0)
		return cli_tune_tetris(argc - 1, argv + 1);
	struct cli_args args;
	int status = cli_tune_args(tune_tzaar_options, NULL, argc, argv, &args);
	if (status != EXIT_OK)
		return status;
	long rounds = cli_args_number(&args, "rounds", TUNE_DEFAULT_ROUNDS);
	long skip = cli_args_number(&args, "skip", TUNE_DEFAULT_SKIP);
	bool mid_turn = cli_args_has(&args, "mid-turn");
	int w[TZAAR_EVAL_WEIGHTS];
	bool fit[TZAAR_EVAL_WEIGHTS];
	const char *why = tune_tzaar_weights(&args, w, fit);
	if (why != NULL)
		return cli_usage_error(self, why);
	if (args.argc < 2 || strcmp(args.argv[0], "tzaar") != 0)
		return cli_usage_error(self, "want tzaar RECORD...");
	struct tune_set set = {0};
	for (int i = 1; i < args.argc; i++) {
		if (!tune_load(&set, args.argv[i], skip, mid_turn)) {
			free(set.samples);
			return EXIT_FAILURE_RUN;
		}
	}
	if (set.n == 0) {
		fprintf(stderr, "tabula tune: no finished game with a position "
		                "after the skipped sub-moves\n");
		free(set.samples);
		return EXIT_FAILURE_RUN;
	}
	double k = tune_fit_k(&set, w);
	printf("games %ld positions %zu\n", set.games, set.n);
	printf("k %.0f error %.6f\n", k, tune_error(&set, w, k));
	tune_descend(&set, w, fit, k, rounds);
	k = tune_fit_k(&set, w);
	printf("k %.0f error %.6f\n", k, tune_error(&set, w, k));
	tune_print_weights(w);
	free(set.samples);
	return EXIT_OK;
}
