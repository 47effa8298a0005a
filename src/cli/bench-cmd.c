/*
 * `tabula bench [GAME] [--depth N]`: searches the bench positions of every
 * game (or one) and prints each position's nodes, then the total: a
 * signature of the search that tests check, and the speed in nodes per
 * second.
 */
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/registry.h"
#include "core/text.h"
#include "search/bench.h"
#include "search/search.h"

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
bench_cmd_run(const struct game_ops *only, int depth)
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
		if (!bench_game(ops, depth, bench_cmd_line, NULL, &res, err,
		                sizeof err)) {
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

int
cli_bench_main(int argc, char **argv)
{
	const struct cli_command *self = cli_find("bench");
	static const struct option options[] = {
	        {"depth", required_argument, NULL, 'd'},
	        {NULL, 0, NULL, 0},
	};
	int depth = 0, opt;
	while ((opt = getopt_long(argc, argv, "d:", options, NULL)) != -1) {
		if (opt != 'd')
			return cli_usage_error(self, NULL);
		long v;
		if (!text_to_long(optarg, 1, SEARCH_MAX_DEPTH, &v))
			return cli_usage_error(self, "--depth wants 1..64");
		depth = (int)v;
	}
	const struct game_ops *only = NULL;
	if (optind < argc) {
		only = registry_find(argv[optind]);
		if (only == NULL)
			return cli_usage_error(self, "unknown game");
		optind++;
	}
	if (optind < argc)
		return cli_usage_error(self, "too many arguments");
	return bench_cmd_run(only, depth);
}
