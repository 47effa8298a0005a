/*
 * The Tetris benchmark.  The strategy's batch play is timed alone (the
 * scoring afterwards is cheap and not part of the contract), then the
 * independent scorer counts the points, so the number printed is the one a
 * referee would print.
 */
#include "config.h"

#include <stdlib.h>

#include "core/clock.h"
#include "core/pool.h"
#include "core/rng.h"
#include "games/tetris-bench.h"
#include "games/tetris-score.h"
#include "games/tetris-strategy.h"

static const int BENCH_TOP_BYTE_SHIFT = 56;

void
tetris_bench_stream(uint8_t *buf, size_t n, uint64_t seed)
{
	struct rng r;
	rng_seed(&r, seed);
	for (size_t i = 0; i < n; i++)
		buf[i] = (uint8_t)(rng_next(&r) >> BENCH_TOP_BYTE_SHIFT);
}

bool
tetris_bench_lines(const uint8_t *in, size_t n, const char *label,
                   enum tetris_design design, int threads,
                   const atomic_bool *stop, tetris_bench_line_fn line,
                   void *ctx, char *err, size_t err_size)
{
	if (threads < 1)
		threads = pool_processors();
	uint8_t *moves = malloc(n ? n : 1);
	if (moves == NULL) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	const enum tetris_rules rules[] = {TETRIS_RULES_TEXT,
	                                   TETRIS_RULES_REFERENCE};
	for (size_t k = 0; k < sizeof rules / sizeof rules[0]; k++) {
		int64_t t0 = clock_now_ns();
		size_t played = tetris_strategy_play_stoppable(
		        in, n, moves, rules[k],
		        tetris_weights_of(design, rules[k]), threads, stop);
		double secs = clock_seconds_since(t0);
		if (played < n) {
			snprintf(err, err_size, "stopped");
			free(moves);
			return false;
		}
		struct tetris_score_result res;
		char why[128];
		if (!tetris_score(in, n, moves, n, rules[k], &res, why,
		                  sizeof why)) {
			snprintf(err, err_size, "bench: %s", why);
			free(moves);
			return false;
		}
		double per64k = n ? secs * TETRIS_BENCH_BYTES / (double)n : 0;
		char text[512];
		snprintf(text, sizeof text,
		         "tetris %s design=%s rules=%s pieces %zu score %llu "
		         "clears 1:%llu 2:%llu 3:%llu 4:%llu resets %llu "
		         "time %.2f s (%.2f s per 64 KiB, %d thread%s)",
		         label, tetris_design_name(design),
		         tetris_rules_name(rules[k]), n,
		         (unsigned long long)res.score,
		         (unsigned long long)res.clears[1],
		         (unsigned long long)res.clears[2],
		         (unsigned long long)res.clears[3],
		         (unsigned long long)res.clears[4],
		         (unsigned long long)res.resets, secs, per64k, threads,
		         threads == 1 ? "" : "s");
		line(ctx, text);
	}
	free(moves);
	return true;
}

bool
tetris_bench_seeded(enum tetris_design design, int threads,
                    const atomic_bool *stop, tetris_bench_line_fn line,
                    void *ctx, char *err, size_t err_size)
{
	uint8_t *in = malloc(TETRIS_BENCH_BYTES);
	if (in == NULL) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	tetris_bench_stream(in, TETRIS_BENCH_BYTES, TETRIS_BENCH_SEED);
	char label[64];
	snprintf(label, sizeof label, "seed=%u", TETRIS_BENCH_SEED);
	bool ok = tetris_bench_lines(in, TETRIS_BENCH_BYTES, label, design,
	                             threads, stop, line, ctx, err, err_size);
	free(in);
	return ok;
}

bool
tetris_bench(const atomic_bool *stop, tetris_bench_line_fn line, void *ctx,
             char *err, size_t err_size)
{
	return tetris_bench_seeded(TETRIS_DESIGN_TUNED, 0, stop, line, ctx, err,
	                           err_size);
}
