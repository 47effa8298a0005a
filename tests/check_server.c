/*
 * The room server end to end over its Unix socket: the real `tabula
 * serve`, real `tabula connect` peers (each with its own fake sshd
 * auth-info file, so each is a different SSH key of the shared account),
 * whole games, spectators, reconnection, a restart, identities and hostile
 * input; and the room rules (clock, draw) directly.
 */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "client/client.h"
#include "client/view.h"
#include "core/record.h"
#include "core/registry.h"
#include "roomtest.h"
#include "play/player.h"
#include "server/identity.h"
#include "server/room.h"
#include "server/store.h"
#include "testutil.h"

/* A seated player as the test sees it: its peer and its copy of the game. */
struct rt_player {
	struct rt_peer peer;
	struct session s;
	int seat; /* 0 or 1 */
};

/* Reads a room snapshot up to "synced", applying its moves to s. */
static void
rt_read_room(struct rt_peer *p, struct session *s, char *joined)
{
	char line[NET_LINE_MAX + 1];
	rt_expect(p, "joined", joined);
	for (;;) {
		ck_assert(rt_next(p, line, ROOMTEST_WAIT_MS));
		if (strncmp(line, "move ", 5) == 0)
			rt_apply_move(s, line);
		if (strncmp(line, "synced ", 7) == 0)
			return;
	}
}

/* Chooses the greedy move for s's position (short games, deterministic). */
static void
rt_choose(const struct session *s, char *text, size_t size)
{
	struct player pl;
	char err[128];
	ck_assert(player_parse(&pl, "greedy", NULL, err, sizeof err));
	ck_assert(player_open(&pl, s->ops, err, sizeof err));
	game_move m;
	ck_assert(player_choose(&pl, s->ops, &s->positions[0], s->moves, s->ply,
	                        session_current(s), s->ply + 1, &m, err,
	                        sizeof err));
	player_close(&pl);
	s->ops->format_move(session_current(s), m, text, size);
}

/* Reads p's lines until the next "move" (applied) or "over" (returned
 * true). */
static bool
rt_await(struct rt_peer *p, struct session *s, char *over)
{
	char line[NET_LINE_MAX + 1];
	for (;;) {
		ck_assert_msg(rt_next(p, line, ROOMTEST_WAIT_MS),
		              "no move came");
		ck_assert_msg(strncmp(line, "error", 5) != 0, "%s", line);
		if (strncmp(line, "move ", 5) == 0) {
			rt_apply_move(s, line);
			return false;
		}
		if (strncmp(line, "over ", 5) == 0) {
			if (over != NULL)
				strcpy(over, line);
			return true;
		}
	}
}

/* Plays up to max_plies (0: to the end) between a and b, the spectator (if
 * any) following; returns whether the game ended ("over" line in over). */
static bool
rt_play(struct rt_player *a, struct rt_player *b, struct rt_peer *watcher,
        struct session *ws, size_t max_plies, char *over)
{
	struct rt_player *pl[2] = {a->seat == 0 ? a : b, a->seat == 0 ? b : a};
	for (size_t played = 0; !max_plies || played < max_plies; played++) {
		int side = a->s.ops->side_to_move(session_current(&a->s));
		char text[GAME_TEXT_MAX];
		rt_choose(&pl[side]->s, text, sizeof text);
		rt_send(&pl[side]->peer, "move %s", text);
		ck_assert(!rt_await(&pl[side]->peer, &pl[side]->s, over));
		ck_assert(
		        !rt_await(&pl[1 - side]->peer, &pl[1 - side]->s, over));
		if (watcher != NULL)
			ck_assert(!rt_await(watcher, ws, NULL));
		ck_assert_uint_eq(a->s.ply, b->s.ply);
		struct game_status st;
		a->s.ops->status(session_current(&a->s), &st);
		if (st.outcome != OUTCOME_ONGOING) {
			/* Everyone hears how it ended. */
			ck_assert(rt_await(&a->peer, &a->s, over));
			ck_assert(rt_await(&b->peer, &b->s, over));
			if (watcher != NULL)
				ck_assert(rt_await(watcher, ws, NULL));
			return true;
		}
	}
	return false;
}

/* Two players and a spectator play a whole Infexion game; everyone sees
 * every move, the record on disk is the game, and the room is archived. */
START_TEST(test_whole_game)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	const struct game_ops *ops = registry_find("infexion");
	struct game_setup setup = {0};
	struct rt_player a = {.seat = 0}, b = {.seat = 1};
	struct session ws;
	ck_assert(session_init(&a.s, ops, &setup));
	ck_assert(session_init(&b.s, ops, &setup));
	ck_assert(session_init(&ws, ops, &setup));
	rt_login(&a.peer, &sv, "AAAAkeyOfAlice", "alice");
	rt_login(&b.peer, &sv, "AAAAkeyOfBob", "bob");
	struct rt_peer w;
	rt_login(&w, &sv, "AAAAkeyOfCarol", "carol");
	char line[NET_LINE_MAX + 1], code[8];
	rt_send(&a.peer, "create infexion");
	rt_expect(&a.peer, "created ", line);
	snprintf(code, sizeof code, "%.4s", line + 8);
	rt_read_room(&a.peer, &a.s, line);
	rt_send(&b.peer, "join %s", code);
	rt_read_room(&b.peer, &b.s, line);
	ck_assert_str_eq(line + 12, "infexion 2");
	rt_expect(&a.peer, "players", line);
	rt_send(&w, "watch %s", code);
	rt_read_room(&w, &ws, line);
	ck_assert_str_eq(line + 12, "infexion 0");
	char over[NET_LINE_MAX + 1] = "";
	ck_assert(rt_play(&a, &b, &w, &ws, 0, over));
	/* The spectator saw every move. */
	ck_assert_uint_eq(ws.ply, a.s.ply);
	const char *result = record_result_token(ops, session_current(&a.s));
	char want[64];
	snprintf(want, sizeof want, "over %s %s", code, result);
	ck_assert_msg(strncmp(over, want, strlen(want)) == 0, "%s", over);
	/* Everyone leaves: the finished room goes to finished/. */
	rt_peer_stop(&a.peer, false);
	rt_peer_stop(&b.peer, false);
	rt_peer_stop(&w, false);
	struct rt_peer d;
	rt_peer_start(&d, &sv, "AAAAkeyOfAlice");
	rt_send(&d, "list");
	rt_expect(&d, "listed", line);
	ck_assert_str_eq(line, "listed 0");
	rt_peer_stop(&d, false);
	rt_server_stop(&sv, SIGTERM);
	char cmd[600];
	snprintf(cmd, sizeof cmd, "ls %s/finished/%s-*.rec", sv.state, code);
	FILE *ls = popen(cmd, "r");
	char path[512] = "";
	ck_assert(fgets(path, sizeof path, ls) != NULL);
	pclose(ls);
	path[strcspn(path, "\n")] = '\0';
	struct session rs;
	struct record_meta meta;
	char err[256];
	ck_assert_msg(record_load(path, &rs, &meta, err, sizeof err), "%s",
	              err);
	ck_assert_uint_eq(rs.ply, a.s.ply);
	ck_assert_str_eq(meta.result, result);
	ck_assert_str_eq(meta.player1, "person ssh:alice");
	ck_assert_str_eq(meta.player2, "person ssh:bob");
	session_free(&rs);
	record_meta_free(&meta);
	session_free(&a.s);
	session_free(&b.s);
	session_free(&ws);
	rt_server_clean(&sv);
}
END_TEST

/* A player whose connection dies mid-game reconnects to the seat, sees
 * the game as it stands and plays on; then the server is killed outright
 * and restarted, and the game goes on from the same ply with the same
 * seats. */
START_TEST(test_reconnect_and_restart)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	const struct game_ops *ops = registry_find("tetress");
	struct game_setup setup = {0};
	struct rt_player a = {.seat = 1}, b = {.seat = 0};
	ck_assert(session_init(&a.s, ops, &setup));
	ck_assert(session_init(&b.s, ops, &setup));
	rt_login(&a.peer, &sv, "AAAAkeyOfAlice", "alice");
	rt_login(&b.peer, &sv, "AAAAkeyOfBob", "bob");
	char line[NET_LINE_MAX + 1], code[8];
	rt_send(&a.peer, "create tetress seat=2");
	rt_expect(&a.peer, "created ", line);
	snprintf(code, sizeof code, "%.4s", line + 8);
	rt_read_room(&a.peer, &a.s, line);
	ck_assert_str_eq(line + 12, "tetress 2");
	rt_send(&b.peer, "join %s", code);
	rt_read_room(&b.peer, &b.s, line);
	ck_assert(!rt_play(&a, &b, NULL, NULL, 6, NULL));

	/* The SSH session drops: the peer dies without a word. */
	rt_peer_stop(&a.peer, true);
	session_free(&a.s);
	ck_assert(session_init(&a.s, ops, &setup));
	rt_peer_start(&a.peer, &sv, "AAAAkeyOfAlice");
	rt_send(&a.peer, "join %s", code);
	rt_read_room(&a.peer, &a.s, line);
	ck_assert_str_eq(line + 12, "tetress 2");
	ck_assert_uint_eq(a.s.ply, 6);
	ck_assert(!rt_play(&a, &b, NULL, NULL, 4, NULL));

	/* The server dies (no clean shutdown) and comes back. */
	rt_server_stop(&sv, SIGKILL);
	rt_peer_stop(&a.peer, false);
	rt_peer_stop(&b.peer, false);
	rt_server_start(&sv, NULL);
	for (int i = 0; i < 2; i++) {
		struct rt_player *p = i == 0 ? &a : &b;
		session_free(&p->s);
		ck_assert(session_init(&p->s, ops, &setup));
		rt_peer_start(&p->peer, &sv,
		              i == 0 ? "AAAAkeyOfAlice" : "AAAAkeyOfBob");
		rt_send(&p->peer, "join %s", code);
		rt_read_room(&p->peer, &p->s, line);
		ck_assert_int_eq(line[12 + 8] - '1', p->seat);
		ck_assert_uint_eq(p->s.ply, 10);
	}
	ck_assert(!rt_play(&a, &b, NULL, NULL, 2, NULL));
	/* Resigning ends it for both. */
	rt_send(&a.peer, "resign");
	rt_expect(&a.peer, "over", line);
	rt_expect(&b.peer, "over", line);
	snprintf(code + 4, 4, "%s", "");
	ck_assert_msg(strstr(line, " 1-0 ") != NULL, "%s", line);
	rt_peer_stop(&a.peer, false);
	rt_peer_stop(&b.peer, false);
	session_free(&a.s);
	session_free(&b.s);
	rt_server_clean(&sv);
}
END_TEST

/* Nobody moves for someone else: a spectator, a player out of turn, a
 * third person; a seat cannot be taken twice; names are picked once; an
 * auth-info file others could read, or none, is refused. */
START_TEST(test_identity)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	struct rt_peer a, b, c;
	char line[NET_LINE_MAX + 1], code[8];
	rt_login(&a, &sv, "AAAAkeyOfAlice", "alice");
	rt_login(&b, &sv, "AAAAkeyOfBob", "bob");
	rt_peer_start(&c, &sv, "AAAAkeyOfMallory");
	/* No name yet: nothing but naming. */
	rt_send(&c, "list");
	rt_expect(&c, "error pick a name", NULL);
	rt_send(&c, "name alice");
	rt_expect(&c, "error the name 'alice' is taken", NULL);
	rt_send(&c, "name mallory");
	rt_expect(&c, "welcome mallory", NULL);
	rt_send(&c, "name mallory2");
	rt_expect(&c, "error you already have a name", NULL);

	rt_send(&a, "create tzaar");
	rt_expect(&a, "created ", line);
	snprintf(code, sizeof code, "%.4s", line + 8);
	rt_send(&c, "watch %s", code);
	rt_expect(&c, "synced", NULL);
	rt_send(&c, "move A5xA4");
	rt_expect(&c, "error spectators cannot play", NULL);
	rt_send(&a, "move A5xA4");
	rt_expect(&a, "error waiting for an opponent", NULL);
	rt_send(&b, "join %s", code);
	rt_expect(&b, "synced", NULL);
	rt_send(&c, "join %s", code);
	rt_expect(&c, "error room", line);
	ck_assert_msg(strstr(line, "full") != NULL, "%s", line);
	rt_send(&b, "move A5xA4");
	rt_expect(&b, "error not your turn", NULL);
	rt_send(&a, "move A1-A2");
	rt_expect(&a, "error", line);
	rt_send(&a, "move A5xA4");
	rt_expect(&b, "move ", line);
	ck_assert_str_eq(line + 5 + 5, "1 A5xA4");
	/* A second connection of bob's is still bob: the seat is his. */
	struct rt_peer b2;
	rt_peer_start(&b2, &sv, "AAAAkeyOfBob");
	rt_send(&b2, "join %s", code);
	rt_expect(&b2, "joined", line);
	ck_assert_str_eq(line + 12, "tzaar 2");
	rt_peer_stop(&b2, false);

	/* A file others may read is not sshd's; no file, no identity. */
	struct rt_peer bad;
	rt_peer_start_raw(&bad, &sv, "AAAAkeyOfEve", 0644);
	rt_expect(&bad, "bye identity:", NULL);
	rt_peer_stop(&bad, false);
	rt_peer_start_raw(&bad, &sv, NULL, 0600);
	rt_expect(&bad, "bye identity:", line);
	ck_assert_msg(strstr(line, "SSH_USER_AUTH") != NULL, "%s", line);
	rt_peer_stop(&bad, false);

	rt_peer_stop(&a, false);
	rt_peer_stop(&b, false);
	rt_peer_stop(&c, false);
	rt_server_clean(&sv);
}
END_TEST

/* An engine seat answers moves (its search runs off the event loop); a
 * clock is shown and runs; a draw is offered and accepted over the wire. */
START_TEST(test_engine_clock_draw)
{
	struct rt_server sv;
	rt_server_init(&sv, true);
	rt_server_start(&sv, NULL);
	const struct game_ops *ops = registry_find("infexion");
	struct game_setup setup = {0};
	struct session s;
	ck_assert(session_init(&s, ops, &setup));
	struct rt_peer a, b;
	char line[NET_LINE_MAX + 1], code[8];
	rt_login(&a, &sv, "AAAAkeyOfAlice", "alice");
	rt_send(&a, "create infexion engine=1 seat=2");
	rt_expect(&a, "created ", line);
	rt_read_room(&a, &s, line);
	ck_assert_str_eq(line + 12, "infexion 2");
	for (int turn = 0; turn < 3; turn++) {
		rt_expect(&a, "move ", line); /* the engine's */
		rt_apply_move(&s, line);
		char text[GAME_TEXT_MAX];
		rt_choose(&s, text, sizeof text);
		rt_send(&a, "move %s", text);
		rt_expect(&a, "move ", line); /* ours, as everyone sees it */
		rt_apply_move(&s, line);
	}
	ck_assert_uint_eq(s.ply, 6);
	rt_send(&a, "draw");
	rt_expect(&a, "error the engine declines draws", NULL);

	rt_login(&b, &sv, "AAAAkeyOfBob", "bob");
	rt_send(&a, "create tetress clock=1+2 analysis");
	rt_expect(&a, "created ", line);
	snprintf(code, sizeof code, "%.4s", line + 8);
	rt_expect(&a, "options ", line);
	ck_assert_str_eq(line + 13, "1+2 analysis casual -");
	rt_send(&b, "join %s", code);
	rt_expect(&b, "clock ", line);
	long left1, left2;
	char turn[4];
	ck_assert_int_eq(sscanf(line + 11, "%ld %ld %3s", &left1, &left2, turn),
	                 3);
	ck_assert_int_gt(left1, 55000); /* running since the join */
	ck_assert_int_eq(left2, 60000);
	ck_assert_str_eq(turn, "1");
	rt_send(&a, "move 0-0,0-1,0-2,0-3");
	rt_expect(&b, "move ", line);
	rt_expect(&b, "clock ", line);
	ck_assert_int_eq(sscanf(line + 11, "%ld %ld %3s", &left1, &left2, turn),
	                 3);
	ck_assert_int_gt(left1, 55000); /* the increment came back */
	ck_assert_int_le(left1, 62000);
	/* Bob's time runs from the move: the line may be written a
	 * millisecond or more after it (slow under ThreadSanitizer). */
	ck_assert_int_gt(left2, 55000);
	ck_assert_int_le(left2, 60000);
	ck_assert_str_eq(turn, "2");
	rt_send(&b, "draw");
	rt_expect(&a, "draw ", line);
	ck_assert_str_eq(line + 10, "2");
	rt_send(&a, "draw");
	rt_expect(&b, "over ", line);
	ck_assert_str_eq(line + 10, "1/2-1/2 draw agreed");
	rt_send(&b, "resign");
	rt_expect(&b, "error the game is over", NULL);
	rt_peer_stop(&a, false);
	rt_peer_stop(&b, false);
	session_free(&s);
	rt_server_clean(&sv);
}
END_TEST

/* A raw connection (local-user identity) that sends hostile bytes. */
static int
rt_raw_connect(const struct rt_server *sv)
{
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	ck_assert_uint_lt(strlen(sv->socket), sizeof addr.sun_path);
	memcpy(addr.sun_path, sv->socket, strlen(sv->socket) + 1);
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(connect(fd, (void *)&addr, sizeof addr), 0);
	return fd;
}

/* Reads from a raw connection until text appears or it closes; returns
 * whether text appeared (closed says whether it closed). */
static bool
rt_raw_wait(int fd, const char *text, bool *closed)
{
	static char seen[1 << 16];
	size_t len = 0;
	double deadline = rt_now_ms() + ROOMTEST_WAIT_MS;
	*closed = false;
	while (rt_now_ms() < deadline) {
		struct pollfd p = {fd, POLLIN, 0};
		if (poll(&p, 1, 100) <= 0)
			continue;
		ssize_t n = read(fd, seen + len, sizeof seen - 1 - len);
		if (n <= 0) {
			*closed = true;
			break;
		}
		len += (size_t)n;
		seen[len] = '\0';
		if (text != NULL && strstr(seen, text) != NULL)
			return true;
	}
	return text != NULL && len > 0 && strstr(seen, text) != NULL;
}

/* Over-long lines, control bytes, unknown commands and floods get an
 * error, then the client is dropped; a well-behaved client and its room
 * never notice. */
START_TEST(test_hostile_input)
{
	struct rt_server sv;
	rt_server_init(&sv, false);
	rt_server_start(&sv, NULL);
	struct net_client good;
	char err[256], line[NET_LINE_MAX + 1];
	ck_assert(net_client_connect(&good, sv.socket, err, sizeof err));
	do
		ck_assert_int_eq(net_client_next(&good, line, ROOMTEST_WAIT_MS),
		                 1);
	while (strncmp(line, "welcome", 7) != 0);
	ck_assert(net_client_send(&good, "create tetress engine=1"));
	do
		ck_assert_int_eq(net_client_next(&good, line, ROOMTEST_WAIT_MS),
		                 1);
	while (strncmp(line, "synced", 6) != 0);

	bool closed;
	int fd = rt_raw_connect(&sv);
	ck_assert(rt_raw_wait(fd, "welcome", &closed));
	char big[3000];
	memset(big, 'x', sizeof big);
	big[sizeof big - 1] = '\n';
	ck_assert_int_eq(write(fd, big, sizeof big), (ssize_t)sizeof big);
	ck_assert(
	        rt_raw_wait(fd, "error line: longer than 512 bytes", &closed));
	ck_assert_int_eq(write(fd, "li\001st\n", 6), 6);
	ck_assert(rt_raw_wait(fd, "error line: control characters", &closed));
	ck_assert_int_eq(write(fd, "frobnicate\n", 11), 11);
	ck_assert(rt_raw_wait(fd, "error unknown command", &closed));
	ck_assert_int_eq(write(fd, "join\n", 5), 5);
	ck_assert(rt_raw_wait(fd, "error usage: join CODE", &closed));
	ck_assert_int_eq(write(fd, "ping\n", 5), 5);
	ck_assert(rt_raw_wait(fd, "pong", &closed));
	/* A megabyte without a newline costs the server nothing... */
	static char flood[1 << 20];
	memset(flood, 'y', sizeof flood);
	size_t sent = 0;
	while (sent < sizeof flood) {
		ssize_t n = write(fd, flood + sent, sizeof flood - sent);
		ck_assert_int_gt(n, 0);
		sent += (size_t)n;
	}
	ck_assert_int_eq(write(fd, "\nping\n", 6), 6);
	ck_assert(rt_raw_wait(fd, "pong", &closed));
	/* ...and a flood of commands is cut off. */
	static char many[4000];
	size_t len = 0;
	for (int i = 0; i < 400; i++)
		len += (size_t)snprintf(many + len, sizeof many - len,
		                        "bad%d\n", i % 10);
	ck_assert_int_eq(write(fd, many, len), (ssize_t)len);
	ck_assert(rt_raw_wait(fd, "bye too many errors", &closed));
	rt_raw_wait(fd, NULL, &closed);
	ck_assert(closed);
	close(fd);

	/* The good client and its game are untouched. */
	ck_assert(net_client_send(&good, "ping"));
	do
		ck_assert_int_eq(net_client_next(&good, line, ROOMTEST_WAIT_MS),
		                 1);
	while (strncmp(line, "pong", 4) != 0);
	ck_assert(net_client_send(&good, "list"));
	ck_assert_int_eq(net_client_next(&good, line, ROOMTEST_WAIT_MS), 1);
	ck_assert_msg(strstr(line, "tetress") != NULL, "%s", line);
	net_client_close(&good);
	rt_server_clean(&sv);
}
END_TEST

/* Lines are cut at newlines, over-long and control lines are reported
 * and skipped, and a peer's queued output is capped. */
START_TEST(test_lines)
{
	int fds[2];
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
	struct net_inbuf in;
	net_inbuf_init(&in);
	char line[NET_LINE_MAX + 1], big[NET_LINE_MAX + 2];
	memset(big, 'z', sizeof big);
	const char *text = "move ABCD 1 a1\r\nping\nbad\001\n";
	ck_assert_int_eq(write(fds[0], text, strlen(text)),
	                 (ssize_t)strlen(text));
	ck_assert_int_eq(write(fds[0], big, sizeof big), (ssize_t)sizeof big);
	ck_assert_int_eq(write(fds[0], big, sizeof big), (ssize_t)sizeof big);
	ck_assert_int_eq(write(fds[0], "\nlast\n", 6), 6);
	enum net_line got[8];
	char lines[8][NET_LINE_MAX + 1];
	int n = 0;
	while (n < 5) {
		enum net_line k = net_inbuf_next(&in, line);
		if (k == NET_LINE_NONE) {
			ck_assert_int_gt(net_inbuf_fill(&in, fds[1]), 0);
			continue;
		}
		got[n] = k;
		strcpy(lines[n++], k == NET_LINE_OK ? line : "");
	}
	ck_assert_int_eq(got[0], NET_LINE_OK);
	ck_assert_str_eq(lines[0], "move ABCD 1 a1");
	ck_assert_str_eq(lines[1], "ping");
	ck_assert_int_eq(got[2], NET_LINE_BAD);
	ck_assert_int_eq(got[3], NET_LINE_TOO_LONG);
	ck_assert_int_eq(got[4], NET_LINE_OK);
	ck_assert_str_eq(lines[4], "last");
	char *words[4];
	char split[] = "  create  tzaar seat=2 ";
	ck_assert_int_eq(net_split(split, words, 4), 3);
	ck_assert_str_eq(words[2], "seat=2");
	char said[] = "say  ABCD  well  played ";
	ck_assert_int_eq(net_split(said, words, 3), 3);
	ck_assert_str_eq(words[1], "ABCD");
	ck_assert_str_eq(words[2], "well  played "); /* the rest, as sent */
	struct net_outbuf out;
	net_outbuf_init(&out);
	size_t queued = 0;
	while (net_outbuf_put(&out, big, sizeof big))
		queued += sizeof big;
	ck_assert_uint_le(queued, NET_OUT_MAX);
	ck_assert_uint_gt(queued + sizeof big, NET_OUT_MAX);
	net_outbuf_free(&out);
	close(fds[0]);
	close(fds[1]);
}
END_TEST

/* A client's view follows the lobby, a room's snapshot, its moves, the
 * clock, offers and the end, and refuses a move that does not follow. */
START_TEST(test_view)
{
	struct view v;
	view_init(&v);
	ck_assert_int_eq(view_feed(&v, "tabula 1", 0), VIEW_NOTHING);
	ck_assert_int_eq(view_feed(&v, "welcome alice", 0), VIEW_WELCOME);
	ck_assert_str_eq(v.name, "alice");
	view_feed(&v, "room ABCD tetress 2 1 3 alice bob playing 5+3 - 1", 0);
	view_feed(&v, "room EFGH tzaar 0 1 0 carol - waiting - analysis -", 0);
	ck_assert_uint_eq(v.room_count, 0);
	ck_assert_int_eq(view_feed(&v, "listed 2", 0), VIEW_LOBBY);
	ck_assert_uint_eq(v.room_count, 2);
	ck_assert_str_eq(v.rooms[1].player[0], "carol");
	ck_assert(v.rooms[1].analysis);
	ck_assert_int_eq(v.rooms[0].yours, 1);
	view_feed(&v, "joined ABCD tetress 1", 0);
	view_feed(&v, "options ABCD 5+3 -", 0);
	view_feed(&v, "players ABCD alice bob", 0);
	view_feed(&v, "move ABCD 1 0-0,0-1,0-2,0-3", 0);
	view_feed(&v, "move ABCD 2 5-5,5-6,5-7,5-8", 0);
	view_feed(&v, "clock ABCD 290000 295000 1", 1000);
	ck_assert(!view_my_turn(&v)); /* not synced yet */
	ck_assert_int_eq(view_feed(&v, "synced ABCD 2", 1000), VIEW_ROOM);
	ck_assert(view_my_turn(&v));
	ck_assert_uint_eq(v.s.ply, 2);
	ck_assert_int_eq(view_clock(&v, 0, 3000), 288000);
	ck_assert_int_eq(view_clock(&v, 1, 3000), 295000);
	ck_assert_int_eq(view_feed(&v, "move ABCD 2 5-5,5-6,5-7,5-8", 0),
	                 VIEW_NOTHING); /* told twice */
	ck_assert_int_eq(view_feed(&v, "move ABCD 4 1-1,1-2,1-3,1-4", 0),
	                 VIEW_ERROR);
	ck_assert_int_eq(view_feed(&v, "draw ABCD 2", 0), VIEW_CHANGED);
	ck_assert_int_eq(v.draw_offer, 2);
	ck_assert_int_eq(view_feed(&v, "over ABCD 0-1 player 1 resigned", 5000),
	                 VIEW_OVER);
	ck_assert_str_eq(v.reason, "player 1 resigned");
	/* The new ratings as the room's lines write them: "?" while the
	 * deviation is over 110, as the lobby shows them. */
	ck_assert_int_eq(view_feed(&v, "rated ABCD 1 1500 1420 290", 5000),
	                 VIEW_NOTHING);
	ck_assert_int_eq(view_feed(&v, "rated ABCD 2 1500 1580 60", 5000),
	                 VIEW_RATED);
	ck_assert_str_eq(v.rating[0], "1420?");
	ck_assert_str_eq(v.rating[1], "1580");
	/* The clocks stop where they were at the end, not at the last
	 * clock line's times. */
	ck_assert_int_eq(view_clock(&v, 0, 9000), 286000);
	ck_assert_int_eq(view_clock(&v, 1, 9000), 295000);
	ck_assert(!view_my_turn(&v));
	ck_assert_int_eq(view_feed(&v, "error not your turn", 0), VIEW_ERROR);
	ck_assert_str_eq(v.error, "not your turn");
	ck_assert_int_eq(view_feed(&v, "left", 0), VIEW_LEFT);
	ck_assert(!v.in_room);
	view_free(&v);
}
END_TEST

/* The room rules without a server: a clock runs out, a draw is offered
 * and accepted, an offer lapses with a move. */
START_TEST(test_room_rules)
{
	char dir[] = "/tmp/tabula-room-XXXXXX", err[256];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	struct room_options opt = {.ops = registry_find("tetress"),
	                           .clock_ms = 60000,
	                           .inc_ms = 2000};
	struct room *r = room_create(dir, "ABCD", 1, &opt, "uid:1001",
	                             "user:alice", 1000, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	ck_assert_int_eq(room_time_to_flag(r, 1000), -1); /* one seat empty */
	ck_assert_int_eq(room_take_seat(r, "uid:1002", "user:bob", 2000, err,
	                                sizeof err),
	                 1);
	ck_assert_int_eq(room_take_seat(r, "uid:1003", "user:eve", 2000, err,
	                                sizeof err),
	                 -1);
	ck_assert(!room_play_text(r, 1, "0-0,0-1,0-2,0-3", 3000, err,
	                          sizeof err));
	ck_assert_str_eq(err, "not your turn");
	ck_assert(room_play_text(r, 0, "0-0,0-1,0-2,0-3", 12000, err,
	                         sizeof err));
	int64_t left[2];
	room_clocks(r, 12000, left);
	ck_assert_int_eq(left[0], 60000 - 10000 + 2000);
	ck_assert_int_eq(left[1], 60000);
	bool agreed;
	ck_assert(room_draw(r, 1, &agreed, err, sizeof err));
	ck_assert(!agreed);
	ck_assert(room_play_text(r, 1, "5-5,5-6,5-7,5-8", 13000, err,
	                         sizeof err));
	ck_assert_int_eq(r->draw_offer, 0); /* a move withdraws the offer */
	ck_assert(room_draw(r, 0, &agreed, err, sizeof err) && !agreed);
	/* Reload: the clocks come back from the record's comments. */
	ck_assert_msg(room_save(r, err, sizeof err), "%s", err);
	struct room *copy = room_load(dir, "ABCD", 2, 50000, err, sizeof err);
	ck_assert_msg(copy != NULL, "%s", err);
	ck_assert_int_eq(copy->left_ms[0], 52000);
	ck_assert_int_eq(copy->left_ms[1], 61000);
	ck_assert_int_eq(copy->s.ply, 2);
	ck_assert_int_eq(room_time_to_flag(copy, 50000), 52000);
	ck_assert(!room_check_time(copy, 100000));
	ck_assert(room_check_time(copy, 102001));
	const char *result, *reason;
	ck_assert(room_over(copy, &result, &reason));
	ck_assert_str_eq(result, "0-1");
	ck_assert_str_eq(reason, "time forfeit");
	room_free(copy);
	ck_assert(room_draw(r, 1, &agreed, err, sizeof err) && agreed);
	ck_assert(room_over(r, &result, &reason));
	ck_assert_str_eq(result, "1/2-1/2");
	room_free(r);
	testutil_remove_tree(dir);
}
END_TEST

/* A seat is spelled one way per place, all by who_format_as and read back
 * by who_parse: the room file and the record's Player tag keep "engine
 * level 3" (the record then opens as a game against that level), the
 * protocol shows "engine:3"; a room file from before 0.3.0 ("engine 3")
 * still loads. */
START_TEST(test_seat_spellings)
{
	char dir[] = "/tmp/tabula-room-XXXXXX", err[256], text[64];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	struct room_options opt = {.ops = registry_find("tzaar"),
	                           .engine_level = 3};
	struct room *r = room_create(dir, "ABCD", 1, &opt, "uid:1001",
	                             "user:alice", 1000, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	room_seat_text(r, 1, text, sizeof text);
	ck_assert_str_eq(text, "engine:3");
	room_free(r);
	char path[512], *room, *rec;
	snprintf(path, sizeof path, "%s/ABCD.room", dir);
	ck_assert_ptr_nonnull(room = store_read(path, err, sizeof err));
	ck_assert_msg(strstr(room, "\nseat2 engine level 3\n") != NULL, "%s",
	              room);
	snprintf(path, sizeof path, "%s/ABCD.rec", dir);
	ck_assert_ptr_nonnull(rec = store_read(path, err, sizeof err));
	ck_assert_msg(strstr(rec, "[Player2 \"engine level 3\"]") != NULL, "%s",
	              rec);
	struct who w;
	ck_assert(who_parse("engine level 3", 0, &w, err, sizeof err));
	ck_assert_int_eq(w.level, 3);
	who_format_as(&w, WHO_FORM_SHORT, text, sizeof text);
	ck_assert_str_eq(text, "engine:3");
	ck_assert(who_parse(text, 0, &w, err, sizeof err));
	ck_assert_int_eq(w.level, 3);
	free(room);
	free(rec);
	rt_write_file(dir, "ABCD.room",
	              "# tabula room 1\ngame tzaar\nseat1 person user:alice "
	              "uid:1001\nseat2 engine 4\n");
	ck_assert_ptr_nonnull(
	        r = room_load(dir, "ABCD", 1, 0, err, sizeof err));
	ck_assert_int_eq(r->seat[1].who.level, 4);
	room_free(r);
	testutil_remove_tree(dir);
}
END_TEST

/* A room's files that are not right are refused, each with the file (and
 * line) and why; the same files put right load. */
START_TEST(test_room_files_refused)
{
	static const struct {
		const char *room, *want;
	} bad[] = {
	        {"# tabula room 2\ngame tetress\n",
	         "ABCD.room:1: not understood"},
	        {"# tabula room 1\ngame tetris\n",
	         "ABCD.room:2: not understood"},
	        {"# tabula room 1\ngame tetress\nseat1 engine 11\n",
	         "ABCD.room:3: not understood"},
	        {"# tabula room 1\ngame tetress\nseat1 engine 3x\n",
	         "ABCD.room:3: not understood"},
	        {"# tabula room 1\ngame tetress\nseat2 person bob\n",
	         "ABCD.room:3: not understood"},
	        {"# tabula room 1\ngame tetress\nseat2 person user:9bob\n",
	         "ABCD.room:3: not understood"},
	        {"# tabula room 1\ngame tetress\nseat1 robot\n",
	         "ABCD.room:3: not understood"},
	        {"# tabula room 1\ngame tetress\nclock -1 0\n",
	         "ABCD.room:3: not understood"},
	        {"# tabula room 1\ngame tetress\nclock 0 999999999\n",
	         "ABCD.room:3: not understood"},
	        {"# tabula room 1\ngame tetress\nfrobnicate\n",
	         "ABCD.room:3: not understood"},
	        {"# tabula room 1\nseat1 open\n", "ABCD.room: not a room file"},
	        {"# tabula room 1\ngame infexion\n",
	         "ABCD.rec: the record's game is not the room's"},
	};
	static const char good[] = "# tabula room 1\ngame tetress\n"
	                           "seat1 engine 3\nseat2 person user:bob\n"
	                           "clock 60000 1000\nanalysis 1\n\n";
	static const char rec[] = "# tabula record 1\n[Game \"tetress\"]\n"
	                          "[Result \"*\"]\n\n1. 0-0,0-1,0-2,0-3 "
	                          "{clock 55000 60000} *\n";
	char dir[] = "/tmp/tabula-room-XXXXXX", err[512];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_ptr_null(room_load(dir, "ABCD", 1, 0, err, sizeof err));
	ck_assert_msg(strstr(err, "ABCD.room") != NULL, "%s", err);
	rt_write_file(dir, "ABCD.room", good);
	ck_assert_ptr_null(room_load(dir, "ABCD", 1, 0, err, sizeof err));
	ck_assert_msg(strstr(err, "ABCD.rec") != NULL, "%s", err);
	rt_write_file(dir, "ABCD.rec", rec);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		rt_write_file(dir, "ABCD.room", bad[i].room);
		ck_assert_ptr_null(
		        room_load(dir, "ABCD", 1, 0, err, sizeof err));
		ck_assert_msg(strstr(err, bad[i].want) != NULL,
		              "%zu: \"%s\", want \"%s\"", i, err, bad[i].want);
	}
	rt_write_file(dir, "ABCD.room", good);
	struct room *r = room_load(dir, "ABCD", 1, 1000, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	ck_assert_int_eq(r->seat[0].who.kind, WHO_ENGINE);
	ck_assert_int_eq(r->seat[0].who.level, 3);
	ck_assert_str_eq(r->seat[1].account, "user:bob");
	ck_assert(r->analysis);
	ck_assert_int_eq(r->left_ms[0], 55000);
	ck_assert_int_eq(r->s.ply, 1);
	/* Blue (bob) to move; the engine may not. */
	ck_assert(!room_engine_to_move(r));
	ck_assert(!room_play_move(r, r->s.moves[0], 0, err, sizeof err));
	ck_assert_str_eq(err, "not the engine's turn");
	/* Bob's minute runs out before his move (his clock runs from the
	 * load). */
	ck_assert(!room_play_text(r, 1, "5-5,5-6,5-7,5-8", 61001, err,
	                          sizeof err));
	ck_assert_str_eq(err, "your time is up");
	const char *result, *reason;
	ck_assert(room_over(r, &result, &reason));
	ck_assert_str_eq(reason, "time forfeit");
	ck_assert(!room_play_text(r, 1, "5-5,5-6,5-7,5-8", 61001, err,
	                          sizeof err));
	ck_assert_str_eq(err, "the game is over");
	bool agreed;
	ck_assert(!room_draw(r, 1, &agreed, err, sizeof err));
	ck_assert_str_eq(err, "the game is over");
	room_free(r);
	testutil_remove_tree(dir);
}
END_TEST

/* A process (sleep) whose environment names auth as sshd's auth-info file
 * (none when auth is NULL); returns its pid. */
static pid_t
spawn_with_auth(const char *auth)
{
	static char var[300], none[] = "X=1", sleep[] = "sleep", secs[] = "30";
	snprintf(var, sizeof var, "%s=%s", IDENTITY_AUTH_VAR, auth);
	char *envp[] = {auth != NULL ? var : none, NULL};
	char *argv[] = {sleep, secs, NULL};
	pid_t pid;
	ck_assert_int_eq(
	        posix_spawn(&pid, "/bin/sleep", NULL, NULL, argv, envp), 0);
	/* Until sleep runs, /proc shows this program's environment. */
	char proc[64], env[512];
	snprintf(proc, sizeof proc, "/proc/%ld/environ", (long)pid);
	for (int i = 0; i < ROOMTEST_WAIT_MS; i++) {
		ssize_t n = 0;
		int efd = open(proc, O_RDONLY);
		if (efd >= 0) {
			n = read(efd, env, sizeof env - 1);
			close(efd);
		}
		env[n > 0 ? n : 0] = '\0';
		if (strcmp(env, envp[0]) == 0)
			return pid;
		usleep(1000);
	}
	ck_abort_msg("sleep did not start");
	return pid;
}

/* The key of a shared account's session comes from sshd's private
 * auth-info file only: each other case is refused with the reason. */
START_TEST(test_identity_of_process)
{
	char key[IDENTITY_KEY_MAX], err[512], path[] = "/tmp/sshauth.XXXXXX";
	ck_assert(identity_key_from_auth_info(
	        "password\npublickey ssh-ed25519 AAAAkey alice@host\n", key,
	        sizeof key));
	ck_assert_str_eq(key, "ssh-ed25519 AAAAkey");
	ck_assert(!identity_key_from_auth_info(
	        "password\nkeyboard-interactive\n", key, sizeof key));
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "password\n", 9), 9);
	close(fd);
	const struct {
		const char *auth, *want;
	} cases[] = {
	        {NULL, "no SSH_USER_AUTH in the session's environment"},
	        {"/etc/passwd", "/etc/passwd: not an sshd auth-info file"},
	        {"/tmp/sshauth.x/y", "not an sshd auth-info file"},
	        {"/tmp/sshauth.none-here",
	         "/tmp/sshauth.none-here: No such file"},
	        {path, ": no public key (log in with a key)"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		pid_t pid = spawn_with_auth(cases[i].auth);
		bool ok = identity_key_of_process(pid, getuid(), key,
		                                  sizeof key, err, sizeof err);
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		ck_assert(!ok);
		ck_assert_msg(strstr(err, cases[i].want) != NULL,
		              "%zu: \"%s\", want \"%s\"", i, err,
		              cases[i].want);
	}
	/* Not the session account's own file. */
	pid_t pid = spawn_with_auth(path);
	ck_assert(!identity_key_of_process(pid, getuid() + 1, key, sizeof key,
	                                   err, sizeof err));
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	ck_assert_msg(strstr(err, "not a private file of the session's "
	                          "account"),
	              "%s", err);
	/* A process that has gone. */
	ck_assert(!identity_key_of_process(pid, getuid(), key, sizeof key, err,
	                                   sizeof err));
	ck_assert_msg(strstr(err, "/environ: No such file") != NULL, "%s", err);
	unlink(path);
}
END_TEST

static Suite *
server_suite(void)
{
	Suite *s = suite_create("server");
	TCase *tc = tcase_create("rooms");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_lines);
	tcase_add_test(tc, test_view);
	tcase_add_test(tc, test_room_rules);
	tcase_add_test(tc, test_whole_game);
	tcase_add_test(tc, test_reconnect_and_restart);
	tcase_add_test(tc, test_identity);
	tcase_add_test(tc, test_identity_of_process);
	tcase_add_test(tc, test_engine_clock_draw);
	tcase_add_test(tc, test_hostile_input);
	tcase_add_test(tc, test_room_files_refused);
	tcase_add_test(tc, test_seat_spellings);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	signal(SIGPIPE, SIG_IGN);
	return testutil_run_suite(server_suite());
}
