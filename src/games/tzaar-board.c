/*
 * TZAAR board geometry and position bookkeeping: space names, the rays of
 * the six lines of movement (cut at the edge and at the hole), Zobrist keys,
 * and turning a list of stacks into a consistent position.
 *
 * Geometry uses the skewed 9x9 array of the rules file: space (column c,
 * row r) sits at i = r - 1 + max(0, c - 4), j = c; the six neighbours are
 * (i±1, j), (i, j±1), (i+1, j+1), (i-1, j-1), and the hole is (4, 4).  Rays
 * are built once, so the move generator never sees a coordinate.
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "core/rng.h"
#include "games/tzaar.h"

/* Fixed seed for the Zobrist keys: the same keys in every run, so hashes
 * printed by tools can be compared. */
static const uint64_t TZAAR_ZOBRIST_SEED = 0x545A414152ULL;

static const int TZAAR_COLUMN_SIZES[TZAAR_COLUMNS] = {5, 6, 7, 8, 9,
                                                      8, 7, 6, 5};
static const int TZAAR_CENTRE_COLUMN = 4;
static const int TZAAR_CENTRE_ROW = 5;

/* The six directions as (di, dj) in the skewed array: N, NE, SE, S, SW, NW.
 * The first three move to higher space indices, the last three to lower. */
static const int TZAAR_DIR_DI[TZAAR_DIRS] = {1, 1, 0, -1, -1, 0};
static const int TZAAR_DIR_DJ[TZAAR_DIRS] = {0, 1, 1, 0, -1, -1};

const char TZAAR_STANDARD_BOARD[] =
        "ccccCCbbbBCCBaaABCCBAcCABCCBACcabccbacCabccbaAAbccbBBBccCCCC";

static struct tzaar_geometry tzaar_geo;
static pthread_once_t tzaar_geo_once = PTHREAD_ONCE_INIT;

int
tzaar_column_size(int column)
{
	return column >= 0 && column < TZAAR_COLUMNS
	               ? TZAAR_COLUMN_SIZES[column]
	               : 0;
}

static int
tzaar_column_shift(int column)
{
	return column > TZAAR_CENTRE_COLUMN ? column - TZAAR_CENTRE_COLUMN : 0;
}

/* Space at skewed (i, j), -1 off the board or on the hole.  Reads the
 * index table directly: it runs while the tables are being built. */
static int
tzaar_cell_skewed(const struct tzaar_geometry *g, int i, int j)
{
	if (j < 0 || j >= TZAAR_COLUMNS)
		return -1;
	int row = i + 1 - tzaar_column_shift(j);
	if (row < 1 || row > TZAAR_COLUMN_SIZES[j])
		return -1;
	return g->index[j][row];
}

static void
tzaar_build_rays(struct tzaar_geometry *g)
{
	for (int cell = 0; cell < TZAAR_CELLS; cell++) {
		int i = g->row[cell] - 1 + tzaar_column_shift(g->column[cell]);
		int j = g->column[cell];
		for (int d = 0; d < TZAAR_DIRS; d++) {
			uint64_t ray = 0;
			int ti = i + TZAAR_DIR_DI[d], tj = j + TZAAR_DIR_DJ[d];
			int t;
			/* The hole is not a space: the line stops there. */
			while ((t = tzaar_cell_skewed(g, ti, tj)) >= 0) {
				ray |= 1ULL << t;
				ti += TZAAR_DIR_DI[d];
				tj += TZAAR_DIR_DJ[d];
			}
			g->ray[cell][d] = ray;
		}
	}
	int up = 0;
	for (int d = 0; d < TZAAR_DIRS; d++) {
		g->ray_up[d] = TZAAR_DIR_DI[d] > 0 || TZAAR_DIR_DJ[d] > 0;
		if (g->ray_up[d] && up < TZAAR_UP_DIRS)
			g->up_dir[up++] = (uint8_t)d;
	}
}

static void
tzaar_build_zobrist(struct tzaar_geometry *g)
{
	struct rng r;
	rng_seed(&r, TZAAR_ZOBRIST_SEED);
	for (int c = 0; c < TZAAR_CELLS; c++)
		for (int s = 0; s < 2; s++)
			for (int t = 0; t < TZAAR_TYPES; t++)
				for (int h = 0; h <= TZAAR_MAX_HEIGHT; h++)
					g->zobrist[c][s][t][h] = rng_next(&r);
	for (int s = 0; s < 2; s++)
		for (int ph = 0; ph < 3; ph++)
			g->zobrist_turn[s][ph] = rng_next(&r);
}

static void
tzaar_build_geometry(void)
{
	struct tzaar_geometry *g = &tzaar_geo;
	memset(g->index, -1, sizeof g->index);
	int cell = 0;
	for (int c = 0; c < TZAAR_COLUMNS; c++) {
		for (int r = 1; r <= TZAAR_COLUMN_SIZES[c]; r++) {
			if (c == TZAAR_CENTRE_COLUMN && r == TZAAR_CENTRE_ROW)
				continue;
			g->column[cell] = (uint8_t)c;
			g->row[cell] = (uint8_t)r;
			g->index[c][r] = (int8_t)cell;
			cell++;
		}
	}
	tzaar_build_rays(g);
	tzaar_build_zobrist(g);
}

const struct tzaar_geometry *
tzaar_geometry(void)
{
	pthread_once(&tzaar_geo_once, tzaar_build_geometry);
	return &tzaar_geo;
}

int
tzaar_cell_at(int column, int row)
{
	if (column < 0 || column >= TZAAR_COLUMNS || row < 1 ||
	    row > TZAAR_COLUMN_SIZES[column])
		return -1;
	return tzaar_geometry()->index[column][row];
}

void
tzaar_cell_name(int cell, char *buf)
{
	const struct tzaar_geometry *g = tzaar_geometry();
	if (cell < 0 || cell >= TZAAR_CELLS) {
		strcpy(buf, "??");
		return;
	}
	buf[0] = (char)('A' + g->column[cell]);
	buf[1] = (char)('0' + g->row[cell]);
	buf[2] = '\0';
}

void
tzaar_set_cell(struct tzaar_pos *p, int cell, int color, int type, int height)
{
	uint64_t bit = 1ULL << cell;
	p->own[color] |= bit;
	p->top[color][type] |= bit;
	p->height[cell] = (uint8_t)height;
	p->kind[cell] = (uint8_t)type;
}

uint64_t
tzaar_hash_full(const struct tzaar_pos *p)
{
	const struct tzaar_geometry *g = tzaar_geometry();
	uint64_t h = g->zobrist_turn[p->side][p->phase];
	for (int s = 0; s < 2; s++) {
		for (uint64_t m = p->own[s]; m; m &= m - 1) {
			int c = tzaar_bit_low(m);
			h ^= g->zobrist[c][s][p->kind[c]][p->height[c]];
		}
	}
	return h;
}

int
tzaar_empty_cells(const struct tzaar_pos *p)
{
	return TZAAR_CELLS - tzaar_popcount(p->own[0] | p->own[1]);
}

/* Checks piece counts: a player's stacks hold at most 30 pieces, and no
 * more stacks show a type than there are pieces of it. */
static bool
tzaar_check_counts(const struct tzaar_pos *p, char *err, size_t err_size)
{
	static const int per_type[TZAAR_TYPES] = {6, 9, 15};
	static const char *const type_names[TZAAR_TYPES] = {"Tzaars", "Tzarras",
	                                                    "Totts"};
	static const char *const colors[2] = {"White", "Black"};
	for (int s = 0; s < 2; s++) {
		int pieces = 0;
		for (uint64_t m = p->own[s]; m; m &= m - 1)
			pieces += p->height[tzaar_bit_low(m)];
		if (pieces > TZAAR_PIECES) {
			snprintf(err, err_size, "%s has %d pieces, at most %d",
			         colors[s], pieces, TZAAR_PIECES);
			return false;
		}
		for (int t = 0; t < TZAAR_TYPES; t++) {
			if (tzaar_popcount(p->top[s][t]) > per_type[t]) {
				snprintf(err, err_size,
				         "%s shows %d %s, at most %d",
				         colors[s],
				         tzaar_popcount(p->top[s][t]),
				         type_names[t], per_type[t]);
				return false;
			}
		}
	}
	return true;
}

static bool
tzaar_lacks_type(const struct tzaar_pos *p, int color)
{
	for (int t = 0; t < TZAAR_TYPES; t++)
		if (p->top[color][t] == 0)
			return true;
	return false;
}

/* A player short of a type has lost.  Who made the last sub-move follows
 * from the turn state (a second sub-move is pending: the side to move made
 * the first; a turn is starting: the other side just finished), and tells
 * a capture from a burial. */
static bool
tzaar_derive_end(struct tzaar_pos *p, char *err, size_t err_size)
{
	bool lacks[2] = {tzaar_lacks_type(p, 0), tzaar_lacks_type(p, 1)};
	p->winner = TZAAR_NO_WINNER;
	p->end = TZAAR_END_NONE;
	if (!lacks[0] && !lacks[1])
		return true;
	if (lacks[0] && lacks[1]) {
		snprintf(err, err_size, "both players lack a type of piece");
		return false;
	}
	if (p->phase == TZAAR_OPEN) {
		snprintf(
		        err, err_size,
		        "a player lacks a type of piece before the first move");
		return false;
	}
	int loser = lacks[0] ? 0 : 1;
	int last_mover = p->phase == TZAAR_SECOND ? p->side : 1 - p->side;
	p->winner = (uint8_t)(1 - loser);
	p->end = loser == last_mover ? TZAAR_END_TYPE_BURIED
	                             : TZAAR_END_TYPE_CAPTURED;
	return true;
}

bool
tzaar_finish_pos(struct tzaar_pos *p, char *err, size_t err_size)
{
	if (p->phase == TZAAR_OPEN && p->side != TZAAR_WHITE) {
		snprintf(err, err_size,
		         "phase 'open' is White's first turn, not Black's");
		return false;
	}
	if (!tzaar_check_counts(p, err, err_size) ||
	    !tzaar_derive_end(p, err, err_size))
		return false;
	p->hash = tzaar_hash_full(p);
	return true;
}
