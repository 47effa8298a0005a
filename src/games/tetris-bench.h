/*
 * The Tetris benchmark: plays a 64 KiB stream under both scoring rules and
 * reports each score and the time per 64 KiB, one line per rule.  Tetris's
 * game interface offers it as its bench (game_ops.bench), which `tabula
 * bench` and the protocol's bench run; `tabula tetris --bench` runs it on a
 * chosen stream and number of threads.
 */
#ifndef TABULA_GAMES_TETRIS_BENCH_H
#define TABULA_GAMES_TETRIS_BENCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "games/tetris-strategy.h"

/* Seed of the stream the benchmark generates when given no file. */
#define TETRIS_BENCH_SEED 20180212u

/* Bytes of the generated stream: the challenge's 64 KiB. */
#define TETRIS_BENCH_BYTES 65536u

/* Takes one result line (no newline). */
typedef void (*tetris_bench_line_fn)(void *ctx, const char *text);

/* Fills buf with n seeded random bytes (SplitMix64's top bytes). */
void tetris_bench_stream(uint8_t *buf, size_t n, uint64_t seed);

/* Benchmarks the given stream under both rules with a design's weights on
 * this many threads (0: one per processor), a line for each; false with a
 * message in err if memory runs out or *stop is set (NULL: never) before
 * the end. */
bool tetris_bench_lines(const uint8_t *in, size_t n, const char *label,
                        enum tetris_design design, int threads,
                        const atomic_bool *stop, tetris_bench_line_fn line,
                        void *ctx, char *err, size_t err_size);

/* The same on the seeded stream. */
bool tetris_bench_seeded(enum tetris_design design, int threads,
                         const atomic_bool *stop, tetris_bench_line_fn line,
                         void *ctx, char *err, size_t err_size);

/* The seeded stream on one thread per processor: Tetris's game_ops.bench. */
bool tetris_bench(const atomic_bool *stop, tetris_bench_line_fn line, void *ctx,
                  char *err, size_t err_size);

#endif
