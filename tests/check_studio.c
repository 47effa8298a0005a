/*
 * The analysis studio's pure parts: the evaluation graph (heights, the
 * zero line, marks and the shown ply, ASCII) and the deciding numbers of
 * each game read from position strings.
 */
#include "config.h"

#include <check.h>
#include <string.h>

#include "testutil.h"
#include "ui/facts.h"
#include "ui/graph.h"

static const char FULL[] = "\xe2\x96\x88";

START_TEST(test_graph_heights)
{
	static struct ui_graph g;
	struct ui_graph_point pts[5] = {
	        {.known = true, .chance = 5000},
	        {.known = true, .chance = 10000},
	        {.known = true, .chance = 0, .mark = MARK_BLUNDER},
	        {.known = true, .chance = 10000, .mark = MARK_INACCURACY},
	        {.known = true, .chance = 7500},
	};
	ui_graph_render(&g, pts, 5, 2, 4, 10, false);
	ck_assert_int_eq(g.rows, 4);
	/* 100% fills the column, 0% leaves it empty. */
	for (int r = 0; r < 4; r++) {
		ck_assert_str_eq(g.glyph[r][1], FULL);
		ck_assert_str_ne(g.glyph[r][2], FULL);
		ck_assert_str_eq(g.glyph[r][3], FULL);
	}
	/* 75%: three rows of four. */
	ck_assert_str_eq(g.glyph[0][4], " ");
	ck_assert_str_eq(g.glyph[1][4], FULL);
	/* 50%: the bottom half full, the top half empty. */
	ck_assert_str_eq(g.glyph[3][0], FULL);
	ck_assert_str_eq(g.glyph[2][0], FULL);
	ck_assert_str_eq(g.glyph[0][0], " ");
	/* The zero line shows over an empty cell above zero. */
	ck_assert_str_eq(g.glyph[1][2], "\xe2\x96\x81");
	ck_assert_int_eq(g.marks[0], ' ');
	ck_assert_int_eq(g.marks[1], '^'); /* ply 2 is shown */
	/* A blunder has a mark of its own, not a mistake's '?' (two
	 * mistakes side by side would read as a blunder's "??"). */
	ck_assert_int_eq(g.marks[2], 'X');
	ck_assert_int_eq(g.marks[3], '.');
	ck_assert_int_eq(g.mark_of[2], MARK_BLUNDER);
	ck_assert_uint_eq(g.first_ply[3], 4);
	/* Columns past the game stay blank, the 50% line too. */
	ck_assert_str_eq(g.glyph[3][5], " ");
	ck_assert_str_eq(g.glyph[1][5], " ");
}
END_TEST

START_TEST(test_graph_squeezed_and_ascii)
{
	static struct ui_graph g;
	struct ui_graph_point pts[100];
	memset(pts, 0, sizeof pts);
	for (int i = 0; i < 100; i++)
		pts[i] = (struct ui_graph_point){.known = true, .chance = 200};
	pts[57].mark = MARK_MISTAKE;
	ui_graph_render(&g, pts, 100, 0, 4, 20, true);
	/* 100 moves in 20 columns: five a column, the worst mark shown. */
	ck_assert_uint_eq(g.first_ply[11], 56);
	ck_assert_int_eq(g.marks[11], '?');
	ck_assert_int_eq(g.marks[10], ' ');
	for (int c = 0; c < 20; c++) {
		ck_assert_str_eq(g.glyph[3][c], " ");
		ck_assert_str_eq(g.glyph[1][c], "_");
	}
	/* Unknown scores draw nothing but keep their column. */
	pts[0].known = false;
	ui_graph_render(&g, pts, 1, 1, 4, 20, true);
	ck_assert_int_eq(g.marks[0], '^');
	ck_assert_str_eq(g.glyph[3][0], " ");
}
END_TEST

START_TEST(test_facts)
{
	char buf[256];
	ck_assert(ui_facts("tetress",
	                   "rr........./.........../.........../.........../"
	                   ".........../.........../.........../.........../"
	                   ".........../.........../bbbb....... r 10",
	                   buf, sizeof buf));
	ck_assert_str_eq(buf, "tokens Red 2 Blue 4\nactions left 140 of 150");
	ck_assert(ui_facts("infexion",
	                   "r1b1...../......./......./...r6../......./......./"
	                   "....... r 12",
	                   buf, sizeof buf));
	ck_assert_str_eq(buf, "power Red 7 Blue 1\nactions left 331 of 343");
	ck_assert(ui_facts("tzaar",
	                   "ccccCCbbbBCCBaaABCCBAcCABCCBACcabccbacCabccbaAAbccb"
	                   "BBBccCCCC w open",
	                   buf, sizeof buf));
	ck_assert_str_eq(buf, "W Tzaar 6 Tzarra 9 Tott 15\nB Tzaar 6 Tzarra 9 "
	                      "Tott 15\nnow: capture");
	ck_assert(ui_facts("tzaar", "A3.b w second", buf, sizeof buf));
	ck_assert_msg(strstr(buf, "now: capture, stack or pass") != NULL, "%s",
	              buf);
	ck_assert(!ui_facts("tetris", "x o 0", buf, sizeof buf));
	ck_assert(!ui_facts("tetress", "broken", buf, sizeof buf));
	ck_assert_str_eq(buf, "");
}
END_TEST

static Suite *
studio_suite(void)
{
	Suite *suite = suite_create("studio");
	TCase *tc = tcase_create("pure");
	tcase_add_test(tc, test_graph_heights);
	tcase_add_test(tc, test_graph_squeezed_and_ascii);
	tcase_add_test(tc, test_facts);
	suite_add_tcase(suite, tc);
	return suite;
}

int
main(void)
{
	return testutil_run_suite(studio_suite());
}
