/*
 * Game review: a move that throws a won game away is a blunder (??) and
 * the summary counts it; the engine's own move loses nothing; the
 * annotated record carries the marks, scores and the engine's line, and
 * reads back to the same notes; the thresholds are ordered; the marks do
 * not depend on the number of workers or the order of the moves; the
 * steady scores' second design searches depths of one parity.
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
		/* Thresholds a learner recognises (man page REVIEW): no
		 * higher than 10, 20 and 30 points of win chance. */
		ck_assert_msg(t->inaccuracy <= 1000 && t->mistake <= 2000 &&
		                      t->blunder <= 3000,
		              "%s: thresholds %d/%d/%d above 10/20/30 points",
		              g->name, t->inaccuracy, t->mistake, t->blunder);
		/* Every default review confirms its marks deeper. */
		ck_assert_int_gt(review_default_limits(g).confirm, 1);
	}
}
END_TEST

/* The man page's worked example of accuracy (REVIEW, "Accuracy"): four
 * moves at win chances of 50, 60, 55 and 80% losing 0, 2, 10 and 40
 * points have accuracies of 100, 87.52, 51.34 and 6.95%; weighted by
 * their stakes (1, 0.96, 0.99, 0.64) the mean is 66.66% and the harmonic
 * mean 34.44%, so the side's accuracy is 50.55%. */
START_TEST(test_accuracy_worked_example)
{
	ck_assert_int_eq(accuracy_of_move(0), 10000);
	ck_assert_int_eq(accuracy_of_move(200), 8752);
	ck_assert_int_eq(accuracy_of_move(1000), 5134);
	ck_assert_int_eq(accuracy_of_move(4000), 695);
	ck_assert(accuracy_stake(5000) == 1.0);
	ck_assert(accuracy_stake(9900) == 0.05); /* the least weight */
	struct review_summary sum = {0};
	static const int moves[4][2] = {
	        {5000, 0}, {6000, 200}, {5500, 1000}, {8000, 4000}};
	for (int i = 0; i < 4; i++)
		accuracy_count(&sum, 0, moves[i][0], moves[i][1], MARK_NONE);
	ck_assert_int_eq(review_accuracy(&sum, 0), 5055);
	ck_assert_int_eq(review_accuracy(&sum, 1), 10000); /* no moves */
	/* A run of lost moves is not hidden by many good ones: nine
	 * perfect moves and one losing 40 points, at even chances, leave
	 * 71.66%, where the mean of the moves' accuracies would be 90.69%. */
	memset(&sum, 0, sizeof sum);
	for (int i = 0; i < 9; i++)
		accuracy_count(&sum, 0, 5000, 0, MARK_NONE);
	accuracy_count(&sum, 0, 5000, 4000, MARK_BLUNDER);
	ck_assert_int_eq(review_accuracy(&sum, 0), 7166);
}
END_TEST

/* Marks confirmed by a deeper look (man page REVIEW): a move the first
 * look finds losing half the ?! threshold or more is looked at again at
 * confirm times the nodes, and that look's loss and mark stand: they are
 * exactly a one-look review's at that budget.  Some moves of this
 * self-play game lose only at the shallow budget: they are not marked. */
START_TEST(test_marks_confirmed_deeper)
{
	struct session s;
	struct record_meta meta;
	load("review/tetress-selfplay.rec", &s, &meta);
	const struct game_winchance *t = &s.ops->caps.winchance;
	struct review_limits lim = review_default_limits(s.ops);
	lim.nodes = 2000;
	lim.confirm = 10;
	lim.screen = false; /* the loss alone sends a move deeper here */
	struct review_limits deep = lim, shallow = lim;
	deep.nodes = lim.nodes * (uint64_t)lim.confirm;
	deep.confirm = shallow.confirm = 0;
	struct review *rv = review_new(4);
	ck_assert_ptr_nonnull(rv);
	int confirmed = 0, shallow_only = 0;
	for (size_t ply = 0; ply < s.ply; ply++) {
		struct review_move m, d, f;
		ck_assert(review_move(rv, &s, ply, &lim, NULL, &m));
		ck_assert(review_move(rv, &s, ply, &shallow, NULL, &f));
		ck_assert_int_eq(m.first_loss, f.loss);
		ck_assert(m.confirmed == (f.loss >= lim.confirm_from));
		if (!m.confirmed) {
			ck_assert_int_eq(m.loss, f.loss);
			continue;
		}
		confirmed++;
		ck_assert(review_move(rv, &s, ply, &deep, NULL, &d));
		ck_assert_msg(
		        m.loss == d.loss && m.mark == d.mark,
		        "ply %zu: confirmed loss %d, the deeper look's %d", ply,
		        m.loss, d.loss);
		if (f.mark != MARK_NONE && m.mark == MARK_NONE)
			shallow_only++;
	}
	review_free(rv);
	ck_assert_int_gt(confirmed, 0);
	ck_assert_msg(shallow_only > 0,
	              "no move lost only at %llu nodes (%d confirmed)",
	              (unsigned long long)lim.nodes, confirmed);
	ck_assert_int_le(t->inaccuracy / 2, lim.confirm_from);
	session_free(&s);
	record_meta_free(&meta);
}
END_TEST

/* The map of each two-player game: an even score reads as the first
 * player's edge for the side to move that is the first player (50%
 * without one), and the same position reads the same from either side
 * (the first player's chance at s is 100% less the second's at -s);
 * rising with the score, certain at a forced result; W + D + L = 1000;
 * none for Tetris. */
START_TEST(test_winchance_map)
{
	static const char *const games[] = {"tetress", "infexion", "tzaar"};
	for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
		const struct game_ops *g = registry_find(games[i]);
		ck_assert_ptr_nonnull(g);
		ck_assert_msg(winchance_known(g), "%s: no map", g->name);
		const struct game_winchance *map = &g->caps.winchance;
		ck_assert_int_eq(winchance_of(g, 0, -map->first),
		                 WINCHANCE_ONE / 2);
		ck_assert_int_eq(winchance_of(g, 1, map->first),
		                 WINCHANCE_ONE / 2);
		struct winchance_wdl w;
		ck_assert(winchance_wdl(g, 0, -map->first, &w));
		ck_assert_int_eq(w.win, w.loss);
		for (int side = 0; side < 2; side++) {
			int last = -1, last_win = -1;
			for (int score = -100000; score <= 100000;
			     score += 50) {
				int c = winchance_of(g, side, score);
				ck_assert_msg(c >= last,
				              "%s: %d at %d after %d", g->name,
				              c, score, last);
				ck_assert(winchance_of(g, 1 - side, -score) ==
				          WINCHANCE_ONE - c);
				ck_assert(winchance_wdl(g, side, score, &w));
				ck_assert_int_eq(w.win + w.draw + w.loss, 1000);
				ck_assert(w.win >= last_win && w.draw >= 0);
				last = c;
				last_win = w.win;
			}
			ck_assert_int_lt(winchance_of(g, side, -100000),
			                 WINCHANCE_ONE / 20);
			ck_assert_int_gt(winchance_of(g, side, 100000),
			                 WINCHANCE_ONE - WINCHANCE_ONE / 20);
			ck_assert_int_eq(winchance_of(g, side, SEARCH_WIN - 3),
			                 WINCHANCE_ONE);
			ck_assert_int_eq(
			        winchance_of(g, side, -(SEARCH_WIN - 4)), 0);
			ck_assert(winchance_wdl(g, side, SEARCH_WIN - 1, &w));
			ck_assert(w.win == 1000 && w.draw == 0 && w.loss == 0);
			ck_assert(
			        winchance_wdl(g, side, -(SEARCH_WIN - 2), &w));
			ck_assert(w.win == 0 && w.draw == 0 && w.loss == 1000);
		}
	}
	struct winchance_wdl w;
	const struct game_ops *tetris = registry_find("tetris");
	ck_assert(!winchance_known(tetris));
	ck_assert(!winchance_wdl(tetris, 0, 100, &w));
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

/* Reviews the moves of s on a job of workers threads into out. */
static void
review_on_job(const struct session *s, const struct review_limits *lim,
              int workers, struct review_move *out)
{
	char err[256];
	struct review_job *j = review_job_new(4, workers, err, sizeof err);
	ck_assert_msg(j != NULL, "%s", err);
	ck_assert_uint_gt(review_job_start(j, s, 0, lim, 0), 0);
	review_job_wait(j);
	for (size_t ply = 0; ply < s->ply; ply++)
		ck_assert_msg(review_job_result(j, ply, &out[ply]),
		              "move %zu not reviewed by %d workers", ply + 1,
		              workers);
	review_job_free(j);
}

/* One worker, two, and the moves in reverse order in line give the same
 * review at a node budget: each position is searched on its own. */
START_TEST(test_workers_give_same_marks)
{
	enum { PLIES = 16 };
	struct session s;
	tetress_game(&s, PLIES);
	struct review_limits lim = review_default_limits(s.ops);
	lim.nodes = 2000;
	struct review_move one[PLIES], two[PLIES], back[PLIES];
	review_on_job(&s, &lim, 1, one);
	review_on_job(&s, &lim, 2, two);
	struct review *rv = review_new(4);
	ck_assert_ptr_nonnull(rv);
	for (int ply = PLIES - 1; ply >= 0; ply--)
		ck_assert(review_move(rv, &s, (size_t)ply, &lim, NULL,
		                      &back[ply]));
	review_free(rv);
	for (int ply = 0; ply < PLIES; ply++) {
		const struct review_move *want = &one[ply];
		const struct review_move *got[2] = {&two[ply], &back[ply]};
		for (int k = 0; k < 2; k++)
			ck_assert_msg(got[k]->mark == want->mark &&
			                      got[k]->loss == want->loss &&
			                      got[k]->value == want->value &&
			                      got[k]->best == want->best &&
			                      got[k]->depth == want->depth,
			              "move %d: %s differs from one worker "
			              "(loss %d, want %d)",
			              ply + 1, k ? "in reverse" : "two workers",
			              got[k]->loss, want->loss);
	}
	session_free(&s);
}
END_TEST

/* The second design of steady scores: every move is scored at a depth
 * whose leaves lie on one class of plies modulo the period, unless the
 * search was too shallow for one. */
START_TEST(test_same_parity_depths)
{
	enum { PLIES = 12 };
	const struct game_ops *ops = registry_find("infexion");
	ck_assert_ptr_nonnull(ops);
	struct session s;
	ck_assert(session_init(&s, ops, NULL));
	static game_move moves[GAME_MAX_MOVES];
	for (int i = 0; i < PLIES; i++) {
		int n = ops->gen_moves(session_current(&s), moves);
		ck_assert(session_play(&s, moves[(i * 7919) % n]));
	}
	struct review *rv = review_new(4);
	ck_assert_ptr_nonnull(rv);
	int checked = 0;
	for (int period = 2; period <= 4; period += 2) {
		struct review_limits lim = {.nodes = 3000, .period = period};
		for (size_t ply = 0; ply < PLIES; ply++) {
			struct review_move m;
			ck_assert(review_move(rv, &s, ply, &lim, NULL, &m));
			int plies;
			if (search_score_is_mate(m.best_score, &plies) ||
			    m.depth < period)
				continue;
			checked++;
			ck_assert_msg(
			        (ply + (size_t)m.depth) % (size_t)period == 0,
			        "move %zu: depth %d, period %d", ply + 1,
			        m.depth, period);
		}
	}
	ck_assert_int_ge(checked, PLIES / 2);
	review_free(rv);
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
	tcase_add_test(tc, test_accuracy_worked_example);
	tcase_add_test(tc, test_marks_confirmed_deeper);
	tcase_add_test(tc, test_job_matches_review);
	tcase_add_test(tc, test_job_budget_and_stop);
	tcase_add_test(tc, test_workers_give_same_marks);
	tcase_add_test(tc, test_same_parity_depths);
	suite_add_tcase(suite, tc);
	return suite;
}

int
main(void)
{
	return testutil_run_suite(review_suite());
}
