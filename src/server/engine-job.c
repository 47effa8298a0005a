/*
 * Engine seats' searches (see engine-job.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/player.h"
#include "server/engine-job.h"

/* Searches with a fresh engine player of the job's level (its table is
 * allocated lazily by the kernel, so a fresh one costs little). */
static void
engine_job_run(struct worker_job *base)
{
	struct engine_job *job = (struct engine_job *)base;
	struct player pl;
	char spec[32];
	if (atomic_load(&job->base.stop)) {
		job->ok = false;
		snprintf(job->err, sizeof job->err, "cancelled");
		return;
	}
	snprintf(spec, sizeof spec, "level=%d", job->level);
	job->ok = player_parse(&pl, spec, NULL, job->err, sizeof job->err) &&
	          player_open(&pl, job->ops, job->err, sizeof job->err);
	if (!job->ok)
		return;
	pl.stop = &job->base.stop;
	job->ok = player_choose(&pl, job->ops, &job->start, job->moves, job->n,
	                        &job->pos, job->seed, &job->move, job->err,
	                        sizeof job->err);
	player_close(&pl);
	if (atomic_load(&job->base.stop)) {
		job->ok = false;
		snprintf(job->err, sizeof job->err, "cancelled");
	}
}

struct engine_job *
engine_job_new(unsigned room_id, const struct session *s, int level,
               uint64_t seed)
{
	struct engine_job *job = calloc(1, sizeof *job);
	if (job == NULL)
		return NULL;
	if (s->ply > 0 &&
	    (job->moves = malloc(s->ply * sizeof *job->moves)) == NULL) {
		free(job);
		return NULL;
	}
	job->base.run = engine_job_run;
	atomic_init(&job->base.stop, false);
	job->room_id = room_id;
	job->ply = s->ply;
	job->ops = s->ops;
	job->level = level;
	job->seed = seed;
	job->start = s->positions[0];
	job->pos = *session_current(s);
	if (s->ply > 0)
		memcpy(job->moves, s->moves, s->ply * sizeof *job->moves);
	job->n = s->ply;
	return job;
}

void
engine_job_free(struct worker_job *base)
{
	struct engine_job *job = (struct engine_job *)base;
	if (job == NULL)
		return;
	free(job->moves);
	free(job);
}
