/*
 * Infexion text forms: move notation and position strings read back what
 * they write, accept every documented spelling, refuse bad input with the
 * rule or the place that is wrong, and survive random and truncated input.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/infexion.h"
#include "ixtest.h"
#include "testutil.h"

static const struct game_ops *const ops = &infexion_game;

static void
visit_roundtrip(const struct game_pos *before, game_move m,
                const struct game_pos *after)
{
	char text[GAME_TEXT_MAX], again[GAME_TEXT_MAX], err[256] = "";
	struct game_pos parsed;
	ops->format_pos(after, text, sizeof text);
	ck_assert_msg(ops->parse_pos(&parsed, text, err, sizeof err), "%s: %s",
	              text, err);
	ck_assert(memcmp(infexion_cpos_of(&parsed), infexion_cpos_of(after),
	                 sizeof(struct infexion_pos)) == 0);
	ops->format_pos(&parsed, again, sizeof again);
	ck_assert_str_eq(text, again);
	/* The move's text reads back as the same move. */
	game_move back;
	ops->format_move(before, m, text, sizeof text);
	ck_assert_msg(ops->parse_move(before, text, &back, err, sizeof err),
	              "%s: %s", text, err);
	ck_assert_uint_eq(back, m);
}

START_TEST(test_text_roundtrip)
{
	struct rng rng;
	rng_seed(&rng, 7);
	struct game_pos pos;
	for (int g = 0; g < 20; g++)
		ixtest_random_game(&rng, &pos, INFEXION_MAX_TURNS,
		                   visit_roundtrip);
	char text[GAME_TEXT_MAX];
	ops->init(&pos, NULL);
	ops->format_pos(&pos, text, sizeof text);
	ck_assert_str_eq(text, "......./......./......./......./......./"
	                       "......./....... r 0");
}
END_TEST

/* Alternative spellings readers accept, with their canonical form. */
static const struct {
	const char *pos, *text, *canonical;
} ACCEPTED[] = {
        {NULL, "SPAWN(3,4)", "SPAWN(3,4)"},
        {NULL, "spawn(3, 4)", "SPAWN(3,4)"},
        {NULL, "  Spawn ( 3 ,4 )  ", "SPAWN(3,4)"},
        {NULL, "S P A W N(3,4)", "SPAWN(3,4)"},
        {"b1....../......./......./....r2../......./......./....... r 3",
         "SPREAD(3, 4, 1, -1)", "SPREAD(3,4,1,-1)"},
        {"b1....../......./......./....r2../......./......./....... r 3",
         "spread(3,4,+1,-1)", "SPREAD(3,4,1,-1)"},
        {"b1....../......./......./....r2../......./......./....... r 3",
         "SPREAD(3,4,-1,0)\n", "SPREAD(3,4,-1,0)"},
};

START_TEST(test_parse_accepted)
{
	struct game_pos pos;
	if (ACCEPTED[_i].pos == NULL)
		ops->init(&pos, NULL);
	else
		ixtest_set_pos(&pos, ACCEPTED[_i].pos);
	game_move m;
	char err[256] = "", text[64];
	ck_assert_msg(
	        ops->parse_move(&pos, ACCEPTED[_i].text, &m, err, sizeof err),
	        "'%s' rejected: %s", ACCEPTED[_i].text, err);
	ops->format_move(&pos, m, text, sizeof text);
	ck_assert_str_eq(text, ACCEPTED[_i].canonical);
}
END_TEST

/* The full board after a SPREAD freed (0,1): the total is still 49. */
#define P_FREED                                                                \
	"r1.b2b1r1b1r1/b1r1b1r1b1r1b1/r1b1r1b1r1b1r1/b1r1b1r1b1r1b1/"          \
	"r1b1r1b1r1b1r1/b1r1b1r1b1r1b1/r1b1r1b1r1b1r1"

/* Moves that must be refused, with a word the reason must contain. */
static const struct {
	const char *pos, *text, *reason;
} REJECTED[] = {
        /* rules */
        {IXTEST_FULL " b 49", "SPAWN(0,0)", "power limit"},
        {P_FREED " r 50", "SPAWN(0,1)", "power limit"},
        {IXTEST_TWO " r 2", "SPAWN(3,3)", "occupied"},
        {IXTEST_TWO " r 2", "SPREAD(3,3,0,1)", "not your stack"},
        {IXTEST_TWO " r 2", "SPREAD(0,0,0,1)", "not your stack"},
        {IXTEST_TWO " r 2", "SPREAD(3,4,1,1)", "bad direction"},
        {IXTEST_TWO " r 2", "SPREAD(3,4,0,0)", "bad direction"},
        {IXTEST_TWO " r 2", "SPREAD(3,4,2,-2)", "bad direction"},
        {IXTEST_TWO " r 343", "SPREAD(3,4,0,1)", "game over"},
        {"......./......./......./....r2../......./......./....... b 3",
         "SPAWN(0,0)", "game over"},
        {IXTEST_TWO " r 2", "SPAWN(7,0)", "off the board"},
        {IXTEST_TWO " r 2", "SPAWN(0,-1)", "off the board"},
        {IXTEST_TWO " r 2", "SPREAD(3,9,0,1)", "off the board"},
        /* malformed text */
        {IXTEST_EMPTY " r 0", "", "SPAWN or SPREAD at the end"},
        {IXTEST_EMPTY " r 0", "   ", "SPAWN or SPREAD"},
        {IXTEST_EMPTY " r 0", "PLACE(1,2)", "SPAWN or SPREAD at column 1"},
        {IXTEST_EMPTY " r 0", "SPAWNS(1,2)", "SPAWN or SPREAD at column 1"},
        {IXTEST_EMPTY " r 0", "SPAWN", "'(' at the end"},
        {IXTEST_EMPTY " r 0", "SPAWN[1,2]", "'(' at column 6"},
        {IXTEST_EMPTY " r 0", "SPAWN(1 2)", "expected ',' at column 10"},
        {IXTEST_EMPTY " r 0", "SPAWN(1;2)", "expected ',' at column 8"},
        {IXTEST_EMPTY " r 0", "SPAWN(1,)", "a number at column 9"},
        {IXTEST_EMPTY " r 0", "SPAWN(1,2", "')' at the end"},
        {IXTEST_EMPTY " r 0", "SPAWN(1,2))", "nothing more at column 11"},
        {IXTEST_EMPTY " r 0", "SPAWN(1,2,3,4)", "')' at column 10"},
        {IXTEST_EMPTY " r 0", "SPREAD(1,2)", "',' at column 11"},
        {IXTEST_EMPTY " r 0", "SPAWN(-,2)", "a number at column 8"},
        {IXTEST_EMPTY " r 0", "SPAWN(12345,2)", "number too long"},
        {IXTEST_EMPTY " r 0", "SPAWN(\x01,2)", "byte 0x01"},
        {IXTEST_EMPTY " r 0",
         "SPAWN(1,2)xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "longer than"},
};

START_TEST(test_parse_rejected)
{
	struct game_pos pos;
	ixtest_set_pos(&pos, REJECTED[_i].pos);
	game_move m = 0xdeadbeef;
	char err[256] = "";
	ck_assert_msg(
	        !ops->parse_move(&pos, REJECTED[_i].text, &m, err, sizeof err),
	        "'%s' accepted", REJECTED[_i].text);
	ck_assert_msg(strstr(err, REJECTED[_i].reason) != NULL,
	              "'%s': reason '%s' lacks '%s'", REJECTED[_i].text, err,
	              REJECTED[_i].reason);
	ck_assert_uint_eq(m, 0xdeadbeef);
}
END_TEST

/* Position strings that must be refused, with a word of the reason. */
static const struct {
	const char *text, *reason;
} BAD_POS[] = {
        {"", "row 0 after 0 cells"},
        {IXTEST_EMPTY, "side to move"},
        {IXTEST_EMPTY " x 0", "side to move 'r' or 'b' at column 57"},
        {IXTEST_EMPTY " rb 0", "side to move"},
        {IXTEST_EMPTY " r", "number of actions"},
        {IXTEST_EMPTY " r 344", "0..343"},
        {IXTEST_EMPTY " r -1", "number of actions"},
        {IXTEST_EMPTY " r 1x", "number of actions"},
        {IXTEST_EMPTY " r 0 extra", "unexpected text at column 61"},
        {"......./......./......./......./......./......./...... r 0",
         "row 6 after 6 cells"},
        {"......../......./......./......./......./......./....... r 0",
         "more than 7 cells (column 8)"},
        {"....../......./......./......./......./......./....... r 0",
         "'/' at column 7 ends row 0 after 6 cells"},
        {IXTEST_EMPTY "/....... r 0", "'/' at column 56"},
        {"r7....../......./......./......./......./......./....... r 0",
         "power 1..6"},
        {"r0....../......./......./......./......./......./....... r 0",
         "power 1..6"},
        {"r", "power 1..6"},
        {"x......./......./......./......./......./......./....... r 0",
         "'x' at column 1"},
};

START_TEST(test_parse_pos_rejected)
{
	struct game_pos pos;
	ops->init(&pos, NULL);
	struct game_pos before = pos;
	char err[256] = "";
	ck_assert_msg(!ops->parse_pos(&pos, BAD_POS[_i].text, err, sizeof err),
	              "'%s' accepted", BAD_POS[_i].text);
	ck_assert_msg(strstr(err, BAD_POS[_i].reason) != NULL,
	              "'%s': reason '%s' lacks '%s'", BAD_POS[_i].text, err,
	              BAD_POS[_i].reason);
	ck_assert(memcmp(&pos, &before, sizeof pos) == 0);
}
END_TEST

START_TEST(test_parse_pos_lenient)
{
	struct game_pos a, b;
	ixtest_set_pos(&a, "......./......./......./...b1r1../......./"
	                   "......./....... r 2");
	ixtest_set_pos(&b, "  ......./......./......./...B1R1../......./"
	                   "......./.......   R   2 \n");
	ck_assert(memcmp(&a, &b, sizeof(struct infexion_pos)) == 0);
}
END_TEST

/* Good text for the fuzz tests to start from. */
static const char *const FUZZ_SEEDS[] = {
        "SPREAD(3, 4, 1, -1)", "SPAWN(0,6)", IXTEST_TWO " r 2",
        IXTEST_FULL " b 9", /* one digit: no prefix is a position */
};

enum { FUZZ_SEED_COUNT = sizeof FUZZ_SEEDS / sizeof FUZZ_SEEDS[0] };

/* Random bytes, often mixed into good text, never crash the readers;
 * whatever parse_move accepts is a generated move. */
START_TEST(test_fuzz)
{
	static const char alphabet[] = "SPAWNREDspawnred(),-+0123456789 ./rb\t"
	                               "\x01\xff";
	struct rng rng;
	rng_seed(&rng, 99);
	struct game_pos pos, scratch;
	ixtest_set_pos(&pos, IXTEST_TWO " r 2");
	game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(&pos, moves);
	char buf[96], err[64];
	for (int iter = 0; iter < 20000; iter++) {
		size_t len = rng_below(&rng, sizeof buf - 1);
		uint32_t which = rng_below(&rng, FUZZ_SEED_COUNT);
		const char *seed = FUZZ_SEEDS[which];
		size_t seed_len = strlen(seed);
		for (size_t i = 0; i < len; i++) {
			bool keep = i < seed_len && rng_below(&rng, 4) != 0;
			uint32_t pick = rng_below(&rng, sizeof alphabet - 1);
			buf[i] = keep ? seed[i] : alphabet[pick];
		}
		buf[len] = '\0';
		err[0] = '\0';
		game_move m;
		if (ops->parse_move(&pos, buf, &m, err, sizeof err))
			ck_assert_msg(ixtest_move_in_list(m, moves, n), "%s",
			              buf);
		else
			ck_assert(strlen(err) > 0);
		if (ops->parse_pos(&scratch, buf, err, sizeof err))
			ixtest_check_hash(&scratch);
	}
}
END_TEST

/* Every proper prefix of good text is refused, with any error buffer. */
START_TEST(test_truncated)
{
	struct game_pos pos, scratch;
	ixtest_set_pos(&pos, IXTEST_TWO " r 2");
	char buf[128], err[64];
	size_t size = sizeof err;
	for (size_t s = 0; s < FUZZ_SEED_COUNT; s++) {
		size_t full = strlen(FUZZ_SEEDS[s]);
		for (size_t k = 0; k < full; k++) {
			snprintf(buf, sizeof buf, "%.*s", (int)k,
			         FUZZ_SEEDS[s]);
			game_move m;
			ck_assert(!ops->parse_move(&pos, buf, &m, err, size));
			ck_assert(!ops->parse_pos(&scratch, buf, err, size));
		}
	}
	/* A tiny error buffer, and none at all, are fine. */
	game_move m;
	ck_assert(!ops->parse_move(&pos, "SPAWN(", &m, err, 1));
	ck_assert(!ops->parse_move(&pos, "SPAWN(", &m, NULL, 0));
	ck_assert(!ops->parse_pos(&scratch, "r", NULL, 0));
}
END_TEST

static Suite *
infexion_text_suite(void)
{
	Suite *s = suite_create("infexion-text");
	TCase *text = tcase_create("text");
	tcase_add_test(text, test_text_roundtrip);
	tcase_add_loop_test(text, test_parse_accepted, 0,
	                    sizeof ACCEPTED / sizeof ACCEPTED[0]);
	tcase_add_loop_test(text, test_parse_rejected, 0,
	                    sizeof REJECTED / sizeof REJECTED[0]);
	tcase_add_loop_test(text, test_parse_pos_rejected, 0,
	                    sizeof BAD_POS / sizeof BAD_POS[0]);
	tcase_add_test(text, test_parse_pos_lenient);
	tcase_add_test(text, test_fuzz);
	tcase_add_test(text, test_truncated);
	suite_add_tcase(s, text);
	return s;
}

int
main(void)
{
	return testutil_run_suite(infexion_text_suite());
}
