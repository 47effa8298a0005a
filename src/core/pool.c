/*
 * The pool.  Ownership: everything in struct pool except the thread ids is
 * read and written only under pool->lock; a job's function runs outside the
 * lock and touches only its batch's context.  A batch is announced by
 * bumping `batch`; helpers claim job numbers from `next` until it reaches
 * `jobs`, and the owner waits until `finished` equals `jobs`, so when
 * pool_run returns no helper can still be inside the batch's function.
 */
#include "config.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/pool.h"

struct pool {
	pthread_mutex_t lock;
	pthread_cond_t work; /* a batch was announced, or quit */
	pthread_cond_t done; /* the last job of a batch finished */
	pool_job_fn fn;
	void *ctx;
	int jobs, next, finished;
	unsigned long batch;
	bool quit;
	int helpers; /* threads started */
	pthread_t *threads;
};

/* Claims and runs jobs of the current batch until none is left; called
 * and returns with the lock held. */
static void
pool_drain(struct pool *pool)
{
	while (pool->next < pool->jobs) {
		int job = pool->next++;
		pool_job_fn fn = pool->fn;
		void *ctx = pool->ctx;
		pthread_mutex_unlock(&pool->lock);
		fn(ctx, job);
		pthread_mutex_lock(&pool->lock);
		if (++pool->finished == pool->jobs)
			pthread_cond_signal(&pool->done);
	}
}

static void *
pool_helper(void *arg)
{
	struct pool *pool = arg;
	unsigned long seen = 0;
	pthread_mutex_lock(&pool->lock);
	for (;;) {
		while (!pool->quit && pool->batch == seen)
			pthread_cond_wait(&pool->work, &pool->lock);
		if (pool->quit)
			break;
		seen = pool->batch;
		pool_drain(pool);
	}
	pthread_mutex_unlock(&pool->lock);
	return NULL;
}

struct pool *
pool_create(int helpers)
{
	struct pool *pool = calloc(1, sizeof *pool);
	if (pool == NULL)
		return NULL;
	pthread_mutex_init(&pool->lock, NULL);
	pthread_cond_init(&pool->work, NULL);
	pthread_cond_init(&pool->done, NULL);
	if (helpers > 0)
		pool->threads = calloc((size_t)helpers, sizeof *pool->threads);
	if (pool->threads == NULL)
		helpers = 0;
	while (pool->helpers < helpers &&
	       pthread_create(&pool->threads[pool->helpers], NULL, pool_helper,
	                      pool) == 0)
		pool->helpers++;
	return pool;
}

void
pool_destroy(struct pool *pool)
{
	if (pool == NULL)
		return;
	pthread_mutex_lock(&pool->lock);
	pool->quit = true;
	pthread_cond_broadcast(&pool->work);
	pthread_mutex_unlock(&pool->lock);
	for (int i = 0; i < pool->helpers; i++)
		pthread_join(pool->threads[i], NULL);
	free(pool->threads);
	pthread_cond_destroy(&pool->done);
	pthread_cond_destroy(&pool->work);
	pthread_mutex_destroy(&pool->lock);
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
	pthread_mutex_lock(&pool->lock);
	pool->fn = fn;
	pool->ctx = ctx;
	pool->jobs = jobs;
	pool->next = 0;
	pool->finished = 0;
	pool->batch++;
	pthread_cond_broadcast(&pool->work);
	pool_drain(pool);
	while (pool->finished < pool->jobs)
		pthread_cond_wait(&pool->done, &pool->lock);
	pthread_mutex_unlock(&pool->lock);
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
