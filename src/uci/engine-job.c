/*
 * perft and bench on their own thread (see engine-job.h): a worker of
 * one thread (core/worker.h) per job, whose stop flag `stop` and `quit`
 * set and whose wait with a timeout gives a job its grace.
 */
#include "config.h"

#include <inttypes.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "core/perft.h"
#include "core/worker.h"
#include "uci/engine-go.h"
#include "uci/engine-input.h"
#include "uci/engine-job.h"
#include "search/bench.h"

enum engine_job_kind { ENGINE_JOB_PERFT, ENGINE_JOB_BENCH };

/* Written by the command loop before the job is queued; then the thread
 * reads it, and only base.stop and done are shared (atomics). */
struct engine_job {
	struct worker_job base; /* first: the worker hands back its head */
	struct worker *worker;  /* the job's thread; NULL: run in line */
	struct engine *engine;  /* for engine_reply, which locks */
	enum engine_job_kind kind;
	const struct game_ops *ops;
	struct game_pos pos;
	int depth;
	atomic_bool done;
};

static void
engine_job_bench_line(void *ctx, const char *text)
{
	engine_reply(ctx, "bench %s", text);
}

static void
engine_job_main(struct worker_job *base)
{
	struct engine_job *job = (struct engine_job *)base;
	if (job->kind == ENGINE_JOB_PERFT) {
		uint64_t n;
		if (perft_count_stoppable(job->ops, &job->pos, job->depth, 0,
		                          &job->base.stop, &n))
			engine_reply(job->engine, "perft %d %" PRIu64,
			             job->depth, n);
		else
			engine_reply(job->engine,
			             "info string perft %d stopped",
			             job->depth);
	} else if (job->ops->bench != NULL) {
		/* A game measured by playing: a "bench ..." line for each of
		 * its results. */
		char err[256];
		if (!job->ops->bench(&job->base.stop, engine_job_bench_line,
		                     job->engine, err, sizeof err))
			engine_reply(job->engine, "info string bench %s", err);
	} else {
		struct bench_result res = {0};
		char err[256];
		if (!bench_game(job->ops, 0, 1, NULL, NULL, &res, err,
		                sizeof err)) {
			engine_error(job->engine, "bench: %s", err);
		} else {
			uint64_t nps = res.time_ms > 0
			                       ? res.nodes * 1000 /
			                                 (uint64_t)res.time_ms
			                       : 0;
			engine_reply(job->engine,
			             "bench %" PRIu64 " nodes %" PRIu64 " nps",
			             res.nodes, nps);
		}
	}
	atomic_store(&job->done, true);
	if (job->engine->input != NULL)
		engine_input_wake(job->engine->input);
}

static void
engine_job_start(struct engine *e, enum engine_job_kind kind, int depth)
{
	engine_job_wait(e);
	struct engine_job *job = calloc(1, sizeof *job);
	if (job == NULL) {
		engine_error(e, "out of memory");
		return;
	}
	job->engine = e;
	job->kind = kind;
	job->ops = e->session.ops;
	job->pos = *session_current(&e->session);
	job->depth = depth;
	job->base.run = engine_job_main;
	atomic_init(&job->base.stop, false);
	atomic_init(&job->done, false);
	job->worker = worker_new(1);
	if (job->worker == NULL || !worker_submit(job->worker, &job->base)) {
		/* No thread: run it here (isready then waits for it). */
		worker_free(job->worker, false, NULL);
		engine_job_main(&job->base);
		free(job);
		return;
	}
	e->job = job;
}

void
engine_job_perft(struct engine *e, int depth)
{
	engine_job_start(e, ENGINE_JOB_PERFT, depth);
}

void
engine_job_bench(struct engine *e)
{
	engine_go_finish(e); /* a search would share the processors */
	engine_job_start(e, ENGINE_JOB_BENCH, 0);
}

bool
engine_job_busy(const struct engine *e)
{
	return e->job != NULL;
}

static bool
engine_job_done(void *ctx)
{
	struct engine_job *job = ctx;
	return atomic_load(&job->done);
}

void
engine_job_wait(struct engine *e)
{
	if (e->job == NULL)
		return;
	/* A `stop` or `quit` read meanwhile, or the end of input, ends it. */
	if (e->input != NULL && !engine_input_wait(e->input, engine_job_done,
	                                           e->job, ENGINE_EOF_GRACE_MS))
		worker_cancel(e->job->worker, &e->job->base);
	worker_free(e->job->worker, true, NULL);
	free(e->job);
	e->job = NULL;
}

void
engine_job_stop(struct engine *e)
{
	if (e->job != NULL)
		worker_cancel(e->job->worker, &e->job->base);
	engine_job_wait(e);
}

void
engine_job_finish_within(struct engine *e, int ms)
{
	if (e->job != NULL)
		worker_wait(e->job->worker, ms);
	engine_job_stop(e);
}
