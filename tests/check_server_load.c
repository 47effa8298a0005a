/*
 * The room server under load: 200 real `tabula connect` peers (200 SSH
 * keys of the shared account; TABULA_LOAD_CLIENTS=1000 for issue 40's full
 * run) log in at once, pair up into 100 rooms of the three games and play
 * 20 plies each, all at the same time; then 20 more people log in while
 * the 200 are still connected.  Meanwhile one person floods the engine
 * (a room with a level-10 engine to move, resigned at once, again and
 * again: it once locked everyone out) while another plays a level-1
 * engine, whose every answer must come within a bound far under a level-10
 * search.  Measures
 * connect-to-lobby (a new process until its first room list arrives) and
 * move-to-opponent (a move written by one player until the other's
 * client prints it) and checks the server's memory stays bounded.  Then,
 * all still connected, 100 of them ask to play anyone at once (Tetress,
 * 5 minutes): each is paired, and each pair's first move is timed too
 * (seek-to-paired, move-to-opponent in a paired room).  Times are
 * printed, not asserted beyond a generous bound: the machine is shared.
 */
#include "config.h"

#include <check.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/registry.h"
#include "core/rng.h"
#include "roomtest.h"
#include "testutil.h"

enum {
	LOAD_PLAYERS_DEFAULT = 200,
	LOAD_PLAYERS_MAX = 1000,
	LOAD_ROOMS_MAX = LOAD_PLAYERS_MAX / 2,
	LOAD_LATE = 20,
	LOAD_PLIES_MAX = 20,
	LOAD_PEERS_MAX = LOAD_PLAYERS_MAX + LOAD_LATE,
	LOAD_ENGINE_MOVES = 10, /* the level-1 engine's answers timed */
	LOAD_ENGINE_BOUND_MS = 7000
};

/* The players this run (TABULA_LOAD_CLIENTS), its rooms and peers, and
 * the plies each room plays (TABULA_LOAD_PLIES, 20 unless a run on a
 * busy machine wants its 500 clients connected sooner). */
static int LOAD_PLAYERS = LOAD_PLAYERS_DEFAULT;
static int LOAD_PLIES = LOAD_PLIES_MAX;
#define LOAD_ROOMS (LOAD_PLAYERS / 2)
#define LOAD_PEERS (LOAD_PLAYERS + LOAD_LATE)

enum load_state { LS_NAMING, LS_WELCOMED, LS_LOBBY, LS_ROOM };

struct load_room;

struct load_peer {
	struct rt_peer p;
	enum load_state state;
	double t0;
	struct load_room *room;
	int seat;
	bool synced;
};

struct load_room {
	struct load_peer *pl[2];
	char code[8];
	struct session s;
	int seen[2]; /* plies each player has received */
	double sent_at;
	int mover; /* the seat that sent the last move */
	bool done;
};

static struct load_peer peers[LOAD_PEERS_MAX];
static struct load_room rooms[LOAD_ROOMS_MAX];
static double lobby_ms[LOAD_PEERS_MAX],
        move_ms[LOAD_ROOMS_MAX * LOAD_PLIES_MAX];
static size_t lobby_n, move_n;
static struct rng load_rng;

/* The flood and the engine's other player. */
static struct rt_peer flooder, player;
static struct session player_game;
static double engine_ms[LOAD_ENGINE_MOVES], engine_asked;
static size_t engine_n, floods;

/* Play anyone under load: requests made at once, and each pair's first
 * move. */
enum { LOAD_SEEKS = 100 };
static const char LOAD_FIRST_MOVE[] = "0-0,0-1,0-2,0-3"; /* Tetress, Red */

struct load_seek {
	double sent, move_sent;
	char code[8];
	int seat; /* 1 or 2 once joined */
	bool paired, told;
};

static struct load_seek seeks[LOAD_SEEKS];
static double pair_ms[LOAD_SEEKS], paired_move_ms[LOAD_SEEKS];
static size_t pair_n, paired_move_n;

static int
load_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void
load_report(const char *what, double *v, size_t n)
{
	qsort(v, n, sizeof *v, load_cmp);
	double sum = 0;
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	printf("%s: n=%zu mean %.2f ms, median %.2f ms, p95 %.2f ms, "
	       "max %.2f ms\n",
	       what, n, sum / (double)n, v[n / 2], v[n * 95 / 100], v[n - 1]);
	fflush(stdout); /* kept if a later check fails */
}

/* Sends the side to move's next move (a random legal one) when both
 * players have seen everything so far. */
static void
load_kick(struct load_room *r)
{
	if (r->done || !r->pl[0] || !r->pl[1] || !r->pl[0]->synced ||
	    !r->pl[1]->synced || r->seen[0] != (int)r->s.ply ||
	    r->seen[1] != (int)r->s.ply)
		return;
	const struct game_pos *pos = session_current(&r->s);
	game_move moves[GAME_MAX_MOVES];
	int n = r->s.ops->gen_moves(pos, moves);
	if (n == 0 || r->s.ply >= (size_t)LOAD_PLIES) {
		r->done = true;
		return;
	}
	char text[GAME_TEXT_MAX];
	r->s.ops->format_move(pos, moves[rng_below(&load_rng, (uint32_t)n)],
	                      text, sizeof text);
	int side = r->s.ops->side_to_move(pos);
	r->sent_at = rt_now_ms();
	r->mover = side;
	rt_send(&r->pl[side]->p, "move %s", text);
}

static void
load_line(struct load_peer *lp, const char *line)
{
	ck_assert_msg(strncmp(line, "error", 5) != 0 &&
	                      strncmp(line, "bye", 3) != 0,
	              "peer %d: %s", (int)(lp - peers), line);
	if (lp->state == LS_NAMING && strcmp(line, "need-name") == 0) {
		rt_send(&lp->p, "name p%d", (int)(lp - peers));
		lp->state = LS_WELCOMED;
	} else if (lp->state == LS_WELCOMED &&
	           strncmp(line, "welcome", 7) == 0) {
		rt_send(&lp->p, "list");
		lp->state = LS_LOBBY;
	} else if (lp->state == LS_LOBBY && strncmp(line, "listed", 6) == 0) {
		lobby_ms[lobby_n++] = rt_now_ms() - lp->t0;
		int i = (int)(lp - peers);
		if (i >= LOAD_PLAYERS)
			return; /* a late visitor only looks */
		lp->state = LS_ROOM;
		struct load_room *r = &rooms[i / 2];
		lp->room = r;
		lp->seat = i % 2;
		r->pl[i % 2] = lp;
		if (i % 2 == 0)
			rt_send(&lp->p, "create %s",
			        registry_at((size_t)(i / 2) % 3)->name);
		else if (r->code[0] != '\0')
			rt_send(&lp->p, "join %s", r->code);
	} else if (lp->state == LS_ROOM && strncmp(line, "created ", 8) == 0) {
		struct load_room *r = lp->room;
		snprintf(r->code, sizeof r->code, "%.4s", line + 8);
		struct load_peer *other = r->pl[1];
		if (other != NULL && other->state == LS_ROOM)
			rt_send(&other->p, "join %s", r->code);
	} else if (lp->state == LS_ROOM && strncmp(line, "synced", 6) == 0) {
		lp->synced = true;
		load_kick(lp->room);
	} else if (lp->state == LS_ROOM && strncmp(line, "move ", 5) == 0) {
		struct load_room *r = lp->room;
		if (++r->seen[lp->seat] > (int)r->s.ply)
			rt_apply_move(&r->s, line);
		if (lp->seat != r->mover)
			move_ms[move_n++] = rt_now_ms() - r->sent_at;
		load_kick(r);
	}
}

/* The flooder's lines: each room it makes is resigned at once, and the
 * next one made. */
static void
load_flood_line(const char *line)
{
	if (strncmp(line, "welcome", 7) == 0 ||
	    strncmp(line, "over ", 5) == 0) {
		rt_send(&flooder, "create tzaar seat=2 engine=10");
		floods++;
	} else if (strncmp(line, "created ", 8) == 0)
		rt_send(&flooder, "resign");
	else
		ck_assert_msg(strncmp(line, "error", 5) != 0 &&
		                      strncmp(line, "bye", 3) != 0,
		              "flooder: %s", line);
}

/* The level-1 engine's opponent: times each answer, then moves. */
static void
load_player_line(const char *line)
{
	ck_assert_msg(strncmp(line, "error", 5) != 0 &&
	                      strncmp(line, "bye", 3) != 0,
	              "player: %s", line);
	if (strncmp(line, "welcome", 7) == 0) {
		rt_send(&player, "create tetress seat=2 engine=1");
		engine_asked = rt_now_ms();
		return;
	}
	if (strncmp(line, "move ", 5) != 0 || engine_n >= LOAD_ENGINE_MOVES)
		return;
	size_t before = player_game.ply;
	rt_apply_move(&player_game, line);
	if (before % 2 == 1)
		return; /* our own move, told back */
	engine_ms[engine_n++] = rt_now_ms() - engine_asked;
	const struct game_pos *pos = session_current(&player_game);
	game_move moves[GAME_MAX_MOVES];
	int n = player_game.ops->gen_moves(pos, moves);
	if (n == 0 || engine_n >= LOAD_ENGINE_MOVES) {
		engine_n = LOAD_ENGINE_MOVES;
		return;
	}
	char text[GAME_TEXT_MAX];
	player_game.ops->format_move(pos,
	                             moves[rng_below(&load_rng, (uint32_t)n)],
	                             text, sizeof text);
	rt_send(&player, "move %s", text);
	engine_asked = rt_now_ms();
}

/* Serves the flooder's and the player's lines that wait. */
static void
load_side_lines(void)
{
	char line[NET_LINE_MAX + 1];
	while (rt_next(&flooder, line, 0))
		load_flood_line(line);
	while (rt_next(&player, line, 0))
		load_player_line(line);
}

static void
load_spawn(const struct rt_server *sv, size_t i)
{
	char key[32];
	snprintf(key, sizeof key, "AAAAloadkey%03zu", i);
	peers[i].t0 = rt_now_ms();
	rt_peer_start_raw(&peers[i].p, sv, key, 0600);
}

/* Starts peers [from, to) one by one while serving every started peer's
 * lines (so nobody's answer waits for the others to start), until all
 * rooms are done and every peer has seen its lobby, or the time is up. */
static void
load_run(const struct rt_server *sv, size_t from, size_t to, double limit_ms)
{
	static struct pollfd pfd[LOAD_PEERS_MAX + 2];
	double deadline = rt_now_ms() + limit_ms;
	size_t npeers = from;
	for (;;) {
		if (npeers < to)
			load_spawn(sv, npeers++);
		bool busy = npeers < to || lobby_n < npeers ||
		            engine_n < LOAD_ENGINE_MOVES;
		for (size_t i = 0;
		     i < (size_t)LOAD_ROOMS && to <= (size_t)LOAD_PLAYERS; i++)
			busy |= !rooms[i].done;
		if (!busy)
			return;
		if (rt_now_ms() >= deadline) {
			size_t done = 0, states[4] = {0};
			for (size_t i = 0; i < (size_t)LOAD_ROOMS; i++)
				done += rooms[i].done;
			for (size_t i = 0; i < npeers; i++)
				states[peers[i].state]++;
			ck_abort_msg("the load test timed out: %zu lobbies, "
			             "%zu rooms done, %zu moves, peers in "
			             "states %zu %zu %zu %zu",
			             lobby_n, done, move_n, states[0],
			             states[1], states[2], states[3]);
		}
		for (size_t i = 0; i < npeers; i++)
			pfd[i] = (struct pollfd){peers[i].p.from, POLLIN, 0};
		pfd[npeers] = (struct pollfd){flooder.from, POLLIN, 0};
		pfd[npeers + 1] = (struct pollfd){player.from, POLLIN, 0};
		if (poll(pfd, npeers + 2, npeers < to ? 0 : 1000) <= 0)
			continue;
		load_side_lines();
		for (size_t i = 0; i < npeers; i++) {
			if (!(pfd[i].revents & (POLLIN | POLLHUP)))
				continue;
			char line[NET_LINE_MAX + 1];
			ck_assert_msg(rt_next(&peers[i].p, line, 0) ||
			                      !(pfd[i].revents & POLLHUP),
			              "peer %zu hung up", i);
			do
				load_line(&peers[i], line);
			while (rt_next(&peers[i].p, line, 0));
		}
	}
}

/* One line to a peer that asked to play anyone (peer i). */
static void
load_seek_line(size_t i, const char *line)
{
	struct load_seek *k = &seeks[i];
	char code[8];
	int seat;
	ck_assert_msg(strncmp(line, "error", 5) != 0 &&
	                      strncmp(line, "bye", 3) != 0,
	              "seeker %zu: %s", i, line);
	if (sscanf(line, "paired %7s", code) == 1) {
		k->paired = true;
		snprintf(k->code, sizeof k->code, "%s", code);
		pair_ms[pair_n++] = rt_now_ms() - k->sent;
	} else if (k->paired &&
	           sscanf(line, "joined %7s tetress %d", code, &seat) == 2)
		k->seat = seat;
	else if (k->paired && k->seat == 1 && strncmp(line, "synced", 6) == 0) {
		k->move_sent = rt_now_ms();
		rt_send(&peers[i].p, "move %s", LOAD_FIRST_MOVE);
	} else if (k->paired && k->seat == 2 && !k->told &&
	           sscanf(line, "move %7s 1", code) == 1 &&
	           strcmp(code, k->code) == 0) {
		for (size_t j = 0; j < LOAD_SEEKS; j++) {
			if (seeks[j].seat == 1 &&
			    strcmp(seeks[j].code, code) == 0)
				paired_move_ms[paired_move_n++] =
				        rt_now_ms() - seeks[j].move_sent;
		}
		k->told = true;
	}
}

/* The first LOAD_SEEKS players ask to play anyone at once; waits until
 * all are paired and every pair's first move has reached the opponent. */
static void
load_pairing(void)
{
	static struct pollfd pfd[LOAD_SEEKS];
	size_t n = LOAD_SEEKS < LOAD_PLAYERS ? LOAD_SEEKS : LOAD_PLAYERS;
	for (size_t i = 0; i < n; i++) {
		seeks[i].sent = rt_now_ms();
		rt_send(&peers[i].p, "seek tetress clock=5+0");
	}
	double deadline = rt_now_ms() + 60000;
	while (pair_n < n || paired_move_n < n / 2) {
		ck_assert_msg(rt_now_ms() < deadline,
		              "pairing under load timed out: %zu paired, %zu "
		              "first moves",
		              pair_n, paired_move_n);
		for (size_t i = 0; i < n; i++)
			pfd[i] = (struct pollfd){peers[i].p.from, POLLIN, 0};
		if (poll(pfd, n, 1000) <= 0)
			continue;
		load_side_lines();
		for (size_t i = 0; i < n; i++) {
			char line[NET_LINE_MAX + 1];
			if (!(pfd[i].revents & (POLLIN | POLLHUP)))
				continue;
			while (rt_next(&peers[i].p, line, 0))
				load_seek_line(i, line);
		}
	}
}

static long
load_rss_kb(pid_t pid)
{
	char path[64], line[256];
	snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
	FILE *f = fopen(path, "r");
	long kb = -1;
	while (f != NULL && fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "VmRSS: %ld kB", &kb) == 1)
			break;
	}
	if (f != NULL)
		fclose(f);
	return kb;
}

START_TEST(test_200_clients)
{
	const char *env = getenv("TABULA_LOAD_CLIENTS");
	if (env != NULL && atoi(env) >= 2 && atoi(env) <= LOAD_PLAYERS_MAX)
		LOAD_PLAYERS = atoi(env) / 2 * 2;
	env = getenv("TABULA_LOAD_PLIES");
	if (env != NULL && atoi(env) >= 1 && atoi(env) <= LOAD_PLIES_MAX)
		LOAD_PLIES = atoi(env);
	struct rt_server sv;
	rt_server_init(&sv, true);
	char options[128];
	snprintf(options, sizeof options, "--max-clients %d --max-rooms %d",
	         LOAD_PEERS + 64, LOAD_ROOMS + 64);
	rt_server_start(&sv, options);
	rng_seed(&load_rng, 17);
	ck_assert(session_init(&player_game, registry_find("tetress"), NULL));
	rt_peer_start_raw(&flooder, &sv, "AAAAloadflooder", 0600);
	rt_send(&flooder, "name flooder");
	rt_peer_start_raw(&player, &sv, "AAAAloadplayer", 0600);
	rt_send(&player, "name player");
	struct game_setup setup = {0};
	for (int i = 0; i < LOAD_ROOMS; i++)
		ck_assert(session_init(&rooms[i].s, registry_at((size_t)i % 3),
		                       &setup));
	double start = rt_now_ms();
	/* 90 s for 200 players, more for more (TABULA_LOAD_CLIENTS=500 on a
	 * shared machine). */
	load_run(&sv, 0, LOAD_PLAYERS,
	         90000.0 * (LOAD_PLAYERS > 200 ? LOAD_PLAYERS / 200.0 : 1.0));
	double played = rt_now_ms() - start;
	size_t plies = 0;
	for (int i = 0; i < LOAD_ROOMS; i++)
		plies += rooms[i].s.ply;
	ck_assert_uint_eq(move_n, plies); /* some games end sooner */
	ck_assert_uint_gt(plies, (size_t)(LOAD_ROOMS * LOAD_PLIES * 9 / 10));
	long rss = load_rss_kb(sv.pid);
	char head[96];
	snprintf(head, sizeof head, "connect-to-lobby, %d logging in at once",
	         LOAD_PLAYERS);
	load_report(head, lobby_ms, lobby_n);
	char what[128];
	snprintf(what, sizeof what,
	         "move-to-opponent, %d rooms playing at once", LOAD_ROOMS);
	load_report(what, move_ms, move_n);
	snprintf(what, sizeof what,
	         "level-1 engine's answer while one person floods (%zu "
	         "level-10 rooms resigned)",
	         floods);
	load_report(what, engine_ms, engine_n);
	/* Late visitors while the 200 stay connected. */
	size_t before = lobby_n;
	for (size_t i = (size_t)LOAD_PLAYERS; i < (size_t)LOAD_PEERS; i++)
		load_run(&sv, i, i + 1, 20000);
	snprintf(head, sizeof head,
	         "connect-to-lobby, one at a time with %d connected",
	         LOAD_PLAYERS);
	load_report(head, lobby_ms + before, lobby_n - before);
	load_pairing();
	snprintf(what, sizeof what,
	         "seek-to-paired, %zu requests at once with %d connected",
	         pair_n, LOAD_PEERS);
	load_report(what, pair_ms, pair_n);
	load_report("move-to-opponent, first move of each paired room",
	            paired_move_ms, paired_move_n);
	printf("%d players, %d rooms, %d plies each: %.0f ms; server "
	       "resident memory %ld KiB\n",
	       LOAD_PLAYERS, LOAD_ROOMS, LOAD_PLIES, played, rss);
	/* Under the bound of a level-10 search (7 s at 10,000,000 nodes on an
	 * idle machine): the level-1 answers never waited behind the
	 * flooder's searches. */
	for (size_t i = 0; i < engine_n; i++)
		ck_assert_msg(engine_ms[i] < LOAD_ENGINE_BOUND_MS,
		              "the level-1 engine took %.0f ms", engine_ms[i]);
	ck_assert_int_gt(rss, 0);
	ck_assert_int_lt(rss, 256 * 1024);
	for (int i = 0; i < LOAD_PEERS; i++)
		rt_peer_stop(&peers[i].p, false);
	rt_peer_stop(&flooder, false);
	rt_peer_stop(&player, false);
	session_free(&player_game);
	for (int i = 0; i < LOAD_ROOMS; i++)
		session_free(&rooms[i].s);
	rt_server_clean(&sv);
}
END_TEST

static Suite *
load_suite(void)
{
	Suite *s = suite_create("server load");
	TCase *tc = tcase_create("200 clients");
	tcase_set_timeout(tc, 180);
	tcase_add_test(tc, test_200_clients);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	signal(SIGPIPE, SIG_IGN);
	return testutil_run_suite(load_suite());
}
