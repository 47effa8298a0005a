/*
 * The searcher: one worker thread around the alpha-beta search.  The
 * owner's thread hands it jobs (start), asks it to stop, and waits for it
 * to be idle; the worker sleeps on a condition variable between jobs, so
 * an idle searcher costs nothing.  All signals are blocked in the worker:
 * they are the business of the owner's thread (SIGINT, SIGHUP, SIGWINCH).
 */
#include "config.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "search/alphabeta.h"
#include "search/plan.h"
#include "search/search.h"

struct searcher {
	pthread_t thread;
	/* Immutable after searcher_new. */
	search_report_fn report;
	search_done_fn done;
	void *ctx;

	pthread_mutex_t lock;
	pthread_cond_t wake; /* owner -> worker: a job, quit or stop */
	pthread_cond_t idle; /* worker -> owner: busy became false */

	/* Under lock.  Written by the owner: has_job (set; the worker clears
	 * it when it takes the job), job_*, quit.  busy: set by the owner in
	 * searcher_start, cleared by the worker when the job is done. */
	bool has_job;
	bool quit;
	bool busy;
	const struct game_ops *job_ops;
	struct game_pos job_pos;
	struct search_limits job_lim;

	/* Written by the owner (start clears it, stop and free set it), read
	 * by the worker at every node. */
	atomic_bool stop;

	/* The search state: the worker's while busy, the owner's while idle
	 * (set_hash, clear); the mutex orders the hand-overs. */
	struct alphabeta *ab;
};

/* An infinite search that ends by itself (the depth cap or a proven
 * result) must not answer before it is told to stop. */
static void
searcher_hold_until_stopped(struct searcher *s)
{
	pthread_mutex_lock(&s->lock);
	while (!atomic_load(&s->stop) && !s->quit)
		pthread_cond_wait(&s->wake, &s->lock);
	pthread_mutex_unlock(&s->lock);
}

static void *
searcher_main(void *arg)
{
	struct searcher *s = arg;
	for (;;) {
		pthread_mutex_lock(&s->lock);
		while (!s->has_job && !s->quit)
			pthread_cond_wait(&s->wake, &s->lock);
		if (s->quit) {
			pthread_mutex_unlock(&s->lock);
			return NULL;
		}
		s->has_job = false;
		const struct game_ops *ops = s->job_ops;
		struct game_pos pos = s->job_pos;
		struct search_limits lim = s->job_lim;
		pthread_mutex_unlock(&s->lock);

		struct alphabeta_result res;
		if (ops->plan != NULL)
			plan_run(ops, &pos, s->report, s->ctx, &res);
		else
			alphabeta_run(s->ab, ops, &pos, &lim, &s->stop,
			              s->report, s->ctx, &res);
		if (lim.infinite)
			searcher_hold_until_stopped(s);
		if (s->done != NULL)
			s->done(s->ctx, res.best, res.has_move);

		pthread_mutex_lock(&s->lock);
		s->busy = false;
		pthread_cond_broadcast(&s->idle);
		pthread_mutex_unlock(&s->lock);
	}
}

static bool
searcher_init_sync(struct searcher *s)
{
	if (pthread_mutex_init(&s->lock, NULL) != 0)
		return false;
	if (pthread_cond_init(&s->wake, NULL) != 0) {
		pthread_mutex_destroy(&s->lock);
		return false;
	}
	if (pthread_cond_init(&s->idle, NULL) != 0) {
		pthread_cond_destroy(&s->wake);
		pthread_mutex_destroy(&s->lock);
		return false;
	}
	return true;
}

static void
searcher_destroy_sync(struct searcher *s)
{
	pthread_cond_destroy(&s->idle);
	pthread_cond_destroy(&s->wake);
	pthread_mutex_destroy(&s->lock);
}

/* Starts the worker with every signal blocked (it inherits the mask). */
static bool
searcher_spawn(struct searcher *s)
{
	sigset_t all, old;
	sigfillset(&all);
	if (pthread_sigmask(SIG_BLOCK, &all, &old) != 0)
		return false;
	int rc = pthread_create(&s->thread, NULL, searcher_main, s);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return rc == 0;
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
	atomic_init(&s->stop, false);
	s->ab = alphabeta_new(hash_mb);
	if (s->ab == NULL) {
		free(s);
		return NULL;
	}
	if (!searcher_init_sync(s)) {
		alphabeta_free(s->ab);
		free(s);
		return NULL;
	}
	if (!searcher_spawn(s)) {
		searcher_destroy_sync(s);
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
	atomic_store(&s->stop, true);
	pthread_mutex_lock(&s->lock);
	s->quit = true;
	pthread_cond_broadcast(&s->wake);
	pthread_mutex_unlock(&s->lock);
	pthread_join(s->thread, NULL);
	searcher_destroy_sync(s);
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
	pthread_mutex_lock(&s->lock);
	atomic_store(&s->stop, false);
	s->job_ops = ops;
	s->job_pos = *pos;
	s->job_lim = *lim;
	s->has_job = true;
	s->busy = true;
	pthread_cond_broadcast(&s->wake);
	pthread_mutex_unlock(&s->lock);
}

void
searcher_stop(struct searcher *s)
{
	atomic_store(&s->stop, true);
	/* Wakes a worker holding an infinite search that already ended. */
	pthread_mutex_lock(&s->lock);
	pthread_cond_broadcast(&s->wake);
	pthread_mutex_unlock(&s->lock);
}

void
searcher_wait(struct searcher *s)
{
	pthread_mutex_lock(&s->lock);
	while (s->busy)
		pthread_cond_wait(&s->idle, &s->lock);
	pthread_mutex_unlock(&s->lock);
}

bool
searcher_busy(struct searcher *s)
{
	pthread_mutex_lock(&s->lock);
	bool busy = s->busy;
	pthread_mutex_unlock(&s->lock);
	return busy;
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
