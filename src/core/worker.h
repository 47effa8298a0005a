/*
 * The one worker with a mailbox: a few threads take jobs from a queue,
 * run them, and hand each finished job back through a second queue,
 * writing a byte to a descriptor the owner may poll; an owner that
 * blocks instead waits for a finished job, with a timeout.  The room
 * server's searches and saves, the engine protocol's perft and bench and
 * the UI's review run on it.
 *
 * Ownership: a job belongs to whoever holds it; while queued or running,
 * to the worker (under its mutex while queued, to one thread while
 * running), and only its stop flag is shared (an atomic the owner sets
 * and the running job reads).  A job carries its own copy of everything
 * it reads.  One thread, the owner, calls every worker_* function but
 * worker_notify, which the running jobs call.
 */
#ifndef TABULA_CORE_WORKER_H
#define TABULA_CORE_WORKER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

/* The most jobs queued at once (more than the most rooms a server holds,
 * each of which has at most one search and one save under way). */
#define WORKER_QUEUE_MAX 200000

/* The head of every job struct: run is called on a worker thread. */
struct worker_job {
	void (*run)(struct worker_job *job);
	int kind;         /* the owner's tag: which struct this head starts */
	atomic_bool stop; /* set by worker_job_cancel; the job reads it */
	struct worker_job *next;
};

struct worker;

/* Starts threads threads (1..1024; fewer when some fail to start), with
 * every signal blocked (signals are the owner's business); NULL when none
 * starts. */
struct worker *worker_new(int threads);

/* The descriptor to poll for reading: readable when a job is done or a
 * running one called worker_notify. */
int worker_fd(const struct worker *w);

/* Queues job (the worker owns it until it comes back; its stop flag
 * starts false: atomic_init, or a zeroed allocation); false when the
 * queue is full. */
bool worker_submit(struct worker *w, struct worker_job *job);

/* Empties the descriptor without taking a job (an owner that takes its
 * jobs elsewhere, and only wanted to wake). */
void worker_drain(struct worker *w);

/* A finished job (the caller's again), or NULL; empties the descriptor. */
struct worker_job *worker_take(struct worker *w);

/* Waits at most timeout_ms (negative: for ever) for a finished job to be
 * there to take; whether one is. */
bool worker_wait(struct worker *w, int timeout_ms);

/* Asks job, queued or running on w, to stop: it reads job->stop, or
 * sleeps in worker_hold until then. */
void worker_cancel(struct worker *w, struct worker_job *job);

/* From the running job: sleeps until job is cancelled or w is freed (a
 * search told to run until stopped that ended by itself). */
void worker_hold(struct worker *w, struct worker_job *job);

/* From a running job: wakes the owner's poll (a result is ready before
 * the job ends). */
void worker_notify(struct worker *w);

/* Runs the jobs still queued (finish says whether to, or to drop them),
 * stops the threads, and frees the worker and every job left with
 * free_job (NULL: the jobs are not freed). */
void worker_free(struct worker *w, bool finish,
                 void (*free_job)(struct worker_job *job));

#endif
