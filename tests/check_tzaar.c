/*
 * TZAAR against the oracle: every recorded game replays with the same legal
 * counts (burying moves included), results, reasons and final boards; perft
 * agrees from the standard set-up and from recorded positions; the fast
 * perft agrees with the generic walk; the incremental hash with one built
 * from scratch.  Hand-made positions cover what random games rarely reach
 * (burying, a first-sub-move win, no capture) and every illegal-move reason.
 *
 * The oracle data is converted by tests/tools/tzaar-oracle.py into the .txt
 * files of tests/data/tzaar/; the script documents the format.
 */
#include "config.h"

#include <check.h>
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "core/perft.h"
#include "core/rng.h"
#include "games/games.h"
#include "games/tzaar.h"
#include "games/tzaar-eval.h"
#include "testutil.h"

static const struct game_ops *const ops = &tzaar_game;

enum { MAX_FIELDS = 8, RANDOM_GAMES = 60 };

/* Splits a line at tabs into at most MAX_FIELDS fields; returns the count. */
static int
split_tabs(char *line, char **fields)
{
	int n = 0;
	char *save = NULL;
	for (char *f = strtok_r(line, "\t", &save); f && n < MAX_FIELDS;
	     f = strtok_r(NULL, "\t", &save))
		fields[n++] = f;
	return n;
}

static void
load_pos(struct game_pos *pos, const char *text)
{
	char err[256];
	ck_assert_msg(ops->parse_pos(pos, text, err, sizeof err),
	              "parse_pos(%s): %s", text, err);
}

/* The board part of the position string (buf holds GAME_TEXT_MAX bytes). */
static void
board_of(const struct game_pos *pos, char *buf)
{
	ops->format_pos(pos, buf, GAME_TEXT_MAX);
	char *space = strchr(buf, ' ');
	if (space != NULL)
		*space = '\0';
}

/* Builds a position from "A1:A C3:b2 ..." (unnamed spaces empty). */
static void
sparse_pos(struct game_pos *pos, const char *stacks, const char *turn)
{
	char cells[TZAAR_CELLS][8];
	for (int i = 0; i < TZAAR_CELLS; i++)
		strcpy(cells[i], ".");
	char copy[512], *save = NULL;
	snprintf(copy, sizeof copy, "%s", stacks);
	for (char *t = strtok_r(copy, " ", &save); t;
	     t = strtok_r(NULL, " ", &save)) {
		int cell = tzaar_cell_at(t[0] - 'A', atoi(t + 1));
		ck_assert_msg(cell >= 0 && strchr(t, ':'), "bad spec %s", t);
		snprintf(cells[cell], sizeof cells[cell], "%s",
		         strchr(t, ':') + 1);
	}
	char text[GAME_TEXT_MAX] = "";
	for (int i = 0; i < TZAAR_CELLS; i++)
		strcat(text, cells[i]);
	strcat(text, " ");
	strcat(text, turn);
	load_pos(pos, text);
}

static void
check_hash(const struct game_pos *pos, const char *where)
{
	const struct tzaar_pos *p = tzaar_of_const(pos);
	ck_assert_msg(ops->hash(pos) == tzaar_hash_full(p),
	              "%s: incremental hash differs from a fresh one", where);
}

static const char *
reason_text(const char *oracle_reason)
{
	if (strcmp(oracle_reason, "type_captured") == 0)
		return "type captured";
	if (strcmp(oracle_reason, "type_buried") == 0)
		return "type buried";
	return "no capture";
}

/* Replays one recorded game; every move must be legal with the recorded
 * count before it, and the game must end as recorded. */
static void
replay_game(char **f, int line_no)
{
	struct game_pos pos;
	char text[GAME_TEXT_MAX], err[256];
	snprintf(text, sizeof text, "%s w open", f[0]);
	load_pos(&pos, text);
	char *save_m = NULL, *save_c = NULL;
	char *mv = strtok_r(f[1], " ", &save_m);
	char *cnt = strtok_r(f[2], " ", &save_c);
	game_move moves[GAME_MAX_MOVES];
	for (int ply = 0; mv != NULL; ply++) {
		ck_assert_msg(cnt != NULL, "game %d: counts end early",
		              line_no);
		int n = ops->gen_moves(&pos, moves);
		ck_assert_msg(n == atoi(cnt),
		              "game %d ply %d: %d moves, want %s", line_no, ply,
		              n, cnt);
		ck_assert_int_eq(tzaar_count_moves(tzaar_of_const(&pos)), n);
		struct game_status st;
		ops->status(&pos, &st);
		ck_assert_msg(st.outcome == OUTCOME_ONGOING,
		              "game %d ply %d: over too early (%s)", line_no,
		              ply, st.reason);
		game_move m;
		ck_assert_msg(ops->parse_move(&pos, mv, &m, err, sizeof err),
		              "game %d ply %d: %s: %s", line_no, ply, mv, err);
		ops->format_move(&pos, m, text, sizeof text);
		ck_assert_str_eq(text, mv);
		int found = 0;
		for (int i = 0; i < n; i++)
			found += moves[i] == m;
		ck_assert_msg(found == 1, "game %d ply %d: %s not generated",
		              line_no, ply, mv);
		ops->play(&pos, m);
		check_hash(&pos, mv);
		mv = strtok_r(NULL, " ", &save_m);
		cnt = strtok_r(NULL, " ", &save_c);
	}
	struct game_status st;
	ops->status(&pos, &st);
	enum game_outcome want =
	        strcmp(f[3], "WHITE") == 0 ? OUTCOME_P1_WINS : OUTCOME_P2_WINS;
	ck_assert_msg(st.outcome == want, "game %d: outcome %d, want %s",
	              line_no, st.outcome, f[3]);
	ck_assert_str_eq(st.reason, reason_text(f[4]));
	ck_assert_int_eq(ops->gen_moves(&pos, moves), 0);
	board_of(&pos, text);
	ck_assert_str_eq(text, f[5]);
}

START_TEST(test_public_games)
{
	FILE *in = testutil_open_data("tzaar/public.txt");
	ck_assert_ptr_nonnull(in);
	int games = 0;
	char *line;
	while ((line = testutil_read_line(in)) != NULL) {
		char *f[MAX_FIELDS];
		ck_assert_int_eq(split_tabs(line, f), 6);
		replay_game(f, ++games);
		free(line);
	}
	fclose(in);
	ck_assert_int_eq(games, 200);
}
END_TEST

START_TEST(test_perft_standard)
{
	FILE *in = testutil_open_data("tzaar/perft-standard.txt");
	ck_assert_ptr_nonnull(in);
	struct game_pos start;
	ops->init(&start, &(struct game_setup){.seed = 0});
	const int max_depth = 4, max_walk = 3;
	game_move moves[GAME_MAX_MOVES];
	int checked = 0, openings = 0;
	char *line;
	while ((line = testutil_read_line(in)) != NULL) {
		int depth;
		uint64_t want, full;
		char mv[16];
		int caps;
		if (sscanf(line, "perft %d %" SCNu64, &depth, &want) == 2 &&
		    depth <= max_depth) {
			uint64_t got = perft_count(ops, &start, depth, 1);
			ck_assert_msg(got == want,
			              "perft(%d) = %" PRIu64 ", want %" PRIu64,
			              depth, got, want);
			if (depth <= max_walk)
				ck_assert(perft_walk(ops, &start, depth) ==
				          want);
			checked++;
		} else if (sscanf(line, "opening %15s %d %" SCNu64, mv, &caps,
		                  &full) == 3) {
			/* Black's captures and full turns after each opening:
			 * perft 1 and 2 below it. */
			struct game_pos pos = start;
			game_move m;
			char err[128];
			ck_assert(
			        ops->parse_move(&pos, mv, &m, err, sizeof err));
			ops->play(&pos, m);
			ck_assert_int_eq(ops->gen_moves(&pos, moves), caps);
			ck_assert(ops->perft(&pos, 2) == full);
			openings++;
		}
		free(line);
	}
	fclose(in);
	ck_assert_int_eq(checked, max_depth);
	ck_assert_int_eq(openings, 42);
}
END_TEST

START_TEST(test_perft_positions)
{
	FILE *in = testutil_open_data("tzaar/perft-positions.txt");
	ck_assert_ptr_nonnull(in);
	int positions = 0;
	char *line;
	while ((line = testutil_read_line(in)) != NULL) {
		char *f[MAX_FIELDS], text[GAME_TEXT_MAX];
		ck_assert_int_eq(split_tabs(line, f), 4);
		snprintf(text, sizeof text, "%s %s %s", f[0], f[1], f[2]);
		struct game_pos pos;
		load_pos(&pos, text);
		char *save = NULL;
		char *c = strtok_r(f[3], " ", &save);
		for (int depth = 1; c != NULL; depth++) {
			uint64_t want = strtoull(c, NULL, 10);
			uint64_t got = perft_count(ops, &pos, depth, 1);
			ck_assert_msg(got == want,
			              "%s: perft(%d) = %" PRIu64
			              ", want %" PRIu64,
			              text, depth, got, want);
			if (depth <= 2)
				ck_assert(perft_walk(ops, &pos, depth) == want);
			c = strtok_r(NULL, " ", &save);
		}
		positions++;
		free(line);
	}
	fclose(in);
	ck_assert_int_eq(positions, 30);
}
END_TEST

/* Plays a uniformly random game from pos, calling visit before each move;
 * returns the number of sub-moves played. */
static int
random_game(struct game_pos *pos, struct rng *r,
            void (*visit)(const struct game_pos *, game_move))
{
	game_move moves[GAME_MAX_MOVES];
	int plies = 0, n;
	while ((n = ops->gen_moves(pos, moves)) > 0) {
		game_move m = moves[rng_below(r, (uint32_t)n)];
		if (visit != NULL)
			visit(pos, m);
		ops->play(pos, m);
		check_hash(pos, "random game");
		plies++;
	}
	return plies;
}

/* Fast perft and the generic walk must agree wherever games go, near
 * their ends too (finished games are leaves of their own). */
static void
visit_fast_vs_walk(const struct game_pos *pos, game_move m)
{
	(void)m;
	int depth = tzaar_empty_cells(tzaar_of_const(pos)) > 30 ? 3 : 2;
	uint64_t fast = ops->perft(pos, depth),
	         walk = perft_walk(ops, pos, depth);
	if (fast != walk) {
		char text[GAME_TEXT_MAX];
		ops->format_pos(pos, text, sizeof text);
		ck_abort_msg("%s: fast perft(%d) %" PRIu64 " != walk %" PRIu64,
		             text, depth, fast, walk);
	}
}

/* Random games from the set-ups of seeds 0..games-1, moves drawn from
 * rng seed, visit called before each move. */
static void
random_games(uint64_t seed, int games,
             void (*visit)(const struct game_pos *, game_move))
{
	struct rng r;
	rng_seed(&r, seed);
	for (int g = 0; g < games; g++) {
		struct game_pos pos;
		ops->init(&pos, &(struct game_setup){.seed = (uint64_t)g});
		random_game(&pos, &r, visit);
	}
}

START_TEST(test_fast_perft_matches_walk)
{
	random_games(7, 6, visit_fast_vs_walk);
}
END_TEST

/* A position string reads back to the same position and hash. */
static void
round_trip_pos(const struct game_pos *pos)
{
	char text[GAME_TEXT_MAX], again[GAME_TEXT_MAX];
	ops->format_pos(pos, text, sizeof text);
	struct game_pos copy;
	load_pos(&copy, text);
	ops->format_pos(&copy, again, sizeof again);
	ck_assert_str_eq(again, text);
	ck_assert(ops->hash(&copy) == ops->hash(pos));
	ck_assert(memcmp(copy.bytes, pos->bytes, sizeof(struct tzaar_pos)) ==
	          0);
	struct game_status a, b;
	ops->status(pos, &a);
	ops->status(&copy, &b);
	ck_assert_int_eq(a.outcome, b.outcome);
}

/* Every generated move prints and reads back, and so does the position. */
static void
visit_round_trip(const struct game_pos *pos, game_move m)
{
	char text[GAME_TEXT_MAX], err[256];
	game_move back;
	ops->format_move(pos, m, text, sizeof text);
	ck_assert_msg(ops->parse_move(pos, text, &back, err, sizeof err),
	              "%s: %s", text, err);
	ck_assert_uint_eq(back, m);
	round_trip_pos(pos);
}

START_TEST(test_round_trips)
{
	struct rng r;
	rng_seed(&r, 11);
	for (int g = 0; g < RANDOM_GAMES; g++) {
		struct game_pos pos;
		ops->init(&pos, &(struct game_setup){.seed = (uint64_t)g * 3});
		random_game(&pos, &r, visit_round_trip);
		round_trip_pos(&pos);
	}
}
END_TEST

START_TEST(test_random_setup)
{
	static const int per_type[TZAAR_TYPES] = {6, 9, 15};
	struct game_pos std, a, b;
	char text[GAME_TEXT_MAX], other[GAME_TEXT_MAX];
	ops->init(&std, &(struct game_setup){.seed = 0});
	ops->format_pos(&std, text, sizeof text);
	ck_assert_str_eq(text, "ccccCCbbbBCCBaaABCCBAcCABCCBACcabccbacCabccbaAA"
	                       "bccbBBBccCCCC w open");
	ops->init(&std, NULL);
	ops->format_pos(&std, other, sizeof other);
	ck_assert_str_eq(other, text);
	for (uint64_t seed = 1; seed <= 100; seed++) {
		ops->init(&a, &(struct game_setup){.seed = seed});
		ops->init(&b, &(struct game_setup){.seed = seed});
		ops->format_pos(&a, text, sizeof text);
		ops->format_pos(&b, other, sizeof other);
		ck_assert_str_eq(text, other);
		const struct tzaar_pos *p = tzaar_of_const(&a);
		ck_assert_int_eq(tzaar_empty_cells(p), 0);
		for (int s = 0; s < 2; s++)
			for (int t = 0; t < TZAAR_TYPES; t++)
				ck_assert_int_eq(tzaar_popcount(p->top[s][t]),
				                 per_type[t]);
		ck_assert_int_eq(p->side, TZAAR_WHITE);
		ck_assert_int_eq(p->phase, TZAAR_OPEN);
		ops->init(&b, &(struct game_setup){.seed = seed + 1});
		ops->format_pos(&b, other, sizeof other);
		ck_assert_str_ne(text, other);
	}
}
END_TEST

START_TEST(test_hash_covers_turn)
{
	struct game_pos a, b;
	const char *board = "ccccCCbbbBCCBaaABCCBAcCABCCBACcabccbacCabccbaAA"
	                    "bccbBBBccCCCC";
	char text[GAME_TEXT_MAX];
	snprintf(text, sizeof text, "%s w cap", board);
	load_pos(&a, text);
	snprintf(text, sizeof text, "%s w second", board);
	load_pos(&b, text);
	ck_assert(ops->hash(&a) != ops->hash(&b));
	snprintf(text, sizeof text, "%s b cap", board);
	load_pos(&b, text);
	ck_assert(ops->hash(&a) != ops->hash(&b));
}
END_TEST

/* End-of-game rules the random games reach only by chance. */
START_TEST(test_end_rules)
{
	struct game_pos pos;
	struct game_status st;
	game_move m, moves[GAME_MAX_MOVES];
	char err[256];
	/* Capturing Black's last Tzaar with the first sub-move ends the game
	 * at once: no second sub-move. */
	sparse_pos(&pos, "A1:A B1:B C1:C A2:a A5:b I3:c", "w cap");
	ck_assert(ops->parse_move(&pos, "A1xA2", &m, err, sizeof err));
	ops->play(&pos, m);
	ops->status(&pos, &st);
	ck_assert_int_eq(st.outcome, OUTCOME_P1_WINS);
	ck_assert_str_eq(st.reason, "type captured");
	ck_assert_int_eq(ops->gen_moves(&pos, moves), 0);
	ck_assert(ops->perft(&pos, 3) == 0 && perft_walk(ops, &pos, 3) == 0);
	/* Burying your own last Tzaar is legal and loses at once. */
	sparse_pos(&pos, "A1:A B1:B C1:C A3:C A5:a I5:b I3:c", "w second");
	ck_assert_msg(ops->parse_move(&pos, "A1+B1", &m, err, sizeof err), "%s",
	              err);
	ops->play(&pos, m);
	ops->status(&pos, &st);
	ck_assert_int_eq(st.outcome, OUTCOME_P2_WINS);
	ck_assert_str_eq(st.reason, "type buried");
	/* The position string alone says the same. */
	char text[GAME_TEXT_MAX];
	ops->format_pos(&pos, text, sizeof text);
	load_pos(&pos, text);
	ops->status(&pos, &st);
	ck_assert_str_eq(st.reason, "type buried");
	/* No capture at the start of a turn loses; the second sub-move never
	 * needs one. */
	sparse_pos(&pos, "A1:A B1:B C1:C I5:a2 I4:b2 I3:c2", "w cap");
	ops->status(&pos, &st);
	ck_assert_int_eq(st.outcome, OUTCOME_P2_WINS);
	ck_assert_str_eq(st.reason, "no capture");
	ck_assert_int_eq(ops->gen_moves(&pos, moves), 0);
	sparse_pos(&pos, "A1:A B1:B C1:C I5:a2 I4:b2 I3:c2", "w second");
	ops->status(&pos, &st);
	ck_assert_int_eq(st.outcome, OUTCOME_ONGOING);
	ck_assert_int_gt(ops->gen_moves(&pos, moves), 0);
}
END_TEST

struct illegal_case {
	const char *stacks, *turn, *move, *reason;
};

static const struct illegal_case ILLEGAL[] = {
        {NULL, "w open", "pass", "pass is only allowed as the second"},
        {NULL, "w open", "A1xA2", "holds a Black stack, not yours"},
        {NULL, "w open", "A5xA3", "blocked at A4"},
        {NULL, "w open", "E4xE6", "crosses the hole"},
        {NULL, "w open", "A5xC3", "not on one straight line"},
        {NULL, "w open", "B1+C1", "first sub-move of a turn must be a capture"},
        {NULL, "w open", "B1xC1", "your own stack: stacking is written B1+C1"},
        {NULL, "w open", "A5+A4", "enemy stack: a capture is written A5xA4"},
        {NULL, "w open", "A5xA5", "onto its own space"},
        {"A1:A B1:B C1:C A3:C2 A5:b3 A2:a I5:a I3:c", "w cap", "A3xA5",
         "target too tall"},
        {"A1:A B1:B C1:C A3:C2 A5:b3 A2:a I5:a I3:c", "w cap", "A3xA4",
         "A4 is empty"},
        {"A1:A B1:B C1:C A3:C2 A5:b3 A2:a I5:a I3:c", "w cap", "D1xA1",
         "no stack on D1"},
        {"A1:A B1:B C1:C A3:C2 A5:b3 A2:a I5:a I3:c", "b second", "A2xA3",
         "target too tall"},
        {"A1:A B1:B C1:C I5:a2 I4:b2 I3:c2", "w cap", "A1xA2",
         "the game is over (Black won: no capture)"},
        {"A1:A B1:B C1:C A2:b I5:b I3:c", "b cap", "pass",
         "the game is over (White won: type captured)"},
        {NULL, "w open", "E5xE4", "E5 is the hole"},
        {NULL, "w open", "J1xA1", "malformed"},
        {NULL, "w open", "A6xA1", "off the board"},
        {NULL, "w open", "A1A2", "expected x, + or -"},
        {NULL, "w open", "A1xA2x", "unexpected"},
        {NULL, "w open", "", "empty"},
        {NULL, "w open", "x", "malformed"},
        {NULL, "w open", "A", "expected a row"},
        {NULL, "w open", "passpasspasspasspass", "too long"},
};

START_TEST(test_illegal_moves)
{
	const struct illegal_case *c = &ILLEGAL[_i];
	struct game_pos pos;
	if (c->stacks == NULL) {
		char text[GAME_TEXT_MAX];
		snprintf(text, sizeof text, "%s %s", TZAAR_STANDARD_BOARD,
		         c->turn);
		load_pos(&pos, text);
	} else {
		sparse_pos(&pos, c->stacks, c->turn);
	}
	game_move m;
	char err[256] = "";
	ck_assert_msg(!ops->parse_move(&pos, c->move, &m, err, sizeof err),
	              "%s accepted", c->move);
	ck_assert_msg(strstr(err, c->reason) != NULL, "%s: '%s' lacks '%s'",
	              c->move, err, c->reason);
}
END_TEST

START_TEST(test_accepted_spellings)
{
	struct game_pos pos;
	ops->init(&pos, NULL);
	game_move a, b;
	char err[256], text[32];
	ck_assert(ops->parse_move(&pos, "A5xA4", &a, err, sizeof err));
	ck_assert(ops->parse_move(&pos, " a5 - a4 ", &b, err, sizeof err));
	ck_assert_uint_eq(a, b);
	ops->play(&pos, a);
	ck_assert(ops->parse_move(&pos, "PASS", &a, err, sizeof err) == false);
	ck_assert(ops->parse_move(&pos, "A3-A4", &a, err, sizeof err));
	ops->format_move(&pos, a, text, sizeof text);
	ck_assert_str_eq(text, "A3xA4");
	ops->play(&pos, a);
	ck_assert(ops->parse_move(&pos, "a2-A4", &b, err, sizeof err));
	ops->format_move(&pos, b, text, sizeof text);
	ck_assert_str_eq(text, "A2+A4");
	ck_assert(ops->parse_move(&pos, "Pass", &b, err, sizeof err));
	ck_assert_uint_eq(b, TZAAR_MOVE_PASS_VALUE);
}
END_TEST

static const char *const BAD_POSITIONS[][2] = {
        {"", "board ends"},
        {"cccc w open", "board ends at A5"},
        {"ccccCCbbbBCCBaaABCCBAcCABCCBACcabccbacCabccbaAAbccbBBBccCCCC",
         "side"},
        {"ccccCCbbbBCCBaaABCCBAcCABCCBACcabccbacCabccbaAAbccbBBBccCCCC x open",
         "side to move"},
        {"ccccCCbbbBCCBaaABCCBAcCABCCBACcabccbacCabccbaAAbccbBBBccCCCC w cup",
         "phase"},
        {"ccccCCbbbBCCBaaABCCBAcCABCCBACcabccbacCabccbaAAbccbBBBccCCCC b open",
         "White's first turn"},
        {"ccccCCbbbBCCBaaABCCBAcCABCCBACcabccbacCabccbaAAbccbBBBccCCCC w cap x",
         "unexpected text"},
        {"ccccCCbbbBCCBaaABCCBAcCABCCBACcabccbacCabccbaAAbccbBBBccCCCCc w cap",
         "more than 60"},
        {"ccccCCbbbBCCBaaABCCBAcCABCCBACcabccbacCabccbaAAbccbBBBccCCCd w cap",
         "space I5: unexpected 'd'"},
        {"c0cccCCbbbBCCBaaABCCBAcCABCCBACcabccbacCabccbaAAbccbBBBccCCCC w cap",
         "height"},
        {"c99cccCCbbbBCCBaaABCCBAcCABCCBACcabccbacCabccbaAAbccbBBBccCCCC w cap",
         "height"},
        {"c2cccCCbbbBCCBaaABCCBAcCABCCBACcabccbacCabccbaAAbccbBBBccCCCC w cap",
         "31 pieces"},
        {"aaaaaaaBCc.................................................. w cap",
         "7 Tzaars"},
        {"AB.......................................................... w cap",
         "both players"},
};

START_TEST(test_bad_positions)
{
	struct game_pos pos;
	char err[256] = "";
	ck_assert_msg(
	        !ops->parse_pos(&pos, BAD_POSITIONS[_i][0], err, sizeof err),
	        "accepted %s", BAD_POSITIONS[_i][0]);
	ck_assert_msg(strstr(err, BAD_POSITIONS[_i][1]) != NULL,
	              "'%s' lacks '%s'", err, BAD_POSITIONS[_i][1]);
}
END_TEST

/* Random and mutated text never crashes the readers (ASan watches). */
START_TEST(test_fuzz_text)
{
	static const char alphabet[] = "abcABCxX+-. 0123456789wopenscapEIij\t";
	struct rng r;
	rng_seed(&r, 99);
	struct game_pos pos;
	ops->init(&pos, NULL);
	char base[GAME_TEXT_MAX], text[GAME_TEXT_MAX], err[64];
	ops->format_pos(&pos, base, sizeof base);
	for (int k = 0; k < 20000; k++) {
		size_t len = rng_below(&r, 12);
		for (size_t i = 0; i < len; i++)
			text[i] = alphabet[rng_below(&r, sizeof alphabet - 1)];
		text[len] = '\0';
		game_move m;
		if (ops->parse_move(&pos, text, &m, err, sizeof err))
			ck_assert(TZAAR_MOVE_KIND(m) == TZAAR_CAPTURE);
		/* A position string with a few characters changed. */
		snprintf(text, sizeof text, "%s", base);
		size_t n = strlen(text);
		for (int j = 0; j < 3; j++)
			text[rng_below(&r, (uint32_t)n)] =
			        alphabet[rng_below(&r, sizeof alphabet - 1)];
		text[rng_below(&r, (uint32_t)n + 1)] = '\0';
		struct game_pos p2;
		if (ops->parse_pos(&p2, text, err, sizeof err))
			check_hash(&p2, text);
	}
}
END_TEST

START_TEST(test_evaluate_and_noisy)
{
	struct game_pos pos;
	ops->init(&pos, NULL);
	/* The layout is symmetric: only the mover's tempo counts (the
	 * search's evaluation, games/tzaar-eval.c, favours the side to move).
	 */
	ck_assert_int_gt(ops->evaluate(&pos), 0);
	/* White's Tott of height 2 outgrows everything; with Black to move,
	 * Black's Tzaar on A5 takes White's last Tzaar on A1 at once. */
	const char *stacks = "A1:A B1:B C1:C2 D1:C A5:a I5:b I3:c";
	sparse_pos(&pos, stacks, "w cap");
	ck_assert_int_gt(ops->evaluate(&pos), 0);
	sparse_pos(&pos, stacks, "b cap");
	ck_assert_int_gt(ops->evaluate(&pos), 0);
	game_move moves[GAME_MAX_MOVES];
	ops->init(&pos, NULL);
	ops->play(&pos, TZAAR_MOVE(tzaar_cell_at(0, 5), tzaar_cell_at(0, 4),
	                           TZAAR_CAPTURE));
	ops->play(&pos, TZAAR_MOVE(tzaar_cell_at(0, 3), tzaar_cell_at(0, 4),
	                           TZAAR_CAPTURE));
	int n = ops->gen_moves(&pos, moves), noisy = 0;
	for (int i = 0; i < n; i++) {
		bool capture = TZAAR_MOVE_KIND(moves[i]) == TZAAR_CAPTURE;
		ck_assert(ops->is_noisy(&pos, moves[i]) == capture);
		/* Captures come first: each follows only captures. */
		ck_assert(!capture || noisy == i);
		noisy += capture;
	}
	ck_assert_int_gt(noisy, 0);
	ck_assert_int_lt(noisy, n);
	ck_assert_uint_eq(moves[n - 1], TZAAR_MOVE_PASS_VALUE);
}
END_TEST

/* Late move reductions stop where a type of either side is down to its
 * last stack, whoever is to move. */
START_TEST(test_tense)
{
	struct game_pos pos;
	sparse_pos(
	        &pos,
	        "A1:A A2:A B1:B B2:B C1:C C2:C I5:a I4:a I3:b I2:b H1:c H2:c",
	        "w cap");
	ck_assert(!ops->tense(&pos));
	sparse_pos(&pos,
	           "A1:A A2:A B1:B B2:B C1:C C2:C I5:a I4:a I3:b I2:b H1:c",
	           "w cap");
	ck_assert(ops->tense(&pos));
	sparse_pos(&pos,
	           "A1:A B1:B B2:B C1:C C2:C I5:a I4:a I3:b I2:b H1:c H2:c",
	           "b second");
	ck_assert(ops->tense(&pos));
}
END_TEST

/* Where the search brings in its endgame solver (man page: "Endgames"):
 * positions of one game at 31 and 30 stacks, and of another at 21 and
 * 20. */
START_TEST(test_endgame_stages)
{
	static const struct {
		const char *text;
		bool near_end, solvable;
	} stages[] = {
	        {"..B.c....cCBBc..ccBc....C.ccB...bCCc..b.A6cC..CCa3B...b3cC.."
	         "..a3 b cap",
	         false, false},
	        {"..B.c....cCBBc..ccBc....C.ccB...bCCc..b.A6cC..CCa3B...b3.c.."
	         "..a3 b second",
	         true, false},
	        {"a2..C...Cb4CB.....BC....a3..A2bc....c.B....A2C.....C2......c."
	         "."
	         "A5.bc2 w cap",
	         true, false},
	        {"a2..C...Cb4CB......C....a3..A2bc....B.B....A2C.....C2......c."
	         "."
	         "A5.bc2 w second",
	         true, true},
	};
	struct game_pos pos;
	ops->init(&pos, NULL);
	ck_assert(!ops->near_end(&pos) && !ops->solvable(&pos));
	ck_assert(!ops->tense(&pos));
	for (size_t i = 0; i < sizeof stages / sizeof stages[0]; i++) {
		load_pos(&pos, stages[i].text);
		ck_assert_msg(ops->near_end(&pos) == stages[i].near_end &&
		                      ops->solvable(&pos) == stages[i].solvable,
		              "%s", stages[i].text);
	}
}
END_TEST

/* The same position with the colours swapped (and the side to move). */
static void
swap_colours(const struct game_pos *pos, struct game_pos *out)
{
	char text[GAME_TEXT_MAX];
	ops->format_pos(pos, text, sizeof text);
	char *space = strchr(text, ' ');
	ck_assert_ptr_nonnull(space);
	for (char *c = text; c < space; c++) {
		if (isalpha((unsigned char)*c))
			*c = (char)(isupper((unsigned char)*c)
			                    ? tolower((unsigned char)*c)
			                    : toupper((unsigned char)*c));
	}
	space[1] = space[1] == 'w' ? 'b' : 'w';
	load_pos(out, text);
}

START_TEST(test_evaluate_colour_blind)
{
	/* Along random games, swapping the colours of every stack and the
	 * side to move leaves the mover's score unchanged. */
	struct rng r;
	rng_seed(&r, 2024);
	game_move moves[GAME_MAX_MOVES];
	for (int game = 0; game < 4; game++) {
		struct game_pos pos, swapped;
		struct game_setup setup = {.seed = (uint64_t)game + 1};
		ops->init(&pos, &setup);
		int n;
		while ((n = ops->gen_moves(&pos, moves)) > 0) {
			ops->play(&pos, moves[rng_below(&r, (uint32_t)n)]);
			if (tzaar_of_const(&pos)->phase == TZAAR_SECOND)
				continue;
			struct game_status st;
			ops->status(&pos, &st);
			if (st.outcome != OUTCOME_ONGOING)
				break;
			swap_colours(&pos, &swapped);
			ck_assert_int_eq(ops->evaluate(&pos),
			                 ops->evaluate(&swapped));
		}
	}
}
END_TEST

/* The evaluation with one named weight set to 1 and the others 0. */
static int
eval_only(const char *weight, const char *stacks, const char *turn)
{
	int w[TZAAR_EVAL_WEIGHTS] = {0};
	char text[64];
	snprintf(text, sizeof text, "%s=1", weight);
	ck_assert(tzaar_eval_parse_weights(text, w));
	struct game_pos pos;
	sparse_pos(&pos, stacks, turn);
	return tzaar_eval_with(&pos, w);
}

START_TEST(test_evaluate_terms)
{
	/* A type is safe only when strictly taller than every enemy stack:
	 * White's Tzaar of height 2 is not, against Black's Tzarra of 2. */
	ck_assert_int_eq(
	        eval_only("safe", "A1:A2 B1:B C1:C I5:b2 I4:a I3:c", "w cap"),
	        0);
	ck_assert_int_eq(
	        eval_only("safe", "A1:A3 B1:B C1:C I5:b2 I4:a I3:c", "w cap"),
	        1);
	ck_assert_int_eq(
	        eval_only("safe", "A1:A3 B1:B C1:C I5:b2 I4:a I3:c", "b cap"),
	        -1);
	/* Heights: one stack of 2 and one of 3 for White, one of 2 for
	 * Black. */
	const char *tall = "A1:A2 B1:B3 C1:C I5:b2 I4:a I3:c";
	ck_assert_int_eq(eval_only("height2", tall, "w cap"), 0);
	ck_assert_int_eq(eval_only("height3", tall, "w cap"), 1);
	ck_assert_int_eq(eval_only("tall_of_type", tall, "w cap"), 1);
	/* Stacks of a type: White holds three Totts, Black one. */
	const char *totts = "A1:A B1:B C1:C C2:C D1:C I5:b I4:a I3:c";
	ck_assert_int_eq(eval_only("type_third", totts, "w cap"), 1);
	ck_assert_int_eq(eval_only("type_first", totts, "w cap"), 0);
	ck_assert_int_eq(eval_only("to_move", totts, "b cap"), 1);
	/* In the middle of a turn the tempo is to_move_second's. */
	ck_assert_int_eq(eval_only("to_move", totts, "b second"), 0);
	ck_assert_int_eq(eval_only("to_move_second", totts, "b second"), 1);
	ck_assert_int_eq(eval_only("to_move_second", totts, "w cap"), 0);
	/* The side to move's tempo, and nothing else, in the start. */
	int w[TZAAR_EVAL_WEIGHTS];
	tzaar_eval_default_weights(w);
	ck_assert(tzaar_eval_parse_weights("to_move=7,safe=-3", w));
	ck_assert_int_eq(tzaar_eval_weight_index("to_move", 7),
	                 TZAAR_EVAL_WEIGHTS - 2);
	ck_assert_int_eq(tzaar_eval_weight_index("to_move_second", 14),
	                 TZAAR_EVAL_WEIGHTS - 1);
	ck_assert_int_eq(tzaar_eval_weight_index("to_mov", 6), -1);
	ck_assert(!tzaar_eval_parse_weights("no_such_weight=1", w));
	ck_assert(!tzaar_eval_parse_weights("safe=", w));
	ck_assert(!tzaar_eval_parse_weights("safe=3x", w));
	ck_assert(!tzaar_eval_parse_weights("safe", w));
	ck_assert_int_eq(w[TZAAR_EVAL_WEIGHTS - 2], 7);
}
END_TEST

/* The enemy stacks colour could take, found the slow way: from each own
 * stack along all six lines. */
static int
targets_walked(const struct tzaar_pos *p, int colour)
{
	const struct tzaar_geometry *g = tzaar_geometry();
	uint64_t occ = p->own[0] | p->own[1], found = 0;
	for (int from = 0; from < TZAAR_CELLS; from++) {
		if (!(p->own[colour] >> from & 1))
			continue;
		for (int d = 0; d < TZAAR_DIRS; d++) {
			int to = tzaar_first_on_ray(g, from, d, occ);
			if (to >= 0 && (p->own[colour ^ 1] >> to & 1) &&
			    p->height[to] <= p->height[from])
				found |= UINT64_C(1) << to;
		}
	}
	return tzaar_popcount(found);
}

/* The evaluation finds each pair of facing stacks once, along half the
 * lines: its targets must be those of a walk along all of them. */
static void
visit_targets(const struct game_pos *pos, game_move m)
{
	(void)m;
	int w[TZAAR_EVAL_WEIGHTS] = {0};
	ck_assert(tzaar_eval_parse_weights("target=1", w));
	const struct tzaar_pos *p = tzaar_of_const(pos);
	int want = targets_walked(p, p->side) - targets_walked(p, p->side ^ 1);
	ck_assert_int_eq(tzaar_eval_with(pos, w), want);
}

START_TEST(test_evaluate_targets)
{
	random_games(23, 20, visit_targets);
}
END_TEST

/* The search's score is the evaluation in weight units scaled to
 * centipawns (TZAAR_EVAL_UNITS_PER_CP), rounded to the nearest. */
START_TEST(test_evaluate_centipawns)
{
	int w[TZAAR_EVAL_WEIGHTS];
	tzaar_eval_default_weights(w);
	const char *const stacks[] = {
	        "A1:A3 B1:B C1:C I5:b2 I4:a I3:c",
	        "A1:A B1:B C1:C C2:C D1:C I5:b I4:a I3:c",
	        "A1:A2 B1:B3 C1:C I5:b2 I4:a I3:c",
	};
	for (size_t i = 0; i < sizeof stacks / sizeof stacks[0]; i++) {
		for (int t = 0; t < 2; t++) {
			struct game_pos pos;
			sparse_pos(&pos, stacks[i], t ? "b cap" : "w cap");
			int units = tzaar_eval_with(&pos, w);
			int cp = ops->evaluate(&pos);
			int err = units - cp * TZAAR_EVAL_UNITS_PER_CP;
			ck_assert_msg(2 * abs(err) <= TZAAR_EVAL_UNITS_PER_CP,
			              "%zu %d: %d units, %d cp", i, t, units,
			              cp);
			ck_assert_int_ne(units, 0);
		}
	}
}
END_TEST

START_TEST(test_render)
{
	struct game_pos pos;
	ops->init(&pos, NULL);
	char text[GAME_TEXT_MAX];
	ops->render_text(&pos, text, sizeof text);
	ck_assert_ptr_nonnull(strstr(text, "E9:c"));
	ck_assert_ptr_nonnull(strstr(text, "(  )"));
	ck_assert_ptr_nonnull(strstr(text, "White to move"));
	char small[40];
	ops->render_text(&pos, small, sizeof small);
	ck_assert_uint_lt(strlen(small), sizeof small);
}
END_TEST

static Suite *
tzaar_suite(void)
{
	Suite *s = suite_create("tzaar");
	TCase *oracle = tcase_create("oracle");
	tcase_set_timeout(oracle, 120);
	tcase_add_test(oracle, test_public_games);
	tcase_add_test(oracle, test_perft_standard);
	tcase_add_test(oracle, test_perft_positions);
	tcase_add_test(oracle, test_fast_perft_matches_walk);
	suite_add_tcase(s, oracle);
	TCase *rules = tcase_create("rules");
	tcase_add_test(rules, test_round_trips);
	tcase_add_test(rules, test_random_setup);
	tcase_add_test(rules, test_hash_covers_turn);
	tcase_add_test(rules, test_end_rules);
	tcase_add_loop_test(rules, test_illegal_moves, 0,
	                    (int)(sizeof ILLEGAL / sizeof ILLEGAL[0]));
	tcase_add_test(rules, test_accepted_spellings);
	tcase_add_loop_test(
	        rules, test_bad_positions, 0,
	        (int)(sizeof BAD_POSITIONS / sizeof BAD_POSITIONS[0]));
	tcase_add_test(rules, test_fuzz_text);
	tcase_add_test(rules, test_evaluate_and_noisy);
	tcase_add_test(rules, test_endgame_stages);
	tcase_add_test(rules, test_tense);
	tcase_add_test(rules, test_evaluate_colour_blind);
	tcase_add_test(rules, test_evaluate_terms);
	tcase_add_test(rules, test_evaluate_targets);
	tcase_add_test(rules, test_evaluate_centipawns);
	tcase_add_test(rules, test_render);
	suite_add_tcase(s, rules);
	return s;
}

int
main(void)
{
	return testutil_run_suite(tzaar_suite());
}
