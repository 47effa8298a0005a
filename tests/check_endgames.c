/*
 * Endgame files (core/endgames.h) and the endgame solver's bench
 * (search/solver-bench.h): the format and its errors, the shipped TZAAR
 * positions, and the bench's count of proofs, a signature of the solver.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "core/datadir.h"
#include "core/endgames.h"
#include "core/registry.h"
#include "search/solver-bench.h"
#include "testutil.h"

/* The solver's tests take about a second each, ten under sanitizers. */
static const int EG_SOLVER_TIMEOUT_S = 300;

/* A TZAAR position eight sub-moves before Black won (the shipped file's). */
#define EG_POS                                                                 \
	"CB....b2..BA....a2..B.......bA.c..B2b..cc.A5C...c....c....c2a..a4. "  \
	"w cap"

static const struct game_ops *
eg_tzaar(void)
{
	const struct game_ops *ops = registry_find("tzaar");
	ck_assert_ptr_nonnull(ops);
	return ops;
}

START_TEST(test_endgames_parse)
{
	const char *text = ENDGAMES_MAGIC "\n# a comment\n\n"
	                                  " 8 | 2 | " EG_POS "\r\n"
	                                  "12|1|" EG_POS;
	struct endgame_set set;
	char err[512];
	ck_assert_msg(
	        endgames_parse(text, "t", eg_tzaar(), &set, err, sizeof err),
	        "%s", err);
	ck_assert_uint_eq(set.count, 2);
	ck_assert_int_eq(set.items[0].to_end, 8);
	ck_assert_int_eq(set.items[0].winner, 1);
	ck_assert_int_eq(set.items[1].to_end, 12);
	ck_assert_int_eq(set.items[1].winner, 0);
	endgame_set_free(&set);
}
END_TEST

/* Every bad file is refused with the line and what is wrong there. */
static const struct {
	const char *text, *want;
} eg_bad[] = {
        {"", "t:1: not an endgame file"},
        {"# tabula puzzles 1\n", "t:1: not an endgame file"},
        {ENDGAMES_MAGIC "\nx | 1 | " EG_POS "\n", "t:2: to-end 'x'"},
        {ENDGAMES_MAGIC "\n0 | 1 | " EG_POS "\n", "t:2: to-end '0'"},
        {ENDGAMES_MAGIC "\n8 | 3 | " EG_POS "\n", "t:2: winner '3'"},
        {ENDGAMES_MAGIC "\n\n8 | 1\n", "t:3: want TO-END | WINNER"},
        {ENDGAMES_MAGIC "\n8 | 1 | " EG_POS " | 4\n", "t:2: want TO-END"},
        {ENDGAMES_MAGIC "\n8 | | " EG_POS "\n", "t:2: want TO-END"},
        {ENDGAMES_MAGIC "\n8 | 1 | CB w cap\n", "t:2: position: "},
};

START_TEST(test_endgames_errors)
{
	struct endgame_set set;
	char err[512];
	ck_assert(!endgames_parse(eg_bad[_i].text, "t", eg_tzaar(), &set, err,
	                          sizeof err));
	ck_assert_msg(strstr(err, eg_bad[_i].want) != NULL,
	              "error '%s', want '%s'", err, eg_bad[_i].want);
	ck_assert_uint_eq(set.count, 0);
	ck_assert_ptr_null(set.items);
}
END_TEST

START_TEST(test_endgames_line_too_long)
{
	size_t n = 3000;
	char *text = malloc(n + 64);
	ck_assert_ptr_nonnull(text);
	int k = snprintf(text, n + 64, "%s\n8 | 1 | ", ENDGAMES_MAGIC);
	memset(text + k, 'C', n);
	text[k + (int)n] = '\0';
	struct endgame_set set;
	char err[512];
	ck_assert(
	        !endgames_parse(text, "t", eg_tzaar(), &set, err, sizeof err));
	ck_assert_str_eq(err, "t:2: line too long");
	free(text);
}
END_TEST

/* The shipped positions, as `tabula bench --solver` finds them. */
static void
eg_load_shipped(struct endgame_set *set)
{
	char path[4096], err[512];
	ck_assert_msg(datadir_path("endgames/tzaar.txt", path, sizeof path, err,
	                           sizeof err),
	              "%s", err);
	ck_assert_msg(endgames_load(path, eg_tzaar(), set, err, sizeof err),
	              "%s", err);
}

START_TEST(test_endgames_shipped)
{
	struct endgame_set set;
	eg_load_shipped(&set);
	ck_assert_uint_eq(set.count, 120);
	for (size_t i = 0; i < set.count; i++) {
		int d = set.items[i].to_end;
		ck_assert_msg(d >= 8 && d <= 18 && d % 2 == 0,
		              "endgame %zu: to-end %d", i + 1, d);
	}
	endgame_set_free(&set);
}
END_TEST

/* The proofs at a fixed budget are a signature of the solver: it changes
 * only when the solver, its table's size or TZAAR's rules do (then update
 * it here, deliberately, with `tabula bench --solver --nodes 100000`). */
START_TEST(test_solver_bench_signature)
{
	struct endgame_set set;
	eg_load_shipped(&set);
	struct solver_bench_result res;
	char err[256];
	ck_assert_msg(solver_bench_run(eg_tzaar(), &set, 100000, &res, err,
	                               sizeof err),
	              "%s", err);
	ck_assert_int_eq(res.positions, 120);
	ck_assert_int_eq(res.proven, 25);
	ck_assert_int_eq(res.disproven, 0);
	ck_assert_uint_eq(res.expanded, 822242);
	endgame_set_free(&set);
}
END_TEST

/* A larger budget goes on where a smaller one stopped: it proves every
 * position the smaller did, at every distance, and the nearest most. */
START_TEST(test_solver_bench_budget)
{
	struct endgame_set set;
	eg_load_shipped(&set);
	struct solver_bench_result small, large;
	char err[256];
	ck_assert(solver_bench_run(eg_tzaar(), &set, 20000, &small, err,
	                           sizeof err));
	ck_assert(solver_bench_run(eg_tzaar(), &set, 100000, &large, err,
	                           sizeof err));
	ck_assert_int_gt(small.proven, 0);
	ck_assert_int_gt(large.proven, small.proven);
	for (int d = 0; d < SOLVER_BENCH_DISTANCES; d++) {
		ck_assert_int_eq(small.at[d], large.at[d]);
		ck_assert_int_ge(large.proven_at[d], small.proven_at[d]);
	}
	ck_assert_int_gt(large.proven_at[8], large.proven_at[18]);
	endgame_set_free(&set);
}
END_TEST

static Suite *
endgames_suite(void)
{
	Suite *s = suite_create("endgames");
	TCase *tc = tcase_create("file");
	tcase_add_test(tc, test_endgames_parse);
	tcase_add_loop_test(tc, test_endgames_errors, 0,
	                    (int)(sizeof eg_bad / sizeof eg_bad[0]));
	tcase_add_test(tc, test_endgames_line_too_long);
	tcase_add_test(tc, test_endgames_shipped);
	suite_add_tcase(s, tc);
	tc = tcase_create("solver");
	testutil_single_thread(tc);
	tcase_set_timeout(tc, EG_SOLVER_TIMEOUT_S);
	tcase_add_test(tc, test_solver_bench_signature);
	tcase_add_test(tc, test_solver_bench_budget);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return testutil_run_suite(endgames_suite());
}
