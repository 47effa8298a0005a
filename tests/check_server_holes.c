/*
 * The last holes an adversarial review of 0.2.1 found in the room server
 * (issue 54), each test failing before its mend: six connections of one
 * new SSH key held every slot of a --max-clients 6 server and nobody else
 * got in; a connection that never picked a name stayed for ever; a second
 * server on the same state directory started and would have rewritten
 * its files; a message of 16 words or more was refused as "too many
 * words"; a right-to-left override reached the other players; a ratings
 * file could hold a terminal's escape in a name, took a walk of the list
 * per line to load, and was read through a symbolic link its saves then
 * refused.
 */
#include "config.h"

#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "roomtest.h"
#include "server/ratings.h"
#include "server/store.h"
#include "testutil.h"

/* Reads p's lines until "synced". */
static void
holes_synced(struct rt_peer *p)
{
	rt_expect(p, "synced ", NULL);
}

/* One key opens as many connections as the server takes (a script, or
 * six SSH sessions left at the name prompt): it gets all but one, and
 * another person connects, makes a room and plays. */
START_TEST(test_one_key_cannot_fill_the_server)
{
	enum { SLOTS = 6 };
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, "--max-clients 6");
	struct rt_peer m[SLOTS], a;
	char line[NET_LINE_MAX + 1];
	for (int i = 0; i < SLOTS; i++) {
		rt_peer_start_raw(&m[i], &sv, "AAAAkeyOfMallory", 0600);
		rt_expect(&m[i], "tabula 1", NULL);
		ck_assert(rt_next(&m[i], line, ROOMTEST_WAIT_MS));
		if (i < SLOTS - 1)
			ck_assert_msg(strcmp(line, "need-name") == 0, "%d: %s",
			              i, line);
		else
			ck_assert_str_eq(line, "bye this SSH key has 5 "
			                       "connections already");
	}
	rt_peer_stop(&m[SLOTS - 1], false);
	rt_login(&a, &sv, "AAAAkeyOfAlice", "alice");
	rt_send(&a, "create tetress engine=1");
	rt_expect(&a, "created ", NULL);
	holes_synced(&a);
	rt_send(&a, "move 0-0,0-1,0-2,0-3");
	rt_expect(&a, "move ", line);
	/* And the key, once named, still holds its five. */
	rt_send(&m[0], "name mallory");
	rt_expect(&m[0], "welcome mallory", NULL);
	for (int i = 0; i < SLOTS - 1; i++)
		rt_peer_stop(&m[i], false);
	rt_peer_stop(&a, false);
	rt_server_clean(&sv);
}
END_TEST

/* A connection that picks no name and says nothing is let go after the
 * name timeout; a named one that says nothing stays. */
START_TEST(test_nameless_connection_dropped)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, "--name-timeout 1");
	struct rt_peer m, a;
	char line[NET_LINE_MAX + 1];
	rt_login(&a, &sv, "AAAAkeyOfAlice", "alice");
	rt_peer_start(&m, &sv, "AAAAkeyOfMallory");
	ck_assert(rt_next(&m, line, ROOMTEST_WAIT_MS));
	ck_assert_str_eq(line, "bye no name picked: idle for 1 s");
	usleep(1500 * 1000);
	rt_send(&a, "ping");
	rt_expect(&a, "pong", NULL);
	rt_peer_stop(&m, false);
	rt_peer_stop(&a, false);
	rt_server_clean(&sv);
}
END_TEST

/* A second server on the state directory of a running one refuses with
 * one line and changes nothing; once the first stops, a server starts
 * there again. */
START_TEST(test_state_directory_locked)
{
	struct rt_server sv;
	rt_server_init(&sv, false);
	rt_server_start(&sv, NULL);
	char cmd[2048], log[400], *text, err[256];
	snprintf(log, sizeof log, "%s/second.log", sv.dir);
	snprintf(cmd, sizeof cmd,
	         "exec '%s' serve --socket '%s/socket2' --state '%s' 2>'%s'",
	         getenv("TABULA") ? getenv("TABULA") : "src/tabula", sv.dir,
	         sv.state, log);
	int status = system(cmd);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 1);
	text = store_read(log, err, sizeof err);
	ck_assert_msg(text != NULL, "%s", err);
	char want[1024];
	snprintf(want, sizeof want,
	         "tabula serve: %s: another server is using this state "
	         "directory\n",
	         sv.state);
	ck_assert_str_eq(text, want);
	free(text);
	char sock2[400];
	snprintf(sock2, sizeof sock2, "%s/socket2", sv.dir);
	ck_assert_int_ne(access(sock2, F_OK), 0);
	rt_server_stop(&sv, SIGTERM);
	rt_server_start(&sv, NULL);
	rt_server_clean(&sv);
}
END_TEST

/* A message is bounded by its length, not its words; a direction control
 * (which would turn the other players' line, or screen, around) is
 * refused in a message and in a name. */
START_TEST(test_chat_by_length_and_no_bidi)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	struct rt_peer a, b, m;
	char line[NET_LINE_MAX + 1], code[8], want[512];
	rt_login(&a, &sv, "AAAAkeyOfAlice", "alice");
	rt_login(&b, &sv, "AAAAkeyOfBob", "bob");
	rt_send(&a, "create tzaar chat");
	rt_expect(&a, "created", line);
	snprintf(code, sizeof code, "%.4s", line + 8);
	holes_synced(&a);
	rt_send(&b, "join %s", code);
	holes_synced(&b);
	static const char many[] = "a b c d e f g h i j k l m n o p q r s t "
	                           "u v w x y z and thirty words in all ok";
	rt_send(&a, "say %s", many);
	snprintf(want, sizeof want, "said %s player alice %s", code, many);
	rt_expect(&b, "said", line);
	ck_assert_str_eq(line, want);
	static const char *const bidi[] = {
	        "\xe2\x80\xae"
	        "evil",             /* U+202E right-to-left override */
	        "x \xe2\x80\xaa y", /* U+202A embedding */
	        "x \xe2\x81\xa6 y", /* U+2066 isolate */
	        "x \xe2\x81\xa9",   /* U+2069 pop isolate */
	        "x \xe2\x80\x8f",   /* U+200F right-to-left mark */
	        "x \xe2\x80\x8e",   /* U+200E left-to-right mark */
	        "x \xd8\x9c",       /* U+061C Arabic letter mark */
	};
	for (size_t i = 0; i < sizeof bidi / sizeof bidi[0]; i++) {
		rt_send(&a, "say %s", bidi[i]);
		rt_expect(&a, "error", line);
		ck_assert_msg(strstr(line, "no direction controls") != NULL,
		              "%zu: %s", i, line);
		usleep(700 * 1000); /* within the message allowance */
	}
	rt_send(&a, "say fine");
	rt_expect(&b, "said", line);
	ck_assert_msg(strstr(line, " fine") != NULL, "%s", line);
	rt_peer_start(&m, &sv, "AAAAkeyOfMallory");
	rt_send(&m, "name \xe2\x80\xae"
	            "bob");
	rt_expect(&m, "error a name is", NULL);
	rt_peer_stop(&m, false);
	rt_peer_stop(&a, false);
	rt_peer_stop(&b, false);
	rt_server_clean(&sv);
}
END_TEST

/* Writes the ratings file at path: the magic, then n lines of people
 * uid:0..n-1, then extra. */
static void
holes_ratings_file(const char *path, int n, const char *extra)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "# tabula ratings 1\n");
	for (int i = 0; i < n; i++)
		fprintf(f,
		        "tetress uid:%d 1500.0000 350.0000 0.06000000 0 "
		        "user:p%d\n",
		        i, i);
	fputs(extra, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* The ratings file under attack: a name with a terminal's escape in it
 * (it would reach every lobby's leaderboard), a second line for one
 * person, one rating more than a server keeps, a symbolic link (whose
 * saves would all be refused): each stops the server's start with one
 * line naming the file and the line.  A full file (40000 ratings) loads,
 * through the index (it was a walk of the list per line, some 800
 * million comparisons, before the server listened). */
START_TEST(test_ratings_file)
{
	char dir[] = "/tmp/tabula-ratings-XXXXXX", path[256], err[512];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/ratings", dir);
	static const struct {
		const char *extra, *want;
	} bad[] = {
	        {"tetress uid:1 1500 350 0.06 0 user:a\x1b]0;x\x07\n",
	         ":2: not a person's name"},
	        {"tetress uid:1 1500 350 0.06 0 ssh:\xe2\x80\xae"
	         "alice\n",
	         ":2: not a person's name"},
	        {"tetress engine:11 1500 350 0.06 0 engine:11\n",
	         ":2: not a person's name"},
	        {"tetress uid:1 1500 350 0.06 0 user:a\n"
	         "tetress uid:1 1600 350 0.06 0 user:a\n",
	         ":3: not the first line for this game and owner"},
	};
	struct ratings rt;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		holes_ratings_file(path, 0, bad[i].extra);
		ck_assert(!ratings_load(&rt, path, err, sizeof err));
		ck_assert_msg(strstr(err, bad[i].want) != NULL, "%zu: %s", i,
		              err);
	}
	holes_ratings_file(path, RATINGS_MAX, "");
	ck_assert_msg(ratings_load(&rt, path, err, sizeof err), "%s", err);
	ck_assert_uint_eq(rt.count, RATINGS_MAX);
	const struct rating_entry *e =
	        ratings_find(&rt, "tetress", "uid:39999");
	ck_assert(e != NULL && strcmp(e->account, "user:p39999") == 0);
	ck_assert_ptr_null(ratings_find(&rt, "tzaar", "uid:39999"));
	ratings_free(&rt);
	holes_ratings_file(path, RATINGS_MAX,
	                   "tzaar uid:1 1500 350 0.06 0 user:p1\n");
	ck_assert(!ratings_load(&rt, path, err, sizeof err));
	ck_assert_msg(strstr(err, ":40002: more ratings than a server keeps") !=
	                      NULL,
	              "%s", err);
	char target[300];
	snprintf(target, sizeof target, "%s/elsewhere", dir);
	ck_assert_int_eq(rename(path, target), 0);
	ck_assert_int_eq(symlink(target, path), 0);
	ck_assert(!ratings_load(&rt, path, err, sizeof err));
	ck_assert_msg(strstr(err, "a symbolic link") != NULL, "%s", err);
	testutil_remove_tree(dir);
}
END_TEST

static Suite *
holes_suite(void)
{
	Suite *s = suite_create("server holes");
	TCase *tc = tcase_create("holes");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_one_key_cannot_fill_the_server);
	tcase_add_test(tc, test_nameless_connection_dropped);
	tcase_add_test(tc, test_state_directory_locked);
	tcase_add_test(tc, test_chat_by_length_and_no_bidi);
	tcase_add_test(tc, test_ratings_file);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	signal(SIGPIPE, SIG_IGN);
	return testutil_run_suite(holes_suite());
}
