/*
 * The batch-file scorer, a transcription of the challenge's quoted Python:
 *
 *   a = [0] * 23; for each piece: b = rows shifted by x; y = 0; fall while
 *   no collision; y -= 1; if y < 3: clear the grid; else add the piece and
 *   for i in reversed(range(bh)): if a[y+i] is full: n += 1; del a[y+i];
 *   a = [0] + a; score += 2^n - 1.
 *
 * The text rule differs only in the order the piece's rows are checked
 * (top-down, so all full rows go; see tetris.c).  Rows are 32-bit so that a
 * column up to 15 (which the Python accepts) keeps its cells past the wall.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "games/tetris-score.h"

enum {
	SCORE_GRID_ROWS = 23, /* 20 visible rows under 3 hidden ones */
	SCORE_HIDDEN_ROWS = 3,
	SCORE_MAX_ROTATION = 3
};

static const uint32_t SCORE_FULL = (1u << TETRIS_COLS) - 1;

/* The Python's t[r][p] (rows top first, bit 0 = leftmost) and th[r][p]. */
/* clang-format off */
static const uint8_t SCORE_ROWS[4][7][4] = {
	{{3, 3}, {1, 1, 1, 1}, {3, 6}, {2, 2, 3}, {1, 1, 3}, {6, 3}, {7, 2}},
	{{3, 3}, {15}, {2, 3, 1}, {7, 4}, {4, 7}, {1, 3, 2}, {1, 3, 1}},
	{{3, 3}, {1, 1, 1, 1}, {3, 6}, {3, 1, 1}, {3, 2, 2}, {6, 3}, {2, 7}},
	{{3, 3}, {15}, {2, 3, 1}, {1, 7}, {7, 1}, {1, 3, 2}, {2, 3, 2}}};
static const int SCORE_HEIGHT[4][7] = {{2, 4, 2, 3, 3, 2, 2},
				       {2, 1, 3, 2, 2, 3, 3},
				       {2, 4, 2, 3, 3, 2, 2},
				       {2, 1, 3, 2, 2, 3, 3}};
static const int SCORE_WIDTH[4][7] = {{2, 1, 3, 2, 2, 3, 3},
				      {2, 4, 2, 3, 3, 2, 2},
				      {2, 1, 3, 2, 2, 3, 3},
				      {2, 4, 2, 3, 3, 2, 2}};
/* clang-format on */

/* The row the piece stops at (top of the piece; < 3 means no room). */
static int
score_fall(const uint32_t *a, const uint32_t *b, int bh)
{
	int y = 0;
	for (;;) {
		if (y > SCORE_GRID_ROWS - bh)
			break;
		bool free = true;
		for (int i = 0; i < bh && free; i++)
			free = (a[y + i] & b[i]) == 0;
		if (!free)
			break;
		y++;
	}
	return y - 1;
}

/* Adds the piece at y and collapses; returns the rows cleared. */
static int
score_settle(uint32_t *a, const uint32_t *b, int bh, int y,
             enum tetris_rules rules)
{
	int n = 0;
	for (int i = 0; i < bh; i++)
		a[y + i] |= b[i];
	for (int j = 0; j < bh; j++) {
		int i = rules == TETRIS_RULES_TEXT ? j : bh - 1 - j;
		if (a[y + i] == SCORE_FULL) {
			n++;
			memmove(a + 1, a, (size_t)(y + i) * sizeof a[0]);
			a[0] = 0;
		}
	}
	return n;
}

static bool
score_check_byte(size_t k, int p, int r, int x, enum tetris_rules rules,
                 char *err, size_t err_size)
{
	if (r > SCORE_MAX_ROTATION) {
		snprintf(err, err_size,
		         "piece %zu: rotation %d out of range 0..3", k + 1, r);
		return false;
	}
	if (rules == TETRIS_RULES_TEXT && x > TETRIS_COLS - SCORE_WIDTH[r][p]) {
		snprintf(err, err_size,
		         "piece %zu: column %d out of range 0..%d for %c in "
		         "rotation %d",
		         k + 1, x, TETRIS_COLS - SCORE_WIDTH[r][p],
		         tetris_piece_letter(p), r);
		return false;
	}
	return true;
}

bool
tetris_score(const uint8_t *in, size_t n_in, const uint8_t *out, size_t n_out,
             enum tetris_rules rules, struct tetris_score_result *res,
             char *err, size_t err_size)
{
	uint32_t a[SCORE_GRID_ROWS] = {0};
	memset(res, 0, sizeof *res);
	res->pieces = n_in < n_out ? n_in : n_out;
	for (size_t k = 0; k < res->pieces; k++) {
		int p = in[k] % TETRIS_PIECES, r = out[k] >> TETRIS_MOVE_X_BITS,
		    x = out[k] & ((1 << TETRIS_MOVE_X_BITS) - 1);
		if (!score_check_byte(k, p, r, x, rules, err, err_size))
			return false;
		int bh = SCORE_HEIGHT[r][p];
		uint32_t b[TETRIS_SHAPE_MAX];
		for (int i = 0; i < bh; i++)
			b[i] = (uint32_t)SCORE_ROWS[r][p][i] << x;
		int y = score_fall(a, b, bh);
		if (y < SCORE_HIDDEN_ROWS) {
			memset(a, 0, sizeof a);
			res->resets++;
			continue;
		}
		int n = score_settle(a, b, bh, y, rules);
		res->clears[n]++;
		res->score += (1u << n) - 1;
	}
	for (int i = 0; i < SCORE_GRID_ROWS; i++)
		res->full_rows_left += a[i] == SCORE_FULL;
	return true;
}
