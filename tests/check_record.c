/*
 * Records: every registered game round-trips through record_write and
 * record_read (random legal games, seeded set-ups, piece streams, comments),
 * finished games carry the result the rules give, and malformed or illegal
 * records are refused with "name:line: message".
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/record.h"
#include "core/registry.h"
#include "core/rng.h"
#include "testutil.h"

/* Plies of each random game (fewer if it ends first). */
static const int RANDOM_GAME_PLIES = 40;

/* Piece stream length for stream games in these tests. */
enum { TEST_STREAM_LEN = 200 };

/* Reads text as a record named "t.rec". */
static bool
read_text(const char *text, struct session *s, struct record_meta *meta,
          char *err, size_t err_size)
{
	return testutil_record_read_text("t.rec", text, s, meta, err, err_size);
}

/* Plays up to plies random legal moves; returns the plies played. */
static int
play_random(struct session *s, uint64_t seed, int plies)
{
	static game_move moves[GAME_MAX_MOVES];
	struct rng r;
	rng_seed(&r, seed);
	int played = 0;
	for (; played < plies; played++) {
		int n = s->ops->gen_moves(session_current(s), moves);
		if (n == 0)
			break;
		ck_assert(session_play(s, moves[rng_below(&r, (uint32_t)n)]));
	}
	return played;
}

/* A session of game `index` with a seeded set-up (and stream) when asked. */
static void
start_session(struct session *s, const struct game_ops *ops, uint64_t seed)
{
	struct game_setup setup = {.seed = seed};
	ck_assert(session_init(s, ops, &setup));
	if (ops->item_from_char != NULL) {
		char letters[TEST_STREAM_LEN + 1];
		record_stream_from_seed(ops, seed + 1, letters,
		                        TEST_STREAM_LEN);
		char err[256];
		ck_assert_msg(session_set_stream(s, letters, err, sizeof err),
		              "%s", err);
	}
}

static void
assert_same_sessions(const struct session *a, const struct session *b)
{
	ck_assert_ptr_eq(a->ops, b->ops);
	ck_assert_uint_eq(a->ply, b->ply);
	char x[GAME_TEXT_MAX], y[GAME_TEXT_MAX];
	for (size_t i = 0; i <= a->ply; i++) {
		a->ops->format_pos(&a->positions[i], x, sizeof x);
		b->ops->format_pos(&b->positions[i], y, sizeof y);
		ck_assert_msg(strcmp(x, y) == 0, "%s ply %zu: %s != %s",
		              a->ops->name, i, x, y);
		if (i < a->ply)
			ck_assert_uint_eq(a->moves[i], b->moves[i]);
	}
}

/* Every registered game reads back from a record naming it alone. */
START_TEST(test_games_registered)
{
	const char *names[] = {"tetress", "infexion", "tzaar", "tetris"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const struct game_ops *ops = registry_find(names[i]);
		ck_assert_msg(ops != NULL, "%s is not registered", names[i]);
		char text[128];
		snprintf(text, sizeof text,
		         "# tabula record 1\n[Game \"%s\"]\n\n*\n", names[i]);
		struct session s;
		struct record_meta meta;
		char err[256];
		ck_assert_msg(read_text(text, &s, &meta, err, sizeof err),
		              "%s: %s", names[i], err);
		ck_assert_ptr_eq(s.ops, ops);
		ck_assert_uint_eq(s.ply, 0);
		session_free(&s);
		record_meta_free(&meta);
	}
}
END_TEST

START_TEST(test_round_trip)
{
	for (size_t g = 0; registry_at(g) != NULL; g++) {
		const struct game_ops *ops = registry_at(g);
		struct session s, back;
		start_session(&s, ops, (uint64_t)_i);
		play_random(&s, 100 + (uint64_t)_i, RANDOM_GAME_PLIES);
		struct record_meta meta, meta_back;
		record_meta_init(&meta);
		strcpy(meta.player1, "human \"Ann\"");
		strcpy(meta.player2, "engine level 3");
		strcpy(meta.date, "2026.11.21");
		/* A person's note (the TUI's ; key), with what a reader
		 * could mistake for something else, and the engine's. */
		static const char NOTE[] = "Red's plan (a; b) [x] review later";
		if (s.ply > 0)
			ck_assert(record_meta_set_comment(&meta, 0, NOTE));
		if (s.ply > 1)
			ck_assert(record_meta_set_comment(&meta, 1, "+0.35/8"));
		char *text = testutil_record_write_text(&s, &meta);
		char err[512];
		ck_assert_msg(
		        read_text(text, &back, &meta_back, err, sizeof err),
		        "%s: %s\n%s", ops->name, err, text);
		assert_same_sessions(&s, &back);
		ck_assert_str_eq(meta_back.player1, "human \"Ann\"");
		ck_assert_str_eq(meta_back.player2, "engine level 3");
		ck_assert_str_eq(meta_back.date, "2026.11.21");
		if (s.ply > 0)
			ck_assert_str_eq(meta_back.comments[0], NOTE);
		if (s.ply > 1)
			ck_assert_str_eq(meta_back.comments[1], "+0.35/8");
		/* Writing what was read gives the same text again. */
		char *again = testutil_record_write_text(&back, &meta_back);
		ck_assert_str_eq(text, again);
		free(again);
		free(text);
		record_meta_free(&meta);
		record_meta_free(&meta_back);
		session_free(&s);
		session_free(&back);
	}
}
END_TEST

START_TEST(test_finished_game_result)
{
	for (size_t g = 0; registry_at(g) != NULL; g++) {
		const struct game_ops *ops = registry_at(g);
		struct session s, back;
		start_session(&s, ops, 7);
		play_random(&s, 7, 100000);
		struct record_meta meta, meta_back;
		record_meta_init(&meta);
		char *text = testutil_record_write_text(&s, &meta);
		const char *want =
		        record_result_token(ops, session_current(&s));
		char tag[64];
		snprintf(tag, sizeof tag, "[Result \"%s\"]", want);
		ck_assert_msg(strstr(text, tag) != NULL, "%s: no %s in\n%s",
		              ops->name, tag, text);
		char err[512];
		ck_assert_msg(
		        read_text(text, &back, &meta_back, err, sizeof err),
		        "%s", err);
		assert_same_sessions(&s, &back);
		record_meta_free(&meta_back);
		session_free(&back);
		/* A wrong Result tag on a decided game is refused. */
		if (strcmp(want, "*") != 0) {
			char *p = strstr(text, tag);
			const char *lie =
			        strcmp(want, "1-0") == 0 ? "0-1" : "1-0";
			char *bad = malloc(strlen(text) + 16);
			ck_assert_ptr_nonnull(bad);
			snprintf(bad, strlen(text) + 16,
			         "%.*s[Result \"%s\"]%s", (int)(p - text), text,
			         lie, p + strlen(tag));
			ck_assert(!read_text(bad, &back, &meta_back, err,
			                     sizeof err));
			ck_assert_msg(strstr(err, "t.rec:") == err, "%s", err);
			free(bad);
		}
		free(text);
		record_meta_free(&meta);
		session_free(&s);
	}
}
END_TEST

/* Replacing the last move of a record with an illegal one names its line. */
START_TEST(test_illegal_move_names_line)
{
	for (size_t g = 0; registry_at(g) != NULL; g++) {
		const struct game_ops *ops = registry_at(g);
		struct session s, back;
		start_session(&s, ops, 0);
		int played = play_random(&s, 3, 3);
		if (played == 0) {
			session_free(&s);
			continue;
		}
		session_undo(&s);
		struct record_meta meta, meta_back;
		record_meta_init(&meta);
		char *text = testutil_record_write_text(&s, &meta);
		/* Put a garbage move on a line of its own before the result. */
		char *star = strrchr(text, '*');
		ck_assert_ptr_nonnull(star);
		size_t len = strlen(text) + 64;
		char *bad = malloc(len);
		ck_assert_ptr_nonnull(bad);
		snprintf(bad, len, "%.*s\nzz9,not-a-move\n*\n",
		         (int)(star - text), text);
		int line = 0;
		for (const char *p = bad; p < strstr(bad, "zz9"); p++)
			line += *p == '\n';
		line++;
		char err[512], want[64];
		ck_assert(!read_text(bad, &back, &meta_back, err, sizeof err));
		snprintf(want, sizeof want,
		         "t.rec:%d: move %zu 'zz9,not-a-move'", line,
		         s.ply + 1);
		ck_assert_msg(strstr(err, want) == err,
		              "%s: got '%s', want '%s...'", ops->name, err,
		              want);
		free(bad);
		free(text);
		record_meta_free(&meta);
		session_free(&s);
	}
}
END_TEST

/* Records that are malformed before any move: each error and its line. */
static const struct {
	const char *text;
	const char *error;
} BAD_RECORDS[] = {
        {"", "t.rec:1: not a tabula record"},
        {"[Game \"tetress\"]\n", "t.rec:1: not a tabula record"},
        {"# tabula record x\n", "t.rec:1: bad format version"},
        {"# tabula record 99\n", "t.rec:1: format version 99 is newer"},
        {"# tabula record 1\n[Game tetress]\n", "t.rec:2: tag Game: value"},
        {"# tabula record 1\n[Game \"tetress]\n", "t.rec:2: tag Game: unterm"},
        {"# tabula record 1\n[Game \"tetress\"\n",
         "t.rec:2: tag Game: missing"},
        {"# tabula record 1\n[ \"x\"]\n", "t.rec:2: bad tag line"},
        {"# tabula record 1\n\n[Game \"chess\"]\n", "t.rec:3: unknown game"},
        {"# tabula record 1\n[Setup \"standard\"]\n\n*\n", "no Game tag"},
        /* Found by the record fuzzer: a Result tag no reader takes back
         * as the movetext's last word. */
        {"# tabula record 1\n[Game \"tetress\"]\n[Result \"F6x0-1\"]\n\n",
         "t.rec:3: tag Result: 'F6x0-1' is not 1-0"},
        {"# tabula record 1\n[Game \"tetris\"]\n[Pieces \"IOXZ\"]\n\n*\n",
         "t.rec:4: Pieces: bad piece 'X' at position 3 of the stream"},
};

/* Lines ending in CR LF, blanks inside a tag line, a variation over two
 * lines, an unknown tag: all read; a tag value too long and a file too
 * large are refused with the line. */
START_TEST(test_record_text_forms)
{
	struct session s;
	struct record_meta meta;
	char err[512];
	static const char crlf[] =
	        "# tabula record 1\r\n[Game  \"tetress\"]\r\n"
	        "[Site \"here\"]\r\n\r\n1. 0-0,0-1,0-2,0-3 "
	        "(5-5,5-6,5-7,5-8\r\n) *\r\n";
	ck_assert_msg(read_text(crlf, &s, &meta, err, sizeof err), "%s", err);
	ck_assert_uint_eq(s.ply, 1);
	ck_assert_uint_eq(meta.notes[0].var_count, 1);
	session_free(&s);
	record_meta_free(&meta);

	static char text[RECORD_TAG_MAX + 200];
	int n = snprintf(text, sizeof text,
	                 "# tabula record 1\n[Game \"tetress\"]\n[Date \"");
	memset(text + n, '9', RECORD_TAG_MAX);
	snprintf(text + n + RECORD_TAG_MAX,
	         sizeof text - (size_t)n - RECORD_TAG_MAX, "\"]\n\n*\n");
	ck_assert(!read_text(text, &s, &meta, err, sizeof err));
	ck_assert_str_eq(err, "t.rec:3: tag Date: value too long");

	char path[] = "/tmp/check_record.XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, (64L << 20) + 1),
	                 0); /* 64 MiB at most */
	close(fd);
	ck_assert(!record_load(path, &s, &meta, err, sizeof err));
	unlink(path);
	ck_assert_msg(strstr(err, ":1: file too large") != NULL, "%s", err);
}
END_TEST

/* Tags the record's fields do not name are kept in the order read and
 * written back after the others (an Event or a Source from a LittleGolem
 * file, any tag a person adds); the last value of a repeated tag counts. */
START_TEST(test_other_tags_kept)
{
	static const char text[] = "# tabula record 1\n[Game \"tetress\"]\n"
	                           "[Event \"club \\\"night\\\"\"]\n"
	                           "[Site \"here\"]\n[Event \"final\"]\n\n*\n";
	struct session s;
	struct record_meta meta;
	char err[512];
	ck_assert_msg(read_text(text, &s, &meta, err, sizeof err), "%s", err);
	ck_assert_uint_eq(meta.tag_count, 2);
	ck_assert_str_eq(record_meta_tag(&meta, "Event"), "final");
	ck_assert_str_eq(record_meta_tag(&meta, "Site"), "here");
	ck_assert_ptr_null(record_meta_tag(&meta, "Date"));
	char *out = testutil_record_write_text(&s, &meta);
	ck_assert_msg(strstr(out, "[Event \"final\"]\n[Site \"here\"]\n") !=
	                      NULL,
	              "%s", out);
	free(out);
	ck_assert(record_meta_set_tag(&meta, "Event", ""));
	ck_assert_uint_eq(meta.tag_count, 1);
	ck_assert_str_eq(meta.tags[0].name, "Site");
	session_free(&s);
	record_meta_free(&meta);
	ck_assert_uint_eq(meta.tag_count, 0);
}
END_TEST

/* A NUL byte would hide the rest of the text from the reader (found by
 * the record fuzzer): refused, with its line. */
START_TEST(test_nul_byte_refused)
{
	static const char text[] = "# tabula record 1\n[Game \"tetress\"]\n\n"
	                           "1. 0-0,0-1,0-2,0-3 \0 junk\n*\n";
	FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
	ck_assert_ptr_nonnull(f);
	struct session s;
	struct record_meta meta;
	char err[512];
	ck_assert(!record_read(f, "t.rec", &s, &meta, err, sizeof err));
	fclose(f);
	ck_assert_msg(strstr(err, "t.rec:4: a NUL byte") == err, "%s", err);
}
END_TEST

START_TEST(test_bad_records)
{
	struct session s;
	struct record_meta meta;
	char err[512];
	ck_assert_msg(
	        !read_text(BAD_RECORDS[_i].text, &s, &meta, err, sizeof err),
	        "accepted: %s", BAD_RECORDS[_i].text);
	ck_assert_msg(strstr(err, BAD_RECORDS[_i].error) != NULL,
	              "got '%s', want '%s'", err, BAD_RECORDS[_i].error);
}
END_TEST

/* Errors that need a real game: bad seed, junk after the result, comments. */
START_TEST(test_bad_movetext)
{
	const struct game_ops *ops = registry_at(0);
	ck_assert_ptr_nonnull(ops);
	char text[1024], err[512];
	struct session s;
	struct record_meta meta;
	snprintf(text, sizeof text,
	         "# tabula record 1\n[Game \"%s\"]\n[Seed \"-4\"]\n",
	         ops->name);
	ck_assert(!read_text(text, &s, &meta, err, sizeof err));
	ck_assert_msg(strstr(err, "bad Seed") != NULL, "%s", err);
	snprintf(text, sizeof text,
	         "# tabula record 1\n[Game \"%s\"]\n\n{opening\nremark} *\nx\n",
	         ops->name);
	ck_assert(!read_text(text, &s, &meta, err, sizeof err));
	ck_assert_msg(strstr(err, "t.rec:6: 'x' after the result") == err, "%s",
	              err);
	snprintf(text, sizeof text,
	         "# tabula record 1\n[Game \"%s\"]\n\n1. {never closed\n",
	         ops->name);
	ck_assert(!read_text(text, &s, &meta, err, sizeof err));
	ck_assert_msg(strstr(err, "t.rec:4: unterminated {comment}") == err,
	              "%s", err);
	snprintf(text, sizeof text,
	         "# tabula record 1\n[Game \"%s\"]\n[Start \"nonsense\"]\n",
	         ops->name);
	ck_assert(!read_text(text, &s, &meta, err, sizeof err));
	ck_assert_msg(strstr(err, "Start: ") != NULL, "%s", err);
}
END_TEST

/* The number of entries in dir besides . and .. */
static int
count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	int n = 0;
	for (struct dirent *e; (e = readdir(d)) != NULL;)
		n += strcmp(e->d_name, ".") != 0 &&
		     strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

/* The whole content of a small file, in buf. */
static void
slurp(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	size_t n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
}

static void
put_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* side_to_move calls, counted by the copy of TZAAR's rules below. */
static long counted_calls;
static int (*counted_side_real)(const struct game_pos *pos);

static int
counted_side(const struct game_pos *pos)
{
	counted_calls++;
	return counted_side_real(pos);
}

/* Writing a record asks each position whose turn it is a bounded number of
 * times: the move numbers used to be counted from the start at every move,
 * so a long record was quadratic to save (160,000 Tetris moves, 30 s). */
START_TEST(test_write_is_linear)
{
	struct game_ops ops = *registry_find("tzaar");
	counted_side_real = ops.side_to_move;
	ops.side_to_move = counted_side;
	struct session s;
	start_session(&s, &ops, 0);
	play_random(&s, 5, 400);
	ck_assert_uint_gt(s.ply, 30);
	struct record_meta meta;
	record_meta_init(&meta);
	FILE *out = tmpfile();
	ck_assert_ptr_nonnull(out);
	char err[256];
	counted_calls = 0;
	ck_assert_msg(record_write(out, &s, &meta, err, sizeof err), "%s", err);
	fclose(out);
	ck_assert_msg(counted_calls <= 6 * (long)s.ply,
	              "%ld side_to_move calls for %zu moves", counted_calls,
	              s.ply);
	record_meta_free(&meta);
	session_free(&s);
}
END_TEST

START_TEST(test_save_is_atomic)
{
	const struct game_ops *ops = registry_at(0);
	ck_assert_ptr_nonnull(ops);
	char dir[] = "/tmp/check_record.XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char path[256];
	snprintf(path, sizeof path, "%s/game.rec", dir);
	struct session s, back;
	start_session(&s, ops, 0);
	play_random(&s, 11, 6);
	struct record_meta meta, meta_back;
	record_meta_init(&meta);
	char err[512];
	ck_assert_msg(record_save(path, &s, &meta, err, sizeof err), "%s", err);
	ck_assert_int_eq(count_entries(dir), 1); /* no temporary file left */
	ck_assert_msg(record_load(path, &back, &meta_back, err, sizeof err),
	              "%s", err);
	assert_same_sessions(&s, &back);
	session_free(&back);
	record_meta_free(&meta_back);

	/* A save that fails half-way (the file size limit cuts the write)
	 * leaves the old record whole and no temporary file. */
	char before[8192], after[8192];
	slurp(path, before, sizeof before);
	struct session longer;
	start_session(&longer, ops, 0);
	play_random(&longer, 12, 40);
	struct rlimit old_limit, small = {.rlim_cur = 16, .rlim_max = 0};
	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old_limit), 0);
	small.rlim_max = old_limit.rlim_max;
	void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &small), 0);
	bool saved = record_save(path, &longer, &meta, err, sizeof err);
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old_limit), 0);
	signal(SIGXFSZ, old_handler);
	ck_assert(!saved);
	ck_assert_msg(strstr(err, path) == err, "%s", err);
	slurp(path, after, sizeof after);
	ck_assert_str_eq(before, after);
	ck_assert_int_eq(count_entries(dir), 1);
	session_free(&longer);

	unlink(path);
	rmdir(dir);
	/* A missing file is an error that names it. */
	ck_assert(!record_load(path, &back, &meta_back, err, sizeof err));
	ck_assert_msg(strstr(err, path) == err, "%s", err);
	/* Saving into a missing directory fails and leaves nothing behind. */
	ck_assert(!record_save(path, &s, &meta, err, sizeof err));
	session_free(&s);
}
END_TEST

/* Saving never writes through a symbolic link nor replaces anything but a
 * regular file (man page: FILES). */
START_TEST(test_save_refuses_links_and_devices)
{
	const struct game_ops *ops = registry_at(0);
	char dir[] = "/tmp/check_record.XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char path[256], victim[256], link[300], fifo[256];
	snprintf(path, sizeof path, "%s/game.rec", dir);
	snprintf(victim, sizeof victim, "%s/victim", dir);
	snprintf(fifo, sizeof fifo, "%s/fifo", dir);
	put_text(victim, "precious\n");
	struct session s;
	start_session(&s, ops, 0);
	play_random(&s, 11, 4);
	struct record_meta meta;
	record_meta_init(&meta);
	char err[512], text[256];

	/* Links planted where an old-style temporary file would go. */
	snprintf(link, sizeof link, "%s.tmp", path);
	ck_assert_int_eq(symlink(victim, link), 0);
	ck_assert_msg(record_save(path, &s, &meta, err, sizeof err), "%s", err);
	slurp(victim, text, sizeof text);
	ck_assert_str_eq(text, "precious\n");
	unlink(link);

	/* A link at the target is refused, and so is what it points to. */
	unlink(path);
	ck_assert_int_eq(symlink(victim, path), 0);
	ck_assert(!record_save(path, &s, &meta, err, sizeof err));
	ck_assert_msg(strstr(err, "symbolic link") != NULL, "%s", err);
	slurp(victim, text, sizeof text);
	ck_assert_str_eq(text, "precious\n");
	struct stat st;
	ck_assert_int_eq(lstat(path, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	unlink(path);

	/* A FIFO (like a device) stays what it is. */
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	ck_assert(!record_save(fifo, &s, &meta, err, sizeof err));
	ck_assert_msg(strstr(err, "FIFO") != NULL, "%s", err);
	ck_assert_int_eq(lstat(fifo, &st), 0);
	ck_assert(S_ISFIFO(st.st_mode));
	ck_assert(!record_save(dir, &s, &meta, err, sizeof err));
	ck_assert_msg(strstr(err, "directory") != NULL, "%s", err);

	/* Loading refuses a FIFO at once rather than waiting for a writer,
	 * and a directory, and an endless device. */
	struct session back;
	struct record_meta meta_back;
	ck_assert(!record_load(fifo, &back, &meta_back, err, sizeof err));
	ck_assert_msg(strstr(err, "FIFO") != NULL, "%s", err);
	ck_assert(!record_load(dir, &back, &meta_back, err, sizeof err));
	ck_assert_msg(strstr(err, "directory") != NULL, "%s", err);
	ck_assert(
	        !record_load("/dev/zero", &back, &meta_back, err, sizeof err));
	ck_assert_msg(strstr(err, "device") != NULL, "%s", err);

	unlink(fifo);
	unlink(victim);
	ck_assert_int_eq(count_entries(dir), 0);
	rmdir(dir);
	session_free(&s);
}
END_TEST

/* A new directory for an autosave: path is its last.rec. */
static void
temp_autosave(char *dir, char *path, size_t size)
{
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, size, "%s/last.rec", dir);
}

/* The record at file is the game want. */
static void
assert_file_holds(const char *file, const struct session *want)
{
	struct session back;
	struct record_meta meta_back;
	char err[512];
	ck_assert_msg(record_load(file, &back, &meta_back, err, sizeof err),
	              "%s", err);
	ck_assert_msg(back.ply == want->ply, "%s holds %zu moves, want %zu",
	              file, back.ply, want->ply);
	assert_same_sessions(want, &back);
	session_free(&back);
	record_meta_free(&meta_back);
}

/* The autosave keeps earlier games: a new game pushes the unfinished one
 * down the history instead of overwriting it; moves added or taken back
 * are the same game. */
START_TEST(test_save_keeping_history)
{
	const struct game_ops *ops = registry_find("tetress");
	char dir[] = "/tmp/check_record.XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char path[256], h1[300], h2[300], h5[300], h6[300];
	snprintf(path, sizeof path, "%s/last.rec", dir);
	ck_assert(record_history_name(path, 1, h1, sizeof h1));
	ck_assert(record_history_name(path, 2, h2, sizeof h2));
	ck_assert(record_history_name(path, 5, h5, sizeof h5));
	ck_assert(record_history_name(path, 6, h6, sizeof h6));
	char want[300];
	snprintf(want, sizeof want, "%s/last.1.rec", dir);
	ck_assert_str_eq(h1, want);
	struct record_meta meta;
	record_meta_init(&meta);
	char err[512];
	struct session a;
	start_session(&a, ops, 0);
	play_random(&a, 21, 3);
	ck_assert_msg(record_save_keeping(path, &a, &meta, err, sizeof err),
	              "%s", err);
	play_random(&a, 22, 2); /* the same game, further on */
	ck_assert(record_save_keeping(path, &a, &meta, err, sizeof err));
	ck_assert(session_undo(&a)); /* taken back: still the same game */
	ck_assert(record_save_keeping(path, &a, &meta, err, sizeof err));
	ck_assert_int_eq(access(h1, F_OK), -1);
	/* A new game with no move yet is not saved: it never enters the
	 * history and leaves the unfinished game in place. */
	struct session b;
	start_session(&b, ops, 0);
	ck_assert(record_save_keeping(path, &b, &meta, err, sizeof err));
	ck_assert_int_eq(access(h1, F_OK), -1);
	assert_file_holds(path, &a);
	/* Its first move keeps the unfinished one. */
	play_random(&b, 23, 1);
	ck_assert(record_save_keeping(path, &b, &meta, err, sizeof err));
	assert_file_holds(h1, &a);
	assert_file_holds(path, &b);
	/* A file that does not load is kept too, not lost. */
	put_text(path, "not a record\n");
	ck_assert(record_save_keeping(path, &a, &meta, err, sizeof err));
	slurp(h1, want, sizeof want);
	ck_assert_str_eq(want, "not a record\n");
	/* Only RECORD_HISTORY earlier games are kept. */
	for (int i = 0; i < RECORD_HISTORY + 2; i++) {
		struct session c;
		start_session(&c, ops, 0);
		play_random(&c, 100 + (uint64_t)i, 2);
		ck_assert(
		        record_save_keeping(path, &c, &meta, err, sizeof err));
		session_free(&c);
	}
	ck_assert_int_eq(access(h5, F_OK), 0);
	ck_assert_int_eq(access(h6, F_OK), -1);
	ck_assert_int_eq(count_entries(dir), 1 + RECORD_HISTORY);
	for (int n = 1; n <= RECORD_HISTORY; n++) {
		ck_assert(record_history_name(path, n, h2, sizeof h2));
		unlink(h2);
	}
	unlink(path);
	ck_assert_int_eq(rmdir(dir), 0);
	session_free(&a);
	session_free(&b);
}
END_TEST

/* Two sessions on one autosave, saving by turns (two terminal UIs with
 * one state directory), swap their two games at the front of the history
 * and push none of the older games out; each game is kept once. */
START_TEST(test_save_keeping_two_sessions)
{
	char dir[] = "/tmp/check_record.XXXXXX", path[256], name[300], err[512];
	temp_autosave(dir, path, sizeof path);
	const struct game_ops *ops = registry_find("tetress");
	struct record_meta meta;
	record_meta_init(&meta);
	struct session older[3], a, b;
	for (int i = 0; i < 3; i++) {
		start_session(&older[i], ops, 0);
		play_random(&older[i], 200 + (uint64_t)i, 2);
		ck_assert(record_save_keeping(path, &older[i], &meta, err,
		                              sizeof err));
	}
	start_session(&a, ops, 0);
	start_session(&b, ops, 0);
	for (int turn = 0; turn < 12; turn++) {
		struct session *s = turn % 2 ? &b : &a;
		play_random(s, 300 + (uint64_t)turn, 1);
		ck_assert_msg(
		        record_save_keeping(path, s, &meta, err, sizeof err),
		        "%s", err);
	}
	/* last.rec: b; then a; then the three older games, newest first. */
	const struct session *want[] = {&b, &a, &older[2], &older[1],
	                                &older[0]};
	for (int n = 0; n < 5; n++) {
		if (n == 0)
			snprintf(name, sizeof name, "%s", path);
		else
			ck_assert(record_history_name(path, n, name,
			                              sizeof name));
		assert_file_holds(name, want[n]);
		unlink(name);
	}
	ck_assert_int_eq(count_entries(dir), 0);
	ck_assert_int_eq(rmdir(dir), 0);
	for (int i = 0; i < 3; i++)
		session_free(&older[i]);
	session_free(&a);
	session_free(&b);
}
END_TEST

/* A new game's first save keeps the game at path even when its moves so
 * far are that game's first moves (the same opening, another game). */
START_TEST(test_save_new_game_keeps_same_opening)
{
	char dir[] = "/tmp/check_record.XXXXXX", path[256], h1[300], err[512];
	temp_autosave(dir, path, sizeof path);
	ck_assert(record_history_name(path, 1, h1, sizeof h1));
	struct record_meta meta;
	record_meta_init(&meta);
	struct session old, fresh;
	const struct game_ops *ops = registry_find("tetress");
	start_session(&old, ops, 0);
	play_random(&old, 41, 4);
	ck_assert(record_save_keeping(path, &old, &meta, err, sizeof err));
	start_session(&fresh, ops, 0);
	ck_assert(session_play(&fresh, old.moves[0]));
	ck_assert_msg(
	        record_save_new_game(path, &fresh, &meta, err, sizeof err),
	        "%s", err);
	assert_file_holds(h1, &old);
	assert_file_holds(path, &fresh);
	unlink(h1);
	unlink(path);
	ck_assert_int_eq(rmdir(dir), 0);
	session_free(&old);
	session_free(&fresh);
}
END_TEST

/* "~/" names the home directory in a path typed at a prompt. */
START_TEST(test_save_expands_home)
{
	const struct game_ops *ops = registry_at(0);
	char dir[] = "/tmp/check_record.XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *old_home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
	setenv("HOME", dir, 1);
	struct session s, back;
	start_session(&s, ops, 0);
	play_random(&s, 5, 3);
	struct record_meta meta, meta_back;
	record_meta_init(&meta);
	char err[512], path[256];
	ck_assert_msg(record_save("~/home.rec", &s, &meta, err, sizeof err),
	              "%s", err);
	snprintf(path, sizeof path, "%s/home.rec", dir);
	ck_assert_int_eq(access(path, F_OK), 0);
	ck_assert_msg(
	        record_load("~/home.rec", &back, &meta_back, err, sizeof err),
	        "%s", err);
	assert_same_sessions(&s, &back);
	session_free(&back);
	record_meta_free(&meta_back);
	if (old_home != NULL)
		setenv("HOME", old_home, 1);
	free(old_home);
	unlink(path);
	rmdir(dir);
	session_free(&s);
}
END_TEST

START_TEST(test_stream_from_seed)
{
	for (size_t g = 0; registry_at(g) != NULL; g++) {
		const struct game_ops *ops = registry_at(g);
		if (ops->item_from_char == NULL)
			continue;
		char a[65], b[65];
		record_stream_from_seed(ops, 42, a, 64);
		record_stream_from_seed(ops, 42, b, 64);
		ck_assert_str_eq(a, b);
		for (int i = 0; i < 64; i++)
			ck_assert_int_ge(ops->item_from_char(a[i]), 0);
		record_stream_from_seed(ops, 43, b, 64);
		ck_assert_str_ne(a, b);
	}
}
END_TEST

static Suite *
record_suite(void)
{
	Suite *s = suite_create("record");
	TCase *tc = tcase_create("record");
	tcase_add_test(tc, test_games_registered);
	tcase_add_loop_test(tc, test_round_trip, 0, 4);
	tcase_add_test(tc, test_finished_game_result);
	tcase_add_test(tc, test_illegal_move_names_line);
	tcase_add_loop_test(tc, test_bad_records, 0,
	                    (int)(sizeof BAD_RECORDS / sizeof BAD_RECORDS[0]));
	tcase_add_test(tc, test_bad_movetext);
	tcase_add_test(tc, test_record_text_forms);
	tcase_add_test(tc, test_other_tags_kept);
	tcase_add_test(tc, test_nul_byte_refused);
	tcase_add_test(tc, test_save_is_atomic);
	tcase_add_test(tc, test_write_is_linear);
	tcase_add_test(tc, test_save_refuses_links_and_devices);
	tcase_add_test(tc, test_save_expands_home);
	tcase_add_test(tc, test_save_keeping_history);
	tcase_add_test(tc, test_save_keeping_two_sessions);
	tcase_add_test(tc, test_save_new_game_keeps_same_opening);
	tcase_add_test(tc, test_stream_from_seed);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return testutil_run_suite(record_suite());
}
