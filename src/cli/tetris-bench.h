/*
 * The Tetris benchmark: plays a 64 KiB stream under both scoring rules and
 * reports each score and the time per 64 KiB; `tabula tetris --bench` and
 * the general `tabula bench` print it.
 */
#ifndef TABULA_CLI_TETRIS_BENCH_H
#define TABULA_CLI_TETRIS_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Seed of the stream the benchmark generates when given no file. */
#define TETRIS_BENCH_SEED 20180212u

/* Bytes of the generated stream: the challenge's 64 KiB. */
#define TETRIS_BENCH_BYTES 65536u

/* Fills buf with n seeded random bytes (SplitMix64's top bytes). */
void tetris_bench_stream(uint8_t *buf, size_t n, uint64_t seed);

/* Benchmarks the given stream under both rules on this many threads (0:
 * one per processor), one line each; returns 0, or 1 (with a message on
 * stderr) if memory runs out. */
int tetris_bench_print_stream(FILE *out, const uint8_t *in, size_t n,
                              const char *label, int threads);

/* Benchmarks the seeded stream; returns as tetris_bench_print_stream. */
int tetris_bench_print_threads(FILE *out, int threads);

/* The same on one thread per processor (for `tabula bench`). */
int tetris_bench_print(FILE *out);

#endif
