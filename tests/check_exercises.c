/*
 * The personal set's file (core/exercises.h) and the exercises of a
 * reviewed record (study/exercise.h): a file read back as written, a
 * corrupt line named with its number, skipped and never written over; the
 * ? and ?? moves of one player found; a try judged right when it loses
 * less than the ?! threshold, and a wrong try refuted.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/exercises.h"
#include "core/registry.h"
#include "study/exercise.h"
#include "testutil.h"

static const char TZAAR_POS[] =
        "ccccCCbb.bCC..BABCCBccCa2BCC.....bc.cC..A2bccbB..bcb2..BBccCCCC w "
        "cap";

static char set_dir[64];

/* A fresh directory with exercises.txt holding body; its path in out. */
static void
set_file(const char *body, char *out, size_t size)
{
	snprintf(set_dir, sizeof set_dir, "/tmp/tabula-exercises-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(set_dir));
	snprintf(out, size, "%s/exercises.txt", set_dir);
	FILE *f = fopen(out, "w");
	ck_assert_ptr_nonnull(f);
	fputs(body, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* The whole file at path, malloc'd. */
static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	static char buf[1 << 16];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return strdup(buf);
}

START_TEST(test_round_trip)
{
	char path[256], err[1024];
	set_file("", path, sizeof path);
	unlink(path);
	struct exercise_set set;
	ck_assert(exercises_load(path, &set, err, sizeof err));
	ck_assert_uint_eq(set.count, 0);
	ck_assert(!set.damaged);
	ck_assert(exercises_record(&set, "tzaar", TZAAR_POS, "A5xB5", "a|b.rec",
	                           false));
	ck_assert(exercises_record(&set, "tzaar", TZAAR_POS, "A5xB5", "a|b.rec",
	                           true));
	ck_assert(exercises_save(path, &set, err, sizeof err));
	exercises_free(&set);
	ck_assert(exercises_load(path, &set, err, sizeof err));
	ck_assert_msg(set.count == 1 && !set.damaged, "count %zu: %s",
	              set.count, set.warning);
	const struct exercise_entry *e =
	        exercises_find(&set, "tzaar", TZAAR_POS, "A5xB5");
	ck_assert_ptr_nonnull(e);
	ck_assert(e->solved_last);
	ck_assert_int_eq(e->solved, 1);
	ck_assert_int_eq(e->failed, 1);
	/* The field separator never gets into a field. */
	ck_assert_str_eq(e->source, "a b.rec");
	ck_assert_uint_eq(exercises_count(&set, "tzaar"), 1);
	ck_assert_uint_eq(exercises_count(&set, "tetress"), 0);
	exercises_free(&set);
	testutil_remove_tree(set_dir);
}
END_TEST

/* Corrupt lines, each after a good one: the line and why. */
static const struct {
	const char *line;
	const char *why;
} BAD_LINES[] = {
        {"tzaar | solved | 1 | 0", "want 7 fields"},
        {"chess | solved | 1 | 0 | x | y | z", "no two-player game 'chess'"},
        {"tetris | solved | 1 | 0 | x | y | z", "no two-player game"},
        {"tzaar | maybe | 1 | 0 | x | y | z", "want 'solved' or 'failed'"},
        {"tzaar | solved | -1 | 0 | x | y | z", "then two counts"},
        {"tzaar | solved | 1 | 0 | nonsense | A5xB5 | z", "position: "},
        {"tzaar | failed | 0 | 1 | ccccCCbb.bCC..BABCCBccCa2BCC.....bc.cC.."
         "A2bccbB..bcb2..BBccCCCC w cap | A1xA9 | z",
         "move 'A1xA9': "},
        {"tzaar | failed | 0 | 1 |  | A5xB5 | z", "field 5 is empty"},
};

START_TEST(test_corrupt_line)
{
	char body[4096], path[256], err[1024];
	snprintf(body, sizeof body,
	         "%s\ntzaar | failed | 0 | 1 | %s | A5xB5 | game.rec\n%s\n",
	         EXERCISES_MAGIC, TZAAR_POS, BAD_LINES[_i].line);
	set_file(body, path, sizeof path);
	struct exercise_set set;
	ck_assert(exercises_load(path, &set, err, sizeof err));
	ck_assert_msg(set.count == 1, "%s: %zu read", BAD_LINES[_i].line,
	              set.count);
	ck_assert(set.damaged);
	ck_assert_int_eq(set.skipped, 1);
	char want[512];
	snprintf(want, sizeof want, "%s:3: ", path);
	ck_assert_msg(strncmp(set.warning, want, strlen(want)) == 0 &&
	                      strstr(set.warning, BAD_LINES[_i].why) != NULL,
	              "warning '%s', want '%s%s'", set.warning, want,
	              BAD_LINES[_i].why);
	/* A result is kept in memory, never written over the file. */
	ck_assert(
	        exercises_record(&set, "tzaar", TZAAR_POS, "A5xB5", "x", true));
	ck_assert(!exercises_save(path, &set, err, sizeof err));
	ck_assert_msg(strstr(err, "not written over") != NULL, "%s", err);
	char *after = slurp(path);
	ck_assert_str_eq(after, body);
	free(after);
	exercises_free(&set);
	testutil_remove_tree(set_dir);
}
END_TEST

START_TEST(test_not_ours)
{
	char path[256], err[1024];
	set_file("# tabula puzzle progress 1\nrating tzaar 1000 0 0\n", path,
	         sizeof path);
	struct exercise_set set;
	ck_assert(exercises_load(path, &set, err, sizeof err));
	ck_assert_uint_eq(set.count, 0);
	ck_assert(set.damaged);
	ck_assert_msg(strstr(set.warning, ":1: not an exercises file") != NULL,
	              "%s", set.warning);
	exercises_free(&set);
	testutil_remove_tree(set_dir);
}
END_TEST

/* Two terminal UIs of one person, each with the set as it was when it
 * started: each save counts its own tries into the file as it is then,
 * so neither loses the other's (the second save used to write its own
 * set over the first's tries). */
START_TEST(test_two_writers)
{
	char path[256], err[1024];
	set_file("", path, sizeof path);
	unlink(path);
	/* A second exercise: another move of the same position. */
	static const char OTHER[] = "A5xA4";
	struct exercise_set a, b;
	ck_assert(exercises_load(path, &a, err, sizeof err));
	ck_assert(exercises_load(path, &b, err, sizeof err));
	ck_assert(exercises_record(&a, "tzaar", TZAAR_POS, "A5xB5", "a.rec",
	                           false));
	ck_assert_msg(exercises_save(path, &a, err, sizeof err), "%s", err);
	ck_assert(exercises_record(&b, "tzaar", TZAAR_POS, "A5xB5", "a.rec",
	                           true));
	ck_assert(exercises_record(&b, "tzaar", TZAAR_POS, OTHER, "b.rec",
	                           false));
	ck_assert_msg(exercises_save(path, &b, err, sizeof err), "%s", err);
	/* b now holds what is on disk: both sessions' tries. */
	const struct exercise_entry *e =
	        exercises_find(&b, "tzaar", TZAAR_POS, "A5xB5");
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->failed, 1);
	ck_assert_int_eq(e->solved, 1);
	ck_assert(e->solved_last);
	ck_assert(
	        exercises_record(&a, "tzaar", TZAAR_POS, OTHER, "b.rec", true));
	ck_assert_msg(exercises_save(path, &a, err, sizeof err), "%s", err);
	exercises_free(&a);
	exercises_free(&b);
	ck_assert(exercises_load(path, &a, err, sizeof err));
	ck_assert_uint_eq(a.count, 2);
	e = exercises_find(&a, "tzaar", TZAAR_POS, "A5xB5");
	ck_assert(e != NULL && e->solved == 1 && e->failed == 1);
	e = exercises_find(&a, "tzaar", TZAAR_POS, OTHER);
	ck_assert(e != NULL && e->solved == 1 && e->failed == 1);
	exercises_free(&a);
	testutil_remove_tree(set_dir);
}
END_TEST

/* A file over the cap is not read and never written over; a symbolic
 * link at the file's place is refused, its target untouched. */
START_TEST(test_huge_and_link)
{
	char path[256], err[1024], target[300];
	set_file(EXERCISES_MAGIC "\n", path, sizeof path);
	FILE *f = fopen(path, "r+");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fseek(f, EXERCISES_MAX_BYTES, SEEK_SET), 0);
	ck_assert_int_eq(fputc('\n', f), '\n');
	ck_assert_int_eq(fclose(f), 0);
	struct exercise_set set;
	ck_assert(!exercises_load(path, &set, err, sizeof err));
	ck_assert_msg(strstr(err, "larger than") != NULL, "%s", err);
	ck_assert(set.damaged);
	ck_assert(
	        exercises_record(&set, "tzaar", TZAAR_POS, "A5xB5", "x", true));
	ck_assert(!exercises_save(path, &set, err, sizeof err));
	struct stat st;
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_size, (off_t)EXERCISES_MAX_BYTES + 1);
	exercises_free(&set);
	snprintf(target, sizeof target, "%s/elsewhere.txt", set_dir);
	f = fopen(target, "w");
	ck_assert_ptr_nonnull(f);
	fputs(EXERCISES_MAGIC "\n", f);
	ck_assert_int_eq(fclose(f), 0);
	unlink(path);
	ck_assert_int_eq(symlink(target, path), 0);
	ck_assert(exercises_load(path, &set, err, sizeof err));
	ck_assert(
	        exercises_record(&set, "tzaar", TZAAR_POS, "A5xB5", "x", true));
	ck_assert(!exercises_save(path, &set, err, sizeof err));
	ck_assert_msg(strstr(err, "symbolic link") != NULL, "%s", err);
	char *after = slurp(target);
	ck_assert_str_eq(after, EXERCISES_MAGIC "\n");
	free(after);
	exercises_free(&set);
	testutil_remove_tree(set_dir);
}
END_TEST

/* Records of tests/data/drill: the first move is a mistake of player 1,
 * the right answer, and the mistake. */
static const struct {
	const char *file;
	const char *right, *wrong;
} DRILLS[] = {
        {"drill/tzaar.rec", "F6xF7", "A5xB5"},
        {"drill/tetress.rec", "0-2,1-2,2-2,2-3", "4-0,5-0,6-0,7-0"},
        {"drill/infexion.rec", "SPREAD(0,0,0,1)", "SPREAD(0,0,1,0)"},
};

/* Reads a record of tests/data. */
static void
load_record(const char *name, struct session *s, struct record_meta *meta)
{
	FILE *f = testutil_open_data(name);
	ck_assert_ptr_nonnull(f);
	static char text[1 << 16];
	size_t n = fread(text, 1, sizeof text - 1, f);
	text[n] = '\0';
	fclose(f);
	char err[1024];
	ck_assert_msg(
	        testutil_record_read_text(name, text, s, meta, err, sizeof err),
	        "%s", err);
}

START_TEST(test_find_and_judge)
{
	struct session s;
	struct record_meta meta;
	char err[1024];
	load_record(DRILLS[_i].file, &s, &meta);
	ck_assert(!exercise_reviewed(&s, &meta));
	ck_assert_uint_eq(exercise_find(&s, &meta, 0, NULL, 0), 0);
	ck_assert_msg(exercise_review_all(&s, &meta, err, sizeof err), "%s",
	              err);
	ck_assert(exercise_reviewed(&s, &meta));
	struct exercise ex[4];
	ck_assert_uint_eq(exercise_find(&s, &meta, 0, ex, 4), 1);
	ck_assert_uint_eq(ex[0].ply, 0);
	ck_assert_uint_eq(exercise_find(&s, &meta, 1, NULL, 0), 0);
	const struct game_ops *ops = s.ops;
	struct review *rv = review_new(16);
	ck_assert_ptr_nonnull(rv);
	game_move right, wrong;
	ck_assert(ops->parse_move(&ex[0].pos, DRILLS[_i].right, &right, err,
	                          sizeof err));
	ck_assert(ops->parse_move(&ex[0].pos, DRILLS[_i].wrong, &wrong, err,
	                          sizeof err));
	ck_assert(ex[0].played == wrong);
	struct exercise_verdict v;
	ck_assert(exercise_judge(rv, ops, &ex[0].pos, right, NULL, &v, err,
	                         sizeof err));
	ck_assert_msg(v.right, "%s: %s lost %d", DRILLS[_i].file,
	              DRILLS[_i].right, v.loss);
	ck_assert(exercise_judge(rv, ops, &ex[0].pos, wrong, NULL, &v, err,
	                         sizeof err));
	ck_assert_msg(!v.right && v.line_len > 0 && v.mark >= MARK_MISTAKE,
	              "%s: %s judged right or unrefuted (loss %d)",
	              DRILLS[_i].file, DRILLS[_i].wrong, v.loss);
	ck_assert(v.best == right);
	review_free(rv);
	session_free(&s);
	record_meta_free(&meta);
}
END_TEST

static Suite *
exercises_suite(void)
{
	Suite *s = suite_create("exercises");
	TCase *tc = tcase_create("file");
	tcase_add_test(tc, test_round_trip);
	tcase_add_loop_test(tc, test_corrupt_line, 0,
	                    (int)(sizeof BAD_LINES / sizeof BAD_LINES[0]));
	tcase_add_test(tc, test_not_ours);
	tcase_add_test(tc, test_two_writers);
	tcase_add_test(tc, test_huge_and_link);
	suite_add_tcase(s, tc);
	tc = tcase_create("judge");
	tcase_add_loop_test(tc, test_find_and_judge, 0,
	                    (int)(sizeof DRILLS / sizeof DRILLS[0]));
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	/* The judge at a few thousand nodes a position, not the games'
	 * budgets (TZAAR's confirming look is 5 million nodes), so that the
	 * drills take seconds under the sanitizers; the environment's value
	 * stands if set (man page ENVIRONMENT). */
	setenv("TABULA_REVIEW_NODES", "5000", 0);
	return testutil_run_suite(exercises_suite());
}
