/*
 * Tetris strategy, the rules: the piece table, the drop, the collapse under
 * both scoring rules, and the game interface (position strings, moves, the
 * piece stream).  The strategy lives in tetris-strategy.c, the independent
 * scorer of batch files in tetris-score.c.
 *
 * The well is kept bottom-up (rows[0] is the floor) with the column heights
 * alongside, so a drop is a maximum over at most four columns: a piece falls
 * from above and stops on the highest filled cell under any of its columns,
 * which is exactly where the challenge's step-by-step fall stops it.
 */
#include "config.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tetris.h"
#include "games/tetris-bench.h"
#include "games/tetris-strategy.h"
#include "core/text.h"

static_assert(sizeof(struct tetris_pos) <= GAME_POS_BYTES,
              "struct tetris_pos must fit in struct game_pos");

static const char TETRIS_LETTERS[] = "OIZJLST";
static const unsigned TETRIS_X_MASK = (1u << TETRIS_MOVE_X_BITS) - 1;

/*
 * The challenge's table, turned bottom-up: masks, and for each column the
 * lowest and one-above-highest filled row.  check_tetris.c derives the same
 * numbers from the quoted Python scorer's rows and compares.
 */
/* clang-format off */
static const struct tetris_shape TETRIS_SHAPES[TETRIS_PIECES][TETRIS_ROTATIONS] = {
	{
		{2, 2, {0x3, 0x3, 0x0, 0x0}, {0, 0, 0, 0}, {2, 2, 0, 0}}, /* O r0 */
		{2, 2, {0x3, 0x3, 0x0, 0x0}, {0, 0, 0, 0}, {2, 2, 0, 0}}, /* O r1 */
		{2, 2, {0x3, 0x3, 0x0, 0x0}, {0, 0, 0, 0}, {2, 2, 0, 0}}, /* O r2 */
		{2, 2, {0x3, 0x3, 0x0, 0x0}, {0, 0, 0, 0}, {2, 2, 0, 0}}, /* O r3 */
	},
	{
		{1, 4, {0x1, 0x1, 0x1, 0x1}, {0, 0, 0, 0}, {4, 0, 0, 0}}, /* I r0 */
		{4, 1, {0xf, 0x0, 0x0, 0x0}, {0, 0, 0, 0}, {1, 1, 1, 1}}, /* I r1 */
		{1, 4, {0x1, 0x1, 0x1, 0x1}, {0, 0, 0, 0}, {4, 0, 0, 0}}, /* I r2 */
		{4, 1, {0xf, 0x0, 0x0, 0x0}, {0, 0, 0, 0}, {1, 1, 1, 1}}, /* I r3 */
	},
	{
		{3, 2, {0x6, 0x3, 0x0, 0x0}, {1, 0, 0, 0}, {2, 2, 1, 0}}, /* Z r0 */
		{2, 3, {0x1, 0x3, 0x2, 0x0}, {0, 1, 0, 0}, {2, 3, 0, 0}}, /* Z r1 */
		{3, 2, {0x6, 0x3, 0x0, 0x0}, {1, 0, 0, 0}, {2, 2, 1, 0}}, /* Z r2 */
		{2, 3, {0x1, 0x3, 0x2, 0x0}, {0, 1, 0, 0}, {2, 3, 0, 0}}, /* Z r3 */
	},
	{
		{2, 3, {0x3, 0x2, 0x2, 0x0}, {0, 0, 0, 0}, {1, 3, 0, 0}}, /* J r0 */
		{3, 2, {0x4, 0x7, 0x0, 0x0}, {1, 1, 0, 0}, {2, 2, 2, 0}}, /* J r1 */
		{2, 3, {0x1, 0x1, 0x3, 0x0}, {0, 2, 0, 0}, {3, 3, 0, 0}}, /* J r2 */
		{3, 2, {0x7, 0x1, 0x0, 0x0}, {0, 0, 0, 0}, {2, 1, 1, 0}}, /* J r3 */
	},
	{
		{2, 3, {0x3, 0x1, 0x1, 0x0}, {0, 0, 0, 0}, {3, 1, 0, 0}}, /* L r0 */
		{3, 2, {0x7, 0x4, 0x0, 0x0}, {0, 0, 0, 0}, {1, 1, 2, 0}}, /* L r1 */
		{2, 3, {0x2, 0x2, 0x3, 0x0}, {2, 0, 0, 0}, {3, 3, 0, 0}}, /* L r2 */
		{3, 2, {0x1, 0x7, 0x0, 0x0}, {0, 1, 1, 0}, {2, 2, 2, 0}}, /* L r3 */
	},
	{
		{3, 2, {0x3, 0x6, 0x0, 0x0}, {0, 0, 1, 0}, {1, 2, 2, 0}}, /* S r0 */
		{2, 3, {0x2, 0x3, 0x1, 0x0}, {1, 0, 0, 0}, {3, 2, 0, 0}}, /* S r1 */
		{3, 2, {0x3, 0x6, 0x0, 0x0}, {0, 0, 1, 0}, {1, 2, 2, 0}}, /* S r2 */
		{2, 3, {0x2, 0x3, 0x1, 0x0}, {1, 0, 0, 0}, {3, 2, 0, 0}}, /* S r3 */
	},
	{
		{3, 2, {0x2, 0x7, 0x0, 0x0}, {1, 0, 1, 0}, {2, 2, 2, 0}}, /* T r0 */
		{2, 3, {0x1, 0x3, 0x1, 0x0}, {0, 1, 0, 0}, {3, 2, 0, 0}}, /* T r1 */
		{3, 2, {0x7, 0x2, 0x0, 0x0}, {0, 0, 0, 0}, {1, 2, 1, 0}}, /* T r2 */
		{2, 3, {0x2, 0x3, 0x2, 0x0}, {1, 0, 0, 0}, {2, 3, 0, 0}}, /* T r3 */
	},
};
/* clang-format on */

const struct tetris_shape *
tetris_shape(int piece, int rotation)
{
	return &TETRIS_SHAPES[piece][rotation];
}

char
tetris_piece_letter(int piece)
{
	return piece >= 0 && piece < TETRIS_PIECES ? TETRIS_LETTERS[piece]
	                                           : '-';
}

int
tetris_piece_from_letter(char c)
{
	const char *p = strchr(TETRIS_LETTERS, toupper((unsigned char)c));
	return c != '\0' && p != NULL ? (int)(p - TETRIS_LETTERS)
	                              : TETRIS_NO_PIECE;
}

game_move
tetris_move_make(int rotation, int column)
{
	return (game_move)rotation << TETRIS_MOVE_X_BITS | (game_move)column;
}

int
tetris_move_rotation(game_move move)
{
	return (int)(move >> TETRIS_MOVE_X_BITS);
}

int
tetris_move_column(game_move move)
{
	return (int)(move & TETRIS_X_MASK);
}

bool
tetris_move_valid(int piece, game_move move)
{
	int r = tetris_move_rotation(move), x = tetris_move_column(move);
	if (piece < 0 || piece >= TETRIS_PIECES || r >= TETRIS_ROTATIONS)
		return false;
	return x <= TETRIS_COLS - TETRIS_SHAPES[piece][r].width;
}

void
tetris_well_clear(struct tetris_well *w)
{
	memset(w, 0, sizeof *w);
}

int
tetris_points(int rows_cleared)
{
	return (1 << rows_cleared) - 1;
}

/* Index of the lowest set bit of v != 0. */
static int
tetris_lowest_bit(unsigned v)
{
#if defined(__GNUC__)
	return __builtin_ctz(v);
#else
	int i = 0;
	for (; !(v & 1u); v >>= 1)
		i++;
	return i;
#endif
}

/* Heights from scratch, after rows moved. */
static void
tetris_well_rebuild_heights(struct tetris_well *w, int top)
{
	unsigned seen = 0;
	memset(w->heights, 0, sizeof w->heights);
	for (int r = top - 1; r >= 0 && seen != TETRIS_FULL_ROW; r--) {
		unsigned fresh = w->rows[r] & ~seen;
		seen |= fresh;
		for (; fresh != 0; fresh &= fresh - 1)
			w->heights[tetris_lowest_bit(fresh)] = (uint8_t)(r + 1);
	}
}

/* Removes row r; the rows above move down one, an empty row enters. */
static void
tetris_rows_delete(uint16_t *rows, int r)
{
	int last = TETRIS_ROWS + TETRIS_ROW_SLACK - 1;
	memmove(&rows[r], &rows[r + 1], (size_t)(last - r) * sizeof rows[0]);
	rows[last] = 0;
}

/*
 * The collapse over the rows the piece spans.  Text rule: every full row
 * goes, which deleting top-down achieves (a deletion never moves the rows
 * below it).  Reference rule: the quoted Python deletes bottom-up and after
 * a deletion checks the next index up, which now holds the row two above the
 * one deleted: a row directly above a deleted one is never checked.
 */
int
tetris_rows_collapse(uint16_t *rows, int base, int height,
                     enum tetris_rules rules)
{
	int n = 0;
	for (int k = 0; k < height; k++) {
		int r = rules == TETRIS_RULES_TEXT ? base + height - 1 - k
		                                   : base + k;
		if (rows[r] == TETRIS_FULL_ROW) {
			tetris_rows_delete(rows, r);
			n++;
		}
	}
	return n;
}

int
tetris_well_rest_row(const struct tetris_well *w, int piece, game_move move)
{
	const struct tetris_shape *s =
	        &TETRIS_SHAPES[piece][tetris_move_rotation(move)];
	int x = tetris_move_column(move), base = 0;
	for (int c = 0; c < s->width; c++) {
		int b = w->heights[x + c] - s->bottom[c];
		if (b > base)
			base = b;
	}
	return base;
}

int
tetris_well_drop(struct tetris_well *w, int piece, game_move move,
                 enum tetris_rules rules)
{
	const struct tetris_shape *s =
	        &TETRIS_SHAPES[piece][tetris_move_rotation(move)];
	int x = tetris_move_column(move);
	int base = tetris_well_rest_row(w, piece, move);
	if (base + s->height > TETRIS_ROWS) {
		tetris_well_clear(w);
		return TETRIS_DROP_RESET;
	}
	bool full = false;
	for (int i = 0; i < s->height; i++) {
		w->rows[base + i] |= (uint16_t)(s->mask[i] << x);
		full |= w->rows[base + i] == TETRIS_FULL_ROW;
	}
	for (int c = 0; c < s->width; c++)
		w->heights[x + c] = (uint8_t)(base + s->top[c]);
	if (!full)
		return 0;
	int top = 0;
	for (int c = 0; c < TETRIS_COLS; c++)
		top = w->heights[c] > top ? w->heights[c] : top;
	int n = tetris_rows_collapse(w->rows, base, s->height, rules);
	tetris_well_rebuild_heights(w, top);
	return n;
}

bool
tetris_rules_parse(const char *text, enum tetris_rules *rules)
{
	if (strcmp(text, "text") == 0)
		*rules = TETRIS_RULES_TEXT;
	else if (strcmp(text, "reference") == 0)
		*rules = TETRIS_RULES_REFERENCE;
	else
		return false;
	return true;
}

const char *
tetris_rules_name(enum tetris_rules rules)
{
	return rules == TETRIS_RULES_REFERENCE ? "reference" : "text";
}

/* ---- The game interface ---- */

static const struct tetris_pos *
tetris_pos_const(const struct game_pos *pos)
{
	return (const struct tetris_pos *)pos->bytes;
}

const struct tetris_pos *
tetris_pos_of(const struct game_pos *pos)
{
	return tetris_pos_const(pos);
}

static struct tetris_pos *
tetris_pos_mut(struct game_pos *pos)
{
	return (struct tetris_pos *)pos->bytes;
}

static void
tetris_init(struct game_pos *pos, const struct game_setup *setup)
{
	(void)setup; /* the pieces come from the stream, not from a seed */
	memset(pos, 0, sizeof *pos);
	struct tetris_pos *p = tetris_pos_mut(pos);
	p->current = p->next = TETRIS_NO_PIECE;
	p->rules = TETRIS_RULES_TEXT;
}

static int
tetris_gen_moves(const struct game_pos *pos, game_move *moves)
{
	const struct tetris_pos *p = tetris_pos_const(pos);
	int n = 0;
	if (p->current == TETRIS_NO_PIECE)
		return 0;
	for (int r = 0; r < TETRIS_ROTATIONS; r++) {
		int width = TETRIS_SHAPES[p->current][r].width;
		for (int x = 0; x <= TETRIS_COLS - width; x++)
			moves[n++] = tetris_move_make(r, x);
	}
	return n;
}

static void
tetris_play(struct game_pos *pos, game_move move)
{
	struct tetris_pos *p = tetris_pos_mut(pos);
	int n = tetris_well_drop(&p->well, p->current, move, p->rules);
	if (n > 0)
		p->score += (uint64_t)tetris_points(n);
	p->current = p->next;
	p->next = TETRIS_NO_PIECE;
}

static void
tetris_status(const struct game_pos *pos, struct game_status *status)
{
	bool over = tetris_pos_const(pos)->current == TETRIS_NO_PIECE;
	status->outcome = over ? OUTCOME_FINISHED : OUTCOME_ONGOING;
	status->reason = over ? "no more pieces" : NULL;
}

static int
tetris_side_to_move(const struct game_pos *pos)
{
	(void)pos; /* one player */
	return 0;
}

/* The score is left out: two positions with the same well and pieces have
 * the same future, which is what a transposition table wants to know. */
static uint64_t
tetris_hash(const struct game_pos *pos)
{
	const struct tetris_pos *p = tetris_pos_const(pos);
	uint64_t h = 0x243F6A8885A308D3ULL;
	for (int r = 0; r < TETRIS_ROWS; r++) {
		h ^= (uint64_t)p->well.rows[r] << 8 | (uint64_t)r;
		h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
		h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
	}
	h ^= (uint64_t)(p->current + 2) << 40 ^ (uint64_t)(p->next + 2) << 48 ^
	     (uint64_t)p->rules << 56;
	return h ^ (h >> 31);
}

static int
tetris_evaluate(const struct game_pos *pos)
{
	const struct tetris_pos *p = tetris_pos_const(pos);
	return tetris_strategy_evaluate(&p->well, (enum tetris_rules)p->rules);
}

/* Points are worth this many evaluation units in a plan's value. */
static const int TETRIS_PLAN_POINT = 100;

/* The strategy's line: its move for the current piece (seeing the next
 * one), then its move for the next piece (seeing nothing after it), just as
 * the batch mode decides.  The value is the points the line scores plus
 * the evaluation of the well it leaves. */
static int
tetris_plan(const struct game_pos *pos, game_move *pv, int pv_max, int *score)
{
	struct game_pos line = *pos;
	int n = 0;
	for (; n < pv_max; n++) {
		const struct tetris_pos *p = tetris_pos_const(&line);
		if (p->current == TETRIS_NO_PIECE)
			break;
		enum tetris_rules rules = (enum tetris_rules)p->rules;
		struct tetris_window win = {.current = p->current,
		                            .next = p->next};
		pv[n] = tetris_strategy_choose(&p->well, win, rules,
		                               tetris_weights_for(rules));
		tetris_play(&line, pv[n]);
	}
	uint64_t gained =
	        tetris_pos_const(&line)->score - tetris_pos_const(pos)->score;
	*score = (int)gained * TETRIS_PLAN_POINT + tetris_evaluate(&line);
	return n;
}

static void
tetris_format_move(const struct game_pos *pos, game_move move, char *buf,
                   size_t size)
{
	(void)pos;
	snprintf(buf, size, "r%dx%d", tetris_move_rotation(move),
	         tetris_move_column(move));
}

/* Reads "r<rot>x<col>" or a decimal byte into a rotation and column. */
static bool
tetris_parse_move_text(const char *text, uint64_t *rot, uint64_t *col)
{
	const uint64_t BYTE_MAX = 255;
	const char *s = text;
	uint64_t v;
	if (*s == 'r') {
		s++;
		if (!text_read_u64(&s, BYTE_MAX, rot) || *s++ != 'x' ||
		    !text_read_u64(&s, BYTE_MAX, col))
			return false;
		return *s == '\0';
	}
	if (!text_read_u64(&s, BYTE_MAX, &v) || *s != '\0')
		return false;
	*rot = v >> TETRIS_MOVE_X_BITS;
	*col = v & TETRIS_X_MASK;
	return true;
}

static bool
tetris_parse_move(const struct game_pos *pos, const char *text, game_move *move,
                  char *err, size_t err_size)
{
	const struct tetris_pos *p = tetris_pos_const(pos);
	char buf[32];
	uint64_t r, x;
	if (!text_squeeze(text, buf, sizeof buf) ||
	    !tetris_parse_move_text(buf, &r, &x)) {
		snprintf(err, err_size,
		         "malformed move '%s': expected r<rotation>x<column> "
		         "such as r1x4, or a byte value 0..255",
		         text);
		return false;
	}
	if (p->current == TETRIS_NO_PIECE) {
		snprintf(err, err_size,
		         "no piece to place: the stream is over");
		return false;
	}
	if (r >= TETRIS_ROTATIONS) {
		snprintf(err, err_size,
		         "rotation %" PRIu64 " is out of range 0..3", r);
		return false;
	}
	int width = TETRIS_SHAPES[p->current][r].width;
	if (x > (uint64_t)(TETRIS_COLS - width)) {
		snprintf(err, err_size,
		         "column %" PRIu64 " is out of range 0..%d for %c in "
		         "rotation %" PRIu64,
		         x, TETRIS_COLS - width,
		         tetris_piece_letter(p->current), r);
		return false;
	}
	*move = tetris_move_make((int)r, (int)x);
	return true;
}

static void
tetris_format_pos(const struct game_pos *pos, char *buf, size_t size)
{
	const struct tetris_pos *p = tetris_pos_const(pos);
	char text[TETRIS_ROWS * (TETRIS_COLS + 1) + 64];
	size_t n = 0;
	for (int r = TETRIS_ROWS - 1; r >= 0; r--) {
		for (int c = 0; c < TETRIS_COLS; c++)
			text[n++] = p->well.rows[r] >> c & 1u ? '#' : '.';
		text[n++] = r > 0 ? '/' : ' ';
	}
	snprintf(text + n, sizeof text - n, "%c %c %" PRIu64 "%s",
	         tetris_piece_letter(p->current), tetris_piece_letter(p->next),
	         p->score,
	         p->rules == TETRIS_RULES_REFERENCE ? " reference" : "");
	snprintf(buf, size, "%s", text);
}

/* Fills the well from "row/row/..." (top row first). */
static bool
tetris_parse_rows(struct tetris_well *w, const char *text, char *err,
                  size_t err_size)
{
	const char *s = text;
	for (int i = 0; i < TETRIS_ROWS; i++) {
		int r = TETRIS_ROWS - 1 - i;
		for (int c = 0; c < TETRIS_COLS; c++, s++) {
			if (*s == '#') {
				w->rows[r] |= (uint16_t)(1u << c);
			} else if (*s != '.') {
				snprintf(
				        err, err_size,
				        "row %d of the well: expected %d cells "
				        "of '#' or '.', found '%c' at cell %d",
				        i + 1, TETRIS_COLS, *s ? *s : ' ',
				        c + 1);
				return false;
			}
		}
		char want = i + 1 < TETRIS_ROWS ? '/' : '\0';
		if (*s != want) {
			snprintf(err, err_size,
			         "row %d of the well: expected %s after %d "
			         "cells",
			         i + 1, want ? "'/'" : "the end of the rows",
			         TETRIS_COLS);
			return false;
		}
		s++;
	}
	return true;
}

/* Reads the piece tokens: a letter or '-', never a next without a current. */
static bool
tetris_parse_pieces(struct tetris_pos *p, const char *cur, const char *next,
                    char *err, size_t err_size)
{
	const char *tok[2] = {cur, next};
	int piece[2];
	for (int i = 0; i < 2; i++) {
		piece[i] = tetris_piece_from_letter(tok[i][0]);
		if (tok[i][1] != '\0' ||
		    (piece[i] == TETRIS_NO_PIECE && tok[i][0] != '-')) {
			snprintf(
			        err, err_size,
			        "%s piece '%s': expected one of OIZJLST or '-'",
			        i == 0 ? "current" : "next", tok[i]);
			return false;
		}
	}
	if (piece[0] == TETRIS_NO_PIECE && piece[1] != TETRIS_NO_PIECE) {
		snprintf(err, err_size, "a next piece without a current piece");
		return false;
	}
	p->current = (int8_t)piece[0];
	p->next = (int8_t)piece[1];
	return true;
}

/* Checks what the rule implies about the well: no full row survives a
 * drop under the text rule. */
static bool
tetris_check_well(const struct tetris_pos *p, char *err, size_t err_size)
{
	if (p->rules != TETRIS_RULES_TEXT)
		return true;
	for (int r = 0; r < TETRIS_ROWS; r++) {
		if (p->well.rows[r] == TETRIS_FULL_ROW) {
			snprintf(err, err_size,
			         "row %d of the well is full, which the text "
			         "rule never leaves behind",
			         TETRIS_ROWS - r);
			return false;
		}
	}
	return true;
}

enum { TETRIS_POS_TOKENS_MIN = 4, TETRIS_POS_TOKENS_MAX = 5 };

static bool
tetris_parse_pos(struct game_pos *pos, const char *text, char *err,
                 size_t err_size)
{
	char buf[GAME_TEXT_MAX];
	char *tok[TETRIS_POS_TOKENS_MAX + 1], *rest = buf, *t;
	int n = 0;
	snprintf(buf, sizeof buf, "%s", text);
	while (n <= TETRIS_POS_TOKENS_MAX &&
	       (t = text_next_word(&rest, " \t\r\n")) != NULL)
		tok[n++] = t;
	if (n < TETRIS_POS_TOKENS_MIN || n > TETRIS_POS_TOKENS_MAX) {
		snprintf(err, err_size,
		         "expected '<20 rows joined by /> <current> <next> "
		         "<score> [text|reference]', found %d fields",
		         n);
		return false;
	}
	struct game_pos tmp;
	tetris_init(&tmp, NULL);
	struct tetris_pos *p = tetris_pos_mut(&tmp);
	if (!tetris_parse_rows(&p->well, tok[0], err, err_size) ||
	    !tetris_parse_pieces(p, tok[1], tok[2], err, err_size))
		return false;
	const char *s = tok[3];
	uint64_t score;
	const char *end = s;
	if (!text_read_u64(&end, UINT64_MAX, &score) || *end != '\0') {
		snprintf(err, err_size, "score '%s' is not a whole number", s);
		return false;
	}
	p->score = score;
	enum tetris_rules rules = TETRIS_RULES_TEXT;
	if (n == TETRIS_POS_TOKENS_MAX && !tetris_rules_parse(tok[4], &rules)) {
		snprintf(err, err_size,
		         "rules '%s': expected text or reference", tok[4]);
		return false;
	}
	p->rules = (uint8_t)rules;
	if (!tetris_check_well(p, err, err_size))
		return false;
	tetris_well_rebuild_heights(&p->well, TETRIS_ROWS);
	*pos = tmp;
	return true;
}

static void
tetris_render_text(const struct game_pos *pos, char *buf, size_t size)
{
	const struct tetris_pos *p = tetris_pos_const(pos);
	size_t n = 0;
	buf[0] = '\0';
	for (int r = TETRIS_ROWS - 1; r >= 0 && n < size; r--) {
		char line[TETRIS_COLS + 1];
		for (int c = 0; c < TETRIS_COLS; c++)
			line[c] = p->well.rows[r] >> c & 1u ? '#' : '.';
		line[TETRIS_COLS] = '\0';
		n += (size_t)snprintf(buf + n, size - n, "|%s|\n", line);
	}
	if (n < size)
		snprintf(buf + n, size - n,
		         "+----------+\n 0123456789\n"
		         "current %c  next %c  score %" PRIu64 "  rules %s\n",
		         tetris_piece_letter(p->current),
		         tetris_piece_letter(p->next), p->score,
		         tetris_rules_name((enum tetris_rules)p->rules));
}

static int
tetris_item_from_char(char c)
{
	return tetris_piece_from_letter(c);
}

/* The position sees the current piece and the next one, never more. */
static bool
tetris_reveal(struct game_pos *pos, int item)
{
	struct tetris_pos *p = tetris_pos_mut(pos);
	if (p->current == TETRIS_NO_PIECE)
		p->current = (int8_t)item;
	else if (p->next == TETRIS_NO_PIECE)
		p->next = (int8_t)item;
	else
		return false;
	return true;
}

const struct game_ops tetris_game = {
        .name = "tetris",
        .title = "Tetris strategy",
        .players = 1,
        .side_names = {"Player", "-"},
        .side_letters = "p",
        .pos_size = sizeof(struct tetris_pos),
        .caps = {.input = GAME_INPUT_PLACEMENT},
        .init = tetris_init,
        .gen_moves = tetris_gen_moves,
        .play = tetris_play,
        .status = tetris_status,
        .side_to_move = tetris_side_to_move,
        .hash = tetris_hash,
        .evaluate = tetris_evaluate,
        .plan = tetris_plan,
        .is_noisy = NULL,
        .perft = NULL,
        .bench = tetris_bench,
        .format_move = tetris_format_move,
        .parse_move = tetris_parse_move,
        .format_pos = tetris_format_pos,
        .parse_pos = tetris_parse_pos,
        .render_text = tetris_render_text,
        .item_from_char = tetris_item_from_char,
        .reveal = tetris_reveal,
};
