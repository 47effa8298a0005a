/*
 * Game review: a move that throws a won game away is a blunder (??) and
 * the summary counts it; the engine's own move loses nothing; the
 * annotated record carries the marks, scores and the engine's line, and
 * reads back to the same notes; the thresholds are ordered.
 */
#include "config.h"

#include <check.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "core/record.h"
#include "core/registry.h"
#include "study/review-job.h"
#include "study/review.h"
#include "search/winchance.h"
#include "testutil.h"

static const struct review_limits DEPTH3 = {.depth = 3};

static void
load(const char *name, struct session *s, struct record_meta *meta)
{
	FILE *f = testutil_open_data(name);
	ck_assert_ptr_nonnull(f);
	char err[512];
	ck_assert_msg(record_read(f, name, s, meta, err, sizeof err), "%s",
	              err);
	fclose(f);
}

/* Reviews every move of s into meta and sum. */
static void
review_all(struct session *s, struct record_meta *meta,
           struct review_summary *sum, struct review_move *moves)
{
	struct review *rv = review_new(4);
	ck_assert_ptr_nonnull(rv);
	memset(sum, 0, sizeof *sum);
	for (size_t ply = 0; ply < s->ply; ply++) {
		ck_assert(review_move(rv, s, ply, &DEPTH3, NULL, &moves[ply]));
		review_summary_add(sum, s, ply, &moves[ply]);
		ck_assert(review_annotate(meta, s, ply, &moves[ply]));
	}
	review_free(rv);
}

START_TEST(test_win_thrown_away_is_blunder)
{
	struct session s;
	struct record_meta meta;
	load("review/blunder.rec", &s, &meta);
	struct review_move moves[2];
	struct review_summary sum;
	review_all(&s, &meta, &sum, moves);
	ck_assert_int_eq(moves[0].mark, MARK_BLUNDER);
	ck_assert_int_gt(moves[0].loss, 0);
	ck_assert_int_eq(meta.notes[0].mark, MARK_BLUNDER);
	ck_assert(meta.notes[0].review.has_best);
	ck_assert_int_lt(meta.notes[0].review.mate, 0); /* Red now loses */
	ck_assert_uint_eq(meta.notes[0].var_count, 1);
	ck_assert_uint_eq(meta.notes[0].vars[0].moves[0], moves[0].best);
	/* Blue's winning reply is the engine's own move. */
	ck_assert_int_eq(moves[1].mark, MARK_NONE);
	ck_assert_int_eq(moves[1].loss, 0);
	ck_assert(!meta.notes[1].review.has_best);
	ck_assert_int_eq(sum.moves[0], 1);
	ck_assert_int_eq(sum.moves[1], 1);
	ck_assert_int_eq(sum.marks[0][MARK_BLUNDER], 1);
	ck_assert_int_eq(sum.marks[1][MARK_BLUNDER], 0);
	ck_assert_int_eq(sum.marks[1][MARK_NONE], 1);
	/* The annotated record reads back with the same notes. */
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	char err[512];
	ck_assert(record_write(f, &s, &meta, err, sizeof err));
	fclose(f);
	ck_assert_msg(strstr(text, "SPREAD(0,0,1,0)?? {review #-2/") != NULL,
	              "%s", text);
	FILE *in = fmemopen(text, strlen(text), "r");
	struct session back;
	struct record_meta meta_back;
	ck_assert_msg(
	        record_read(in, "back", &back, &meta_back, err, sizeof err),
	        "%s\n%s", err, text);
	fclose(in);
	ck_assert_int_eq(meta_back.notes[0].mark, MARK_BLUNDER);
	ck_assert_int_eq(meta_back.notes[0].review.mate,
	                 meta.notes[0].review.mate);
	ck_assert_uint_eq(meta_back.notes[0].review.best,
	                  meta.notes[0].review.best);
	free(text);
	record_meta_free(&meta_back);
	session_free(&back);
	record_meta_free(&meta);
	session_free(&s);
}
END_TEST

/* Missing a win in one is a blunder too, and reviewing twice gives the
 * same record (the engine's line replaces its earlier copy). */
START_TEST(test_missed_win_and_review_twice)
{
	struct session s;
	struct record_meta meta;
	load("review/missed-win.rec", &s, &meta);
	struct review_move moves[2];
	struct review_summary sum;
	review_all(&s, &meta, &sum, moves);
	ck_assert_int_eq(moves[0].mark, MARK_BLUNDER);
	ck_assert_int_eq(sum.marks[0][MARK_BLUNDER], 1);
	review_all(&s, &meta, &sum, moves);
	ck_assert_uint_eq(meta.notes[0].var_count, 1);
	record_meta_free(&meta);
	session_free(&s);
}
END_TEST

/* Each game's thresholds rise, and a loss earns the mark they say. */
START_TEST(test_classify)
{
	static const char *const games[] = {"tetress", "infexion", "tzaar"};
	for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
		const struct game_ops *g = registry_find(games[i]);
		ck_assert_ptr_nonnull(g);
		const struct game_winchance *t = &g->caps.winchance;
		ck_assert_msg(0 < t->inaccuracy && t->inaccuracy < t->mistake &&
		                      t->mistake < t->blunder &&
		                      t->blunder <= WINCHANCE_ONE,
		              "%s: thresholds out of order", g->name);
		ck_assert_int_eq(review_classify(g, 0), MARK_NONE);
		ck_assert_int_eq(review_classify(g, t->inaccuracy - 1),
		                 MARK_NONE);
		ck_assert_int_eq(review_classify(g, t->inaccuracy),
		                 MARK_INACCURACY);
		ck_assert_int_eq(review_classify(g, t->mistake), MARK_MISTAKE);
		ck_assert_int_eq(review_classify(g, t->blunder), MARK_BLUNDER);
		/* A won game thrown into a lost one loses everything. */
		ck_assert_int_eq(review_classify(g, WINCHANCE_ONE),
		                 MARK_BLUNDER);
		ck_assert_uint_gt(t->review_nodes, 0);
	}
}
END_TEST

/* The map of each two-player game: 50% at an even score, rising with the
 * score, certain at a forced result; W + D + L = 1000; none for Tetris. */
START_TEST(test_winchance_map)
{
	static const char *const games[] = {"tetress", "infexion", "tzaar"};
	for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
		const struct game_ops *g = registry_find(games[i]);
		ck_assert_ptr_nonnull(g);
		ck_assert_msg(winchance_known(g), "%s: no map", g->name);
		ck_assert_int_eq(winchance_of(g, 0), WINCHANCE_ONE / 2);
		struct winchance_wdl w;
		ck_assert(winchance_wdl(g, 0, &w));
		ck_assert_int_eq(w.win, w.loss);
		int last = -1, last_win = -1;
		for (int score = -100000; score <= 100000; score += 50) {
			int c = winchance_of(g, score);
			ck_assert_msg(c >= last, "%s: %d at %d after %d",
			              g->name, c, score, last);
			ck_assert(winchance_of(g, -score) == WINCHANCE_ONE - c);
			ck_assert(winchance_wdl(g, score, &w));
			ck_assert_int_eq(w.win + w.draw + w.loss, 1000);
			ck_assert(w.win >= last_win && w.draw >= 0);
			last = c;
			last_win = w.win;
		}
		ck_assert_int_lt(winchance_of(g, -100000), WINCHANCE_ONE / 20);
		ck_assert_int_gt(winchance_of(g, 100000),
		                 WINCHANCE_ONE - WINCHANCE_ONE / 20);
		ck_assert_int_eq(winchance_of(g, SEARCH_WIN - 3),
		                 WINCHANCE_ONE);
		ck_assert_int_eq(winchance_of(g, -(SEARCH_WIN - 4)), 0);
		ck_assert(winchance_wdl(g, SEARCH_WIN - 1, &w));
		ck_assert(w.win == 1000 && w.draw == 0 && w.loss == 0);
		ck_assert(winchance_wdl(g, -(SEARCH_WIN - 2), &w));
		ck_assert(w.win == 0 && w.draw == 0 && w.loss == 1000);
	}
	struct winchance_wdl w;
	const struct game_ops *tetris = registry_find("tetris");
	ck_assert(!winchance_known(tetris));
	ck_assert(!winchance_wdl(tetris, 100, &w));
}
END_TEST

/* Waits (up to limit_ms) for the job to end, as the TUI does: poll() on
 * its descriptor; returns the state at the end. */
static struct review_job_state
wait_job(struct review_job *j, int64_t limit_ms)
{
	int64_t end = review_clock_ms() + limit_ms;
	struct review_job_state st;
	for (;;) {
		review_job_state(j, &st);
		if (!st.running || review_clock_ms() > end)
			return st;
		struct pollfd p = {.fd = review_job_fd(j), .events = POLLIN};
		poll(&p, 1, 100);
		review_job_drain(j);
	}
}

/* A Tetress game long enough that a deep review cannot finish soon. */
static void
tetress_game(struct session *s, int plies)
{
	const struct game_ops *ops = registry_find("tetress");
	ck_assert_ptr_nonnull(ops);
	ck_assert(session_init(s, ops, NULL));
	static game_move moves[GAME_MAX_MOVES];
	for (int i = 0; i < plies; i++) {
		int n = ops->gen_moves(session_current(s), moves);
		ck_assert_int_gt(n, 0);
		ck_assert(session_play(s, moves[(i * 7919) % n]));
	}
}

/* The background job gives what the review gives in line. */
START_TEST(test_job_matches_review)
{
	struct session s;
	struct record_meta meta;
	load("review/blunder.rec", &s, &meta);
	struct review_move want[2];
	struct review_summary sum;
	review_all(&s, &meta, &sum, want);
	char err[256];
	struct review_job *j = review_job_new(4, 1, err, sizeof err);
	ck_assert_msg(j != NULL, "%s", err);
	unsigned number = review_job_start(j, &s, 0, &DEPTH3, 0);
	ck_assert_uint_gt(number, 0);
	struct review_job_state st = wait_job(j, 30000);
	ck_assert(!st.running);
	ck_assert(!st.expired);
	ck_assert_uint_eq(st.number, number);
	ck_assert_uint_eq(st.total, 2);
	ck_assert_uint_eq(st.done, 2);
	for (size_t ply = 0; ply < 2; ply++) {
		struct review_move got;
		ck_assert(review_job_result(j, ply, &got));
		ck_assert_int_eq(got.mark, want[ply].mark);
		ck_assert_int_eq(got.loss, want[ply].loss);
		ck_assert_uint_eq(got.best, want[ply].best);
	}
	/* Starting from ply 1 reviews only that move. */
	review_job_start(j, &s, 1, &DEPTH3, 0);
	st = wait_job(j, 30000);
	ck_assert_uint_eq(st.done, 1);
	struct review_move got;
	ck_assert(!review_job_result(j, 0, &got));
	ck_assert(review_job_result(j, 1, &got));
	review_job_free(j);
	record_meta_free(&meta);
	session_free(&s);
}
END_TEST

/* A review stops by itself when its budget is spent, and on request. */
START_TEST(test_job_budget_and_stop)
{
	struct session s;
	tetress_game(&s, 30);
	char err[256];
	struct review_job *j = review_job_new(4, 1, err, sizeof err);
	ck_assert_msg(j != NULL, "%s", err);
	struct review_limits deep = {.depth = 12};
	int64_t t0 = review_clock_ms();
	review_job_start(j, &s, 0, &deep, 300);
	struct review_job_state st = wait_job(j, 20000);
	ck_assert_msg(!st.running, "still running after 20 s");
	ck_assert(st.expired);
	ck_assert_uint_lt(st.done, st.total);
	/* The budget is a time limit on each search: it holds closely. */
	ck_assert_int_lt(review_clock_ms() - t0, 5000);
	review_job_start(j, &s, 0, &deep, 0);
	review_job_stop(j);
	review_job_wait(j);
	review_job_state(j, &st);
	ck_assert(!st.running);
	ck_assert(!st.expired);
	review_job_free(j);
	session_free(&s);
}
END_TEST

static Suite *
review_suite(void)
{
	Suite *suite = suite_create("review");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_win_thrown_away_is_blunder);
	tcase_add_test(tc, test_missed_win_and_review_twice);
	tcase_add_test(tc, test_classify);
	tcase_add_test(tc, test_winchance_map);
	tcase_add_test(tc, test_job_matches_review);
	tcase_add_test(tc, test_job_budget_and_stop);
	suite_add_tcase(suite, tc);
	return suite;
}

int
main(void)
{
	return testutil_run_suite(review_suite());
}
