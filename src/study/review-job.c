/*
 * The background review (see review-job.h).  The owner numbers its starts;
 * the worker takes the latest one, drops results of older ones, and has
 * its pool (core/pool.h) review the moves, one position per job, until
 * the game's end, a stop, or the budget.  Each thread of the pool borrows
 * a reviewer of its own from the spares for each position.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/pool.h"
#include "study/review-job.h"

struct review_job {
	pthread_t thread;
	int pipe_fd[2]; /* [0] polled by the owner, [1] written by the worker */
	struct pool *pool; /* the worker's: runs the positions of a pass */
	int workers;       /* reviewers, one per thread of the pool */
	atomic_bool stop;  /* owner or deadline -> the running searches */

	/* Under lock. */
	pthread_mutex_t lock;
	pthread_cond_t wake; /* owner -> worker: a start or quit */
	pthread_cond_t idle; /* worker -> owner: running became false */
	bool quit;
	bool pending;        /* a start the worker has not taken yet */
	struct session game; /* the copy to review (the worker's once taken) */
	size_t first;
	struct review_limits lim;
	int64_t budget_ms;
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
};

static void
review_job_wake_owner(struct review_job *j)
{
	char byte = 1;
	/* A full pipe already wakes the owner: losing this byte is harmless. */
	ssize_t n = write(j->pipe_fd[1], &byte, 1);
	(void)n;
}

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
	if (atomic_load(&j->stop))
		return;
	struct review *rv = review_job_take(j);
	struct review_move m;
	bool ok = review_move(rv, p->game, ply, p->lim, &j->stop, &m);
	review_job_give_back(j, rv);
	if (!ok)
		return;
	pthread_mutex_lock(&j->lock);
	bool current = j->st.number == p->number && !j->pending;
	if (current) {
		j->results[ply] = m;
		j->ready[ply] = true;
		j->st.done++;
	}
	pthread_mutex_unlock(&j->lock);
	if (current)
		review_job_wake_owner(j);
}

/* Reviews the taken start's moves on the pool; called without the
 * lock. */
static void
review_job_run(struct review_job *j, const struct session *game, size_t first,
               const struct review_limits *lim, int64_t budget_ms,
               unsigned number)
{
	int64_t deadline =
	        budget_ms > 0 ? review_clock_ms() + budget_ms : (int64_t)0;
	for (int i = 0; i < j->workers; i++)
		review_set_deadline(j->spare[i], &j->stop, deadline);
	struct review_job_pass pass = {j, game, first, lim, number};
	if (first < game->ply)
		pool_run(j->pool, (int)(game->ply - first), review_job_one,
		         &pass);
	for (int i = 0; i < j->workers; i++)
		review_set_deadline(j->spare[i], NULL, 0);
	pthread_mutex_lock(&j->lock);
	if (j->st.number == number) {
		j->st.running = false;
		j->st.expired = deadline > 0 && review_clock_ms() >= deadline &&
		                first + j->st.done < game->ply;
	}
	pthread_mutex_unlock(&j->lock);
	review_job_wake_owner(j);
}

static void *
review_job_main(void *arg)
{
	struct review_job *j = arg;
	pthread_mutex_lock(&j->lock);
	for (;;) {
		while (!j->quit && !j->pending) {
			j->st.running = false;
			pthread_cond_broadcast(&j->idle);
			pthread_cond_wait(&j->wake, &j->lock);
		}
		if (j->quit)
			break;
		j->pending = false;
		struct session game = j->game; /* taken over */
		memset(&j->game, 0, sizeof j->game);
		size_t first = j->first;
		struct review_limits lim = j->lim;
		int64_t budget = j->budget_ms;
		unsigned number = j->st.number;
		atomic_store(&j->stop, false);
		pthread_mutex_unlock(&j->lock);
		review_job_run(j, &game, first, &lim, budget, number);
		session_free(&game);
		pthread_mutex_lock(&j->lock);
	}
	j->st.running = false;
	pthread_cond_broadcast(&j->idle);
	pthread_mutex_unlock(&j->lock);
	return NULL;
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

/* Frees what review_job_new made before its thread: one teardown for a
 * failed start and for review_job_free once the thread has ended. */
static void
review_job_release(struct review_job *j)
{
	pthread_mutex_destroy(&j->lock);
	pthread_cond_destroy(&j->wake);
	pthread_cond_destroy(&j->idle);
	close(j->pipe_fd[0]);
	close(j->pipe_fd[1]);
	review_job_free_workers(j);
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
	if (pipe(j->pipe_fd) != 0) {
		snprintf(err, err_size, "pipe: %s", strerror(errno));
		review_job_free_workers(j);
		return NULL;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(j->pipe_fd[i], F_SETFL,
		      fcntl(j->pipe_fd[i], F_GETFL) | O_NONBLOCK);
		fcntl(j->pipe_fd[i], F_SETFD, FD_CLOEXEC);
	}
	atomic_init(&j->stop, false);
	pthread_mutex_init(&j->lock, NULL);
	pthread_cond_init(&j->wake, NULL);
	pthread_cond_init(&j->idle, NULL);
	if (pthread_create(&j->thread, NULL, review_job_main, j) != 0) {
		snprintf(err, err_size, "cannot start the review thread");
		review_job_release(j);
		return NULL;
	}
	return j;
}

void
review_job_free(struct review_job *j)
{
	if (j == NULL)
		return;
	pthread_mutex_lock(&j->lock);
	j->quit = true;
	atomic_store(&j->stop, true);
	pthread_cond_signal(&j->wake);
	pthread_mutex_unlock(&j->lock);
	pthread_join(j->thread, NULL);
	session_free(&j->game);
	free(j->results);
	free(j->ready);
	review_job_release(j);
}

int
review_job_fd(const struct review_job *j)
{
	return j->pipe_fd[0];
}

void
review_job_drain(struct review_job *j)
{
	char buf[64];
	while (read(j->pipe_fd[0], buf, sizeof buf) > 0)
		;
}

unsigned
review_job_start(struct review_job *j, const struct session *s, size_t first,
                 const struct review_limits *lim, int64_t budget_ms)
{
	struct session copy;
	if (!session_copy(&copy, s, s->ply))
		return 0;
	size_t n = s->ply > 0 ? s->ply : 1;
	struct review_move *results = calloc(n, sizeof *results);
	bool *ready = calloc(n, sizeof *ready);
	if (results == NULL || ready == NULL) {
		free(results);
		free(ready);
		session_free(&copy);
		return 0;
	}
	pthread_mutex_lock(&j->lock);
	atomic_store(&j->stop, true); /* the running review, if any */
	session_free(&j->game);
	j->game = copy;
	j->first = first;
	j->lim = *lim;
	j->budget_ms = budget_ms;
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
	unsigned number = j->st.number;
	pthread_cond_signal(&j->wake);
	pthread_mutex_unlock(&j->lock);
	return number;
}

void
review_job_stop(struct review_job *j)
{
	atomic_store(&j->stop, true);
	pthread_mutex_lock(&j->lock);
	if (j->pending) { /* never taken: it ends here */
		j->pending = false;
		j->st.running = false;
		pthread_cond_broadcast(&j->idle);
	}
	pthread_mutex_unlock(&j->lock);
}

void
review_job_wait(struct review_job *j)
{
	pthread_mutex_lock(&j->lock);
	while (j->st.running || j->pending)
		pthread_cond_wait(&j->idle, &j->lock);
	pthread_mutex_unlock(&j->lock);
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
