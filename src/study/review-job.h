/*
 * A review in the background: a worker thread (core/worker.h) and its
 * helpers review the moves of a copy of a game, one position each at a
 * time, on every core (study/review.h) while its owner (the TUI) keeps
 * going.  Results go into a mailbox under a mutex; each finished move
 * wakes the worker's descriptor so the owner's poll() loop wakes up.  The
 * worker sleeps when idle (no CPU), and stops by itself when the time
 * budget is spent.
 *
 * Threads: every review_job_* function is called from the owner's thread;
 * the worker and its helpers touch only the copy (read only), the
 * reviewer each borrowed, and the mailbox.
 */
#ifndef TABULA_STUDY_REVIEW_JOB_H
#define TABULA_STUDY_REVIEW_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/session.h"
#include "study/review.h"

/* Where a job stands, as a copy for the owner. */
struct review_job_state {
	unsigned number; /* the start these results belong to */
	size_t total;    /* moves in the game reviewed */
	size_t done;     /* moves reviewed so far, in any order */
	bool running;
	bool expired; /* stopped because the budget was spent */
};

struct review_job;

/* A job with workers threads (0: one per processor), each with a hash_mb
 * MiB table, idle; NULL with a message.  The marks do not depend on
 * workers. */
struct review_job *review_job_new(size_t hash_mb, int workers, char *err,
                                  size_t err_size);

/* Stops and joins the worker, frees everything. */
void review_job_free(struct review_job *j);

/* The descriptor to poll: readable when a move was reviewed or the job
 * ended. */
int review_job_fd(const struct review_job *j);

/* Empties the self-pipe (after poll said it is readable). */
void review_job_drain(struct review_job *j);

/* Reviews the moves of a copy of s from ply first on, under lim, for at
 * most budget_ms of wall time (0: no budget); a running review is stopped
 * first and its results dropped.  Returns the start's number, or 0 if out
 * of memory. */
unsigned review_job_start(struct review_job *j, const struct session *s,
                          size_t first, const struct review_limits *lim,
                          int64_t budget_ms);

/* Asks the running review to stop; returns at once.  Results so far stay. */
void review_job_stop(struct review_job *j);

/* Blocks until the worker is idle (tests and scripts, never the UI). */
void review_job_wait(struct review_job *j);

/* Copies where the job stands. */
void review_job_state(struct review_job *j, struct review_job_state *out);

/* Copies the result for move ply of the current start; false if that
 * move is not reviewed (yet). */
bool review_job_result(struct review_job *j, size_t ply,
                       struct review_move *out);

#endif
