/*
 * A Tetress placement as a player thinks of it: one of the seven
 * tetrominoes (I O T J L S Z), turned a number of quarter turns clockwise,
 * with its pivot cell on an anchor cell of the torus.  The game itself
 * numbers the 19 fixed shapes (games/tetress.h); this is the model behind
 * the piece cursor of the terminal UI (man page: KEYS, "Tetress piece
 * cursor"): turning a piece keeps its pivot on the anchor, sliding it moves
 * the anchor around the torus.
 */
#ifndef TABULA_GAMES_TETRESS_PIECE_H
#define TABULA_GAMES_TETRESS_PIECE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

/* The seven kinds in the order the UI cycles them. */
#define TETRESS_PIECE_LETTERS "IOTJLSZ"

enum {
	TETRESS_PIECE_KINDS = 7,
	TETRESS_PIECE_MAX_TURNS = 4,
	/* Placements of one kind: every turn on every anchor. */
	TETRESS_PIECE_MAX_SCAN = TETRESS_PIECE_MAX_TURNS * 121,
};

/* struct game_piece (core/game.h): kind is the index in
 * TETRESS_PIECE_LETTERS, turn 0..tetress_piece_turns(kind) - 1, anchor the
 * cell row * 11 + column of the pivot. */

/* The piece model for the UI (game_caps.pieces). */
extern const struct game_pieces tetress_pieces;

/* The kind a letter names (either case), or -1. */
int tetress_piece_kind_of(char letter);

/* Distinct turns of a kind: 1 (O), 2 (I S Z) or 4 (T J L). */
int tetress_piece_turns(int kind);

/* Turns the piece by quarter turns clockwise (negative: anticlockwise)
 * about its pivot. */
void tetress_piece_turn(struct game_piece *p, int quarter_turns);

/* Moves the anchor by (rows, cols), wrapping around the torus. */
void tetress_piece_slide(struct game_piece *p, int rows, int cols);

/* The four cells the piece covers (row * 11 + column), in the order of
 * the shape table. */
void tetress_piece_cells(const struct game_piece *p, int cells[4]);

/* The game's move for the piece (always a valid placement number; whether
 * it is legal is tetress_piece_check's question). */
game_move tetress_piece_move(const struct game_piece *p);

/* The piece a placement number describes (the inverse of
 * tetress_piece_move). */
struct game_piece tetress_piece_of_move(game_move move);

/* Whether the piece is a legal move for the side to move; when it is not,
 * err gets the rule it breaks in one line (the same words as a typed
 * move's refusal). */
bool tetress_piece_check(const struct game_pos *pos, const struct game_piece *p,
                         char *err, size_t err_size);

/* The legal placements of centre's kind in a fixed scan order around it:
 * anchors by distance on the torus (rows plus columns, each the shorter
 * way round), then rows top to bottom, then columns left to right, each
 * anchor's turns from centre's turn on.  Writes at most max pieces and
 * returns how many there are (so centre itself, when legal, comes first;
 * a UI steps through them with an index). */
int tetress_piece_scan(const struct game_pos *pos,
                       const struct game_piece *centre, struct game_piece *out,
                       int max);

/* The kinds with at least one legal placement: bit k for kind k. */
unsigned tetress_piece_kinds_playable(const struct game_pos *pos);

#endif
