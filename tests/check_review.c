/*
 * Game review: a move that throws a won game away is a blunder (??) and
 * the summary counts it; the engine's own move loses nothing; the
 * annotated record carries the marks, scores and the engine's line, and
 * reads back to the same notes; the thresholds are ordered.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "core/record.h"
#include "search/review.h"
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

START_TEST(test_classify)
{
	const struct review_thresholds *t = review_thresholds_for("tzaar");
	ck_assert_int_eq(review_classify(t, 0, 0), MARK_NONE);
	ck_assert_int_eq(review_classify(t, 0, -t->inaccuracy),
	                 MARK_INACCURACY);
	ck_assert_int_eq(review_classify(t, 0, -t->mistake), MARK_MISTAKE);
	ck_assert_int_eq(review_classify(t, 0, -t->blunder), MARK_BLUNDER);
	/* A win for a loss is a blunder whatever the thresholds. */
	struct review_thresholds lax = {NULL, 1000000, 1000000, 1000000, 10};
	ck_assert_int_eq(
	        review_classify(&lax, SEARCH_WIN - 3, -(SEARCH_WIN - 4)),
	        MARK_BLUNDER);
	ck_assert_int_eq(review_classify(&lax, 5, -5), MARK_NONE);
	for (size_t i = 0; review_thresholds_at(i) != NULL; i++) {
		const struct review_thresholds *r = review_thresholds_at(i);
		ck_assert(0 < r->inaccuracy && r->inaccuracy < r->mistake &&
		          r->mistake < r->blunder && r->blunder < r->cap);
	}
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
	suite_add_tcase(suite, tc);
	return suite;
}

int
main(void)
{
	return testutil_run_suite(review_suite());
}
