/*
 * The pool, on the one worker (core/worker.h): a batch hands each helper
 * thread a task that claims job numbers from an atomic counter until none
 * is left, the caller claims them too, and pool_run returns once every
 * task has come back, so no helper can still be inside the batch's
 * function.  Ownership: the batch (fn, ctx, jobs) is written by the
 * owner before the tasks are queued and only read while they run; next
 * is shared (atomic); the tasks are the worker's from submit to take.
 */
#include "config.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/pool.h"
#include "core/worker.h"

/* A helper's share of a batch (one per helper, reused). */
struct pool_task {
	struct worker_job base;
	struct pool *pool;
};

struct pool {
	struct worker *worker; /* the helpers; NULL: none */
	int helpers;
	struct pool_task *tasks;
	pool_job_fn fn;
	void *ctx;
	int jobs;
	atomic_int next; /* the next job number to claim */
};

/* Claims and runs jobs of the current batch until none is left. */
static void
pool_drain(struct pool *pool)
{
	int job;
	while ((job = atomic_fetch_add(&pool->next, 1)) < pool->jobs)
		pool->fn(pool->ctx, job);
}

static void
pool_task_run(struct worker_job *base)
{
	pool_drain(((struct pool_task *)base)->pool);
}

struct pool *
pool_create(int helpers)
{
	struct pool *pool = calloc(1, sizeof *pool);
	if (pool == NULL)
		return NULL;
	atomic_init(&pool->next, 0);
	if (helpers <= 0)
		return pool;
	pool->tasks = calloc((size_t)helpers, sizeof *pool->tasks);
	pool->worker = pool->tasks != NULL ? worker_new(helpers) : NULL;
	if (pool->worker == NULL)
		return pool; /* every batch runs on the caller */
	pool->helpers = helpers;
	for (int i = 0; i < helpers; i++) {
		pool->tasks[i].base.run = pool_task_run;
		atomic_init(&pool->tasks[i].base.stop, false);
		pool->tasks[i].pool = pool;
	}
	return pool;
}

void
pool_destroy(struct pool *pool)
{
	if (pool == NULL)
		return;
	worker_free(pool->worker, false, NULL);
	free(pool->tasks);
	free(pool);
}

void
pool_run(struct pool *pool, int jobs, pool_job_fn fn, void *ctx)
{
	if (pool == NULL || pool->helpers == 0 || jobs < 2) {
		for (int i = 0; i < jobs; i++)
			fn(ctx, i);
		return;
	}
	pool->fn = fn;
	pool->ctx = ctx;
	pool->jobs = jobs;
	atomic_store(&pool->next, 0);
	int tasks = jobs - 1 < pool->helpers ? jobs - 1 : pool->helpers;
	int queued = 0;
	while (queued < tasks &&
	       worker_submit(pool->worker, &pool->tasks[queued].base))
		queued++;
	pool_drain(pool);
	for (int back = 0; back < queued; back++) {
		worker_wait(pool->worker, -1);
		worker_take(pool->worker);
	}
}

int
pool_processors(void)
{
#ifdef _SC_NPROCESSORS_ONLN
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
#else
	return 1;
#endif
}
