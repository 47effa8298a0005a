/*
 * The engine seats' thinking, off the server's event loop: a fixed pool of
 * worker threads takes search jobs from a queue and hands finished jobs
 * back through a second queue, writing a byte to a pipe the event loop
 * polls.  The loop never waits for a search; at most ENGINE_POOL_QUEUE_MAX
 * jobs wait at once, each a small copy of its game.
 *
 * Ownership: a job belongs to whoever holds it; while queued, to the pool
 * under its mutex.  Workers see only their job's copy of the positions,
 * never a room.
 */
#ifndef TABULA_SERVER_ENGINE_POOL_H
#define TABULA_SERVER_ENGINE_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

#define ENGINE_POOL_QUEUE_MAX 1024

struct engine_job {
	/* In: the room asking (by id and ply, so a stale answer is seen). */
	unsigned room_id;
	size_t ply;
	const struct game_ops *ops;
	int level;
	uint64_t seed;
	struct game_pos start, pos;
	game_move *moves; /* moves[0..n) from start; owned by the job */
	size_t n;
	/* Out. */
	bool ok;
	game_move move;
	char err[160];
	struct engine_job *next;
};

struct engine_pool;

/* Starts threads workers; NULL on failure. */
struct engine_pool *engine_pool_new(int threads);

/* The descriptor to poll for reading: readable when jobs are done. */
int engine_pool_fd(const struct engine_pool *p);

/* Queues job (the pool owns it until it comes back); false when the queue
 * is full. */
bool engine_pool_submit(struct engine_pool *p, struct engine_job *job);

/* A finished job (the caller frees it with engine_job_free), or NULL. */
struct engine_job *engine_pool_take(struct engine_pool *p);

void engine_job_free(struct engine_job *job);

/* Stops the workers (each finishes its search first) and frees the pool
 * with its jobs. */
void engine_pool_free(struct engine_pool *p);

#endif
