/*
 * The bench: a fixed set of positions per game searched to fixed depths
 * from a cleared table, one thread unless asked for more.  With one
 * thread the total node count is a signature of the search and the
 * evaluations (the same build always gives the same count); the time
 * gives nodes per second, and with more threads the time to the same
 * depths.
 */
#ifndef TABULA_SEARCH_BENCH_H
#define TABULA_SEARCH_BENCH_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"

struct bench_result {
	uint64_t nodes;
	int64_t time_ms;
	int positions;
};

/* Called after each position: its game, index, depth and nodes. */
typedef void (*bench_line_fn)(void *ctx, const struct game_ops *ops, int index,
                              int depth, uint64_t nodes);

/* Benches one game (ops) with threads search threads, adding to res;
 * false if it has no bench, or out of memory or threads (err says which).
 * depth 0 = the game's own bench depth. */
bool bench_game(const struct game_ops *ops, int depth, int threads,
                bench_line_fn line, void *ctx, struct bench_result *res,
                char *err, size_t err_size);

#endif
