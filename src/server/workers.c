/*
 * A pool of worker threads for the server (see workers.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "server/workers.h"

enum { WORKERS_THREADS_MAX = 16 };

struct workers {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	struct worker_job *todo, *todo_tail; /* FIFO */
	struct worker_job *done;
	size_t queued; /* todo, running and done */
	bool stopping, finish;
	int pipe_fd[2]; /* [0] polled by the loop, [1] written by workers */
	int threads;
	pthread_t tid[WORKERS_THREADS_MAX];
};

static void *
workers_main(void *arg)
{
	struct workers *w = arg;
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
		/* A full pipe already wakes the loop: this byte may go. */
		char byte = 1;
		if (write(w->pipe_fd[1], &byte, 1) < 0 && errno != EAGAIN)
			perror("tabula serve: worker pipe");
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

struct workers *
workers_new(int threads)
{
	if (threads < 1)
		threads = 1;
	if (threads > WORKERS_THREADS_MAX)
		threads = WORKERS_THREADS_MAX;
	struct workers *w = calloc(1, sizeof *w);
	if (w == NULL)
		return NULL;
	if (pipe(w->pipe_fd) != 0) {
		free(w);
		return NULL;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(w->pipe_fd[i], F_SETFL, O_NONBLOCK);
		fcntl(w->pipe_fd[i], F_SETFD, FD_CLOEXEC);
	}
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->wake, NULL);
	for (int i = 0; i < threads; i++) {
		if (pthread_create(&w->tid[i], NULL, workers_main, w) != 0)
			break;
		w->threads++;
	}
	if (w->threads == 0) {
		workers_free(w, false, NULL);
		return NULL;
	}
	return w;
}

int
workers_fd(const struct workers *w)
{
	return w->pipe_fd[0];
}

bool
workers_submit(struct workers *w, struct worker_job *job)
{
	pthread_mutex_lock(&w->lock);
	bool ok = w->queued < WORKERS_QUEUE_MAX;
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

struct worker_job *
workers_take(struct workers *w)
{
	char drain[64];
	while (read(w->pipe_fd[0], drain, sizeof drain) > 0)
		;
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
workers_free_list(struct worker_job *job, void (*free_job)(struct worker_job *))
{
	while (job != NULL) {
		struct worker_job *next = job->next;
		if (free_job != NULL)
			free_job(job);
		job = next;
	}
}

void
workers_free(struct workers *w, bool finish,
             void (*free_job)(struct worker_job *job))
{
	if (w == NULL)
		return;
	pthread_mutex_lock(&w->lock);
	w->stopping = true;
	w->finish = finish;
	pthread_cond_broadcast(&w->wake);
	pthread_mutex_unlock(&w->lock);
	for (int i = 0; i < w->threads; i++)
		pthread_join(w->tid[i], NULL);
	workers_free_list(w->todo, free_job);
	workers_free_list(w->done, free_job);
	close(w->pipe_fd[0]);
	close(w->pipe_fd[1]);
	pthread_cond_destroy(&w->wake);
	pthread_mutex_destroy(&w->lock);
	free(w);
}
