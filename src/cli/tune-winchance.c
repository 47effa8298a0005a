/*
 * `tabula tune winchance GAME [--nodes N] [--skip PLIES] [--every K]
 * [--hold-out G] [--scale S] RECORD...`: fits the game's win-chance map (man
 * page "Win chance") to the results of recorded games.  Every Kth position of
 * every finished record (after the first PLIES) is searched as a review
 * searches it (the game's review budget unless --nodes says otherwise)
 * and its score, from the side to move's view, is a sample whose target
 * is the result that side went on to get; forced results are left out
 * (the map does not apply to them).  Prints the fitted scale and draw
 * margin, the log loss and the calibration error before (the committed
 * map) and after; the last G records are not fitted but measured, so the
 * error is also known on games the fit never saw.  --scale S measures
 * the map of scale S as "now" instead of the committed one.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/record.h"
#include "core/registry.h"
#include "search/alphabeta.h"
#include "study/winfit.h"

/* In the option table (tune_wc_options), so constant expressions. */
enum {
	TUNE_WC_MAX_SKIP = 1000,
	TUNE_WC_MAX_EVERY = 1000,
	TUNE_WC_MAX_HOLD = 100000,
	TUNE_WC_MAX_SCALE = 100000,
	TUNE_WC_MAX_NODES = 1000000000
};
static const size_t TUNE_WC_HASH_MB = 16;
static const int TUNE_WC_BINS = 10;

struct tune_wc {
	const struct game_ops *ops;
	struct alphabeta *ab;
	struct search_limits lim;
	long skip, every;
	long games, held_games;
	int scale;              /* the map measured as "now" */
	struct winfit_set set;  /* fitted */
	struct winfit_set held; /* measured only (--hold-out) */
};

/* Adds the searched positions of one record to set (counting the game in
 * *games); false with a message. */
static bool
tune_wc_load(struct tune_wc *t, const char *path, struct winfit_set *set,
             long *games)
{
	struct session s;
	struct record_meta meta;
	char err[512];
	if (!record_load(path, &s, &meta, err, sizeof err)) {
		fprintf(stderr, "tabula tune: %s\n", err);
		return false;
	}
	bool ok = true;
	float r;
	if (s.ops != t->ops) {
		fprintf(stderr, "tabula tune: %s: not a %s game\n", path,
		        t->ops->title);
		ok = false;
	} else if (winfit_result(s.ops, &s.positions[0], meta.result, &r)) {
		(*games)++;
		for (size_t i = (size_t)t->skip; ok && i < s.ply;
		     i += (size_t)t->every) {
			const struct game_pos *pos = &s.positions[i];
			struct alphabeta_result res;
			alphabeta_run(t->ab, s.ops, pos, &t->lim, NULL, NULL,
			              NULL, &res);
			int plies;
			if (search_score_is_mate(res.score, &plies))
				continue;
			winfit_result(s.ops, pos, meta.result, &r);
			ok = winfit_push(set, s.ops->side_to_move(pos) ? 1 : 0,
			                 res.score, r);
			if (!ok)
				fprintf(stderr, "tabula tune: out of memory\n");
		}
	}
	record_meta_free(&meta);
	session_free(&s);
	return ok;
}

static void
tune_wc_print(const char *when, const struct winfit_set *set,
              const struct game_winchance *map)
{
	printf("%s scale %d draw %d first %d log-loss %.5f ece %.2f\n", when,
	       map->scale, map->draw, map->first, winfit_log_loss(set, map),
	       winfit_ece(set, map, TUNE_WC_BINS));
}

static const char TUNE_WC_WANT[] =
        "want winchance GAME [--nodes N] [--skip PLIES] [--every K] "
        "[--hold-out G] [--scale S] RECORD...";

static const struct cli_option tune_wc_options[] = {
        {"nodes", 0, CLI_NUMBER, 1, TUNE_WC_MAX_NODES, TUNE_WC_WANT},
        {"skip", 0, CLI_NUMBER, 0, TUNE_WC_MAX_SKIP, TUNE_WC_WANT},
        {"every", 0, CLI_NUMBER, 1, TUNE_WC_MAX_EVERY, TUNE_WC_WANT},
        {"hold-out", 0, CLI_NUMBER, 0, TUNE_WC_MAX_HOLD, TUNE_WC_WANT},
        {"scale", 0, CLI_NUMBER, 1, TUNE_WC_MAX_SCALE, TUNE_WC_WANT},
        {0},
};

/* Loads the records, the last `hold` of them into t->held; false with a
 * message. */
static bool
tune_wc_load_all(struct tune_wc *t, const struct cli_args *args, long hold)
{
	long fitted = args->argc - hold;
	for (int i = 0; i < args->argc; i++) {
		bool held = i >= fitted;
		if (!tune_wc_load(t, args->argv[i], held ? &t->held : &t->set,
		                  held ? &t->held_games : &t->games))
			return false;
	}
	if (t->set.n == 0) {
		fprintf(stderr, "tabula tune: no finished game with a "
		                "position to fit\n");
		return false;
	}
	return true;
}

/* Fits, printing the committed and the fitted map on the fitted games and
 * on the held-out ones. */
static void
tune_wc_report(const struct tune_wc *t)
{
	printf("%s: games %ld positions %zu at %llu nodes\n", t->ops->name,
	       t->games, t->set.n, (unsigned long long)t->lim.nodes);
	struct game_winchance map = t->ops->caps.winchance;
	map.scale = t->scale;
	if (t->held.n > 0)
		printf("held-out: games %ld positions %zu\n", t->held_games,
		       t->held.n);
	tune_wc_print("now", &t->set, &map);
	if (t->held.n > 0)
		tune_wc_print("now held-out", &t->held, &map);
	winfit_fit(&t->set, &map);
	tune_wc_print("fitted", &t->set, &map);
	if (t->held.n > 0)
		tune_wc_print("fitted held-out", &t->held, &map);
}

int
cli_tune_winchance(int argc, char **argv)
{
	const struct cli_command *self = cli_find("tune");
	if (argc < 2)
		return cli_usage_error(self, "want winchance GAME RECORD...");
	struct tune_wc t = {.ops = registry_find(argv[1])};
	if (t.ops == NULL || !t.ops->caps.winchance.scale)
		return cli_usage_error(self, "want a game with two players");
	t.lim = (struct search_limits){
	        .multipv = 1, .nodes = t.ops->caps.winchance.review_nodes};
	/* From the game on, as if it were the command's name. */
	struct cli_args args;
	int status = cli_tune_args(tune_wc_options, TUNE_WC_WANT, argc - 1,
	                           argv + 1, &args);
	if (status != EXIT_OK)
		return status;
	if (args.argc == 0)
		return cli_usage_error(self, TUNE_WC_WANT);
	if (cli_args_has(&args, "nodes"))
		t.lim.nodes = (uint64_t)cli_args_number(&args, "nodes", 1);
	t.skip = cli_args_number(&args, "skip", 0);
	t.every = cli_args_number(&args, "every", 1);
	long hold = cli_args_number(&args, "hold-out", 0);
	t.scale = (int)cli_args_number(&args, "scale",
	                               t.ops->caps.winchance.scale);
	if (hold >= args.argc)
		return cli_usage_error(self, "want a record to fit besides "
		                             "the held-out ones");
	if ((t.ab = alphabeta_new(TUNE_WC_HASH_MB)) == NULL) {
		fprintf(stderr, "tabula tune: out of memory\n");
		return EXIT_FAILURE_RUN;
	}
	status = EXIT_FAILURE_RUN;
	if (tune_wc_load_all(&t, &args, hold)) {
		tune_wc_report(&t);
		status = fflush(stdout) == 0 ? EXIT_OK : EXIT_FAILURE_RUN;
	}
	alphabeta_free(t.ab);
	winfit_set_free(&t.set);
	winfit_set_free(&t.held);
	return status;
}
