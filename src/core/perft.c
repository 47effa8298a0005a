/*
 * Perft over the game interface: the number of move sequences of exactly
 * the given length.  A finished game has no moves, so a sequence that ends
 * the game early adds nothing; every oracle (the course referees, the TZAAR
 * engines) counts this way.
 */
#include "config.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "core/perft.h"
#include "core/pool.h"

/* Below this depth a stoppable count hands over to the game's fast perft,
 * which cannot be interrupted but takes milliseconds at this depth. */
enum { PERFT_STOPPABLE_FAST_DEPTH = 2 };

/* stop (may be NULL) ends the count early: the result is then partial and
 * the caller throws it away. */
static uint64_t
perft_node(const struct game_ops *ops, const struct game_pos *pos, int depth,
           bool fast, const atomic_bool *stop)
{
	if (depth == 0)
		return 1;
	if (stop != NULL && atomic_load_explicit(stop, memory_order_relaxed))
		return 0;
	if (fast && ops->perft != NULL &&
	    (stop == NULL || depth <= PERFT_STOPPABLE_FAST_DEPTH))
		return ops->perft(pos, depth);
	game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(pos, moves);
	if (depth == 1)
		return (uint64_t)n;
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		struct game_pos child = *pos;
		ops->play(&child, moves[i]);
		total += perft_node(ops, &child, depth - 1, fast, stop);
	}
	return total;
}

uint64_t
perft_walk(const struct game_ops *ops, const struct game_pos *pos, int depth)
{
	return perft_node(ops, pos, depth, false, NULL);
}

/* A batch of the pool (core/pool.h): job i counts under root move i and
 * writes counts[i] alone, so the counts are the same however the jobs
 * are shared out. */
struct perft_batch {
	const struct game_ops *ops;
	const struct game_pos *root;
	int depth;
	const game_move *moves;
	uint64_t *counts;
	const atomic_bool *stop; /* NULL: never stopped */
};

static void
perft_batch_job(void *ctx, int i)
{
	struct perft_batch *b = ctx;
	struct game_pos child = *b->root;
	b->ops->play(&child, b->moves[i]);
	b->counts[i] = perft_node(b->ops, &child, b->depth - 1, true, b->stop);
}

static int
perft_divide_stoppable(const struct game_ops *ops, const struct game_pos *pos,
                       int depth, int threads, game_move *moves,
                       uint64_t *counts, const atomic_bool *stop)
{
	if (depth < 1)
		return 0;
	struct perft_batch batch = {
	        .ops = ops,
	        .root = pos,
	        .depth = depth,
	        .moves = moves,
	        .counts = counts,
	        .stop = stop,
	};
	int n = ops->gen_moves(pos, moves);
	int n_threads = threads > 0 ? threads : pool_processors();
	if (n_threads > n)
		n_threads = n;
	/* The caller is one of the threads; a pool that cannot be made
	 * (NULL) runs the batch on the caller alone. */
	struct pool *pool = n_threads > 1 ? pool_create(n_threads - 1) : NULL;
	pool_run(pool, n, perft_batch_job, &batch);
	pool_destroy(pool);
	return n;
}

int
perft_divide(const struct game_ops *ops, const struct game_pos *pos, int depth,
             int threads, game_move *moves, uint64_t *counts)
{
	return perft_divide_stoppable(ops, pos, depth, threads, moves, counts,
	                              NULL);
}

bool
perft_count_stoppable(const struct game_ops *ops, const struct game_pos *pos,
                      int depth, int threads, const atomic_bool *stop,
                      uint64_t *count)
{
	uint64_t total = 0;
	if (depth <= 1) {
		total = perft_node(ops, pos, depth, true, stop);
	} else {
		game_move *moves = malloc(GAME_MAX_MOVES * sizeof *moves);
		uint64_t *counts = malloc(GAME_MAX_MOVES * sizeof *counts);
		if (moves == NULL || counts == NULL) {
			total = perft_node(ops, pos, depth, true, stop);
		} else {
			int n = perft_divide_stoppable(ops, pos, depth, threads,
			                               moves, counts, stop);
			for (int i = 0; i < n; i++)
				total += counts[i];
		}
		free(moves);
		free(counts);
	}
	*count = total;
	return stop == NULL || !atomic_load(stop);
}

uint64_t
perft_count(const struct game_ops *ops, const struct game_pos *pos, int depth,
            int threads)
{
	uint64_t n;
	perft_count_stoppable(ops, pos, depth, threads, NULL, &n);
	return n;
}
