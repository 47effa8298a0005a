/*
 * Crash consistency of the room server (tabula(6), PLAY ON THIS HOST,
 * "The server"): two players play Tetress through the real server, which is
 * killed with SIGKILL at random points (between moves, and a random few
 * milliseconds after a move was sent, so often while its save is under
 * way), and now and then restarted under a file size limit just above its
 * record's size, so that saves start to fail.  After every restart, every
 * move either player was ever told of is in the room, in order.
 *
 * `make check` runs 20 kill points; TABULA_CRASH_POINTS=100 runs the full
 * hundred (issue 40's test).
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/record.h"
#include "core/registry.h"
#include "core/rng.h"
#include "roomtest.h"
#include "testutil.h"

/* The kill points `make check` runs. */
enum { CRASH_POINTS_DEFAULT = 20 };

struct crash_game {
	char code[8];        /* "" until a room is made */
	struct session told; /* every move anyone was told of */
	bool over;
	int failed_saves; /* moves refused as not saved, in all */
	int limited;      /* restarts under a size limit */
	int linked;       /* points with the record replaced by a link */
};

/* Starts the server, under a file size limit of limit bytes when > 0. */
static void
crash_start(struct rt_server *sv, unsigned long limit)
{
	sv->fsize_limit = limit;
	rt_server_start(sv, NULL);
}

/* Applies a move line to s unless s has it already (a snapshot after a
 * restart repeats what was told before). */
static void
crash_learn(struct session *s, const char *line)
{
	size_t ply;
	char code[16];
	if (sscanf(line, "move %15s %zu", code, &ply) == 2 && ply == s->ply + 1)
		rt_apply_move(s, line);
}

/* Whether s begins with every move told so far. */
static bool
crash_keeps_told(const struct crash_game *g, const struct session *s)
{
	if (s->ply < g->told.ply)
		return false;
	for (size_t i = 0; i < g->told.ply; i++) {
		if (s->moves[i] != g->told.moves[i])
			return false;
	}
	return true;
}

/* The room ended and left memory before anyone came back (its last move
 * reached the disk, not the players): some archived record of its code
 * must keep every move told. */
static void
crash_check_archive(const struct rt_server *sv, const struct crash_game *g)
{
	char dir[600], path[1000], err[256];
	snprintf(dir, sizeof dir, "%s/finished", sv->state);
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	bool found = false;
	struct dirent *e;
	while (!found && (e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if (strncmp(e->d_name, g->code, 4) != 0 || len < 9 ||
		    strcmp(e->d_name + len - 4, ".rec") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		struct session s;
		struct record_meta meta;
		if (!record_load(path, &s, &meta, err, sizeof err))
			continue;
		found = crash_keeps_told(g, &s);
		session_free(&s);
		record_meta_free(&meta);
	}
	closedir(d);
	ck_assert_msg(found,
	              "room %s: no archived record keeps the %zu moves "
	              "told",
	              g->code, g->told.ply);
}

/* Forgets the game: the next one starts in a new room. */
static void
crash_new_game(struct crash_game *g)
{
	g->code[0] = '\0';
	g->over = false;
	session_free(&g->told);
	ck_assert(session_init(&g->told, registry_find("tetress"), NULL));
}

/* a goes back into the room: false when it has ended and left memory
 * (then its archive is checked and a new game begins). */
static bool
crash_rejoin(const struct rt_server *sv, struct crash_game *g,
             struct rt_peer *a)
{
	char line[NET_LINE_MAX + 1];
	rt_send(a, "join %s", g->code);
	for (;;) {
		ck_assert_msg(rt_next(a, line, ROOMTEST_WAIT_MS), "no answer");
		if (strncmp(line, "synced", 6) == 0)
			return true;
		if (strncmp(line, "error no room", 13) == 0) {
			crash_check_archive(sv, g);
			crash_new_game(g);
			return false;
		}
	}
}

/* Enters the room (making it the first time) and checks that its moves
 * begin with every move told so far; s gets the room's game.  False when
 * b's seat could not be saved (a restart under a size limit): b was never
 * told it sat, and nobody can move. */
static bool
crash_enter(const struct rt_server *sv, struct crash_game *g, struct rt_peer *a,
            struct rt_peer *b, struct session *s)
{
	char line[NET_LINE_MAX + 1];
	if (g->code[0] == '\0' || !crash_rejoin(sv, g, a)) {
		rt_send(a, "create tetress");
		rt_expect(a, "created ", line);
		snprintf(g->code, sizeof g->code, "%.4s", line + 8);
		rt_expect(a, "synced", NULL);
	}
	rt_send(b, "join %s", g->code);
	for (;;) {
		ck_assert_msg(rt_next(b, line, ROOMTEST_WAIT_MS), "no answer");
		if (strncmp(line, "error cannot save", 17) == 0) {
			g->failed_saves++;
			return false;
		}
		ck_assert_msg(strncmp(line, "error", 5) != 0, "join: %s", line);
		if (strncmp(line, "joined ", 7) == 0)
			break;
	}
	ck_assert_msg(line[strlen(line) - 1] == '2', "b joined as '%s'", line);
	for (;;) {
		ck_assert(rt_next(b, line, ROOMTEST_WAIT_MS));
		if (strncmp(line, "move ", 5) == 0)
			rt_apply_move(s, line);
		if (strncmp(line, "synced ", 7) == 0)
			break;
	}
	ck_assert_msg(crash_keeps_told(g, s),
	              "room %s after a restart: %zu moves, not the %zu told",
	              g->code, s->ply, g->told.ply);
	/* b has just been told the room's moves: they must stay too. */
	while (g->told.ply < s->ply)
		ck_assert(session_play(&g->told, s->moves[g->told.ply]));
	return true;
}

/* A random legal move of s as text. */
static void
crash_pick(const struct session *s, struct rng *rng, char *text, size_t size)
{
	game_move list[GAME_MAX_MOVES];
	const struct game_pos *pos = session_current(s);
	int n = s->ops->gen_moves(pos, list);
	ck_assert_int_gt(n, 0);
	s->ops->format_move(pos, list[rng_below(rng, (uint32_t)n)], text, size);
}

/* Reads p's lines until the answer to its move of ply: true when it was
 * played, false when refused; every move line is learnt into told (p may
 * first read the opponent's last move). */
static bool
crash_answer(struct crash_game *g, struct rt_peer *p, size_t ply)
{
	char line[NET_LINE_MAX + 1];
	for (;;) {
		ck_assert_msg(rt_next(p, line, ROOMTEST_WAIT_MS), "no answer");
		size_t got;
		char code[16];
		if (sscanf(line, "move %15s %zu", code, &got) == 2) {
			crash_learn(&g->told, line);
			if (got == ply)
				return true;
			continue;
		}
		if (strncmp(line, "error cannot save", 17) == 0) {
			g->failed_saves++;
			return false;
		}
		ck_assert_msg(strncmp(line, "error", 5) != 0, "%s (ply %zu)",
		              line, ply);
	}
}

/* Everything p is told until its connection closes (the server is dead). */
static void
crash_drain(struct crash_game *g, struct rt_peer *p)
{
	char line[NET_LINE_MAX + 1];
	while (rt_next(p, line, ROOMTEST_WAIT_MS)) {
		if (strncmp(line, "move ", 5) == 0)
			crash_learn(&g->told, line);
		if (strncmp(line, "over ", 5) == 0)
			g->over = true;
	}
}

/* One kill point: start (maybe under a size limit), check, play a few
 * moves, send one more and kill the server a moment later. */
static void
crash_point(struct rt_server *sv, struct crash_game *g, struct rng *rng,
            bool first)
{
	unsigned long limit = 0;
	char path[600];
	struct stat st;
	snprintf(path, sizeof path, "%s/rooms/%s.rec", sv->state, g->code);
	if (!first && g->code[0] != '\0' && rng_below(rng, 4) == 0 &&
	    stat(path, &st) == 0) {
		limit = (unsigned long)st.st_size + rng_below(rng, 60);
		g->limited++;
	}
	crash_start(sv, limit);
	struct rt_peer a, b;
	rt_peer_start(&a, sv, "AAAAkeyOfAlice");
	rt_peer_start(&b, sv, "AAAAkeyOfBob");
	if (first) {
		rt_send(&a, "name alice");
		rt_expect(&a, "welcome", NULL);
		rt_send(&b, "name bob");
		rt_expect(&b, "welcome", NULL);
	}
	struct session s;
	ck_assert(session_init(&s, registry_find("tetress"), NULL));
	bool seated = crash_enter(sv, g, &a, &b, &s);
	/* Now and then the record is replaced by a link (to itself, moved
	 * aside), which no save writes through. */
	char real[700];
	bool linked = seated && limit == 0 && rng_below(rng, 5) == 0;
	snprintf(path, sizeof path, "%s/rooms/%s.rec", sv->state, g->code);
	snprintf(real, sizeof real, "%s.real", path);
	if (linked) {
		ck_assert_int_eq(rename(path, real), 0);
		if (symlink(real, path) == 0) {
			g->linked++;
		} else {
			/* The server saved the room again between the two
			 * calls: its new record stands, the older one moved
			 * aside goes, and this point keeps no link. */
			ck_assert_msg(errno == EEXIST, "symlink %s: %s", path,
			              strerror(errno));
			ck_assert_int_eq(unlink(real), 0);
			linked = false;
		}
	}
	char text[GAME_TEXT_MAX];
	int moves = seated ? (int)rng_below(rng, 4) : -1;
	struct game_status gs;
	for (int i = 0; i <= moves; i++) {
		s.ops->status(session_current(&s), &gs);
		if (gs.outcome != OUTCOME_ONGOING) {
			g->over = true;
			break;
		}
		/* a created the room: player 1 (side 0); b is player 2. */
		struct rt_peer *mover =
		        s.ops->side_to_move(session_current(&s)) == 0 ? &a : &b;
		crash_pick(&s, rng, text, sizeof text);
		rt_send(mover, "move %s", text);
		if (i == moves) {
			usleep((useconds_t)rng_below(rng, 4000));
			break;
		}
		if (!crash_answer(g, mover, s.ply + 1))
			break;
		ck_assert(session_play_text(&s, text, NULL, 0));
	}
	rt_server_stop(sv, SIGKILL);
	struct stat lst;
	if (linked && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
		ck_assert_int_eq(unlink(path), 0);
		ck_assert_int_eq(rename(real, path), 0);
	} else if (linked) /* a save under way replaced the link (rename
	                     replaces a link, never writes through it) */
		ck_assert_int_eq(unlink(real), 0);
	crash_drain(g, &a);
	crash_drain(g, &b);
	rt_peer_stop(&a, false);
	rt_peer_stop(&b, false);
	session_free(&s);
	if (g->over) /* the next point plays a new game */
		crash_new_game(g);
}

START_TEST(test_crash_consistency)
{
	const char *env = getenv("TABULA_CRASH_POINTS");
	int points = env != NULL ? atoi(env) : CRASH_POINTS_DEFAULT;
	if (points < 1)
		points = CRASH_POINTS_DEFAULT;
	struct rt_server sv;
	rt_server_init(&sv, true);
	struct crash_game g = {{0}};
	ck_assert(session_init(&g.told, registry_find("tetress"), NULL));
	struct rng rng;
	rng_seed(&rng, (uint64_t)getpid() * 2654435761u + (uint64_t)time(NULL));
	size_t told_total = 0;
	for (int i = 0; i < points; i++) {
		size_t before = g.told.ply;
		crash_point(&sv, &g, &rng, i == 0);
		if (g.told.ply > before)
			told_total += g.told.ply - before;
	}
	/* The last restart checks the last kill. */
	crash_start(&sv, 0);
	if (g.code[0] != '\0') {
		struct rt_peer a, b;
		struct session s;
		rt_peer_start(&a, &sv, "AAAAkeyOfAlice");
		rt_peer_start(&b, &sv, "AAAAkeyOfBob");
		ck_assert(session_init(&s, registry_find("tetress"), NULL));
		ck_assert(crash_enter(&sv, &g, &a, &b, &s));
		session_free(&s);
		rt_peer_stop(&a, false);
		rt_peer_stop(&b, false);
	}
	fprintf(stderr,
	        "crash: %d kill points, %zu moves told and kept, %d restarts "
	        "under a size limit, %d with the record a link, %d moves "
	        "refused as not saved\n",
	        points, told_total, g.limited, g.linked, g.failed_saves);
	session_free(&g.told);
	rt_server_clean(&sv);
}
END_TEST

static Suite *
crash_suite(void)
{
	Suite *s = suite_create("server-crash");
	TCase *tc = tcase_create("crash");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_crash_consistency);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	signal(SIGPIPE, SIG_IGN);
	return testutil_run_suite(crash_suite());
}
