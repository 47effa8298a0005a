/*
 * A host people can trust (issue 40): what the room server promises when
 * a save fails, who may use a name, who may watch, and its files.  Each
 * test failed before its mend: a failed save used to be marked saved and
 * told to both players; a name whose save failed was used in memory; a key
 * could take `root`; a player could watch their own room; two games archived
 * in one second under one code overwrote each other; an accounts file over
 * 64 KiB stopped the server from starting.
 */
#include "config.h"

#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/registry.h"
#include "roomtest.h"
#include "server/identity.h"
#include "server/room.h"
#include "server/sha256.h"
#include "testutil.h"

/* Replaces path with a symbolic link (to a file of its own), which every
 * save refuses to write through. */
static void
trust_plant_link(const char *path)
{
	char target[512];
	snprintf(target, sizeof target, "%s.target", path);
	FILE *f = fopen(target, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	unlink(path);
	ck_assert_int_eq(symlink(target, path), 0);
}

/* Reads p's lines until "synced", returning the ply it names. */
static long
trust_synced(struct rt_peer *p)
{
	char line[NET_LINE_MAX + 1];
	rt_expect(p, "synced ", line);
	return strtol(line + 12, NULL, 10);
}

/* A move whose save fails is refused: the mover is told why, the other
 * player never hears of it, and after a kill -9 the room is where it was. */
START_TEST(test_failed_save_refuses_move)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	struct rt_peer a, b;
	char line[NET_LINE_MAX + 1], code[8], path[512];
	rt_login(&a, &sv, "AAAAkeyOfAlice", "alice");
	rt_login(&b, &sv, "AAAAkeyOfBob", "bob");
	rt_send(&a, "create tetress");
	rt_expect(&a, "created ", line);
	snprintf(code, sizeof code, "%.4s", line + 8);
	rt_send(&b, "join %s", code);
	rt_expect(&b, "synced", NULL);
	rt_send(&a, "move 0-0,0-1,0-2,0-3");
	rt_expect(&b, "move ", NULL);
	rt_expect(&a, "move ", NULL);
	snprintf(path, sizeof path, "%s/rooms/%s.rec", sv.state, code);
	trust_plant_link(path);
	rt_send(&b, "move 5-5,5-6,5-7,5-8");
	rt_expect(&b, "error cannot save", line);
	ck_assert_msg(strstr(line, "link") != NULL, "%s", line);
	/* Nobody saw the lost move: a's next line is the answer to ping. */
	rt_send(&a, "ping");
	ck_assert(rt_next(&a, line, ROOMTEST_WAIT_MS));
	ck_assert_msg(strcmp(line, "pong") == 0, "a saw '%s'", line);
	rt_send(&b, "join %s", code);
	ck_assert_int_eq(trust_synced(&b), 1);
	rt_server_stop(&sv, SIGKILL);
	rt_peer_stop(&a, false);
	rt_peer_stop(&b, false);
	unlink(path); /* the record the server wrote last is the target */
	char target[600];
	snprintf(target, sizeof target, "%s.target", path);
	unlink(target);
	rt_server_clean(&sv);
}
END_TEST

/* A seat whose save fails is never told: the taker hears why and stays
 * in the lobby, the creator never hears of the opponent, and once saves
 * work again the seat can be taken. */
START_TEST(test_failed_save_refuses_seat)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	struct rt_peer a, b;
	char line[NET_LINE_MAX + 1], code[8], path[512], target[600];
	rt_login(&a, &sv, "AAAAkeyOfAlice", "alice");
	rt_login(&b, &sv, "AAAAkeyOfBob", "bob");
	rt_send(&a, "create tetress");
	rt_expect(&a, "created ", line);
	snprintf(code, sizeof code, "%.4s", line + 8);
	rt_expect(&a, "synced", NULL);
	snprintf(path, sizeof path, "%s/rooms/%s.rec", sv.state, code);
	trust_plant_link(path);
	rt_send(&b, "join %s", code);
	ck_assert(rt_next(&b, line, ROOMTEST_WAIT_MS));
	ck_assert_msg(strncmp(line, "error cannot save", 17) == 0, "b: '%s'",
	              line);
	rt_send(&a, "ping");
	ck_assert(rt_next(&a, line, ROOMTEST_WAIT_MS));
	ck_assert_msg(strcmp(line, "pong") == 0, "a saw '%s'", line);
	rt_send(&b, "move 0-0,0-1,0-2,0-3");
	rt_expect(&b, "error not in a room", NULL);
	unlink(path);
	snprintf(target, sizeof target, "%s.target", path);
	unlink(target);
	rt_send(&b, "join %s", code);
	rt_expect(&b, "joined ", line);
	ck_assert_msg(line[strlen(line) - 1] == '2', "b: '%s'", line);
	rt_expect(&a, "players ", line);
	ck_assert_msg(strstr(line, "bob") != NULL, "a: '%s'", line);
	rt_peer_stop(&a, false);
	rt_peer_stop(&b, false);
	rt_server_stop(&sv, SIGTERM);
	rt_server_clean(&sv);
}
END_TEST

/* A name whose save failed is never used: the next connection with that
 * key is asked for a name again, and the name is free for anyone. */
START_TEST(test_failed_name_not_used)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	char path[512], line[NET_LINE_MAX + 1];
	snprintf(path, sizeof path, "%s/accounts", sv.state);
	trust_plant_link(path);
	struct rt_peer a, b;
	rt_peer_start(&a, &sv, "AAAAkeyOfAlice");
	rt_send(&a, "name alice");
	rt_expect(&a, "bye cannot save the name", NULL);
	rt_peer_stop(&a, false);
	rt_peer_start(&a, &sv, "AAAAkeyOfAlice"); /* read to need-name */
	rt_send(&a, "list");
	rt_expect(&a, "error pick a name", NULL);
	rt_peer_stop(&a, false);
	unlink(path);
	rt_login(&b, &sv, "AAAAkeyOfMallory", "alice");
	rt_send(&b, "create tzaar");
	rt_expect(&b, "created", line);
	rt_peer_stop(&b, false);
	rt_server_clean(&sv);
}
END_TEST

/* A key may not take root's name or a local user's; a seated player may
 * not watch their own unfinished game. */
START_TEST(test_names_and_watching)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	struct rt_peer a, a2;
	char line[NET_LINE_MAX + 1], code[8];
	rt_peer_start(&a, &sv, "AAAAkeyOfAlice");
	rt_send(&a, "name root");
	rt_expect(&a, "error the name 'root' is taken", NULL);
	rt_send(&a, "name Root");
	rt_expect(&a, "error the name 'Root' is taken", NULL);
	rt_send(&a, "name alice");
	rt_expect(&a, "welcome alice", NULL);
	rt_send(&a, "create tzaar");
	rt_expect(&a, "created ", line);
	snprintf(code, sizeof code, "%.4s", line + 8);
	rt_peer_start(&a2, &sv, "AAAAkeyOfAlice");
	rt_send(&a2, "watch %s", code);
	rt_expect(&a2, "error you play in room", NULL);
	rt_peer_stop(&a2, false);
	rt_peer_stop(&a, false);
	rt_server_clean(&sv);
}
END_TEST

/* Two finished games archived in the same second under one code are both
 * kept. */
START_TEST(test_archive_keeps_both)
{
	char dir[] = "/tmp/tabula-archive-XXXXXX", err[256], to[600];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(to, sizeof to, "%s/finished", dir);
	ck_assert_int_eq(mkdir(to, 0700), 0);
	struct room_options opt = {.ops = registry_find("tetress")};
	for (int i = 0; i < 2; i++) {
		struct room *r = room_create(dir, "ABCD", 1, &opt, "uid:1001",
		                             "user:alice", 0, err, sizeof err);
		ck_assert_msg(r != NULL, "%s", err);
		room_archive(r, to);
		room_free(r);
	}
	int recs = 0;
	char cmd[700];
	snprintf(cmd, sizeof cmd, "ls %s | grep -c '^ABCD-.*\\.rec$'", to);
	FILE *p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(fscanf(p, "%d", &recs), 1);
	pclose(p);
	ck_assert_int_eq(recs, 2);
	testutil_remove_tree(dir);
}
END_TEST

/* 150 RSA-3072-sized keys (about 85 KiB of accounts) restart fine. */
START_TEST(test_many_keys_restart)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	char path[512];
	ck_assert_int_eq(mkdir(sv.state, 0700), 0);
	snprintf(path, sizeof path, "%s/accounts", sv.state);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "# tabula accounts 1\n");
	for (int i = 0; i < 150; i++) {
		fprintf(f, "user%d ssh-rsa AAAA%04d", i, i);
		for (int j = 0; j < 540; j++)
			fputc('A' + (i + j) % 26, f);
		fputc('\n', f);
	}
	ck_assert_int_eq(fclose(f), 0);
	struct stat st;
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_gt(st.st_size, 64 * 1024);
	rt_server_start(&sv, NULL);
	rt_server_clean(&sv);
}
END_TEST

/* Creates a room (options as for create) and returns its code in code. */
static void
trust_create(struct rt_peer *p, const char *options, char *code)
{
	char line[NET_LINE_MAX + 1];
	rt_send(p, "create %s", options);
	rt_expect(p, "created ", line);
	snprintf(code, 8, "%.4s", line + 8);
	rt_expect(p, "synced", NULL);
}

/* One engine thread, one search per person: alice's second room waits
 * while her first is searched, so bob's level-1 search comes before it (a
 * level-10 search, seconds long: no race with reading her lines); her
 * first room's search ends when she resigns there (it ran to its end, and
 * bob waited behind both of hers). */
START_TEST(test_engine_shared_fairly)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, "--engine-threads 1");
	struct rt_peer a1, a2, b;
	char code[3][8], line[NET_LINE_MAX + 1];
	rt_login(&a1, &sv, "AAAAkeyOfAlice", "alice");
	rt_login(&b, &sv, "AAAAkeyOfBob", "bob");
	rt_peer_start(&a2, &sv, "AAAAkeyOfAlice");
	trust_create(&a1, "tzaar seat=2 engine=10", code[0]);
	trust_create(&a2, "tzaar seat=2 engine=10", code[1]);
	trust_create(&b, "tzaar seat=2 engine=1", code[2]);
	rt_send(&a1, "resign");
	rt_expect(&a1, "over ", NULL);
	rt_expect(&b, "move ", line);
	/* Bob's engine has moved; alice's second room is still waiting or
	 * just now searched, never before bob's. */
	bool a2_first = false;
	while (rt_next(&a2, line, 0))
		a2_first |= strncmp(line, "move ", 5) == 0;
	ck_assert_msg(!a2_first, "alice's second search came before bob's");
	rt_send(&a2, "resign"); /* its search (level 10) ends with it */
	rt_expect(&a2, "over ", NULL);
	/* The finished room leaves memory once its search is cancelled. */
	rt_send(&a1, "leave");
	rt_expect(&a1, "left", NULL);
	for (bool listed = true; listed;) {
		rt_send(&b, "list");
		listed = false;
		for (;;) {
			rt_expect(&b, "", line);
			if (strncmp(line, "listed", 6) == 0)
				break;
			listed |= strstr(line, code[0]) != NULL;
		}
	}
	rt_peer_stop(&a1, false);
	rt_peer_stop(&a2, false);
	rt_peer_stop(&b, false);
	rt_server_clean(&sv);
}
END_TEST

/* SIGTERM ends the server at once, a level-10 search under way (about
 * 0.7 s at its 1,000,000 nodes, more on a loaded machine) cancelled: the
 * bound below is for a loaded machine. */
START_TEST(test_sigterm_at_once)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	struct rt_peer a;
	char code[8];
	rt_login(&a, &sv, "AAAAkeyOfAlice", "alice");
	trust_create(&a, "tzaar seat=2 engine=10", code);
	usleep(200 * 1000); /* the search is under way */
	double t0 = rt_now_ms();
	rt_server_stop(&sv, SIGTERM);
	double took = rt_now_ms() - t0;
	ck_assert_msg(took < 3000, "SIGTERM took %.0f ms", took);
	rt_peer_stop(&a, false);
	rt_server_clean(&sv);
}
END_TEST

/* SHA-256 against FIPS 180-4's examples, and a key's fingerprint against
 * what `ssh-keygen -l` printed for it. */
START_TEST(test_key_fingerprint)
{
	static const struct {
		const char *text;
		size_t repeat;
		const char *hex;
	} v[] = {
	        {"abc", 1,
	         "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f2001"
	         "5ad"},
	        {"", 1,
	         "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b"
	         "855"},
	        {"a", 1000,
	         "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737"
	         "ea3"},
	};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		size_t len = strlen(v[i].text) * v[i].repeat;
		char *data = malloc(len + 1);
		ck_assert_ptr_nonnull(data);
		for (size_t k = 0; k < v[i].repeat; k++)
			memcpy(data + k * strlen(v[i].text), v[i].text,
			       strlen(v[i].text));
		uint8_t d[SHA256_BYTES];
		char hex[2 * SHA256_BYTES + 1];
		sha256(data, len, d);
		for (int k = 0; k < SHA256_BYTES; k++)
			snprintf(hex + 2 * k, 3, "%02x", d[k]);
		ck_assert_str_eq(hex, v[i].hex);
		free(data);
	}
	char owner[IDENTITY_OWNER_MAX];
	identity_key_owner("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINkfjEdgF+PkQ0"
	                   "CIQs/QGEDb9PS9odVXIwQRlqI86rAf",
	                   owner, sizeof owner);
	ck_assert_str_eq(
	        owner,
	        "key:SHA256:4yDVYTDKB92Lgp110l6Abel/bBmJCGUorPsal9KCNlI");
}
END_TEST

/* A seat belongs to its key, not to the name: when the accounts file gives
 * alice's name to another key (as a lost save once let a key take a name
 * another had used), that key does not get her seat. */
START_TEST(test_seat_belongs_to_key)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	struct rt_peer a, b, m;
	char code[8], line[NET_LINE_MAX + 1], path[512];
	rt_login(&a, &sv, "AAAAkeyOfAlice", "alice");
	rt_login(&b, &sv, "AAAAkeyOfBob", "bob");
	trust_create(&a, "tetress", code);
	rt_send(&b, "join %s", code);
	rt_expect(&b, "synced", NULL);
	rt_peer_stop(&a, false);
	rt_peer_stop(&b, false);
	rt_server_stop(&sv, SIGTERM);
	snprintf(path, sizeof path, "%s/accounts", sv.state);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "alice ssh-ed25519 AAAAkeyOfMallory\n"
	           "bob ssh-ed25519 AAAAkeyOfBob\n");
	ck_assert_int_eq(fclose(f), 0);
	rt_server_start(&sv, NULL);
	rt_peer_start(&m, &sv, "AAAAkeyOfMallory");
	rt_send(&m, "join %s", code);
	rt_expect(&m, "error room", line);
	ck_assert_msg(strstr(line, "full") != NULL, "%s", line);
	rt_send(&m, "move 0-0,0-1,0-2,0-3");
	rt_expect(&m, "error not in a room", NULL);
	rt_peer_stop(&m, false);
	rt_server_clean(&sv);
}
END_TEST

static Suite *
trust_suite(void)
{
	Suite *s = suite_create("server-trust");
	TCase *tc = tcase_create("trust");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_failed_save_refuses_move);
	tcase_add_test(tc, test_failed_save_refuses_seat);
	tcase_add_test(tc, test_failed_name_not_used);
	tcase_add_test(tc, test_names_and_watching);
	tcase_add_test(tc, test_archive_keeps_both);
	tcase_add_test(tc, test_many_keys_restart);
	tcase_add_test(tc, test_engine_shared_fairly);
	tcase_add_test(tc, test_sigterm_at_once);
	tcase_add_test(tc, test_key_fingerprint);
	tcase_add_test(tc, test_seat_belongs_to_key);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	signal(SIGPIPE, SIG_IGN);
	return testutil_run_suite(trust_suite());
}
