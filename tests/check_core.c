/*
 * The core: the registry, sessions (history, undo, truncation, failed
 * commands leaving the session alone), threaded perft agreeing with the
 * plain walk, the thread pool running every job of a batch once, and the
 * whole-file reader.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/file.h"
#include "core/perft.h"
#include "core/pool.h"
#include "core/registry.h"
#include "core/session.h"
#include "core/text.h"
#include "testutil.h"

/* The file helpers' refusals, each with a message naming the path. */
START_TEST(test_file_errors)
{
	char out[64], err[256];
	char *old_home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
	unsetenv("HOME");
	ck_assert(!file_expand_home("~/x", out, sizeof out, err, sizeof err));
	ck_assert_msg(strstr(err, "HOME is not set") != NULL, "%s", err);
	setenv("HOME", "/home/someone", 1);
	ck_assert(file_expand_home("~", out, sizeof out, err, sizeof err));
	ck_assert_str_eq(out, "/home/someone");
	ck_assert(file_expand_home("a~/b", out, sizeof out, err, sizeof err));
	ck_assert_str_eq(out, "a~/b");
	char longer[200];
	memset(longer, 'x', sizeof longer - 1);
	longer[sizeof longer - 1] = '\0';
	ck_assert(!file_expand_home(longer, out, sizeof out, err, sizeof err));
	ck_assert_msg(strstr(err, "path too long") != NULL, "%s", err);
	if (old_home != NULL)
		setenv("HOME", old_home, 1);
	free(old_home);

	char dir[] = "/tmp/check_core.XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char path[256];
	snprintf(path, sizeof path, "%s/f", dir);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("0123456789", f);
	fclose(f);
	char *buf;
	size_t len;
	ck_assert(file_read_all(path, 100, &buf, &len, err, sizeof err));
	ck_assert_uint_eq(len, 10);
	ck_assert_str_eq(buf, "0123456789");
	free(buf);
	ck_assert(!file_read_all(path, 5, &buf, &len, err, sizeof err));
	ck_assert_msg(strstr(err, "larger than 5 bytes") != NULL, "%s", err);
	ck_assert_ptr_null(buf);
	ck_assert(!file_read_all("/nonexistent/f", 5, &buf, &len, err,
	                         sizeof err));
	ck_assert_msg(strstr(err, "/nonexistent/f: No such file") == err, "%s",
	              err);
	/* Replacing: a directory path, a missing directory. */
	ck_assert(!file_check_target(dir, err, sizeof err));
	ck_assert_msg(strstr(err, "is a directory") != NULL, "%s", err);
	ck_assert(file_check_target("/nonexistent/x", err, sizeof err));
	unlink(path);
	rmdir(dir);
}
END_TEST

START_TEST(test_registry)
{
	ck_assert_uint_ge(registry_count(), 1);
	for (size_t i = 0; i < registry_count(); i++) {
		const struct game_ops *ops = registry_at(i);
		ck_assert_ptr_nonnull(ops);
		ck_assert_ptr_eq(registry_find(ops->name), ops);
		ck_assert_uint_le(ops->pos_size, GAME_POS_BYTES);
	}
	ck_assert_ptr_eq(registry_find("TETRESS"), registry_find("tetress"));
	ck_assert_ptr_null(registry_find("chess"));
	ck_assert_ptr_null(registry_at(registry_count()));
}
END_TEST

static const struct game_ops *
tetress(void)
{
	const struct game_ops *ops = registry_find("tetress");
	ck_assert_ptr_nonnull(ops);
	return ops;
}

START_TEST(test_session_history)
{
	const struct game_ops *ops = tetress();
	struct session s;
	char err[256], start[GAME_TEXT_MAX], after[GAME_TEXT_MAX],
	        now[GAME_TEXT_MAX];
	ck_assert(session_init(&s, ops, NULL));
	ops->format_pos(session_current(&s), start, sizeof start);
	ck_assert(session_play_text(&s, "6-3,7-2,7-3,7-4", err, sizeof err));
	ops->format_pos(session_current(&s), after, sizeof after);
	ck_assert(!session_play_text(&s, "6-3,7-2,7-3,7-4", err, sizeof err));
	ck_assert_uint_eq(s.ply, 1);
	/* Enough moves to make the arrays grow past their first size. */
	game_move moves[GAME_MAX_MOVES];
	for (int i = 0;
	     i < 100 && ops->gen_moves(session_current(&s), moves) > 0; i++)
		ck_assert(session_play(&s, moves[0]));
	ck_assert_uint_gt(s.ply, 64);
	session_truncate(&s, 1);
	ck_assert_uint_eq(s.ply, 1);
	ops->format_pos(session_current(&s), now, sizeof now);
	ck_assert_str_eq(now, after);
	ck_assert(session_undo(&s));
	ck_assert(!session_undo(&s));
	ops->format_pos(session_current(&s), now, sizeof now);
	ck_assert_str_eq(now, start);
	session_free(&s);
}
END_TEST

START_TEST(test_session_bad_input_changes_nothing)
{
	const struct game_ops *ops = tetress();
	struct session s;
	char err[256], before[GAME_TEXT_MAX], now[GAME_TEXT_MAX];
	ck_assert(session_init(&s, ops, NULL));
	ck_assert(session_play_text(&s, "0-0,0-1,0-2,0-3", err, sizeof err));
	ops->format_pos(session_current(&s), before, sizeof before);
	ck_assert(!session_set_fen(&s, "garbage", err, sizeof err));
	ck_assert(!session_set_stream(&s, "OIZ", err, sizeof err));
	ck_assert_ptr_nonnull(strstr(err, "no piece stream"));
	ck_assert_uint_eq(s.ply, 1);
	ops->format_pos(session_current(&s), now, sizeof now);
	ck_assert_str_eq(now, before);
	session_free(&s);
}
END_TEST

START_TEST(test_perft_threads_agree)
{
	const struct game_ops *ops = tetress();
	struct session s;
	char err[256];
	ck_assert(session_init(&s, ops, NULL));
	ck_assert(session_play_text(&s, "1-1,1-2,1-3,1-4", err, sizeof err));
	ck_assert(session_play_text(&s, "0-7,1-7,1-8,1-9", err, sizeof err));
	const struct game_pos *pos = session_current(&s);
	uint64_t walk = perft_walk(ops, pos, 2);
	ck_assert_uint_eq(walk, 57148); /* the referee's count */
	for (int threads = 1; threads <= 3; threads++)
		ck_assert_uint_eq(perft_count(ops, pos, 2, threads), walk);
	game_move moves[GAME_MAX_MOVES];
	uint64_t counts[GAME_MAX_MOVES], sum = 0;
	int n = perft_divide(ops, pos, 2, 2, moves, counts);
	ck_assert_int_eq(n, 261);
	for (int i = 0; i < n; i++)
		sum += counts[i];
	ck_assert_uint_eq(sum, walk);
	session_free(&s);
}
END_TEST

/* Each job adds its number to its own slot, so a job run twice or never
 * shows; many small batches in a row catch a helper left in an old one. */
struct pool_tally {
	int runs[64];
};

static void
pool_tally_job(void *ctx, int job)
{
	struct pool_tally *t = ctx;
	t->runs[job] += job + 1;
}

START_TEST(test_pool_runs_each_job_once)
{
	static const int helpers[] = {0, 1, 3};
	for (size_t h = 0; h < sizeof helpers / sizeof helpers[0]; h++) {
		struct pool *pool = pool_create(helpers[h]);
		ck_assert_ptr_nonnull(pool);
		for (int batch = 0; batch < 200; batch++) {
			struct pool_tally t;
			int jobs = batch % 64;
			memset(&t, 0, sizeof t);
			pool_run(pool, jobs, pool_tally_job, &t);
			for (int j = 0; j < 64; j++)
				ck_assert_int_eq(t.runs[j],
				                 j < jobs ? j + 1 : 0);
		}
		pool_destroy(pool);
	}
	pool_destroy(NULL);
	ck_assert_int_ge(pool_processors(), 1);
}
END_TEST

/* The whole-file reader: a stream longer than its first buffer comes back
 * whole and NUL-terminated; one past the limit is refused. */
/* The one number reader: digits only, overflow and range refused, the
 * text after the digits left to the caller. */
START_TEST(test_numbers)
{
	const char *s = "255x7";
	uint64_t u;
	ck_assert(text_read_u64(&s, 255, &u));
	ck_assert_uint_eq(u, 255);
	ck_assert_str_eq(s, "x7");
	s = "256";
	ck_assert(!text_read_u64(&s, 255, &u));
	ck_assert_str_eq(s, "256");
	s = "18446744073709551615";
	ck_assert(text_read_u64(&s, UINT64_MAX, &u));
	ck_assert(u == UINT64_MAX);
	s = "18446744073709551616";
	ck_assert(!text_read_u64(&s, UINT64_MAX, &u));
	s = "+1";
	ck_assert(!text_read_u64(&s, 9, &u));
	int64_t v = 42;
	ck_assert(text_to_i64("-9223372036854775808", INT64_MIN, 0, &v));
	ck_assert(v == INT64_MIN);
	ck_assert(text_to_i64("9223372036854775807", 0, INT64_MAX, &v));
	ck_assert(v == INT64_MAX);
	ck_assert(!text_to_i64("9223372036854775808", 0, INT64_MAX, &v));
	ck_assert(!text_to_i64("", 0, 9, &v));
	ck_assert(!text_to_i64("-", -9, 9, &v));
	ck_assert(!text_to_i64(" 1", 0, 9, &v));
	ck_assert(!text_to_i64("1 ", 0, 9, &v));
	ck_assert(!text_to_i64("10", 0, 9, &v));
	ck_assert(v == INT64_MAX); /* untouched by the failures */
	long l;
	ck_assert(text_to_long("-3", -5, 5, &l));
	ck_assert_int_eq(l, -3);
	ck_assert(!text_to_long("-6", -5, 5, &l));
}
END_TEST

START_TEST(test_read_all)
{
	enum { BYTES = 10000 };
	FILE *f = tmpfile();
	ck_assert_ptr_nonnull(f);
	for (int i = 0; i < BYTES; i++)
		fputc('a' + i % 26, f);
	rewind(f);
	char *buf;
	size_t len;
	ck_assert_int_eq(text_read_all(f, BYTES, &buf, &len), TEXT_READ_OK);
	ck_assert_uint_eq(len, BYTES);
	ck_assert_int_eq(buf[BYTES - 1], 'a' + (BYTES - 1) % 26);
	ck_assert_int_eq(buf[BYTES], '\0');
	free(buf);
	rewind(f);
	ck_assert_int_eq(text_read_all(f, BYTES - 1, &buf, &len),
	                 TEXT_READ_TOO_LARGE);
	ck_assert_ptr_null(buf);
	fclose(f);
}
END_TEST

static Suite *
core_suite(void)
{
	Suite *s = suite_create("core");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_registry);
	tcase_add_test(tc, test_file_errors);
	tcase_add_test(tc, test_session_history);
	tcase_add_test(tc, test_session_bad_input_changes_nothing);
	tcase_add_test(tc, test_perft_threads_agree);
	tcase_add_test(tc, test_pool_runs_each_job_once);
	tcase_add_test(tc, test_numbers);
	tcase_add_test(tc, test_read_all);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return testutil_run_suite(core_suite());
}
