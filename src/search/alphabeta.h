/*
 * The search proper, without threads: iterative deepening over a negamax
 * alpha-beta with principal-variation search, aspiration windows, a
 * transposition table and move ordering.  The searcher (search.c) runs it
 * on its worker thread; the match runner and the tests may call it
 * directly, synchronously.
 *
 * Depth is counted in plies, one ply being one call of ops->play: in TZAAR
 * a ply is a sub-move, so a full turn is two plies.  A score is always
 * from the view of the side to move at the node, and changes sign only
 * when the side to move changes between a position and its child.
 */
#ifndef TABULA_SEARCH_ALPHABETA_H
#define TABULA_SEARCH_ALPHABETA_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "search/search.h"

struct alphabeta;

/* What a finished search decided. */
struct alphabeta_result {
	bool has_move;  /* false when the position has no legal move */
	game_move best; /* the move to play */
	int score;      /* of the best line, from the side to move's view */
	/* The last completed iteration's own score for that line; score is
	 * the mean of two depths (man page "The search"), this one depth's
	 * (reviews that compare one parity of depth, study/review.c). */
	int deep_score;
	int depth; /* last iteration completed */
	uint64_t nodes;
};

/* A search state with a hash_mb MiB transposition table; NULL if out of
 * memory. */
struct alphabeta *alphabeta_new(size_t hash_mb);

/* Frees a search state. */
void alphabeta_free(struct alphabeta *ab);

/* Replaces the transposition table by a cleared one of hash_mb MiB; on
 * failure keeps the old one and returns false. */
bool alphabeta_set_hash(struct alphabeta *ab, size_t hash_mb);

/* Forgets the transposition table. */
void alphabeta_clear(struct alphabeta *ab);

/* Searches with this many threads from now on (the root's moves shared
 * out among them; they share the one table, so memory stays what the
 * hash size says); 1 is the
 * deterministic search of one thread, and a search with a node limit
 * (every level) always runs on one thread.  Only between searches; false
 * if memory or threads could not be had (the old number stays). */
bool alphabeta_set_threads(struct alphabeta *ab, int threads);

/* Searches pos under lim until a limit is reached or *stop becomes true
 * (stop may be NULL); reports each iteration and about once a second
 * through report (may be NULL).  With one thread, the same state,
 * position and depth or node limit always give the same result; with
 * more, the nodes reported are all threads' together. */
void alphabeta_run(struct alphabeta *ab, const struct game_ops *ops,
                   const struct game_pos *pos, const struct search_limits *lim,
                   const atomic_bool *stop, search_report_fn report, void *ctx,
                   struct alphabeta_result *result);

#endif
