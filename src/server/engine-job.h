/*
 * An engine seat's move, searched on a worker thread (core/worker.h):
 * the job holds a copy of the game (start position, moves, current
 * position), so the worker never touches the room.
 */
#ifndef TABULA_SERVER_ENGINE_JOB_H
#define TABULA_SERVER_ENGINE_JOB_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/session.h"
#include "core/worker.h"

struct engine_job {
	struct worker_job base;
	/* base.stop, set by the event loop (worker_cancel; the job stays
	 * allocated until the loop takes it back, so it may): a queued job
	 * does not start, a running search ends at once; ok is then false.
	 * In: the room asking (by id and ply, so a stale answer is seen). */
	unsigned room_id;
	size_t ply;
	const struct game_ops *ops;
	int level;
	uint64_t seed;
	struct game_pos start, pos;
	game_move *moves; /* moves[0..n) from start */
	size_t n;
	/* Out. */
	bool ok;
	game_move move;
	char err[160];
};

/* A job for the side to move of s, an engine of level; NULL if out of
 * memory. */
struct engine_job *engine_job_new(unsigned room_id, const struct session *s,
                                  int level, uint64_t seed);

/* Frees an engine job (given as its worker_job head). */
void engine_job_free(struct worker_job *job);

#endif
