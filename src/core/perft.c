/*
 * Perft over the game interface: the number of move sequences of exactly
 * the given length.  A finished game has no moves, so a sequence that ends
 * the game early adds nothing; every oracle (the course referees, the TZAAR
 * engines) counts this way.
 */
#include "config.h"

#include <pthread.h>
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

/* Work shared by the perft threads: root moves are claimed one at a time
 * through next_move, each count is written by the one thread that claimed
 * its move, and the caller reads counts only after joining every thread. */
struct perft_job {
	const struct game_ops *ops;
	const struct game_pos *root;
	int depth;
	const game_move *moves;
	uint64_t *counts;
	int n_moves;
	atomic_int next_move;
	const atomic_bool *stop; /* NULL: never stopped */
};

static void *
perft_worker(void *arg)
{
	struct perft_job *job = arg;
	for (;;) {
		int i = atomic_fetch_add(&job->next_move, 1);
		if (i >= job->n_moves)
			return NULL;
		struct game_pos child = *job->root;
		job->ops->play(&child, job->moves[i]);
		job->counts[i] = perft_node(job->ops, &child, job->depth - 1,
		                            true, job->stop);
	}
}

static int
perft_thread_count(int threads)
{
	return threads > 0 ? threads : pool_processors();
}

static int
perft_divide_stoppable(const struct game_ops *ops, const struct game_pos *pos,
                       int depth, int threads, game_move *moves,
                       uint64_t *counts, const atomic_bool *stop)
{
	if (depth < 1)
		return 0;
	struct perft_job job = {
	        .ops = ops,
	        .root = pos,
	        .depth = depth,
	        .moves = moves,
	        .counts = counts,
	        .n_moves = ops->gen_moves(pos, moves),
	        .stop = stop,
	};
	atomic_init(&job.next_move, 0);
	int n_threads = perft_thread_count(threads);
	if (n_threads > job.n_moves)
		n_threads = job.n_moves;
	pthread_t *tids =
	        calloc((size_t)(n_threads > 0 ? n_threads : 1), sizeof *tids);
	int started = 0;
	if (tids != NULL && n_threads > 1) {
		while (started < n_threads &&
		       pthread_create(&tids[started], NULL, perft_worker,
		                      &job) == 0)
			started++;
	}
	/* The calling thread works too, so the job finishes even when no
	 * thread could be started. */
	perft_worker(&job);
	for (int t = 0; t < started; t++)
		pthread_join(tids[t], NULL);
	free(tids);
	return job.n_moves;
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
