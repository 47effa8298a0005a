/*
 * The background review (see review-job.h).  The owner numbers its starts
 * and hands each to a worker of one thread (core/worker.h) as a job of its
 * own, cancelling the one before; the job drops its results if a newer
 * start came, and has its pool (core/pool.h) review the moves, one
 * position per job, until the game's end, its stop flag, or the budget.
 * Each thread of the pool borrows a reviewer of its own from the spares
 * for each position.
 */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/pool.h"
#include "core/worker.h"
#include "study/review-job.h"

/* One start: the owner's until queued, then the worker's until the owner
 * takes it back; it carries its own copy of the game. */
struct review_job_start {
	struct worker_job base; /* base.stop: a newer start, a stop, quit */
	struct review_job *j;
	struct session game;
	size_t first;
	struct review_limits lim;
	int64_t budget_ms;
	unsigned number;
};

struct review_job {
	struct worker *worker; /* runs the starts, one at a time */
	struct pool *pool;     /* the worker's: runs the positions of a pass */
	int workers;           /* reviewers, one per thread of the pool */
	/* The owner's: the latest start, until the worker hands it back. */
	struct review_job_start *current;

	/* Under lock. */
	pthread_mutex_t lock;
	bool pending; /* the current start has not begun */
	struct review_job_state st;
	struct review_move *results; /* results[ply], for ready[ply] */
	bool *ready;
	struct review **spare; /* reviewers no position is using */
	int spare_count;
};

/* One pass over a start's moves, shared by the pool's threads (read
 * only). */
struct review_job_pass {
	struct review_job *j;
	const struct session *game;
	size_t first;
	const struct review_limits *lim;
	unsigned number;
	atomic_bool *stop;
};

/* A reviewer no other position is using (there is one per thread). */
static struct review *
review_job_take(struct review_job *j)
{
	pthread_mutex_lock(&j->lock);
	struct review *rv = j->spare[--j->spare_count];
	pthread_mutex_unlock(&j->lock);
	return rv;
}

static void
review_job_give_back(struct review_job *j, struct review *rv)
{
	pthread_mutex_lock(&j->lock);
	j->spare[j->spare_count++] = rv;
	pthread_mutex_unlock(&j->lock);
}

/* One position of a pass (a pool job): reviewed on its own, so the marks
 * do not depend on the number of workers or the order they finish in. */
static void
review_job_one(void *ctx, int job)
{
	struct review_job_pass *p = ctx;
	struct review_job *j = p->j;
	size_t ply = p->first + (size_t)job;
	if (atomic_load(p->stop))
		return;
	struct review *rv = review_job_take(j);
	struct review_move m;
	bool ok = review_move(rv, p->game, ply, p->lim, p->stop, &m);
	review_job_give_back(j, rv);
	if (!ok)
		return;
	pthread_mutex_lock(&j->lock);
	bool current = j->st.number == p->number;
	if (current) {
		j->results[ply] = m;
		j->ready[ply] = true;
		j->st.done++;
	}
	pthread_mutex_unlock(&j->lock);
	if (current)
		worker_notify(j->worker);
}

/* Reviews a start's moves on the pool; called without the lock. */
static void
review_job_run(struct review_job *j, struct review_job_start *start)
{
	const struct session *game = &start->game;
	int64_t deadline = start->budget_ms > 0
	                           ? review_clock_ms() + start->budget_ms
	                           : (int64_t)0;
	for (int i = 0; i < j->workers; i++)
		review_set_deadline(j->spare[i], &start->base.stop, deadline);
	struct review_job_pass pass = {
	        j,           game,          start->first,
	        &start->lim, start->number, &start->base.stop};
	if (start->first < game->ply)
		pool_run(j->pool, (int)(game->ply - start->first),
		         review_job_one, &pass);
	for (int i = 0; i < j->workers; i++)
		review_set_deadline(j->spare[i], NULL, 0);
	pthread_mutex_lock(&j->lock);
	if (j->st.number == start->number) {
		j->st.running = false;
		j->st.expired = deadline > 0 && review_clock_ms() >= deadline &&
		                start->first + j->st.done < game->ply;
	}
	pthread_mutex_unlock(&j->lock);
}

/* The worker's side of a start: begins it unless a newer start or a stop
 * came first (the worker then wakes the owner). */
static void
review_job_main(struct worker_job *base)
{
	struct review_job_start *start = (struct review_job_start *)base;
	struct review_job *j = start->j;
	pthread_mutex_lock(&j->lock);
	bool begin = j->pending && j->st.number == start->number &&
	             !atomic_load(&base->stop);
	if (begin)
		j->pending = false;
	pthread_mutex_unlock(&j->lock);
	if (begin)
		review_job_run(j, start);
}

static void
review_job_free_start(struct worker_job *base)
{
	struct review_job_start *start = (struct review_job_start *)base;
	session_free(&start->game);
	free(start);
}

/* Frees the starts the worker handed back (and empties its descriptor). */
static void
review_job_reap(struct review_job *j)
{
	struct worker_job *base;
	while ((base = worker_take(j->worker)) != NULL) {
		if (j->current != NULL && base == &j->current->base)
			j->current = NULL;
		review_job_free_start(base);
	}
}

/* Frees the pool, the reviewers and j itself. */
static void
review_job_free_workers(struct review_job *j)
{
	pool_destroy(j->pool);
	for (int i = 0; j->spare != NULL && i < j->workers; i++)
		review_free(j->spare[i]);
	free(j->spare);
	free(j);
}

/* The pool and one reviewer per thread of it; false if out of memory. */
static bool
review_job_make_workers(struct review_job *j, size_t hash_mb, int workers)
{
	j->workers = workers > 0 ? workers : pool_processors();
	j->spare = calloc((size_t)j->workers, sizeof *j->spare);
	if (j->spare == NULL)
		return false;
	for (int i = 0; i < j->workers; i++) {
		if ((j->spare[i] = review_new(hash_mb)) == NULL)
			return false;
		j->spare_count++;
	}
	j->pool = j->workers > 1 ? pool_create(j->workers - 1) : NULL;
	return j->workers == 1 || j->pool != NULL;
}

struct review_job *
review_job_new(size_t hash_mb, int workers, char *err, size_t err_size)
{
	struct review_job *j = calloc(1, sizeof *j);
	if (j == NULL || !review_job_make_workers(j, hash_mb, workers)) {
		snprintf(err, err_size, "out of memory for the review");
		if (j != NULL)
			review_job_free_workers(j);
		return NULL;
	}
	j->worker = worker_new(1);
	if (j->worker == NULL) {
		snprintf(err, err_size, "cannot start the review thread");
		review_job_free_workers(j);
		return NULL;
	}
	pthread_mutex_init(&j->lock, NULL);
	return j;
}

void
review_job_free(struct review_job *j)
{
	if (j == NULL)
		return;
	if (j->current != NULL)
		worker_cancel(j->worker, &j->current->base);
	worker_free(j->worker, false, review_job_free_start);
	free(j->results);
	free(j->ready);
	pthread_mutex_destroy(&j->lock);
	review_job_free_workers(j);
}

int
review_job_fd(const struct review_job *j)
{
	return worker_fd(j->worker);
}

void
review_job_drain(struct review_job *j)
{
	review_job_reap(j);
}

/* A start of a copy of s from first, under lim and budget_ms; NULL if out
 * of memory. */
static struct review_job_start *
review_job_start_new(struct review_job *j, const struct session *s,
                     size_t first, const struct review_limits *lim,
                     int64_t budget_ms)
{
	struct review_job_start *start = calloc(1, sizeof *start);
	if (start == NULL)
		return NULL;
	if (!session_copy(&start->game, s, s->ply)) {
		free(start);
		return NULL;
	}
	start->base.run = review_job_main;
	atomic_init(&start->base.stop, false);
	start->j = j;
	start->first = first;
	start->lim = *lim;
	start->budget_ms = budget_ms;
	return start;
}

unsigned
review_job_start(struct review_job *j, const struct session *s, size_t first,
                 const struct review_limits *lim, int64_t budget_ms)
{
	review_job_reap(j);
	struct review_job_start *start =
	        review_job_start_new(j, s, first, lim, budget_ms);
	size_t n = s->ply > 0 ? s->ply : 1;
	struct review_move *results = calloc(n, sizeof *results);
	bool *ready = calloc(n, sizeof *ready);
	if (start == NULL || results == NULL || ready == NULL) {
		free(results);
		free(ready);
		if (start != NULL)
			review_job_free_start(&start->base);
		return 0;
	}
	if (j->current != NULL) /* the running review, if any */
		worker_cancel(j->worker, &j->current->base);
	pthread_mutex_lock(&j->lock);
	free(j->results);
	free(j->ready);
	j->results = results;
	j->ready = ready;
	j->st = (struct review_job_state){
	        .number = j->st.number + 1,
	        .total = s->ply,
	        .running = true,
	};
	j->pending = true;
	start->number = j->st.number;
	pthread_mutex_unlock(&j->lock);
	if (!worker_submit(j->worker, &start->base)) {
		review_job_stop(j);
		review_job_free_start(&start->base);
		return 0;
	}
	j->current = start;
	return start->number;
}

void
review_job_stop(struct review_job *j)
{
	if (j->current != NULL)
		worker_cancel(j->worker, &j->current->base);
	pthread_mutex_lock(&j->lock);
	if (j->pending) { /* never begun: it ends here */
		j->pending = false;
		j->st.running = false;
	}
	pthread_mutex_unlock(&j->lock);
}

void
review_job_wait(struct review_job *j)
{
	for (;;) {
		pthread_mutex_lock(&j->lock);
		bool busy = j->st.running || j->pending;
		pthread_mutex_unlock(&j->lock);
		if (!busy)
			return;
		/* Each start handed back is taken, so this sleeps until the
		 * current one ends. */
		if (worker_wait(j->worker, -1))
			review_job_reap(j);
	}
}

void
review_job_state(struct review_job *j, struct review_job_state *out)
{
	pthread_mutex_lock(&j->lock);
	*out = j->st;
	pthread_mutex_unlock(&j->lock);
}

bool
review_job_result(struct review_job *j, size_t ply, struct review_move *out)
{
	pthread_mutex_lock(&j->lock);
	bool ok = j->ready != NULL && ply < j->st.total && j->ready[ply];
	if (ok)
		*out = j->results[ply];
	pthread_mutex_unlock(&j->lock);
	return ok;
}
