/*
 * Rooms worth coming back to (tabula(6), PLAY ON THIS HOST, "Ratings",
 * "Pairing", "Messages"): Glicko-2 against the worked example of its
 * published description; the ratings file; pairing by rating with its
 * widening range; and, through the line protocol of the real server and
 * real `tabula connect` peers, play-anyone pairing and its withdrawal,
 * rated and casual results (a win on time among them), the leaderboard,
 * room messages, and bad input answered with one line and nothing lost.
 */
#include "config.h"

#include <check.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/registry.h"
#include "roomtest.h"
#include "server/chat.h"
#include "server/glicko.h"
#include "server/pairing.h"
#include "server/ratings.h"
#include "testutil.h"

/* Glickman's example: a 1500/200/0.06 player beats a 1400/30 one and
 * loses to 1550/100 and 1700/300 in one period, tau 0.5; he gives
 * 1464.06, 151.52 and 0.05999.  His rating comes from mu' rounded to
 * -0.2069 (1464.058); unrounded it is 1464.0507, so the rating is held to
 * his second decimal within one unit, the volatility (0.059996) to his
 * fifth. */
START_TEST(test_glicko_example)
{
	struct glicko me = {1500, 200, 0.06};
	struct glicko_game g[3] = {
	        {{1400, 30, 0.06}, 1},
	        {{1550, 100, 0.06}, 0},
	        {{1700, 300, 0.06}, 0},
	};
	struct glicko after = glicko_update(me, g, 3, 0.5);
	ck_assert_msg(fabs(after.rating - 1464.06) <= 0.01, "rating %.4f",
	              after.rating);
	ck_assert_msg(fabs(after.deviation - 151.52) < 0.005, "deviation %.4f",
	              after.deviation);
	ck_assert_msg(fabs(after.volatility - 0.05999) < 0.00001,
	              "volatility %.6f", after.volatility);
	/* A period without games: only the deviation grows. */
	struct glicko idle = glicko_update(me, NULL, 0, 0.5);
	ck_assert(idle.rating == 1500);
	ck_assert_msg(fabs(idle.deviation - 200.2714) < 0.001, "%.4f",
	              idle.deviation);
}
END_TEST

/* The ratings file: a game rated, saved and read back; a file that does
 * not parse is refused with its line, and left as it was. */
START_TEST(test_ratings_file)
{
	char dir[] = "/tmp/tabula-ratings-XXXXXX", path[600], err[600];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/ratings", dir);
	struct ratings rt;
	ck_assert_msg(ratings_load(&rt, path, err, sizeof err), "%s", err);
	const char *owner[2] = {"key:SHA256:aaa", "engine:3"};
	const char *account[2] = {"ssh:alice", "engine:3"};
	struct glicko old[2], now[2];
	ck_assert(ratings_rate(&rt, "tetress", owner, account, 1.0, old, now));
	ck_assert(old[0].rating == 1500 && now[0].rating > 1500);
	ck_assert(now[1].rating < 1500);
	/* Told only once on disk. */
	unsigned games;
	const struct rating_entry *e = ratings_find(&rt, "tetress", owner[0]);
	ck_assert(ratings_told(&rt, e, &games).rating == 1500 && games == 0);
	struct store_job *job = ratings_save_job_new(&rt);
	job->base.run(&job->base);
	ck_assert_msg(job->ok, "%s", job->err);
	rt.saved_version = job->version;
	store_job_free(&job->base);
	ck_assert(ratings_told(&rt, e, &games).rating == now[0].rating);
	ck_assert_uint_eq(games, 1);
	struct ratings back;
	ck_assert_msg(ratings_load(&back, path, err, sizeof err), "%s", err);
	ck_assert_uint_eq(back.count, 2);
	e = ratings_find(&back, "tetress", owner[0]);
	ck_assert(e != NULL && fabs(e->g.rating - now[0].rating) < 0.001);
	const struct rating_entry *best[4];
	ck_assert_uint_eq(ratings_top(&back, "tetress", best, 4), 2);
	ck_assert_str_eq(best[0]->account, "ssh:alice");
	ratings_free(&back);
	ratings_free(&rt);
	static const struct {
		const char *text, *want;
	} bad[] = {
	        {"# tabula ratings 2\n", "ratings:1: not a ratings file"},
	        {"# tabula ratings 1\ntetress key:SHA256:a 1500 350\n",
	         "ratings:2: not 'GAME OWNER"},
	        {"# tabula ratings 1\ntetress key:SHA256:a 1500 0 0.06 1 "
	         "ssh:a\n",
	         "ratings:2: not"},
	        {"# tabula ratings 1\n\ntetress key:SHA256:a 1500 80 0.06 1 "
	         "alice\n",
	         "ratings:3: not"},
	        {"# tabula ratings 1\ntetress k 1500 80 0.06 1 ssh:a\n"
	         "tetress k 1500 80 0.06 1 ssh:a\n",
	         "ratings:3: not"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		rt_write_file(dir, "ratings", bad[i].text);
		ck_assert(!ratings_load(&rt, path, err, sizeof err));
		ck_assert_msg(strstr(err, bad[i].want) != NULL, "%zu: %s", i,
		              err);
		ck_assert_msg(strchr(err, '\n') == NULL, "%s", err);
	}
	testutil_remove_tree(dir);
}
END_TEST

/* Pairing: the closest ratings first, never oneself, never across games,
 * clocks or kinds, and a range that widens with the wait. */
START_TEST(test_pairing_rules)
{
	const struct game_ops *tetress = registry_find("tetress");
	const struct game_ops *tzaar = registry_find("tzaar");
	struct pairing p = {0};
	struct seek s[] = {
	        {1, "key:a", tetress, 0, 0, true, 1500, 0},
	        {2, "key:b", tetress, 0, 0, true, 1900, 0},
	        {3, "key:c", tetress, 0, 0, true, 1560, 0},
	        {4, "key:d", tzaar, 0, 0, true, 1500, 0},
	        {5, "key:e", tetress, 60000, 0, true, 1500, 0},
	        {6, "key:f", tetress, 0, 0, false, 1500, 0},
	        {7, "key:a", tetress, 0, 0, true, 1520, 0},
	};
	for (size_t i = 0; i < sizeof s / sizeof s[0]; i++)
		ck_assert(pairing_add(&p, &s[i]));
	struct seek a, b;
	ck_assert(pairing_match(&p, 0, &a, &b));
	/* 7 (1520) and 3 (1560) are closest; 1 and 7 are one person. */
	ck_assert_uint_eq(a.serial, 3);
	ck_assert_uint_eq(b.serial, 7);
	/* 1 and 2 are 400 apart: not at first (range 100) ... */
	ck_assert(!pairing_match(&p, 1000, &a, &b));
	ck_assert_int_eq(pairing_range(&s[0], 3999), 100 + 3 * 50);
	/* ... but after 6 seconds (range 400). */
	ck_assert(pairing_match(&p, 6000, &a, &b));
	ck_assert_uint_eq(a.serial, 1);
	ck_assert_uint_eq(b.serial, 2);
	ck_assert(!pairing_match(&p, 600000, &a, &b));
	ck_assert(pairing_withdraw(&p, 4));
	ck_assert(!pairing_withdraw(&p, 4));
	ck_assert_uint_eq(p.count, 2);
	pairing_free(&p);
}
END_TEST

/* Messages: length, controls (C0, DEL, C1, a tab, broken UTF-8), rate. */
START_TEST(test_chat_rules)
{
	char err[128], long_text[CHAT_MAX_BYTES + 2];
	ck_assert(chat_text_ok("good game, well played \xc3\xa9", err,
	                       sizeof err));
	memset(long_text, 'a', sizeof long_text - 1);
	long_text[sizeof long_text - 1] = '\0';
	ck_assert(!chat_text_ok(long_text, err, sizeof err));
	ck_assert(!chat_text_ok("", err, sizeof err));
	const char *bad[] = {"a\tb", "a\x1b[2Jb", "a\x7f",
	                     "a\xc2\x9b"
	                     "2J",
	                     "a\xff"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_msg(!chat_text_ok(bad[i], err, sizeof err), "%zu", i);
		ck_assert(strstr(err, "control characters") != NULL);
	}
	struct chat_bucket b = {0};
	for (int i = 0; i < CHAT_BURST; i++)
		ck_assert(chat_take(&b, 1000, err, sizeof err));
	ck_assert(!chat_take(&b, 1000, err, sizeof err));
	ck_assert(chat_take(&b, 1000 + CHAT_EVERY_MS, err, sizeof err));
}
END_TEST

/* Reads p's lines up to "synced" (a room's snapshot). */
static void
read_to_synced(struct rt_peer *p)
{
	char line[NET_LINE_MAX + 1];
	rt_expect(p, "synced", line);
}

/* The first word-for-word "rated CODE SIDE ..." pair p is told: the new
 * ratings of seat 1 and 2 into now[]. */
static void
expect_rated(struct rt_peer *p, const char *code, double now[2])
{
	char line[NET_LINE_MAX + 1], c[8];
	for (int side = 1; side <= 2; side++) {
		int s;
		double before, after, dev;
		rt_expect(p, "rated ", line);
		ck_assert_msg(sscanf(line, "rated %7s %d %lf %lf %lf", c, &s,
		                     &before, &after, &dev) == 5,
		              "%s", line);
		ck_assert_str_eq(c, code);
		ck_assert_int_eq(s, side);
		now[side - 1] = after;
	}
}

/* Whether p says a line starting with prefix within ms. */
static bool
says_within(struct rt_peer *p, const char *prefix, int ms, char *line)
{
	double end = rt_now_ms() + ms;
	while (rt_now_ms() < end) {
		if (!rt_next(p, line, (int)(end - rt_now_ms()) + 1))
			return false;
		if (strncmp(line, prefix, strlen(prefix)) == 0)
			return true;
	}
	return false;
}

/* Play anyone: two rated requests for one game and clock are paired into
 * one room; a resignation there is rated, the room, the lobby, "rating"
 * and "top" show the new ratings; a request withdrawn is not paired; a
 * request out of range is refused with one line. */
START_TEST(test_pair_and_rate)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	struct rt_peer a, b, c;
	rt_login(&a, &sv, "AAAAkeyOfAlice", "alice");
	rt_login(&b, &sv, "AAAAkeyOfBob", "bob");
	rt_login(&c, &sv, "AAAAkeyOfCarol", "carol");
	char line[NET_LINE_MAX + 1], code[8];
	/* Out of range, unknown, and nothing to withdraw. */
	rt_send(&a, "seek infexion clock=999+0");
	rt_expect(&a, "error", line);
	ck_assert_msg(strstr(line, "'clock=999+0'") != NULL &&
	                      strstr(line, "1 to 180 minutes") != NULL,
	              "%s", line);
	rt_send(&a, "seek chess");
	rt_expect(&a, "error", line);
	ck_assert_str_eq(line, "error seek: 'chess': not a two-player game");
	rt_send(&a, "unseek");
	rt_expect(&a, "error", line);
	/* Carol asks and withdraws: Bob's request finds nobody. */
	rt_send(&c, "seek infexion clock=5+2");
	rt_expect(&c, "seeking", line);
	ck_assert_str_eq(line, "seeking infexion 5+2 rated 1500");
	rt_send(&c, "unseek");
	rt_expect(&c, "unseeked", NULL);
	rt_send(&b, "seek infexion clock=5+2");
	rt_expect(&b, "seeking", NULL);
	ck_assert(!says_within(&b, "paired", 600, line));
	/* Alice asks for another clock, then the same one: paired. */
	rt_send(&a, "seek infexion clock=5+3");
	rt_expect(&a, "seeking", NULL);
	ck_assert(!says_within(&b, "paired", 300, line));
	double t0 = rt_now_ms();
	rt_send(&a, "seek infexion clock=5+2");
	rt_expect(&a, "paired", line);
	fprintf(stderr, "pairing: %.1f ms from the request to 'paired'\n",
	        rt_now_ms() - t0);
	ck_assert_msg(sscanf(line, "paired %7s", code) == 1, "%s", line);
	ck_assert_msg(strstr(line, " infexion bob") != NULL, "%s", line);
	rt_expect(&a, "options", line);
	ck_assert_str_eq(line + 13, "5+2 - rated -");
	rt_expect(&a, "ratings", line);
	ck_assert_str_eq(line + 13, "1500? 1500?");
	read_to_synced(&a);
	rt_expect(&b, "paired", line);
	ck_assert_msg(strstr(line, " infexion alice") != NULL, "%s", line);
	read_to_synced(&b);
	/* The first player resigns (before any move: a rated loss). */
	rt_send(&a, "list");
	rt_expect(&a, "room ", line);
	bool alice_first = strstr(line, " 1 ssh ssh ") != NULL;
	rt_expect(&a, "listed", NULL);
	struct rt_peer *loser = alice_first ? &a : &b;
	rt_send(loser, "resign");
	rt_expect(&a, "over", line);
	double now[2];
	expect_rated(&a, code, now);
	expect_rated(&b, code, now);
	/* Seat 1 resigned. */
	ck_assert_msg(now[1] > 1600 && now[0] < 1400, "%.0f %.0f", now[0],
	              now[1]);
	/* The lobby, "rating" and "top" show them. */
	rt_send(&c, "list");
	rt_expect(&c, "room ", line);
	char want[64];
	snprintf(want, sizeof want, " %.0f? %.0f?", now[0], now[1]);
	ck_assert_msg(strstr(line, want) != NULL, "%s, want %s", line, want);
	rt_send(&a, "rating infexion");
	rt_expect(&a, "rating ", line);
	snprintf(want, sizeof want, "rating infexion %.0f ",
	         now[alice_first ? 0 : 1]);
	ck_assert_msg(strncmp(line, want, strlen(want)) == 0, "%s", line);
	ck_assert_msg(strcmp(line + strlen(line) - 2, " 1") == 0, "%s", line);
	rt_expect(&a, "rating-listed 1", NULL);
	rt_send(&c, "top infexion");
	rt_expect(&c, "top ", line);
	ck_assert_msg(strstr(line, alice_first ? " 1 bob ssh "
	                                       : " 1 alice ssh ") != NULL,
	              "%s", line);
	rt_expect(&c, "top ", line);
	rt_expect(&c, "topped infexion 2", NULL);
	rt_send(&c, "top infexion 99");
	rt_expect(&c, "error", line);
	ck_assert_msg(strstr(line, "1 to 50") != NULL, "%s", line);
	rt_peer_stop(&a, false);
	rt_peer_stop(&b, false);
	rt_peer_stop(&c, false);
	/* Kept across a restart. */
	rt_server_stop(&sv, SIGTERM);
	rt_server_start(&sv, NULL);
	rt_peer_start(&c, &sv, "AAAAkeyOfCarol");
	rt_send(&c, "top infexion");
	rt_expect(&c, "top ", line);
	rt_expect(&c, "top ", line);
	rt_expect(&c, "topped infexion 2", NULL);
	rt_peer_stop(&c, false);
	rt_server_clean(&sv);
}
END_TEST

/* A casual room changes no rating; a rated one lost on time does, and
 * the engine's seat only when the room is rated. */
START_TEST(test_casual_and_time)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	struct rt_peer a, b;
	rt_login(&a, &sv, "AAAAkeyOfAlice", "alice");
	rt_login(&b, &sv, "AAAAkeyOfBob", "bob");
	char line[NET_LINE_MAX + 1], code[8];
	rt_send(&a, "create tetress");
	rt_expect(&a, "created", line);
	snprintf(code, sizeof code, "%.4s", line + 8);
	rt_expect(&a, "options", line);
	ck_assert_str_eq(line + 13, "- - casual -");
	read_to_synced(&a);
	rt_send(&b, "join %s", code);
	read_to_synced(&b);
	rt_send(&a, "resign");
	rt_expect(&a, "over", line);
	ck_assert(!says_within(&a, "rated", 500, line));
	rt_send(&a, "rating tetress");
	rt_expect(&a, "rating ", line);
	ck_assert_str_eq(line, "rating tetress 1500 350 0");
	/* A casual engine room shows no rating for the engine. */
	rt_send(&a, "create tetress engine=1");
	rt_expect(&a, "ratings", line);
	ck_assert_str_eq(line + 13, "1500? -");
	rt_send(&a, "resign");
	rt_expect(&a, "over", line);
	ck_assert(!says_within(&a, "rated", 300, line));
	rt_peer_stop(&a, false);
	rt_peer_stop(&b, false);
	/* A rated room whose side to move has 1.5 s left: bob's time. */
	rt_server_stop(&sv, SIGTERM);
	char rooms[400];
	snprintf(rooms, sizeof rooms, "%s/rooms", sv.state);
	rt_write_file(rooms, "TIME.room",
	              "# tabula room 1\ngame tetress\nseat1 person ssh:alice\n"
	              "seat2 person ssh:bob\nclock 60000 0\nanalysis 0\n"
	              "rated 1\nchat 0\n");
	rt_write_file(
	        rooms, "TIME.rec",
	        "# tabula record 1\n[Game \"tetress\"]\n[Result \"*\"]\n\n"
	        "1. 0-0,0-1,0-2,0-3 {clock 55000 1500} *\n");
	rt_server_start(&sv, NULL);
	rt_peer_start(&a, &sv, "AAAAkeyOfAlice");
	rt_send(&a, "join TIME");
	rt_expect(&a, "options", line);
	ck_assert_str_eq(line + 13, "1+0 - rated -");
	rt_expect(&a, "over", line);
	ck_assert_str_eq(line, "over TIME 1-0 time forfeit");
	double now[2];
	expect_rated(&a, "TIME", now);
	ck_assert(now[0] > 1600 && now[1] < 1400);
	rt_peer_stop(&a, false);
	rt_server_clean(&sv);
}
END_TEST

/* A ratings file that does not parse stops the server at its start with
 * one line naming the file and line, and the file is left as it was. */
START_TEST(test_bad_ratings_file)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	rt_server_stop(&sv, SIGTERM);
	static const char bad[] = "# tabula ratings 1\ntetress x 1500\n";
	rt_write_file(sv.state, "ratings", bad);
	char cmd[1400], out[1024] = "";
	snprintf(cmd, sizeof cmd,
	         "'%s' serve --socket '%s' --state '%s' 2>&1; echo status $?",
	         getenv("TABULA"), sv.socket, sv.state);
	FILE *f = popen(cmd, "r");
	ck_assert_ptr_nonnull(f);
	size_t got = fread(out, 1, sizeof out - 1, f);
	out[got] = '\0';
	pclose(f);
	ck_assert_msg(strstr(out, "ratings:2: not 'GAME OWNER RATING") != NULL,
	              "%s", out);
	ck_assert_msg(strstr(out, "status 1") != NULL, "%s", out);
	char path[400];
	snprintf(path, sizeof path, "%s/ratings", sv.state);
	FILE *r = fopen(path, "r");
	char kept[128] = "";
	got = fread(kept, 1, sizeof kept - 1, r);
	kept[got] = '\0';
	fclose(r);
	ck_assert_str_eq(kept, bad);
	rt_server_clean(&sv);
}
END_TEST

/* Messages: off unless the room takes them; a player's reach everyone,
 * a spectator's only the spectators; length, controls and rate refused
 * with one line. */
START_TEST(test_messages)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	struct rt_peer a, b, w;
	rt_login(&a, &sv, "AAAAkeyOfAlice", "alice");
	rt_login(&b, &sv, "AAAAkeyOfBob", "bob");
	rt_login(&w, &sv, "AAAAkeyOfCarol", "carol");
	char line[NET_LINE_MAX + 1], code[8];
	rt_send(&a, "create tzaar");
	rt_expect(&a, "created", line);
	read_to_synced(&a);
	rt_send(&a, "say hello");
	rt_expect(&a, "error", line);
	ck_assert_msg(strstr(line, "takes no messages") != NULL, "%s", line);
	rt_send(&a, "create tzaar chat");
	rt_expect(&a, "created", line);
	snprintf(code, sizeof code, "%.4s", line + 8);
	read_to_synced(&a);
	rt_send(&b, "join %s", code);
	read_to_synced(&b);
	rt_send(&w, "watch %s", code);
	read_to_synced(&w);
	rt_send(&a, "say good luck,  bob");
	char want[128];
	snprintf(want, sizeof want, "said %s player alice good luck,  bob",
	         code);
	rt_expect(&b, "said", line);
	ck_assert_str_eq(line, want);
	rt_expect(&w, "said", line);
	ck_assert_str_eq(line, want);
	rt_expect(&a, "said", line);
	rt_send(&w, "say what a move");
	snprintf(want, sizeof want, "said %s spectator carol what a move",
	         code);
	rt_expect(&w, "said", line);
	ck_assert_str_eq(line, want);
	ck_assert(!says_within(&a, "said", 300, line));
	ck_assert(!says_within(&b, "said", 10, line));
	rt_send(&a, "say a\tb");
	rt_expect(&a, "error", line);
	ck_assert_msg(strstr(line, "control characters") != NULL, "%s", line);
	rt_send(&a, "say %0201d", 0);
	rt_expect(&a, "error", line);
	ck_assert_msg(strstr(line, "1 to 200 bytes") != NULL, "%s", line);
	/* One was sent; two more make the burst; the next waits. */
	rt_send(&a, "say one");
	rt_send(&a, "say two");
	rt_send(&a, "say three");
	rt_expect(&a, "error", line);
	ck_assert_msg(strstr(line, "one message every 2 seconds") != NULL, "%s",
	              line);
	rt_peer_stop(&a, false);
	rt_peer_stop(&b, false);
	rt_peer_stop(&w, false);
	rt_server_clean(&sv);
}
END_TEST

static Suite *
rooms_suite(void)
{
	Suite *s = suite_create("server_rooms");
	TCase *tc = tcase_create("rooms");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_glicko_example);
	tcase_add_test(tc, test_ratings_file);
	tcase_add_test(tc, test_pairing_rules);
	tcase_add_test(tc, test_chat_rules);
	tcase_add_test(tc, test_pair_and_rate);
	tcase_add_test(tc, test_casual_and_time);
	tcase_add_test(tc, test_bad_ratings_file);
	tcase_add_test(tc, test_messages);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	signal(SIGPIPE, SIG_IGN);
	return testutil_run_suite(rooms_suite());
}
