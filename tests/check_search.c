/*
 * The search's suite.  Scores are checked against exact solvers written
 * here independently (plain minimax from player 1's view, no negation, no
 * pruning), on tic-tac-toe and on double nim, whose turns of two
 * sub-moves exercise the sign rule of games like TZAAR.  Then the
 * searcher thread: determinism, limits, MultiPV, stop latency.
 */
#include "config.h"

#include <check.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/clock.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/session.h"
#include "games/tetris-strategy.h"
#include "games/tetris.h"
#include "uci/engine.h"
#include "search/alphabeta.h"
#include "search/bench.h"
#include "search/level.h"
#include "play/match.h"
#include "play/player.h"
#include "search/pns.h"
#include "play/who.h"
#include "search/search.h"
#include "search/timectl.h"
#include "search/tt.h"
#include "testutil.h"
#include "toygame.h"

static const size_t TEST_HASH_MB = 4;
/* The bound on stop latency; sanitizers slow every node about tenfold. */
#ifdef TEST_SANITIZED
static const int64_t TEST_STOP_LATENCY_MS = 150;
#else
static const int64_t TEST_STOP_LATENCY_MS = 50;
#endif
/* Check's timeout for the slow test cases, in seconds. */
static const int TEST_SLOW_TIMEOUT_S = 300;

/* Exact value from player 1's view, SEARCH_WIN - plies for a win. */
static int
solve_p1(const struct game_ops *ops, const struct game_pos *pos, int ply)
{
	struct game_status st;
	ops->status(pos, &st);
	if (st.outcome == OUTCOME_P1_WINS)
		return SEARCH_WIN - ply;
	if (st.outcome == OUTCOME_P2_WINS)
		return -(SEARCH_WIN - ply);
	if (st.outcome == OUTCOME_DRAW)
		return 0;
	game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(pos, moves);
	bool p1 = ops->side_to_move(pos) == 0;
	int best = p1 ? -SEARCH_WIN - 1 : SEARCH_WIN + 1;
	for (int i = 0; i < n; i++) {
		struct game_pos child = *pos;
		ops->play(&child, moves[i]);
		int v = solve_p1(ops, &child, ply + 1);
		if (p1 ? v > best : v < best)
			best = v;
	}
	return best;
}

static int
solve(const struct game_ops *ops, const struct game_pos *pos)
{
	int v = solve_p1(ops, pos, 0);
	return ops->side_to_move(pos) == 0 ? v : -v;
}

static void
search_sync(struct alphabeta *ab, const struct game_ops *ops,
            const struct game_pos *pos, int depth, struct alphabeta_result *res)
{
	struct search_limits lim = {0};
	lim.depth = depth;
	alphabeta_run(ab, ops, pos, &lim, NULL, NULL, NULL, res);
}

static void
parse(const struct game_ops *ops, const char *text, struct game_pos *pos)
{
	char err[256];
	ck_assert_msg(ops->parse_pos(pos, text, err, sizeof err), "%s: %s",
	              text, err);
}

/* ---- exact scores --------------------------------------------------- */

/* Every tic-tac-toe position after two and three moves: the search to the
 * end scores exactly what the solver says, and its move achieves it. */
/* Hands check every tic-tac-toe position after two or three plies
 * (a, b, then c, or c = -1 for two) and returns how many there were. */
static int
ttt_each_early_position(void (*check)(const struct game_pos *pos, int a, int b,
                                      int c, void *ctx),
                        void *ctx)
{
	struct game_pos start;
	toy_ttt3.init(&start, NULL);
	int count = 0;
	for (int a = 0; a < 9; a++) {
		for (int b = 0; b < 9; b++) {
			for (int c = -1; c < 9; c++) {
				if (a == b || a == c || b == c)
					continue;
				struct game_pos pos = start;
				toy_ttt3.play(&pos, (game_move)a);
				toy_ttt3.play(&pos, (game_move)b);
				if (c >= 0)
					toy_ttt3.play(&pos, (game_move)c);
				check(&pos, a, b, c, ctx);
				count++;
			}
		}
	}
	return count;
}

static void
check_search_agrees(const struct game_pos *pos, int a, int b, int c, void *ctx)
{
	struct alphabeta *ab = ctx;
	struct alphabeta_result res;
	search_sync(ab, &toy_ttt3, pos, 9, &res);
	int want = solve(&toy_ttt3, pos);
	ck_assert_msg(res.has_move, "no move");
	ck_assert_msg(res.score == want, "%d %d %d: score %d, want %d", a, b, c,
	              res.score, want);
	struct game_pos child = *pos;
	toy_ttt3.play(&child, res.best);
	ck_assert_int_eq(-solve(&toy_ttt3, &child) + (want > 0   ? -1
	                                              : want < 0 ? 1
	                                                         : 0),
	                 want);
}

START_TEST(test_ttt_matches_solver)
{
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	ck_assert_ptr_nonnull(ab);
	ck_assert_int_eq(ttt_each_early_position(check_search_agrees, ab),
	                 72 + 504);
	alphabeta_free(ab);
}
END_TEST

/* The same with three threads: the root split's moves, searched by
 * whichever thread took them, give the exact score and a move that
 * achieves it (a best move or score lost in the merge would show). */
START_TEST(test_ttt_split_matches_solver)
{
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	ck_assert_ptr_nonnull(ab);
	ck_assert(alphabeta_set_threads(ab, 3));
	ck_assert_int_eq(ttt_each_early_position(check_search_agrees, ab),
	                 72 + 504);
	alphabeta_free(ab);
}
END_TEST

/* The start position is a draw, found from an empty table. */
START_TEST(test_ttt_start_is_draw)
{
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	struct game_pos pos;
	toy_ttt3.init(&pos, NULL);
	struct alphabeta_result res;
	search_sync(ab, &toy_ttt3, &pos, 9, &res);
	ck_assert_int_eq(res.score, 0);
	ck_assert_int_eq(res.depth, 9);
	alphabeta_free(ab);
}
END_TEST

/* A win in one beats a win in three, and a lost position delays. */
static const struct {
	const char *pos;
	int best; /* -1: any */
	int score;
} ttt_cases[] = {
        {"xx.oo.... x", 2, SEARCH_WIN - 1},    /* win now, not later */
        {"xx.oo.... o", 5, SEARCH_WIN - 1},    /* o wins first */
        {"xx..o.... o", 2, 0},                 /* the only block */
        {"x...o...x o", -1, 0},                /* an edge, not a corner */
        {"x.x.o.... o", 1, 0},                 /* block the top row */
        {"xo..x.... o", 8, -(SEARCH_WIN - 4)}, /* x forks after the block */
};

START_TEST(test_ttt_cases)
{
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	struct game_pos pos;
	parse(&toy_ttt3, ttt_cases[_i].pos, &pos);
	struct alphabeta_result res;
	search_sync(ab, &toy_ttt3, &pos, 9, &res);
	ck_assert_msg(res.score == ttt_cases[_i].score, "%s: score %d, want %d",
	              ttt_cases[_i].pos, res.score, ttt_cases[_i].score);
	if (ttt_cases[_i].best >= 0)
		ck_assert_msg(res.best == (game_move)ttt_cases[_i].best,
		              "%s: best %u, want %d", ttt_cases[_i].pos,
		              (unsigned)res.best, ttt_cases[_i].best);
	alphabeta_free(ab);
}
END_TEST

/* Double nim: the side to move keeps the move after a first sub-move, so
 * scores must not flip there; checked against the solver for every pile
 * and phase, together with the mate distance. */
START_TEST(test_nim2_matches_solver)
{
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	for (int pile = 1; pile <= 12; pile++) {
		for (int sub = 0; sub <= 1; sub++) {
			for (int side = 0; side <= 1; side++) {
				char text[32];
				snprintf(text, sizeof text, "%d %c %d", pile,
				         side ? 'o' : 'x', sub);
				struct game_pos pos;
				parse(&toy_nim2, text, &pos);
				struct alphabeta_result res;
				search_sync(ab, &toy_nim2, &pos, 30, &res);
				int want = solve(&toy_nim2, &pos);
				ck_assert_msg(res.score == want,
				              "%s: score %d, want %d", text,
				              res.score, want);
				int plies;
				ck_assert(search_score_is_mate(res.score,
				                               &plies));
			}
		}
	}
	alphabeta_free(ab);
}
END_TEST

/* The proof-number search proves a win exactly when the solver sees one,
 * for either side, and its line starts with a winning move: every
 * tic-tac-toe position after two and three moves, and double nim (two
 * sub-moves a turn).  A disproof says the defender wins only when it does,
 * and always does so in a game without draws (nim).  One table serves
 * every attempt, so most of them start from what earlier ones stored. */
static void
check_pns_agrees(struct pns *p, const struct game_ops *ops,
                 const struct game_pos *pos, bool draws, const char *what)
{
	int want = solve(ops, pos), side = ops->side_to_move(pos);
	struct pns_limits lim = {.max_nodes = 200000};
	struct pns_result res;
	int plies = 0;
	ck_assert(want == 0 || search_score_is_mate(abs(want), &plies));
	for (int attacker = 0; attacker <= 1; attacker++) {
		pns_solve(p, ops, pos, attacker, &lim, &res);
		bool wins = attacker == side ? want > 0 : want < 0;
		bool loses = attacker == side ? want < 0 : want > 0;
		ck_assert_msg(res.outcome ==
		                      (wins ? PNS_PROVEN : PNS_DISPROVEN),
		              "%s: attacker %d: outcome %d, solver %d", what,
		              attacker, (int)res.outcome, want);
		ck_assert_msg(!res.defender_wins || loses,
		              "%s: attacker %d: a draw called a loss", what,
		              attacker);
		ck_assert_msg(draws || res.defender_wins == loses,
		              "%s: attacker %d: a loss not told", what,
		              attacker);
		/* A proof's length is no shorter than the fastest win. */
		if (wins || res.defender_wins)
			ck_assert_int_ge(res.plies, plies);
		if (!wins)
			continue;
		ck_assert_int_ge(res.pv_len, 1);
		if (attacker != side)
			continue;
		struct game_pos child = *pos;
		ops->play(&child, res.pv[0]);
		int after = solve(ops, &child);
		ck_assert_msg(ops->side_to_move(&child) == side ? after > 0
		                                                : after < 0,
		              "%s: the proof's first move throws the win",
		              what);
	}
}

static void
check_pns_agrees_ttt(const struct game_pos *pos, int a, int b, int c, void *ctx)
{
	(void)a, (void)b, (void)c;
	check_pns_agrees(ctx, &toy_ttt3, pos, true, "ttt");
}

static void
check_pns_agrees_nim(struct pns *p, const char *what)
{
	for (int pile = 1; pile <= 12; pile++) {
		for (int sub = 0; sub <= 1; sub++) {
			char text[32];
			snprintf(text, sizeof text, "%d x %d", pile, sub);
			struct game_pos pos;
			parse(&toy_nim2, text, &pos);
			check_pns_agrees(p, &toy_nim2, &pos, false, what);
		}
	}
}

START_TEST(test_pns_matches_solver)
{
	struct pns p;
	ck_assert(pns_init(&p, 200000));
	struct game_pos start;
	toy_ttt3.init(&start, NULL);
	check_pns_agrees(&p, &toy_ttt3, &start, true, "ttt start");
	(void)ttt_each_early_position(check_pns_agrees_ttt, &p);
	check_pns_agrees_nim(&p, "nim");
	/* Forgotten, the table proves the same again from nothing. */
	pns_forget(&p);
	check_pns_agrees(&p, &toy_ttt3, &start, true, "ttt start, forgotten");
	/* Out of nodes, with nothing stored: no verdict. */
	pns_forget(&p);
	struct pns_limits tiny = {.max_nodes = 3};
	struct pns_result res;
	pns_solve(&p, &toy_ttt3, &start, 0, &tiny, &res);
	ck_assert_int_eq(res.outcome, PNS_UNKNOWN);
	pns_free(&p);
	/* A small table, where positions collide and overwrite each other,
	 * still settles nim. */
	ck_assert(pns_init(&p, 128));
	ck_assert_uint_eq(p.capacity, 128);
	check_pns_agrees_nim(&p, "nim, small");
	pns_free(&p);
}
END_TEST

/* A deadline that has passed ends a solve within about a thousand
 * positions, however many each expansion makes (4-in-a-row on 5x5 makes
 * 25, 24, 23... at a time and is far too big to settle). */
START_TEST(test_pns_deadline)
{
	struct pns p;
	ck_assert(pns_init(&p, 1 << 16));
	struct game_pos start;
	toy_ttt5.init(&start, NULL);
	struct pns_limits past = {.max_nodes = UINT32_MAX,
	                          .deadline_ms = clock_now_ms() - 1};
	struct pns_result res;
	pns_solve(&p, &toy_ttt5, &start, 0, &past, &res);
	ck_assert_int_eq(res.outcome, PNS_UNKNOWN);
	ck_assert_msg(res.expanded <= 200, "%llu positions expanded",
	              (unsigned long long)res.expanded);
	pns_free(&p);
}
END_TEST

static bool
always_solvable(const struct game_pos *pos)
{
	(void)pos;
	return true;
}

struct last_report {
	int score;
	int reports;
};

static void
keep_last_report(void *ctx, const struct search_info *info)
{
	struct last_report *r = ctx;
	r->score = info->score;
	r->reports++;
}

START_TEST(test_search_uses_solver)
{
	/* Double nim whose game says every position is worth a proof: a
	 * node-limited search plays the win the solver proves at once and
	 * reports it as a mate, and reports a proven loss as one. */
	struct game_ops nim = toy_nim2;
	nim.solvable = always_solvable;
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	for (int pile = 13; pile <= 16; pile++) {
		char text[32];
		snprintf(text, sizeof text, "%d x 0", pile);
		struct game_pos pos;
		parse(&nim, text, &pos);
		int want = solve(&nim, &pos);
		struct search_limits lim = {.nodes = 120000};
		struct last_report last = {0};
		struct alphabeta_result res;
		alphabeta_clear(ab);
		alphabeta_run(ab, &nim, &pos, &lim, NULL, keep_last_report,
		              &last, &res);
		int plies;
		ck_assert_msg(search_score_is_mate(last.score, &plies) &&
		                      (plies > 0) == (want > 0),
		              "%s: reported %d, solver %d", text, last.score,
		              want);
		ck_assert_int_eq(res.score, last.score);
		if (want > 0) {
			/* The proof is the whole answer: one report, no
			 * alpha-beta iteration. */
			ck_assert_int_eq(last.reports, 1);
			struct game_pos child = pos;
			nim.play(&child, res.best);
			ck_assert_int_gt(solve(&nim, &child), 0);
		}
	}
	alphabeta_free(ab);
}
END_TEST

/* A double nim position's pile, and its sub-move (1: mid-turn). */
static void
nim_read(const struct game_pos *pos, int *pile, int *sub)
{
	char text[32];
	toy_nim2.format_pos(pos, text, sizeof text);
	char side;
	ck_assert(sscanf(text, "%d %c %d", pile, &side, sub) == 3);
}

/* The timed nim searches run on a clock of their own that only their
 * evaluation advances, 20 ms a position, so that a timed search ends its
 * iterations early, and at the same point however loaded the machine is
 * (on the real clock, under the sanitizers with a test beside them, the
 * checks of the move played missed the time kept for them). */
static int64_t nim_clock_ns;

static int64_t
nim_clock_now(void)
{
	return nim_clock_ns;
}

static void
nim_eval_pause(void)
{
	nim_clock_ns += INT64_C(20000000);
}

/* Runs a timed nim search on the nim clock. */
static void
nim_timed_run(struct alphabeta *ab, const struct game_ops *ops,
              const struct game_pos *pos, const struct search_limits *lim,
              search_report_fn report, void *ctx, struct alphabeta_result *res)
{
	clock_set_source(nim_clock_now);
	alphabeta_run(ab, ops, pos, lim, NULL, report, ctx, res);
	clock_set_source(NULL);
}

/* Double nim whose evaluation lies: at the start of a turn it calls a pile
 * of a multiple of five (lost for the side to move, who takes one to four
 * stones a turn) a win, and every other pile a loss. */
static int
lying_nim_eval(const struct game_pos *pos)
{
	int pile, sub;
	nim_read(pos, &pile, &sub);
	if (sub == 1)
		return 0; /* mid-turn */
	return pile % 5 == 0 ? 500 : -500;
}

/* Reports of an analysis of double nim: how many iterations from depth
 * five on showed a first move that loses (a first sub-move that leaves a
 * pile its taker cannot bring to a multiple of five). */
struct nim_reports {
	int pile;
	int losing;
};

static void
count_losing_reports(void *ctx, const struct search_info *info)
{
	struct nim_reports *r = ctx;
	int left = r->pile - (int)info->pv[0];
	if (info->depth >= 5 && info->pv_len > 0 && left % 5 > 2)
		r->losing++;
}

/* Double nim with evaluation eval, the same game with every position near
 * its end (each new best move checked), and the 19 stones both start from. */
static void
lying_nim_games(int (*eval)(const struct game_pos *), struct game_ops *plain,
                struct game_ops *checked, struct game_pos *pos)
{
	*plain = toy_nim2;
	plain->evaluate = eval;
	*checked = *plain;
	checked->near_end = always_solvable;
	parse(plain, "19 x 0", pos);
}

START_TEST(test_search_checks_best_move)
{
	/* From 19 stones the first sub-move must take 2.  Alpha-beta alone
	 * trusts the lying evaluation and shows taking 1 for several
	 * iterations; near the end every new best move is checked by the
	 * solver, so the refuted move is never shown, and 2 is played. */
	struct game_ops nim, checked;
	struct game_pos pos;
	lying_nim_games(lying_nim_eval, &nim, &checked, &pos);
	struct search_limits lim = {.infinite = true};
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	struct alphabeta_result res;
	struct nim_reports plain = {.pile = 19};
	alphabeta_run(ab, &nim, &pos, &lim, NULL, count_losing_reports, &plain,
	              &res);
	ck_assert_int_gt(plain.losing, 0);
	alphabeta_clear(ab);
	struct nim_reports seen = {.pile = 19};
	alphabeta_run(ab, &checked, &pos, &lim, NULL, count_losing_reports,
	              &seen, &res);
	ck_assert_int_eq(seen.losing, 0);
	ck_assert_uint_eq(res.best, 2);
	alphabeta_free(ab);
}
END_TEST

/* The lying evaluation, slowed to 20 ms a position, so that a
 * timed search ends its iterations before depth five. */
static int
slow_lying_nim_eval(const struct game_pos *pos)
{
	nim_eval_pause();
	return lying_nim_eval(pos);
}

static void
note_last_depth(void *ctx, const struct search_info *info)
{
	*(int *)ctx = info->depth;
}

START_TEST(test_search_checks_move_played)
{
	/* A timed search that never completes depth five, where the checks
	 * of each iteration begin: the move it is about to play is checked
	 * all the same, in time kept for it, and the one the lying
	 * evaluation prefers (taking 1 from 19) is refuted and not played. */
	struct game_ops nim, checked;
	struct game_pos pos;
	lying_nim_games(slow_lying_nim_eval, &nim, &checked, &pos);
	struct search_limits lim = {.movetime_ms = 300};
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	struct alphabeta_result res;
	int depth = 0;
	nim_timed_run(ab, &nim, &pos, &lim, note_last_depth, &depth, &res);
	ck_assert_msg(depth < 5 && res.best == 1,
	              "plain search: depth %d, took %llu", depth,
	              (unsigned long long)res.best);
	alphabeta_clear(ab);
	nim_timed_run(ab, &checked, &pos, &lim, note_last_depth, &depth, &res);
	ck_assert_msg(res.best != 1, "checked search took 1 (depth %d)", depth);
	alphabeta_free(ab);
}
END_TEST

/* Double nim from 19 stones (where taking 2 wins and taking 1 loses)
 * with an evaluation that changes its mind, slowed to 20 ms a position:
 * mid-turn it likes 17 stones left (so taking 2 leads at depth one, at
 * +3.00), and at the start of a turn the pile of 18 that only taking 1
 * first can leave (so taking 1 leads at depth two, at +1.00). */
static int
fickle_nim_eval(const struct game_pos *pos)
{
	nim_eval_pause();
	int pile, sub;
	nim_read(pos, &pile, &sub);
	if (sub == 1)
		return pile == 17 ? 300 : 0;
	return pile == 18 ? -100 : 0;
}

/* The best score shown for taking 1, and the last report. */
struct fickle_reports {
	int took_one_best;
	bool took_one_shown;
	struct search_info last;
};

static void
note_fickle_report(void *ctx, const struct search_info *info)
{
	struct fickle_reports *r = ctx;
	if (info->pv_len > 0 && info->pv[0] == 1 &&
	    (!r->took_one_shown || info->score > r->took_one_best)) {
		r->took_one_best = info->score;
		r->took_one_shown = true;
	}
	r->last = *info;
}

START_TEST(test_search_fallback_not_above_refuted)
{
	/* A timed search that ends before the checks of its iterations
	 * begin (depth five): the move it would play, taking 1, is checked
	 * at the end, refuted, and gives way to taking 2, the line it
	 * displaced.  That line's +3.00 is only depth one's; the deeper
	 * search searched taking 2 first and ranked it below taking 1, so it
	 * is shown as worth no more than taking 1 was, as an upper bound. */
	struct game_ops nim, checked;
	struct game_pos pos;
	lying_nim_games(fickle_nim_eval, &nim, &checked, &pos);
	struct search_limits lim = {.movetime_ms = 600};
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	struct alphabeta_result res;
	struct fickle_reports seen = {0};
	nim_timed_run(ab, &checked, &pos, &lim, note_fickle_report, &seen,
	              &res);
	ck_assert_msg(seen.took_one_shown, "taking 1 never led");
	ck_assert_uint_eq(res.best, 2);
	ck_assert_uint_eq(seen.last.pv[0], 2);
	ck_assert_msg(seen.last.score <= seen.took_one_best,
	              "taking 2 shown at %d, taking 1 at most at %d",
	              seen.last.score, seen.took_one_best);
	ck_assert_int_eq(seen.last.bound, BOUND_UPPER);
	ck_assert_int_eq(res.score, seen.last.score);
	alphabeta_free(ab);
}
END_TEST

START_TEST(test_mate_scores)
{
	int plies;
	ck_assert(search_score_is_mate(SEARCH_WIN - 3, &plies));
	ck_assert_int_eq(plies, 3);
	ck_assert(search_score_is_mate(-(SEARCH_WIN - 4), &plies));
	ck_assert_int_eq(plies, -4);
	ck_assert(!search_score_is_mate(1234, &plies));
	ck_assert(!search_score_is_mate(0, &plies));
}
END_TEST

/* Win scores are stored per node and come back per ply. */
START_TEST(test_tt_store_probe)
{
	struct tt tt;
	ck_assert(tt_init(&tt, 1));
	tt_store(&tt, 42, 3, 5, SEARCH_WIN - 7, BOUND_EXACT, 17, true);
	struct tt_entry e;
	ck_assert(tt_probe(&tt, 42, 1, &e));
	ck_assert_int_eq(e.score, SEARCH_WIN - 5);
	ck_assert_int_eq(e.depth, 5);
	ck_assert_uint_eq(e.move, 17);
	ck_assert(e.has_move);
	ck_assert(!tt_probe(&tt, 43, 1, &e));
	tt_store(&tt, 42, 1, 6, -100, BOUND_UPPER, 0, false);
	ck_assert(tt_probe(&tt, 42, 1, &e));
	ck_assert_uint_eq(e.move, 17); /* the known move is kept */
	ck_assert_int_eq(e.score, -100);
	tt_clear(&tt);
	ck_assert(!tt_probe(&tt, 42, 1, &e));
	tt_free(&tt);
}
END_TEST

/* Time plans: fixed movetime, clocks with increments, no limit. */
/* A slot two threads wrote at once (one word of each) reads as a miss,
 * never as a mix of two entries. */
START_TEST(test_tt_torn_slot)
{
	struct tt a, b;
	ck_assert(tt_init(&a, 1) && tt_init(&b, 1));
	tt_store(&a, 42, 0, 5, 100, BOUND_EXACT, 17, true);
	tt_store(&b, 42, 0, 3, -100, BOUND_UPPER, 9, true);
	struct tt_entry e;
	ck_assert(tt_probe(&a, 42, 0, &e));
	size_t slots = a.buckets * 4;
	size_t torn = 0;
	for (size_t i = 0; i < slots; i++) {
		if (atomic_load(&a.slots[i].check) == 0)
			continue;
		atomic_store(&a.slots[i].move_score,
		             atomic_load(&b.slots[i].move_score));
		torn++;
	}
	ck_assert_uint_eq(torn, 1);
	ck_assert_msg(!tt_probe(&a, 42, 0, &e), "a torn slot was read");
	tt_free(&a);
	tt_free(&b);
}
END_TEST

START_TEST(test_timectl)
{
	struct search_limits lim = {0};
	struct timectl_plan plan;
	timectl_plan(&lim, 0, &plan);
	ck_assert(plan.soft_ms == 0 && plan.hard_ms == 0);
	lim.movetime_ms = 1000;
	timectl_plan(&lim, 1, &plan);
	ck_assert_int_eq(plan.hard_ms, 1000);
	ck_assert_int_eq(plan.soft_ms, 850);
	lim.movetime_ms = 0;
	lim.time_ms[0] = 60000;
	lim.inc_ms[0] = 1000;
	lim.time_ms[1] = 100;
	timectl_plan(&lim, 0, &plan);
	ck_assert(plan.soft_ms > 1000 && plan.soft_ms < 5000);
	ck_assert(plan.hard_ms >= plan.soft_ms && plan.hard_ms < 60000 / 2);
	timectl_plan(&lim, 1, &plan); /* the short clock */
	ck_assert_msg(plan.hard_ms > 0 && plan.hard_ms <= 50, "hard %lld",
	              (long long)plan.hard_ms);
	lim.infinite = true;
	timectl_plan(&lim, 0, &plan);
	ck_assert(plan.soft_ms == 0 && plan.hard_ms == 0);
}
END_TEST

/* ---- the searcher thread ------------------------------------------- */

/* What the callbacks saw, guarded by lock (they run on the worker). */
struct watch {
	pthread_mutex_t lock;
	int reports;
	int max_multipv;
	struct search_info last[SEARCH_MAX_MULTIPV];
	bool done;
	bool has_move;
	game_move best;
	struct timespec done_at;
};

static void
watch_report(void *ctx, const struct search_info *info)
{
	struct watch *w = ctx;
	pthread_mutex_lock(&w->lock);
	w->reports++;
	if (info->multipv > w->max_multipv)
		w->max_multipv = info->multipv;
	if (info->multipv >= 1 && info->multipv <= SEARCH_MAX_MULTIPV)
		w->last[info->multipv - 1] = *info;
	pthread_mutex_unlock(&w->lock);
}

static void
watch_done(void *ctx, game_move best, bool has_move)
{
	struct watch *w = ctx;
	pthread_mutex_lock(&w->lock);
	clock_gettime(CLOCK_MONOTONIC, &w->done_at);
	w->done = true;
	w->best = best;
	w->has_move = has_move;
	pthread_mutex_unlock(&w->lock);
}

static void
watch_init(struct watch *w)
{
	memset(w, 0, sizeof *w);
	pthread_mutex_init(&w->lock, NULL);
}

static int64_t
ms_between(const struct timespec *a, const struct timespec *b)
{
	return (int64_t)(b->tv_sec - a->tv_sec) * 1000 +
	       (b->tv_nsec - a->tv_nsec) / 1000000;
}

static void
sleep_ms(long ms)
{
	struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&t, NULL);
}

/* Runs one search on a fresh table; returns the last line-1 report. */
static struct search_info
run_once(struct searcher *s, struct watch *w, const struct game_ops *ops,
         const struct game_pos *pos, const struct search_limits *lim)
{
	searcher_clear(s);
	pthread_mutex_lock(&w->lock);
	w->done = false;
	w->reports = 0;
	pthread_mutex_unlock(&w->lock);
	searcher_start(s, ops, pos, lim);
	searcher_wait(s);
	pthread_mutex_lock(&w->lock);
	ck_assert(w->done);
	struct search_info info = w->last[0];
	pthread_mutex_unlock(&w->lock);
	return info;
}

/* Same position, same depth or node limit: same PV, same node count.
 * Through the thread the last report of a completed iteration is
 * compared (the reports made once a second carry the nodes of the moment
 * and are compared only for their line); directly, the node counts. */
START_TEST(test_deterministic)
{
	struct watch w;
	watch_init(&w);
	struct searcher *s =
	        searcher_new(TEST_HASH_MB, watch_report, watch_done, &w);
	ck_assert_ptr_nonnull(s);
	struct game_pos pos;
	toy_ttt5.init(&pos, NULL);
	struct search_limits lim = {0};
	lim.depth = 5;
	struct search_info a = run_once(s, &w, &toy_ttt5, &pos, &lim);
	game_move best_a = w.best;
	struct search_info b = run_once(s, &w, &toy_ttt5, &pos, &lim);
	ck_assert_int_eq(a.depth, 5);
	ck_assert_int_eq(b.depth, 5);
	ck_assert_int_eq(a.pv_len, b.pv_len);
	ck_assert_int_eq(a.score, b.score);
	ck_assert(memcmp(a.pv, b.pv, sizeof(game_move) * (size_t)a.pv_len) ==
	          0);
	ck_assert_uint_eq(best_a, w.best);
	searcher_free(s);

	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	for (int round = 0; round < 2; round++) {
		memset(&lim, 0, sizeof lim);
		if (round == 0)
			lim.depth = 5;
		else
			lim.nodes = 20000;
		struct alphabeta_result r1, r2;
		alphabeta_clear(ab);
		alphabeta_run(ab, &toy_ttt5, &pos, &lim, NULL, NULL, NULL, &r1);
		alphabeta_clear(ab);
		alphabeta_run(ab, &toy_ttt5, &pos, &lim, NULL, NULL, NULL, &r2);
		ck_assert_uint_eq(r1.nodes, r2.nodes);
		ck_assert_uint_eq(r1.best, r2.best);
		ck_assert_int_eq(r1.score, r2.score);
		if (round == 1)
			ck_assert_msg(r1.nodes <= lim.nodes, "nodes %llu over",
			              (unsigned long long)r1.nodes);
	}
	alphabeta_free(ab);
}
END_TEST

/* MultiPV 3 reports three lines, best first, each a different move. */
START_TEST(test_multipv)
{
	struct watch w;
	watch_init(&w);
	struct searcher *s =
	        searcher_new(TEST_HASH_MB, watch_report, watch_done, &w);
	struct game_pos pos;
	parse(&toy_ttt3, "xx.oo.... x", &pos);
	struct search_limits lim = {0};
	lim.depth = 7;
	lim.multipv = 3;
	run_once(s, &w, &toy_ttt3, &pos, &lim);
	pthread_mutex_lock(&w.lock);
	ck_assert_int_eq(w.max_multipv, 3);
	ck_assert_int_eq(w.last[0].score, SEARCH_WIN - 1);
	ck_assert_uint_eq(w.last[0].pv[0], 2);
	ck_assert(w.last[0].score >= w.last[1].score);
	ck_assert(w.last[1].score >= w.last[2].score);
	ck_assert(w.last[1].pv[0] != w.last[0].pv[0]);
	ck_assert(w.last[2].pv[0] != w.last[1].pv[0]);
	ck_assert(w.last[2].pv[0] != w.last[0].pv[0]);
	ck_assert_uint_eq(w.best, 2);
	pthread_mutex_unlock(&w.lock);
	searcher_free(s);
}
END_TEST

/* An infinite search answers within TEST_STOP_LATENCY_MS of stop, and not
 * before: also when the tree was finished long ago. */
static void
check_stop_latency(const struct game_ops *ops)
{
	struct watch w;
	watch_init(&w);
	struct searcher *s =
	        searcher_new(TEST_HASH_MB, watch_report, watch_done, &w);
	struct game_pos pos;
	ops->init(&pos, NULL);
	struct search_limits lim = {0};
	lim.infinite = true;
	searcher_start(s, ops, &pos, &lim);
	ck_assert(searcher_busy(s));
	sleep_ms(300);
	pthread_mutex_lock(&w.lock);
	ck_assert_msg(!w.done, "an infinite search ended by itself");
	pthread_mutex_unlock(&w.lock);
	struct timespec asked;
	clock_gettime(CLOCK_MONOTONIC, &asked);
	searcher_stop(s);
	searcher_wait(s);
	pthread_mutex_lock(&w.lock);
	ck_assert(w.done && w.has_move);
	int64_t ms = ms_between(&asked, &w.done_at);
	pthread_mutex_unlock(&w.lock);
	ck_assert_msg(ms < TEST_STOP_LATENCY_MS, "stop took %lld ms",
	              (long long)ms);
	ck_assert(!searcher_busy(s));
	searcher_free(s);
}

START_TEST(test_stop_latency)
{
	check_stop_latency(&toy_ttt5);
	check_stop_latency(&toy_ttt3);
}
END_TEST

/* A movetime search stops by itself near its time. */
START_TEST(test_movetime)
{
	struct watch w;
	watch_init(&w);
	struct searcher *s =
	        searcher_new(TEST_HASH_MB, watch_report, watch_done, &w);
	struct game_pos pos;
	toy_ttt5.init(&pos, NULL);
	struct search_limits lim = {0};
	lim.movetime_ms = 200;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	searcher_start(s, &toy_ttt5, &pos, &lim);
	searcher_wait(s);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	int64_t ms = ms_between(&t0, &t1);
	ck_assert_msg(ms >= 100 && ms < 200 + 4 * TEST_STOP_LATENCY_MS,
	              "movetime 200 took %lld ms", (long long)ms);
	pthread_mutex_lock(&w.lock);
	ck_assert(w.done && w.has_move);
	ck_assert(w.reports > 0);
	pthread_mutex_unlock(&w.lock);

	/* On a 2 s clock for O (to move after X's first), a move takes a
	 * share of it, well under the clock. */
	toy_ttt5.play(&pos, 12);
	memset(&lim, 0, sizeof lim);
	lim.time_ms[1] = 2000;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	searcher_start(s, &toy_ttt5, &pos, &lim);
	searcher_wait(s);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ms = ms_between(&t0, &t1);
	ck_assert_msg(ms >= 10 && ms < 800 + TEST_STOP_LATENCY_MS,
	              "a 2 s clock move took %lld ms", (long long)ms);
	searcher_free(s);
}
END_TEST

/* The first legal move at pos (the game must not be over). */
static game_move
test_first_move(const struct game_ops *ops, const struct game_pos *pos)
{
	game_move moves[GAME_MAX_MOVES];
	ck_assert_int_gt(ops->gen_moves(pos, moves), 0);
	return moves[0];
}

/* Threads: 2, 3 and 4 threads through go, stop, new positions of other
 * games and a new thread count, the way the protocol and the UI drive a
 * searcher (ThreadSanitizer runs this in CI).  Every search answers with
 * a move, and its reports count more nodes than the main thread's. */
START_TEST(test_threads_go_stop)
{
	struct watch w;
	watch_init(&w);
	struct searcher *s =
	        searcher_new(TEST_HASH_MB, watch_report, watch_done, &w);
	ck_assert_ptr_nonnull(s);
	const char *games[] = {"tetress", "infexion", "tzaar"};
	for (int threads = 2; threads <= 4; threads++) {
		ck_assert(searcher_set_threads(s, threads));
		for (int g = 0; g < 3; g++) {
			const struct game_ops *ops = registry_find(games[g]);
			struct game_pos pos;
			ops->init(&pos, NULL);
			struct search_limits lim = {0};
			lim.infinite = true;
			searcher_start(s, ops, &pos, &lim);
			sleep_ms(20);
			/* A new position while searching, then stop. */
			ops->play(&pos, test_first_move(ops, &pos));
			searcher_start(s, ops, &pos, &lim);
			sleep_ms(20);
			searcher_stop(s);
			searcher_wait(s);
			pthread_mutex_lock(&w.lock);
			ck_assert_msg(w.done && w.has_move, "%s, %d threads",
			              games[g], threads);
			pthread_mutex_unlock(&w.lock);
			memset(&lim, 0, sizeof lim);
			lim.depth = 2;
			struct search_info info =
			        run_once(s, &w, ops, &pos, &lim);
			ck_assert_int_eq(info.depth, 2);
			ck_assert(w.has_move);
		}
	}
	ck_assert(searcher_set_threads(s, 1));
	ck_assert(!searcher_set_threads(s, 0));
	searcher_free(s);
}
END_TEST

/* A search by nodes (every level) runs on one thread: the same node count
 * and move with 1 and 3 threads; by depth, 3 threads reach the depth. */
START_TEST(test_threads_nodes_one_thread)
{
	const struct game_ops *ops = registry_find("infexion");
	struct game_pos pos;
	ops->init(&pos, NULL);
	struct alphabeta_result r[2];
	for (int i = 0; i < 2; i++) {
		struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
		ck_assert(alphabeta_set_threads(ab, i == 0 ? 1 : 3));
		struct search_limits lim = {0};
		level_limits(ops, 6, &lim);
		lim.noise_seed = 7;
		alphabeta_run(ab, ops, &pos, &lim, NULL, NULL, NULL, &r[i]);
		alphabeta_free(ab);
	}
	ck_assert_uint_eq(r[0].nodes, r[1].nodes);
	ck_assert_uint_eq(r[0].best, r[1].best);

	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	ck_assert(alphabeta_set_threads(ab, 3));
	struct search_limits lim = {0};
	lim.depth = 4;
	struct alphabeta_result res;
	alphabeta_run(ab, ops, &pos, &lim, NULL, NULL, NULL, &res);
	ck_assert(res.has_move);
	ck_assert_int_ge(res.depth, 4);
	alphabeta_free(ab);
}
END_TEST

/* Restarting while busy, and a finished game: done still fires. */
START_TEST(test_restart_and_no_move)
{
	struct watch w;
	watch_init(&w);
	struct searcher *s =
	        searcher_new(TEST_HASH_MB, watch_report, watch_done, &w);
	struct game_pos pos;
	toy_ttt5.init(&pos, NULL);
	struct search_limits lim = {0};
	lim.infinite = true;
	searcher_start(s, &toy_ttt5, &pos, &lim);
	sleep_ms(20);
	lim.infinite = false;
	lim.depth = 2;
	searcher_start(s, &toy_ttt5, &pos, &lim);
	searcher_wait(s);
	parse(&toy_ttt3, "xxxoo.... o", &pos);
	searcher_start(s, &toy_ttt3, &pos, &lim);
	searcher_wait(s);
	pthread_mutex_lock(&w.lock);
	ck_assert(w.done);
	ck_assert(!w.has_move);
	pthread_mutex_unlock(&w.lock);
	ck_assert(searcher_set_hash(s, 2));
	searcher_free(s);
}
END_TEST

/* A single-player game with its own planner (Tetris): the searcher reports
 * the planner's line as one iteration and plays the batch strategy's move. */
START_TEST(test_tetris_plan)
{
	const struct game_ops *ops = registry_find("tetris");
	ck_assert_ptr_nonnull(ops);
	ck_assert_ptr_nonnull(ops->plan);
	struct session sess;
	char err[256];
	ck_assert(session_init(&sess, ops, NULL));
	ck_assert_msg(session_set_stream(&sess, "OIZJLST", err, sizeof err),
	              "%s", err);
	ck_assert(session_play_text(&sess, "r0x0", err, sizeof err));
	struct watch w;
	watch_init(&w);
	struct searcher *s =
	        searcher_new(TEST_HASH_MB, watch_report, watch_done, &w);
	struct search_limits lim = {0};
	struct search_info info =
	        run_once(s, &w, ops, session_current(&sess), &lim);
	ck_assert_int_eq(info.pv_len, 2); /* the current and the next piece */
	ck_assert_int_eq(info.depth, 2);
	pthread_mutex_lock(&w.lock);
	ck_assert(w.has_move);
	ck_assert_uint_eq(w.best, info.pv[0]);
	pthread_mutex_unlock(&w.lock);
	/* The same answer as the batch mode gives for this window. */
	const struct tetris_pos *p =
	        (const struct tetris_pos *)(const void *)session_current(&sess)
	                ->bytes;
	struct tetris_window win = {.current = p->current, .next = p->next};
	ck_assert_uint_eq(
	        info.pv[0],
	        tetris_strategy_choose(&p->well, win, TETRIS_RULES_TEXT,
	                               tetris_weights_for(TETRIS_RULES_TEXT)));
	searcher_free(s);
	session_free(&sess);
}
END_TEST

/* ---- the real games -------------------------------------------------- */

/* Whether some reply to pos wins at once for the side to move. */
static bool
has_immediate_win(const struct game_ops *ops, const struct game_pos *pos)
{
	static game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(pos, moves);
	int side = ops->side_to_move(pos);
	for (int i = 0; i < n; i++) {
		struct game_pos child = *pos;
		ops->play(&child, moves[i]);
		struct game_status st;
		ops->status(&child, &st);
		if (st.outcome ==
		    (side == 0 ? OUTCOME_P1_WINS : OUTCOME_P2_WINS))
			return true;
	}
	return false;
}

/* Positions from seeded random games (found with a throwaway scan): Blue
 * has 2 of 7 placements that leave Red without a legal move; Red has 10
 * placements, 4 of which let Blue do that to it. */
static const char TETRESS_WIN[] =
        ".....bbrrrr/.bbbb.bbr../rrrb..brbbr/.bbbbbbrb../bbrr.rrrbbb/"
        "b..rrrrrb.b/bbrrrrr..bb/bbr..rrbbbb/b.rrrrrb.rr/r.rbbbbbrrr/"
        "rrr.bb..rrr b 39";
static const char TETRESS_AVOID[] =
        ".....bbrrrr/.bbbb.bbr../rrrb..b.bbr/.bbbbbb.b../bbrr.rr.bbb/"
        "b..rrrr.b.b/bbrrrrr..bb/bbr..rrbbbb/b.rrrrrb.rr/r.rbbbbbrrr/"
        "rrr.bb..rrr r 38";

START_TEST(test_tetress_forced)
{
	const struct game_ops *ops = registry_find("tetress");
	ck_assert_ptr_nonnull(ops);
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	struct game_pos pos;
	parse(ops, TETRESS_WIN, &pos);
	struct alphabeta_result res;
	search_sync(ab, ops, &pos, 3, &res);
	ck_assert_int_eq(res.score, SEARCH_WIN - 1);
	struct game_pos child = pos;
	ops->play(&child, res.best);
	struct game_status st;
	ops->status(&child, &st);
	ck_assert_int_eq(st.outcome, OUTCOME_P2_WINS);

	parse(ops, TETRESS_AVOID, &pos);
	ck_assert(!has_immediate_win(ops, &pos));
	search_sync(ab, ops, &pos, 2, &res);
	int plies;
	ck_assert_msg(!search_score_is_mate(res.score, &plies) || plies > 0,
	              "score %d", res.score);
	child = pos;
	ops->play(&child, res.best);
	ck_assert_msg(!has_immediate_win(ops, &child),
	              "the move chosen loses at once");
	alphabeta_free(ab);
}
END_TEST

/* Infexion: Red's SPREAD from (0,0) takes Blue's only stack, leaving Red
 * 2 power to 0: elimination with the lead of 2 a win needs.  The second
 * position (from a seeded random game) has one move among 51 that lets
 * Blue eliminate Red at once. */
static const char INFEXION_WIN[] =
        "r1b1...../......./......./......./......./......./....... r 10";
static const char INFEXION_AVOID[] =
        "......./......./b1....../.r2...../b2....../.....b1./....... r 10";

/* Searches fen to depth and checks the win in one ply is found, with the
 * move spelt want; pos is left at the position. */
static void
assert_wins_at_once(struct alphabeta *ab, const struct game_ops *ops,
                    const char *fen, int depth, const char *want,
                    struct game_pos *pos)
{
	struct alphabeta_result res;
	char text[GAME_TEXT_MAX];
	parse(ops, fen, pos);
	search_sync(ab, ops, pos, depth, &res);
	ck_assert_int_eq(res.score, SEARCH_WIN - 1);
	ops->format_move(pos, res.best, text, sizeof text);
	ck_assert_str_eq(text, want);
}

START_TEST(test_infexion_forced)
{
	const struct game_ops *ops = registry_find("infexion");
	ck_assert_ptr_nonnull(ops);
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	struct game_pos pos;
	assert_wins_at_once(ab, ops, INFEXION_WIN, 4, "SPREAD(0,0,0,1)", &pos);

	struct alphabeta_result res;
	parse(ops, INFEXION_AVOID, &pos);
	search_sync(ab, ops, &pos, 3, &res);
	struct game_pos child = pos;
	ops->play(&child, res.best);
	ck_assert_msg(!has_immediate_win(ops, &child), "the move chosen loses");
	alphabeta_free(ab);
}
END_TEST

/* TZAAR: White's Tzaar on A1 takes Black's last Tzaar on A2 with the
 * first sub-move of the turn: a win in one ply. */
static const char TZAAR_WIN[] =
        "Aa........................B......b.....................C...c w cap";

/* From seeded random games (found with a throwaway scan): first sub-moves
 * after which every second sub-move lets the opponent win at once; 1 of 8
 * for Black in the first, 19 of 32 for White in the second. */
static const char *const TZAAR_AVOID[] = {
        ".C.c..C..b2c.....c..C2.B..c3.ABA2.....C....C3A2.......a2...Bb2.C.... "
        "b cap",
        "BCC3.c...C.cC..aaC.cbBC...bcb.b.B2..B.cbC..C2.CBc2....c2.bbc..cA. "
        "w cap",
};

/* Whether every reply of the side to move at pos (its second sub-move)
 * hands the opponent an immediate win. */
static bool
all_replies_lose(const struct game_ops *ops, const struct game_pos *pos)
{
	static game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(pos, moves);
	for (int i = 0; i < n; i++) {
		struct game_pos child = *pos;
		ops->play(&child, moves[i]);
		struct game_status st;
		ops->status(&child, &st);
		if (st.outcome != OUTCOME_ONGOING ||
		    !has_immediate_win(ops, &child))
			return false;
	}
	return true;
}

START_TEST(test_tzaar_forced)
{
	const struct game_ops *ops = registry_find("tzaar");
	ck_assert_ptr_nonnull(ops);
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	struct game_pos pos;
	assert_wins_at_once(ab, ops, TZAAR_WIN, 3, "A1xA2", &pos);

	struct alphabeta_result res;
	for (size_t i = 0; i < sizeof TZAAR_AVOID / sizeof TZAAR_AVOID[0];
	     i++) {
		parse(ops, TZAAR_AVOID[i], &pos);
		search_sync(ab, ops, &pos, 3, &res);
		int plies;
		ck_assert_msg(!search_score_is_mate(res.score, &plies) ||
		                      plies > 0,
		              "%zu: score %d", i, res.score);
		struct game_pos child = pos;
		ops->play(&child, res.best);
		ck_assert_msg(!all_replies_lose(ops, &child),
		              "%zu: the first sub-move chosen loses", i);
	}
	alphabeta_free(ab);
}
END_TEST

/* TZAAR's rules, with pos set to the position text. */
static const struct game_ops *
tzaar_at(const char *text, struct game_pos *pos)
{
	const struct game_ops *ops = registry_find("tzaar");
	ck_assert_ptr_nonnull(ops);
	parse(ops, text, pos);
	return ops;
}

/* From a game against another program: Black's only sub-move is G1xG5,
 * after which White wins in four plies.  A timed search of a forced move
 * used to answer after one ply and report that ply's score (+19.60); it
 * searches on briefly so that the score it reports is the loss. */
static const char TZAAR_ONLY_MOVE[] =
        "...B2......C3.......a........b2.....a2........c7...A3.......A3..... "
        "b cap";

START_TEST(test_tzaar_only_move_reports_loss)
{
	struct game_pos pos;
	const struct game_ops *ops = tzaar_at(TZAAR_ONLY_MOVE, &pos);
	game_move moves[GAME_MAX_MOVES];
	ck_assert_int_eq(ops->gen_moves(&pos, moves), 1);
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	struct search_limits lim = {.movetime_ms = 400};
	struct last_report last = {0};
	struct alphabeta_result res;
	alphabeta_run(ab, ops, &pos, &lim, NULL, keep_last_report, &last, &res);
	ck_assert(res.has_move);
	ck_assert_uint_eq(res.best, moves[0]);
	int plies;
	ck_assert_msg(search_score_is_mate(last.score, &plies) && plies < 0,
	              "reported %d", last.score);
	ck_assert_int_eq(res.score, last.score);
	alphabeta_free(ab);
}
END_TEST

/* From a game against another program, with a type down to its last
 * stack: White's B3+C4 lost in seven sub-moves.  With late moves reduced
 * here, depth 6 chose it at +1.99; without, another move. */
static const char TZAAR_TENSE[] =
        "..C....BCC2caccC...CbBc...a6BCbc..bC..C3b...BC......bc...b....A5 "
        "w second";

START_TEST(test_tzaar_tense_not_reduced)
{
	struct game_pos pos;
	const struct game_ops *ops = tzaar_at(TZAAR_TENSE, &pos);
	ck_assert(ops->tense(&pos));
	game_move losing;
	char err[128];
	ck_assert(ops->parse_move(&pos, "B3+C4", &losing, err, sizeof err));
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	struct alphabeta_result res;
	search_sync(ab, ops, &pos, 6, &res);
	ck_assert(res.has_move);
	ck_assert_uint_ne(res.best, losing);
	alphabeta_free(ab);
}
END_TEST

/* From a game against another program, at 21 stacks: after Black's
 * E2+F1 White won in 18 sub-moves.  The solver proves that win, with a
 * table of fewer entries than the positions it expands (the best-first
 * solver it replaced filled its tree of two million nodes first). */
static const char TZAAR_LONG_WIN[] =
        "b4..cCC....c2.C...bCa.......b.....C2Aa4.......a..B3..c.....CAaA6.b "
        "w cap";

START_TEST(test_tzaar_solver_reach)
{
	struct game_pos pos;
	const struct game_ops *ops = tzaar_at(TZAAR_LONG_WIN, &pos);
	struct pns p;
	ck_assert(pns_init(&p, UINT32_C(1) << 17));
	struct pns_limits lim = {.max_nodes = 6000000};
	struct pns_result res;
	pns_solve(&p, ops, &pos, 0, &lim, &res);
	ck_assert_int_eq(res.outcome, PNS_PROVEN);
	ck_assert_uint_gt(res.expanded, p.capacity);
	ck_assert_int_ge(res.plies, 2);
	ck_assert_int_ge(res.pv_len, 1);
	/* Black cannot prove a win of its own: without draws, that attempt's
	 * disproof says White wins. */
	pns_forget(&p);
	pns_solve(&p, ops, &pos, 1, &lim, &res);
	ck_assert_int_eq(res.outcome, PNS_DISPROVEN);
	ck_assert(res.defender_wins);
	pns_free(&p);
}
END_TEST

/* From a game against another program, at 22 stacks (near the end, where
 * the best moves are checked by the solver): Black's G7+I5 loses in nine
 * sub-moves. */
static const char TZAAR_NEAR_END[] =
        "a2..C...Cb4CB.....BC....a3..A2bc....c.B....A2C.....C2.c....c..A5.bb "
        "b second";

/* A node-limited search near the end stays deterministic: the checks
 * take their budget from the node limit, never from the clock. */
START_TEST(test_tzaar_checks_deterministic)
{
	struct game_pos pos;
	const struct game_ops *ops = tzaar_at(TZAAR_NEAR_END, &pos);
	ck_assert(ops->near_end(&pos));
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	struct search_limits lim = {.nodes = 100000};
	struct alphabeta_result r1, r2;
	alphabeta_run(ab, ops, &pos, &lim, NULL, NULL, NULL, &r1);
	alphabeta_clear(ab);
	alphabeta_run(ab, ops, &pos, &lim, NULL, NULL, NULL, &r2);
	ck_assert(r1.has_move && r2.has_move);
	ck_assert_uint_eq(r1.best, r2.best);
	ck_assert_int_eq(r1.score, r2.score);
	ck_assert_uint_eq(r1.nodes, r2.nodes);
	ck_assert_int_eq(r1.depth, r2.depth);
	alphabeta_free(ab);
}
END_TEST

/* Adds depth 4's score minus depth 2's from pos to sum, unless either is a
 * proven result (a mate says nothing of the tempo). */
static void
add_depth_gap(struct alphabeta *ab, const struct game_ops *ops,
              const struct game_pos *pos, long *sum, int *count)
{
	struct alphabeta_result d2, d4;
	alphabeta_clear(ab);
	search_sync(ab, ops, pos, 2, &d2);
	alphabeta_clear(ab);
	search_sync(ab, ops, pos, 4, &d4);
	int plies;
	if (search_score_is_mate(d2.score, &plies) ||
	    search_score_is_mate(d4.score, &plies))
		return;
	*sum += d4.score - d2.score;
	(*count)++;
}

/* A search of TZAAR ends with either side to move: from the start of a
 * turn, two sub-moves end at the start of the opponent's turn, four at
 * the start of one's own.  The tempo in the evaluation must make the two
 * agree on average, or the score swings with the parity of the depth
 * reached (with a tempo of 850, depth 4 scored 1.27 below depth 2 over
 * these positions; with 2000, 0.12).  The positions: the starts of turns
 * 6 to 14 of the first 16 recorded games of another implementation. */
START_TEST(test_tzaar_depth_parity)
{
	const struct game_ops *ops = registry_find("tzaar");
	ck_assert_ptr_nonnull(ops);
	FILE *in = testutil_open_data("tzaar/public.txt");
	ck_assert_ptr_nonnull(in);
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	long sum = 0;
	int count = 0;
	char *line;
	for (int g = 0; g < 16 && (line = testutil_read_line(in)) != NULL;
	     g++) {
		char *save = NULL, text[GAME_TEXT_MAX];
		char *setup = strtok_r(line, "\t", &save);
		char *moves = strtok_r(NULL, "\t", &save);
		ck_assert(setup != NULL && moves != NULL);
		snprintf(text, sizeof text, "%s w open", setup);
		struct game_pos pos;
		parse(ops, text, &pos);
		int ply = 0;
		for (char *mv = strtok_r(moves, " ", &save); mv != NULL;
		     mv = strtok_r(NULL, " ", &save), ply++) {
			/* After the opening capture a turn starts at every
			 * odd ply; turn t starts at ply 2t + 1. */
			if (ply >= 13 && ply <= 29 && ply % 2 == 1)
				add_depth_gap(ab, ops, &pos, &sum, &count);
			game_move m;
			char err[128];
			ck_assert_msg(
			        ops->parse_move(&pos, mv, &m, err, sizeof err),
			        "game %d ply %d: %s", g + 1, ply, err);
			ops->play(&pos, m);
		}
		free(line);
	}
	fclose(in);
	alphabeta_free(ab);
	ck_assert_int_ge(count, 100);
	long mean = sum / count;
	ck_assert_msg(mean >= -50 && mean <= 50,
	              "depth 4 minus depth 2: %ld centipawns on average over "
	              "%d positions",
	              mean, count);
}
END_TEST

/* A weak level with fewer nodes than the root has moves used to stop
 * inside its first ply and play the best of the moves it had looked at (at
 * TZAAR, a greedy player that beat level 2).  A weak level's first
 * iteration is always whole. */
START_TEST(test_level_completes_first_ply)
{
	const struct game_ops *ops = registry_find("tzaar");
	ck_assert_ptr_nonnull(ops);
	struct game_pos pos;
	ops->init(&pos, &(struct game_setup){.seed = 5});
	game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(&pos, moves);
	struct search_limits lim = {0};
	level_limits(ops, 1, &lim);
	lim.nodes = (uint64_t)n / 2;
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	struct alphabeta_result res;
	alphabeta_run(ab, ops, &pos, &lim, NULL, NULL, NULL, &res);
	ck_assert(res.has_move);
	ck_assert_int_ge(res.depth, 1);
	ck_assert_uint_ge(res.nodes, (uint64_t)n);
	/* A plain node limit still stops where it says. */
	struct search_limits plain = {.nodes = (uint64_t)n / 2};
	alphabeta_clear(ab);
	alphabeta_run(ab, ops, &pos, &plain, NULL, NULL, NULL, &res);
	ck_assert_uint_le(res.nodes, (uint64_t)n / 2);
	alphabeta_free(ab);
}
END_TEST

/* A weak level first looks at the position with its budget unweakened: in
 * a position that look sees won (97.7% for the side to move at TZAAR's
 * level 1, 200 nodes), the level plays the look's move, its nodes those of
 * the plain search; from the start, which it does not see won, it then
 * searches weakened too (man page "Strength levels"). */
START_TEST(test_level_plays_won_position_unweakened)
{
	const struct game_ops *ops = registry_find("tzaar");
	struct game_pos won, start;
	parse(ops,
	      "c.cC.C2..a2c4........C...C..C....ca.cb4....B.Bcb....ccCB..c..."
	      "A4. b cap",
	      &won);
	ops->init(&start, NULL);
	const struct game_pos *at[] = {&won, &start};
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	for (int i = 0; i < 2; i++) {
		struct search_limits lim = {0};
		level_limits(ops, 1, &lim);
		lim.noise_seed = 7;
		struct search_limits plain = {.nodes = lim.nodes};
		struct alphabeta_result weak, clear;
		alphabeta_clear(ab);
		alphabeta_run(ab, ops, at[i], &lim, NULL, NULL, NULL, &weak);
		alphabeta_clear(ab);
		alphabeta_run(ab, ops, at[i], &plain, NULL, NULL, NULL, &clear);
		if (i == 0)
			ck_assert_msg(weak.best == clear.best &&
			                      weak.nodes == clear.nodes,
			              "won: %llu nodes, plain %llu",
			              (unsigned long long)weak.nodes,
			              (unsigned long long)clear.nodes);
		else
			ck_assert_uint_gt(weak.nodes, clear.nodes);
	}
	alphabeta_free(ab);
}
END_TEST

/* Each game has its own levels: TZAAR's default level, 9, searches the
 * 300,000 nodes that beat Veselý's expert 36 of 40 (man page "Strength
 * levels"); a game without a table, or none, gets the default one.  In every
 * game each level searches at least the nodes of the one below, and a measured
 * Elo is above the one below. */
START_TEST(test_level_tables)
{
	const struct game_ops *tzaar = registry_find("tzaar");
	ck_assert_ptr_nonnull(tzaar);
	struct search_limits lim = {0};
	ck_assert_int_eq(tzaar->caps.default_level, 9);
	level_limits(tzaar, tzaar->caps.default_level, &lim);
	ck_assert_uint_eq(lim.nodes, UINT64_C(300000));
	ck_assert_int_eq(lim.depth, 0);
	ck_assert_int_eq(lim.eval_noise, 0);
	level_limits(NULL, LEVEL_MAX, &lim);
	ck_assert_uint_eq(lim.nodes, level_row(NULL, LEVEL_MAX)->nodes);
	for (size_t g = 0; g <= registry_count(); g++) {
		const struct game_ops *ops = registry_at(g);
		uint64_t nodes = 0;
		int elo = 0;
		for (int level = LEVEL_MIN; level <= LEVEL_MAX; level++) {
			level_limits(ops, level, &lim);
			const struct game_level *row = level_row(ops, level);
			ck_assert_msg(lim.nodes >= nodes &&
			                      (row->elo == 0 || row->elo > elo),
			              "%s level %d: %" PRIu64 " nodes, Elo %d",
			              ops ? ops->name : "default", level,
			              lim.nodes, row->elo);
			nodes = lim.nodes;
			if (row->elo > 0 && level_for_elo(ops, row->elo) > 0)
				ck_assert_int_eq(level_for_elo(ops, row->elo),
				                 level);
			elo = row->elo > 0 ? row->elo : elo;
		}
	}
}
END_TEST

/* Measured steps still over 200, so that elo=N can land more than 100 from
 * N between them (man page "Strength levels", NEWS): the test checks that
 * each is still there, so a row goes once its level is re-spaced. */
static const struct {
	const char *game;
	int level; /* the upper end of the step */
} level_wide_steps[] = {
        {"tetress", 7},
};

/* Whether the step up to level of ops is a known wide one. */
static bool
level_step_known_wide(const struct game_ops *ops, int level)
{
	for (size_t i = 0;
	     i < sizeof level_wide_steps / sizeof *level_wide_steps; i++) {
		if (strcmp(level_wide_steps[i].game, ops->name) == 0 &&
		    level_wide_steps[i].level == level) {
			ck_assert_msg(
			        level_elo(ops, level) -
			                        level_elo(ops, level - 1) >
			                200,
			        "%s level %d: re-spaced, drop its row",
			        ops->name, level);
			return true;
		}
	}
	return false;
}

/* elo=N picks a level whose measured Elo is within 100 of N anywhere over
 * the range of a game's measured levels (so the measured steps are at most
 * 200, but for the wide steps above), the weakest below it and the
 * strongest above (man page "Strength levels"). */
START_TEST(test_level_for_elo_within_100)
{
	for (size_t g = 0; g < registry_count(); g++) {
		const struct game_ops *ops = registry_at(g);
		if (ops->caps.levels == NULL)
			continue;
		int weakest = 0, strongest = 0;
		for (int level = LEVEL_MIN; level <= LEVEL_MAX; level++) {
			if (level_elo(ops, level) <= 0)
				continue;
			weakest = weakest > 0 ? weakest : level;
			strongest = level;
		}
		ck_assert_msg(weakest > 0, "%s: no measured level", ops->name);
		for (int level = weakest + 1; level <= strongest; level++) {
			int low = level_elo(ops, level - 1);
			if (level_step_known_wide(ops, level))
				continue;
			for (int n = low; n <= level_elo(ops, level); n++) {
				int pick = level_for_elo(ops, n);
				int off = abs(level_elo(ops, pick) - n);
				ck_assert_msg(off <= 100,
				              "%s: elo=%d picks level %d "
				              "(Elo %d), %d off",
				              ops->name, n, pick,
				              level_elo(ops, pick), off);
			}
		}
		int low = level_elo(ops, weakest),
		    high = level_elo(ops, strongest);
		ck_assert_int_eq(level_for_elo(ops, low - 500), weakest);
		ck_assert_int_eq(level_for_elo(ops, high + 500), strongest);
	}
}
END_TEST

/* The bench's node count is a signature: it changes only when the search
 * or an evaluation does (then update it here, deliberately). */
static const struct {
	const char *game;
	uint64_t nodes;
} bench_signatures[] = {
        {"tetress", 30030},
        {"infexion", 136951},
        {"tzaar", 105692},
};

START_TEST(test_bench_signature)
{
	const struct game_ops *ops = registry_find(bench_signatures[_i].game);
	ck_assert_ptr_nonnull(ops);
	struct bench_result res = {0};
	char err[256];
	ck_assert_msg(bench_game(ops, 0, 1, NULL, NULL, &res, err, sizeof err),
	              "%s", err);
	ck_assert_int_eq(res.positions, 5);
	ck_assert_msg(res.nodes == bench_signatures[_i].nodes,
	              "%s: bench %llu nodes, signature %llu", ops->name,
	              (unsigned long long)res.nodes,
	              (unsigned long long)bench_signatures[_i].nodes);
}
END_TEST

/* ---- matches and levels -------------------------------------------- */

static struct match_result
play_match(const struct game_ops *ops, const char *spec_a, const char *spec_b,
           int games, int openings, const char *record_dir)
{
	struct player a, b;
	char err[512];
	ck_assert_msg(player_parse(&a, spec_a, NULL, err, sizeof err), "%s",
	              err);
	ck_assert_msg(player_parse(&b, spec_b, NULL, err, sizeof err), "%s",
	              err);
	ck_assert(player_open(&a, ops, err, sizeof err));
	ck_assert(player_open(&b, ops, err, sizeof err));
	struct match_config cfg = {.ops = ops,
	                           .games = games,
	                           .seed = 11,
	                           .opening_plies = openings,
	                           .record_dir = record_dir};
	struct match_result res;
	ck_assert_msg(
	        match_run(&cfg, &a, &b, NULL, NULL, &res, err, sizeof err),
	        "%s", err);
	player_close(&a);
	player_close(&b);
	return res;
}

/* Depth 3 beats depth 1 at Infexion with either colour, from a random
 * opening of 30 plies (which keeps the games short). */
START_TEST(test_match_deeper_wins)
{
	const struct game_ops *ops = registry_find("infexion");
	ck_assert_ptr_nonnull(ops);
	struct match_result r =
	        play_match(ops, "depth=3", "depth=1", 2, 30, NULL);
	ck_assert_int_eq(r.games, 2);
	ck_assert_msg(r.wins == 2, "+%d =%d -%d", r.wins, r.draws, r.losses);
}
END_TEST

/* Elo: even is 0, 3 of 4 is about +191, intervals contain the value. */
START_TEST(test_match_elo)
{
	struct match_result r = {
	        .wins = 30, .draws = 20, .losses = 30, .games = 80};
	double s, elo, lo, hi;
	match_elo(&r, &s, &elo, &lo, &hi);
	ck_assert(s == 0.5 && elo == 0.0 && lo < 0.0 && hi > 0.0);
	r = (struct match_result){
	        .wins = 60, .draws = 0, .losses = 20, .games = 80};
	match_elo(&r, &s, &elo, &lo, &hi);
	ck_assert_msg(elo > 190.0 && elo < 192.0, "elo %f", elo);
	ck_assert(lo < elo && elo < hi);
}
END_TEST

/* Records: every game is saved where `tabula replay` reads it back, with
 * its opening, its result and the players. */
START_TEST(test_match_record)
{
	const struct game_ops *ops = registry_find("tzaar");
	ck_assert_ptr_nonnull(ops);
	char dir[] = "/tmp/tabula-match-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	struct match_result r = play_match(ops, "greedy", "random", 2, 3, dir);
	ck_assert_int_eq(r.games, 2);
	for (int i = 1; i <= 2; i++) {
		char path[64], err[512];
		snprintf(path, sizeof path, "%s/%04d.rec", dir, i);
		struct session s;
		struct record_meta meta;
		ck_assert_msg(record_load(path, &s, &meta, err, sizeof err),
		              "%s", err);
		struct game_status st;
		ops->status(session_current(&s), &st);
		ck_assert_msg(st.outcome != OUTCOME_ONGOING, "%s unfinished",
		              path);
		ck_assert_str_eq(meta.player1, i == 1 ? "greedy" : "random");
		ck_assert_str_eq(meta.result,
		                 record_result_token(ops, session_current(&s)));
		ck_assert(meta.comment_count >= 3 && meta.comments[2] != NULL);
		record_meta_free(&meta);
		session_free(&s);
		ck_assert(remove(path) == 0);
	}
	ck_assert(rmdir(dir) == 0);
	struct player p;
	char err[256];
	ck_assert(!player_parse(&p, "depth=0", NULL, err, sizeof err));
	ck_assert(!player_parse(&p, "speed=3", NULL, err, sizeof err));
	ck_assert(player_parse(&p, "level=3", NULL, err, sizeof err));
	/* A command too long to keep is refused, not cut short and run. */
	char spec[sizeof p.spec + 1];
	memset(spec, 'x', sizeof spec - 1);
	memcpy(spec, "exec:", 5);
	spec[sizeof spec - 1] = '\0';
	ck_assert(!player_parse(&p, spec, NULL, err, sizeof err));
	ck_assert_msg(strstr(err, "at most 255 characters") != NULL, "%s", err);
	spec[sizeof spec - 2] = '\0';
	ck_assert(player_parse(&p, spec, NULL, err, sizeof err));
	char go[sizeof p.go_args + 1];
	memset(go, '1', sizeof go - 1);
	go[sizeof go - 1] = '\0';
	ck_assert(!player_parse(&p, "exec:true", go, err, sizeof err));
	ck_assert_msg(strstr(err, "--go is at most") != NULL, "%s", err);
}
END_TEST

/* One grammar for who plays: every spelling of the UI, the records and
 * the match reads the same, and the record's spelling reads back. */
START_TEST(test_who_grammar)
{
	struct who w;
	char err[256], text[64];
	ck_assert(who_parse("human", 5, &w, err, sizeof err));
	ck_assert_int_eq(w.kind, WHO_HUMAN);
	ck_assert(who_parse("engine", 5, &w, err, sizeof err));
	ck_assert(w.kind == WHO_ENGINE && w.level == 5);
	ck_assert(who_parse("engine:3", 5, &w, err, sizeof err));
	ck_assert(w.kind == WHO_ENGINE && w.level == 3);
	ck_assert(who_parse("engine level 3", 5, &w, err, sizeof err));
	ck_assert(w.kind == WHO_ENGINE && w.level == 3);
	ck_assert(who_parse("level=3", 5, &w, err, sizeof err));
	ck_assert(w.kind == WHO_ENGINE && w.level == 3);
	who_format(&w, text, sizeof text);
	ck_assert_str_eq(text, "engine level 3");
	ck_assert(who_parse("engine depth 7", 0, &w, err, sizeof err));
	ck_assert(w.level == 0 && w.lim.depth == 7);
	who_format(&w, text, sizeof text);
	ck_assert_str_eq(text, "engine depth 7");
	ck_assert(who_parse("engine movetime 250", 0, &w, err, sizeof err));
	who_format(&w, text, sizeof text);
	ck_assert_str_eq(text, "engine movetime 250");
	ck_assert(who_parse("depth=4,nodes=900", 0, &w, err, sizeof err));
	ck_assert(w.lim.depth == 4 && w.lim.nodes == 900);
	ck_assert(who_parse("random", 0, &w, err, sizeof err));
	ck_assert_int_eq(w.kind, WHO_RANDOM);
	ck_assert(who_parse("exec:./x y", 0, &w, err, sizeof err));
	ck_assert_str_eq(w.command, "./x y");
	ck_assert(!who_parse("engine:0", 0, &w, err, sizeof err));
	ck_assert(!who_parse("engine level 99", 0, &w, err, sizeof err));
	ck_assert(!who_parse("engine depth 3 more", 0, &w, err, sizeof err));
	ck_assert(!who_parse("martian", 0, &w, err, sizeof err));
	ck_assert(!who_parse("depth=99999999999999999999", 0, &w, err,
	                     sizeof err));
	ck_assert(!who_parse("exec:", 0, &w, err, sizeof err));
	struct player p;
	ck_assert(!player_parse(&p, "human", NULL, err, sizeof err));
	ck_assert(player_parse(&p, "engine:2", NULL, err, sizeof err));
	ck_assert(p.who.kind == WHO_ENGINE && p.who.level == 2);
}
END_TEST

/* An outside program speaking the protocol plays through pipes: the
 * built tabula itself ($TABULA, set by make check) at depth 2. */
START_TEST(test_match_program)
{
	const char *tabula = getenv("TABULA");
	ck_assert_msg(tabula != NULL, "TABULA is not set (run make check)");
	const struct game_ops *ops = registry_find("infexion");
	char spec[1024], err[512];
	snprintf(spec, sizeof spec, "exec:%s engine", tabula);
	struct player a, b;
	ck_assert_msg(player_parse(&a, spec, "depth 2", err, sizeof err), "%s",
	              err);
	ck_assert(player_parse(&b, "random", NULL, err, sizeof err));
	ck_assert_msg(player_open(&a, ops, err, sizeof err), "%s", err);
	ck_assert(player_open(&b, ops, err, sizeof err));
	struct match_config cfg = {.ops = ops, .games = 2, .seed = 5};
	struct match_result res;
	ck_assert_msg(
	        match_run(&cfg, &a, &b, NULL, NULL, &res, err, sizeof err),
	        "%s", err);
	ck_assert_int_eq(res.wins, 2);
	player_close(&a);
	player_close(&b);

	/* A program that is not there fails with a message, not a crash. */
	ck_assert(player_parse(&a, "exec:/nonexistent/engine", NULL, err,
	                       sizeof err));
	ck_assert(!player_open(&a, ops, err, sizeof err));
	ck_assert_ptr_nonnull(strstr(err, "ended before"));
	player_close(&a);
}
END_TEST

/* Every level, with each of eight seeds, plays want from the tic-tac-toe
 * position text. */
static void
assert_levels_play(struct alphabeta *ab, const char *text, game_move want)
{
	struct game_pos pos;
	parse(&toy_ttt3, text, &pos);
	for (int level = LEVEL_MIN; level <= LEVEL_MAX; level++) {
		for (uint64_t seed = 1; seed <= 8; seed++) {
			struct search_limits lim = {0};
			level_limits(&toy_ttt3, level, &lim);
			lim.noise_seed = seed;
			struct alphabeta_result res;
			alphabeta_run(ab, &toy_ttt3, &pos, &lim, NULL, NULL,
			              NULL, &res);
			ck_assert_msg(
			        res.best == want,
			        "%s: level %d seed %llu played %u, want %u",
			        text, level, (unsigned long long)seed,
			        (unsigned)res.best, (unsigned)want);
		}
	}
}

/* A weak level's noise varies its moves from game to game but it never
 * picks a losing one when its search sees a safe one; the strongest level
 * always blocks. */
START_TEST(test_level_never_throws)
{
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	struct game_pos pos;
	assert_levels_play(ab, "xx..o.... o", 2);
	/* Among equal moves a weak level does vary. */
	toy_ttt5.init(&pos, NULL);
	bool seen[25] = {false};
	int distinct = 0;
	for (uint64_t seed = 1; seed <= 16; seed++) {
		struct search_limits lim = {0};
		level_limits(&toy_ttt5, LEVEL_MIN, &lim);
		lim.noise_seed = seed;
		struct alphabeta_result res;
		alphabeta_run(ab, &toy_ttt5, &pos, &lim, NULL, NULL, NULL,
		              &res);
		if (!seen[res.best])
			distinct++;
		seen[res.best] = true;
	}
	ck_assert_int_gt(distinct, 1);
	alphabeta_free(ab);
}
END_TEST

/* An evaluation that knows nothing but a tempo, and too much of it: the
 * side to move is 0.50 up, so depth d scores +0.50 when d is even and
 * -0.50 when odd.  The score shown is the mean of two depths: 0. */
static int
tempo_only_eval(const struct game_pos *pos)
{
	(void)pos;
	return 50;
}

START_TEST(test_shown_score_cancels_parity)
{
	struct game_ops biased = toy_ttt5;
	biased.evaluate = tempo_only_eval;
	struct game_pos pos;
	biased.init(&pos, NULL);
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	for (int depth = 1; depth <= 4; depth++) {
		struct search_limits lim = {.depth = depth};
		struct alphabeta_result res;
		alphabeta_clear(ab);
		alphabeta_run(ab, &biased, &pos, &lim, NULL, NULL, NULL, &res);
		int want = depth == 1 ? -50 : 0;
		ck_assert_msg(res.score == want, "depth %d shown %d, want %d",
		              depth, res.score, want);
	}
	alphabeta_free(ab);
}
END_TEST

/* A level that draws among its best lines plays the fastest of several
 * forced wins: X wins at once on the diagonal (cell 8), or in three plies
 * with a double threat (cells 3 or 6), all within any level's margin. */
START_TEST(test_level_takes_fastest_win)
{
	struct alphabeta *ab = alphabeta_new(TEST_HASH_MB);
	assert_levels_play(ab, "xoo.x.... x", 8);
	alphabeta_free(ab);
}
END_TEST

/* ---- the protocol: engine_run on pipes ------------------------------ */

struct proto {
	FILE *to;   /* our end: commands */
	FILE *from; /* our end: replies */
	FILE *in, *out;
	pthread_t thread;
};

static void *
proto_main(void *arg)
{
	struct proto *p = arg;
	engine_run(p->in, p->out);
	fclose(p->in);
	fclose(p->out);
	return NULL;
}

static void
proto_open(struct proto *p)
{
	int down[2], up[2];
	ck_assert(pipe(down) == 0 && pipe(up) == 0);
	p->in = fdopen(down[0], "r");
	p->to = fdopen(down[1], "w");
	p->from = fdopen(up[0], "r");
	p->out = fdopen(up[1], "w");
	ck_assert(p->in && p->to && p->from && p->out);
	ck_assert(pthread_create(&p->thread, NULL, proto_main, p) == 0);
}

static void
proto_send(struct proto *p, const char *line)
{
	fprintf(p->to, "%s\n", line);
	fflush(p->to);
}

/* Reads replies until one starts with prefix; returns it (static buffer)
 * or fails the test at end of output. */
static const char *
proto_expect(struct proto *p, const char *prefix)
{
	static char line[1 << 16];
	while (fgets(line, sizeof line, p->from) != NULL) {
		if (strncmp(line, prefix, strlen(prefix)) == 0)
			return line;
		ck_assert_msg(strncmp(line, "info string error", 17) != 0, "%s",
		              line);
	}
	ck_abort_msg("no line starting with '%s'", prefix);
	return NULL;
}

static void
proto_close(struct proto *p)
{
	fclose(p->to);
	pthread_join(p->thread, NULL);
	fclose(p->from);
}

/* While searching, the loop answers isready; stop brings bestmove within
 * the latency bound. */
START_TEST(test_proto_stop)
{
	ck_assert_ptr_nonnull(registry_find("tetress"));
	struct proto p;
	proto_open(&p);
	proto_send(&p, "setoption name Game value tetress");
	proto_send(&p, "position startpos moves 6-3,7-2,7-3,7-4");
	proto_send(&p, "go infinite");
	const char *info = proto_expect(&p, "info depth 1 ");
	ck_assert_msg(
	        strstr(info, " seldepth ") && strstr(info, " multipv 1 ") &&
	                strstr(info, " score cp ") && strstr(info, " nodes ") &&
	                strstr(info, " nps ") && strstr(info, " time ") &&
	                strstr(info, " pv "),
	        "malformed: %s", info);
	proto_send(&p, "isready");
	proto_expect(&p, "readyok");
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	proto_send(&p, "stop");
	proto_expect(&p, "bestmove ");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	int64_t ms = ms_between(&t0, &t1);
	ck_assert_msg(ms < TEST_STOP_LATENCY_MS, "stop took %lld ms",
	              (long long)ms);
	proto_send(&p, "quit");
	proto_close(&p);
}
END_TEST

/* Threads 3 through the protocol: go, a new position and go again while
 * searching, stop, a depth search, a new game; every go answers. */
START_TEST(test_proto_threads)
{
	struct proto p;
	proto_open(&p);
	proto_send(&p, "setoption name Game value tzaar");
	proto_send(&p, "setoption name Threads value 3");
	proto_send(&p, "position startpos");
	proto_send(&p, "go infinite");
	proto_expect(&p, "info depth 1 ");
	proto_send(&p, "position startpos moves A5xA4");
	proto_send(&p, "go infinite");
	proto_expect(&p, "bestmove ");
	proto_send(&p, "stop");
	proto_expect(&p, "bestmove ");
	proto_send(&p, "go depth 5");
	proto_expect(&p, "bestmove ");
	proto_send(&p, "setoption name Game value tetress");
	proto_send(&p, "setoption name Threads value 2");
	proto_send(&p, "go movetime 100");
	proto_expect(&p, "bestmove ");
	proto_send(&p, "quit");
	proto_close(&p);
}
END_TEST

/* A limited search still answers when input ends right after go; the
 * same node limit gives the same line twice. */
START_TEST(test_proto_go_nodes)
{
	char first[1 << 12] = "";
	for (int round = 0; round < 2; round++) {
		struct proto p;
		proto_open(&p);
		proto_send(&p, "setoption name Game value tetress");
		proto_send(&p, "position startpos");
		proto_send(&p, "go nodes 4000");
		fclose(p.to);
		const char *best = proto_expect(&p, "bestmove ");
		if (round == 0)
			snprintf(first, sizeof first, "%s", best);
		else
			ck_assert_str_eq(first, best);
		pthread_join(p.thread, NULL);
		fclose(p.from);
	}
}
END_TEST

/* The bestmove of "go WORDS" after the option lines, in a fresh engine
 * (a table filled by an earlier search could change the move). */
static void
proto_bestmove(const char *const *options, const char *go, char *out,
               size_t size)
{
	struct proto p;
	proto_open(&p);
	proto_send(&p, "setoption name Game value tetress");
	for (; *options != NULL; options++)
		proto_send(&p, *options);
	proto_send(&p, "position startpos moves 6-3,7-2,7-3,7-4");
	proto_send(&p, go);
	snprintf(out, size, "%s", proto_expect(&p, "bestmove "));
	proto_send(&p, "quit");
	proto_close(&p);
}

/* UCI_LimitStrength and UCI_Elo, as chess GUIs set them: uci lists both,
 * a bare go then plays the level nearest UCI_Elo (node-limited, so it
 * ends by itself) exactly as "go level N" does, and a wrong value is
 * refused with a message. */
START_TEST(test_proto_limit_strength)
{
	const struct game_ops *ops = registry_find("tetress");
	ck_assert_ptr_nonnull(ops);
	struct proto p;
	proto_open(&p);
	proto_send(&p, "uci");
	const char *line = proto_expect(&p, "option name UCI_LimitStrength");
	ck_assert_msg(strstr(line, " type check default false") != NULL, "%s",
	              line);
	line = proto_expect(&p, "option name UCI_Elo");
	ck_assert_msg(strstr(line, " type spin default 1000 min 0 max 4000") !=
	                      NULL,
	              "%s", line);
	proto_expect(&p, "uciok");
	proto_send(&p, "setoption name UCI_LimitStrength value maybe");
	line = proto_expect(&p, "info string error:");
	ck_assert_msg(strstr(line, "UCI_LimitStrength must be true or false, "
	                           "not 'maybe'") != NULL,
	              "%s", line);
	proto_send(&p, "quit");
	proto_close(&p);

	int level = level_for_elo(ops, level_elo(ops, 3) + 20);
	ck_assert_int_eq(level, 3);
	char elo[64], go_level[32], limited[256], by_level[256];
	snprintf(elo, sizeof elo, "setoption name UCI_Elo value %d",
	         level_elo(ops, 3) + 20);
	const char *const strength[] = {
	        "setoption name UCI_LimitStrength value true", elo, NULL};
	const char *const none[] = {NULL};
	proto_bestmove(strength, "go", limited, sizeof limited);
	snprintf(go_level, sizeof go_level, "go level %d", level);
	proto_bestmove(none, go_level, by_level, sizeof by_level);
	ck_assert_str_eq(limited, by_level);
}
END_TEST

/* perft runs beside the command loop: isready answers during it and stop
 * ends it at once (a tetress perft 6 would take days). */
START_TEST(test_proto_perft_interruptible)
{
	struct proto p;
	proto_open(&p);
	proto_send(&p, "setoption name Game value tetress");
	proto_send(&p, "perft 6");
	proto_send(&p, "isready");
	proto_expect(&p, "readyok");
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	proto_send(&p, "stop");
	proto_expect(&p, "info string perft 6 stopped");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	int64_t ms = ms_between(&t0, &t1);
	ck_assert_msg(ms < 10000, "stop took %lld ms (perft 6 takes days)",
	              (long long)ms);
	/* quit ends a perft too, and the loop with it. */
	proto_send(&p, "perft 6");
	proto_send(&p, "quit");
	proto_expect(&p, "info string perft 6 stopped");
	proto_close(&p);
}
END_TEST

/* A command that waits for a perft (here `d`) still lets the loop see a
 * later stop, quit or end of input, which end the perft (issue 40: `printf
 * 'perft 32\nd\n' | tabula engine` spun until killed). */
START_TEST(test_proto_perft_stopped_behind_waiting_command)
{
	static const char *const ends[] = {"stop", "quit", NULL};
	for (int i = 0; i < 3; i++) {
		struct proto p;
		proto_open(&p);
		proto_send(&p, "setoption name Game value tetress");
		proto_send(&p, "perft 32");
		proto_send(&p, "d");
		if (ends[i] != NULL)
			proto_send(&p, ends[i]);
		else
			fclose(p.to); /* end of input, after the grace */
		proto_expect(&p, "info string perft 32 stopped");
		proto_expect(&p, "fen ");
		if (ends[i] == NULL) {
			pthread_join(p.thread, NULL);
			fclose(p.from);
			continue;
		}
		if (i == 0)
			proto_send(&p, "quit");
		proto_close(&p);
	}
}
END_TEST

/* End of input ends a long search after a short grace (2 s): the loop
 * returns with a bestmove instead of searching to depth 60. */
START_TEST(test_proto_end_of_input_ends_search)
{
	struct proto p;
	proto_open(&p);
	proto_send(&p, "setoption name Game value tetress");
	proto_send(&p, "go depth 60");
	proto_expect(&p, "info depth 1 ");
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	fclose(p.to);
	proto_expect(&p, "bestmove ");
	pthread_join(p.thread, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	fclose(p.from);
	int64_t ms = ms_between(&t0, &t1);
	/* Generous for loaded machines and sanitizers: depth 60 would take
	 * hours. */
	ck_assert_msg(ms < 15000, "the engine ran %lld ms after end of input",
	              (long long)ms);
}
END_TEST

/* A game change during `go infinite` ends that search first: its bestmove
 * comes before readyok, and the next go answers in the new game. */
START_TEST(test_proto_game_change_ends_search)
{
	struct proto p;
	proto_open(&p);
	proto_send(&p, "setoption name Game value tetress");
	proto_send(&p, "go infinite");
	proto_expect(&p, "info depth 1 ");
	proto_send(&p, "setoption name Game value infexion");
	proto_send(&p, "isready");
	const char *line = proto_expect(&p, "bestmove ");
	ck_assert_msg(strstr(line, "SP") == NULL, "%s", line);
	proto_expect(&p, "readyok");
	proto_send(&p, "go depth 1");
	line = proto_expect(&p, "bestmove ");
	ck_assert_msg(strncmp(line, "bestmove SPAWN", 14) == 0 ||
	                      strncmp(line, "bestmove SPREAD", 15) == 0,
	              "not an Infexion move: %s", line);
	proto_send(&p, "quit");
	proto_close(&p);
}
END_TEST

/* bench answers through the job thread (isready meanwhile); go takes the
 * clock words of UCI and UGI and still answers. */
START_TEST(test_proto_bench_and_clocks)
{
	struct proto p;
	proto_open(&p);
	proto_send(&p, "setoption name Game value tetress");
	proto_send(&p, "bench");
	proto_send(&p, "isready");
	proto_expect(&p, "readyok");
	const char *line = proto_expect(&p, "bench ");
	ck_assert_msg(strstr(line, " nodes ") != NULL, "%s", line);
	proto_send(&p, "go wtime 500 btime 500 winc 10 binc 10 movestogo 5");
	proto_expect(&p, "bestmove ");
	proto_send(&p, "go p1time 500 p2time 500 p1inc 0 p2inc 0 level 2");
	proto_expect(&p, "bestmove ");
	proto_send(&p, "go nodes 500 movetime 10000");
	proto_expect(&p, "bestmove ");
	proto_send(&p, "quit");
	proto_close(&p);
}
END_TEST

static Suite *
search_suite(void)
{
	Suite *s = suite_create("search");
	TCase *tc = tcase_create("exact");
	testutil_single_thread(tc);
	tcase_set_timeout(tc, TEST_SLOW_TIMEOUT_S);
	tcase_add_test(tc, test_ttt_matches_solver);
	tcase_add_test(tc, test_ttt_start_is_draw);
	tcase_add_loop_test(tc, test_ttt_cases, 0,
	                    (int)(sizeof ttt_cases / sizeof ttt_cases[0]));
	tcase_add_test(tc, test_nim2_matches_solver);
	tcase_add_test(tc, test_pns_matches_solver);
	tcase_add_test(tc, test_pns_deadline);
	tcase_add_test(tc, test_tzaar_solver_reach);
	tcase_add_test(tc, test_search_checks_best_move);
	tcase_add_test(tc, test_search_checks_move_played);
	tcase_add_test(tc, test_search_fallback_not_above_refuted);
	tcase_add_test(tc, test_search_uses_solver);
	tcase_add_test(tc, test_mate_scores);
	tcase_add_test(tc, test_tt_store_probe);
	tcase_add_test(tc, test_tt_torn_slot);
	tcase_add_test(tc, test_timectl);
	suite_add_tcase(s, tc);

	tc = tcase_create("searcher");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_deterministic);
	tcase_add_test(tc, test_multipv);
	tcase_add_test(tc, test_stop_latency);
	tcase_add_test(tc, test_movetime);
	tcase_add_test(tc, test_restart_and_no_move);
	tcase_add_test(tc, test_threads_go_stop);
	tcase_add_test(tc, test_threads_nodes_one_thread);
	tcase_add_test(tc, test_ttt_split_matches_solver);
	tcase_add_test(tc, test_tetris_plan);
	suite_add_tcase(s, tc);

	tc = tcase_create("games");
	testutil_single_thread(tc);
	tcase_set_timeout(tc, TEST_SLOW_TIMEOUT_S);
	tcase_add_test(tc, test_tetress_forced);
	tcase_add_test(tc, test_tzaar_forced);
	tcase_add_test(tc, test_tzaar_only_move_reports_loss);
	tcase_add_test(tc, test_tzaar_tense_not_reduced);
	tcase_add_test(tc, test_tzaar_checks_deterministic);
	tcase_add_test(tc, test_tzaar_depth_parity);
	tcase_add_test(tc, test_level_completes_first_ply);
	tcase_add_test(tc, test_level_plays_won_position_unweakened);
	tcase_add_test(tc, test_level_tables);
	tcase_add_test(tc, test_level_for_elo_within_100);
	tcase_add_test(tc, test_infexion_forced);
	tcase_add_loop_test(
	        tc, test_bench_signature, 0,
	        (int)(sizeof bench_signatures / sizeof bench_signatures[0]));
	suite_add_tcase(s, tc);

	tc = tcase_create("match");
	testutil_single_thread(tc);
	tcase_set_timeout(tc, TEST_SLOW_TIMEOUT_S);
	tcase_add_test(tc, test_match_deeper_wins);
	tcase_add_test(tc, test_match_elo);
	tcase_add_test(tc, test_match_record);
	tcase_add_test(tc, test_match_program);
	tcase_add_test(tc, test_who_grammar);
	tcase_add_test(tc, test_level_never_throws);
	tcase_add_test(tc, test_level_takes_fastest_win);
	tcase_add_test(tc, test_shown_score_cancels_parity);
	suite_add_tcase(s, tc);

	tc = tcase_create("protocol");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_proto_stop);
	tcase_add_test(tc, test_proto_threads);
	tcase_add_test(tc, test_proto_go_nodes);
	tcase_add_test(tc, test_proto_limit_strength);
	tcase_add_test(tc, test_proto_perft_interruptible);
	tcase_add_test(tc, test_proto_perft_stopped_behind_waiting_command);
	tcase_add_test(tc, test_proto_end_of_input_ends_search);
	tcase_add_test(tc, test_proto_game_change_ends_search);
	tcase_add_test(tc, test_proto_bench_and_clocks);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return testutil_run_suite(search_suite());
}
