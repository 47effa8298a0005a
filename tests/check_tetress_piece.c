/*
 * Tetress pieces as the piece cursor handles them: kinds and turns against
 * the game's shape table (a turn is a real quarter turn about the pivot),
 * moves and back, sliding and covering cells across the torus's seams, the
 * reason a placement is refused, the scan of legal placements around a
 * cell and the kinds that have a legal placement at all, all checked
 * against the game's own move generator.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/games.h"
#include "games/tetress-piece.h"
#include "games/tetress.h"
#include "testutil.h"

static const struct game_ops *const ops = &tetress_game;

enum { SIDE = TETRESS_SIDE };

static int
cell(int r, int c)
{
	return r * SIDE + c;
}

static void
pos_from(struct game_pos *pos, const char *text)
{
	char err[256];
	ck_assert_msg(ops->parse_pos(pos, text, err, sizeof err), "'%s': %s",
	              text, err);
}

static int
cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* The piece's cells, sorted. */
static void
sorted_cells(const struct game_piece *p, int cells[4])
{
	tetress_piece_cells(p, cells);
	qsort(cells, 4, sizeof cells[0], cmp_int);
}

/* Cells relative to the anchor, turned a quarter clockwise (dir 1) or
 * anticlockwise (dir -1) on screen, back on the board, sorted.  The anchor
 * is far from the seams, so no cell wraps. */
static void
turned_cells(const struct game_piece *p, int dir, int out[4])
{
	int cells[4], ar = p->anchor / SIDE, ac = p->anchor % SIDE;
	tetress_piece_cells(p, cells);
	for (int i = 0; i < 4; i++) {
		int dr = cells[i] / SIDE - ar, dc = cells[i] % SIDE - ac;
		/* Clockwise on screen: right becomes down, down left. */
		int nr = dir > 0 ? dc : -dc, nc = dir > 0 ? -dr : dr;
		out[i] = cell(ar + nr, ac + nc);
	}
	qsort(out, 4, sizeof out[0], cmp_int);
}

START_TEST(test_letters_and_turns)
{
	ck_assert_int_eq(tetress_piece_kind_of('I'), 0);
	ck_assert_int_eq(tetress_piece_kind_of('t'), 2);
	ck_assert_int_eq(tetress_piece_kind_of('Z'), 6);
	ck_assert_int_eq(tetress_piece_kind_of('x'), -1);
	ck_assert_int_eq(tetress_piece_kind_of('\0'), -1);
	static const int turns[TETRESS_PIECE_KINDS] = {2, 1, 4, 4, 4, 2, 2};
	bool shape_seen[TETRESS_SHAPES] = {false};
	for (int k = 0; k < TETRESS_PIECE_KINDS; k++) {
		ck_assert_int_eq(tetress_piece_turns(k), turns[k]);
		for (int t = 0; t < turns[k]; t++) {
			struct game_piece p = {k, t, cell(5, 5)};
			int shape =
			        (int)(tetress_piece_move(&p) / (SIDE * SIDE));
			ck_assert_msg(!shape_seen[shape],
			              "shape %d twice (kind %c turn %d)", shape,
			              TETRESS_PIECE_LETTERS[k], t);
			shape_seen[shape] = true;
		}
	}
	for (int s = 0; s < TETRESS_SHAPES; s++)
		ck_assert_msg(shape_seen[s], "shape %d has no kind", s);
}
END_TEST

/* Each turn is the previous one turned a quarter clockwise about the pivot
 * (for two-turn kinds, turning back is the quarter anticlockwise), so the
 * anchor stays on one of the piece's cells and the piece never drifts. */
START_TEST(test_turns_are_quarter_turns)
{
	for (int k = 0; k < TETRESS_PIECE_KINDS; k++) {
		int n = tetress_piece_turns(k);
		for (int t = 0; t < n; t++) {
			struct game_piece p = {k, t, cell(5, 5)};
			int here[4], want[4], got[4];
			sorted_cells(&p, here);
			ck_assert_msg(bsearch(&(int){p.anchor}, here, 4,
			                      sizeof here[0], cmp_int) != NULL,
			              "%c turn %d: the anchor is off the piece",
			              TETRESS_PIECE_LETTERS[k], t);
			if (n == 1) /* O: turning changes nothing */
				sorted_cells(&p, want);
			else
				turned_cells(&p, n == 2 && t == 1 ? -1 : 1,
				             want);
			struct game_piece q = p;
			tetress_piece_turn(&q, 1);
			ck_assert_int_eq(q.turn, (t + 1) % n);
			ck_assert_int_eq(q.anchor, p.anchor);
			sorted_cells(&q, got);
			ck_assert_msg(memcmp(got, want, sizeof got) == 0,
			              "%c turn %d -> %d is not a quarter turn",
			              TETRESS_PIECE_LETTERS[k], t, q.turn);
			tetress_piece_turn(&q, -1);
			ck_assert_int_eq(q.turn, t);
		}
	}
}
END_TEST

START_TEST(test_moves_round_trip)
{
	struct game_pos pos;
	ops->init(&pos, NULL);
	for (game_move m = 0; m < TETRESS_PLACEMENTS; m++) {
		struct game_piece p = tetress_piece_of_move(m);
		ck_assert_uint_eq(tetress_piece_move(&p), m);
		/* The piece's cells are the move's, as its text names them
		 * (in reading order). */
		int cells[4];
		char want[64], got[64];
		sorted_cells(&p, cells);
		snprintf(got, sizeof got, "%d-%d,%d-%d,%d-%d,%d-%d",
		         cells[0] / SIDE, cells[0] % SIDE, cells[1] / SIDE,
		         cells[1] % SIDE, cells[2] / SIDE, cells[2] % SIDE,
		         cells[3] / SIDE, cells[3] % SIDE);
		ops->format_move(&pos, m, want, sizeof want);
		ck_assert_str_eq(got, want);
	}
}
END_TEST

START_TEST(test_slide_and_cells_wrap)
{
	/* I lying flat with its pivot (second cell) on 0-10. */
	struct game_piece p = {0, 0, cell(0, 10)};
	int cells[4];
	sorted_cells(&p, cells);
	ck_assert_int_eq(cells[0], cell(0, 0));
	ck_assert_int_eq(cells[1], cell(0, 1));
	ck_assert_int_eq(cells[2], cell(0, 9));
	ck_assert_int_eq(cells[3], cell(0, 10));
	struct game_pos pos;
	char text[64];
	ops->init(&pos, NULL);
	ck_assert(tetress_piece_check(&pos, &p, text, sizeof text));
	ck_assert_str_eq(text, "");
	ops->format_move(&pos, tetress_piece_move(&p), text, sizeof text);
	ck_assert_str_eq(text, "0-0,0-1,0-9,0-10");
	/* Sliding wraps both ways round. */
	tetress_piece_slide(&p, 0, 1);
	ck_assert_int_eq(p.anchor, cell(0, 0));
	tetress_piece_slide(&p, -1, 0);
	ck_assert_int_eq(p.anchor, cell(10, 0));
	tetress_piece_slide(&p, 1, -1);
	ck_assert_int_eq(p.anchor, cell(0, 10));
	tetress_piece_slide(&p, 22, -33);
	ck_assert_int_eq(p.anchor, cell(0, 10));
	/* Standing up on 0-0, the I reaches from row 10 to row 2. */
	struct game_piece v = {0, 1, cell(0, 0)};
	sorted_cells(&v, cells);
	ck_assert_int_eq(cells[0], cell(0, 0));
	ck_assert_int_eq(cells[1], cell(1, 0));
	ck_assert_int_eq(cells[2], cell(2, 0));
	ck_assert_int_eq(cells[3], cell(10, 0));
	/* A T pointing up on 0-0 reaches over both seams. */
	struct game_piece t = {2, 0, cell(0, 0)};
	ops->format_move(&pos, tetress_piece_move(&t), text, sizeof text);
	ck_assert_str_eq(text, "0-0,0-1,0-10,10-0");
}
END_TEST

static void
assert_refused(const struct game_pos *pos, struct game_piece p, const char *why)
{
	char err[256], typed[64];
	ck_assert_msg(!tetress_piece_check(pos, &p, err, sizeof err),
	              "%c turn %d at %d accepted",
	              TETRESS_PIECE_LETTERS[p.kind], p.turn, p.anchor);
	ck_assert_msg(strstr(err, why) != NULL, "'%s' lacks '%s'", err, why);
	/* The same words as typing the move. */
	game_move m;
	char typed_err[256];
	ops->format_move(pos, tetress_piece_move(&p), typed, sizeof typed);
	ck_assert(
	        !ops->parse_move(pos, typed, &m, typed_err, sizeof typed_err));
	ck_assert_str_eq(err, typed_err);
}

START_TEST(test_check_reasons)
{
	struct game_pos pos;
	char err[256];
	pos_from(&pos, "rrrr......./.........../.........../"
	               ".........../.........../.........../.........../"
	               ".........../.........../.........../.....bbbb.. r 2");
	/* I flat over 0-2..0-5: 0-2 and 0-3 are Red's. */
	assert_refused(&pos, (struct game_piece){0, 0, cell(0, 3)},
	               "cell 0-2 is occupied");
	assert_refused(&pos, (struct game_piece){1, 0, cell(5, 5)},
	               "touches a Red token");
	/* Touching only Blue does not count. */
	assert_refused(&pos, (struct game_piece){0, 0, cell(9, 6)},
	               "touches a Red token");
	/* Across the seam: row 10 touches Red's row 0. */
	struct game_piece ok = {0, 0, cell(10, 1)};
	ck_assert_msg(tetress_piece_check(&pos, &ok, err, sizeof err), "%s",
	              err);
	/* An O over the side seam (1-10, 1-0, 2-10, 2-0) touches 0-0. */
	struct game_piece o = {1, 0, cell(1, 10)};
	ck_assert_msg(tetress_piece_check(&pos, &o, err, sizeof err), "%s",
	              err);
	pos_from(&pos, ".........../.........../.........../.........../"
	               ".........../.........../.........../.........../"
	               ".........../.........../........... r 150");
	assert_refused(&pos, (struct game_piece){2, 0, cell(5, 5)},
	               "game is over");
	/* Through the game's capabilities, out-of-range pieces are refused. */
	const struct game_pieces *pc = ops->caps.pieces;
	ck_assert_ptr_nonnull(pc);
	ck_assert_int_eq(ops->caps.input, GAME_INPUT_PIECE);
	ck_assert_str_eq(pc->letters, "IOTJLSZ");
	ops->init(&pos, NULL);
	static const struct game_piece bad[] = {{7, 0, 0},   {-1, 0, 0},
	                                        {1, 1, 0},   {2, 4, 0},
	                                        {2, 0, 121}, {2, 0, -1}};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert(!pc->check(&pos, &bad[i], err, sizeof err));
		ck_assert_msg(strstr(err, "not a piece") != NULL, "%s", err);
	}
}
END_TEST

/* The moves of one kind that gen_moves lists, as a set of placements. */
static int
kind_moves(const struct game_pos *pos, int kind, bool legal[])
{
	game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(pos, moves), count = 0;
	memset(legal, 0, TETRESS_PLACEMENTS * sizeof legal[0]);
	for (int i = 0; i < n; i++) {
		if (tetress_piece_of_move(moves[i]).kind == kind) {
			legal[moves[i]] = true;
			count++;
		}
	}
	return count;
}

static int
torus_gap(int a, int b)
{
	int d = abs(a - b);
	return d < SIDE - d ? d : SIDE - d;
}

static int
distance(int a, int b)
{
	return torus_gap(a / SIDE, b / SIDE) + torus_gap(a % SIDE, b % SIDE);
}

/* The scan lists exactly the legal placements of the kind, each once,
 * nearest first, and centre first when it is legal. */
static void
assert_scan(const struct game_pos *pos, struct game_piece centre)
{
	static bool legal[TETRESS_PLACEMENTS], seen[TETRESS_PLACEMENTS];
	struct game_piece out[TETRESS_PIECE_MAX_SCAN];
	int want = kind_moves(pos, centre.kind, legal);
	int n = tetress_piece_scan(pos, &centre, out, TETRESS_PIECE_MAX_SCAN);
	ck_assert_int_eq(n, want);
	memset(seen, 0, sizeof seen);
	int last = 0;
	for (int i = 0; i < n; i++) {
		game_move m = tetress_piece_move(&out[i]);
		ck_assert_int_eq(out[i].kind, centre.kind);
		ck_assert_msg(legal[m] && !seen[m], "scan %d: move %u", i,
		              (unsigned)m);
		seen[m] = true;
		int d = distance(out[i].anchor, centre.anchor);
		ck_assert_int_ge(d, last);
		last = d;
	}
	char err[256];
	if (tetress_piece_check(pos, &centre, err, sizeof err)) {
		ck_assert_int_ge(n, 1);
		ck_assert_uint_eq(tetress_piece_move(&out[0]),
		                  tetress_piece_move(&centre));
	}
	/* A short buffer still gets the count and the nearest ones. */
	struct game_piece few[2];
	ck_assert_int_eq(tetress_piece_scan(pos, &centre, few, 2), n);
	for (int i = 0; i < 2 && i < n; i++)
		ck_assert_uint_eq(tetress_piece_move(&few[i]),
		                  tetress_piece_move(&out[i]));
}

START_TEST(test_scan_order_and_wrap)
{
	struct game_pos pos;
	struct game_piece out[TETRESS_PIECE_MAX_SCAN];
	ops->init(&pos, NULL);
	/* First action: every placement is legal. */
	struct game_piece t = {2, 1, cell(5, 5)};
	ck_assert_int_eq(
	        tetress_piece_scan(&pos, &t, out, TETRESS_PIECE_MAX_SCAN),
	        4 * 121);
	assert_scan(&pos, t);
	/* The centre's anchor comes first, its turns from the centre's on. */
	for (int i = 0; i < 4; i++) {
		ck_assert_int_eq(out[i].anchor, cell(5, 5));
		ck_assert_int_eq(out[i].turn, (1 + i) % 4);
	}
	/* Then distance 1, rows top to bottom, columns left to right. */
	ck_assert_int_eq(out[4].anchor, cell(4, 5));
	ck_assert_int_eq(out[8].anchor, cell(5, 4));
	/* Red's I on row 0; Red to move again (third action). */
	pos_from(&pos, "rrrr......./.........../.........../"
	               ".........../.........../.........../.........../"
	               ".........../.........../.........../.....bbbb.. r 2");
	/* A flat I on 8-1 touches nothing; standing on 8-1 (rows 7..10) it
	 * touches 0-1 over the bottom seam, so that comes first; the nearest
	 * flat one is on row 10 (10-0..10-3, distance 2), nearer than any
	 * on row 1 (distance 4 the short way round). */
	struct game_piece i = {0, 0, cell(8, 1)};
	int n = tetress_piece_scan(&pos, &i, out, TETRESS_PIECE_MAX_SCAN);
	ck_assert_int_gt(n, 0);
	ck_assert_int_eq(out[0].anchor, cell(8, 1));
	ck_assert_int_eq(out[0].turn, 1);
	int flat = 0;
	while (flat < n && out[flat].turn != 0)
		flat++;
	ck_assert_int_lt(flat, n);
	ck_assert_int_eq(out[flat].anchor, cell(10, 1));
	for (int k = 0; k < TETRESS_PIECE_KINDS; k++)
		for (int a = 0; a < 121; a += 7)
			assert_scan(&pos, (struct game_piece){k, 0, a});
}
END_TEST

START_TEST(test_kinds_playable)
{
	struct game_pos pos;
	static bool legal[TETRESS_PLACEMENTS];
	ops->init(&pos, NULL);
	ck_assert_uint_eq(tetress_piece_kinds_playable(&pos), 0x7f);
	/* Four free cells in a row (5-0..5-3) and single free cells that no
	 * piece can use: only a flat I fits. */
	static const char *const rows =
	        "rrrr.rrrrrr/rrrrrr.rrrr/rrrrrrrr.rr/rrrrrrrrrr./"
	        "rrrrrr.rrrr/....rrrrrrr/rrrrrrrr.rr/rrrrr.rrrrr/"
	        "rrrrrrr.rrr/rrrrrrrrr.r/rrrrrrrrrr.";
	char text[256];
	snprintf(text, sizeof text, "%s r 20", rows);
	pos_from(&pos, text);
	ck_assert_uint_eq(tetress_piece_kinds_playable(&pos), 1u << 0);
	struct game_piece flat = {0, 0, cell(5, 1)};
	char err[256];
	ck_assert_msg(tetress_piece_check(&pos, &flat, err, sizeof err), "%s",
	              err);
	/* Blue has no token to touch: nothing at all. */
	snprintf(text, sizeof text, "%s b 21", rows);
	pos_from(&pos, text);
	ck_assert_uint_eq(tetress_piece_kinds_playable(&pos), 0);
	/* Random games: the mask agrees with the move generator. */
	struct rng rng;
	rng_seed(&rng, 12345);
	for (int game = 0; game < 20; game++) {
		ops->init(&pos, NULL);
		for (int ply = 0; ply < 150; ply++) {
			unsigned want = 0;
			for (int k = 0; k < TETRESS_PIECE_KINDS; k++)
				if (kind_moves(&pos, k, legal) > 0)
					want |= 1u << k;
			ck_assert_uint_eq(tetress_piece_kinds_playable(&pos),
			                  want);
			game_move moves[GAME_MAX_MOVES];
			int n = ops->gen_moves(&pos, moves);
			if (n == 0)
				break;
			ops->play(&pos, moves[rng_next(&rng) % (uint64_t)n]);
		}
	}
}
END_TEST

/* Keys the piece cursor needs for a placement q from piece p (man page:
 * KEYS): a letter if the kind differs, the fewer of r and R presses, the
 * slide (arrows and the keypad's diagonals: the larger of the row and
 * column distances round the torus) and Enter; or the letter, Tab up to
 * q in the scan around p, and Enter, when that is fewer. */
static int
piece_keys(const struct game_pos *pos, struct game_piece p, struct game_piece q)
{
	int keys = p.kind != q.kind ? 1 : 0;
	int n = tetress_piece_turns(q.kind);
	int turn = p.turn % n;
	int cw = ((q.turn - turn) % n + n) % n;
	int slide = torus_gap(p.anchor / SIDE, q.anchor / SIDE);
	int cols = torus_gap(p.anchor % SIDE, q.anchor % SIDE);
	if (cols > slide)
		slide = cols;
	int steer = keys + (cw < n - cw ? cw : n - cw) + slide + 1;
	static struct game_piece out[TETRESS_PIECE_MAX_SCAN];
	struct game_piece centre = {q.kind, turn, p.anchor};
	int found =
	        tetress_piece_scan(pos, &centre, out, TETRESS_PIECE_MAX_SCAN);
	char err[256];
	bool legal = tetress_piece_check(pos, &centre, err, sizeof err);
	for (int i = 0; i < found; i++) {
		if (tetress_piece_move(&out[i]) != tetress_piece_move(&q))
			continue;
		int tabs = legal ? i : i + 1;
		return keys + tabs + 1 < steer ? keys + tabs + 1 : steer;
	}
	return steer;
}

/* Keys per placement over random games, the piece cursor staying where
 * each side last placed: printed for the record, and bounded. */
START_TEST(test_keys_per_placement)
{
	static game_move moves[GAME_MAX_MOVES];
	struct rng rng;
	rng_seed(&rng, 7);
	long count[10] = {0}, total = 0, sum = 0;
	int most = 0;
	for (int game = 0; game < 10; game++) {
		struct game_pos pos;
		ops->init(&pos, NULL);
		struct game_piece at[2] = {{2, 0, cell(5, 5)},
		                           {2, 0, cell(5, 5)}};
		for (int ply = 0; ply < 150; ply++) {
			int n = ops->gen_moves(&pos, moves);
			if (n == 0)
				break;
			game_move m = moves[rng_next(&rng) % (uint64_t)n];
			struct game_piece q = tetress_piece_of_move(m);
			int side = ops->side_to_move(&pos);
			int keys = piece_keys(&pos, at[side], q);
			count[keys < 9 ? keys : 9]++;
			most = keys > most ? keys : most;
			sum += keys;
			total++;
			at[side] = q;
			ops->play(&pos, m);
		}
	}
	fprintf(stderr,
	        "tetress: %ld placements with the piece cursor: keys 1: %ld, "
	        "2: %ld, 3: %ld, 4: %ld, 5: %ld, 6: %ld, 7: %ld, 8: %ld, 9: "
	        "%ld; %.1f on average\n",
	        total, count[1], count[2], count[3], count[4], count[5],
	        count[6], count[7], count[8], count[9],
	        (double)sum / (double)total);
	ck_assert_int_gt(total, 100);
	ck_assert_int_eq(count[0], 0);
	/* At most a letter, two turns, five slides (anywhere on the torus
	 * is that near) and Enter. */
	ck_assert_int_le(most, 9);
}
END_TEST

static Suite *
tetress_piece_suite(void)
{
	Suite *s = suite_create("tetress-piece");
	TCase *tc = tcase_create("piece");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_letters_and_turns);
	tcase_add_test(tc, test_turns_are_quarter_turns);
	tcase_add_test(tc, test_moves_round_trip);
	tcase_add_test(tc, test_slide_and_cells_wrap);
	tcase_add_test(tc, test_check_reasons);
	tcase_add_test(tc, test_scan_order_and_wrap);
	tcase_add_test(tc, test_kinds_playable);
	tcase_add_test(tc, test_keys_per_placement);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return testutil_run_suite(tetress_piece_suite());
}
