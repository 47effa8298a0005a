/*
 * The scorer of batch files: replays an input of piece bytes and an output
 * of move bytes and counts the points.  It is written from the challenge's
 * quoted Python scorer line by line (a 23-row grid, three hidden rows on
 * top, its own copy of the piece table), independently of the game code, so
 * the two check each other in the tests.
 */
#ifndef TABULA_GAMES_TETRIS_SCORE_H
#define TABULA_GAMES_TETRIS_SCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/tetris.h"

struct tetris_score_result {
	uint64_t score;
	uint64_t clears[5]; /* clears[n]: drops that cleared n rows (0..4) */
	uint64_t resets;    /* drops that cleared the well */
	size_t pieces;      /* pieces scored: the shorter file's length */
	int full_rows_left; /* full rows in the final well (reference quirk) */
};

/*
 * Scores the first min(n_in, n_out) pieces.  The reference rule follows the
 * Python exactly: any column 0..15 is accepted (cells past the right wall
 * are kept, and such rows never fill), a rotation above 3 is an error.  The
 * text rule requires every byte to be a valid move.  On error returns false
 * and says which piece and why.
 */
bool tetris_score(const uint8_t *in, size_t n_in, const uint8_t *out,
                  size_t n_out, enum tetris_rules rules,
                  struct tetris_score_result *res, char *err, size_t err_size);

#endif
