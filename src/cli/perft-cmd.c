/*
 * `tabula perft GAME DEPTH [--fen POSITION] [--divide] [--threads N]`:
 * prints the number of move sequences of DEPTH plies, and with --divide the
 * count below each first move.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "core/perft.h"
#include "core/registry.h"
#include "core/session.h"
#include "core/text.h"

static const long PERFT_MAX_DEPTH = 64;
/* In the option table (cli_perft_options), so a constant expression. */
enum { PERFT_MAX_THREADS = 256 };

/* Prints each first move with its count; the sum goes to *total. */
static int
perft_print_divide(const struct game_ops *ops, const struct game_pos *pos,
                   int depth, int threads, uint64_t *total)
{
	game_move *moves = malloc(GAME_MAX_MOVES * sizeof *moves);
	uint64_t *counts = malloc(GAME_MAX_MOVES * sizeof *counts);
	if (moves == NULL || counts == NULL) {
		free(moves);
		free(counts);
		fprintf(stderr, "tabula perft: out of memory\n");
		return EXIT_FAILURE_RUN;
	}
	int n = perft_divide(ops, pos, depth, threads, moves, counts);
	*total = 0;
	char text[GAME_TEXT_MAX];
	for (int i = 0; i < n; i++) {
		ops->format_move(pos, moves[i], text, sizeof text);
		printf("%s %" PRIu64 "\n", text, counts[i]);
		*total += counts[i];
	}
	printf("moves %d\n", n);
	free(moves);
	free(counts);
	return EXIT_OK;
}

const struct cli_option cli_perft_options[] = {
        {"fen", 'f', CLI_TEXT, 0, 0, NULL},
        {"divide", 'd', CLI_FLAG, 0, 0, NULL},
        {"threads", 't', CLI_NUMBER, 1, PERFT_MAX_THREADS,
         "--threads takes 1..256"},
        {0},
};

int
cli_perft_exec(const struct cli_command *self, const struct cli_args *args)
{
	const char *fen = cli_args_text(args, "fen", NULL);
	bool divide = cli_args_has(args, "divide");
	long threads_arg = cli_args_number(args, "threads", 0);
	if (args->argc != 2)
		return cli_usage_error(self, "expected GAME and DEPTH");
	const struct game_ops *ops = registry_find(args->argv[0]);
	if (ops == NULL) {
		fprintf(stderr, "tabula perft: unknown game '%s'\n",
		        args->argv[0]);
		return EXIT_USAGE;
	}
	long depth_arg;
	if (!text_to_long(args->argv[1], 0, PERFT_MAX_DEPTH, &depth_arg))
		return cli_usage_error(self,
		                       "DEPTH must be a number from 0 to 64");

	int depth = (int)depth_arg, threads = (int)threads_arg;
	struct session s;
	if (!session_init(&s, ops, NULL)) {
		fprintf(stderr, "tabula perft: out of memory\n");
		return EXIT_FAILURE_RUN;
	}
	char err[256];
	if (fen != NULL && !session_set_fen(&s, fen, err, sizeof err)) {
		fprintf(stderr, "tabula perft: bad --fen: %s\n", err);
		session_free(&s);
		return EXIT_FAILURE_RUN;
	}
	int64_t start = clock_now_ns();
	int status = EXIT_OK;
	uint64_t leaves = 0;
	if (divide && depth > 0)
		status = perft_print_divide(ops, session_current(&s), depth,
		                            threads, &leaves);
	else
		leaves = perft_count(ops, session_current(&s), depth, threads);
	double secs = clock_seconds_since(start);
	if (status == EXIT_OK) {
		printf("perft %d %" PRIu64 "\n", depth, leaves);
		fflush(stdout);
		fprintf(stderr, "%.3f s, %.0f leaves/s\n", secs,
		        secs > 0 ? (double)leaves / secs : 0.0);
	}
	session_free(&s);
	return status;
}
