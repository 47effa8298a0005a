/*
 * The library of games (study/library.h): the listing of the autosave,
 * its history and the games folder with each game's facts, newest first;
 * corrupt and oversized files named and skipped, never changed; the caps;
 * keeping a finished game in the folder without writing over or through
 * anything; deleting; and, for every game, that a game with no move
 * leaves the autosave and its history untouched.
 */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/record.h"
#include "core/registry.h"
#include "core/rng.h"
#include "study/library.h"
#include "testutil.h"

/* Pieces a Tetris session of these tests is fed. */
#define TEST_STREAM_LEN 64

/* Infexion, reviewed: Red's blunder loses everything (0.00%), Blue's
 * reply loses nothing (100.00%); the example of tabula(6), REVIEW. */
static const char REVIEWED[] =
        "# tabula record 1\n"
        "[Game \"infexion\"]\n"
        "[Player1 \"human\"]\n"
        "[Player2 \"engine level 2\"]\n"
        "[Date \"2026.11.20\"]\n"
        "[Start \"r1b1...../......./......./......./......./......./"
        "....... r 10\"]\n\n"
        "1. SPREAD(0,0,1,0)?? {review #-2/1 loss 100.00 best "
        "SPREAD(0,0,0,1)} (1. SPREAD(0,0,0,1)) 1... SPREAD(0,1,1,-1) "
        "{review #-1/1 loss 0.00} 0-1\n";

/* The same moves from another start (one Blue token more, far away),
 * only Red's move reviewed. */
static const char PART_REVIEWED[] =
        "# tabula record 1\n"
        "[Game \"infexion\"]\n"
        "[Start \"r1b1...../......./......./......./......./......./"
        "...b1... r 10\"]\n\n"
        "1. SPREAD(0,0,1,0) {review #-2/1 loss 12.50} 1... "
        "SPREAD(0,1,1,-1) 0-1\n";

/* Tetress, two moves, not over. */
static const char UNFINISHED[] = "# tabula record 1\n"
                                 "[Game \"tetress\"]\n"
                                 "[Player1 \"human\"]\n"
                                 "[Player2 \"human\"]\n"
                                 "[Date \"2026.11.21\"]\n\n"
                                 "1. 0-0,0-1,0-2,0-3 5-0,5-1,5-2,5-3 *\n";

/* A move that is not one, on line 5. */
static const char CORRUPT[] = "# tabula record 1\n"
                              "[Game \"tetress\"]\n"
                              "[Result \"*\"]\n"
                              "\n"
                              "1. 9-9,9-8 *\n";

static void
put_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_msg(f != NULL, "cannot write %s", path);
	ck_assert_int_ge(fputs(text, f), 0);
	ck_assert_int_eq(fclose(f), 0);
}

/* Sets path's time to t seconds after the epoch (the listing's order). */
static void
put_time(const char *path, time_t t)
{
	struct timespec ts[2] = {{t, 0}, {t, 0}};
	ck_assert_int_eq(utimensat(AT_FDCWD, path, ts, 0), 0);
}

static void
put_game(const char *dir, const char *name, const char *text, time_t t)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	put_text(path, text);
	put_time(path, t);
}

/* The whole of a small file, as text. */
static void
slurp(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot read %s", path);
	size_t n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
}

/* A temporary directory with state/ (the autosave's) and games/. */
struct place {
	char dir[64], state[96], games[96], last[128];
};

static void
place_make(struct place *p)
{
	snprintf(p->dir, sizeof p->dir, "/tmp/check_library.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(p->dir));
	snprintf(p->state, sizeof p->state, "%s/state", p->dir);
	snprintf(p->games, sizeof p->games, "%s/games", p->dir);
	snprintf(p->last, sizeof p->last, "%s/last.rec", p->state);
	ck_assert_int_eq(mkdir(p->state, 0700), 0);
	ck_assert_int_eq(mkdir(p->games, 0700), 0);
}

static struct library_list
list_of(const struct place *p)
{
	struct library_list list;
	char err[512];
	ck_assert_msg(
	        library_list_read(p->last, p->games, &list, err, sizeof err),
	        "%s", err);
	return list;
}

/* What the listing should say of one game. */
struct want_game {
	enum library_place place;
	int slot;
	const char *game, *player1, *player2, *date, *result;
	size_t plies;
	enum library_review review;
	int accuracy[2];
};

static void
assert_game(const struct library_game *g, const struct want_game *w, size_t i)
{
	ck_assert_msg(g->place == w->place && g->slot == w->slot,
	              "game %zu: place %d slot %d, want %d %d", i, g->place,
	              g->slot, w->place, w->slot);
	ck_assert_str_eq(g->ops->name, w->game);
	ck_assert_str_eq(g->player1, w->player1);
	ck_assert_str_eq(g->player2, w->player2);
	ck_assert_str_eq(g->date, w->date);
	ck_assert_str_eq(g->result, w->result);
	ck_assert_msg(g->plies == w->plies && g->review == w->review,
	              "game %zu: %zu plies review %d, want %zu %d", i, g->plies,
	              g->review, w->plies, w->review);
	ck_assert_msg(g->accuracy[0] == w->accuracy[0] &&
	                      g->accuracy[1] == w->accuracy[1],
	              "game %zu: accuracy %d %d, want %d %d", i, g->accuracy[0],
	              g->accuracy[1], w->accuracy[0], w->accuracy[1]);
}

/* Each game's facts, the newest first, history and folder together: the
 * folder's reviewed game with both sides' accuracy, a half-reviewed one
 * with Red's only and no players named. */
START_TEST(test_list_facts)
{
	static const struct want_game want[] = {
	        {LIBRARY_AUTOSAVE,
	         0,
	         "tetress",
	         "human",
	         "human",
	         "2026.11.21",
	         "*",
	         2,
	         LIBRARY_UNREVIEWED,
	         {-1, -1}},
	        {LIBRARY_FOLDER,
	         0,
	         "infexion",
	         "human",
	         "engine level 2",
	         "2026.11.20",
	         "0-1",
	         2,
	         LIBRARY_REVIEWED,
	         /* One move losing everything: the mean of 0.13% and the
	          * harmonic mean's floor of 10% (study/accuracy.h). */
	         {507, 10000}},
	        {LIBRARY_HISTORY,
	         2,
	         "infexion",
	         "?",
	         "?",
	         "",
	         "0-1",
	         2,
	         LIBRARY_PART,
	         /* One move losing 12.50 points: 100% e^(-12.5 / 15). */
	         {4346, -1}},
	};
	struct place p;
	place_make(&p);
	put_game(p.state, "last.rec", UNFINISHED, 3000);
	put_game(p.state, "last.2.rec", PART_REVIEWED, 1000);
	put_game(p.games, "a-infexion.rec", REVIEWED, 2000);
	struct library_list list = list_of(&p);
	ck_assert_uint_eq(list.count, sizeof want / sizeof want[0]);
	ck_assert_uint_eq(list.problem_count, 0);
	ck_assert_uint_eq(list.older + list.unread, 0);
	for (size_t i = 0; i < list.count; i++)
		assert_game(&list.games[i], &want[i], i);
	library_list_free(&list);
	testutil_remove_tree(p.dir);
}
END_TEST

/* A finished game is kept in the folder and stays in the autosave's
 * history: listed once, from the folder (it was listed twice). */
START_TEST(test_list_once)
{
	struct place p;
	place_make(&p);
	put_game(p.state, "last.rec", UNFINISHED, 3000);
	put_game(p.state, "last.1.rec", REVIEWED, 1500);
	put_game(p.games, "a-infexion.rec", REVIEWED, 2000);
	struct library_list list = list_of(&p);
	ck_assert_uint_eq(list.count, 2);
	ck_assert_int_eq(list.games[0].place, LIBRARY_AUTOSAVE);
	ck_assert_int_eq(list.games[1].place, LIBRARY_FOLDER);
	library_list_free(&list);
	testutil_remove_tree(p.dir);
}
END_TEST

/* A corrupt file, in the history or the folder, is named with its line
 * and skipped; the others are listed and nothing is written. */
START_TEST(test_list_corrupt)
{
	struct place p;
	place_make(&p);
	put_game(p.state, "last.1.rec", CORRUPT, 1000);
	put_game(p.games, "bad.rec", "not a record\n", 2000);
	put_game(p.games, "empty.rec", "", 2500);
	put_game(p.games, "good.rec", UNFINISHED, 3000);
	struct library_list list = list_of(&p);
	ck_assert_uint_eq(list.count, 1);
	ck_assert_uint_eq(list.problem_count, 3);
	char want[512], text[512];
	snprintf(want, sizeof want, "%s/empty.rec:1: ", p.games);
	ck_assert_msg(strncmp(list.problems[0], want, strlen(want)) == 0,
	              "problem 0: %s", list.problems[0]);
	snprintf(want, sizeof want, "%s/bad.rec:1: ", p.games);
	ck_assert_msg(strncmp(list.problems[1], want, strlen(want)) == 0,
	              "problem 1: %s", list.problems[1]);
	snprintf(want, sizeof want, "%s/last.1.rec:5: ", p.state);
	ck_assert_msg(strncmp(list.problems[2], want, strlen(want)) == 0,
	              "problem 2: %s", list.problems[2]);
	library_list_free(&list);
	snprintf(want, sizeof want, "%s/last.1.rec", p.state);
	slurp(want, text, sizeof text);
	ck_assert_str_eq(text, CORRUPT);
	snprintf(want, sizeof want, "%s/bad.rec", p.games);
	slurp(want, text, sizeof text);
	ck_assert_str_eq(text, "not a record\n");
	testutil_remove_tree(p.dir);
}
END_TEST

/* A file over LIBRARY_MAX_FILE is not read; past LIBRARY_MAX_GAMES the
 * older games are counted, not listed; hidden files are no games. */
START_TEST(test_list_caps)
{
	struct place p;
	place_make(&p);
	char path[512], name[64];
	snprintf(path, sizeof path, "%s/huge.rec", p.games);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fseek(f, LIBRARY_MAX_FILE, SEEK_SET), 0);
	ck_assert_int_eq(fputc('\n', f), '\n');
	ck_assert_int_eq(fclose(f), 0);
	put_time(path, 100000);
	put_game(p.games, ".game-tmp.rec", UNFINISHED, 100001);
	for (int i = 0; i < LIBRARY_MAX_GAMES + 7; i++) {
		snprintf(name, sizeof name, "g%03d.rec", i);
		put_game(p.games, name, UNFINISHED, 1000 + i);
	}
	struct library_list list = list_of(&p);
	ck_assert_uint_eq(list.count, LIBRARY_MAX_GAMES);
	ck_assert_uint_eq(list.older, 7);
	ck_assert_uint_eq(list.problem_count, 1);
	ck_assert_msg(strstr(list.problems[0], "huge.rec: larger than") != NULL,
	              "%s", list.problems[0]);
	snprintf(name, sizeof name, "/g%03d.rec", LIBRARY_MAX_GAMES + 6);
	ck_assert_msg(strstr(list.games[0].path, name) != NULL, "newest: %s",
	              list.games[0].path);
	library_list_free(&list);
	testutil_remove_tree(p.dir);
}
END_TEST

/* A session of ops with a seeded stream when it takes one. */
static void
start_session(struct session *s, const struct game_ops *ops)
{
	struct game_setup setup = {0};
	ck_assert(session_init(s, ops, &setup));
	if (ops->item_from_char != NULL) {
		char letters[TEST_STREAM_LEN + 1], err[256];
		record_stream_from_seed(ops, 7, letters, TEST_STREAM_LEN);
		ck_assert_msg(session_set_stream(s, letters, err, sizeof err),
		              "%s", err);
	}
}

/* Plays ops's first legal move. */
static void
play_first(struct session *s)
{
	static game_move moves[GAME_MAX_MOVES];
	ck_assert_int_gt(s->ops->gen_moves(session_current(s), moves), 0);
	ck_assert(session_play(s, moves[0]));
}

/* A kept game gets a file of its own, never over another one; a game
 * kept again replaces its own file; the folder and a kept file may not be
 * symbolic links. */
START_TEST(test_keep)
{
	struct place p;
	place_make(&p);
	ck_assert_int_eq(setenv("XDG_DATA_HOME", p.dir, 1), 0);
	struct session s;
	start_session(&s, registry_find("tetress"));
	play_first(&s);
	struct record_meta meta;
	record_meta_init(&meta);
	char a[1024] = "", b[1024] = "", err[512];
	ck_assert_msg(library_keep(&s, &meta, a, sizeof a, err, sizeof err),
	              "%s", err);
	ck_assert_msg(library_keep(&s, &meta, b, sizeof b, err, sizeof err),
	              "%s", err);
	ck_assert_str_ne(a, b);
	char folder[1024];
	ck_assert(
	        library_folder(folder, sizeof folder, false, err, sizeof err));
	ck_assert_msg(strncmp(a, folder, strlen(folder)) == 0 &&
	                      strstr(a, "-tetress") != NULL,
	              "%s", a);
	play_first(&s);
	ck_assert_msg(library_keep(&s, &meta, a, sizeof a, err, sizeof err),
	              "%s", err);
	struct library_game g;
	ck_assert_msg(library_game_read(a, &g, err, sizeof err), "%s", err);
	ck_assert_uint_eq(g.plies, 2);
	/* A symbolic link at the game's file is not written through. */
	ck_assert_int_eq(unlink(a), 0);
	ck_assert_int_eq(symlink(b, a), 0);
	ck_assert(!library_keep(&s, &meta, a, sizeof a, err, sizeof err));
	ck_assert_msg(library_game_read(b, &g, err, sizeof err), "%s", err);
	ck_assert_uint_eq(g.plies, 1);
	/* A symbolic link as the folder is refused. */
	testutil_remove_tree(folder);
	ck_assert_int_eq(symlink(p.games, folder), 0);
	char c[1024] = "";
	ck_assert(!library_keep(&s, &meta, c, sizeof c, err, sizeof err));
	ck_assert_msg(strstr(err, "not a directory") != NULL, "%s", err);
	ck_assert_int_eq(rmdir(p.games), 0);
	session_free(&s);
	testutil_remove_tree(p.dir);
	unsetenv("XDG_DATA_HOME");
}
END_TEST

/* Delete removes the listed file, and only it. */
START_TEST(test_delete)
{
	struct place p;
	place_make(&p);
	put_game(p.games, "a.rec", UNFINISHED, 1000);
	put_game(p.games, "b.rec", REVIEWED, 2000);
	struct library_list list = list_of(&p);
	ck_assert_uint_eq(list.count, 2);
	char err[512];
	ck_assert_msg(library_delete(&list.games[0], err, sizeof err), "%s",
	              err);
	ck_assert(!library_delete(&list.games[0], err, sizeof err));
	library_list_free(&list);
	list = list_of(&p);
	ck_assert_uint_eq(list.count, 1);
	ck_assert_str_eq(list.games[0].ops->name, "tetress");
	library_list_free(&list);
	testutil_remove_tree(p.dir);
}
END_TEST

/* For every game, Tetris too: a game with no move leaves the autosave
 * and its history as they were, as a first save and as a later one. */
START_TEST(test_empty_game_history)
{
	const struct game_ops *ops = registry_at((size_t)_i);
	struct place p;
	place_make(&p);
	put_game(p.state, "last.rec", UNFINISHED, 1000);
	struct session s;
	start_session(&s, ops);
	struct record_meta meta;
	record_meta_init(&meta);
	char err[512], text[512], h1[256];
	ck_assert(record_save_new_game(p.last, &s, &meta, err, sizeof err));
	ck_assert(record_save_keeping(p.last, &s, &meta, err, sizeof err));
	slurp(p.last, text, sizeof text);
	ck_assert_msg(strcmp(text, UNFINISHED) == 0, "%s: last.rec changed",
	              ops->name);
	ck_assert(record_history_name(p.last, 1, h1, sizeof h1));
	ck_assert_msg(access(h1, F_OK) != 0, "%s: last.1.rec made", ops->name);
	/* Its first move makes it a game: the one there goes down. */
	play_first(&s);
	ck_assert(record_save_new_game(p.last, &s, &meta, err, sizeof err));
	slurp(h1, text, sizeof text);
	ck_assert_str_eq(text, UNFINISHED);
	session_free(&s);
	testutil_remove_tree(p.dir);
}
END_TEST

/* Two terminal UIs keeping games into one folder at once (two writers):
 * every game gets a file of its own, none over another, and all are
 * listed; a game file that is a symbolic link to a FIFO or a device is
 * named and skipped, and the listing does not wait on it. */
START_TEST(test_two_keepers_and_links)
{
	enum { EACH = 12 };
	struct place p;
	place_make(&p);
	ck_assert_int_eq(setenv("XDG_DATA_HOME", p.dir, 1), 0);
	pid_t kid[2];
	for (int k = 0; k < 2; k++) {
		kid[k] = fork();
		ck_assert_int_ge(kid[k], 0);
		if (kid[k] != 0)
			continue;
		struct session s;
		start_session(&s, registry_find("tetress"));
		play_first(&s);
		struct record_meta meta;
		record_meta_init(&meta);
		int kept = 0;
		for (int i = 0; i < EACH; i++) {
			char path[1024] = "", err[512];
			kept += library_keep(&s, &meta, path, sizeof path, err,
			                     sizeof err);
		}
		_exit(kept == EACH ? 0 : 1);
	}
	for (int k = 0; k < 2; k++) {
		int status;
		ck_assert_int_eq(waitpid(kid[k], &status, 0), kid[k]);
		ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	char link1[1100], link2[1100], fifo[600], folder[1024], err[512];
	ck_assert(
	        library_folder(folder, sizeof folder, false, err, sizeof err));
	snprintf(fifo, sizeof fifo, "%s/fifo", p.dir);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	snprintf(link1, sizeof link1, "%s/fifo.rec", folder);
	snprintf(link2, sizeof link2, "%s/zero.rec", folder);
	ck_assert_int_eq(symlink(fifo, link1), 0);
	ck_assert_int_eq(symlink("/dev/zero", link2), 0);
	struct library_list list;
	ck_assert_msg(library_list_read(NULL, folder, &list, err, sizeof err),
	              "%s", err);
	ck_assert_uint_eq(list.count, 2 * EACH);
	ck_assert_uint_eq(list.problem_count, 2);
	library_list_free(&list);
	testutil_remove_tree(p.dir);
	unsetenv("XDG_DATA_HOME");
}
END_TEST

static Suite *
library_suite(void)
{
	Suite *suite = suite_create("library");
	TCase *tc = tcase_create("library");
	tcase_add_test(tc, test_list_facts);
	tcase_add_test(tc, test_list_once);
	tcase_add_test(tc, test_list_corrupt);
	tcase_add_test(tc, test_list_caps);
	tcase_add_test(tc, test_keep);
	tcase_add_test(tc, test_delete);
	tcase_add_test(tc, test_two_keepers_and_links);
	tcase_add_loop_test(tc, test_empty_game_history, 0,
	                    (int)registry_count());
	suite_add_tcase(suite, tc);
	return suite;
}

int
main(void)
{
	return testutil_run_suite(library_suite());
}
