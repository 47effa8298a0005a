/*
 * Tetress pieces as a player handles them (see tetress-piece.h): a kind, a
 * turn and an anchor cell, mapped onto the game's 19 fixed shapes.  Each
 * fixed shape has a pivot cell; a quarter turn clockwise about it gives the
 * next turn's shape with its pivot on the same cell (the tests check this
 * against the shape table), so turning a piece never walks it across the
 * board.  Legality is the game's own: tetress_legal_placements for the
 * scans, tetress_check_cells for the reason a placement is refused.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/tetress-piece.h"
#include "games/tetress.h"

enum { SIDE = TETRESS_SIDE, CELLS = TETRESS_SIDE * TETRESS_SIDE };

/* The fixed shape (games/tetress.c numbering) of each kind and turn. */
static const uint8_t PIECE_SHAPES[TETRESS_PIECE_KINDS][4] = {
        {0, 1},           /* I: horizontal, vertical */
        {2},              /* O */
        {3, 6, 4, 5},     /* T: pointing up, right, down, left */
        {11, 12, 13, 14}, /* J: standing, then clockwise */
        {7, 8, 9, 10},    /* L: standing, then clockwise */
        {15, 16},         /* S: horizontal, vertical */
        {17, 18},         /* Z: horizontal, vertical */
};

static const uint8_t PIECE_TURNS[TETRESS_PIECE_KINDS] = {2, 1, 4, 4, 4, 2, 2};

/* The pivot of each fixed shape, (row, col) in its bounding box: the cell
 * with the most neighbours in the piece, nearest the box's centre, for the
 * first turn; for the others, where a quarter turn takes that cell. */
static const int8_t SHAPE_PIVOT[TETRESS_SHAPES][2] = {
        {0, 1}, {1, 0}, {0, 0}, {1, 1}, {0, 1}, {1, 1}, {1, 0},
        {1, 0}, {0, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 0},
        {0, 1}, {0, 1}, {1, 1}, {0, 1}, {1, 1},
};

static int
wrap(int x)
{
	return ((x % SIDE) + SIDE) % SIDE;
}

int
tetress_piece_kind_of(char letter)
{
	for (int k = 0; k < TETRESS_PIECE_KINDS; k++)
		if (TETRESS_PIECE_LETTERS[k] == toupper((unsigned char)letter))
			return k;
	return -1;
}

int
tetress_piece_turns(int kind)
{
	return PIECE_TURNS[kind];
}

void
tetress_piece_turn(struct game_piece *p, int quarter_turns)
{
	int n = PIECE_TURNS[p->kind];
	p->turn = (((p->turn + quarter_turns) % n + n) % n);
}

void
tetress_piece_slide(struct game_piece *p, int rows, int cols)
{
	int r = p->anchor / SIDE, c = p->anchor % SIDE;
	p->anchor = (wrap(r + rows) * SIDE + wrap(c + cols));
}

/* The top-left cell of the shape's bounding box (the game's origin). */
static int
piece_origin(const struct game_piece *p, int shape)
{
	int r = p->anchor / SIDE - SHAPE_PIVOT[shape][0];
	int c = p->anchor % SIDE - SHAPE_PIVOT[shape][1];
	return wrap(r) * SIDE + wrap(c);
}

void
tetress_piece_cells(const struct game_piece *p, int cells[4])
{
	int shape = PIECE_SHAPES[p->kind][p->turn];
	int origin = piece_origin(p, shape);
	for (int i = 0; i < 4; i++) {
		int dr, dc;
		tetress_shape_cell(shape, i, &dr, &dc);
		cells[i] = wrap(origin / SIDE + dr) * SIDE +
		           wrap(origin % SIDE + dc);
	}
}

game_move
tetress_piece_move(const struct game_piece *p)
{
	int shape = PIECE_SHAPES[p->kind][p->turn];
	return (game_move)(shape * CELLS + piece_origin(p, shape));
}

struct game_piece
tetress_piece_of_move(game_move move)
{
	struct game_piece p = {0, 0, 0};
	int shape = (int)(move / CELLS), origin = (int)(move % CELLS);
	for (int k = 0; k < TETRESS_PIECE_KINDS; k++)
		for (int t = 0; t < PIECE_TURNS[k]; t++)
			if (PIECE_SHAPES[k][t] == shape) {
				p.kind = k;
				p.turn = t;
			}
	int r = origin / SIDE + SHAPE_PIVOT[shape][0];
	int c = origin % SIDE + SHAPE_PIVOT[shape][1];
	p.anchor = (wrap(r) * SIDE + wrap(c));
	return p;
}

bool
tetress_piece_check(const struct game_pos *pos, const struct game_piece *p,
                    char *err, size_t err_size)
{
	if (err_size > 0)
		err[0] = '\0';
	if (p->kind < 0 || p->kind >= TETRESS_PIECE_KINDS || p->turn < 0 ||
	    p->turn >= PIECE_TURNS[p->kind] || p->anchor < 0 ||
	    p->anchor >= CELLS) {
		snprintf(err, err_size,
		         "not a piece (kind %d, turn %d, cell %d)", p->kind,
		         p->turn, p->anchor);
		return false;
	}
	int cells[4];
	tetress_piece_cells(p, cells);
	return tetress_check_cells(pos, cells, err, err_size);
}

int
tetress_piece_scan(const struct game_pos *pos, const struct game_piece *centre,
                   struct game_piece *out, int max)
{
	struct bb121 legal[TETRESS_SHAPES];
	tetress_legal_placements(pos, legal);
	int n = 0, turns = PIECE_TURNS[centre->kind];
	int cr = centre->anchor / SIDE, cc = centre->anchor % SIDE;
	const int reach = SIDE / 2;
	for (int d = 0; d <= 2 * reach; d++) {
		for (int dr = -reach; dr <= reach; dr++) {
			for (int dc = -reach; dc <= reach; dc++) {
				if (abs(dr) + abs(dc) != d)
					continue;
				for (int k = 0; k < turns; k++) {
					struct game_piece p = *centre;
					p.anchor = (wrap(cr + dr) * SIDE +
					            wrap(cc + dc));
					tetress_piece_turn(&p, k);
					int shape =
					        PIECE_SHAPES[p.kind][p.turn];
					if (!bb121_has(legal[shape],
					               piece_origin(&p, shape)))
						continue;
					if (n < max)
						out[n] = p;
					n++;
				}
			}
		}
	}
	return n;
}

unsigned
tetress_piece_kinds_playable(const struct game_pos *pos)
{
	struct bb121 legal[TETRESS_SHAPES];
	tetress_legal_placements(pos, legal);
	unsigned kinds = 0;
	for (int k = 0; k < TETRESS_PIECE_KINDS; k++)
		for (int t = 0; t < PIECE_TURNS[k]; t++)
			if (!bb121_empty(legal[PIECE_SHAPES[k][t]]))
				kinds |= 1u << k;
	return kinds;
}

const struct game_pieces tetress_pieces = {
        .letters = TETRESS_PIECE_LETTERS,
        .turns = tetress_piece_turns,
        .turn = tetress_piece_turn,
        .slide = tetress_piece_slide,
        .move = tetress_piece_move,
        .of_move = tetress_piece_of_move,
        .check = tetress_piece_check,
        .scan = tetress_piece_scan,
        .kinds_playable = tetress_piece_kinds_playable,
};
