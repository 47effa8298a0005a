/*
 * `tabula puzzles generate GAME [options]` writes a puzzle file
 * (tabula(6), PUZZLES) from games it plays and proves;
 * `tabula puzzles check GAME FILE [--sample N]` reads one and proves its
 * puzzles again; `tabula puzzles merge GAME OUTPUT INPUT...` joins files
 * made in parts (say, one per seed, run side by side), each position once.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/datadir.h"
#include "core/clock.h"
#include "core/file.h"
#include "core/puzzle.h"
#include "core/registry.h"
#include "core/text.h"
#include "search/prove.h"
#include "search/search.h"
#include "study/puzzle-rate.h"
#include "study/puzzlegen.h"

static const uint64_t PUZZLES_DEFAULT_BUDGET = 2000000;

struct puzzles_opts {
	struct puzzlegen_config cfg;
	const char *output;
	bool verbose;
	long sample;
	size_t written; /* puzzles in the output file so far */
	bool games_given;
	bool stats;      /* list: the shares by solver moves and rating */
	bool rate;       /* merge: themes and ratings worked out again */
	long max_single; /* merge: most one-move puzzles kept; -1: all */
	int depth;       /* examples: analysis depth */
};

static void
puzzles_stats_line(FILE *out, const char *prefix,
                   const struct puzzlegen_stats *st)
{
	fprintf(out,
	        "%sgames %d positions %llu forced-wins %d puzzles %d (win %d "
	        "save %d) undecided %d nodes %llu",
	        prefix, st->games, (unsigned long long)st->positions,
	        st->wins_found, st->win_puzzles + st->save_puzzles,
	        st->win_puzzles, st->save_puzzles, st->unknown,
	        (unsigned long long)st->nodes);
}

const struct cli_option cli_puzzles_options[] = {
        {"seed", 's', CLI_NUMBER, 0, LONG_MAX, "bad --seed"},
        {"games", 'n', CLI_NUMBER, 1, 1000000, "bad --games"},
        {"count", 'c', CLI_NUMBER, 0, 1000000, "bad --count"},
        {"max-plies", 'd', CLI_NUMBER, 1, PUZZLE_MAX_LINE, "bad --max-plies"},
        {"scan", 'k', CLI_NUMBER, 1, 100000, "bad --scan"},
        {"per-game", 'p', CLI_NUMBER, 1, 100000, "bad --per-game"},
        {"budget", 'b', CLI_NUMBER, 1, LONG_MAX, "bad --budget"},
        {"no-saves", 'S', CLI_FLAG, 0, 0, NULL},
        {"min-moves", 'M', CLI_NUMBER, 1, PUZZLE_MAX_LINE, "bad --min-moves"},
        {"variations", 'V', CLI_NUMBER, 0, 10000, "bad --variations"},
        {"winners", 'W', CLI_FLAG, 0, 0, NULL},
        {"stats", 't', CLI_FLAG, 0, 0, NULL},
        {"pairing", 'P', CLI_NUMBER, 1, 8, "bad --pairing"},
        {"rate", 'r', CLI_FLAG, 0, 0, NULL},
        {"max-single", 'x', CLI_NUMBER, 0, 1000000, "bad --max-single"},
        {"output", 'o', CLI_TEXT, 0, 0, NULL},
        {"sample", 'm', CLI_NUMBER, 1, 1000000, "bad --sample"},
        {"verbose", 'v', CLI_FLAG, 0, 0, NULL},
        {"depth", 'D', CLI_NUMBER, 2, SEARCH_MAX_DEPTH, "bad --depth"},
        {0},
};

/* The options read into o, over its defaults. */
static void
puzzles_options(const struct cli_args *args, struct puzzles_opts *o)
{
	struct puzzlegen_config *c = &o->cfg;
	c->seed = (uint64_t)cli_args_number(args, "seed", (long)c->seed);
	o->games_given = cli_args_has(args, "games");
	c->games = (int)cli_args_number(args, "games", c->games);
	c->count = (int)cli_args_number(args, "count", c->count);
	c->max_plies = (int)cli_args_number(args, "max-plies", c->max_plies);
	c->scan_plies = (int)cli_args_number(args, "scan", c->scan_plies);
	c->per_game = (int)cli_args_number(args, "per-game", c->per_game);
	c->budget = (uint64_t)cli_args_number(args, "budget", (long)c->budget);
	c->saves = !cli_args_has(args, "no-saves");
	c->min_moves = (int)cli_args_number(args, "min-moves", c->min_moves);
	c->variations = (int)cli_args_number(args, "variations", c->variations);
	c->winners = cli_args_has(args, "winners");
	o->stats = cli_args_has(args, "stats");
	c->pairing = (int)cli_args_number(args, "pairing", c->pairing);
	o->rate = cli_args_has(args, "rate");
	o->max_single = cli_args_number(args, "max-single", o->max_single);
	o->output = cli_args_text(args, "output", NULL);
	o->sample = cli_args_number(args, "sample", 0);
	o->verbose = cli_args_has(args, "verbose");
	o->depth = (int)cli_args_number(args, "depth", 0);
}

static void
puzzles_write(FILE *f, const struct puzzles_opts *o,
              const struct puzzle_set *set)
{
	const struct puzzlegen_config *c = &o->cfg;
	char pairing[32] = "";
	if (c->pairing > 0)
		snprintf(pairing, sizeof pairing, " --pairing %d", c->pairing);
	fprintf(f, "%s\n", PUZZLE_MAGIC);
	fprintf(f,
	        "# %s: %zu puzzles, made by: tabula puzzles generate %s "
	        "--seed %llu --games %d --count %d --max-plies %d --scan %d "
	        "--per-game %d --budget %llu --min-moves %d "
	        "--variations %d%s%s%s\n",
	        c->ops->title, set->count, c->ops->name,
	        (unsigned long long)c->seed, c->games, (int)set->count,
	        c->max_plies, c->scan_plies, c->per_game,
	        (unsigned long long)c->budget, c->min_moves, c->variations,
	        pairing, c->winners ? " --winners" : "",
	        c->saves ? "" : " --no-saves");
	fprintf(f, "# ID | KIND | PLIES | RATING | THEMES | POSITION | "
	           "SOLUTION (see tabula(6), PUZZLES)\n");
	for (size_t i = 0; i < set->count; i++)
		puzzle_format_line(c->ops, &set->items[i], f);
}

struct puzzles_file {
	const struct puzzles_opts *o;
	const struct puzzle_set *set;
};

static bool
puzzles_file_write(FILE *f, const void *ctx, char *why, size_t why_size)
{
	const struct puzzles_file *pf = ctx;
	puzzles_write(f, pf->o, pf->set);
	if (ferror(f)) {
		snprintf(why, why_size, "write error");
		return false;
	}
	return true;
}

/* Writes the file atomically (core/file.h); never through a link. */
static bool
puzzles_save(const char *path, const struct puzzles_opts *o,
             const struct puzzle_set *set)
{
	struct puzzles_file pf = {.o = o, .set = set};
	char err[1024];
	if (!file_replace(path, puzzles_file_write, &pf, err, sizeof err)) {
		fprintf(stderr, "tabula puzzles: %s\n", err);
		return false;
	}
	return true;
}

/* After each game: the statistics with --verbose, and the file so far
 * when it grew (a run stopped early leaves what a run with --count set to
 * its size would write). */
static void
puzzles_progress(void *ctx, const struct puzzlegen_stats *st,
                 const struct puzzle_set *set)
{
	struct puzzles_opts *o = ctx;
	if (o->verbose) {
		puzzles_stats_line(stderr, "", st);
		fputc('\n', stderr);
	}
	if (o->output != NULL && set->count > o->written &&
	    puzzles_save(o->output, o, set))
		o->written = set->count;
}

static int
puzzles_generate(struct puzzles_opts *o)
{
	struct puzzle_set set;
	struct puzzlegen_stats st;
	char err[512];
	int64_t start = clock_now_ns();
	if (!puzzlegen_run(&o->cfg, &set, puzzles_progress, o, &st, err,
	                   sizeof err)) {
		fprintf(stderr, "tabula puzzles: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	bool ok = true;
	if (o->output != NULL)
		ok = puzzles_save(o->output, o, &set);
	else
		puzzles_write(stdout, o, &set);
	puzzles_stats_line(stderr, "", &st);
	fprintf(stderr, " time %.1fs\n", clock_seconds_since(start));
	puzzle_set_free(&set);
	return ok ? EXIT_OK : EXIT_FAILURE_RUN;
}

static int
puzzles_check(const struct puzzles_opts *o, const char *path)
{
	const struct game_ops *ops = o->cfg.ops;
	struct puzzle_set set;
	char err[1024];
	if (!puzzle_load(path, ops, &set, err, sizeof err)) {
		fprintf(stderr, "tabula puzzles: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	struct prover *prover = prover_new(ops, 18);
	if (prover == NULL) {
		fprintf(stderr, "tabula puzzles: out of memory\n");
		puzzle_set_free(&set);
		return EXIT_FAILURE_RUN;
	}
	/* An even spread over the file: every step-th puzzle. */
	size_t step = 1;
	if (o->sample > 0 && set.count > (size_t)o->sample)
		step = set.count / (size_t)o->sample;
	int checked = 0, failed = 0;
	for (size_t i = 0; i < set.count; i += step) {
		if (o->sample > 0 && checked >= o->sample)
			break;
		enum prove_result r =
		        puzzlegen_verify(prover, ops, &set.items[i],
		                         o->cfg.budget, err, sizeof err);
		checked++;
		if (r != PROVE_YES) {
			fprintf(stderr, "tabula puzzles: %s: %s\n", path, err);
			failed++;
		}
	}
	printf("checked %d of %zu puzzles: %d proved, %d failed\n", checked,
	       set.count, checked - failed, failed);
	prover_free(prover);
	puzzle_set_free(&set);
	return failed == 0 ? EXIT_OK : EXIT_FAILURE_RUN;
}

/* Copies the "made by" comment lines of the file at path to out. */
static void
puzzles_copy_origin(const char *path, FILE *out)
{
	char err[1200];
	FILE *f = file_open_read(path, err, sizeof err); /* no FIFO waits */
	if (f == NULL)
		return;
	char line[1024];
	for (int n = 0; n < 8 && fgets(line, sizeof line, f) != NULL; n++) {
		if (line[0] == '#' && strstr(line, "made by:") != NULL)
			fputs(line, out);
	}
	fclose(f);
}

struct puzzles_joined {
	const struct puzzles_opts *o;
	const struct puzzle_set *set;
	int n;
	char **inputs;
};

static bool
puzzles_joined_write(FILE *f, const void *ctx, char *why, size_t why_size)
{
	const struct puzzles_joined *j = ctx;
	const struct game_ops *ops = j->set->ops;
	fprintf(f,
	        "%s\n# %s: %zu puzzles, joined by: tabula puzzles merge %s "
	        "OUTPUT",
	        PUZZLE_MAGIC, ops->title, j->set->count, ops->name);
	if (j->o->rate)
		fprintf(f, " --rate");
	if (j->o->max_single >= 0)
		fprintf(f, " --max-single %ld", j->o->max_single);
	for (int i = 0; i < j->n; i++) {
		const char *slash = strrchr(j->inputs[i], '/');
		fprintf(f, " %s", slash != NULL ? slash + 1 : j->inputs[i]);
	}
	fputc('\n', f);
	for (int i = 0; i < j->n; i++)
		puzzles_copy_origin(j->inputs[i], f);
	fprintf(f, "# ID | KIND | PLIES | RATING | THEMES | POSITION | "
	           "SOLUTION (see tabula(6), PUZZLES)\n");
	for (size_t i = 0; i < j->set->count; i++)
		puzzle_format_line(ops, &j->set->items[i], f);
	if (ferror(f)) {
		snprintf(why, why_size, "write error");
		return false;
	}
	return true;
}

/* After joining: at most o->max_single one-move puzzles kept (the first
 * ones), then with o->rate every puzzle themed and rated again. */
static int
puzzles_merge_select(const struct puzzles_opts *o, struct puzzle_set *all)
{
	if (o->max_single >= 0) {
		size_t kept = 0;
		long single = 0;
		for (size_t i = 0; i < all->count; i++) {
			bool one = puzzle_solver_moves(all->ops,
			                               &all->items[i]) < 2;
			if (one && single++ >= o->max_single)
				continue;
			all->items[kept++] = all->items[i];
		}
		all->count = kept;
	}
	if (o->rate && !puzzle_rate_set(all)) {
		fprintf(stderr, "tabula puzzles: out of memory\n");
		return EXIT_FAILURE_RUN;
	}
	return EXIT_OK;
}

/* Joins shard files (each checked on reading) into one, ids kept. */
static int
puzzles_merge(const struct puzzles_opts *o, const char *output, int n,
              char **inputs)
{
	const struct game_ops *ops = o->cfg.ops;
	struct puzzle_set all = {.ops = ops};
	char err[1024];
	int rc = EXIT_OK;
	size_t dropped = 0;
	for (int i = 0; i < n && rc == EXIT_OK; i++) {
		struct puzzle_set one;
		if (!puzzle_load(inputs[i], ops, &one, err, sizeof err)) {
			fprintf(stderr, "tabula puzzles: %s\n", err);
			rc = EXIT_FAILURE_RUN;
			break;
		}
		struct puzzle *items = realloc(
		        all.items, (all.count + one.count + 1) * sizeof *items);
		if (items == NULL) {
			fprintf(stderr, "tabula puzzles: out of memory\n");
			rc = EXIT_FAILURE_RUN;
		} else {
			all.items = items;
			/* A position found by two parts is kept once. */
			for (size_t k = 0; k < one.count; k++) {
				bool twice = false;
				for (size_t j = 0; j < all.count && !twice; j++)
					twice = strcmp(all.items[j].position,
					               one.items[k].position) ==
					        0;
				if (twice)
					dropped++;
				else
					all.items[all.count++] = one.items[k];
			}
		}
		puzzle_set_free(&one);
	}
	for (size_t i = 0; rc == EXIT_OK && i < all.count; i++) {
		for (size_t j = i + 1; j < all.count; j++) {
			if (strcmp(all.items[i].id, all.items[j].id) == 0) {
				fprintf(stderr, "tabula puzzles: id %s twice\n",
				        all.items[i].id);
				rc = EXIT_FAILURE_RUN;
				break;
			}
		}
	}
	if (rc == EXIT_OK)
		rc = puzzles_merge_select(o, &all);
	struct puzzles_joined j = {
	        .o = o, .set = &all, .n = n, .inputs = inputs};
	if (rc == EXIT_OK &&
	    !file_replace(output, puzzles_joined_write, &j, err, sizeof err)) {
		fprintf(stderr, "tabula puzzles: %s\n", err);
		rc = EXIT_FAILURE_RUN;
	}
	if (rc == EXIT_OK)
		fprintf(stderr,
		        "%zu puzzles, %zu repeated positions left out\n",
		        all.count, dropped);
	puzzle_set_free(&all);
	return rc;
}

/* The share of a count in total, in percent. */
static double
puzzles_share(int count, size_t total)
{
	return total == 0 ? 0.0 : 100.0 * count / (double)total;
}

/* `list --stats`: the puzzles by the solver's moves along the line (a
 * TZAAR turn is one), those needing two or more, and by rating band. */
static void
puzzles_list_stats(const struct game_ops *ops, const struct puzzle_set *set)
{
	enum { BAND = 200, BANDS = PUZZLE_RATING_MAX / BAND + 1 };
	int by_moves[PUZZLE_MAX_LINE + 1] = {0}, by_band[BANDS] = {0};
	int deep = 0;
	for (size_t i = 0; i < set->count; i++) {
		int m = puzzle_solver_moves(ops, &set->items[i]);
		by_moves[m]++;
		deep += m >= 2;
		by_band[set->items[i].rating / BAND]++;
	}
	printf("%s: %zu puzzles; by solver moves:", ops->name, set->count);
	for (int m = 1; m <= PUZZLE_MAX_LINE; m++) {
		if (by_moves[m] > 0)
			printf(" %d: %d (%.1f%%)", m, by_moves[m],
			       puzzles_share(by_moves[m], set->count));
	}
	printf("; 2 or more: %d (%.1f%%)\n", deep,
	       puzzles_share(deep, set->count));
	printf("%s: by rating:", ops->name);
	for (int b = 0; b < BANDS; b++) {
		if (by_band[b] > 0)
			printf(" %d-%d: %d", b * BAND, b * BAND + BAND - 1,
			       by_band[b]);
	}
	printf("\n");
}

/* Where the game's puzzles are and how many there are of each kind. */
static int
puzzles_list(const struct puzzles_opts *o, const char *file)
{
	const struct game_ops *ops = o->cfg.ops;
	char path[4096], rel[64], err[1024];
	snprintf(rel, sizeof rel, "puzzles/%s.txt", ops->name);
	if (file != NULL)
		snprintf(path, sizeof path, "%s", file);
	else if (!datadir_path(rel, path, sizeof path, err, sizeof err)) {
		fprintf(stderr, "tabula puzzles: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	struct puzzle_set set;
	if (!puzzle_load(path, ops, &set, err, sizeof err)) {
		fprintf(stderr, "tabula puzzles: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	int wins = 0, low = PUZZLE_RATING_MAX, high = PUZZLE_RATING_MIN;
	int by_plies[PUZZLE_MAX_LINE + 1] = {0};
	for (size_t i = 0; i < set.count; i++) {
		const struct puzzle *pz = &set.items[i];
		wins += pz->kind == PUZZLE_WIN;
		by_plies[pz->plies]++;
		low = pz->rating < low ? pz->rating : low;
		high = pz->rating > high ? pz->rating : high;
	}
	printf("%s: %zu puzzles in %s\n", ops->name, set.count, path);
	printf("win %d save %zu ratings %d to %d plies", wins,
	       set.count - (size_t)wins, low, high);
	for (int d = 1; d <= PUZZLE_MAX_LINE; d++) {
		if (by_plies[d] > 0)
			printf(" %d:%d", d, by_plies[d]);
	}
	printf("\n");
	if (o->stats)
		puzzles_list_stats(ops, &set);
	puzzle_set_free(&set);
	return EXIT_OK;
}

int
cli_puzzles_exec(const struct cli_command *self, const struct cli_args *args)
{
	if (args->argc < 1)
		return cli_usage_error(self, "want generate or check");
	const char *sub = args->argv[0];
	struct puzzles_opts o = {
	        .max_single = -1,
	        .cfg = {.seed = 1,
	                .games = 1000,
	                .count = 200,
	                .max_plies = 5,
	                .scan_plies = 12,
	                .per_game = 2,
	                .budget = PUZZLES_DEFAULT_BUDGET,
	                .saves = true,
	                .min_moves = 1},
	};
	puzzles_options(args, &o);
	int rest = args->argc - 1;
	char **words = args->argv + 1;
	if (rest < 1)
		return cli_usage_error(self, "want a GAME");
	o.cfg.ops = registry_find(words[0]);
	if (o.cfg.ops == NULL || o.cfg.ops->players != 2)
		return cli_usage_error(self, "unknown or one-player game");
	if (strcmp(sub, "generate") == 0 && rest == 1)
		return puzzles_generate(&o);
	if (strcmp(sub, "list") == 0 && rest <= 2)
		return puzzles_list(&o, rest == 2 ? words[1] : NULL);
	if (strcmp(sub, "check") == 0 && rest == 2)
		return puzzles_check(&o, words[1]);
	if (strcmp(sub, "examples") == 0 && rest == 2)
		return cli_puzzles_examples(
		        o.cfg.ops, words[1], o.games_given ? o.cfg.games : 3,
		        o.cfg.seed,
		        o.depth > 0                               ? o.depth
		        : strcmp(o.cfg.ops->name, "tetress") == 0 ? 2
		                                                  : 4);
	if (strcmp(sub, "merge") == 0 && rest >= 3)
		return puzzles_merge(&o, words[1], rest - 2, words + 2);
	return cli_usage_error(self, "want generate GAME, check GAME FILE or "
	                             "merge GAME OUTPUT INPUT..., examples "
	                             "GAME DIR or list GAME [FILE]");
}
