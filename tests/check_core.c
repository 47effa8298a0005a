/*
 * The core: the registry, sessions (history, undo, truncation, failed
 * commands leaving the session alone), threaded perft agreeing with the
 * plain walk, the thread pool running every job of a batch once, the worker
 * with a mailbox (every job back once, a held job held until cancelled), and
 * the whole-file reader.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <poll.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/level-progress.h"
#include "core/file.h"
#include "core/perft.h"
#include "core/pool.h"
#include "core/registry.h"
#include "core/session.h"
#include "core/text.h"
#include "core/wake.h"
#include "core/worker.h"
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

/* Writes ctx (a string) for file_replace; a NULL ctx fails with a reason. */
static bool
write_text(FILE *f, const void *ctx, char *why, size_t why_size)
{
	if (ctx == NULL) {
		snprintf(why, why_size, "the writer gave up");
		return false;
	}
	return fputs(ctx, f) >= 0;
}

/* The whole of a small file, or "" when it cannot be read. */
static const char *
slurp(const char *path)
{
	static char text[256];
	text[0] = '\0';
	FILE *f = fopen(path, "r");
	if (f != NULL) {
		size_t n = fread(text, 1, sizeof text - 1, f);
		text[n] = '\0';
		fclose(f);
	}
	return text;
}

/* Reading refuses what is not a regular file (a FIFO without waiting for a
 * writer); replacing refuses links, devices and directories, leaves the
 * target and no temporary file when the writer fails, and keeps the
 * target's permissions; XDG paths fall back on HOME and say why not. */
START_TEST(test_file_types_and_replace)
{
	char dir[] = "/tmp/check_core.XXXXXX", path[256], link[256], fifo[256],
	     err[512], buf[1024];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/game.rec", dir);
	snprintf(link, sizeof link, "%s/link", dir);
	snprintf(fifo, sizeof fifo, "%s/fifo", dir);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	ck_assert_int_eq(symlink(path, link), 0);

	ck_assert_ptr_null(file_open_read(fifo, err, sizeof err));
	ck_assert_msg(strstr(err, "fifo: is a FIFO, not a regular file"), "%s",
	              err);
	ck_assert_ptr_null(file_open_read(dir, err, sizeof err));
	ck_assert_msg(strstr(err, ": is a directory"), "%s", err);
	ck_assert_ptr_null(file_open_read("/dev/null", err, sizeof err));
	ck_assert_str_eq(err, "/dev/null: is a device, not a regular file");

	/* A new file, then replaced; its mode kept. */
	ck_assert_msg(file_replace(path, write_text, "one\n", err, sizeof err),
	              "%s", err);
	ck_assert_str_eq(slurp(path), "one\n");
	ck_assert_int_eq(chmod(path, 0600), 0);
	ck_assert(file_replace(path, write_text, "two\n", err, sizeof err));
	ck_assert_str_eq(slurp(path), "two\n");
	struct stat st;
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0600);
	/* A writer that fails: the old file stays, no temporary is left. */
	ck_assert(!file_replace(path, write_text, NULL, err, sizeof err));
	snprintf(buf, sizeof buf, "%s: the writer gave up", path);
	ck_assert_str_eq(err, buf);
	ck_assert_str_eq(slurp(path), "two\n");
	snprintf(buf, sizeof buf, "ls -A %s | wc -l", dir);
	FILE *ls = popen(buf, "r");
	ck_assert_ptr_nonnull(ls);
	ck_assert_ptr_nonnull(fgets(buf, sizeof buf, ls));
	pclose(ls);
	ck_assert_int_eq(atoi(buf), 3); /* game.rec, link, fifo */
	/* What is not a regular file is not replaced. */
	ck_assert(!file_replace(link, write_text, "x", err, sizeof err));
	ck_assert_msg(strstr(err, "link: is a symbolic link: not replaced"),
	              "%s", err);
	ck_assert(!file_replace(fifo, write_text, "x", err, sizeof err));
	ck_assert_msg(strstr(err, "is a FIFO, not a regular file: not "
	                          "replaced"),
	              "%s", err);
	ck_assert(!file_replace("/dev/null", write_text, "x", err, sizeof err));
	ck_assert_str_eq(err, "/dev/null: is a device, not a regular file: "
	                      "not replaced");
	snprintf(buf, sizeof buf, "%s/", dir);
	ck_assert(!file_replace(buf, write_text, "x", err, sizeof err));
	ck_assert_msg(strstr(err, "is a directory"), "%s", err);
	snprintf(buf, sizeof buf, "%s/no/such/dir/f", dir);
	ck_assert(!file_replace(buf, write_text, "x", err, sizeof err));
	ck_assert_msg(strstr(err, "f: No such file or directory"), "%s", err);
	/* A bare name is in the current directory. */
	char cwd[1024];
	ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
	ck_assert_int_eq(chdir(dir), 0);
	ck_assert(file_replace("bare", write_text, "three", err, sizeof err));
	ck_assert_int_eq(chdir(cwd), 0);
	snprintf(buf, sizeof buf, "%s/bare", dir);
	ck_assert_str_eq(slurp(buf), "three");

	/* XDG paths: a relative XDG value is ignored for HOME's fallback;
	 * directories are made when asked; a file in the way is named. */
	setenv("XDG_TEST_HOME", "relative/dir", 1);
	setenv("HOME", dir, 1);
	ck_assert(file_xdg_path("XDG_TEST_HOME", ".local/test", "x.txt", true,
	                        buf, sizeof buf, err, sizeof err));
	char want[512];
	snprintf(want, sizeof want, "%s/.local/test/tabula/x.txt", dir);
	ck_assert_str_eq(buf, want);
	snprintf(want, sizeof want, "%s/.local/test/tabula", dir);
	ck_assert_int_eq(stat(want, &st), 0);
	ck_assert(S_ISDIR(st.st_mode));
	snprintf(want, sizeof want, "%s/bare", dir);
	setenv("XDG_TEST_HOME", want, 1);
	ck_assert(!file_xdg_path("XDG_TEST_HOME", ".x", "y", true, buf,
	                         sizeof buf, err, sizeof err));
	ck_assert_msg(strstr(err, "bare/tabula: Not a directory"), "%s", err);
	ck_assert(!file_xdg_path("XDG_TEST_HOME", ".x", "y", false, buf, 8, err,
	                         sizeof err));
	ck_assert_msg(strstr(err, "path too long"), "%s", err);
	unsetenv("XDG_TEST_HOME");
	unsetenv("HOME");
	ck_assert(!file_xdg_path("XDG_TEST_HOME", ".x", "y", false, buf,
	                         sizeof buf, err, sizeof err));
	ck_assert_str_eq(err, "neither XDG_TEST_HOME nor HOME is set");

	testutil_remove_tree(dir);
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

/* The one word splitter: words end in place at any of the blanks given,
 * runs of blanks count as one, and the end gives NULL with the rest
 * left empty. */
START_TEST(test_next_word)
{
	char line[] = " \tgo  depth\r5\t";
	char *rest = line;
	ck_assert_str_eq(text_next_word(&rest, " \t\r"), "go");
	ck_assert_str_eq(text_next_word(&rest, " \t\r"), "depth");
	ck_assert_str_eq(text_next_word(&rest, " \t\r"), "5");
	ck_assert_ptr_null(text_next_word(&rest, " \t\r"));
	ck_assert_str_eq(rest, "");
	char room[] = "say a\rb";
	rest = room;
	ck_assert_str_eq(text_next_word(&rest, " \t"), "say");
	ck_assert_str_eq(text_next_word(&rest, " \t"), "a\rb");
	char blank[] = "   ";
	rest = blank;
	ck_assert_ptr_null(text_next_word(&rest, " "));
}
END_TEST

/* text_find_word leaves the text as it is and says where each word is. */
START_TEST(test_find_word)
{
	const char *text = "  e5 d4\tx", *rest = text, *w;
	size_t len = 0;
	w = text_find_word(&rest, " \t", &len);
	ck_assert_msg(w == text + 2 && len == 2, "first word at %td, %zu long",
	              w - text, len);
	w = text_find_word(&rest, " \t", &len);
	ck_assert_msg(w == text + 5 && len == 2, "second word at %td, %zu long",
	              w - text, len);
	w = text_find_word(&rest, " \t", &len);
	ck_assert_msg(w == text + 8 && len == 1, "third word at %td", w - text);
	ck_assert_ptr_null(text_find_word(&rest, " \t", &len));
	ck_assert_str_eq(text, "  e5 d4\tx");
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

/* The levels file: a newcomer gets the level asked for, a win offers the
 * next level up and a loss the next down (within the bounds), the counts
 * survive a save and a load, and a bad line is refused with its place. */
START_TEST(test_level_progress)
{
	char dir[] = "/tmp/check_core.XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char path[256], err[512];
	snprintf(path, sizeof path, "%s/levels.txt", dir);
	struct level_progress lp;
	ck_assert(level_progress_load(path, &lp, err, sizeof err));
	ck_assert_int_eq(level_progress_level(&lp, "tzaar", 1), 1);
	ck_assert_int_eq(level_progress_record(&lp, "tzaar", 1, 1, 1, 10), 2);
	ck_assert_int_eq(level_progress_record(&lp, "tzaar", 2, 1, 1, 10), 3);
	ck_assert_int_eq(level_progress_record(&lp, "tzaar", 3, -1, 1, 10), 2);
	ck_assert_int_eq(level_progress_record(&lp, "tzaar", 2, 0, 1, 10), 2);
	ck_assert_int_eq(level_progress_record(&lp, "tetress", 1, -1, 1, 10),
	                 1);
	ck_assert_int_eq(level_progress_record(&lp, "infexion", 10, 1, 1, 10),
	                 10);
	ck_assert(level_progress_save(path, &lp, err, sizeof err));
	struct level_progress back;
	ck_assert(level_progress_load(path, &back, err, sizeof err));
	ck_assert_int_eq(back.count, 3);
	ck_assert_int_eq(level_progress_level(&back, "tzaar", 1), 2);
	ck_assert_int_eq(level_progress_level(&back, "tetress", 5), 1);
	ck_assert_int_eq(back.games[0].wins, 2);
	ck_assert_int_eq(back.games[0].draws, 1);
	ck_assert_int_eq(back.games[0].losses, 1);

	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "%s\nlevel tzaar three 0 0 0\n", LEVEL_PROGRESS_MAGIC);
	fclose(f);
	ck_assert(!level_progress_load(path, &back, err, sizeof err));
	ck_assert_msg(strstr(err, "levels.txt:2: want 'level GAME LEVEL") !=
	                      NULL,
	              "%s", err);
	ck_assert_int_eq(back.count, 0);
	unlink(path);
	rmdir(dir);
}
END_TEST

/* A job that counts its runs, or holds until it is cancelled. */
struct worker_test_job {
	struct worker_job base;
	struct worker *w;
	bool hold;
	atomic_int *runs;
};

static void
worker_test_run(struct worker_job *base)
{
	struct worker_test_job *job = (struct worker_test_job *)base;
	if (job->hold)
		worker_hold(job->w, base);
	atomic_fetch_add(job->runs, 1);
}

/* The one worker: every job runs once and comes back with a byte on the
 * descriptor; a wait times out while a job holds, and a cancel ends the
 * hold. */
START_TEST(test_worker_mailbox)
{
	enum { JOBS = 50 };
	struct worker *w = worker_new(3);
	ck_assert_ptr_nonnull(w);
	atomic_int runs;
	atomic_init(&runs, 0);
	static struct worker_test_job jobs[JOBS + 1];
	for (int i = 0; i <= JOBS; i++) {
		jobs[i] = (struct worker_test_job){.w = w, .runs = &runs};
		jobs[i].base.run = worker_test_run;
		atomic_init(&jobs[i].base.stop, false);
	}
	for (int i = 0; i < JOBS; i++)
		ck_assert(worker_submit(w, &jobs[i].base));
	for (int back = 0; back < JOBS;) {
		struct pollfd pfd = {.fd = worker_fd(w), .events = POLLIN};
		ck_assert_int_eq(poll(&pfd, 1, 10000), 1);
		while (worker_take(w) != NULL)
			back++;
	}
	ck_assert_int_eq(atomic_load(&runs), JOBS);
	ck_assert_ptr_null(worker_take(w));
	jobs[JOBS].hold = true;
	ck_assert(worker_submit(w, &jobs[JOBS].base));
	ck_assert_msg(!worker_wait(w, 50), "a held job came back");
	worker_cancel(w, &jobs[JOBS].base);
	ck_assert(worker_wait(w, -1));
	ck_assert_ptr_eq(worker_take(w), &jobs[JOBS].base);
	ck_assert_int_eq(atomic_load(&runs), JOBS + 1);
	worker_free(w, false, NULL);
}
END_TEST

/* The wake pipe: readable after a wake-up, empty after a drain, never
 * blocking a waker however many wake-ups wait, and closed on exec. */
START_TEST(test_wake_pipe)
{
	struct wake w;
	ck_assert(wake_open(&w));
	struct pollfd pfd = {.fd = wake_fd(&w), .events = POLLIN};
	ck_assert_int_eq(poll(&pfd, 1, 0), 0);
	wake_up(&w);
	ck_assert_int_eq(poll(&pfd, 1, 0), 1);
	wake_drain(&w);
	ck_assert_int_eq(poll(&pfd, 1, 0), 0);
	/* More than a pipe holds: the waker goes on. */
	for (int i = 0; i < 200000; i++)
		wake_up(&w);
	ck_assert_int_eq(poll(&pfd, 1, 0), 1);
	wake_drain(&w);
	ck_assert_int_eq(poll(&pfd, 1, 0), 0);
	for (int i = 0; i < 2; i++)
		ck_assert(fcntl(w.fd[i], F_GETFD) & FD_CLOEXEC);
	wake_close(&w);
	ck_assert_int_eq(wake_fd(&w), -1);
	wake_up(&w); /* closed: nothing to wake, nothing written */
	wake_close(&w);
}
END_TEST

/* Control characters become \xNN, UTF-8 stays, invalid bytes and C1
 * controls are escaped, a buffer too small cuts between pieces. */
START_TEST(test_escape_controls)
{
	char s[64] = "a\033]0;t\007 \xc3\xa9 \xc2\x9b \xff\tz\n";
	ck_assert(text_escape_controls(s, sizeof s, "\t"));
	ck_assert_str_eq(s,
	                 "a\\x1b]0;t\\x07 \xc3\xa9 \\xc2\\x9b \\xff\tz\\x0a");
	ck_assert(!text_escape_controls(s, sizeof s, "\t"));
	char small[8] = "ab\033cd";
	ck_assert(text_escape_controls(small, sizeof small, ""));
	ck_assert_str_eq(small, "ab\\x1bc"); /* "d" did not fit */
	char *dup = text_escape_controls_dup("\x7f!", "");
	ck_assert_str_eq(dup, "\\x7f!");
	free(dup);
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
	tcase_add_test(tc, test_file_types_and_replace);
	tcase_add_test(tc, test_session_history);
	tcase_add_test(tc, test_session_bad_input_changes_nothing);
	tcase_add_test(tc, test_perft_threads_agree);
	tcase_add_test(tc, test_pool_runs_each_job_once);
	tcase_add_test(tc, test_worker_mailbox);
	tcase_add_test(tc, test_wake_pipe);
	tcase_add_test(tc, test_escape_controls);
	tcase_add_test(tc, test_numbers);
	tcase_add_test(tc, test_next_word);
	tcase_add_test(tc, test_find_word);
	tcase_add_test(tc, test_read_all);
	tcase_add_test(tc, test_level_progress);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return testutil_run_suite(core_suite());
}
