/*
 * The threads of a parallel search: with N threads, N - 1 helpers, each
 * with a search state and move ordering of its own, on the main search's
 * transposition table.  The main search shares out the root's moves among
 * them (search/ab-split.c); inside the tree a thread leaves for last a move
 * another thread is searching (the busy table below).  The helpers never
 * report: the main search alone reports and answers, and when it ends (its
 * limits, its stop flag or a proof) the helpers stop within a node.
 *
 * The threads are a pool (core/pool.h) made once per thread count and
 * asleep between searches, so a search costs no thread start.  Nothing
 * here knows a game.
 *
 * Threads: the owner of the alphabeta state calls ab_smp_set_threads and
 * ab_smp_free between searches.  During ab_smp_run each helper state
 * belongs to the pool thread that runs it; the main state reads only the
 * helpers' nodes_seen (atomic).  stop is set by the main search's job (or
 * by a split the main search left) and read by the helpers; user_stop is
 * set before the helpers start.
 */
#include "config.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

#include "core/pool.h"
#include "search/ab-internal.h"

/* Slots of the table of positions being searched (a power of two). */
enum { AB_SMP_BUSY_SLOTS = 1 << 15 };

struct ab_smp {
	struct pool *pool;
	int helpers;
	struct alphabeta **helper;
	atomic_bool stop;             /* the main search has ended */
	const atomic_bool *user_stop; /* the main search's stop flag */
	struct ab_split *split;       /* the root's moves shared out */
	/* The keys of positions some thread is searching, one per slot. */
	_Atomic uint64_t busy[AB_SMP_BUSY_SLOTS];
};

/* What one search's jobs share: job 0 is the main search. */
struct ab_smp_batch {
	struct alphabeta *ab;
	struct alphabeta_result *result;
};

void
ab_smp_free(struct ab_smp *smp)
{
	if (smp == NULL)
		return;
	pool_destroy(smp->pool);
	ab_split_free(smp->split);
	for (int i = 0; i < smp->helpers; i++)
		alphabeta_free(smp->helper[i]);
	free(smp->helper);
	free(smp);
}

/* A pool whose threads block every signal: signals are the business of
 * the thread that asked for the search (SIGINT, SIGWINCH). */
static struct pool *
ab_smp_pool(int helpers)
{
	sigset_t all, old;
	sigfillset(&all);
	if (pthread_sigmask(SIG_BLOCK, &all, &old) != 0)
		return NULL;
	struct pool *pool = pool_create(helpers);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return pool;
}

/* Helper states have no table of their own: they use the main one. */
static struct ab_smp *
ab_smp_new(int helpers)
{
	struct ab_smp *smp = calloc(1, sizeof *smp);
	if (smp == NULL)
		return NULL;
	atomic_init(&smp->stop, false);
	smp->helper = calloc((size_t)helpers, sizeof *smp->helper);
	smp->split = ab_split_new(&smp->stop);
	if (smp->helper == NULL || smp->split == NULL) {
		ab_smp_free(smp);
		return NULL;
	}
	for (; smp->helpers < helpers; smp->helpers++) {
		struct alphabeta *h = calloc(1, sizeof *h);
		if (h == NULL) {
			ab_smp_free(smp);
			return NULL;
		}
		smp->helper[smp->helpers] = h;
	}
	smp->pool = ab_smp_pool(helpers);
	if (smp->pool == NULL) {
		ab_smp_free(smp);
		return NULL;
	}
	return smp;
}

bool
ab_smp_set_threads(struct alphabeta *ab, int threads)
{
	if (threads < 1 || threads > SEARCH_MAX_THREADS)
		return false;
	int helpers = threads - 1;
	if (helpers == (ab->smp != NULL ? ab->smp->helpers : 0))
		return true;
	struct ab_smp *fresh = NULL;
	if (helpers > 0 && (fresh = ab_smp_new(helpers)) == NULL)
		return false;
	ab_smp_free(ab->smp);
	ab->smp = fresh;
	return true;
}

uint64_t
ab_smp_nodes(const struct ab_smp *smp)
{
	uint64_t sum = 0;
	for (int i = 0; i < smp->helpers; i++)
		sum += atomic_load_explicit(&smp->helper[i]->nodes_seen,
		                            memory_order_relaxed);
	return sum;
}

static void
ab_smp_job(void *ctx, int job)
{
	struct ab_smp_batch *batch = ctx;
	struct ab_smp *smp = batch->ab->smp;
	if (job == 0) {
		ab_run_main(batch->ab, batch->result);
		atomic_store(&smp->stop, true);
		ab_split_end(smp->split);
	} else {
		ab_split_helper(smp->split, smp->helper[job - 1]);
	}
}

/* A pool that could start no thread runs the jobs in order: the main
 * search first, alone in its splits, then helpers that find the search
 * over and return at once. */
void
ab_smp_run(struct alphabeta *ab, struct alphabeta_result *result)
{
	struct ab_smp *smp = ab->smp;
	atomic_store(&smp->stop, false);
	smp->user_stop = ab->stop; /* no helper runs yet */
	ab_split_begin(smp->split);
	for (int i = 0; i < smp->helpers; i++)
		ab_prepare_helper(smp->helper[i], ab, &smp->stop);
	struct ab_smp_batch batch = {.ab = ab, .result = result};
	pool_run(smp->pool, smp->helpers + 1, ab_smp_job, &batch);
	/* The result counts the helpers' nodes up to the end. */
	result->nodes = ab_nodes_all(ab);
}

/* Whether the helpers should stop: the main search was told to (a helper
 * in a root split cannot wait for the main search to end: the main search
 * waits for the helper). */
bool
ab_smp_finished(const struct ab_smp *smp)
{
	return smp->user_stop != NULL &&
	       atomic_load_explicit(smp->user_stop, memory_order_relaxed);
}

struct ab_split *
ab_smp_split(const struct ab_smp *smp)
{
	return smp->split;
}

static _Atomic uint64_t *
ab_smp_busy_slot(struct ab_smp *smp, uint64_t key)
{
	return &smp->busy[key & (AB_SMP_BUSY_SLOTS - 1)];
}

/* Marks key as being searched; false if another thread already is.  A
 * slot holds one key: a newer one overwrites it, which costs at worst a
 * move searched twice at once. */
bool
ab_smp_busy_enter(struct ab_smp *smp, uint64_t key)
{
	_Atomic uint64_t *slot = ab_smp_busy_slot(smp, key);
	if (atomic_load_explicit(slot, memory_order_relaxed) == key)
		return false;
	atomic_store_explicit(slot, key, memory_order_relaxed);
	return true;
}

/* Unmarks key, unless its slot holds another key by now. */
void
ab_smp_busy_leave(struct ab_smp *smp, uint64_t key)
{
	uint64_t expected = key;
	atomic_compare_exchange_strong_explicit(
	        ab_smp_busy_slot(smp, key), &expected, 0, memory_order_relaxed,
	        memory_order_relaxed);
}
