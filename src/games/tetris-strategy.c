/*
 * The Tetris strategy.  A decision sees a struct tetris_window (the piece to
 * place and the next one) and the well, nothing else: the batch driver at
 * the end of this file builds the window from the stream, so no decision can
 * read piece i+2 before answering for piece i.
 *
 * Value of a plan = rewards of its drops (per number of rows cleared; a
 * reset has its own) + a weighted sum of features of the resulting well.
 * Cells kept in the well are worth something (they are future clears), so
 * a clear of fewer than four rows, which spends ten cells per row for few
 * points, and a reset, which throws every cell away, pay for what they lose.
 * The search, cheapest first:
 *  1. every placement of the current piece is valued alone, and the best
 *     few (first_moves) are followed by every placement of the next piece;
 *  2. the best few resulting plans (candidates, one per first move) are
 *     refined by the expectation, over the seven equally likely third
 *     pieces, of the best placement of that piece;
 *  3. when plans come close (deep_margin), the best few (deep) are valued
 *     once more with a second chance node: each third piece's best
 *     placements (deep_third) are valued by the same expectation over a
 *     fourth piece.  A resetting drop in that horizon is what usually
 *     separates them.
 * Steps 2 and 3 run their (plan, third piece) jobs on a pool of threads;
 * each job writes only its own result, so the move never depends on the
 * number of threads.
 */
#include "config.h"

#include <string.h>

#include "core/pool.h"
#include "games/tetris-strategy.h"
#include "games/tetris-weights.h"

/* Distinct shapes per piece: rotations beyond these repeat earlier ones. */
static const int TETRIS_DISTINCT_ROTATIONS[TETRIS_PIECES] = {1, 2, 2, 4,
                                                             4, 2, 4};

/* Height from which the stack counts as dangerously close to a reset. */
static const int TETRIS_DANGER_START = 12;

/* Height from which a reset is a few pieces away. */
static const int TETRIS_DANGER_HIGH_START = 16;

/* Ready rows past four are counted up to this many. */
static const int TETRIS_READY_COUNTED = 8;

/* A side well this deep takes an I (or a burn) to fill. */
static const int TETRIS_DEEP_WELL = 3;

/* Height steps up to this size take some piece flush. */
static const int TETRIS_STEP_FITS = 2;

/* A wall next to a column counts as infinitely high for well depths. */
static const int TETRIS_WALL_HEIGHT = 64;

/* Most first moves that get the expectation over the third piece. */
enum { TETRIS_CANDIDATES_MAX = 16 };

/* Bits set in each row-sized value (below 2^10), built two bits at a
 * time: the quarters of the table add 0, 1, 1, 2 for the top two bits,
 * their quarters the same for the next two, and so on down.  One look-up,
 * portable, and as fast as a CPU instruction here. */
/* clang-format off */
#define TETRIS_POP2(n) n, n + 1, n + 1, n + 2
#define TETRIS_POP4(n) TETRIS_POP2(n), TETRIS_POP2(n + 1), TETRIS_POP2(n + 1), \
		       TETRIS_POP2(n + 2)
#define TETRIS_POP6(n) TETRIS_POP4(n), TETRIS_POP4(n + 1), TETRIS_POP4(n + 1), \
		       TETRIS_POP4(n + 2)
#define TETRIS_POP8(n) TETRIS_POP6(n), TETRIS_POP6(n + 1), TETRIS_POP6(n + 1), \
		       TETRIS_POP6(n + 2)
static const uint8_t TETRIS_POPCOUNT[1u << TETRIS_COLS] = {
	TETRIS_POP8(0), TETRIS_POP8(1), TETRIS_POP8(1), TETRIS_POP8(2)};
/* clang-format on */

/* Bits set in a row-sized value. */
static inline int
tetris_popcount(unsigned v)
{
	return TETRIS_POPCOUNT[v & TETRIS_FULL_ROW];
}

/* Filled/empty changes along a row, the walls counting as filled: at the
 * left wall, between neighbours, at the right wall. */
static inline int
tetris_row_transitions(unsigned row)
{
	return (int)(~row & 1u) +
	       tetris_popcount((row ^ row >> 1) & (TETRIS_FULL_ROW >> 1)) +
	       (int)(~row >> (TETRIS_COLS - 1) & 1u);
}

/* Column with the lowest stack (rightmost on ties): the well kept for I. */
static int
tetris_well_column(const uint8_t *h)
{
	int wc = TETRIS_COLS - 1;
	for (int c = TETRIS_COLS - 2; c >= 0; c--) {
		if (h[c] < h[wc])
			wc = c;
	}
	return wc;
}

/* Bit planes of a per-column counter: enough for the rows of the well. */
enum { TETRIS_COUNT_PLANES = 5 };

/* Adds one to the counters of the columns set in bits. */
static inline void
tetris_count_add(unsigned *plane, unsigned bits)
{
	for (int k = 0; k < TETRIS_COUNT_PLANES && bits != 0; k++) {
		unsigned carry = plane[k] & bits;
		plane[k] ^= bits;
		bits = carry;
	}
}

/* Sum of the counters of the columns set in bits. */
static inline int
tetris_count_sum(const unsigned *plane, unsigned bits)
{
	int sum = 0;
	for (int k = 0; k < TETRIS_COUNT_PLANES; k++)
		sum += tetris_popcount(plane[k] & bits) << k;
	return sum;
}

/* Holes (and the filled cells above them, counted per column in bit
 * planes), transitions, cells and full rows: one pass over the rows. */
static void
tetris_row_features(const struct tetris_well *w, int top, int *f)
{
	unsigned covered = 0, above[TETRIS_COUNT_PLANES] = {0};
	int cells_over_holes = -1; /* cells above the highest hole row */
	for (int r = top - 1; r >= 0; r--) {
		unsigned row = w->rows[r];
		unsigned hole = covered & ~row;
		if (hole != 0) {
			if (cells_over_holes < 0) {
				/* The first hole: only now are the counts of
				 * the rows above it needed (most wells have no
				 * hole at all). */
				cells_over_holes = f[TETRIS_F_CELLS];
				for (int k = top - 1; k > r; k--)
					tetris_count_add(above, w->rows[k]);
			}
			f[TETRIS_F_HOLES] += tetris_popcount(hole);
			f[TETRIS_F_HOLE_ROWS]++;
			f[TETRIS_F_HOLE_COVER] += tetris_count_sum(above, hole);
		}
		if (cells_over_holes >= 0)
			tetris_count_add(above, row);
		covered |= row;
		f[TETRIS_F_ROW_TRANS] += tetris_row_transitions(row);
		f[TETRIS_F_COL_TRANS] += tetris_popcount(row ^ w->rows[r + 1]);
		f[TETRIS_F_CELLS] += tetris_popcount(row);
		f[TETRIS_F_FULL_ROWS] += row == TETRIS_FULL_ROW;
	}
	f[TETRIS_F_COL_TRANS] += tetris_popcount(TETRIS_FULL_ROW & ~w->rows[0]);
	if (cells_over_holes >= 0)
		f[TETRIS_F_GARBAGE] = f[TETRIS_F_CELLS] - cells_over_holes;
}

static int
tetris_neighbour_height(const uint8_t *h, int c)
{
	return c < 0 || c >= TETRIS_COLS ? TETRIS_WALL_HEIGHT : h[c];
}

/* Surface shape: bumpiness and wells away from the well column wc. */
static void
tetris_surface_features(const uint8_t *h, int wc, int *f)
{
	for (int c = 0; c < TETRIS_COLS; c++) {
		int left = tetris_neighbour_height(h, c - 1);
		int right = tetris_neighbour_height(h, c + 1);
		int depth = (left < right ? left : right) - h[c];
		if (c == wc) {
			f[TETRIS_F_WELL_DEPTH] = depth;
			continue;
		}
		f[TETRIS_F_AGG_HEIGHT] += h[c];
		if (depth > 0)
			f[TETRIS_F_WELLS] += depth * (depth + 1) / 2;
		f[TETRIS_F_DEEP_WELLS] += depth >= TETRIS_DEEP_WELL;
		if (c + 1 < TETRIS_COLS && c + 1 != wc) {
			int d = h[c] - h[c + 1];
			int step = d < 0 ? -d : d;
			f[TETRIS_F_BUMP] += step;
			f[TETRIS_F_BUMP_SQ] += d * d;
			if (step > TETRIS_STEP_FITS)
				f[TETRIS_F_CLIFF] += (step - TETRIS_STEP_FITS) *
				                     (step - TETRIS_STEP_FITS);
		}
	}
}

/* Rows above the well column's floor that one more cell there completes
 * (the first four are READY, more are READY_EXTRA: a deep well is points
 * waiting for an I, and a reset waiting for a drought). */
static void
tetris_ready_rows(const struct tetris_well *w, int wc, int *f)
{
	uint16_t want = TETRIS_FULL_ROW & (uint16_t) ~(1u << wc);
	int n = 0;
	for (int r = w->heights[wc]; r < TETRIS_ROWS && w->rows[r] == want; r++)
		n++;
	f[TETRIS_F_READY] = n < TETRIS_MAX_CLEAR ? n : TETRIS_MAX_CLEAR;
	if (n > TETRIS_READY_COUNTED)
		n = TETRIS_READY_COUNTED;
	f[TETRIS_F_READY_EXTRA] =
	        n > TETRIS_MAX_CLEAR ? n - TETRIS_MAX_CLEAR : 0;
}

/*
 * Pieces other than I that cannot be placed anywhere without leaving a hole
 * (the well column excluded).  A piece lies flush where each height step
 * between its columns equals the step of its bottom profile (tetris.c's
 * table): O needs a flat pair; S a flat pair then a step up, or a step
 * down; Z a step down then a flat pair, or a step up; J a flat pair or a
 * step of +2; L a flat pair or -2; T a step down then up, any step of one,
 * or three flat columns.  A surface that takes every piece needs no luck;
 * one that takes a piece in a single place needs it not to be spoilt.
 */
static void
tetris_misfits(const uint8_t *h, int wc, int *f)
{
	unsigned flat = 0, up1 = 0, down1 = 0, up2 = 0, down2 = 0;
	for (int c = 0; c + 1 < TETRIS_COLS; c++) {
		if (c == wc || c + 1 == wc)
			continue;
		int d = h[c + 1] - h[c];
		unsigned bit = 1u << c;
		flat |= d == 0 ? bit : 0;
		up1 |= d == 1 ? bit : 0;
		down1 |= d == -1 ? bit : 0;
		up2 |= d == 2 ? bit : 0;
		down2 |= d == -2 ? bit : 0;
	}
	unsigned fits[] = {
	        flat,                                                  /* O */
	        (down1 & flat >> 1) | up1,                             /* Z */
	        flat | up2,                                            /* J */
	        flat | down2,                                          /* L */
	        (flat & up1 >> 1) | down1,                             /* S */
	        (down1 & up1 >> 1) | up1 | down1 | (flat & flat >> 1), /* T */
	};
	for (size_t i = 0; i < sizeof fits / sizeof fits[0]; i++) {
		f[TETRIS_F_MISFITS] += fits[i] == 0;
		f[TETRIS_F_ONE_FITS] += tetris_popcount(fits[i]) == 1;
	}
}

/* An I dropped upright into the well column now: the points it would
 * score and the full rows it would leave (the reference rule's quirk),
 * what the well is worth when the I comes.  Only rows are needed, so the
 * drop is done on them alone. */
static void
tetris_i_drop(const struct tetris_well *w, int wc, enum tetris_rules rules,
              int *f)
{
	int base = w->heights[wc];
	if (base + TETRIS_MAX_CLEAR > TETRIS_ROWS)
		return;
	if (rules == TETRIS_RULES_TEXT) {
		/* Every row the I completes goes: no need to drop it. */
		uint16_t want = TETRIS_FULL_ROW & (uint16_t) ~(1u << wc);
		int n = 0;
		for (int i = 0; i < TETRIS_MAX_CLEAR; i++)
			n += w->rows[base + i] == want;
		f[TETRIS_F_I_POINTS] = tetris_points(n);
		return;
	}
	if (f[TETRIS_F_READY] == 0)
		return;
	uint16_t rows[TETRIS_ROWS + TETRIS_ROW_SLACK];
	memcpy(rows, w->rows, sizeof rows);
	for (int i = 0; i < TETRIS_MAX_CLEAR; i++)
		rows[base + i] |= (uint16_t)(1u << wc);
	int n = tetris_rows_collapse(rows, base, TETRIS_MAX_CLEAR, rules);
	if (n <= 0)
		return;
	f[TETRIS_F_I_POINTS] = tetris_points(n);
	for (int r = 0; r < TETRIS_ROWS; r++)
		f[TETRIS_F_I_STUCK] += rows[r] == TETRIS_FULL_ROW;
}

/*
 * The reference rule's best clear takes two rows with one skipped between
 * them (a split).  A two-wide well whose columns differ by one row, under
 * rows complete but for it, makes one for a J or L in rotation 2 (a column
 * of three with a cell hanging over the lower one): the rows below and at
 * the top of the column go, the one under the overhang stays, and the
 * mirror shape is left for the other piece.  The points such a drop at the
 * well scores now; the expectation steps see the piece actually come.
 */
static int
tetris_split_points(const struct tetris_well *w, int wc,
                    enum tetris_rules rules)
{
	static const int OVERHANGING[] = {3, 4}; /* J, L */
	enum { OVERHANG_ROTATION = 2 };
	int best = 0;
	for (int x = wc - 1; x <= wc; x++) {
		if (x < 0 || x + 1 >= TETRIS_COLS)
			continue;
		for (size_t i = 0;
		     i < sizeof OVERHANGING / sizeof OVERHANGING[0]; i++) {
			struct tetris_well t = *w;
			int n = tetris_well_drop(
			        &t, OVERHANGING[i],
			        tetris_move_make(OVERHANG_ROTATION, x), rules);
			best = n > best ? n : best;
		}
	}
	return tetris_points(best);
}

/* Rows of the well a split spans: the two cleared and the one between. */
enum { TETRIS_SPLIT_SPAN = 3 };

/* Whether some upright placement (three or four rows tall) of piece over
 * the well column wc clears two rows. */
static bool
tetris_piece_splits(const struct tetris_well *w, int wc, int piece,
                    enum tetris_rules rules)
{
	for (int r = 0; r < TETRIS_DISTINCT_ROTATIONS[piece]; r++) {
		const struct tetris_shape *shape = tetris_shape(piece, r);
		if (shape->height < TETRIS_SPLIT_SPAN)
			continue;
		int first =
		        wc - shape->width + 1 > 0 ? wc - shape->width + 1 : 0;
		for (int x = first; x <= wc && x + shape->width <= TETRIS_COLS;
		     x++) {
			struct tetris_well t = *w;
			game_move move = tetris_move_make(r, x);
			if (tetris_well_drop(&t, piece, move, rules) >= 2)
				return true;
		}
	}
	return false;
}

/*
 * Pieces (of the seven) that would split if they came now.  Only upright
 * pieces span a split, and a row takes at most two of their cells, so
 * nothing is dropped unless two rows two apart near the well's floor lack
 * at most two cells each.
 */
static int
tetris_split_pieces(const struct tetris_well *w, int wc,
                    enum tetris_rules rules)
{
	int floor = w->heights[wc];
	if (floor + TETRIS_SPLIT_SPAN > TETRIS_ROWS)
		return 0;
	bool nearly[TETRIS_MAX_CLEAR] = {false};
	for (int k = 0; k < TETRIS_MAX_CLEAR && floor + k < TETRIS_ROWS; k++) {
		int cells = tetris_popcount(w->rows[floor + k]);
		nearly[k] = cells >= TETRIS_COLS - 2;
	}
	if (!(nearly[0] && nearly[2]) && !(nearly[1] && nearly[3]))
		return 0;
	int count = 0;
	for (int piece = 0; piece < TETRIS_PIECES; piece++)
		count += tetris_piece_splits(w, wc, piece, rules);
	return count;
}

/*
 * The two-wide well a J or L split needs: the well column and its lower
 * neighbour one row apart (PAIR_STEP), and how many rows above the well's
 * floor are complete but for the pair (PAIR_READY, up to the three a
 * split spans).  What is worth building before the piece comes.
 */
static void
tetris_pair_features(const struct tetris_well *w, int wc, int *f)
{
	const uint8_t *h = w->heights;
	int partner;
	if (wc == 0)
		partner = 1;
	else if (wc == TETRIS_COLS - 1)
		partner = TETRIS_COLS - 2;
	else
		partner = h[wc - 1] < h[wc + 1] ? wc - 1 : wc + 1;
	if (h[partner] - h[wc] != 1)
		return;
	f[TETRIS_F_PAIR_STEP] = 1;
	unsigned pair = 1u << wc | 1u << partner;
	int n = 0;
	for (int r = h[wc]; r < TETRIS_ROWS && n < TETRIS_SPLIT_SPAN &&
	                    (w->rows[r] | pair) == TETRIS_FULL_ROW;
	     r++)
		n++;
	f[TETRIS_F_PAIR_READY] = n;
}

static void
tetris_features(const struct tetris_well *w, int well_column,
                enum tetris_rules rules, int *f)
{
	int top = 0;
	memset(f, 0, TETRIS_FEATURE_COUNT * sizeof *f);
	for (int c = 0; c < TETRIS_COLS; c++)
		top = w->heights[c] > top ? w->heights[c] : top;
	int wc = well_column == TETRIS_WELL_LOWEST
	                 ? tetris_well_column(w->heights)
	                 : well_column;
	tetris_row_features(w, top, f);
	tetris_surface_features(w->heights, wc, f);
	f[TETRIS_F_MAX_HEIGHT] = top;
	int danger = top - TETRIS_DANGER_START;
	f[TETRIS_F_DANGER] = danger > 0 ? danger * danger : 0;
	danger = top - TETRIS_DANGER_HIGH_START;
	f[TETRIS_F_DANGER_HIGH] = danger > 0 ? danger * danger : 0;
	tetris_ready_rows(w, wc, f);
	tetris_misfits(w->heights, wc, f);
	tetris_i_drop(w, wc, rules, f);
	f[TETRIS_F_WELL_EDGE] = wc == 0 || wc == TETRIS_COLS - 1;
	if (rules == TETRIS_RULES_REFERENCE) {
		f[TETRIS_F_SPLIT_POINTS] = tetris_split_points(w, wc, rules);
		f[TETRIS_F_SPLIT_PIECES] = tetris_split_pieces(w, wc, rules);
		tetris_pair_features(w, wc, f);
	}
}

static double
tetris_eval(const struct tetris_well *w, enum tetris_rules rules,
            const struct tetris_weights *wt)
{
	int f[TETRIS_FEATURE_COUNT];
	tetris_features(w, wt->well_column, rules, f);
	/* Four partial sums: the additions need not wait for each other. */
	double a = 0, b = 0, c = 0, d = 0;
	int i = 0;
	for (; i + 4 <= TETRIS_FEATURE_COUNT; i += 4) {
		a += wt->feature[i] * f[i];
		b += wt->feature[i + 1] * f[i + 1];
		c += wt->feature[i + 2] * f[i + 2];
		d += wt->feature[i + 3] * f[i + 3];
	}
	for (; i < TETRIS_FEATURE_COUNT; i++)
		a += wt->feature[i] * f[i];
	return (a + b) + (c + d);
}

/* Drops a piece into a copy of the well; returns the drop's reward. */
static double
tetris_try(const struct tetris_well *from, struct tetris_well *to, int piece,
           game_move move, enum tetris_rules rules,
           const struct tetris_weights *wt)
{
	*to = *from;
	int n = tetris_well_drop(to, piece, move, rules);
	return n == TETRIS_DROP_RESET ? wt->reset : wt->clear[n];
}

/* The value of the best placement of piece in w (the hot loop of the
 * search: nothing is kept but the number). */
static double
tetris_best_value(const struct tetris_well *w, int piece,
                  enum tetris_rules rules, const struct tetris_weights *wt)
{
	double best = 0;
	bool any = false;
	for (int r = 0; r < TETRIS_DISTINCT_ROTATIONS[piece]; r++) {
		int width = tetris_shape(piece, r)->width;
		for (int x = 0; x <= TETRIS_COLS - width; x++) {
			struct tetris_well next;
			double v =
			        tetris_try(w, &next, piece,
			                   tetris_move_make(r, x), rules, wt) +
			        tetris_eval(&next, rules, wt);
			if (!any || v > best) {
				best = v;
				any = true;
			}
		}
	}
	return best;
}

/* A placement and what a look at it found; also a plan for the two known
 * pieces (move is then the first one, reward both drops' and well and
 * eval the well after the second). */
struct tetris_option {
	double value;  /* reward + eval */
	double reward; /* the drop's reward */
	double eval;   /* the evaluation of the well after it */
	game_move move;
	struct tetris_well well;
};

enum {
	TETRIS_OPTIONS_MAX = TETRIS_ROTATIONS * TETRIS_COLS,
	TETRIS_DEEP_THIRD_MAX = 4 /* third-piece placements refined */
};

/* Keeps opts[0..*n) sorted by value, best first, at most cap long; o
 * displaces only a strictly worse option, so ties keep the order they came
 * in. */
static void
tetris_option_insert(struct tetris_option *opts, int *n, int cap,
                     const struct tetris_option *o)
{
	int i;
	if (*n < cap)
		i = (*n)++;
	else if (opts[cap - 1].value >= o->value)
		return;
	else
		i = cap - 1;
	while (i > 0 && opts[i - 1].value < o->value) {
		opts[i] = opts[i - 1];
		i--;
	}
	opts[i] = *o;
}

/* The best cap placements of piece in w into opts, best first by value
 * (ties in the order of the rotations and columns).  Returns how many
 * were kept. */
static int
tetris_best_options(const struct tetris_well *w, int piece,
                    enum tetris_rules rules, const struct tetris_weights *wt,
                    struct tetris_option *opts, int cap)
{
	int n = 0;
	for (int r = 0; r < TETRIS_DISTINCT_ROTATIONS[piece]; r++) {
		int width = tetris_shape(piece, r)->width;
		for (int x = 0; x <= TETRIS_COLS - width; x++) {
			struct tetris_option o;
			o.move = tetris_move_make(r, x);
			o.reward = tetris_try(w, &o.well, piece, o.move, rules,
			                      wt);
			o.eval = tetris_eval(&o.well, rules, wt);
			o.value = o.reward + o.eval;
			tetris_option_insert(opts, &n, cap, &o);
		}
	}
	return n;
}

/* The first moves worth a look at the next piece (the best first_moves of
 * them by their own value, or all), each followed by the best placement of
 * the next piece; keeps the cap best, one plan per first move, so the
 * expectation steps weigh different first moves. */
static int
tetris_plan_pairs(const struct tetris_well *w, struct tetris_window win,
                  enum tetris_rules rules, const struct tetris_weights *wt,
                  struct tetris_option *plans, int cap)
{
	struct tetris_option firsts[TETRIS_OPTIONS_MAX];
	int n = tetris_best_options(w, win.current, rules, wt, firsts,
	                            wt->first_moves > 0 ? wt->first_moves
	                                                : TETRIS_OPTIONS_MAX);
	int count = 0;
	for (int i = 0; i < n; i++) {
		struct tetris_option second;
		tetris_best_options(&firsts[i].well, win.next, rules, wt,
		                    &second, 1);
		struct tetris_option p = {
		        .reward = firsts[i].reward + second.reward,
		        .eval = second.eval,
		        .move = firsts[i].move,
		        .well = second.well,
		};
		p.value = p.reward + p.eval;
		tetris_option_insert(plans, &count, cap, &p);
	}
	return count;
}

/*
 * The expectation steps.  The first values every plan before each of the
 * seven third pieces by that piece's best placement, and keeps the best
 * few placements (deep_third); the second, for the close plans only,
 * values those kept placements by the same expectation one piece further
 * on.  Job k of a step handles plan which[k / 7] before piece k % 7 and
 * writes only its own slots, so the steps can run on a pool.
 */
struct tetris_lookahead {
	const struct tetris_option *plans;
	const int *which; /* the plans of the current step */
	enum tetris_rules rules;
	const struct tetris_weights *wt;
	int keep; /* third-piece placements kept per plan and piece */
	/* Per plan * 7 + piece, filled by the first step: */
	struct tetris_option third[TETRIS_CANDIDATES_MAX * TETRIS_PIECES]
	                          [TETRIS_DEEP_THIRD_MAX];
	int kept[TETRIS_CANDIDATES_MAX * TETRIS_PIECES];
	/* Per job of the current step: */
	double value[TETRIS_CANDIDATES_MAX * TETRIS_PIECES];
};

static void
tetris_expect_job(void *ctx, int job)
{
	struct tetris_lookahead *la = ctx;
	int slot = la->which[job / TETRIS_PIECES] * TETRIS_PIECES +
	           job % TETRIS_PIECES;
	la->kept[slot] = tetris_best_options(
	        &la->plans[la->which[job / TETRIS_PIECES]].well,
	        job % TETRIS_PIECES, la->rules, la->wt, la->third[slot],
	        la->keep);
	la->value[job] = la->third[slot][0].value;
}

static void
tetris_deep_job(void *ctx, int job)
{
	struct tetris_lookahead *la = ctx;
	int slot = la->which[job / TETRIS_PIECES] * TETRIS_PIECES +
	           job % TETRIS_PIECES;
	double best = 0;
	for (int i = 0; i < la->kept[slot]; i++) {
		const struct tetris_option *o = &la->third[slot][i];
		double sum = 0;
		for (int after = 0; after < TETRIS_PIECES; after++)
			sum += tetris_best_value(&o->well, after, la->rules,
			                         la->wt);
		double v = o->reward + sum / TETRIS_PIECES;
		if (i == 0 || v > best)
			best = v;
	}
	la->value[job] = best;
}

/* Runs a step over the n plans la->which[0..n) and returns, per plan, its
 * reward + the mean of its seven values. */
static void
tetris_lookahead_step(struct tetris_lookahead *la, int n, pool_job_fn job,
                      struct pool *pool, double *out)
{
	pool_run(pool, n * TETRIS_PIECES, job, la);
	for (int i = 0; i < n; i++) {
		double sum = 0;
		for (int piece = 0; piece < TETRIS_PIECES; piece++)
			sum += la->value[i * TETRIS_PIECES + piece];
		out[i] = la->plans[la->which[i]].reward + sum / TETRIS_PIECES;
	}
}

game_move
tetris_strategy_choose_pooled(const struct tetris_well *w,
                              struct tetris_window win, enum tetris_rules rules,
                              const struct tetris_weights *wt,
                              struct pool *pool)
{
	if (win.next == TETRIS_NO_PIECE) {
		struct tetris_option only;
		tetris_best_options(w, win.current, rules, wt, &only, 1);
		return only.move;
	}
	struct tetris_option plans[TETRIS_CANDIDATES_MAX];
	int cap = wt->candidates < 1 ? 1 : wt->candidates;
	cap = cap > TETRIS_CANDIDATES_MAX ? TETRIS_CANDIDATES_MAX : cap;
	int count = tetris_plan_pairs(w, win, rules, wt, plans, cap);
	if (wt->candidates < 1)
		return plans[0].move;

	/* The expectation over the third piece, for every plan kept; then
	 * the plans ranked by it (stable: ties keep the earlier plan).  The
	 * context (about 45 KiB) fits the default thread stacks every caller
	 * runs on. */
	struct tetris_lookahead la;
	int order[TETRIS_CANDIDATES_MAX];
	double expected[TETRIS_CANDIDATES_MAX], q[TETRIS_CANDIDATES_MAX];
	for (int i = 0; i < count; i++)
		order[i] = i;
	la.plans = plans;
	la.which = order;
	la.rules = rules;
	la.wt = wt;
	la.keep = wt->deep_third < 1 ? 1
	          : wt->deep_third > TETRIS_DEEP_THIRD_MAX
	                  ? TETRIS_DEEP_THIRD_MAX
	                  : wt->deep_third;
	tetris_lookahead_step(&la, count, tetris_expect_job, pool, expected);
	for (int i = 1; i < count; i++) {
		int k = order[i], j = i;
		for (; j > 0 && expected[order[j - 1]] < expected[k]; j--)
			order[j] = order[j - 1];
		order[j] = k;
	}

	/* A second chance node for the close contenders only: the first
	 * look usually settles the move, and the deep one costs 20 times as
	 * much per plan. */
	double top = expected[order[0]];
	int close = 0;
	while (close < count && close < wt->deep &&
	       expected[order[close]] >= top - wt->deep_margin)
		close++;
	if (close < 2)
		return plans[order[0]].move;
	tetris_lookahead_step(&la, close, tetris_deep_job, pool, q);
	int best = 0;
	for (int i = 1; i < close; i++)
		if (q[i] > q[best])
			best = i;
	return plans[order[best]].move;
}

game_move
tetris_strategy_choose(const struct tetris_well *w, struct tetris_window win,
                       enum tetris_rules rules, const struct tetris_weights *wt)
{
	return tetris_strategy_choose_pooled(w, win, rules, wt, NULL);
}

void
tetris_strategy_features(const struct tetris_well *w, enum tetris_rules rules,
                         int *f)
{
	tetris_features(w, TETRIS_WELL_LOWEST, rules, f);
}

int
tetris_strategy_evaluate(const struct tetris_well *w, enum tetris_rules rules)
{
	const double CENTI = 100.0;
	return (int)(tetris_eval(w, rules, tetris_weights_for(rules)) * CENTI);
}

void
tetris_strategy_play(const uint8_t *in, size_t n, uint8_t *out,
                     enum tetris_rules rules,
                     const struct tetris_weights *weights, int threads)
{
	tetris_strategy_play_stoppable(in, n, out, rules, weights, threads,
	                               NULL);
}

size_t
tetris_strategy_play_stoppable(const uint8_t *in, size_t n, uint8_t *out,
                               enum tetris_rules rules,
                               const struct tetris_weights *weights,
                               int threads, const atomic_bool *stop)
{
	struct pool *pool = threads > 1 ? pool_create(threads - 1) : NULL;
	struct tetris_well well;
	tetris_well_clear(&well);
	size_t i = 0;
	for (; i < n; i++) {
		if (stop != NULL &&
		    atomic_load_explicit(stop, memory_order_relaxed))
			break;
		struct tetris_window win = {
		        .current = in[i] % TETRIS_PIECES,
		        .next = i + 1 < n ? in[i + 1] % TETRIS_PIECES
		                          : TETRIS_NO_PIECE,
		};
		game_move m = tetris_strategy_choose_pooled(&well, win, rules,
		                                            weights, pool);
		out[i] = (uint8_t)m;
		tetris_well_drop(&well, win.current, m, rules);
	}
	pool_destroy(pool);
	return i;
}
