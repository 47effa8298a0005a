/*
 * Tetress: the rules engine against the course referee's recorded games,
 * corner cases and perft counts, plus hand-made edge cases from the rules
 * text (wrap-around, line clears, the turn limit, ties, blocked players)
 * and every reason a move can be refused.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "core/perft.h"
#include "core/rng.h"
#include "core/session.h"
#include "games/games.h"
#include "games/tetress.h"
#include "testutil.h"

static const struct game_ops *const ops = &tetress_game;

enum { MAX_FIELDS = 8 };

/* Splits a tab-separated line in place; returns the field count. */
static int
split_tabs(char *line, char *fields[MAX_FIELDS])
{
	int n = 0;
	for (char *save = NULL, *f = strtok_r(line, "\t", &save);
	     f != NULL && n < MAX_FIELDS; f = strtok_r(NULL, "\t", &save))
		fields[n++] = f;
	return n;
}

static void
board_rows(const struct game_pos *pos, char *rows, size_t size)
{
	char text[GAME_TEXT_MAX];
	ops->format_pos(pos, text, sizeof text);
	char *space = strchr(text, ' ');
	ck_assert_ptr_nonnull(space);
	*space = '\0';
	snprintf(rows, size, "%s", text);
}

static const char *
outcome_name(enum game_outcome o)
{
	return o == OUTCOME_P1_WINS   ? "RED"
	       : o == OUTCOME_P2_WINS ? "BLUE"
	       : o == OUTCOME_DRAW    ? "DRAW"
	                              : "none";
}

static int
token_count(const struct game_pos *pos, int colour)
{
	return bb121_count(tetress_pos_of(pos)->cells[colour]);
}

/* Checks the incremental hash and line counts against those rebuilt from
 * the position text. */
static void
assert_hash_consistent(const struct game_pos *pos)
{
	char text[GAME_TEXT_MAX], err[256];
	struct game_pos copy;
	ops->format_pos(pos, text, sizeof text);
	ck_assert_msg(ops->parse_pos(&copy, text, err, sizeof err),
	              "round trip of '%s': %s", text, err);
	ck_assert_msg(ops->hash(&copy) == ops->hash(pos), "hash drift at '%s'",
	              text);
	const struct tetress_pos *p = tetress_pos_of(pos);
	const struct tetress_pos *q = tetress_pos_of(&copy);
	for (int colour = 0; colour < 2; colour++)
		ck_assert_msg(
		        p->row_tokens[colour] == q->row_tokens[colour] &&
		                p->col_tokens[colour] == q->col_tokens[colour],
		        "line count drift for colour %d at '%s'", colour, text);
	char again[GAME_TEXT_MAX];
	ops->format_pos(&copy, again, sizeof again);
	ck_assert_str_eq(again, text);
}

/* Replays every game of a converted oracle file; returns games checked. */
static int
replay_file(const char *name)
{
	FILE *f = testutil_open_data(name);
	ck_assert_ptr_nonnull(f);
	struct session s;
	ck_assert(session_init(&s, ops, NULL));
	char game[64] = "", result[16] = "", end[32] = "";
	int games = 0, ply = 0;
	char *line;
	while ((line = testutil_read_line(f)) != NULL) {
		char *fld[MAX_FIELDS];
		int n = split_tabs(line, fld);
		const struct game_pos *pos = session_current(&s);
		char err[256];
		if (n == 4 && strcmp(fld[0], "game") == 0) {
			session_reset(&s);
			snprintf(game, sizeof game, "%s", fld[1]);
			snprintf(result, sizeof result, "%s", fld[2]);
			snprintf(end, sizeof end, "%s", fld[3]);
			ply = 0;
			games++;
		} else if (n == 6 && strcmp(fld[0], "move") == 0) {
			game_move moves[GAME_MAX_MOVES];
			int count = ops->gen_moves(pos, moves);
			ck_assert_msg(count == atoi(fld[2]),
			              "%s ply %d: %d legal moves, want %s",
			              game, ply + 1, count, fld[2]);
			struct game_status st;
			ops->status(pos, &st);
			ck_assert_msg(st.outcome == OUTCOME_ONGOING,
			              "%s ply %d: over too early", game,
			              ply + 1);
			int before = token_count(pos, 0) + token_count(pos, 1);
			ck_assert_msg(
			        session_play_text(&s, fld[1], err, sizeof err),
			        "%s ply %d: %s refused: %s", game, ply + 1,
			        fld[1], err);
			char text[GAME_TEXT_MAX];
			ops->format_move(pos, s.moves[ply], text, sizeof text);
			ck_assert_str_eq(text, fld[1]);
			pos = session_current(&s);
			int cleared = before + 4 - token_count(pos, 0) -
			              token_count(pos, 1);
			ck_assert_msg(cleared == atoi(fld[3]),
			              "%s ply %d: cleared %d, want %s", game,
			              ply + 1, cleared, fld[3]);
			ck_assert_int_eq(token_count(pos, 0), atoi(fld[4]));
			ck_assert_int_eq(token_count(pos, 1), atoi(fld[5]));
			assert_hash_consistent(pos);
			ply++;
		} else if (n == 2 && strcmp(fld[0], "after") == 0) {
			game_move moves[GAME_MAX_MOVES];
			ck_assert_int_eq(ops->gen_moves(pos, moves),
			                 atoi(fld[1]));
		} else if (n == 3 && strcmp(fld[0], "probe") == 0) {
			game_move m;
			bool legal = ops->parse_move(pos, fld[1], &m, err,
			                             sizeof err);
			ck_assert_msg(legal == (strcmp(fld[2], "legal") == 0),
			              "%s probe %s: got %s (%s)", game, fld[1],
			              legal ? "legal" : "illegal",
			              legal ? "" : err);
		} else if (n == 2 && strcmp(fld[0], "final") == 0) {
			char rows[GAME_TEXT_MAX];
			board_rows(pos, rows, sizeof rows);
			ck_assert_msg(strcmp(rows, fld[1]) == 0,
			              "%s final board", game);
			struct game_status st;
			ops->status(pos, &st);
			ck_assert_msg(
			        strcmp(outcome_name(st.outcome), result) == 0,
			        "%s: result %s, want %s", game,
			        outcome_name(st.outcome), result);
			const char *reason =
			        st.reason == NULL ? "none"
			        : strcmp(st.reason, "turn limit") == 0
			                ? "turn_limit"
			                : "blocked";
			ck_assert_msg(strcmp(reason, end) == 0,
			              "%s: end %s, want %s", game, reason, end);
		} else {
			ck_abort_msg("%s: bad test data line", name);
		}
		free(line);
	}
	fclose(f);
	session_free(&s);
	return games;
}

START_TEST(test_oracle_games)
{
	ck_assert_int_eq(replay_file("tetress/games.txt"), 201);
}
END_TEST

START_TEST(test_oracle_corner_cases)
{
	ck_assert_int_eq(replay_file("tetress/corner.txt"), 3);
}
END_TEST

/* Perft from the oracle's positions; the fast and the generic count must
 * both agree with it (the generic walk only where it is quick). */
START_TEST(test_oracle_perft)
{
	FILE *f = testutil_open_data("tetress/perft.txt");
	ck_assert_ptr_nonnull(f);
	struct session s;
	ck_assert(session_init(&s, ops, NULL));
	char *line;
	int checked = 0;
	while ((line = testutil_read_line(f)) != NULL) {
		char *fld[MAX_FIELDS], err[256];
		int n = split_tabs(line, fld);
		if (n == 4 && strcmp(fld[0], "game") == 0) {
			session_reset(&s);
		} else if (n == 6 && strcmp(fld[0], "move") == 0) {
			ck_assert_msg(
			        session_play_text(&s, fld[1], err, sizeof err),
			        "%s", err);
		} else if (n == 4 && strcmp(fld[0], "perft") == 0) {
			int depth = atoi(fld[2]);
			uint64_t want = strtoull(fld[3], NULL, 10);
			if (depth >= 3 && want > 200000000)
				goto next; /* depth 3 from the start: the
				              benchmark's */
			uint64_t got =
			        perft_count(ops, session_current(&s), depth, 2);
			ck_assert_msg(got == want,
			              "%s perft(%d) = %llu, want %llu", fld[1],
			              depth, (unsigned long long)got,
			              (unsigned long long)want);
			if (want < 100000) {
				got = perft_walk(ops, session_current(&s),
				                 depth);
				ck_assert_msg(got == want, "%s walk(%d) = %llu",
				              fld[1], depth,
				              (unsigned long long)got);
			}
			checked++;
		}
	next:
		free(line);
	}
	fclose(f);
	session_free(&s);
	ck_assert_int_ge(checked, 20);
}
END_TEST

START_TEST(test_perft_start)
{
	struct game_pos pos;
	ops->init(&pos, NULL);
	ck_assert_uint_eq(perft_count(ops, &pos, 1, 1), 2299);
	ck_assert_uint_eq(perft_count(ops, &pos, 2, 2), 4808298);
	ck_assert_uint_eq(perft_walk(ops, &pos, 1), 2299);
}
END_TEST

/* Builds a position from rows, side and action count, or fails the test. */
static void
pos_from(struct game_pos *pos, const char *text)
{
	char err[256];
	ck_assert_msg(ops->parse_pos(pos, text, err, sizeof err), "%s: %s",
	              text, err);
}

static void
assert_refused(const struct game_pos *pos, const char *move, const char *why)
{
	game_move m;
	char err[256] = "";
	ck_assert_msg(!ops->parse_move(pos, move, &m, err, sizeof err),
	              "'%s' accepted", move);
	ck_assert_msg(strstr(err, why) != NULL, "'%s': error '%s' lacks '%s'",
	              move, err, why);
}

static const char *const EMPTY_ROWS =
        ".........../.........../.........../.........../.........../"
        ".........../.........../.........../.........../.........../"
        "...........";

START_TEST(test_illegal_reasons)
{
	struct game_pos pos;
	char text[512];
	ops->init(&pos, NULL);
	assert_refused(&pos, "0-0,0-1,0-2,1-3", "do not form a tetromino");
	assert_refused(&pos, "0-0,0-0,0-1,0-2", "do not form a tetromino");
	assert_refused(&pos, "0-0,0-2,0-4,0-6", "do not form a tetromino");
	assert_refused(&pos, "0-0,0-1,0-2", "four cells");
	assert_refused(&pos, "0-0,0-1,0-2,0-3,0-4", "after four cells");
	assert_refused(&pos, "0-0,0-1,0-2,0-11", "cell 4");
	assert_refused(&pos, "x", "cell 1");
	assert_refused(&pos, "PLACE(0-0,0-1,0-2,0-3", "not closed");
	assert_refused(&pos, "", "cell 1");
	snprintf(text, sizeof text, "%s",
	         "rrrr......./.........../.........../"
	         ".........../.........../.........../.........../.........../"
	         ".........../.........../.....bbbb.. r 2");
	pos_from(&pos, text);
	assert_refused(&pos, "0-3,0-4,0-5,0-6", "occupied");
	assert_refused(&pos, "5-0,5-1,5-2,5-3", "touches a Red token");
	/* Touching only the opponent does not satisfy the neighbour rule. */
	assert_refused(&pos, "9-5,9-6,9-7,9-8", "touches a Red token");
	snprintf(text, sizeof text, "%s r 150", EMPTY_ROWS);
	pos_from(&pos, text);
	assert_refused(&pos, "0-0,0-1,0-2,0-3", "game is over");
}
END_TEST

START_TEST(test_accepted_spellings)
{
	struct game_pos pos;
	game_move a, b, c;
	char err[256], text[64];
	ops->init(&pos, NULL);
	ck_assert(
	        ops->parse_move(&pos, "7-4,6-3,7-2,7-3", &a, err, sizeof err));
	ck_assert(ops->parse_move(&pos, "PLACE(6-3, 7-2, 7-3, 7-4)", &b, err,
	                          sizeof err));
	ck_assert(ops->parse_move(&pos, " place( 7-3,7-4, 6-3,7-2 ) ", &c, err,
	                          sizeof err));
	ck_assert_uint_eq(a, b);
	ck_assert_uint_eq(a, c);
	ops->format_move(&pos, a, text, sizeof text);
	ck_assert_str_eq(text, "6-3,7-2,7-3,7-4");
	/* An O piece straddling both seams is one placement. */
	ck_assert(ops->parse_move(&pos, "10-10,0-0,10-0,0-10", &a, err,
	                          sizeof err));
	ops->format_move(&pos, a, text, sizeof text);
	ck_assert_str_eq(text, "0-0,0-10,10-0,10-10");
}
END_TEST

/* Play a move given by text on pos, failing the test if it is refused. */
static void
play_text(struct game_pos *pos, const char *move)
{
	game_move m;
	char err[256];
	ck_assert_msg(ops->parse_move(pos, move, &m, err, sizeof err), "%s: %s",
	              move, err);
	ops->play(pos, m);
}

START_TEST(test_row_and_column_cleared_together)
{
	/* Row 5 lacks only 5-5 and 5-6, column 5 only 5-5 and 6-5: the O
	 * piece at 5-5 completes both at once, and 21 cells go. */
	struct game_pos pos;
	char text[512];
	snprintf(text, sizeof text,
	         ".....b...../.....b...../.....b...../.....b...../.....b...../"
	         "rrrrr..rrrr/.........../.....b...../.....b...../.....b...../"
	         ".....b..... r 40");
	pos_from(&pos, text);
	play_text(&pos, "5-5,5-6,6-5,6-6");
	const struct tetress_pos *p = tetress_pos_of(&pos);
	ck_assert_int_eq(bb121_count(p->cells[0]), 1); /* 6-6 survives */
	ck_assert_int_eq(bb121_count(p->cells[1]), 0);
	ck_assert(bb121_has(p->cells[0], 6 * 11 + 6));
	assert_hash_consistent(&pos);
}
END_TEST

START_TEST(test_turn_limit_and_ties)
{
	struct game_pos pos;
	struct game_status st;
	char text[512];
	snprintf(text, sizeof text,
	         "rrr......../.........../.........../"
	         ".........../.........../.........../.........../.........../"
	         ".........../.........../........bbb r 150");
	pos_from(&pos, text);
	ops->status(&pos, &st);
	ck_assert_int_eq(st.outcome, OUTCOME_DRAW);
	ck_assert_str_eq(st.reason, "turn limit");
	game_move moves[GAME_MAX_MOVES];
	ck_assert_int_eq(ops->gen_moves(&pos, moves), 0);
	/* The 150th action ends the game by count, even mid-position. */
	snprintf(text, sizeof text,
	         "rrr......../.........../.........../"
	         ".........../.........../.........../.........../.........../"
	         ".........../.........../........bb. b 149");
	pos_from(&pos, text);
	ops->status(&pos, &st);
	ck_assert_int_eq(st.outcome, OUTCOME_ONGOING);
	play_text(&pos, "9-8,9-9,9-10,8-10");
	ops->status(&pos, &st);
	ck_assert_int_eq(st.outcome, OUTCOME_P2_WINS);
	ck_assert_str_eq(st.reason, "turn limit");
}
END_TEST

START_TEST(test_blocked_player_to_move_loses)
{
	/* Red has no token left (cleared away) and it is past the openings:
	 * Red is blocked and loses, even though Blue could not move either
	 * would it be Blue's turn. */
	struct game_pos pos;
	struct game_status st;
	char text[512];
	snprintf(text, sizeof text, "%s r 7", EMPTY_ROWS);
	pos_from(&pos, text);
	ops->status(&pos, &st);
	ck_assert_int_eq(st.outcome, OUTCOME_P2_WINS);
	ck_assert_str_eq(st.reason, "no legal move");
	snprintf(text, sizeof text, "%s b 8", EMPTY_ROWS);
	pos_from(&pos, text);
	ops->status(&pos, &st);
	ck_assert_int_eq(st.outcome, OUTCOME_P1_WINS);
	/* Openings: an empty board at action 0 or 1 is not blocked. */
	snprintf(text, sizeof text, "%s b 1", EMPTY_ROWS);
	pos_from(&pos, text);
	ops->status(&pos, &st);
	ck_assert_int_eq(st.outcome, OUTCOME_ONGOING);
}
END_TEST

START_TEST(test_wrap_neighbour_counts)
{
	/* Red's only token is at 0-0; a piece on row 10 touches it across the
	 * top/bottom seam, and one in column 10 across the left/right seam. */
	struct game_pos pos;
	char text[512];
	game_move m;
	char err[256];
	snprintf(text, sizeof text,
	         "r........../.........../.........../"
	         ".........../.........../.........../.........../.........../"
	         ".........../.........../.......bbbb r 4");
	pos_from(&pos, text);
	ck_assert_msg(ops->parse_move(&pos, "10-0,10-1,10-2,10-3", &m, err,
	                              sizeof err),
	              "%s", err);
	ck_assert_msg(ops->parse_move(&pos, "0-10,1-10,2-10,3-10", &m, err,
	                              sizeof err),
	              "%s", err);
	ck_assert(
	        !ops->parse_move(&pos, "1-1,1-2,1-3,1-4", &m, err, sizeof err));
}
END_TEST

START_TEST(test_bad_position_strings)
{
	struct game_pos pos;
	char err[256];
	const char *bad[] = {
	        "",
	        "x",
	        "........... r 0",
	        ".........../.........../.........../.........../.........../"
	        ".........../.........../.........../.........../.........../"
	        "........... x 0",
	        ".........../.........../.........../.........../.........../"
	        ".........../.........../.........../.........../.........../"
	        "........... r 151",
	        ".........../.........../.........../.........../.........../"
	        ".........../.........../.........../.........../.........../"
	        "..........q r 0",
	        "rrrrrrrrrrr/.........../.........../.........../.........../"
	        ".........../.........../.........../.........../.........../"
	        "........... r 0",
	        ".........../.........../.........../.........../.........../"
	        ".........../.........../.........../.........../.........../"
	        "............ r 0",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = '\0';
		ck_assert_msg(!ops->parse_pos(&pos, bad[i], err, sizeof err),
		              "accepted bad position %zu", i);
		ck_assert_msg(err[0] != '\0', "no reason for bad position %zu",
		              i);
	}
}
END_TEST

/* Random text never crashes the readers and never yields an illegal move. */
START_TEST(test_fuzz_readers)
{
	static const char alphabet[] = "0123456789-,/ rbPLACE().x";
	struct rng rng;
	rng_seed(&rng, 12345);
	struct game_pos pos, out;
	ops->init(&pos, NULL);
	char text[64], err[256];
	for (int round = 0; round < 20000; round++) {
		size_t len = rng_below(&rng, sizeof text - 1);
		for (size_t i = 0; i < len; i++)
			text[i] =
			        alphabet[rng_below(&rng, sizeof alphabet - 1)];
		text[len] = '\0';
		game_move m;
		if (ops->parse_move(&pos, text, &m, err, sizeof err))
			ck_assert_uint_lt(m, TETRESS_PLACEMENTS);
		(void)ops->parse_pos(&out, text, err, sizeof err);
	}
}
END_TEST

/* Random games: every generated move parses back to itself, the hash is
 * consistent, and noisy moves are exactly those that clear a line. */
START_TEST(test_random_games_consistency)
{
	struct rng rng;
	rng_seed(&rng, 99);
	for (int g = 0; g < 20; g++) {
		struct game_pos pos;
		ops->init(&pos, NULL);
		game_move moves[GAME_MAX_MOVES];
		int n;
		while ((n = ops->gen_moves(&pos, moves)) > 0) {
			game_move m = moves[rng_below(&rng, (uint32_t)n)], back;
			char text[64], err[256];
			ops->format_move(&pos, m, text, sizeof text);
			ck_assert_msg(ops->parse_move(&pos, text, &back, err,
			                              sizeof err),
			              "%s: %s", text, err);
			ck_assert_uint_eq(back, m);
			int before =
			        token_count(&pos, 0) + token_count(&pos, 1);
			bool noisy = ops->is_noisy(&pos, m);
			ops->play(&pos, m);
			int after = token_count(&pos, 0) + token_count(&pos, 1);
			ck_assert(noisy == (after < before + 4));
			assert_hash_consistent(&pos);
		}
		struct game_status st;
		ops->status(&pos, &st);
		ck_assert_int_ne(st.outcome, OUTCOME_ONGOING);
	}
}
END_TEST

static Suite *
tetress_suite(void)
{
	Suite *s = suite_create("tetress");
	TCase *oracle = tcase_create("oracle");
	tcase_set_timeout(oracle, 120);
	tcase_add_test(oracle, test_oracle_games);
	tcase_add_test(oracle, test_oracle_corner_cases);
	tcase_add_test(oracle, test_oracle_perft);
	tcase_add_test(oracle, test_perft_start);
	suite_add_tcase(s, oracle);
	TCase *rules = tcase_create("rules");
	tcase_add_test(rules, test_illegal_reasons);
	tcase_add_test(rules, test_accepted_spellings);
	tcase_add_test(rules, test_row_and_column_cleared_together);
	tcase_add_test(rules, test_turn_limit_and_ties);
	tcase_add_test(rules, test_blocked_player_to_move_loses);
	tcase_add_test(rules, test_wrap_neighbour_counts);
	tcase_add_test(rules, test_bad_position_strings);
	tcase_add_test(rules, test_fuzz_readers);
	tcase_add_test(rules, test_random_games_consistency);
	suite_add_tcase(s, rules);
	return s;
}

int
main(void)
{
	return testutil_run_suite(tetress_suite());
}
