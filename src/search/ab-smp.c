/*
 * Lazy SMP: with N threads, N - 1 helpers search the same root as the
 * main search, on the same transposition table, each with its own move
 * ordering state and iterations a ply apart (ab_prepare_helper).  They
 * never report: what they find reaches the main search through the table,
 * as cutoffs and best moves to try first, and the deepest iteration a
 * helper completed is kept.  The main search alone reports and answers;
 * when it ends (its limits, its stop flag or a proof), the helpers stop
 * within a node.  Its answer is the line of the deepest iteration any
 * thread completed (ab_adopt_deeper), and a helper that completes the
 * depth asked for ends the search: whichever thread gets there first
 * answers.
 *
 * The threads are a pool (core/pool.h) made once per thread count and
 * asleep between searches, so a search costs no thread start.  Nothing
 * here knows a game.
 *
 * Threads: the owner of the alphabeta state calls ab_smp_set_threads and
 * ab_smp_free between searches.  During ab_smp_run each helper state
 * belongs to the pool thread that runs it; the main state reads only the
 * helpers' nodes_seen (atomic).  stop is set by the main search's job and
 * read by the helpers; finished is set by a helper and read by the main
 * search; deepest and deepest_depth are under lock.
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
	atomic_bool stop;     /* the main search has ended */
	atomic_bool finished; /* a helper completed the depth asked for */
	pthread_mutex_t lock;
	struct ab_line deepest; /* of the deepest completed iteration */
	int deepest_depth;      /* 0: none yet */
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
	pthread_mutex_destroy(&smp->lock);
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
	atomic_init(&smp->finished, false);
	if (pthread_mutex_init(&smp->lock, NULL) != 0) {
		free(smp);
		return NULL;
	}
	smp->helper = calloc((size_t)helpers, sizeof *smp->helper);
	if (smp->helper == NULL) {
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
	} else {
		ab_run_helper(smp->helper[job - 1]);
	}
}

/* A pool that could start no thread runs the jobs in order: the main
 * search first, then helpers that find stop set and return at once. */
void
ab_smp_run(struct alphabeta *ab, struct alphabeta_result *result)
{
	struct ab_smp *smp = ab->smp;
	atomic_store(&smp->stop, false);
	atomic_store(&smp->finished, false);
	smp->deepest_depth = 0; /* no helper runs yet: no lock needed */
	for (int i = 0; i < smp->helpers; i++)
		ab_prepare_helper(smp->helper[i], ab, &smp->stop, i + 1);
	struct ab_smp_batch batch = {.ab = ab, .result = result};
	pool_run(smp->pool, smp->helpers + 1, ab_smp_job, &batch);
	/* The result counts the helpers' nodes up to the end. */
	result->nodes = ab_nodes_all(ab);
}

bool
ab_smp_finished(const struct ab_smp *smp)
{
	return atomic_load_explicit(&smp->finished, memory_order_relaxed);
}

/* Called by a helper that completed an iteration of depth. */
void
ab_smp_completed(struct alphabeta *helper, int depth)
{
	struct ab_smp *smp = helper->shared;
	pthread_mutex_lock(&smp->lock);
	if (depth > smp->deepest_depth) {
		smp->deepest = helper->done_lines[0];
		smp->deepest_depth = depth;
	}
	pthread_mutex_unlock(&smp->lock);
	if (helper->lim.depth > 0 && depth >= helper->lim.depth)
		atomic_store(&smp->finished, true);
}

/* The line of the deepest iteration a helper completed, if deeper than
 * than. */
bool
ab_smp_deeper(struct ab_smp *smp, int than, struct ab_line *line, int *depth)
{
	pthread_mutex_lock(&smp->lock);
	bool deeper = smp->deepest_depth > than;
	if (deeper) {
		*line = smp->deepest;
		*depth = smp->deepest_depth;
	}
	pthread_mutex_unlock(&smp->lock);
	return deeper;
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
