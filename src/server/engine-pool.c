/*
 * A pool of search threads for engine seats (see engine-pool.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "search/player.h"
#include "server/engine-pool.h"

enum { ENGINE_POOL_THREADS_MAX = 16 };

struct engine_pool {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	struct engine_job *todo, *todo_tail; /* FIFO */
	struct engine_job *done;
	size_t queued;
	bool stopping;
	int pipe_fd[2]; /* [0] polled by the loop, [1] written by workers */
	int threads;
	pthread_t tid[ENGINE_POOL_THREADS_MAX];
};

void
engine_job_free(struct engine_job *job)
{
	if (job == NULL)
		return;
	free(job->moves);
	free(job);
}

/* Searches one job with a fresh engine player of its level. */
static void
engine_pool_run(struct engine_job *job)
{
	struct player pl;
	char spec[32];
	snprintf(spec, sizeof spec, "level=%d", job->level);
	job->ok = player_parse(&pl, spec, NULL, job->err, sizeof job->err) &&
	          player_open(&pl, job->ops, job->err, sizeof job->err);
	if (!job->ok)
		return;
	job->ok = player_choose(&pl, job->ops, &job->start, job->moves, job->n,
	                        &job->pos, job->seed, &job->move, job->err,
	                        sizeof job->err);
	player_close(&pl);
}

static void *
engine_pool_worker(void *arg)
{
	struct engine_pool *p = arg;
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (p->todo == NULL && !p->stopping)
			pthread_cond_wait(&p->wake, &p->lock);
		if (p->stopping)
			break;
		struct engine_job *job = p->todo;
		p->todo = job->next;
		if (p->todo == NULL)
			p->todo_tail = NULL;
		pthread_mutex_unlock(&p->lock);
		engine_pool_run(job);
		pthread_mutex_lock(&p->lock);
		job->next = p->done;
		p->done = job;
		/* A full pipe already wakes the loop: the byte may be lost. */
		char byte = 1;
		if (write(p->pipe_fd[1], &byte, 1) < 0 && errno != EAGAIN)
			perror("tabula serve: engine pipe");
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

struct engine_pool *
engine_pool_new(int threads)
{
	if (threads < 1)
		threads = 1;
	if (threads > ENGINE_POOL_THREADS_MAX)
		threads = ENGINE_POOL_THREADS_MAX;
	struct engine_pool *p = calloc(1, sizeof *p);
	if (p == NULL)
		return NULL;
	if (pipe(p->pipe_fd) != 0) {
		free(p);
		return NULL;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(p->pipe_fd[i], F_SETFL, O_NONBLOCK);
		fcntl(p->pipe_fd[i], F_SETFD, FD_CLOEXEC);
	}
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->wake, NULL);
	for (int i = 0; i < threads; i++) {
		if (pthread_create(&p->tid[i], NULL, engine_pool_worker, p) !=
		    0)
			break;
		p->threads++;
	}
	if (p->threads == 0) {
		engine_pool_free(p);
		return NULL;
	}
	return p;
}

int
engine_pool_fd(const struct engine_pool *p)
{
	return p->pipe_fd[0];
}

bool
engine_pool_submit(struct engine_pool *p, struct engine_job *job)
{
	pthread_mutex_lock(&p->lock);
	bool ok = p->queued < ENGINE_POOL_QUEUE_MAX;
	if (ok) {
		job->next = NULL;
		if (p->todo_tail != NULL)
			p->todo_tail->next = job;
		else
			p->todo = job;
		p->todo_tail = job;
		p->queued++;
		pthread_cond_signal(&p->wake);
	}
	pthread_mutex_unlock(&p->lock);
	return ok;
}

struct engine_job *
engine_pool_take(struct engine_pool *p)
{
	char drain[64];
	while (read(p->pipe_fd[0], drain, sizeof drain) > 0)
		;
	pthread_mutex_lock(&p->lock);
	struct engine_job *job = p->done;
	if (job != NULL) {
		p->done = job->next;
		p->queued--;
	}
	pthread_mutex_unlock(&p->lock);
	return job;
}

static void
engine_pool_free_list(struct engine_job *job)
{
	while (job != NULL) {
		struct engine_job *next = job->next;
		engine_job_free(job);
		job = next;
	}
}

void
engine_pool_free(struct engine_pool *p)
{
	if (p == NULL)
		return;
	pthread_mutex_lock(&p->lock);
	p->stopping = true;
	pthread_cond_broadcast(&p->wake);
	pthread_mutex_unlock(&p->lock);
	for (int i = 0; i < p->threads; i++)
		pthread_join(p->tid[i], NULL);
	engine_pool_free_list(p->todo);
	engine_pool_free_list(p->done);
	close(p->pipe_fd[0]);
	close(p->pipe_fd[1]);
	pthread_cond_destroy(&p->wake);
	pthread_mutex_destroy(&p->lock);
	free(p);
}
