/*
 * Perft: the number of move sequences of a given length, the standard proof
 * that a move generator is exact.  The root's moves are shared out among
 * worker threads; below the root a game's own bulk-counting perft is used
 * when it has one.
 */
#ifndef TABULA_CORE_PERFT_H
#define TABULA_CORE_PERFT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"

/* Leaf count below one position by plain generate-and-play, no threads:
 * the reference every game's fast perft must agree with. */
uint64_t perft_walk(const struct game_ops *ops, const struct game_pos *pos,
                    int depth);

/* Leaf count using the game's fast perft and up to threads workers
 * (0 = one per online processor). */
uint64_t perft_count(const struct game_ops *ops, const struct game_pos *pos,
                     int depth, int threads);

/* Like perft_count, but returns false (the count then partial) as soon as
 * *stop is set, from any thread; checked at every node above the last two
 * plies (those are the game's fast perft). */
bool perft_count_stoppable(const struct game_ops *ops,
                           const struct game_pos *pos, int depth, int threads,
                           const atomic_bool *stop, uint64_t *count);

/* Like perft_count, and writes each root move's leaf count into counts[]
 * (in gen_moves order, moves[] filled alike); returns the root move count. */
int perft_divide(const struct game_ops *ops, const struct game_pos *pos,
                 int depth, int threads, game_move *moves, uint64_t *counts);

#endif
