/*
 * 121-bit sets of cells for the 11x11 Tetress torus, two 64-bit words.
 * Cell (r, c) is bit r*11 + c, so a row is 11 consecutive bits and a
 * translation of the whole torus is a rotation of the rows (a rotation of
 * the 121-bit ring by a multiple of 11) followed by a rotation of the
 * columns inside every row.  Translating a whole board at once is what
 * makes counting legal placements cheap: the origins where a piece fits are
 * the intersection of four translated copies of the free cells.
 */
#ifndef TABULA_GAMES_BB121_H
#define TABULA_GAMES_BB121_H

#include <stdbool.h>
#include <stdint.h>

#define BB121_SIDE  11
#define BB121_CELLS 121

struct bb121 {
	uint64_t lo; /* cells 0..63 */
	uint64_t hi; /* cells 64..120 in bits 0..56 */
};

static const uint64_t BB121_HI_MASK = (UINT64_C(1) << (BB121_CELLS - 64)) - 1;

/* Bit counting: the processor's instruction where the build targets one
 * (__POPCNT__, e.g. -march=native), else the classic SWAR count inline: the
 * compiler's generic builtin is a library call, which cost Tetress a sixth
 * of its search time. */
static inline int
bb121_popcount64(uint64_t x)
{
#if defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
	return __builtin_popcountll(x);
#else
	x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
	x = (x & UINT64_C(0x3333333333333333)) +
	    ((x >> 2) & UINT64_C(0x3333333333333333));
	x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
	return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

static inline int
bb121_ctz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
	return __builtin_ctzll(x);
#else
	return bb121_popcount64((x & -x) - 1);
#endif
}

static inline struct bb121
bb121_and(struct bb121 a, struct bb121 b)
{
	return (struct bb121){a.lo & b.lo, a.hi & b.hi};
}

static inline struct bb121
bb121_or(struct bb121 a, struct bb121 b)
{
	return (struct bb121){a.lo | b.lo, a.hi | b.hi};
}

static inline struct bb121
bb121_andnot(struct bb121 a, struct bb121 b)
{
	return (struct bb121){a.lo & ~b.lo, a.hi & ~b.hi};
}

static inline struct bb121
bb121_xor(struct bb121 a, struct bb121 b)
{
	return (struct bb121){a.lo ^ b.lo, a.hi ^ b.hi};
}

static inline bool
bb121_empty(struct bb121 a)
{
	return (a.lo | a.hi) == 0;
}

static inline bool
bb121_equal(struct bb121 a, struct bb121 b)
{
	return a.lo == b.lo && a.hi == b.hi;
}

static inline int
bb121_count(struct bb121 a)
{
	return bb121_popcount64(a.lo) + bb121_popcount64(a.hi);
}

/* The cells of n sets together.  Without the processor's count, the sets
 * are counted side by side in byte fields and summed every 15 sets (a byte
 * then holds at most 15 * 16 = 240): a third of the work of counting each
 * word alone. */
static inline int
bb121_count_all(const struct bb121 *a, int n)
{
	int total = 0;
#if defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
	for (int i = 0; i < n; i++)
		total += bb121_count(a[i]);
#else
	const uint64_t m1 = UINT64_C(0x5555555555555555);
	const uint64_t m2 = UINT64_C(0x3333333333333333);
	const uint64_t m4 = UINT64_C(0x0F0F0F0F0F0F0F0F);
	const uint64_t m8 = UINT64_C(0x00FF00FF00FF00FF);
	for (int start = 0; start < n; start += 15) {
		uint64_t bytes = 0;
		for (int i = start; i < n && i < start + 15; i++) {
			uint64_t lo = a[i].lo - ((a[i].lo >> 1) & m1);
			uint64_t hi = a[i].hi - ((a[i].hi >> 1) & m1);
			uint64_t nib = (lo & m2) + ((lo >> 2) & m2) +
			               (hi & m2) + ((hi >> 2) & m2);
			bytes += (nib & m4) + ((nib >> 4) & m4);
		}
		uint64_t halves = (bytes & m8) + ((bytes >> 8) & m8);
		total += (int)((halves * UINT64_C(0x0001000100010001)) >> 48);
	}
#endif
	return total;
}

static inline struct bb121
bb121_cell(int cell)
{
	if (cell < 64)
		return (struct bb121){UINT64_C(1) << cell, 0};
	return (struct bb121){0, UINT64_C(1) << (cell - 64)};
}

static inline bool
bb121_has(struct bb121 a, int cell)
{
	return cell < 64 ? (a.lo >> cell) & 1 : (a.hi >> (cell - 64)) & 1;
}

/* Index of the lowest cell of a non-empty set. */
static inline int
bb121_first(struct bb121 a)
{
	return a.lo ? bb121_ctz64(a.lo) : 64 + bb121_ctz64(a.hi);
}

/* The set without its lowest cell. */
static inline struct bb121
bb121_drop_first(struct bb121 a)
{
	if (a.lo)
		a.lo &= a.lo - 1;
	else
		a.hi &= a.hi - 1;
	return a;
}

/* Shifts towards higher cells by n (0 < n < 128); bits past 127 are lost. */
static inline struct bb121
bb121_shl(struct bb121 a, int n)
{
	if (n >= 64)
		return (struct bb121){0, a.lo << (n - 64)};
	return (struct bb121){a.lo << n, (a.hi << n) | (a.lo >> (64 - n))};
}

/* Shifts towards lower cells by n (0 < n < 128). */
static inline struct bb121
bb121_shr(struct bb121 a, int n)
{
	if (n >= 64)
		return (struct bb121){a.hi >> (n - 64), 0};
	return (struct bb121){(a.lo >> n) | (a.hi << (64 - n)), a.hi >> n};
}

static inline struct bb121
bb121_trim(struct bb121 a)
{
	a.hi &= BB121_HI_MASK;
	return a;
}

/* The set moved n cells towards higher indices around the 121-cell ring
 * (0 < n < 121): n = 11 is one row down on the torus. */
static inline struct bb121
bb121_rotate(struct bb121 a, int n)
{
	return bb121_trim(
	        bb121_or(bb121_shl(a, n), bb121_shr(a, BB121_CELLS - n)));
}

/* The first and the last column of the torus. */
static const struct bb121 BB121_COL_FIRST = {UINT64_C(0x0080100200400801),
                                             UINT64_C(0x0000400801002004)};
static const struct bb121 BB121_COL_LAST = {UINT64_C(0x0040080100200400),
                                            UINT64_C(0x0100200400801002)};

/* The four torus neighbours of every cell of x (x itself excepted, unless
 * a cell of x is next to another). */
static inline struct bb121
bb121_neighbours(struct bb121 x)
{
	struct bb121 down = bb121_rotate(x, BB121_SIDE);
	struct bb121 up = bb121_rotate(x, BB121_CELLS - BB121_SIDE);
	struct bb121 right = bb121_or(
	        bb121_shl(bb121_andnot(x, BB121_COL_LAST), 1),
	        bb121_shr(bb121_and(x, BB121_COL_LAST), BB121_SIDE - 1));
	struct bb121 left = bb121_or(
	        bb121_shr(bb121_andnot(x, BB121_COL_FIRST), 1),
	        bb121_shl(bb121_and(x, BB121_COL_FIRST), BB121_SIDE - 1));
	return bb121_trim(bb121_or(bb121_or(down, up), bb121_or(right, left)));
}

#endif
