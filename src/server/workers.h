/*
 * Work off the server's event loop: a fixed pool of threads takes jobs
 * from a queue and hands finished jobs back through a second queue,
 * writing a byte to a pipe the event loop polls.  The loop never waits for
 * a job.  The server keeps two pools: the engine seats' searches (which
 * take seconds) and the rooms' saves (which wait for the disk).
 *
 * Ownership: a job belongs to whoever holds it; while queued or running,
 * to the pool (under its mutex while queued, to one worker while running).
 * A job carries its own copy of everything it reads, never a room.
 */
#ifndef TABULA_SERVER_WORKERS_H
#define TABULA_SERVER_WORKERS_H

#include <stdbool.h>
#include <stddef.h>

/* The most jobs queued at once (more than the most rooms a server holds,
 * each of which has at most one search and one save under way). */
#define WORKERS_QUEUE_MAX 200000

/* The head of every job struct: run is called on a worker thread. */
struct worker_job {
	void (*run)(struct worker_job *job);
	int kind; /* the owner's tag: which struct this head starts */
	struct worker_job *next;
};

struct workers;

/* Starts threads workers; NULL on failure. */
struct workers *workers_new(int threads);

/* The descriptor to poll for reading: readable when jobs are done. */
int workers_fd(const struct workers *w);

/* Queues job (the pool owns it until it comes back); false when the queue
 * is full. */
bool workers_submit(struct workers *w, struct worker_job *job);

/* A finished job (the caller's again), or NULL. */
struct worker_job *workers_take(struct workers *w);

/* Runs the jobs still queued (finish says whether to, or to drop them),
 * stops the threads, and frees the pool and every job left with
 * free_job. */
void workers_free(struct workers *w, bool finish,
                  void (*free_job)(struct worker_job *job));

#endif
