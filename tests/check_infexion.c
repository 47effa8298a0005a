/*
 * Infexion against the course referee: every recorded game replays with the
 * same legal-move counts, powers, boards and results; perft agrees from the
 * start and from recorded positions; and the rules the data cannot reach
 * (every end-of-game rule, wrapping and overflowing spreads, hashing) are
 * checked by hand-made tables.  The text forms are tested in
 * check_infexion_text.c.
 *
 * The oracle data is converted by tests/tools/infexion-convert.py into the
 * .txt files of tests/data/infexion/; the script documents the format.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/perft.h"
#include "core/registry.h"
#include "core/rng.h"
#include "games/infexion.h"
#include "ixtest.h"
#include "testutil.h"

static const struct game_ops *const ops = &infexion_game;

/* Holds one position with its text form, for messages. */
struct replay {
	struct game_pos pos;
	char name[64];
	int ply;
};

static struct infexion_pos *
ip(struct game_pos *pos)
{
	return infexion_pos_of(pos);
}

/* The rows part of the position string (buf holds GAME_TEXT_MAX bytes). */
static void
board_rows(const struct game_pos *pos, char *buf)
{
	ops->format_pos(pos, buf, GAME_TEXT_MAX);
	char *space = strchr(buf, ' ');
	if (space != NULL)
		*space = '\0';
}

/* Stacks a move pops: targets that stood at power 6 before it. */
static int
popped_by(const struct infexion_pos *p, game_move m)
{
	int dir = infexion_move_dir(m), c = infexion_move_cell(m);
	if (dir == INFEXION_SPAWN_DIR)
		return 0;
	int k = infexion_cell_power(p->cell[c]), popped = 0;
	for (int i = 1; i <= k; i++) {
		int t = infexion_step(c, dir - 1, i);
		popped += infexion_cell_power(p->cell[t]) == INFEXION_MAX_POWER;
	}
	return popped;
}

/* "m MOVE COUNT RED BLUE REMOVED": checks the count, plays, checks after. */
static void
replay_move(struct replay *g, char *args)
{
	char move_text[64];
	int count, red, blue, removed;
	ck_assert_msg(sscanf(args, "%63s %d %d %d %d", move_text, &count, &red,
	                     &blue, &removed) == 5,
	              "bad data line 'm %s'", args);
	game_move moves[GAME_MAX_MOVES], m;
	int n = ops->gen_moves(&g->pos, moves);
	ck_assert_msg(n == count, "%s ply %d: %d legal moves, referee %d",
	              g->name, g->ply, n, count);
	ck_assert_int_eq(n, infexion_count_moves(ip(&g->pos)));
	char err[256] = "", text[64];
	ck_assert_msg(ops->parse_move(&g->pos, move_text, &m, err, sizeof err),
	              "%s ply %d: %s rejected: %s", g->name, g->ply, move_text,
	              err);
	ck_assert_msg(ixtest_move_in_list(m, moves, n),
	              "%s ply %d: %s not generated", g->name, g->ply,
	              move_text);
	ops->format_move(&g->pos, m, text, sizeof text);
	ck_assert_str_eq(text, move_text);
	int popped = popped_by(ip(&g->pos), m);
	ck_assert_msg(popped == removed, "%s ply %d: %d popped, referee %d",
	              g->name, g->ply, popped, removed);
	struct game_status st;
	ops->status(&g->pos, &st);
	ck_assert_msg(st.outcome == OUTCOME_ONGOING, "%s ply %d: over early",
	              g->name, g->ply);
	ops->play(&g->pos, m);
	g->ply++;
	const struct infexion_pos *p = ip(&g->pos);
	ck_assert_msg(p->power[0] == red && p->power[1] == blue,
	              "%s after ply %d: powers %d/%d, referee %d/%d", g->name,
	              g->ply, p->power[0], p->power[1], red, blue);
	ck_assert_msg(p->hash == infexion_hash_scratch(p),
	              "%s after ply %d: incremental hash differs", g->name,
	              g->ply);
}

static void
replay_board(struct replay *g, char *args)
{
	int ply;
	char rows[256], have[GAME_TEXT_MAX];
	ck_assert(sscanf(args, "%d %255s", &ply, rows) == 2);
	ck_assert_int_eq(ply, g->ply);
	board_rows(&g->pos, have);
	ck_assert_msg(strcmp(have, rows) == 0,
	              "%s after ply %d: board %s, "
	              "referee %s",
	              g->name, ply, have, rows);
}

/* "after COUNT MOVES...": the legal moves, in the referee's order. */
static void
replay_after(struct replay *g, char *args)
{
	game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(&g->pos, moves), count, used;
	ck_assert(sscanf(args, "%d%n", &count, &used) == 1);
	ck_assert_int_eq(n, count);
	char *rest = args + used, *save = NULL;
	for (int i = 0; i < n; i++) {
		char *tok = strtok_r(i == 0 ? rest : NULL, " ", &save);
		char text[64];
		ck_assert_msg(tok != NULL, "%s: fewer moves listed", g->name);
		ops->format_move(&g->pos, moves[i], text, sizeof text);
		ck_assert_msg(strcmp(text, tok) == 0,
		              "%s: move %d is %s, "
		              "referee %s",
		              g->name, i, text, tok);
	}
}

static enum game_outcome
outcome_of(const char *result)
{
	if (strcmp(result, "RED") == 0)
		return OUTCOME_P1_WINS;
	if (strcmp(result, "BLUE") == 0)
		return OUTCOME_P2_WINS;
	if (strcmp(result, "DRAW") == 0)
		return OUTCOME_DRAW;
	return OUTCOME_ONGOING;
}

/* "end RESULT REASON TURNS RED BLUE ROWS". */
static void
replay_end(struct replay *g, char *args)
{
	char result[16], reason[32], rows[256], have[GAME_TEXT_MAX];
	int turns, red, blue;
	ck_assert(sscanf(args, "%15s %31s %d %d %d %255s", result, reason,
	                 &turns, &red, &blue, rows) == 6);
	const struct infexion_pos *p = ip(&g->pos);
	ck_assert_int_eq(turns, g->ply);
	ck_assert_int_eq(p->turns, g->ply);
	ck_assert(p->power[0] == red && p->power[1] == blue);
	board_rows(&g->pos, have);
	ck_assert_str_eq(have, rows);
	struct game_status st;
	ops->status(&g->pos, &st);
	ck_assert_msg(st.outcome == outcome_of(result),
	              "%s: outcome %d, "
	              "referee %s",
	              g->name, (int)st.outcome, result);
	if (st.outcome == OUTCOME_ONGOING) {
		ck_assert_ptr_null(st.reason);
		ck_assert_int_gt(infexion_count_moves(p), 0);
		return;
	}
	const char *want =
	        strcmp(reason, "turn_limit") == 0 ? "turn limit" : reason;
	ck_assert_msg(strcmp(st.reason, want) == 0,
	              "%s: reason %s, referee "
	              "%s",
	              g->name, st.reason, reason);
	game_move moves[GAME_MAX_MOVES];
	ck_assert_int_eq(ops->gen_moves(&g->pos, moves), 0);
}

/* Replays a whole data file; returns the number of games. */
static int
replay_file(const char *name)
{
	FILE *f = testutil_open_data(name);
	ck_assert_msg(f != NULL, "missing test data %s", name);
	struct replay g;
	int games = 0;
	char *line;
	while ((line = testutil_read_line(f)) != NULL) {
		char *sp = strchr(line, ' ');
		char *args = sp != NULL ? sp + 1 : line + strlen(line);
		if (strncmp(line, "game ", 5) == 0) {
			ops->init(&g.pos, NULL);
			snprintf(g.name, sizeof g.name, "%s", args);
			g.ply = 0;
			games++;
		} else if (strncmp(line, "m ", 2) == 0) {
			replay_move(&g, args);
		} else if (strncmp(line, "board ", 6) == 0) {
			replay_board(&g, args);
		} else if (strncmp(line, "after ", 6) == 0) {
			replay_after(&g, args);
		} else if (strncmp(line, "end ", 4) == 0) {
			replay_end(&g, args);
		} else {
			ck_assert_msg(line[0] == '#', "bad data line: %.40s",
			              line);
		}
		free(line);
	}
	fclose(f);
	return games;
}

START_TEST(test_public_games)
{
	ck_assert_int_eq(replay_file("infexion/public.txt"), 200);
}
END_TEST

START_TEST(test_corner_cases)
{
	ck_assert_int_eq(replay_file("infexion/corner_cases.txt"), 8);
}
END_TEST

static const uint64_t PERFT_START[] = {1, 49, 2352, 124656, 6480642};

START_TEST(test_perft_start)
{
	struct game_pos pos;
	ops->init(&pos, NULL);
	int depths = (int)(sizeof PERFT_START / sizeof PERFT_START[0]);
	for (int d = 0; d < depths; d++) {
		uint64_t fast = ops->perft(&pos, d);
		ck_assert_msg(fast == PERFT_START[d],
		              "perft(%d) = %llu, want "
		              "%llu",
		              d, (unsigned long long)fast,
		              (unsigned long long)PERFT_START[d]);
		ck_assert(perft_count(ops, &pos, d, 2) == PERFT_START[d]);
	}
	ck_assert(perft_walk(ops, &pos, 3) == PERFT_START[3]);
}
END_TEST

/* Largest depth at which the generic walk is compared with the fast perft. */
static const int PERFT_WALK_DEPTH = 2;

START_TEST(test_perft_positions)
{
	FILE *f = testutil_open_data("infexion/perft.txt");
	ck_assert(f != NULL);
	struct game_pos pos;
	char name[64] = "", rows[256] = "", have[GAME_TEXT_MAX], err[256] = "";
	int checked = 0;
	char *line;
	while ((line = testutil_read_line(f)) != NULL) {
		int turns, depth;
		unsigned long long leaves;
		char side[8], text[64];
		game_move m;
		if (sscanf(line, "pos %63s %d %7s %255s", name, &turns, side,
		           rows) == 4) {
			ops->init(&pos, NULL);
		} else if (sscanf(line, "mv %63s", text) == 1) {
			ck_assert_msg(ops->parse_move(&pos, text, &m, err,
			                              sizeof err),
			              "%s: %s: %s", name, text, err);
			ops->play(&pos, m);
		} else if (sscanf(line, "perft %d %llu", &depth, &leaves) ==
		           2) {
			board_rows(&pos, have);
			ck_assert_str_eq(have, rows);
			ck_assert_int_eq(ip(&pos)->turns, turns);
			uint64_t got = ops->perft(&pos, depth);
			ck_assert_msg(got == leaves,
			              "%s perft(%d) = %llu, want %llu", name,
			              depth, (unsigned long long)got, leaves);
			if (depth <= PERFT_WALK_DEPTH)
				ck_assert(perft_walk(ops, &pos, depth) == got);
			checked++;
		}
		free(line);
	}
	fclose(f);
	ck_assert_int_ge(checked, 20);
}
END_TEST

static void
visit_hash(const struct game_pos *before, game_move m,
           const struct game_pos *after)
{
	(void)before;
	(void)m;
	ixtest_check_hash(after);
}

START_TEST(test_hash_incremental)
{
	struct rng rng;
	rng_seed(&rng, 42);
	struct game_pos pos;
	int total = 0;
	for (int g = 0; g < 50; g++)
		total += ixtest_random_game(&rng, &pos, INFEXION_MAX_TURNS,
		                            visit_hash);
	ck_assert_int_gt(total, 5000);
}
END_TEST

START_TEST(test_hash_transposition)
{
	static const char *const a[] = {"SPAWN(0,0)", "SPAWN(3,3)",
	                                "SPAWN(1,1)", "SPAWN(4,4)"};
	static const char *const b[] = {"SPAWN(1,1)", "SPAWN(4,4)",
	                                "SPAWN(0,0)", "SPAWN(3,3)"};
	struct game_pos pa, pb;
	ops->init(&pa, NULL);
	ops->init(&pb, NULL);
	char err[256];
	for (int i = 0; i < 4; i++) {
		game_move m;
		ck_assert(ops->parse_move(&pa, a[i], &m, err, sizeof err));
		ops->play(&pa, m);
		ck_assert(ops->parse_move(&pb, b[i], &m, err, sizeof err));
		ops->play(&pb, m);
	}
	ck_assert(ops->hash(&pa) == ops->hash(&pb));
	/* The same board with the other side to move, or another count. */
	struct game_pos pc;
	ixtest_set_pos(&pc, "r1....../.r1...../......./...b1.../"
	                    "....b1../......./....... b 4");
	ck_assert(ops->hash(&pc) != ops->hash(&pa));
	ixtest_set_pos(&pc, "r1....../.r1...../......./...b1.../"
	                    "....b1../......./....... r 6");
	ck_assert(ops->hash(&pc) != ops->hash(&pa));
	ixtest_set_pos(&pc, "r1....../.r1...../......./...b1.../"
	                    "....b1../......./....... r 4");
	ck_assert(ops->hash(&pc) == ops->hash(&pa));
}
END_TEST

/* Moves played on a position, and the position string after them. */
static const struct {
	const char *before, *move, *after;
} EFFECTS[] = {
        /* power 3 across the q seam: (6,5) -> (6,6) (6,0) (6,1) */
        {"b1....../......./......./......./......./......./.....r3. r 10",
         "SPREAD(6,5,0,1)",
         "b1....../......./......./......./......./......./"
         "r1r1....r1 b 11"},
        /* both seams at once, direction (1,-1) from (6,0): (0,6) (1,5) */
        {"b1....../......./......./......./......./......./r2...... r 10",
         "SPREAD(6,0,1,-1)",
         "b1.....r1/.....r1./......./......./......./"
         "......./....... b 11"},
        /* overflow: an enemy 6-stack and the arriving token both vanish,
         * an own 5-stack becomes 6, an enemy 1-stack is taken */
        {"......./......./......./r3b6r5b1.../......./......./....... r 20",
         "SPREAD(3,0,0,1)",
         "......./......./......./..r6r2.../......./"
         "......./....... b 21"},
        /* an own 6-stack pops too */
        {"......./......./......./r1r6b1..../......./......./....... r 20",
         "SPREAD(3,0,0,1)",
         "......./......./......./..b1..../......./"
         "......./....... b 21"},
        /* SPAWN can bring the total to exactly 49 */
        {"r6r6r6r6r6r6r6/r3....../......./......./......./......./b1..b1..b1"
         " r 30",
         "SPAWN(4,4)",
         "r6r6r6r6r6r6r6/r3....../......./......./....r1../"
         "......./b1..b1..b1 b 31"},
};

START_TEST(test_effects)
{
	struct game_pos pos;
	ixtest_set_pos(&pos, EFFECTS[_i].before);
	game_move m;
	char err[256] = "", text[GAME_TEXT_MAX];
	ck_assert_msg(
	        ops->parse_move(&pos, EFFECTS[_i].move, &m, err, sizeof err),
	        "%s", err);
	ops->play(&pos, m);
	ops->format_pos(&pos, text, sizeof text);
	ck_assert_str_eq(text, EFFECTS[_i].after);
	ck_assert(ip(&pos)->hash == infexion_hash_scratch(ip(&pos)));
}
END_TEST

/* Every way a game ends (or does not), from position strings. */
static const struct {
	const char *pos;
	enum game_outcome outcome;
	const char *reason;
} ENDINGS[] = {
        {"r1....../......./......./......./......./......./....... b 1",
         OUTCOME_ONGOING, NULL},
        {"......./......./......./......./......./......./....... r 1",
         OUTCOME_ONGOING, NULL},
        {"r2....../......./......./......./......./......./....... b 2",
         OUTCOME_P1_WINS, "elimination"},
        {"r1....../......./......./......./......./......./....... b 9",
         OUTCOME_DRAW, "elimination"},
        {"......./......./......./......./......./......./....... b 23",
         OUTCOME_DRAW, "elimination"},
        {"b1b1...../......./......./......./......./......./....... b 27",
         OUTCOME_P2_WINS, "elimination"},
        {"r3b1...../......./......./......./......./......./....... b 342",
         OUTCOME_ONGOING, NULL},
        {"r3b1...../......./......./......./......./......./....... b 343",
         OUTCOME_P1_WINS, "turn limit"},
        {"r2b1...../......./......./......./......./......./....... b 343",
         OUTCOME_DRAW, "turn limit"},
        {"r2b2...../......./......./......./......./......./....... b 343",
         OUTCOME_DRAW, "turn limit"},
        {"r2b4...../......./......./......./......./......./....... b 343",
         OUTCOME_P2_WINS, "turn limit"},
        {"r3....../......./......./......./......./......./....... b 343",
         OUTCOME_P1_WINS, "elimination"},
};

START_TEST(test_endings)
{
	struct game_pos pos;
	ixtest_set_pos(&pos, ENDINGS[_i].pos);
	struct game_status st;
	ops->status(&pos, &st);
	ck_assert_msg(st.outcome == ENDINGS[_i].outcome, "%s: outcome %d",
	              ENDINGS[_i].pos, (int)st.outcome);
	game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(&pos, moves);
	if (ENDINGS[_i].reason == NULL) {
		ck_assert_ptr_null(st.reason);
		ck_assert_int_gt(n, 0);
	} else {
		ck_assert_str_eq(st.reason, ENDINGS[_i].reason);
		ck_assert_int_eq(n, 0);
		ck_assert(ops->perft(&pos, 1) == 0);
		ck_assert(ops->perft(&pos, 0) == 1);
	}
}
END_TEST

/* Whether some reply of the side to move at pos wipes out the other. */
static bool
any_reply_eliminates(const struct game_pos *pos)
{
	game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(pos, moves);
	int victim = ops->side_to_move(pos) ^ 1;
	for (int i = 0; i < n; i++) {
		struct game_pos child = *pos;
		ops->play(&child, moves[i]);
		if (ip(&child)->power[victim] == 0)
			return true;
	}
	return false;
}

/* Whether cells a and b lie on one of the three lines of the torus. */
static bool
collinear(int a, int b)
{
	for (int d = 0; d < INFEXION_DIRS; d++) {
		for (int i = 1; i < INFEXION_N; i++) {
			if (infexion_step(a, d, i) == b)
				return true;
		}
	}
	return false;
}

/* A board of random Red stacks around Blue's single stack at cell 24,
 * Blue to move, the total below 49 (so SPAWN is legal); false if no
 * empty cell is left off the lines through the Blue stack. */
static bool
refuge_board(struct rng *rng, struct game_pos *pos)
{
	char text[GAME_TEXT_MAX], *t = text;
	int blue = 1 + (int)rng_below(rng, 3), total = blue;
	for (int c = 0; c < INFEXION_CELLS; c++) {
		int power = 0;
		char owner = 'r';
		if (c == 24) {
			power = blue, owner = 'b';
		} else if (rng_below(rng, 10) < 6 && total < 47) {
			power = 1 + (int)rng_below(rng, 3);
			if (total + power > 47)
				power = 47 - total;
			total += power;
		}
		if (power == 0)
			*t++ = '.';
		else
			t += sprintf(t, "%c%d", owner, power);
		if (c % INFEXION_N == INFEXION_N - 1)
			*t++ = c == INFEXION_CELLS - 1 ? ' ' : '/';
	}
	sprintf(t, "b 120");
	ixtest_set_pos(pos, text);
	for (int c = 0; c < INFEXION_CELLS; c++) {
		if (ip(pos)->cell[c] == 0 && !collinear(24, c))
			return true;
	}
	return false;
}

/* Why a won game lasts until the board total reaches 49 (man page,
 * RULES, Infexion, "A won game"): a SPREAD runs along one line, so a side
 * down to one stack that spawns off the lines through it cannot be wiped
 * out by the reply, however the other side's stacks stand; a spawn on
 * one of those lines can be. */
START_TEST(test_refuge_spawn)
{
	struct rng rng;
	rng_seed(&rng, 52);
	int boards = 0, exposed = 0;
	while (boards < 200) {
		struct game_pos pos;
		if (!refuge_board(&rng, &pos))
			continue;
		boards++;
		game_move moves[GAME_MAX_MOVES];
		int n = ops->gen_moves(&pos, moves);
		for (int i = 0; i < n; i++) {
			int c = infexion_move_cell(moves[i]);
			if (infexion_move_dir(moves[i]) != INFEXION_SPAWN_DIR)
				continue;
			struct game_pos child = pos;
			ops->play(&child, moves[i]);
			bool wiped = any_reply_eliminates(&child);
			if (!collinear(24, c))
				ck_assert_msg(!wiped, "board %d: SPAWN at %d",
				              boards, c);
			exposed += wiped;
		}
	}
	/* The rule is not vacuous: spawns on the lines were wiped out. */
	ck_assert_int_gt(exposed, 0);
}
END_TEST

START_TEST(test_interface)
{
	ck_assert_ptr_eq(registry_find("infexion"), ops);
	ck_assert_ptr_eq(registry_find("Infexion"), ops);
	ck_assert_int_eq(ops->players, 2);
	ck_assert_str_eq(ops->side_names[0], "Red");
	ck_assert_str_eq(ops->side_names[1], "Blue");
	ck_assert_str_eq(ops->side_letters, "rb");
	struct game_pos pos;
	ixtest_set_pos(&pos, "r3b1...../......./......./......./......./"
	                     "......./b1...... b 40");
	ck_assert_int_eq(ops->side_to_move(&pos), 1);
	/* Blue is a point behind but takes the r3 next move (search eval). */
	ck_assert_int_gt(ops->evaluate(&pos), 0);
	char text[GAME_TEXT_MAX];
	ops->render_text(&pos, text, sizeof text);
	ck_assert_ptr_nonnull(strstr(text, "[r3]"));
	ck_assert_ptr_nonnull(strstr(text, "Blue to move"));
	/* 13 diamond lines and a summary line */
	int lines = 0;
	for (const char *c = text; *c; c++)
		lines += *c == '\n';
	ck_assert_int_eq(lines, 14);
	game_move m;
	char err[64];
	ck_assert(ops->parse_move(&pos, "SPREAD(0,1,0,-1)", &m, err, 64));
	ck_assert(ops->is_noisy(&pos, m));
	ck_assert(ops->parse_move(&pos, "SPREAD(0,1,1,0)", &m, err, 64));
	ck_assert(!ops->is_noisy(&pos, m));
	ck_assert(ops->parse_move(&pos, "SPAWN(2,2)", &m, err, sizeof err));
	ck_assert(!ops->is_noisy(&pos, m));
}
END_TEST

static Suite *
infexion_suite(void)
{
	Suite *s = suite_create("infexion");
	TCase *oracle = tcase_create("oracle");
	tcase_set_timeout(oracle, 60);
	tcase_add_test(oracle, test_public_games);
	tcase_add_test(oracle, test_corner_cases);
	tcase_add_test(oracle, test_perft_start);
	tcase_add_test(oracle, test_perft_positions);
	suite_add_tcase(s, oracle);
	TCase *rules = tcase_create("rules");
	tcase_add_loop_test(rules, test_effects, 0,
	                    sizeof EFFECTS / sizeof EFFECTS[0]);
	tcase_add_loop_test(rules, test_endings, 0,
	                    sizeof ENDINGS / sizeof ENDINGS[0]);
	tcase_add_test(rules, test_hash_incremental);
	tcase_add_test(rules, test_hash_transposition);
	tcase_add_test(rules, test_interface);
	tcase_add_test(rules, test_refuge_spawn);
	suite_add_tcase(s, rules);
	return s;
}

int
main(void)
{
	return testutil_run_suite(infexion_suite());
}
