/*
 * Tetress rules, exactly as the course's referee plays them (RULES in
 * tabula(6)): placements of the 19 fixed tetrominoes
 * anywhere on the 11x11 torus, the neighbour rule from the third action on,
 * rows and columns cleared together after each placement, the 150-action
 * limit checked before "no legal move", and the player to move with no
 * placement losing.
 *
 * Speed comes from whole-board set operations: the origins where a shape
 * fits are the intersection of the free cells translated by each of the
 * shape's four offsets, and the placements touching a colour are those that
 * fit the free cells but not the free cells away from that colour.  Each
 * position also counts its tokens per row and column, four bits a line, so
 * that full lines and line-filling placements are found in a few word
 * operations.
 */
#include "config.h"

#include <assert.h>
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "core/rng.h"
#include "games/games.h"
#include "games/tetress.h"
#include "games/tetress-piece.h"
#include "games/tetress-eval.h"
#include "core/text.h"

static_assert(sizeof(struct tetress_pos) <= GAME_POS_BYTES,
              "struct tetress_pos must fit in struct game_pos");

enum { TETRESS_CELLS_PER_PIECE = 4, TETRESS_OFFSET_SPAN = 4 };

/* Each fixed tetromino as (row, column) offsets from the top-left corner
 * of its bounding box. */
static const int8_t TETRESS_SHAPE_CELLS[TETRESS_SHAPES][4][2] = {
        {{0, 0}, {0, 1}, {0, 2}, {0, 3}}, /* I horizontal */
        {{0, 0}, {1, 0}, {2, 0}, {3, 0}}, /* I vertical */
        {{0, 0}, {0, 1}, {1, 0}, {1, 1}}, /* O */
        {{0, 1}, {1, 0}, {1, 1}, {1, 2}}, /* T pointing up */
        {{0, 0}, {0, 1}, {0, 2}, {1, 1}}, /* T pointing down */
        {{0, 1}, {1, 0}, {1, 1}, {2, 1}}, /* T pointing left */
        {{0, 0}, {1, 0}, {1, 1}, {2, 0}}, /* T pointing right */
        {{0, 0}, {1, 0}, {2, 0}, {2, 1}}, /* L */
        {{0, 0}, {0, 1}, {0, 2}, {1, 0}}, /* L turned right */
        {{0, 0}, {0, 1}, {1, 1}, {2, 1}}, /* L upside down */
        {{0, 2}, {1, 0}, {1, 1}, {1, 2}}, /* L turned left */
        {{0, 1}, {1, 1}, {2, 0}, {2, 1}}, /* J */
        {{0, 0}, {1, 0}, {1, 1}, {1, 2}}, /* J turned right */
        {{0, 0}, {0, 1}, {1, 0}, {2, 0}}, /* J upside down */
        {{0, 0}, {0, 1}, {0, 2}, {1, 2}}, /* J turned left */
        {{0, 1}, {0, 2}, {1, 0}, {1, 1}}, /* S horizontal */
        {{0, 0}, {1, 0}, {1, 1}, {2, 1}}, /* S vertical */
        {{0, 0}, {0, 1}, {1, 1}, {1, 2}}, /* Z horizontal */
        {{0, 1}, {1, 0}, {1, 1}, {2, 0}}, /* Z vertical */
};

/* Tables derived once from the shapes; read-only after tetress_tables_init
 * (guarded by pthread_once), so every thread may read them freely. */
static struct {
	struct bb121 all;
	struct bb121 cols_below[BB121_SIDE + 1]; /* cells with column < k */
	struct bb121 rows[BB121_SIDE];
	struct bb121 cols[BB121_SIDE];
	struct bb121 placements[TETRESS_PLACEMENTS];
	uint8_t shape_offsets[TETRESS_SHAPES][4]; /* dr * 4 + dc */
	/* Cells of each placement per row and column, in the four-bit lines
	 * of tetress_pos.row_tokens and col_tokens. */
	uint64_t placement_rows[TETRESS_PLACEMENTS];
	uint64_t placement_cols[TETRESS_PLACEMENTS];
	uint64_t zobrist[2][BB121_CELLS];
	uint64_t zobrist_blue_to_move;
} tetress_tables;

static pthread_once_t tetress_tables_once = PTHREAD_ONCE_INIT;

static const uint64_t TETRESS_ZOBRIST_SEED = UINT64_C(0x7e7e55a11ce5eed);

static int
tetress_cell(int row, int col)
{
	return row * BB121_SIDE + col;
}

/* Moves every cell (r, c) to (r + rows, c + cols) around the torus. */
static struct bb121
tetress_translate(struct bb121 x, int rows, int cols)
{
	if (rows != 0) {
		int k = rows * BB121_SIDE;
		x = bb121_trim(bb121_or(bb121_shl(x, k),
		                        bb121_shr(x, BB121_CELLS - k)));
	}
	if (cols != 0) {
		struct bb121 stay =
		        tetress_tables.cols_below[BB121_SIDE - cols];
		x = bb121_or(
		        bb121_shl(bb121_and(x, stay), cols),
		        bb121_shr(bb121_andnot(x, stay), BB121_SIDE - cols));
	}
	return x;
}

static void
tetress_tables_build(void)
{
	for (int cell = 0; cell < BB121_CELLS; cell++)
		tetress_tables.all =
		        bb121_or(tetress_tables.all, bb121_cell(cell));
	for (int r = 0; r < BB121_SIDE; r++) {
		for (int c = 0; c < BB121_SIDE; c++) {
			struct bb121 b = bb121_cell(tetress_cell(r, c));
			tetress_tables.rows[r] =
			        bb121_or(tetress_tables.rows[r], b);
			tetress_tables.cols[c] =
			        bb121_or(tetress_tables.cols[c], b);
			for (int k = c + 1; k <= BB121_SIDE; k++)
				tetress_tables.cols_below[k] = bb121_or(
				        tetress_tables.cols_below[k], b);
		}
	}
	for (int s = 0; s < TETRESS_SHAPES; s++) {
		for (int i = 0; i < TETRESS_CELLS_PER_PIECE; i++) {
			int dr = TETRESS_SHAPE_CELLS[s][i][0];
			int dc = TETRESS_SHAPE_CELLS[s][i][1];
			assert(dr + dc < TETRESS_OFFSET_SPAN);
			tetress_tables.shape_offsets[s][i] =
			        (uint8_t)(dr * TETRESS_OFFSET_SPAN + dc);
		}
		for (int origin = 0; origin < BB121_CELLS; origin++) {
			int r = origin / BB121_SIDE, c = origin % BB121_SIDE;
			struct bb121 m = {0, 0};
			for (int i = 0; i < TETRESS_CELLS_PER_PIECE; i++) {
				int pr = (r + TETRESS_SHAPE_CELLS[s][i][0]) %
				         BB121_SIDE;
				int pc = (c + TETRESS_SHAPE_CELLS[s][i][1]) %
				         BB121_SIDE;
				m = bb121_or(m,
				             bb121_cell(tetress_cell(pr, pc)));
				tetress_tables.placement_rows[s * BB121_CELLS +
				                              origin] +=
				        UINT64_C(1) << (4 * pr);
				tetress_tables.placement_cols[s * BB121_CELLS +
				                              origin] +=
				        UINT64_C(1) << (4 * pc);
			}
			tetress_tables.placements[s * BB121_CELLS + origin] = m;
		}
	}
	struct rng rng;
	rng_seed(&rng, TETRESS_ZOBRIST_SEED);
	for (int colour = 0; colour < 2; colour++)
		for (int cell = 0; cell < BB121_CELLS; cell++)
			tetress_tables.zobrist[colour][cell] = rng_next(&rng);
	tetress_tables.zobrist_blue_to_move = rng_next(&rng);
}

static void
tetress_tables_init(void)
{
	pthread_once(&tetress_tables_once, tetress_tables_build);
}

static struct tetress_pos *
tetress_pos_mut(struct game_pos *pos)
{
	return (struct tetress_pos *)(void *)pos->bytes;
}

void
tetress_shape_cell(int shape, int i, int *row, int *col)
{
	*row = TETRESS_SHAPE_CELLS[shape][i][0];
	*col = TETRESS_SHAPE_CELLS[shape][i][1];
}

static struct bb121
tetress_occupied(const struct tetress_pos *p)
{
	return bb121_or(p->cells[TETRESS_RED], p->cells[TETRESS_BLUE]);
}

/* For every shape, the origins where it covers only cells of allowed.
 * Every cell of a shape lies at an offset (dr, dc) with dr + dc < 4 from
 * its box's corner (checked when the tables are built): the ten column and
 * row translations of allowed that these need are made once each, the
 * rows of each from its column translation. */
static void
tetress_fit_origins(struct bb121 allowed, struct bb121 fits[TETRESS_SHAPES])
{
	enum { SPAN = TETRESS_OFFSET_SPAN };
	struct bb121 shifted[SPAN * SPAN];
	for (int dc = 0; dc < SPAN; dc++) {
		/* Column c + dc to c: the first dc columns wrap round. */
		struct bb121 wrap = tetress_tables.cols_below[dc];
		struct bb121 col =
		        dc == 0 ? allowed
		                : bb121_or(
		                          bb121_shr(bb121_andnot(allowed, wrap),
		                                    dc),
		                          bb121_shl(bb121_and(allowed, wrap),
		                                    BB121_SIDE - dc));
		shifted[dc] = col;
		for (int dr = 1; dr + dc < SPAN; dr++)
			shifted[dr * SPAN + dc] = bb121_rotate(
			        col, (BB121_SIDE - dr) * BB121_SIDE);
	}
	for (int s = 0; s < TETRESS_SHAPES; s++) {
		const uint8_t *off = tetress_tables.shape_offsets[s];
		fits[s] =
		        bb121_and(bb121_and(shifted[off[0]], shifted[off[1]]),
		                  bb121_and(shifted[off[2]], shifted[off[3]]));
	}
}

/* The origins where shape s alone covers only cells of allowed. */
static struct bb121
tetress_shape_fits(struct bb121 allowed, int s)
{
	const uint8_t *off = tetress_tables.shape_offsets[s];
	struct bb121 fits = tetress_tables.all;
	for (int i = 0; i < TETRESS_CELLS_PER_PIECE; i++) {
		int dr = off[i] / TETRESS_OFFSET_SPAN;
		int dc = off[i] % TETRESS_OFFSET_SPAN;
		fits = bb121_and(fits, tetress_translate(
		                               allowed,
		                               (BB121_SIDE - dr) % BB121_SIDE,
		                               (BB121_SIDE - dc) % BB121_SIDE));
	}
	return fits;
}

static struct bb121
tetress_free_cells(const struct tetress_pos *p)
{
	return bb121_andnot(tetress_tables.all, tetress_occupied(p));
}

/* The free cells away from colour's tokens: the placements that fit the
 * free cells but not these touch colour's tokens (the neighbour rule). */
static struct bb121
tetress_away(const struct tetress_pos *p, int colour, struct bb121 free)
{
	return bb121_andnot(free, bb121_neighbours(p->cells[colour]));
}

/* Colour's legal origins shape by shape, given the fits to the free
 * cells. */
static void
tetress_legal_given(const struct tetress_pos *p, int colour,
                    const struct bb121 fits[TETRESS_SHAPES],
                    struct bb121 legal[TETRESS_SHAPES])
{
	if (p->actions < TETRESS_FREE_OPENINGS) {
		memcpy(legal, fits, TETRESS_SHAPES * sizeof fits[0]);
		return;
	}
	struct bb121 away[TETRESS_SHAPES];
	tetress_fit_origins(tetress_away(p, colour, tetress_free_cells(p)),
	                    away);
	for (int s = 0; s < TETRESS_SHAPES; s++)
		legal[s] = bb121_andnot(fits[s], away[s]);
}

/* The origins of every legal placement of colour, shape by shape. */
static void
tetress_legal_origins(const struct tetress_pos *p, int colour,
                      struct bb121 legal[TETRESS_SHAPES])
{
	struct bb121 fits[TETRESS_SHAPES];
	tetress_fit_origins(tetress_free_cells(p), fits);
	tetress_legal_given(p, colour, fits, legal);
}

/* Colour's legal placements, given how many fit the free cells: those
 * that fit the cells away from colour's tokens are a subset of them, and
 * the rest touch colour's tokens. */
static int
tetress_count_given(const struct tetress_pos *p, int colour, int fitting)
{
	if (p->actions < TETRESS_FREE_OPENINGS)
		return fitting;
	struct bb121 away[TETRESS_SHAPES];
	tetress_fit_origins(tetress_away(p, colour, tetress_free_cells(p)),
	                    away);
	return fitting - bb121_count_all(away, TETRESS_SHAPES);
}

static int
tetress_count_fitting(const struct tetress_pos *p)
{
	struct bb121 fits[TETRESS_SHAPES];
	tetress_fit_origins(tetress_free_cells(p), fits);
	return bb121_count_all(fits, TETRESS_SHAPES);
}

static int
tetress_count_legal(const struct tetress_pos *p, int colour)
{
	if (p->actions >= TETRESS_TURN_LIMIT)
		return 0;
	return tetress_count_given(p, colour, tetress_count_fitting(p));
}

/* Whether colour has a legal placement, shape by shape: the first shape
 * nearly always has one, so this costs a few translations where a count
 * costs dozens. */
static bool
tetress_has_legal(const struct tetress_pos *p, int colour)
{
	if (p->actions >= TETRESS_TURN_LIMIT)
		return false;
	struct bb121 free = tetress_free_cells(p);
	bool rule = p->actions >= TETRESS_FREE_OPENINGS;
	struct bb121 away = rule ? tetress_away(p, colour, free) : free;
	for (int s = 0; s < TETRESS_SHAPES; s++) {
		struct bb121 fits = tetress_shape_fits(free, s);
		if (!bb121_empty(fits) &&
		    (!rule || !bb121_empty(bb121_andnot(
		                      fits, tetress_shape_fits(away, s)))))
			return true;
	}
	return false;
}

void
tetress_legal_placements(const struct game_pos *pos,
                         struct bb121 legal[TETRESS_SHAPES])
{
	tetress_tables_init();
	const struct tetress_pos *p = tetress_pos_of(pos);
	if (p->actions >= TETRESS_TURN_LIMIT) {
		memset(legal, 0, TETRESS_SHAPES * sizeof legal[0]);
		return;
	}
	tetress_legal_origins(p, p->side, legal);
}

int
tetress_mobility(const struct tetress_pos *pos, int colour)
{
	tetress_tables_init();
	return tetress_count_legal(pos, colour);
}

void
tetress_mobility_both(const struct tetress_pos *pos, int counts[2])
{
	tetress_tables_init();
	counts[0] = counts[1] = 0;
	if (pos->actions >= TETRESS_TURN_LIMIT)
		return;
	int fitting = tetress_count_fitting(pos);
	for (int colour = 0; colour < 2; colour++)
		counts[colour] = tetress_count_given(pos, colour, fitting);
}

static int
tetress_gen_moves(const struct game_pos *pos, game_move *moves)
{
	const struct tetress_pos *p = tetress_pos_of(pos);
	if (p->actions >= TETRESS_TURN_LIMIT)
		return 0;
	struct bb121 legal[TETRESS_SHAPES];
	tetress_legal_origins(p, p->side, legal);
	int n = 0;
	for (int s = 0; s < TETRESS_SHAPES; s++) {
		for (struct bb121 b = legal[s]; !bb121_empty(b);
		     b = bb121_drop_first(b))
			moves[n++] =
			        (game_move)(s * BB121_CELLS + bb121_first(b));
	}
	return n;
}

static uint64_t
tetress_hash_cells(int colour, struct bb121 cells)
{
	uint64_t h = 0;
	for (; !bb121_empty(cells); cells = bb121_drop_first(cells))
		h ^= tetress_tables.zobrist[colour][bb121_first(cells)];
	return h;
}

/* Line counts: four bits a line, 11 lines a word (see struct
 * tetress_pos).  A line holds at most 10 tokens between moves (full lines
 * are cleared), so adding a piece's at most 4 never carries into the next
 * line. */
static const uint64_t TETRESS_LINES_MASK =
        (UINT64_C(1) << (4 * BB121_SIDE)) - 1;
static const uint64_t TETRESS_LINES_ONES = TETRESS_LINES_MASK / 15;

/* The top bit of every line whose count is 11: the full lines. */
static uint64_t
tetress_lines_full(uint64_t lines)
{
	uint64_t x = lines ^ (TETRESS_LINES_ONES * BB121_SIDE);
	uint64_t low = TETRESS_LINES_ONES * 7, high = TETRESS_LINES_ONES * 8;
	return ~(((x & low) + low) | x) & high;
}

/* Rebuilds the line counts of both colours from their cells. */
static void
tetress_count_lines(struct tetress_pos *p)
{
	for (int colour = 0; colour < 2; colour++) {
		p->row_tokens[colour] = p->col_tokens[colour] = 0;
		for (struct bb121 b = p->cells[colour]; !bb121_empty(b);
		     b = bb121_drop_first(b)) {
			int cell = bb121_first(b);
			p->row_tokens[colour] += UINT64_C(1)
			                         << (4 * (cell / BB121_SIDE));
			p->col_tokens[colour] += UINT64_C(1)
			                         << (4 * (cell % BB121_SIDE));
		}
	}
}

/* The cells of the full rows and columns, given their top bits. */
static struct bb121
tetress_lines_cells(uint64_t full_rows, uint64_t full_cols)
{
	struct bb121 lines = {0, 0};
	for (int i = 0; i < BB121_SIDE; i++) {
		if ((full_rows >> (4 * i + 3)) & 1)
			lines = bb121_or(lines, tetress_tables.rows[i]);
		if ((full_cols >> (4 * i + 3)) & 1)
			lines = bb121_or(lines, tetress_tables.cols[i]);
	}
	return lines;
}

/* Clears the full lines after a placement, if there are any. */
static void
tetress_clear_lines(struct tetress_pos *p)
{
	uint64_t full_rows =
	        tetress_lines_full(p->row_tokens[0] + p->row_tokens[1]);
	uint64_t full_cols =
	        tetress_lines_full(p->col_tokens[0] + p->col_tokens[1]);
	if ((full_rows | full_cols) == 0)
		return;
	struct bb121 lines = tetress_lines_cells(full_rows, full_cols);
	for (int colour = 0; colour < 2; colour++) {
		struct bb121 gone = bb121_and(p->cells[colour], lines);
		p->hash ^= tetress_hash_cells(colour, gone);
		p->cells[colour] = bb121_andnot(p->cells[colour], lines);
	}
	tetress_count_lines(p);
}

static void
tetress_play(struct game_pos *pos, game_move move)
{
	struct tetress_pos *p = tetress_pos_mut(pos);
	struct bb121 piece = tetress_tables.placements[move];
	p->cells[p->side] = bb121_or(p->cells[p->side], piece);
	p->hash ^= tetress_hash_cells(p->side, piece);
	p->row_tokens[p->side] += tetress_tables.placement_rows[move];
	p->col_tokens[p->side] += tetress_tables.placement_cols[move];
	tetress_clear_lines(p);
	p->side ^= 1;
	p->hash ^= tetress_tables.zobrist_blue_to_move;
	p->actions++;
}

static uint64_t
tetress_hash_from_scratch(const struct tetress_pos *p)
{
	uint64_t h = tetress_hash_cells(TETRESS_RED, p->cells[TETRESS_RED]) ^
	             tetress_hash_cells(TETRESS_BLUE, p->cells[TETRESS_BLUE]);
	return p->side == TETRESS_BLUE ? h ^ tetress_tables.zobrist_blue_to_move
	                               : h;
}

static void
tetress_init(struct game_pos *pos, const struct game_setup *setup)
{
	(void)setup;
	tetress_tables_init();
	memset(pos, 0, sizeof *pos);
	struct tetress_pos *p = tetress_pos_mut(pos);
	p->side = TETRESS_RED;
	p->hash = tetress_hash_from_scratch(p);
}

static void
tetress_status(const struct game_pos *pos, struct game_status *st)
{
	const struct tetress_pos *p = tetress_pos_of(pos);
	st->outcome = OUTCOME_ONGOING;
	st->reason = NULL;
	if (p->actions >= TETRESS_TURN_LIMIT) {
		int red = bb121_count(p->cells[TETRESS_RED]);
		int blue = bb121_count(p->cells[TETRESS_BLUE]);
		st->outcome = red > blue   ? OUTCOME_P1_WINS
		              : blue > red ? OUTCOME_P2_WINS
		                           : OUTCOME_DRAW;
		st->reason = "turn limit";
	} else if (!tetress_has_legal(p, p->side)) {
		st->outcome = p->side == TETRESS_RED ? OUTCOME_P2_WINS
		                                     : OUTCOME_P1_WINS;
		st->reason = "no legal move";
	}
}

static int
tetress_side_to_move(const struct game_pos *pos)
{
	return tetress_pos_of(pos)->side;
}

static uint64_t
tetress_hash(const struct game_pos *pos)
{
	return tetress_pos_of(pos)->hash;
}

/* A placement is noisy when it fills a line (and so clears it). */
static bool
tetress_is_noisy(const struct game_pos *pos, game_move move)
{
	const struct tetress_pos *p = tetress_pos_of(pos);
	uint64_t rows = tetress_tables.placement_rows[move] + p->row_tokens[0] +
	                p->row_tokens[1];
	uint64_t cols = tetress_tables.placement_cols[move] + p->col_tokens[0] +
	                p->col_tokens[1];
	return (tetress_lines_full(rows) | tetress_lines_full(cols)) != 0;
}

static uint64_t
tetress_perft(const struct game_pos *pos, int depth)
{
	const struct tetress_pos *p = tetress_pos_of(pos);
	if (depth == 1)
		return (uint64_t)tetress_count_legal(p, p->side);
	game_move moves[GAME_MAX_MOVES];
	int n = tetress_gen_moves(pos, moves);
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		struct game_pos child = *pos;
		tetress_play(&child, moves[i]);
		total += tetress_perft(&child, depth - 1);
	}
	return total;
}

/* ---- Text: moves, position strings, diagrams ---- */

static const char TETRESS_CELL_CHARS[] = ".rb";
static const char *const TETRESS_COLOUR_NAMES[2] = {"Red", "Blue"};

static void
tetress_format_move(const struct game_pos *pos, game_move move, char *buf,
                    size_t size)
{
	(void)pos;
	size_t used = 0;
	buf[0] = '\0';
	struct bb121 cells = tetress_tables.placements[move];
	for (; !bb121_empty(cells) && used < size;
	     cells = bb121_drop_first(cells)) {
		int cell = bb121_first(cells);
		int n = snprintf(buf + used, size - used, "%s%d-%d",
		                 used ? "," : "", cell / BB121_SIDE,
		                 cell % BB121_SIDE);
		if (n < 0)
			return;
		used += (size_t)n;
	}
}

/* Reads "r-c" with r and c in 0..10 at *s, advancing past it. */
static bool
tetress_read_cell(const char **s, int *cell)
{
	int v[2];
	for (int k = 0; k < 2; k++) {
		if (k == 1 && *(*s)++ != '-')
			return false;
		if (!isdigit((unsigned char)**s))
			return false;
		int x = 0;
		while (isdigit((unsigned char)**s) && x <= BB121_SIDE)
			x = x * 10 + (*(*s)++ - '0');
		if (x >= BB121_SIDE)
			return false;
		v[k] = x;
	}
	*cell = tetress_cell(v[0], v[1]);
	return true;
}

/* Splits "r-c,r-c,r-c,r-c" (optionally inside PLACE(...)) into cells. */
static bool
tetress_read_cells(const char *text, int cells[4], char *err, size_t err_size)
{
	char buf[128];
	if (!text_squeeze(text, buf, sizeof buf)) {
		snprintf(err, err_size, "move text too long");
		return false;
	}
	const char *s = buf;
	size_t len = strlen(buf);
	bool wrapped = strncmp(s, "place(", 6) == 0;
	if (wrapped) {
		if (len < 7 || buf[len - 1] != ')') {
			snprintf(err, err_size, "PLACE( is not closed");
			return false;
		}
		buf[len - 1] = '\0';
		s += 6;
	}
	for (int i = 0; i < TETRESS_CELLS_PER_PIECE; i++) {
		if (i > 0 && *s++ != ',') {
			snprintf(err, err_size,
			         "expected four cells row-column "
			         "separated by commas");
			return false;
		}
		if (!tetress_read_cell(&s, &cells[i])) {
			snprintf(err, err_size,
			         "cell %d is not row-column with each 0..10",
			         i + 1);
			return false;
		}
	}
	if (*s != '\0') {
		snprintf(err, err_size, "unexpected text after four cells");
		return false;
	}
	return true;
}

/* The referee's checks before the shape, in its order: the game goes on,
 * each cell is empty, then the neighbour rule. */
bool
tetress_check_cells(const struct game_pos *pos, const int cells[4], char *err,
                    size_t err_size)
{
	tetress_tables_init();
	const struct tetress_pos *p = tetress_pos_of(pos);
	struct game_status st;
	tetress_status(pos, &st);
	if (st.outcome != OUTCOME_ONGOING) {
		snprintf(err, err_size, "the game is over (%s)", st.reason);
		return false;
	}
	struct bb121 occupied = tetress_occupied(p), piece = {0, 0};
	for (int i = 0; i < TETRESS_CELLS_PER_PIECE; i++) {
		if (bb121_has(occupied, cells[i])) {
			snprintf(err, err_size, "cell %d-%d is occupied",
			         cells[i] / BB121_SIDE, cells[i] % BB121_SIDE);
			return false;
		}
		piece = bb121_or(piece, bb121_cell(cells[i]));
	}
	if (p->actions >= TETRESS_FREE_OPENINGS &&
	    bb121_empty(
	            bb121_and(piece, bb121_neighbours(p->cells[p->side])))) {
		snprintf(err, err_size,
		         "no cell touches a %s token (only each side's first "
		         "piece may stand alone)",
		         TETRESS_COLOUR_NAMES[p->side]);
		return false;
	}
	return true;
}

/* The referee's checks, in its order: each cell empty, then the neighbour
 * rule, then the shape. */
static bool
tetress_parse_move(const struct game_pos *pos, const char *text,
                   game_move *move, char *err, size_t err_size)
{
	int cells[4];
	if (!tetress_read_cells(text, cells, err, err_size) ||
	    !tetress_check_cells(pos, cells, err, err_size))
		return false;
	struct bb121 piece = {0, 0};
	for (int i = 0; i < TETRESS_CELLS_PER_PIECE; i++)
		piece = bb121_or(piece, bb121_cell(cells[i]));
	for (game_move m = 0; m < TETRESS_PLACEMENTS; m++) {
		if (bb121_equal(tetress_tables.placements[m], piece)) {
			*move = m;
			return true;
		}
	}
	snprintf(err, err_size, "the cells do not form a tetromino");
	return false;
}

static void
tetress_format_pos(const struct game_pos *pos, char *buf, size_t size)
{
	const struct tetress_pos *p = tetress_pos_of(pos);
	char rows[BB121_CELLS + BB121_SIDE + 1];
	size_t n = 0;
	for (int r = 0; r < BB121_SIDE; r++) {
		if (r > 0)
			rows[n++] = '/';
		for (int c = 0; c < BB121_SIDE; c++) {
			int cell = tetress_cell(r, c);
			int k = bb121_has(p->cells[TETRESS_RED], cell)    ? 1
			        : bb121_has(p->cells[TETRESS_BLUE], cell) ? 2
			                                                  : 0;
			rows[n++] = TETRESS_CELL_CHARS[k];
		}
	}
	rows[n] = '\0';
	snprintf(buf, size, "%s %c %d", rows,
	         p->side == TETRESS_RED ? 'r' : 'b', p->actions);
}

/* Reads the board part of a position string into p. */
static bool
tetress_parse_rows(struct tetress_pos *p, const char *rows, char *err,
                   size_t err_size)
{
	int r = 0, c = 0;
	const char *s = rows;
	for (; *s; s++) {
		if (*s == '/') {
			if (c != BB121_SIDE)
				break;
			r++;
			c = 0;
			continue;
		}
		if (r >= BB121_SIDE || c >= BB121_SIDE)
			break;
		const char *k =
		        strchr(TETRESS_CELL_CHARS, tolower((unsigned char)*s));
		if (k == NULL) {
			snprintf(err, err_size,
			         "bad cell '%c' at row %d column %d (want . r "
			         "b)",
			         *s, r, c);
			return false;
		}
		if (k != TETRESS_CELL_CHARS)
			p->cells[k - TETRESS_CELL_CHARS - 1] =
			        bb121_or(p->cells[k - TETRESS_CELL_CHARS - 1],
			                 bb121_cell(tetress_cell(r, c)));
		c++;
	}
	if (*s != '\0' || r != BB121_SIDE - 1 || c != BB121_SIDE) {
		snprintf(err, err_size,
		         "the board must be 11 rows of 11 cells joined by '/' "
		         "(trouble at row %d)",
		         r);
		return false;
	}
	return true;
}

static bool
tetress_parse_pos(struct game_pos *pos, const char *text, char *err,
                  size_t err_size)
{
	tetress_tables_init();
	char rows[256], side[8], extra[2];
	int actions;
	int got = sscanf(text, "%255s %7s %d %1s", rows, side, &actions, extra);
	if (got != 3) {
		snprintf(err, err_size,
		         "expected: <11 rows joined by '/'> <r|b> <actions "
		         "0..150>");
		return false;
	}
	struct game_pos tmp;
	memset(&tmp, 0, sizeof tmp);
	struct tetress_pos *p = tetress_pos_mut(&tmp);
	if (!tetress_parse_rows(p, rows, err, err_size))
		return false;
	if (strlen(side) != 1 || (tolower((unsigned char)side[0]) != 'r' &&
	                          tolower((unsigned char)side[0]) != 'b')) {
		snprintf(err, err_size, "bad side to move '%s' (want r or b)",
		         side);
		return false;
	}
	if (actions < 0 || actions > TETRESS_TURN_LIMIT) {
		snprintf(err, err_size, "bad action count %d (want 0..150)",
		         actions);
		return false;
	}
	for (int i = 0; i < BB121_SIDE; i++) {
		struct bb121 occ = tetress_occupied(p);
		if (bb121_equal(bb121_and(occ, tetress_tables.rows[i]),
		                tetress_tables.rows[i]) ||
		    bb121_equal(bb121_and(occ, tetress_tables.cols[i]),
		                tetress_tables.cols[i])) {
			snprintf(err, err_size,
			         "line %d is full, but full lines are always "
			         "cleared",
			         i);
			return false;
		}
	}
	p->side = tolower((unsigned char)side[0]) == 'r' ? TETRESS_RED
	                                                 : TETRESS_BLUE;
	p->actions = (uint8_t)actions;
	p->hash = tetress_hash_from_scratch(p);
	tetress_count_lines(p);
	*pos = tmp;
	return true;
}

static void
tetress_render_text(const struct game_pos *pos, char *buf, size_t size)
{
	const struct tetress_pos *p = tetress_pos_of(pos);
	size_t n = 0;
	n += (size_t)snprintf(buf + n, size - n, "   ");
	for (int c = 0; c < BB121_SIDE && n < size; c++)
		n += (size_t)snprintf(buf + n, size - n, "%3d", c);
	for (int r = 0; r < BB121_SIDE && n < size; r++) {
		n += (size_t)snprintf(buf + n, size - n, "\n%2d ", r);
		for (int c = 0; c < BB121_SIDE && n < size; c++) {
			int cell = tetress_cell(r, c);
			int k = bb121_has(p->cells[TETRESS_RED], cell)    ? 1
			        : bb121_has(p->cells[TETRESS_BLUE], cell) ? 2
			                                                  : 0;
			n += (size_t)snprintf(buf + n, size - n, "  %c",
			                      TETRESS_CELL_CHARS[k]);
		}
	}
	if (n < size)
		snprintf(
		        buf + n, size - n,
		        "\n%s to move, %d of %d actions played, tokens %d-%d\n",
		        TETRESS_COLOUR_NAMES[p->side], p->actions,
		        TETRESS_TURN_LIMIT, bb121_count(p->cells[TETRESS_RED]),
		        bb121_count(p->cells[TETRESS_BLUE]));
}

/* The strength levels: nodes, depth, evaluation noise, and the Elo
 * measured in ladder matches (man page "Strength levels"). */
static const struct game_level tetress_levels[GAME_LEVELS] = {
        {200, 2, 270, 419},   {400, 2, 165, 583},    {1000, 3, 150, 706},
        {3000, 3, 110, 870},  {10000, 4, 150, 1022}, {30000, 0, 120, 1222},
        {100000, 0, 0, 1457}, {300000, 0, 0, 1639},  {1000000, 0, 0, 0},
        {3000000, 0, 0, 0},
};

const struct game_ops tetress_game = {
        .name = "tetress",
        .title = "Tetress",
        .players = 2,
        .side_names = {"Red", "Blue"},
        .side_letters = "rb",
        .pos_size = sizeof(struct tetress_pos),
        .caps = {.levels = tetress_levels,
                 .bench_depth = 2,
                 .input = GAME_INPUT_PIECE,
                 .pieces = &tetress_pieces, /* games/tetress-piece.c */
                 /* man page "Win chance": scale, draw and first fitted
                  * by `tabula tune winchance tetress` on the
                  * recipe's games; marks in hundredths of a
                  * point of win chance. */
                 .winchance = {.scale = 244,
                               .draw = 24,
                               .first = -79,
                               .level_won = 188, /* 135 ln 4 */
                               .inaccuracy = 1000,
                               .mistake = 2000,
                               .blunder = 3000,
                               .review_nodes = 200000,
                               .review_confirm = 10,
                               .review_period = 0}},
        .init = tetress_init,
        .gen_moves = tetress_gen_moves,
        .play = tetress_play,
        .status = tetress_status,
        .side_to_move = tetress_side_to_move,
        .hash = tetress_hash,
        .evaluate = tetress_eval, /* games/tetress-eval.c */
        .is_noisy = tetress_is_noisy,
        .line_themes = tetress_line_themes,
        .perft = tetress_perft,
        .format_move = tetress_format_move,
        .parse_move = tetress_parse_move,
        .format_pos = tetress_format_pos,
        .parse_pos = tetress_parse_pos,
        .render_text = tetress_render_text,
};
