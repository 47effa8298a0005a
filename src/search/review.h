/*
 * Game review (tabula(6), REVIEW): for each move of a game, what the
 * engine thought of the position before it, what the move played was
 * worth, how much it lost from the mover's view, and the mark that loss
 * earns.  Game-agnostic: the only per-game knowledge is the table of loss
 * thresholds, which is data.  Synchronous; the caller decides the thread
 * (the review command runs it in line, the TUI on a worker of its own).
 */
#ifndef TABULA_SEARCH_REVIEW_H
#define TABULA_SEARCH_REVIEW_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/record.h"
#include "core/session.h"
#include "search/search.h"

/* Losses (in the game's evaluation units, hundredths of the unit shown)
 * from which a move is an inaccuracy, a mistake, a blunder; scores are
 * clamped to +-cap first, so that a lost cause is not lost twice. */
struct review_thresholds {
	const char *game; /* registry name; NULL: the default */
	int inaccuracy, mistake, blunder;
	int cap;
};

/* The thresholds for a game (a default for games without their own). */
const struct review_thresholds *review_thresholds_for(const char *game);

/* The i-th row of the table, NULL past its end (for the documentation
 * and the tests). */
const struct review_thresholds *review_thresholds_at(size_t i);

/* How long to look at each position: a depth, or a time per position. */
struct review_limits {
	int depth;           /* > 0: this many plies */
	int64_t movetime_ms; /* > 0 and no depth: this long */
};

/* What the review found about one move. */
struct review_move {
	int best_score; /* the position before the move, mover's view */
	int value;      /* the move played, mover's view (search scores) */
	int depth;
	int loss; /* clamped, >= 0 */
	enum record_mark mark;
	game_move best;              /* the engine's move */
	game_move pv[SEARCH_MAX_PV]; /* the engine's line, from best */
	int pv_len;
	game_move reply[SEARCH_MAX_PV]; /* the line after the move played */
	int reply_len;
};

struct review;

/* A reviewer with its own transposition table of hash_mb MiB; NULL if out
 * of memory. */
struct review *review_new(size_t hash_mb);

void review_free(struct review *rv);

/* Milliseconds of the monotonic clock the deadlines use. */
int64_t review_clock_ms(void);

/* From now on, searches of rv end by deadline_ms (on review_clock_ms; 0:
 * never) and a search cut by it sets *flag, which should be the stop flag
 * given to review_move (a cut search gives no result); flag NULL turns the
 * deadline off. */
void review_set_deadline(struct review *rv, atomic_bool *flag,
                         int64_t deadline_ms);

/* Reviews move ply of s (ply < s->ply).  Returns false, out undefined,
 * when *stop became true first (stop may be NULL). */
bool review_move(struct review *rv, const struct session *s, size_t ply,
                 const struct review_limits *lim, const atomic_bool *stop,
                 struct review_move *out);

/* The mark a loss earns under t; a won position thrown into a lost one
 * is always a blunder. */
enum record_mark review_classify(const struct review_thresholds *t,
                                 int best_score, int value);

/* Player 1's view of a mover's-view search score after move ply of s, as
 * a record stores it (score, or mate plies counted from before the move). */
void review_score_p1(const struct session *s, size_t ply, int value, int *score,
                     int *mate);

/* Writes what the review found into meta's note on move ply: the review
 * comment, the mark (replacing a review mark, keeping a reader's own
 * ! !! !?), and the engine's line as a variation where the move differs. */
bool review_annotate(struct record_meta *meta, const struct session *s,
                     size_t ply, const struct review_move *m);

/* Per-player totals over a reviewed game. */
struct review_summary {
	int moves[2];
	long loss_sum[2];
	int marks[2][MARK_COUNT];
};

/* Adds move ply's result to sum. */
void review_summary_add(struct review_summary *sum, const struct session *s,
                        size_t ply, const struct review_move *m);

#endif
