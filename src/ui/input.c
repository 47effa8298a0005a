/*
 * Which move input a game uses (struct game_caps: caps.input): picking
 * cells (pick.c), steering a piece (piece.c, which falls back on picking
 * cells), or steering a Tetris placement (tetris.c).
 */
#include "config.h"

#include "ui/input.h"

const struct ui_input *
ui_input_of(const struct game_ops *ops)
{
	switch (ops->caps.input) {
	case GAME_INPUT_PLACEMENT:
		return &ui_input_placement;
	case GAME_INPUT_PIECE:
		return ops->caps.pieces != NULL ? &ui_input_piece
		                                : &ui_input_cells;
	case GAME_INPUT_CELLS:
		break;
	}
	return &ui_input_cells;
}
