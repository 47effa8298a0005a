/*
 * `tabula bench [GAME] [--depth N] [--threads N]`: searches the bench
 * positions of every game (or one) and prints each position's nodes, then
 * the total: a signature of the search that tests check (with one
 * thread), and the speed in nodes per second.  With --solver [--nodes N], the
 * endgame solver instead tries the positions of each game's endgame file
 * (data/endgames/GAME.txt) and prints how many it proves at each distance from
 * the end.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/datadir.h"
#include "core/endgames.h"
#include "core/registry.h"
#include "search/bench.h"
#include "search/search.h"
#include "search/solver-bench.h"

/* Positions the solver may make for each endgame by default (about 50 ms
 * in TZAAR, a tenth of a sub-move at 1 s a turn). */
static const long BENCH_SOLVER_NODES = 1000000;
/* In the option table (cli_bench_options), so a constant expression. */
enum { BENCH_SOLVER_NODES_MAX = 1000000000 };

static void
bench_cmd_line(void *ctx, const struct game_ops *ops, int index, int depth,
               uint64_t nodes)
{
	(void)ctx;
	printf("%s position %d depth %d nodes %" PRIu64 "\n", ops->name,
	       index + 1, depth, nodes);
	fflush(stdout);
}

static int
bench_cmd_run(const struct game_ops *only, int depth, int threads)
{
	struct bench_result res = {0};
	char err[256];
	for (size_t i = 0; registry_at(i) != NULL; i++) {
		const struct game_ops *ops = registry_at(i);
		if (only != NULL && ops != only)
			continue;
		/* A game measured by playing prints its own lines. */
		if (ops->bench != NULL) {
			if (!ops->bench(NULL, cli_print_line, NULL, err,
			                sizeof err)) {
				fprintf(stderr, "tabula: %s\n", err);
				return EXIT_FAILURE_RUN;
			}
			continue;
		}
		if (!bench_game(ops, depth, threads, bench_cmd_line, NULL, &res,
		                err, sizeof err)) {
			if (only != NULL) {
				fprintf(stderr, "tabula bench: %s\n", err);
				return EXIT_FAILURE_RUN;
			}
			printf("%s skipped: %s\n", ops->name, err);
		}
	}
	uint64_t nps =
	        res.time_ms > 0 ? res.nodes * 1000 / (uint64_t)res.time_ms : 0;
	if (res.positions == 0)
		return EXIT_OK; /* only played games were measured */
	printf("bench %" PRIu64 " nodes %" PRIu64 " nps\n", res.nodes, nps);
	fprintf(stderr, "%d positions in %" PRId64 " ms\n", res.positions,
	        res.time_ms);
	return EXIT_OK;
}

/* The solver's bench of one game; *missing set (and true) when the game
 * has no endgame file. */
static bool
bench_cmd_solver_game(const struct game_ops *ops, uint32_t nodes, bool *missing)
{
	char rel[64], path[4096], err[512];
	*missing = false;
	snprintf(rel, sizeof rel, "endgames/%s.txt", ops->name);
	if (!datadir_path(rel, path, sizeof path, err, sizeof err)) {
		fprintf(stderr, "tabula bench: %s\n", err);
		return false;
	}
	if (access(path, F_OK) != 0) {
		*missing = true;
		return true;
	}
	struct endgame_set set;
	if (!endgames_load(path, ops, &set, err, sizeof err)) {
		fprintf(stderr, "tabula bench: %s\n", err);
		return false;
	}
	struct solver_bench_result res;
	bool ok = solver_bench_run(ops, &set, nodes, &res, err, sizeof err);
	endgame_set_free(&set);
	if (!ok) {
		fprintf(stderr, "tabula bench: %s\n", err);
		return false;
	}
	for (int d = 0; d < SOLVER_BENCH_DISTANCES; d++) {
		if (res.at[d] > 0)
			printf("%s solver to-end %d proven %d of %d\n",
			       ops->name, d, res.proven_at[d], res.at[d]);
	}
	printf("solver %s positions %d proven %d disproven %d nodes %" PRIu32
	       " expanded %" PRIu64 " time %" PRId64 " ms\n",
	       ops->name, res.positions, res.proven, res.disproven, nodes,
	       res.expanded, res.time_ms);
	fflush(stdout);
	return true;
}

static int
bench_cmd_solver(const struct game_ops *only, uint32_t nodes)
{
	for (size_t i = 0; registry_at(i) != NULL; i++) {
		const struct game_ops *ops = registry_at(i);
		if ((only != NULL && ops != only) || ops->players != 2)
			continue;
		bool missing;
		if (!bench_cmd_solver_game(ops, nodes, &missing))
			return EXIT_FAILURE_RUN;
		if (missing && only != NULL) {
			fprintf(stderr,
			        "tabula bench: %s has no endgame positions\n",
			        ops->name);
			return EXIT_FAILURE_RUN;
		}
	}
	return EXIT_OK;
}

const struct cli_option cli_bench_options[] = {
        {"depth", 'd', CLI_NUMBER, 1, SEARCH_MAX_DEPTH, "--depth wants 1..64"},
        {"solver", 's', CLI_FLAG, 0, 0, NULL},
        {"nodes", 'n', CLI_NUMBER, 1, BENCH_SOLVER_NODES_MAX,
         "--nodes wants 1..1000000000"},
        {"threads", 't', CLI_NUMBER, 1, SEARCH_MAX_THREADS,
         "--threads wants 1..256"},
        {0},
};

int
cli_bench_exec(const struct cli_command *self, const struct cli_args *args)
{
	int depth = (int)cli_args_number(args, "depth", 0);
	int threads = (int)cli_args_number(args, "threads", 1);
	bool solver = cli_args_has(args, "solver");
	long nodes = cli_args_number(args, "nodes", 0);
	if (solver && depth > 0)
		return cli_usage_error(self, "--depth is not for --solver");
	if (solver && threads > 1)
		return cli_usage_error(self, "--threads is not for --solver");
	if (!solver && nodes > 0)
		return cli_usage_error(self, "--nodes wants --solver");
	const struct game_ops *only = NULL;
	if (args->argc > 0) {
		only = registry_find(args->argv[0]);
		if (only == NULL)
			return cli_usage_error(self, "unknown game");
	}
	if (args->argc > 1)
		return cli_usage_error(self, "too many arguments");
	if (solver)
		return bench_cmd_solver(
		        only,
		        (uint32_t)(nodes > 0 ? nodes : BENCH_SOLVER_NODES));
	return bench_cmd_run(only, depth, threads);
}
