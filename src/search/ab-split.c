/*
 * Root splitting, the second parallel design (man page "Threads"): where
 * Lazy SMP has every thread search the whole root, here the root's moves
 * are shared out.  The first root move is searched with the whole window
 * before the others (young brothers wait): by the main search, with the
 * helpers searching it beside it on the shared table as Lazy SMP would
 * (their deferral spreads them over its subtree), until the main search
 * has its score.  Then every thread takes the remaining moves one at a
 * time, each searched with a null window at the best score found so far
 * by any thread and again with the full window when it beats it.  The main
 * search waits for the helpers' last moves and goes on as if it had
 * searched them all itself.
 *
 * The main search waits only for threads that hold a move of the split,
 * never for one that has yet to wake up: a move is claimed with the split's
 * generation, so a thread that wakes late claims nothing of a split gone.
 *
 * Threads: a split's parameters and result are under lock, written by the
 * main search when it posts the split and read by it once no thread holds
 * a move (working); claim, alpha_shown and first_done are atomics read
 * without the lock (alpha_shown is a hint: a stale one costs a wider
 * window, never a wrong result).  While a thread holds a move, the main
 * search's root moves and solver checks stay as they are, for the helpers
 * to read.  Each helper state belongs to its pool thread.
 */
#include "config.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>

#include "search/ab-internal.h"

/* One split: the main search's root moves (first, end) shared out after
 * first_move, searched to depth in the window (alpha, beta). */
struct ab_split_task {
	const struct alphabeta *owner;
	uint32_t generation;
	int depth, alpha, beta, end;
	game_move first_move;
	int first_lost; /* first_move's proven loss, -1: none */
};

struct ab_split {
	pthread_mutex_t lock;
	pthread_cond_t work; /* a split was posted, its first move searched,
	                      * or the search is over */
	pthread_cond_t idle; /* no thread holds a move */
	atomic_bool *halt;   /* set to stop the helpers mid-move */
	/* Under lock. */
	uint32_t generation; /* of the last split posted */
	bool over;           /* the search ended: the helpers leave */
	struct ab_split_task task;
	int alpha; /* the best score of the split so far */
	struct ab_split_result res;
	/* Without lock. */
	_Atomic uint64_t claim; /* generation << 32 | the next move's index */
	atomic_int working;     /* threads holding a move, or about to */
	atomic_int alpha_shown; /* alpha, for the null windows */
	atomic_bool first_done; /* the main search has the first move's score */
};

struct ab_split *
ab_split_new(atomic_bool *halt)
{
	struct ab_split *sp = calloc(1, sizeof *sp);
	if (sp == NULL)
		return NULL;
	if (pthread_mutex_init(&sp->lock, NULL) != 0) {
		free(sp);
		return NULL;
	}
	if (pthread_cond_init(&sp->work, NULL) != 0) {
		pthread_mutex_destroy(&sp->lock);
		free(sp);
		return NULL;
	}
	if (pthread_cond_init(&sp->idle, NULL) != 0) {
		pthread_cond_destroy(&sp->work);
		pthread_mutex_destroy(&sp->lock);
		free(sp);
		return NULL;
	}
	sp->halt = halt;
	atomic_init(&sp->claim, 0);
	atomic_init(&sp->working, 0);
	atomic_init(&sp->alpha_shown, 0);
	atomic_init(&sp->first_done, false);
	return sp;
}

void
ab_split_free(struct ab_split *sp)
{
	if (sp == NULL)
		return;
	pthread_cond_destroy(&sp->idle);
	pthread_cond_destroy(&sp->work);
	pthread_mutex_destroy(&sp->lock);
	free(sp);
}

/* Called before the search's threads start: no helper runs yet. */
void
ab_split_begin(struct ab_split *sp)
{
	sp->over = false;
}

/* The main search ended: helpers waiting for a split leave. */
void
ab_split_end(struct ab_split *sp)
{
	pthread_mutex_lock(&sp->lock);
	sp->over = true;
	pthread_cond_broadcast(&sp->work);
	pthread_mutex_unlock(&sp->lock);
}

static uint64_t
ab_split_claim_word(uint32_t generation, int index)
{
	return (uint64_t)generation << 32 | (uint32_t)index;
}

/* The index of the next move of the split of generation, if any is left
 * (the caller counts itself in working first). */
static bool
ab_split_claim(struct ab_split *sp, const struct ab_split_task *task, int *i)
{
	uint64_t word = atomic_load(&sp->claim);
	do {
		if ((uint32_t)(word >> 32) != task->generation ||
		    (int)(uint32_t)word >= task->end)
			return false;
	} while (!atomic_compare_exchange_weak(&sp->claim, &word, word + 1));
	*i = (int)(uint32_t)word;
	return true;
}

/* A thread gives up its move; the last one wakes the main search. */
static void
ab_split_leave(struct ab_split *sp)
{
	if (atomic_fetch_sub(&sp->working, 1) != 1)
		return;
	pthread_mutex_lock(&sp->lock);
	pthread_cond_broadcast(&sp->idle);
	pthread_mutex_unlock(&sp->lock);
}

/* Takes root move i's score into the split. */
static void
ab_split_take(struct ab_split *sp, struct alphabeta *ab,
              const struct ab_split_task *task, int i, int score)
{
	pthread_mutex_lock(&sp->lock);
	struct ab_split_result *res = &sp->res;
	if (score > res->best) {
		res->best = score;
		res->best_index = i;
	}
	if (score > sp->alpha) {
		sp->alpha = score;
		atomic_store_explicit(&sp->alpha_shown, score,
		                      memory_order_relaxed);
		bool cut = score >= task->beta;
		ab_root_line(ab, task->owner->root_moves[i], score,
		             cut ? BOUND_LOWER : BOUND_EXACT, &res->line);
		res->improved = true;
		/* A fail high: the other moves cannot change the result. */
		if (cut)
			atomic_store(&sp->claim,
			             ab_split_claim_word(task->generation,
			                                 task->end));
	}
	pthread_mutex_unlock(&sp->lock);
}

/* Searches moves of the split until none is left. */
static void
ab_split_work(struct ab_split *sp, struct alphabeta *ab,
              const struct ab_split_task *task)
{
	for (;;) {
		atomic_fetch_add(&sp->working, 1);
		int i;
		if (!ab_split_claim(sp, task, &i)) {
			ab_split_leave(sp);
			return;
		}
		const struct alphabeta *owner = task->owner;
		game_move move = owner->root_moves[i];
		int alpha = atomic_load_explicit(&sp->alpha_shown,
		                                 memory_order_relaxed);
		int score = ab_root_move(ab, move, ab_lost_plies(owner, move),
		                         task->depth, alpha, task->beta, false);
		bool aborted = ab->aborted;
		if (aborted) {
			pthread_mutex_lock(&sp->lock);
			sp->res.incomplete = true;
			pthread_mutex_unlock(&sp->lock);
		} else {
			ab_split_take(sp, ab, task, i, score);
		}
		ab_split_leave(sp);
		if (aborted)
			return;
	}
}

/* A helper's share of the first move: the same search as the main
 * search's, left as soon as the main search has the score; what it found
 * stays in the table. */
static void
ab_split_first(struct ab_split *sp, struct alphabeta *helper,
               const struct ab_split_task *task)
{
	if (task->first_lost >= 0 || atomic_load(&sp->first_done))
		return;
	helper->leave = &sp->first_done;
	ab_root_move(helper, task->first_move, -1, task->depth, task->alpha,
	             task->beta, true);
	helper->leave = NULL;
	ab_resume(helper);
}

/* A helper's part of the search: every split posted until the end. */
void
ab_split_helper(struct ab_split *sp, struct alphabeta *helper)
{
	pthread_mutex_lock(&sp->lock);
	uint32_t seen = sp->generation;
	while (!sp->over) {
		if (sp->generation == seen) {
			pthread_cond_wait(&sp->work, &sp->lock);
			continue;
		}
		seen = sp->generation;
		struct ab_split_task task = sp->task;
		pthread_mutex_unlock(&sp->lock);
		ab_split_first(sp, helper, &task);
		pthread_mutex_lock(&sp->lock);
		while (!sp->over && sp->generation == seen &&
		       !atomic_load(&sp->first_done))
			pthread_cond_wait(&sp->work, &sp->lock);
		pthread_mutex_unlock(&sp->lock);
		ab_split_work(sp, helper, &task);
		pthread_mutex_lock(&sp->lock);
	}
	pthread_mutex_unlock(&sp->lock);
	atomic_store_explicit(&helper->nodes_seen, helper->nodes,
	                      memory_order_relaxed);
}

/* Posts a split of ab's root moves from first, to depth in the window
 * (alpha, beta): the helpers start on the first move. */
void
ab_split_open(struct ab_split *sp, struct alphabeta *ab, int depth, int first,
              int alpha, int beta)
{
	game_move move = ab->root_moves[first];
	pthread_mutex_lock(&sp->lock);
	uint32_t generation = ++sp->generation;
	sp->task = (struct ab_split_task){
	        .owner = ab,
	        .generation = generation,
	        .depth = depth,
	        .alpha = alpha,
	        .beta = beta,
	        .end = ab->root_count,
	        .first_move = move,
	        .first_lost = ab_lost_plies(ab, move),
	};
	sp->alpha = alpha;
	sp->res =
	        (struct ab_split_result){.best = INT_MIN, .best_index = first};
	atomic_store(&sp->alpha_shown, alpha);
	atomic_store(&sp->first_done, false);
	atomic_store(&sp->claim, ab_split_claim_word(generation, first + 1));
	pthread_cond_broadcast(&sp->work);
	pthread_mutex_unlock(&sp->lock);
}

/* The main search has the first move's score, and alpha is the best score
 * so far: every thread takes the other moves (none if share is false: a
 * fail high, or the search stopped), and the main search waits for the
 * threads holding one.  If it was stopped they stop too (halt), and a
 * split a thread left unfinished is incomplete. */
void
ab_split_close(struct ab_split *sp, struct alphabeta *ab, int alpha, bool share,
               struct ab_split_result *res)
{
	const struct ab_split_task task = sp->task; /* only ab writes it */
	pthread_mutex_lock(&sp->lock);
	sp->alpha = alpha;
	atomic_store(&sp->alpha_shown, alpha);
	if (!share)
		atomic_store(&sp->claim,
		             ab_split_claim_word(task.generation, task.end));
	atomic_store(&sp->first_done, true);
	pthread_cond_broadcast(&sp->work);
	pthread_mutex_unlock(&sp->lock);
	ab_split_work(sp, ab, &task);
	if (ab->aborted)
		atomic_store(sp->halt, true);
	pthread_mutex_lock(&sp->lock);
	if (ab->aborted)
		sp->res.incomplete = true;
	while (atomic_load(&sp->working) > 0)
		pthread_cond_wait(&sp->idle, &sp->lock);
	*res = sp->res;
	pthread_mutex_unlock(&sp->lock);
}
