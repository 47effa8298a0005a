/*
 * The search, as its users see it: a searcher owns one worker thread that
 * sleeps until it is given a position and limits, searches with iterative
 * deepening, reports each finished iteration (and about once a second while
 * thinking) through a callback with a plain struct, and reports its final
 * move through a second callback.  It never prints and knows no game: it
 * sees positions only through struct game_ops.
 *
 * Threads: every searcher_* function is called from the owner's thread
 * (the protocol loop or the UI thread).  The callbacks run on the worker
 * thread; they must copy what they need and return quickly (the protocol
 * prints a line; the TUI copies into a mailbox and wakes its loop), and
 * must not call searcher_* functions (searcher_wait would wait for
 * itself).
 *
 * Depth is counted in plies, one ply per ops->play: a TZAAR sub-move is a
 * ply.  Scores are from the side to move's view and change sign only when
 * the side to move changes (search/alphabeta.h).
 */
#ifndef TABULA_SEARCH_SEARCH_H
#define TABULA_SEARCH_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

#define SEARCH_MAX_PV      64
#define SEARCH_MAX_DEPTH   64
#define SEARCH_MAX_MULTIPV 16
#define SEARCH_MAX_THREADS 256

/* Scores at or beyond SEARCH_WIN - SEARCH_MAX_DEPTH mean a forced result:
 * SEARCH_WIN - n is a win in n plies for the side to move. */
#define SEARCH_WIN 1000000

struct search_limits {
	int depth;           /* 0 = no depth limit */
	uint64_t nodes;      /* 0 = no node limit */
	int64_t movetime_ms; /* 0 = none; a fixed time for this move */
	bool infinite;       /* search until stopped */
	int64_t time_ms[2];  /* clocks of player 1 and 2, 0 = no clock */
	int64_t inc_ms[2];   /* increments per move */
	int multipv;         /* lines to report, 1..16 (0 means 1) */
	/* Strength levels (search/level.h): when > 0, each evaluation is
	 * off by up to eval_noise score units, by an amount fixed by
	 * noise_seed and the position, so that a position is misjudged the
	 * same way every time within a game; 0 = exact.  Scores of finished
	 * games and forced results carry no noise. */
	int eval_noise;
	uint64_t noise_seed;
};

enum search_bound { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER };

/* One report: plain data, copied freely. */
struct search_info {
	int depth;
	int seldepth;
	int multipv; /* 1-based line number */
	int score;   /* from the side to move at the root */
	enum search_bound bound;
	uint64_t nodes;
	uint64_t nps;
	int64_t time_ms;
	game_move pv[SEARCH_MAX_PV];
	int pv_len;
};

typedef void (*search_report_fn)(void *ctx, const struct search_info *info);
typedef void (*search_done_fn)(void *ctx, game_move best, bool has_move);

struct searcher;

/* A searcher with a transposition table of hash_mb MiB and its idle worker
 * thread; NULL if memory or the thread could not be had. */
struct searcher *searcher_new(size_t hash_mb, search_report_fn report,
                              search_done_fn done, void *ctx);

/* Stops and joins the worker, frees everything. */
void searcher_free(struct searcher *s);

/* Starts searching a copy of pos; a running search is stopped first. */
void searcher_start(struct searcher *s, const struct game_ops *ops,
                    const struct game_pos *pos,
                    const struct search_limits *lim);

/* Asks the running search to stop; returns at once (done still fires). */
void searcher_stop(struct searcher *s);

/* Blocks until the worker is idle (for scripts and tests, never the UI). */
void searcher_wait(struct searcher *s);

/* The descriptor an owner's poll() waits on: readable when a search has
 * ended or a callback called searcher_notify (its worker's own, core/
 * worker.h).  searcher_drain empties it; both from the owner's thread. */
int searcher_fd(const struct searcher *s);
void searcher_drain(struct searcher *s);

/* From the report or done callback: wakes the owner's poll(). */
void searcher_notify(struct searcher *s);

/* Whether a search is running. */
bool searcher_busy(struct searcher *s);

/* Resizes and clears the transposition table (only while idle). */
bool searcher_set_hash(struct searcher *s, size_t hash_mb);

/* Searches with this many threads from now on, 1..SEARCH_MAX_THREADS
 * (search/alphabeta.h); stops a running search first.  False if they
 * could not be had (the old number stays). */
bool searcher_set_threads(struct searcher *s, int threads);

/* Forgets what earlier searches learnt (new game). */
void searcher_clear(struct searcher *s);

/* Whether a score is a forced result, and in how many plies (signed). */
bool search_score_is_mate(int score, int *plies);

#endif
