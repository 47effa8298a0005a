/*
 * What the alpha-beta search (search/alphabeta.c) shares with its parts:
 * the endgame solver (ab-endgame.c), the threads (ab-smp.c, ab-split.c)
 * and the weak levels' look at a won position (ab-level.c): the searcher's
 * state and the helpers they call.  Nothing outside these files includes it.
 */
#ifndef TABULA_SEARCH_AB_INTERNAL_H
#define TABULA_SEARCH_AB_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "search/alphabeta.h"
#include "search/pns.h"
#include "search/timectl.h"
#include "search/tt.h"

enum {
	AB_MAX_PLY = SEARCH_MAX_DEPTH + 1, /* plies from the root, inclusive */
	AB_HISTORY_BITS = 14,
	AB_HISTORY_SIZE = 1 << AB_HISTORY_BITS,
	AB_KILLERS = 2,
	/* The first few moves of a node are picked by a scan; the rest are
	 * sorted once (cut nodes rarely get that far). */
	AB_PICK_SCAN = 4
};

/* Checks of the best move near the end (ab-endgame.c): at most this many
 * per search. */
enum { AB_CHECK_MAX = 16 };

/* Scores beyond this are forced results. */
enum { AB_WIN_BOUND = SEARCH_WIN - SEARCH_MAX_DEPTH - 1 };

struct ab_line {
	game_move pv[SEARCH_MAX_PV];
	int pv_len;
	int score;
	enum search_bound bound;
};

struct ab_smp;
struct ab_split;

/* What the threads of a root split found (search/ab-split.c). */
struct ab_split_result {
	int best, best_index; /* the best score and its move's index */
	bool improved;        /* a move beat alpha: line is the best */
	bool incomplete;      /* a thread was stopped before the end */
	struct ab_line line;
};

struct alphabeta {
	/* The table searched: table for a state of its own, the main state's
	 * for a helper (search/ab-smp.c), shared by all of its threads. */
	struct tt table;
	struct tt *tt;
	struct pns pns; /* the endgame solver's tree, made on first use */
	/* The helper threads and their states (NULL: one thread). */
	struct ab_smp *smp;
	/* The threads of the search running (the main state's smp, for the
	 * main state and its helpers alike); NULL with one thread. */
	struct ab_smp *shared;
	/* nodes as last published by the thread searching this state (every
	 * AB_CHECK_MASK + 1 nodes and at the end), for the main thread's
	 * count of all threads' nodes. */
	_Atomic uint64_t nodes_seen;
	/* Besides stop, a flag that ends this thread's search of the moment
	 * (a helper's share of a root split's first move); NULL: none. */
	const atomic_bool *leave;

	/* The current search. */
	const struct game_ops *ops;
	struct search_limits lim;
	const atomic_bool *stop;
	search_report_fn report;
	void *report_ctx;
	int64_t start_ms; /* clock_now_ms() when the search began */
	struct timectl_plan plan;
	int64_t next_report_ms;
	uint64_t nodes;
	int seldepth;
	int depth; /* of the iteration running */
	bool aborted;

	int64_t killers[AB_MAX_PLY][AB_KILLERS]; /* -1: none */
	int32_t history[2][AB_HISTORY_SIZE];
	game_move pv[AB_MAX_PLY + 1][SEARCH_MAX_PV];
	int pv_len[AB_MAX_PLY + 1];
	game_move moves[AB_MAX_PLY][GAME_MAX_MOVES];
	uint64_t keys[AB_MAX_PLY][GAME_MAX_MOVES];

	/* The root: its moves in the order to try them, the lines of the
	 * iteration running, and those of the last completed one. */
	struct game_pos root;
	game_move root_moves[GAME_MAX_MOVES];
	int root_count;
	int lines_wanted;
	struct ab_line lines[SEARCH_MAX_MULTIPV];
	struct ab_line done_lines[SEARCH_MAX_MULTIPV];
	int done_depth;
	/* The lines of the iteration before the last completed one, whose
	 * scores steady the ones shown (ab_shown_score); prev_count lines. */
	struct ab_line prev_lines[SEARCH_MAX_MULTIPV];
	int prev_count;
	/* The iteration running already found a first line better than the
	 * last completed one's (kept if the search is interrupted). */
	bool partial_first;

	/* Root moves checked near the end, and the plies of the loss proved
	 * after each (-1: none found); checks stop when the budget is spent. */
	bool check_moves;
	struct {
		game_move move;
		int lost_plies;
	} checked[AB_CHECK_MAX];
	int checked_count;
	int64_t check_ms;     /* time the checks have used */
	uint64_t check_nodes; /* solver tree nodes they were given */
	/* The best line the last new best move displaced, and the depth it
	 * was searched to, in case the check of the move played refutes it;
	 * the score of the line that displaced it, which bounds its move's
	 * worth at the deeper depth (searched first there, and beaten). */
	struct ab_line fallback;
	int fallback_depth;
	int fallback_cap;
};

static inline bool
ab_is_win_score(int score)
{
	return score > AB_WIN_BOUND || score < -AB_WIN_BOUND;
}

/* alphabeta.c */
int64_t ab_elapsed_ms(const struct alphabeta *ab);
uint64_t ab_nodes_all(const struct alphabeta *ab);
void ab_run_main(struct alphabeta *ab, struct alphabeta_result *result);
void ab_prepare_helper(struct alphabeta *helper, const struct alphabeta *ab,
                       const atomic_bool *stop);
void ab_resume(struct alphabeta *helper);
int ab_root_move(struct alphabeta *ab, game_move move, int lost_plies,
                 int depth, int alpha, int beta, bool first);
void ab_root_line(struct alphabeta *ab, game_move move, int score,
                  enum search_bound bound, struct ab_line *line);
void ab_run_once(struct alphabeta *ab, const struct game_ops *ops,
                 const struct game_pos *pos, const struct search_limits *lim,
                 const atomic_bool *stop, search_report_fn report, void *ctx,
                 struct alphabeta_result *result);

/* ab-level.c: a weak level that sees a win plays it unweakened. */
bool ab_level_sees_win(struct alphabeta *ab, const struct game_ops *ops,
                       const struct game_pos *pos,
                       const struct search_limits *lim, const atomic_bool *stop,
                       struct alphabeta_result *clear);

/* ab-smp.c: the helper threads of a parallel search, on the same
 * table (alphabeta_set_threads). */
bool ab_smp_set_threads(struct alphabeta *ab, int threads);
void ab_smp_free(struct ab_smp *smp);
uint64_t ab_smp_nodes(const struct ab_smp *smp);
void ab_smp_run(struct alphabeta *ab, struct alphabeta_result *result);
bool ab_smp_finished(const struct ab_smp *smp);
bool ab_smp_busy_enter(struct ab_smp *smp, uint64_t key);
void ab_smp_busy_leave(struct ab_smp *smp, uint64_t key);
struct ab_split *ab_smp_split(const struct ab_smp *smp);
void ab_report_line(struct alphabeta *ab, const struct ab_line *line,
                    int multipv, int depth, int seldepth);

/* ab-split.c: root splitting, the root's moves shared out among the
 * threads (young brothers wait). */
struct ab_split *ab_split_new(atomic_bool *halt);
void ab_split_free(struct ab_split *sp);
void ab_split_begin(struct ab_split *sp);
void ab_split_end(struct ab_split *sp);
void ab_split_helper(struct ab_split *sp, struct alphabeta *helper);
void ab_split_open(struct ab_split *sp, struct alphabeta *ab, int depth,
                   int first, int alpha, int beta);
void ab_split_close(struct ab_split *sp, struct alphabeta *ab, int alpha,
                    bool share, struct ab_split_result *res);

/* ab-endgame.c: the solver before the iterations... */
bool ab_solve(struct alphabeta *ab, struct alphabeta_result *res,
              int *lost_plies);
void ab_report_loss(struct alphabeta *ab, struct alphabeta_result *res,
                    int plies);
/* ...and the checks of each iteration's best move near the end. */
void ab_checks_prepare(struct alphabeta *ab);
int ab_lost_plies(const struct alphabeta *ab, game_move move);
bool ab_refute_best(struct alphabeta *ab, int depth);
void ab_note_new_best(struct alphabeta *ab, const struct ab_line *line);
bool ab_unchecked_at_end(const struct alphabeta *ab, int64_t now_ms);
void ab_check_played(struct alphabeta *ab);
void ab_avoid_refuted(struct alphabeta *ab);

#endif
