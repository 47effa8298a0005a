/*
 * LittleGolem TZAAR records (man page "LittleGolem records"): point names
 * against tabula's spaces and lines, random games written in LittleGolem
 * form and read back, and the reader's messages on texts built here.  The
 * shared championship game and the hand-made files are tests/
 * littlegolem.test's.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "core/record-format.h"
#include "core/rng.h"
#include "games/games.h"
#include "games/tzaar-lg.h"
#include "games/tzaar.h"
#include "testutil.h"

static const struct {
	const char *point, *space;
} NAMES[] = {
        {"ko", "A1"}, {"ks", "A5"}, {"ok", "E1"}, {"os", "E9"}, {"sk", "I1"},
        {"so", "I5"}, {"np", "D5"}, {"mq", "C5"}, {"on", "E4"}, {"op", "E6"},
        {"po", "F5"}, {"no", "D4"}, {"pn", "F4"}, {"lq", "B4"},
};

START_TEST(test_point_names)
{
	char err[128], name[4], space[4];
	int cell = tzaar_lg_cell(NAMES[_i].point, err, sizeof err);
	ck_assert_msg(cell >= 0, "%s: %s", NAMES[_i].point, err);
	tzaar_cell_name(cell, space);
	ck_assert_msg(strcmp(space, NAMES[_i].space) == 0, "%s is %s, want %s",
	              NAMES[_i].point, space, NAMES[_i].space);
	tzaar_lg_name(cell, name);
	ck_assert_str_eq(name, NAMES[_i].point);
}
END_TEST

START_TEST(test_every_space_round_trips)
{
	char name[4], err[128];
	for (int cell = 0; cell < TZAAR_CELLS; cell++) {
		tzaar_lg_name(cell, name);
		ck_assert_msg(tzaar_lg_cell(name, err, sizeof err) == cell,
		              "space %d named %s reads back as another", cell,
		              name);
	}
}
END_TEST

/* The three axial steps of LittleGolem's coordinates are tabula's lines:
 * the neighbour one step along each is the first space of one of the
 * space's six rays. */
START_TEST(test_axes_are_lines)
{
	static const int STEPS[6][2] = {{1, 0},  {0, 1},  {1, -1},
	                                {-1, 0}, {0, -1}, {-1, 1}};
	const struct tzaar_geometry *g = tzaar_geometry();
	char name[4], next[3], err[128];
	for (int cell = 0; cell < TZAAR_CELLS; cell++) {
		tzaar_lg_name(cell, name);
		for (int s = 0; s < 6; s++) {
			next[0] = (char)(name[0] + STEPS[s][0]);
			next[1] = (char)(name[1] + STEPS[s][1]);
			next[2] = '\0';
			int n = tzaar_lg_cell(next, err, sizeof err);
			if (n < 0)
				continue; /* off the board or the hole */
			bool found = false;
			for (int d = 0; d < TZAAR_DIRS; d++) {
				uint64_t ray = g->ray[cell][d];
				int first = ray == 0 ? -1
				            : g->ray_up[d]
				                    ? tzaar_bit_low(ray)
				                    : tzaar_bit_high(ray);
				found |= first == n;
			}
			ck_assert_msg(found, "%s to %s is not a line", name,
			              next);
		}
	}
}
END_TEST

static const struct {
	const char *point, *why;
} BAD_POINTS[] = {
        {"oo", "'oo' is the hole in the centre"},
        {"kk", "'kk' is off the board (|x + y| is more than 4)"},
        {"ss", "'ss' is off the board (|x + y| is more than 4)"},
        {"zq", "'zq' is not a point (two letters, k to s)"},
        {"jo", "'jo' is not a point (two letters, k to s)"},
        {"ot", "'ot' is not a point (two letters, k to s)"},
};

START_TEST(test_bad_points)
{
	char err[128];
	ck_assert_int_lt(tzaar_lg_cell(BAD_POINTS[_i].point, err, sizeof err),
	                 0);
	ck_assert_str_eq(err, BAD_POINTS[_i].why);
}
END_TEST

/* A random game from seed: random set-up on odd seeds, to its end. */
static void
play_random_game(struct session *s, uint64_t seed)
{
	struct game_setup setup = {.seed = seed % 2 ? seed : 0};
	ck_assert(session_init(s, &tzaar_game, &setup));
	struct rng r;
	rng_seed(&r, seed);
	game_move moves[GAME_MAX_MOVES];
	int n;
	while ((n = tzaar_game.gen_moves(session_current(s), moves)) > 0)
		ck_assert(session_play(s, moves[rng_below(&r, (uint32_t)n)]));
}

static char *
write_littlegolem(const struct session *s, const struct record_meta *meta)
{
	FILE *f = tmpfile();
	ck_assert_ptr_nonnull(f);
	char err[256];
	ck_assert_msg(tzaar_lg_write(f, s, meta, err, sizeof err), "%s", err);
	long len = ftell(f);
	ck_assert_int_ge(len, 0);
	char *text = malloc((size_t)len + 1);
	ck_assert_ptr_nonnull(text);
	rewind(f);
	ck_assert_uint_eq(fread(text, 1, (size_t)len, f), (size_t)len);
	text[len] = '\0';
	fclose(f);
	return text;
}

START_TEST(test_random_games_round_trip)
{
	struct session s, back;
	struct record_meta meta, back_meta;
	record_meta_init(&meta);
	strcpy(meta.player1, "white ] name\\");
	play_random_game(&s, (uint64_t)_i + 1);
	char *text = write_littlegolem(&s, &meta);
	char err[256];
	ck_assert_msg(tzaar_lg_detect(text), "not recognised: %.80s", text);
	ck_assert_msg(testutil_record_read_text("lg", text, &back, &back_meta,
	                                        err, sizeof err),
	              "%s in %s", err, text);
	ck_assert_ptr_eq(back_meta.format, &tzaar_littlegolem);
	ck_assert_str_eq(back_meta.player1, meta.player1);
	ck_assert_uint_eq(back.ply, s.ply);
	for (size_t i = 0; i < s.ply; i++)
		ck_assert_msg(back.moves[i] == s.moves[i], "move %zu differs",
		              i + 1);
	char *again = write_littlegolem(&back, &back_meta);
	ck_assert_str_eq(again, text);
	free(again);
	free(text);
	record_meta_free(&back_meta);
	session_free(&back);
	session_free(&s);
}
END_TEST

/* A record the format cannot hold: nothing written, a reason given. */
START_TEST(test_unwritable_start)
{
	struct session s;
	struct game_setup setup = {0};
	ck_assert(session_init(&s, &tzaar_game, &setup));
	char err[256];
	game_move moves[GAME_MAX_MOVES];
	ck_assert_int_gt(tzaar_game.gen_moves(session_current(&s), moves), 0);
	ck_assert(session_play(&s, moves[0]));
	struct session later;
	ck_assert(session_copy(&later, &s, 1));
	char fen[GAME_TEXT_MAX];
	tzaar_game.format_pos(session_current(&s), fen, sizeof fen);
	ck_assert(session_set_fen(&later, fen, err, sizeof err));
	struct record_meta meta;
	record_meta_init(&meta);
	FILE *f = tmpfile();
	ck_assert_ptr_nonnull(f);
	ck_assert(!tzaar_lg_write(f, &later, &meta, err, sizeof err));
	ck_assert_int_eq(ftell(f), 0);
	ck_assert_msg(strstr(err, "White's opening capture") != NULL, "%s",
	              err);
	fclose(f);
	session_free(&later);
	session_free(&s);
}
END_TEST

static Suite *
littlegolem_suite(void)
{
	Suite *s = suite_create("littlegolem");
	TCase *points = tcase_create("points");
	tcase_add_loop_test(points, test_point_names, 0,
	                    (int)(sizeof NAMES / sizeof NAMES[0]));
	tcase_add_test(points, test_every_space_round_trips);
	tcase_add_test(points, test_axes_are_lines);
	tcase_add_loop_test(points, test_bad_points, 0,
	                    (int)(sizeof BAD_POINTS / sizeof BAD_POINTS[0]));
	suite_add_tcase(s, points);
	TCase *records = tcase_create("records");
	tcase_add_loop_test(records, test_random_games_round_trip, 0, 20);
	tcase_add_test(records, test_unwritable_start);
	suite_add_tcase(s, records);
	return s;
}

int
main(void)
{
	return testutil_run_suite(littlegolem_suite());
}
