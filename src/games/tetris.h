/*
 * Tetris strategy: the drop-only game of the "Tetris strategy" challenge.
 * A 20x10 well; each piece (O I Z J L S T) is rotated and dropped straight
 * down at a chosen column, with no sliding; full rows collapse; a piece that
 * would rest partly above the visible rows clears the whole well and is
 * skipped.  This header holds the exact rules (the well, the piece table and
 * the drop, under both scoring rules) that the game interface, the strategy,
 * the batch mode and the tests share.
 */
#ifndef TABULA_GAMES_TETRIS_H
#define TABULA_GAMES_TETRIS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"

enum {
	TETRIS_ROWS = 20, /* visible rows of the well */
	TETRIS_COLS = 10, /* columns */
	TETRIS_ROW_SLACK =
	        4, /* rows above the top, so a drop needs no bound check */
	TETRIS_PIECES = 7, /* O I Z J L S T, in the order byte % 7 gives */
	TETRIS_ROTATIONS = 4,
	TETRIS_SHAPE_MAX = 4, /* a piece spans at most four rows and columns */
	TETRIS_NO_PIECE = -1,
	TETRIS_DROP_RESET = -1, /* tetris_well_drop: the well was cleared */
	TETRIS_MOVE_X_BITS =
	        4 /* a move is the batch byte rotation*16 + column */
};

#define TETRIS_FULL_ROW ((uint16_t)((1u << TETRIS_COLS) - 1))

/* Which scoring rule the game follows (see RULES in tabula(6)). */
enum tetris_rules {
	TETRIS_RULES_TEXT, /* the challenge's words: full rows collapse together
	                    */
	TETRIS_RULES_REFERENCE /* its quoted Python scorer, quirk included */
};

/* A rotated piece, rows counted from its bottom; bit 0 is its leftmost column.
 */
struct tetris_shape {
	uint8_t width, height;
	uint16_t mask[TETRIS_SHAPE_MAX];  /* row i from the bottom */
	uint8_t bottom[TETRIS_SHAPE_MAX]; /* per column: lowest filled row */
	uint8_t top[TETRIS_SHAPE_MAX]; /* per column: highest filled row + 1 */
};

/* The well: rows[0] is the bottom row, bit c is column c (0 = leftmost);
 * heights[c] is one above the highest filled cell of column c. */
struct tetris_well {
	uint16_t rows[TETRIS_ROWS + TETRIS_ROW_SLACK];
	uint8_t heights[TETRIS_COLS];
};

/* A position: the well, the piece to place and the one after it (the only
 * two the game ever sees), the score and the scoring rule. */
struct tetris_pos {
	struct tetris_well well;
	uint64_t score;
	int8_t current, next; /* piece types, or TETRIS_NO_PIECE */
	uint8_t rules;        /* enum tetris_rules */
};

extern const struct game_ops tetris_game;

/* The Tetris position a game_pos of tetris_game holds. */
const struct tetris_pos *tetris_pos_of(const struct game_pos *pos);

/* The shape of piece (0..6) in rotation (0..3), from the challenge's table. */
const struct tetris_shape *tetris_shape(int piece, int rotation);

/* Piece letter ('O'...'T') of a type 0..6, '-' for TETRIS_NO_PIECE. */
char tetris_piece_letter(int piece);

/* Piece type of a letter (either case), or TETRIS_NO_PIECE. */
int tetris_piece_from_letter(char c);

/* The move (batch byte) for rotation r and column x. */
game_move tetris_move_make(int rotation, int column);

/* Rotation and column of a move. */
int tetris_move_rotation(game_move move);
int tetris_move_column(game_move move);

/* Whether the move's rotation and column are in range for the piece. */
bool tetris_move_valid(int piece, game_move move);

/* Empties the well. */
void tetris_well_clear(struct tetris_well *w);

/* The row (from the bottom) where a piece dropped with a valid move comes
 * to rest; it rests partly above the well when that row plus the shape's
 * height passes TETRIS_ROWS. */
int tetris_well_rest_row(const struct tetris_well *w, int piece,
                         game_move move);

/* Drops a piece with a valid move: returns the rows cleared (0..4) under
 * the given rule, or TETRIS_DROP_RESET when it would rest partly above the
 * well (the well is then emptied). */
int tetris_well_drop(struct tetris_well *w, int piece, game_move move,
                     enum tetris_rules rules);

/* Collapses the full rows among rows[base .. base+height) under the rule
 * (rows bottom-up, as in struct tetris_well); returns how many went.  The
 * heights of a well are stale afterwards: tetris_well_drop rebuilds them. */
int tetris_rows_collapse(uint16_t *rows, int base, int height,
                         enum tetris_rules rules);

/* Points for clearing n rows at once: 2^n - 1. */
int tetris_points(int rows_cleared);

/* Parses "text" or "reference"; false if neither. */
bool tetris_rules_parse(const char *text, enum tetris_rules *rules);

/* The name of a rule, "text" or "reference". */
const char *tetris_rules_name(enum tetris_rules rules);

#endif
