/*
 * Tetress (COMP30024, 2024): two players place tetrominoes on an 11x11
 * torus; full rows and columns are cleared; a player with no legal
 * placement loses; after 150 actions the player with more tokens wins.
 * The position struct is public so that an evaluation or a board view can
 * read it; everything else goes through tetress_game (games.h).
 */
#ifndef TABULA_GAMES_TETRESS_H
#define TABULA_GAMES_TETRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "games/bb121.h"

#define TETRESS_SIDE          11
#define TETRESS_SHAPES        19
#define TETRESS_PLACEMENTS    (TETRESS_SHAPES * BB121_CELLS) /* 2,299 */
#define TETRESS_TURN_LIMIT    150
#define TETRESS_FREE_OPENINGS 2 /* actions exempt from the neighbour rule */

enum tetress_colour { TETRESS_RED, TETRESS_BLUE };

struct tetress_pos {
	struct bb121 cells[2]; /* tokens of Red and Blue */
	uint64_t hash;         /* Zobrist key, kept up to date by play */
	/* Tokens of each colour in every row and every column, four bits a
	 * line (line i in bits 4i..4i+3), kept up to date by play: they tell
	 * at once which lines a placement fills and which are nearly full. */
	uint64_t row_tokens[2];
	uint64_t col_tokens[2];
	uint8_t side;    /* enum tetress_colour to move */
	uint8_t actions; /* actions played by both players, 0..150 */
};

/* A placement is shape * 121 + origin, the top-left cell of the shape's
 * bounding box; this is the game_move of Tetress. */

/* Offset (row, col) of cell i (0..3) of a fixed shape (0..18) from the
 * top-left corner of its bounding box. */
void tetress_shape_cell(int shape, int i, int *row, int *col);

/* The origins of every legal placement of the side to move, shape by
 * shape (all empty once the turn limit is reached). */
void tetress_legal_placements(const struct game_pos *pos,
                              struct bb121 legal[TETRESS_SHAPES]);

/* The rules a placement of four cells must pass before its shape is
 * looked at, in the referee's order: the game goes on, every cell is
 * empty, a cell touches the mover's tokens (from the third action on).
 * False with the broken rule in one line in err. */
bool tetress_check_cells(const struct game_pos *pos, const int cells[4],
                         char *err, size_t err_size);

/* Legal placements the given colour would have if it were to move now
 * (the neighbour rule applies from the third action on). */
int tetress_mobility(const struct tetress_pos *pos, int colour);

/* The mobility of both colours at once (counts[colour]), sharing the work
 * they have in common. */
void tetress_mobility_both(const struct tetress_pos *pos, int counts[2]);

/* The count of line i (0..10) in a row_tokens or col_tokens word. */
static inline int
tetress_line_tokens(uint64_t lines, int i)
{
	return (int)((lines >> (4 * i)) & 15);
}

/* View of a generic position as a Tetress position. */
static inline const struct tetress_pos *
tetress_pos_of(const struct game_pos *pos)
{
	return (const struct tetress_pos *)(const void *)pos->bytes;
}

/* Puzzle themes of a won line (core/game.h line_themes; tetress-themes.c). */
void tetress_line_themes(const struct game_pos *start, const game_move *line,
                         int len, char *themes, size_t size);

#endif
