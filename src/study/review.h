/*
 * Game review (tabula(6), REVIEW): for each move of a game, what the
 * engine thought of the position before it, what the move played was
 * worth, how much win chance it lost from the mover's view (search/
 * winchance.h), and the mark that loss earns.  Game-agnostic: the
 * thresholds and the budget per position are data in the game's table
 * (game_caps.winchance).  Synchronous; both the review command and the
 * TUI run it on review-job.h's worker, so both give the same marks.
 */
#ifndef TABULA_STUDY_REVIEW_H
#define TABULA_STUDY_REVIEW_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/record.h"
#include "core/session.h"
#include "search/search.h"
#include "study/accuracy.h"

/* How long to look at each position: a depth, a node budget, or a time
 * per position (the first one given, in that order), and which score. */
struct review_limits {
	int depth;           /* > 0: this many plies */
	uint64_t nodes;      /* > 0: about this many nodes */
	int64_t movetime_ms; /* > 0: this long */
	/* > 0: score every move at the deepest depth reached whose leaves
	 * lie on game plies of one class modulo period (man page REVIEW);
	 * 0: the search's shown score, the mean of two depths. */
	int period;
	/* > 1: a move whose loss reaches confirm_from is reviewed again at
	 * confirm times the nodes, and that deeper look's loss and mark
	 * stand (man page REVIEW, "Marks confirmed"); 0 or 1: one look.
	 * Reviews by nodes only. */
	int confirm;
	int confirm_from; /* winchance.h units */
	/* With confirm: a move losing less than confirm_from is screened
	 * too (its own line searched from after it) and confirmed when that
	 * line falls by confirm_from. */
	bool screen;
};

/* The game's default: its review_nodes a position (TABULA_REVIEW_NODES
 * instead when set, man page ENVIRONMENT), its review_period, and
 * confirmation at review_confirm times the nodes of every move losing at least
 * half the ?! threshold (man page REVIEW). */
struct review_limits review_default_limits(const struct game_ops *ops);

/* What the review found about one move. */
struct review_move {
	int best_score; /* the position before the move, mover's view */
	int value;      /* the move played, mover's view (search scores) */
	int depth;
	int chance_before; /* win chance of best_score (winchance.h units) */
	int chance_after;  /* win chance of value */
	int loss;          /* chance_before - chance_after, >= 0 */
	int first_loss;    /* the first look's loss (the same if unconfirmed) */
	int screen_drop;   /* the screen's fall of the move's own line */
	bool confirmed;    /* looked at again at the confirming budget */
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

/* Searches with this many threads (search/alphabeta.h: a review by nodes,
 * the default, stays on one thread and gives the same marks anywhere);
 * false if they could not be had. */
bool review_set_threads(struct review *rv, int threads);

void review_free(struct review *rv);

/* Milliseconds of the monotonic clock the deadlines use. */
int64_t review_clock_ms(void);

/* From now on, searches of rv end by deadline_ms (on review_clock_ms; 0:
 * never) and a search cut by it sets *flag, which should be the stop flag
 * given to review_move (a cut search gives no result); flag NULL turns the
 * deadline off. */
void review_set_deadline(struct review *rv, atomic_bool *flag,
                         int64_t deadline_ms);

/* Reviews move ply of s (ply < s->ply) on its own: the result depends on
 * the game, ply and lim only, not on what rv reviewed before.  Returns
 * false, out undefined, when *stop became true first (stop may be
 * NULL). */
bool review_move(struct review *rv, const struct session *s, size_t ply,
                 const struct review_limits *lim, const atomic_bool *stop,
                 struct review_move *out);

/* The mark a loss of win chance (winchance.h units) earns in ops. */
enum record_mark review_classify(const struct game_ops *ops, int loss);

/* Player 1's view of a mover's-view search score after move ply of s, as
 * a record stores it (score, or mate plies counted from before the move). */
void review_score_p1(const struct session *s, size_t ply, int value, int *score,
                     int *mate);

/* Writes what the review found into meta's note on move ply: the review
 * comment, the mark (replacing a review mark, keeping a reader's own
 * ! !! !?), and the engine's line as a variation where the move differs. */
bool review_annotate(struct record_meta *meta, const struct session *s,
                     size_t ply, const struct review_move *m);

/* Adds move ply's result to sum. */
void review_summary_add(struct review_summary *sum, const struct session *s,
                        size_t ply, const struct review_move *m);

/* Adds move ply as a record's note keeps its review (the score after it
 * and the loss) to sum; a note without a review adds nothing. */
void review_summary_add_note(struct review_summary *sum,
                             const struct session *s, size_t ply,
                             const struct record_note *note);

#endif
