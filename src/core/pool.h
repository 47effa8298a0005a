/*
 * A pool of helper threads that run the jobs of one batch together with
 * the thread that asks for it.  Jobs are numbered 0..n-1 and each writes
 * only its own results, so a batch computes the same values whichever
 * thread ran which job: callers stay deterministic.  One thread at a time
 * may run batches on a pool (the pool's owner); the helpers sleep between
 * batches.
 */
#ifndef TABULA_CORE_POOL_H
#define TABULA_CORE_POOL_H

struct pool;

/* One job of a batch: ctx is the batch's, job its number. */
typedef void (*pool_job_fn)(void *ctx, int job);

/* A pool with this many helper threads besides the caller (0 or fewer:
 * none, every batch runs on the caller).  NULL if out of memory; a helper
 * that fails to start is simply not there. */
struct pool *pool_create(int helpers);

/* Stops and joins the helpers, frees the pool; NULL is allowed. */
void pool_destroy(struct pool *pool);

/* Runs fn(ctx, 0..jobs-1), each exactly once, and returns when all are
 * done.  A NULL pool runs them in order on the caller. */
void pool_run(struct pool *pool, int jobs, pool_job_fn fn, void *ctx);

/* Threads a pool may usefully have: the processors online, at least 1. */
int pool_processors(void);

#endif
