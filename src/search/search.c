/*
 * The searcher: the alpha-beta search on a worker of one thread
 * (core/worker.h).  The owner's thread hands it a job (start), cancels it
 * (stop), and waits for it to come back; the worker sleeps between jobs,
 * so an idle searcher costs nothing, and blocks every signal: they are
 * the business of the owner's thread (SIGINT, SIGHUP, SIGWINCH).
 */
#include "config.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "core/worker.h"
#include "search/alphabeta.h"
#include "search/plan.h"
#include "search/search.h"

/* The one job: the owner's while not queued (start writes it), the
 * worker's while queued or running; only base.stop is shared, read by
 * the search at every node. */
struct searcher_job {
	struct worker_job base;
	struct searcher *s;
	const struct game_ops *ops;
	struct game_pos pos;
	struct search_limits lim;
};

struct searcher {
	struct worker *worker;
	/* Immutable after searcher_new. */
	search_report_fn report;
	search_done_fn done;
	void *ctx;

	struct searcher_job job;
	bool queued; /* the owner's: job is the worker's until taken back */

	/* The search state: the worker's while the job is, the owner's
	 * otherwise (set_hash, clear); the worker's lock orders the
	 * hand-overs. */
	struct alphabeta *ab;
};

static void
searcher_main(struct worker_job *base)
{
	struct searcher_job *job = (struct searcher_job *)base;
	struct searcher *s = job->s;
	struct alphabeta_result res;
	if (job->ops->plan != NULL)
		plan_run(job->ops, &job->pos, s->report, s->ctx, &res);
	else
		alphabeta_run(s->ab, job->ops, &job->pos, &job->lim,
		              &base->stop, s->report, s->ctx, &res);
	/* An infinite search that ends by itself (the depth cap or a proven
	 * result) must not answer before it is told to stop. */
	if (job->lim.infinite)
		worker_hold(s->worker, base);
	if (s->done != NULL)
		s->done(s->ctx, res.best, res.has_move);
}

struct searcher *
searcher_new(size_t hash_mb, search_report_fn report, search_done_fn done,
             void *ctx)
{
	struct searcher *s = calloc(1, sizeof *s);
	if (s == NULL)
		return NULL;
	s->report = report;
	s->done = done;
	s->ctx = ctx;
	s->job.base.run = searcher_main;
	s->job.s = s;
	atomic_init(&s->job.base.stop, false);
	s->ab = alphabeta_new(hash_mb);
	s->worker = s->ab != NULL ? worker_new(1) : NULL;
	if (s->worker == NULL) {
		alphabeta_free(s->ab);
		free(s);
		return NULL;
	}
	return s;
}

void
searcher_free(struct searcher *s)
{
	if (s == NULL)
		return;
	worker_cancel(s->worker, &s->job.base);
	worker_free(s->worker, false, NULL);
	alphabeta_free(s->ab);
	free(s);
}

void
searcher_start(struct searcher *s, const struct game_ops *ops,
               const struct game_pos *pos, const struct search_limits *lim)
{
	if (searcher_busy(s)) {
		searcher_stop(s);
		searcher_wait(s);
	}
	atomic_store(&s->job.base.stop, false);
	s->job.ops = ops;
	s->job.pos = *pos;
	s->job.lim = *lim;
	/* The queue holds one job at most: there is room. */
	s->queued = worker_submit(s->worker, &s->job.base);
}

void
searcher_stop(struct searcher *s)
{
	worker_cancel(s->worker, &s->job.base);
}

void
searcher_wait(struct searcher *s)
{
	if (!s->queued)
		return;
	worker_wait(s->worker, -1);
	worker_take(s->worker);
	s->queued = false;
}

int
searcher_fd(const struct searcher *s)
{
	return worker_fd(s->worker);
}

void
searcher_drain(struct searcher *s)
{
	worker_drain(s->worker);
}

void
searcher_notify(struct searcher *s)
{
	worker_notify(s->worker);
}

bool
searcher_busy(struct searcher *s)
{
	if (s->queued && worker_wait(s->worker, 0)) {
		worker_take(s->worker);
		s->queued = false;
	}
	return s->queued;
}

bool
searcher_set_hash(struct searcher *s, size_t hash_mb)
{
	searcher_stop(s);
	searcher_wait(s);
	return alphabeta_set_hash(s->ab, hash_mb);
}

bool
searcher_set_threads(struct searcher *s, int threads)
{
	searcher_stop(s);
	searcher_wait(s);
	return alphabeta_set_threads(s->ab, threads);
}

void
searcher_clear(struct searcher *s)
{
	searcher_stop(s);
	searcher_wait(s);
	alphabeta_clear(s->ab);
}
