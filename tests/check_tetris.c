/*
 * Tetris strategy: the drop and both collapse rules on hand-made wells,
 * resets, the piece stream through a session, the scorer against scores an
 * independent implementation computed (tests/data/tetris/scores.txt), the
 * game rules against the scorer, the look-ahead rule of the batch strategy,
 * determinism, output validity, position strings and malformed input.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "core/rng.h"
#include "core/session.h"
#include "games/tetris-fit.h"
#include "games/tetris-score.h"
#include "games/tetris-strategy.h"
#include "games/tetris-stream.h"
#include "games/tetris-weights.h"
#include "games/tetris.h"
#include "testutil.h"

enum { DATA_BYTES = 2048, ERR_SIZE = 256 };

static const char EMPTY_ROW[] = "..........";

/* The quoted Python scorer's table: rows top first, bit 0 leftmost. */
/* clang-format off */
static const int PY_ROWS[4][7][4] = {
	{{3, 3}, {1, 1, 1, 1}, {3, 6}, {2, 2, 3}, {1, 1, 3}, {6, 3}, {7, 2}},
	{{3, 3}, {15}, {2, 3, 1}, {7, 4}, {4, 7}, {1, 3, 2}, {1, 3, 1}},
	{{3, 3}, {1, 1, 1, 1}, {3, 6}, {3, 1, 1}, {3, 2, 2}, {6, 3}, {2, 7}},
	{{3, 3}, {15}, {2, 3, 1}, {1, 7}, {7, 1}, {1, 3, 2}, {2, 3, 2}}};
static const int PY_WIDTH[4][7] = {{2, 1, 3, 2, 2, 3, 3},
				   {2, 4, 2, 3, 3, 2, 2},
				   {2, 1, 3, 2, 2, 3, 3},
				   {2, 4, 2, 3, 3, 2, 2}};
static const int PY_HEIGHT[4][7] = {{2, 4, 2, 3, 3, 2, 2},
				    {2, 1, 3, 2, 2, 3, 3},
				    {2, 4, 2, 3, 3, 2, 2},
				    {2, 1, 3, 2, 2, 3, 3}};
/* clang-format on */

/* A position string from bottom rows (given bottom first) and the rest. */
static void
make_fen(char *buf, size_t size, const char *const *bottom, int n,
         const char *tail)
{
	size_t len = 0;
	for (int i = 0; i < TETRIS_ROWS; i++) {
		int r = TETRIS_ROWS - 1 - i;
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
		                        r < n ? bottom[r] : EMPTY_ROW,
		                        i + 1 < TETRIS_ROWS ? "/" : " ");
	}
	snprintf(buf + len, size - len, "%s", tail);
}

static struct tetris_pos
parse_ok(const char *fen)
{
	struct game_pos pos;
	char err[ERR_SIZE] = "";
	ck_assert_msg(tetris_game.parse_pos(&pos, fen, err, sizeof err),
	              "parse '%s': %s", fen, err);
	struct tetris_pos p;
	memcpy(&p, pos.bytes, sizeof p);
	return p;
}

static struct tetris_pos
well_of(const char *const *bottom, int n, const char *tail)
{
	char fen[GAME_TEXT_MAX];
	make_fen(fen, sizeof fen, bottom, n, tail);
	return parse_ok(fen);
}

START_TEST(test_shapes_match_python_table)
{
	for (int r = 0; r < 4; r++) {
		for (int p = 0; p < 7; p++) {
			const struct tetris_shape *s = tetris_shape(p, r);
			int h = PY_HEIGHT[r][p];
			ck_assert_int_eq(s->width, PY_WIDTH[r][p]);
			ck_assert_int_eq(s->height, h);
			for (int i = 0; i < h; i++)
				ck_assert_msg(s->mask[i] ==
				                      PY_ROWS[r][p][h - 1 - i],
				              "piece %d r%d row %d", p, r, i);
			for (int c = 0; c < s->width; c++) {
				int lo = -1, hi = -1;
				for (int i = 0; i < h; i++) {
					if (s->mask[i] >> c & 1) {
						hi = i + 1;
						lo = lo < 0 ? i : lo;
					}
				}
				ck_assert_int_eq(s->bottom[c], lo);
				ck_assert_int_eq(s->top[c], hi);
			}
		}
	}
}
END_TEST

START_TEST(test_drop_lands_on_highest_support)
{
	static const char *const rows[] = {".....#....", ".....#....",
	                                   ".....#...."};
	struct tetris_pos p = well_of(rows, 3, "T O 0");
	/* T upside down (stem below) at column 4: the stem meets column 5. */
	int n = tetris_well_drop(&p.well, 6, tetris_move_make(0, 4),
	                         TETRIS_RULES_TEXT);
	ck_assert_int_eq(n, 0);
	ck_assert_uint_eq(p.well.rows[3], 1u << 5);
	ck_assert_uint_eq(p.well.rows[4], 0x7u << 4);
	ck_assert_int_eq(p.well.heights[4], 5);
	ck_assert_int_eq(p.well.heights[5], 5);
	/* No sliding: an L whose foot hangs over column 5 stops on it. */
	n = tetris_well_drop(&p.well, 4, tetris_move_make(1, 3),
	                     TETRIS_RULES_TEXT);
	ck_assert_int_eq(n, 0);
	ck_assert_uint_eq(p.well.rows[5], 0x7u << 3);
	ck_assert_uint_eq(p.well.rows[6], 0x4u << 3);
	ck_assert_int_eq(p.well.heights[3], 6);
}
END_TEST

static const char *const FOUR_READY[] = {"#########.", "#########.",
                                         "#########.", "#########.",
                                         "#.........", "##........"};

START_TEST(test_four_rows_text_rule)
{
	struct tetris_pos p = well_of(FOUR_READY, 6, "I O 0");
	int n = tetris_well_drop(&p.well, 1, tetris_move_make(0, 9),
	                         TETRIS_RULES_TEXT);
	ck_assert_int_eq(n, 4);
	ck_assert_int_eq(tetris_points(n), 15);
	/* The rows above move down four; nothing falls further. */
	ck_assert_uint_eq(p.well.rows[0], 0x1u);
	ck_assert_uint_eq(p.well.rows[1], 0x3u);
	ck_assert_uint_eq(p.well.rows[2], 0);
	ck_assert_int_eq(p.well.heights[0], 2);
	ck_assert_int_eq(p.well.heights[9], 0);
}
END_TEST

START_TEST(test_four_rows_reference_rule)
{
	struct tetris_pos p = well_of(FOUR_READY, 6, "I O 0 reference");
	int n = tetris_well_drop(&p.well, 1, tetris_move_make(0, 9),
	                         TETRIS_RULES_REFERENCE);
	/* Bottom-up deletion skips the row above each deleted one. */
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(tetris_points(n), 3);
	ck_assert_uint_eq(p.well.rows[0], TETRIS_FULL_ROW);
	ck_assert_uint_eq(p.well.rows[1], TETRIS_FULL_ROW);
	ck_assert_uint_eq(p.well.rows[2], 0x1u);
	ck_assert_uint_eq(p.well.rows[3], 0x3u);
	ck_assert_int_eq(p.well.heights[9], 2);
}
END_TEST

START_TEST(test_split_rows_agree)
{
	/* Full rows 0 and 2 with row 1 open: both rules clear two rows. */
	static const char *const rows[] = {"#########.", ".########.",
	                                   "#########."};
	for (int k = 0; k < 2; k++) {
		enum tetris_rules rules =
		        k ? TETRIS_RULES_REFERENCE : TETRIS_RULES_TEXT;
		struct tetris_pos p = well_of(rows, 3, "I - 0");
		int n = tetris_well_drop(&p.well, 1, tetris_move_make(2, 9),
		                         rules);
		ck_assert_int_eq(n, 2);
		ck_assert_uint_eq(p.well.rows[0], 0x3FEu);
		ck_assert_uint_eq(p.well.rows[1], 0x200u);
		ck_assert_uint_eq(p.well.rows[2], 0);
	}
}
END_TEST

START_TEST(test_reset_where_chosen)
{
	const char *rows[18];
	for (int i = 0; i < 18; i++)
		rows[i] = "#.........";
	struct tetris_pos p = well_of(rows, 18, "O O 0");
	struct tetris_pos q = p;
	/* Rests with its top in row 20: fits. */
	ck_assert_int_eq(tetris_well_drop(&p.well, 0, tetris_move_make(0, 0),
	                                  TETRIS_RULES_TEXT),
	                 0);
	ck_assert_int_eq(p.well.heights[0], 20);
	/* One more would rest above the well: it is cleared. */
	ck_assert_int_eq(tetris_well_drop(&p.well, 0, tetris_move_make(0, 0),
	                                  TETRIS_RULES_TEXT),
	                 TETRIS_DROP_RESET);
	for (int r = 0; r < TETRIS_ROWS; r++)
		ck_assert_uint_eq(p.well.rows[r], 0);
	ck_assert_int_eq(p.well.heights[0], 0);
	/* The same piece elsewhere has room. */
	ck_assert_int_eq(tetris_well_drop(&q.well, 0, tetris_move_make(0, 5),
	                                  TETRIS_RULES_TEXT),
	                 0);
}
END_TEST

START_TEST(test_game_scores_and_finishes)
{
	struct session s;
	char err[ERR_SIZE];
	ck_assert(session_init(&s, &tetris_game, NULL));
	ck_assert_ptr_eq(registry_find("tetris"), &tetris_game);
	char fen[GAME_TEXT_MAX];
	make_fen(fen, sizeof fen, FOUR_READY, 6, "- - 7");
	ck_assert_msg(session_set_fen(&s, fen, err, sizeof err), "%s", err);
	ck_assert_msg(session_set_stream(&s, "ILo", err, sizeof err), "%s",
	              err);
	tetris_game.format_pos(session_current(&s), fen, sizeof fen);
	ck_assert_msg(strstr(fen, " I L 7") != NULL, "%s", fen);
	ck_assert_msg(session_play_text(&s, "r0x9", err, sizeof err), "%s",
	              err);
	tetris_game.format_pos(session_current(&s), fen, sizeof fen);
	ck_assert_msg(strstr(fen, " L O 22") != NULL, "%s", fen);
	ck_assert_msg(session_play_text(&s, "17", err, sizeof err), "%s", err);
	ck_assert_msg(session_play_text(&s, " R 0 X 8 ", err, sizeof err), "%s",
	              err);
	struct game_status st;
	tetris_game.status(session_current(&s), &st);
	ck_assert_int_eq(st.outcome, OUTCOME_FINISHED);
	ck_assert_str_eq(st.reason, "no more pieces");
	ck_assert(!session_play_text(&s, "r0x0", err, sizeof err));
	ck_assert_msg(strstr(err, "no piece") != NULL, "%s", err);
	game_move moves[GAME_MAX_MOVES];
	ck_assert_int_eq(tetris_game.gen_moves(session_current(&s), moves), 0);
	session_free(&s);
}
END_TEST

static uint8_t *
read_data(const char *name, size_t *len)
{
	char path[128];
	snprintf(path, sizeof path, "tetris/%s", name);
	FILE *f = testutil_open_data(path);
	ck_assert_msg(f != NULL, "missing %s", path);
	uint8_t *buf = malloc(DATA_BYTES + 1);
	ck_assert_ptr_nonnull(buf);
	*len = fread(buf, 1, DATA_BYTES + 1, f);
	fclose(f);
	return buf;
}

/* Replays a move file through the game interface; returns the score. */
static uint64_t
replay_through_game(const uint8_t *in, const uint8_t *out, size_t n,
                    enum tetris_rules rules)
{
	struct game_pos pos;
	tetris_game.init(&pos, NULL);
	struct tetris_pos *p = (struct tetris_pos *)pos.bytes;
	p->rules = (uint8_t)rules;
	for (size_t i = 0; i < n; i++) {
		char text[8], err[ERR_SIZE];
		game_move m;
		p->current = (int8_t)(in[i] % TETRIS_PIECES);
		snprintf(text, sizeof text, "%d", out[i]);
		ck_assert_msg(
		        tetris_game.parse_move(&pos, text, &m, err, sizeof err),
		        "piece %zu: %s", i, err);
		tetris_game.play(&pos, m);
	}
	return p->score;
}

START_TEST(test_scorer_matches_independent_scores)
{
	FILE *f = testutil_open_data("tetris/scores.txt");
	ck_assert_ptr_nonnull(f);
	size_t n_in, n_out;
	uint8_t *in = read_data("in-2k.bin", &n_in);
	ck_assert_uint_eq(n_in, DATA_BYTES);
	int cases = 0;
	char *line;
	while ((line = testutil_read_line(f)) != NULL) {
		char name[64], rules_name[16];
		unsigned long long want[6];
		if (line[0] == '#' ||
		    sscanf(line, "%63s %15s %llu %llu %llu %llu %llu %llu",
		           name, rules_name, &want[0], &want[1], &want[2],
		           &want[3], &want[4], &want[5]) != 8) {
			free(line);
			continue;
		}
		enum tetris_rules rules;
		ck_assert(tetris_rules_parse(rules_name, &rules));
		uint8_t *out = read_data(name, &n_out);
		struct tetris_score_result res;
		char err[ERR_SIZE];
		ck_assert_msg(tetris_score(in, n_in, out, n_out, rules, &res,
		                           err, sizeof err),
		              "%s: %s", line, err);
		ck_assert_msg(res.score == want[0], "%s: score %llu", line,
		              (unsigned long long)res.score);
		for (int k = 1; k <= 4; k++)
			ck_assert_msg(res.clears[k] == want[k],
			              "%s: clears[%d]", line, k);
		ck_assert_msg(res.resets == want[5], "%s: resets", line);
		/* The game's own rules agree wherever the moves are valid. */
		if (strstr(name, "wild") == NULL)
			ck_assert_msg(replay_through_game(in, out, n_in,
			                                  rules) == want[0],
			              "%s: game score", line);
		free(out);
		free(line);
		cases++;
	}
	fclose(f);
	ck_assert_int_ge(cases, 6);
	free(in);
}
END_TEST

START_TEST(test_scorer_rejects_bad_bytes)
{
	size_t n_in, n_out;
	uint8_t *in = read_data("in-2k.bin", &n_in);
	uint8_t *out = read_data("out-wild.bin", &n_out);
	struct tetris_score_result res;
	char err[ERR_SIZE];
	ck_assert(!tetris_score(in, n_in, out, n_out, TETRIS_RULES_TEXT, &res,
	                        err, sizeof err));
	ck_assert_msg(strstr(err, "column") != NULL, "%s", err);
	out[0] = 4 << TETRIS_MOVE_X_BITS;
	ck_assert(!tetris_score(in, n_in, out, n_out, TETRIS_RULES_REFERENCE,
	                        &res, err, sizeof err));
	ck_assert_msg(strstr(err, "piece 1: rotation 4") != NULL, "%s", err);
	/* Lengths differ: the shorter one decides, as with Python's zip. */
	ck_assert(tetris_score(in, 10, out + 1, 5, TETRIS_RULES_REFERENCE, &res,
	                       err, sizeof err));
	ck_assert_uint_eq(res.pieces, 5);
	free(in);
	free(out);
}
END_TEST

static void
random_stream(uint8_t *buf, size_t n, uint64_t seed)
{
	struct rng r;
	rng_seed(&r, seed);
	for (size_t i = 0; i < n; i++)
		buf[i] = (uint8_t)(rng_next(&r) >> 56);
}

enum { LOOKAHEAD_PIECES = 240 };

START_TEST(test_lookahead_rule)
{
	static const size_t cuts[] = {0, 1, 37, 150, LOOKAHEAD_PIECES - 3};
	uint8_t a[LOOKAHEAD_PIECES], b[LOOKAHEAD_PIECES];
	uint8_t out_a[LOOKAHEAD_PIECES], out_b[LOOKAHEAD_PIECES];
	enum tetris_rules rules = (enum tetris_rules)_i;
	const struct tetris_weights *w = tetris_weights_for(rules);
	random_stream(a, sizeof a, 7);
	tetris_strategy_play(a, sizeof a, out_a, rules, w, 1);
	for (size_t k = 0; k < sizeof cuts / sizeof cuts[0]; k++) {
		size_t i = cuts[k];
		memcpy(b, a, sizeof a);
		random_stream(b + i + 2, sizeof b - i - 2, 100 + k);
		for (size_t j = i + 2; j < sizeof b; j++)
			b[j] = (uint8_t)(b[j] % 7 == a[j] % 7 ? b[j] + 1
			                                      : b[j]);
		tetris_strategy_play(b, sizeof b, out_b, rules, w, 1);
		ck_assert_msg(memcmp(out_a, out_b, i + 1) == 0,
		              "answers 0..%zu changed with pieces %zu..", i,
		              i + 2);
	}
	/* The window is used: the next piece does change some answer. */
	bool sensitive = false;
	for (size_t i = 0; i + 1 < sizeof a && !sensitive; i++) {
		memcpy(b, a, sizeof a);
		b[i + 1] = (uint8_t)(a[i + 1] + 1);
		tetris_strategy_play(b, i + 2, out_b, rules, w, 1);
		sensitive = out_b[i] != out_a[i];
	}
	ck_assert_msg(sensitive, "no answer depended on the next piece");
}
END_TEST

/* Three threads answer as one does, for each rule and design (the
 * scores below are checked on one thread). */
START_TEST(test_threads_agree)
{
	enum { N = 150 };
	static uint8_t in[N], out1[N], out3[N];
	enum tetris_rules rules = (enum tetris_rules)(_i % 2);
	const struct tetris_weights *w = tetris_weights_of(
	        _i < 2 ? TETRIS_DESIGN_TUNED : TETRIS_DESIGN_LEARNED, rules);
	random_stream(in, N, 99);
	tetris_strategy_play(in, N, out1, rules, w, 1);
	tetris_strategy_play(in, N, out3, rules, w, 3);
	ck_assert_msg(memcmp(out1, out3, N) == 0,
	              "three threads answered differently from one (case %d)",
	              _i);
}
END_TEST

START_TEST(test_strategy_valid_and_scores)
{
	enum { N = 600 };
	static uint8_t in[N], out1[N];
	enum tetris_rules rules = (enum tetris_rules)_i;
	random_stream(in, N, 99);
	tetris_strategy_play(in, N, out1, rules, tetris_weights_for(rules), 1);
	for (size_t i = 0; i < N; i++) {
		int p = in[i] % 7, r = out1[i] >> 4, x = out1[i] & 15;
		ck_assert_msg(r <= 3 && x <= 10 - PY_WIDTH[r][p],
		              "piece %zu (%d): byte %d", i, p, out1[i]);
	}
	struct tetris_score_result res;
	char err[ERR_SIZE];
	ck_assert(tetris_score(in, N, out1, N, rules, &res, err, sizeof err));
	/* The exact scores the committed strategy reaches on this stream: a
	 * change to the strategy or its weights shows here (update the
	 * numbers with the NEWS entry that explains them). */
	static const uint64_t WANT[] = {
	        [TETRIS_RULES_TEXT] = 801, [TETRIS_RULES_REFERENCE] = 246};
	ck_assert_uint_eq(res.score, WANT[rules]);
}
END_TEST

/* The learned design (--design learned) plays valid moves to the exact
 * score its committed weights reach. */
START_TEST(test_learned_design_plays)
{
	enum { N = 600 };
	static uint8_t in[N], out1[N];
	enum tetris_rules rules = (enum tetris_rules)_i;
	const struct tetris_weights *w =
	        tetris_weights_of(TETRIS_DESIGN_LEARNED, rules);
	random_stream(in, N, 99);
	tetris_strategy_play(in, N, out1, rules, w, 1);
	struct tetris_score_result res;
	char err[ERR_SIZE];
	ck_assert_msg(
	        tetris_score(in, N, out1, N, rules, &res, err, sizeof err),
	        "%s", err);
	static const uint64_t WANT[] = {
	        [TETRIS_RULES_TEXT] = 504, [TETRIS_RULES_REFERENCE] = 203};
	ck_assert_uint_eq(res.score, WANT[rules]);
}
END_TEST

/* Designs by name; the tuned one is the default set of each rule. */
START_TEST(test_design_names)
{
	enum tetris_design d = TETRIS_DESIGN_TUNED;
	ck_assert(tetris_design_parse("learned", &d));
	ck_assert_int_eq(d, TETRIS_DESIGN_LEARNED);
	ck_assert_str_eq(tetris_design_name(d), "learned");
	ck_assert(!tetris_design_parse("wise", &d));
	ck_assert_int_eq(d, TETRIS_DESIGN_LEARNED);
	ck_assert(tetris_design_parse("tuned", &d));
	ck_assert(tetris_weights_of(d, TETRIS_RULES_REFERENCE) ==
	          tetris_weights_for(TETRIS_RULES_REFERENCE));
}
END_TEST

static void
fit_line(void *ctx, const char *text)
{
	int *lines = ctx;
	++*lines;
	ck_assert_msg(strncmp(text, "start:", 6) == 0 ||
	                      strncmp(text, "round ", 6) == 0,
	              "unexpected fit line '%s'", text);
}

/* A small fit: the same parameters give the same weights, the rewards are
 * the real points, and bad parameters are refused with a message. */
START_TEST(test_fit_deterministic)
{
	struct tetris_fit_params p;
	tetris_fit_defaults(&p, TETRIS_RULES_TEXT);
	p.rounds = 2;
	p.states = 30;
	p.horizon = 6;
	p.rollouts = 1;
	p.check_bytes = 40;
	struct tetris_weights a, b;
	char err[ERR_SIZE];
	int lines = 0;
	const struct tetris_weights *start = tetris_weights_for(p.rules);
	ck_assert(tetris_fit(&p, start, &a, fit_line, &lines, err, sizeof err));
	ck_assert_int_eq(lines, 3);
	ck_assert(tetris_fit(&p, start, &b, fit_line, &lines, err, sizeof err));
	ck_assert_msg(memcmp(a.feature, b.feature, sizeof a.feature) == 0,
	              "two fits with the same seed differ");
	bool any = false;
	for (int i = 0; i < TETRIS_FEATURE_COUNT; i++)
		any |= a.feature[i] != 0;
	ck_assert_msg(any, "the fit left every weight at 0");
	ck_assert(a.clear[4] == 15 && a.clear[1] == 1 && a.reset == 0);
	p.states = 1;
	ck_assert(
	        !tetris_fit(&p, start, &a, fit_line, &lines, err, sizeof err));
	ck_assert_str_eq(err, "tetris fit: states out of range");
}
END_TEST

static void
count_progress(void *ctx, uint64_t pieces)
{
	uint64_t *calls = ctx;
	++*calls;
	ck_assert_uint_eq(pieces % 50, 0);
}

/* The streaming batch writes exactly tetris_strategy_play's bytes, on one
 * thread or three, and calls its progress every `every` pieces. */
START_TEST(test_stream_same_bytes)
{
	enum { N = 300 };
	static uint8_t in[N], want[N];
	enum tetris_rules rules = (enum tetris_rules)_i;
	random_stream(in, N, 31);
	tetris_strategy_play(in, N, want, rules, tetris_weights_for(rules), 1);
	for (int threads = 1; threads <= 3; threads += 2) {
		FILE *fin = fmemopen(in, N, "rb");
		char *buf = NULL;
		size_t len = 0;
		FILE *fout = open_memstream(&buf, &len);
		ck_assert(fin != NULL && fout != NULL);
		uint64_t pieces = 0, calls = 0;
		ck_assert(tetris_stream_play(fin, fout, rules, NULL, threads,
		                             count_progress, &calls, 50,
		                             &pieces));
		fclose(fout);
		fclose(fin);
		ck_assert_uint_eq(pieces, N);
		ck_assert_uint_eq(calls, N / 50);
		ck_assert_uint_eq(len, N);
		ck_assert_msg(memcmp(buf, want, N) == 0,
		              "stream differs from batch on %d threads",
		              threads);
		free(buf);
	}
	/* No pieces, no bytes. */
	FILE *empty = fmemopen(in, 0 + 1, "rb");
	ck_assert_ptr_nonnull(empty);
	fgetc(empty); /* now at its end */
	char *buf = NULL;
	size_t len = 0;
	FILE *fout = open_memstream(&buf, &len);
	uint64_t pieces = 9;
	ck_assert(tetris_stream_play(empty, fout, rules, NULL, 1, NULL, NULL, 0,
	                             &pieces));
	fclose(fout);
	fclose(empty);
	ck_assert_uint_eq(pieces, 0);
	ck_assert_uint_eq(len, 0);
	free(buf);
}
END_TEST

START_TEST(test_every_piece_and_rotation_valid_range)
{
	struct game_pos pos;
	tetris_game.init(&pos, NULL);
	struct tetris_pos *p = (struct tetris_pos *)pos.bytes;
	game_move moves[GAME_MAX_MOVES];
	for (int piece = 0; piece < 7; piece++) {
		int want = 0;
		for (int r = 0; r < 4; r++) {
			for (int x = 0; x < 16; x++) {
				bool ok = x <= 10 - PY_WIDTH[r][piece];
				want += ok;
				ck_assert_msg(tetris_move_valid(
				                      piece,
				                      tetris_move_make(r, x)) ==
				                      ok,
				              "piece %d r%d x%d", piece, r, x);
			}
		}
		p->current = (int8_t)piece;
		int n = tetris_game.gen_moves(&pos, moves);
		ck_assert_int_eq(n, want);
		for (int k = 0; k < n; k++) {
			ck_assert(tetris_move_valid(piece, moves[k]));
			struct tetris_well w;
			tetris_well_clear(&w);
			ck_assert_int_eq(tetris_well_drop(&w, piece, moves[k],
			                                  TETRIS_RULES_TEXT),
			                 0);
		}
	}
}
END_TEST

START_TEST(test_position_round_trip)
{
	struct session s;
	char err[ERR_SIZE], a[GAME_TEXT_MAX], b[GAME_TEXT_MAX];
	ck_assert(session_init(&s, &tetris_game, NULL));
	ck_assert(
	        session_set_stream(&s, "OIZJLSTTSLJZIOTTLJ", err, sizeof err));
	for (int ply = 0; ply < 18; ply++) {
		const struct game_pos *cur = session_current(&s);
		tetris_game.format_pos(cur, a, sizeof a);
		struct game_pos back;
		ck_assert_msg(tetris_game.parse_pos(&back, a, err, sizeof err),
		              "%s: %s", a, err);
		tetris_game.format_pos(&back, b, sizeof b);
		ck_assert_str_eq(a, b);
		ck_assert(memcmp(back.bytes, cur->bytes,
		                 sizeof(struct tetris_pos)) == 0);
		ck_assert_uint_eq(tetris_game.hash(&back),
		                  tetris_game.hash(cur));
		const struct tetris_pos *p =
		        (const struct tetris_pos *)cur->bytes;
		struct tetris_window win = {p->current, p->next};
		ck_assert(session_play(
		        &s, tetris_strategy_choose(
		                    &p->well, win, TETRIS_RULES_TEXT,
		                    tetris_weights_for(TETRIS_RULES_TEXT))));
	}
	struct tetris_pos ref = well_of(FOUR_READY, 4, "I - 3 reference");
	ck_assert_int_eq(ref.rules, TETRIS_RULES_REFERENCE);
	ck_assert_int_eq(ref.well.heights[0], 4);
	session_free(&s);
}
END_TEST

START_TEST(test_malformed_input_rejected)
{
	static const char *const bad_moves[] = {
	        "",         "r",    "r1",    "r1x",
	        "x4",       "r4x0", "r0x9",  "r1x7x",
	        "256",      "-1",   "r0x-1", "r99999999999999999999x0",
	        "r0x0junk", "1e3"};
	struct tetris_pos p = well_of(NULL, 0, "O I 0");
	struct game_pos pos;
	memcpy(pos.bytes, &p, sizeof p);
	for (size_t i = 0; i < sizeof bad_moves / sizeof bad_moves[0]; i++) {
		char err[ERR_SIZE] = "";
		game_move m;
		ck_assert_msg(!tetris_game.parse_move(&pos, bad_moves[i], &m,
		                                      err, sizeof err),
		              "'%s' accepted", bad_moves[i]);
		ck_assert_msg(err[0] != '\0', "no reason for '%s'",
		              bad_moves[i]);
	}
	char fen[GAME_TEXT_MAX];
	static const char *const full[] = {"##########"};
	static const char *const bad_cell[] = {"#####x####"};
	static const char *const tails[] = {
	        "O",      "O I",         "X I 0",  "- I 0",
	        "O I -3", "O I 1 maybe", "OI I 0", "O I 0 text extra"};
	for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
		char err[ERR_SIZE] = "";
		make_fen(fen, sizeof fen, NULL, 0, tails[i]);
		ck_assert_msg(
		        !tetris_game.parse_pos(&pos, fen, err, sizeof err),
		        "tail '%s' accepted", tails[i]);
		ck_assert(err[0] != '\0');
	}
	static const char *const texts[] = {"", "garbage", ".........../O I 0",
	                                    "..../..../ O I 0"};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		char err[ERR_SIZE] = "";
		ck_assert(!tetris_game.parse_pos(&pos, texts[i], err,
		                                 sizeof err));
		ck_assert(err[0] != '\0');
	}
	char err[ERR_SIZE] = "";
	make_fen(fen, sizeof fen, full, 1, "O I 0");
	ck_assert(!tetris_game.parse_pos(&pos, fen, err, sizeof err));
	ck_assert_msg(strstr(err, "full") != NULL, "%s", err);
	make_fen(fen, sizeof fen, full, 1, "O I 0 reference");
	ck_assert_msg(tetris_game.parse_pos(&pos, fen, err, sizeof err), "%s",
	              err);
	make_fen(fen, sizeof fen, bad_cell, 1, "O I 0");
	ck_assert(!tetris_game.parse_pos(&pos, fen, err, sizeof err));
	ck_assert_msg(strstr(err, "row 20") != NULL, "%s", err);
	struct session s;
	ck_assert(session_init(&s, &tetris_game, NULL));
	ck_assert(!session_set_stream(&s, "OIX", err, sizeof err));
	ck_assert_msg(strstr(err, "'X'") != NULL, "%s", err);
	session_free(&s);
}
END_TEST

/* Hand-made wells where the right move is plain (text rule): an I with
 * four ready rows scores the four-row clear; sixteen ready rows are worth
 * keeping, so an O goes beside the tower, not on it where it would reset
 * the well. */
START_TEST(test_strategy_takes_the_obvious_move)
{
	const struct tetris_weights *w = tetris_weights_for(TETRIS_RULES_TEXT);
	struct tetris_pos p = well_of(FOUR_READY, 6, "I O 0");
	struct tetris_window win = {.current = 1, .next = 0};
	game_move m =
	        tetris_strategy_choose(&p.well, win, TETRIS_RULES_TEXT, w);
	ck_assert_int_eq(m, tetris_move_make(0, 9));

	const char *rows[19];
	for (int i = 0; i < 19; i++)
		rows[i] = i < 16 ? "#########." : "#.........";
	p = well_of(rows, 19, "O O 0");
	struct tetris_well after = p.well;
	ck_assert_int_eq(tetris_well_drop(&after, 0, tetris_move_make(0, 0),
	                                  TETRIS_RULES_TEXT),
	                 TETRIS_DROP_RESET);
	win.current = 0;
	m = tetris_strategy_choose(&p.well, win, TETRIS_RULES_TEXT, w);
	after = p.well;
	ck_assert_msg(tetris_well_drop(&after, 0, m, TETRIS_RULES_TEXT) !=
	                      TETRIS_DROP_RESET,
	              "move %d resets a well of sixteen ready rows", m);
}
END_TEST

/* Reference rule: a J in rotation 2 into a two-wide well whose columns
 * differ by one clears the rows below and at the top of its column and
 * skips the one under its overhang (a split: 3 points for 2 rows); the
 * strategy sees it and takes it. */
START_TEST(test_strategy_takes_a_split)
{
	static const char *const SPLIT_READY[] = {"########.#", "########..",
	                                          "########.."};
	struct tetris_pos p = well_of(SPLIT_READY, 3, "J O 0 reference");
	struct tetris_well after = p.well;
	ck_assert_int_eq(tetris_well_drop(&after, 3, tetris_move_make(2, 8),
	                                  TETRIS_RULES_REFERENCE),
	                 2);
	ck_assert_uint_eq(after.rows[0], 0x1FFu); /* the row under the hang */
	struct tetris_window win = {.current = 3, .next = 0};
	game_move m = tetris_strategy_choose(
	        &p.well, win, TETRIS_RULES_REFERENCE,
	        tetris_weights_for(TETRIS_RULES_REFERENCE));
	ck_assert_int_eq(m, tetris_move_make(2, 8));
}
END_TEST

/* The reference rule's split features on hand-made wells: a two-wide well
 * one row apart under three rows complete but for it splits for the J (or,
 * mirrored, the L) alone; rows ready, not, ready, not over a one-wide well
 * split for an upright I alone (an L there, hanging from the column
 * beside, clears one); an even pair has no step; the text rule
 * leaves all of them at zero. */
START_TEST(test_split_features)
{
	static const struct {
		const char *rows[4];
		int n;
		enum tetris_rules rules;
		int step, ready, pieces, points;
	} CASES[] = {
	        {{"########.#", "########..", "########.."},
	         3,
	         TETRIS_RULES_REFERENCE,
	         1,
	         3,
	         1,
	         3},
	        {{"#########.", "########..", "########.."},
	         3,
	         TETRIS_RULES_REFERENCE,
	         1,
	         3,
	         1,
	         3},
	        {{"#########.", "###.#####.", "#########.", "###.#####."},
	         4,
	         TETRIS_RULES_REFERENCE,
	         0,
	         0,
	         1,
	         1},
	        {{"########..", "########.."},
	         2,
	         TETRIS_RULES_REFERENCE,
	         0,
	         0,
	         0,
	         0},
	        {{"########.#", "########..", "########.."},
	         3,
	         TETRIS_RULES_TEXT,
	         0,
	         0,
	         0,
	         0},
	};
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		struct tetris_pos p =
		        well_of(CASES[i].rows, CASES[i].n,
		                CASES[i].rules == TETRIS_RULES_TEXT
		                        ? "J O 0"
		                        : "J O 0 reference");
		int f[TETRIS_FEATURE_COUNT];
		tetris_strategy_features(&p.well, CASES[i].rules, f);
		ck_assert_msg(
		        f[TETRIS_F_PAIR_STEP] == CASES[i].step &&
		                f[TETRIS_F_PAIR_READY] == CASES[i].ready &&
		                f[TETRIS_F_SPLIT_PIECES] == CASES[i].pieces &&
		                f[TETRIS_F_SPLIT_POINTS] == CASES[i].points,
		        "case %zu: step %d ready %d pieces %d points %d", i,
		        f[TETRIS_F_PAIR_STEP], f[TETRIS_F_PAIR_READY],
		        f[TETRIS_F_SPLIT_PIECES], f[TETRIS_F_SPLIT_POINTS]);
	}
}
END_TEST

static Suite *
tetris_suite(void)
{
	Suite *s = suite_create("tetris");
	TCase *rules = tcase_create("rules");
	tcase_add_test(rules, test_shapes_match_python_table);
	tcase_add_test(rules, test_drop_lands_on_highest_support);
	tcase_add_test(rules, test_four_rows_text_rule);
	tcase_add_test(rules, test_four_rows_reference_rule);
	tcase_add_test(rules, test_split_rows_agree);
	tcase_add_test(rules, test_reset_where_chosen);
	tcase_add_test(rules, test_game_scores_and_finishes);
	tcase_add_test(rules, test_every_piece_and_rotation_valid_range);
	suite_add_tcase(s, rules);
	TCase *score = tcase_create("scorer");
	tcase_add_test(score, test_scorer_matches_independent_scores);
	tcase_add_test(score, test_scorer_rejects_bad_bytes);
	suite_add_tcase(s, score);
	TCase *plays = tcase_create("plays");
	testutil_single_thread(plays);
	tcase_add_loop_test(plays, test_lookahead_rule, TETRIS_RULES_TEXT,
	                    TETRIS_RULES_REFERENCE + 1);
	tcase_add_loop_test(plays, test_strategy_valid_and_scores,
	                    TETRIS_RULES_TEXT, TETRIS_RULES_REFERENCE + 1);
	tcase_add_loop_test(plays, test_learned_design_plays, TETRIS_RULES_TEXT,
	                    TETRIS_RULES_REFERENCE + 1);
	suite_add_tcase(s, plays);
	TCase *strategy = tcase_create("strategy");
	tcase_add_loop_test(strategy, test_threads_agree, 0, 4);
	tcase_add_loop_test(strategy, test_stream_same_bytes, TETRIS_RULES_TEXT,
	                    TETRIS_RULES_REFERENCE + 1);
	tcase_add_test(strategy, test_design_names);
	tcase_add_test(strategy, test_fit_deterministic);
	tcase_add_test(strategy, test_strategy_takes_the_obvious_move);
	tcase_add_test(strategy, test_strategy_takes_a_split);
	tcase_add_test(strategy, test_split_features);
	suite_add_tcase(s, strategy);
	TCase *text = tcase_create("text");
	tcase_add_test(text, test_position_round_trip);
	tcase_add_test(text, test_malformed_input_rejected);
	suite_add_tcase(s, text);
	return s;
}

int
main(void)
{
	return testutil_run_suite(tetris_suite());
}
