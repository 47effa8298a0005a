/*
 * Batch play as a stream: reads pieces one at a time and writes each
 * answer as soon as the piece after it is known (the strategy's whole
 * window), so a long or endless input shows its answers as it goes and an
 * interrupted run leaves every answer given so far.  The bytes are those
 * of tetris_strategy_play for the same input.
 */
#ifndef TABULA_GAMES_TETRIS_STREAM_H
#define TABULA_GAMES_TETRIS_STREAM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "games/tetris-strategy.h"

/* Called every `every` pieces with the count so far. */
typedef void (*tetris_stream_progress_fn)(void *ctx, uint64_t pieces);

/* Plays every byte of in with the weights (NULL: the rule's tuned set),
 * writing one byte per piece to out and flushing it at once; threads as in
 * tetris_strategy_play.  false with errno set on a read or write error
 * (*pieces says how far it got). */
bool tetris_stream_play(FILE *in, FILE *out, enum tetris_rules rules,
                        const struct tetris_weights *weights, int threads,
                        tetris_stream_progress_fn progress, void *ctx,
                        uint64_t every, uint64_t *pieces);

#endif
