/*
 * The worker with a mailbox (see worker.h).  Everything in struct worker
 * but the thread ids and the wake pipe is read and written under its lock.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "core/wake.h"
#include "core/worker.h"

/* A bound on the threads one worker starts (the thread pool has one per
 * processor at most). */
enum { WORKER_THREADS_MAX = 1024 };

struct worker {
	pthread_mutex_t lock;
	pthread_cond_t wake;     /* owner -> threads: a job, or stop */
	pthread_cond_t finished; /* threads -> owner: a job is done */
	pthread_cond_t stopped;  /* owner -> a holding job: cancelled */
	struct worker_job *todo, *todo_tail; /* FIFO */
	struct worker_job *done;
	size_t queued; /* todo, running and done */
	bool stopping, finish;
	struct wake wake_pipe; /* polled by the owner, written by workers */
	int threads;
	pthread_t *tid; /* threads of them */
};

void
worker_notify(struct worker *w)
{
	wake_up(&w->wake_pipe);
}

void
worker_drain(struct worker *w)
{
	wake_drain(&w->wake_pipe);
}

static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	pthread_mutex_lock(&w->lock);
	for (;;) {
		while (w->todo == NULL && !w->stopping)
			pthread_cond_wait(&w->wake, &w->lock);
		if (w->todo == NULL || (w->stopping && !w->finish))
			break;
		struct worker_job *job = w->todo;
		w->todo = job->next;
		if (w->todo == NULL)
			w->todo_tail = NULL;
		pthread_mutex_unlock(&w->lock);
		job->run(job);
		pthread_mutex_lock(&w->lock);
		job->next = w->done;
		w->done = job;
		pthread_cond_broadcast(&w->finished);
		worker_notify(w);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

/* Starts the threads with every signal blocked (they inherit the mask):
 * SIGINT, SIGHUP and SIGWINCH stay the owner's. */
static void
worker_spawn(struct worker *w, int threads)
{
	sigset_t all, old;
	sigfillset(&all);
	w->tid = calloc((size_t)threads, sizeof *w->tid);
	if (w->tid == NULL || pthread_sigmask(SIG_BLOCK, &all, &old) != 0)
		return;
	for (int i = 0; i < threads; i++) {
		if (pthread_create(&w->tid[i], NULL, worker_main, w) != 0)
			break;
		w->threads++;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

struct worker *
worker_new(int threads)
{
	if (threads < 1)
		threads = 1;
	if (threads > WORKER_THREADS_MAX)
		threads = WORKER_THREADS_MAX;
	struct worker *w = calloc(1, sizeof *w);
	if (w == NULL)
		return NULL;
	if (!wake_open(&w->wake_pipe)) {
		free(w);
		return NULL;
	}
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->wake, NULL);
	pthread_cond_init(&w->stopped, NULL);
	pthread_condattr_t attr;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&w->finished, &attr);
	pthread_condattr_destroy(&attr);
	worker_spawn(w, threads);
	if (w->threads == 0) {
		worker_free(w, false, NULL);
		return NULL;
	}
	return w;
}

int
worker_fd(const struct worker *w)
{
	return wake_fd(&w->wake_pipe);
}

bool
worker_submit(struct worker *w, struct worker_job *job)
{
	pthread_mutex_lock(&w->lock);
	bool ok = w->queued < WORKER_QUEUE_MAX;
	if (ok) {
		job->next = NULL;
		if (w->todo_tail != NULL)
			w->todo_tail->next = job;
		else
			w->todo = job;
		w->todo_tail = job;
		w->queued++;
		pthread_cond_signal(&w->wake);
	}
	pthread_mutex_unlock(&w->lock);
	return ok;
}

void
worker_cancel(struct worker *w, struct worker_job *job)
{
	atomic_store(&job->stop, true);
	pthread_mutex_lock(&w->lock);
	pthread_cond_broadcast(&w->stopped);
	pthread_mutex_unlock(&w->lock);
}

void
worker_hold(struct worker *w, struct worker_job *job)
{
	pthread_mutex_lock(&w->lock);
	while (!atomic_load(&job->stop) && !w->stopping)
		pthread_cond_wait(&w->stopped, &w->lock);
	pthread_mutex_unlock(&w->lock);
}

bool
worker_wait(struct worker *w, int timeout_ms)
{
	struct timespec until;
	clock_gettime(CLOCK_MONOTONIC, &until);
	until.tv_sec += timeout_ms / 1000;
	until.tv_nsec += (long)(timeout_ms % 1000) * 1000000;
	if (until.tv_nsec >= 1000000000) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000;
	}
	pthread_mutex_lock(&w->lock);
	int rc = 0;
	while (w->done == NULL && rc != ETIMEDOUT)
		rc = timeout_ms < 0 ? pthread_cond_wait(&w->finished, &w->lock)
		                    : pthread_cond_timedwait(&w->finished,
		                                             &w->lock, &until);
	bool done = w->done != NULL;
	pthread_mutex_unlock(&w->lock);
	return done;
}

struct worker_job *
worker_take(struct worker *w)
{
	wake_drain(&w->wake_pipe);
	pthread_mutex_lock(&w->lock);
	struct worker_job *job = w->done;
	if (job != NULL) {
		w->done = job->next;
		w->queued--;
	}
	pthread_mutex_unlock(&w->lock);
	return job;
}

static void
worker_free_list(struct worker_job *job, void (*free_job)(struct worker_job *))
{
	while (job != NULL) {
		struct worker_job *next = job->next;
		if (free_job != NULL)
			free_job(job);
		job = next;
	}
}

void
worker_free(struct worker *w, bool finish,
            void (*free_job)(struct worker_job *job))
{
	if (w == NULL)
		return;
	pthread_mutex_lock(&w->lock);
	w->stopping = true;
	w->finish = finish;
	pthread_cond_broadcast(&w->wake);
	pthread_cond_broadcast(&w->stopped);
	pthread_mutex_unlock(&w->lock);
	for (int i = 0; i < w->threads; i++)
		pthread_join(w->tid[i], NULL);
	worker_free_list(w->todo, free_job);
	worker_free_list(w->done, free_job);
	wake_close(&w->wake_pipe);
	pthread_cond_destroy(&w->wake);
	pthread_cond_destroy(&w->finished);
	pthread_cond_destroy(&w->stopped);
	pthread_mutex_destroy(&w->lock);
	free(w->tid);
	free(w);
}
