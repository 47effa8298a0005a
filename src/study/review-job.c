/*
 * The background review (see review-job.h).  The owner numbers its starts;
 * the worker takes the latest one, drops results of older ones, and
 * reviews move after move until the game's end, a stop, or the budget.
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

#include "study/review-job.h"

struct review_job {
	pthread_t thread;
	int pipe_fd[2]; /* [0] polled by the owner, [1] written by the worker */
	struct review *rv; /* the worker's alone */
	atomic_bool stop;  /* owner or deadline -> the running search */

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
};

static void
review_job_wake_owner(struct review_job *j)
{
	char byte = 1;
	/* A full pipe already wakes the owner: losing this byte is harmless. */
	ssize_t n = write(j->pipe_fd[1], &byte, 1);
	(void)n;
}

/* Reviews the taken start's moves; called without the lock. */
static void
review_job_run(struct review_job *j, const struct session *game, size_t first,
               const struct review_limits *lim, int64_t budget_ms,
               unsigned number)
{
	int64_t deadline =
	        budget_ms > 0 ? review_clock_ms() + budget_ms : (int64_t)0;
	review_set_deadline(j->rv, &j->stop, deadline);
	bool expired = false;
	for (size_t ply = first; ply < game->ply; ply++) {
		struct review_move m;
		if (atomic_load(&j->stop) ||
		    !review_move(j->rv, game, ply, lim, &j->stop, &m)) {
			expired = deadline > 0 && review_clock_ms() >= deadline;
			break;
		}
		pthread_mutex_lock(&j->lock);
		bool current = j->st.number == number && !j->pending;
		if (current) {
			j->results[ply] = m;
			j->ready[ply] = true;
			j->st.done++;
		}
		pthread_mutex_unlock(&j->lock);
		if (!current)
			break;
		review_job_wake_owner(j);
		if (deadline > 0 && review_clock_ms() >= deadline) {
			expired = ply + 1 < game->ply;
			break;
		}
	}
	review_set_deadline(j->rv, NULL, 0);
	pthread_mutex_lock(&j->lock);
	if (j->st.number == number) {
		j->st.running = false;
		j->st.expired = expired;
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
	review_free(j->rv);
	free(j);
}

struct review_job *
review_job_new(size_t hash_mb, int threads, char *err, size_t err_size)
{
	struct review_job *j = calloc(1, sizeof *j);
	if (j == NULL || (j->rv = review_new(hash_mb)) == NULL) {
		snprintf(err, err_size, "out of memory for the review");
		free(j);
		return NULL;
	}
	if (!review_set_threads(j->rv, threads)) {
		snprintf(err, err_size, "cannot start %d search threads",
		         threads);
		review_free(j->rv);
		free(j);
		return NULL;
	}
	if (pipe(j->pipe_fd) != 0) {
		snprintf(err, err_size, "pipe: %s", strerror(errno));
		review_free(j->rv);
		free(j);
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
