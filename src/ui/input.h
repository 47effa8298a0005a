/*
 * How a move is entered on the game screen: the interface the move inputs
 * offer (pick.c, piece.c, tetris.c) and the choice of one (input.c).
 */
#ifndef TABULA_UI_INPUT_H
#define TABULA_UI_INPUT_H

#include <stdbool.h>

#include "core/game.h"
#include "ui/board.h"

struct ui_app;

/* How a move is entered, as the game's caps.input says (struct
 * game_caps): picking cells (pick.c) or steering a placement (tetris.c).
 * The game screen reaches the move being built only through this. */
struct ui_input {
	/* A game was loaded: start from scratch. */
	void (*start)(struct ui_app *app);
	/* The shown position or its legal moves changed. */
	void (*changed)(struct ui_app *app);
	/* An arrow key, dy and dx of -1, 0 or 1: true with a move when the
	 * key plays one (Tetris: down drops the piece). */
	bool (*step)(struct ui_app *app, int dy, int dx, game_move *move);
	/* Enter on the cursor: true with the move it completes; else the
	 * status line says what happened. */
	bool (*select)(struct ui_app *app, game_move *move);
	/* A click on a cell, or NULL when clicks mean nothing. */
	bool (*click)(struct ui_app *app, int cell, game_move *move);
	/* The cells a move of pos fills or names; returns the count. */
	int (*move_cells)(const struct ui_app *app, const struct game_pos *pos,
	                  game_move move, int *cells, int max);
	/* Marks the move being built on the board; returns the cursor's
	 * cell. */
	int (*marks)(const struct ui_app *app, struct ui_board_mark *marks);
	/* The engine's first moves drawn on the board, and their overlay
	 * (NULL: the move's number on empty cells). */
	int ghost_plies;
	const char *ghost_overlay;
	/* Columns of the panel beside the board, and its drawing (NULL:
	 * none). */
	int side_width;
	void (*draw_side)(struct ui_app *app, int y, int x,
	                  const struct ui_board_info *info);
	/* Tab (delta 1) and Shift-Tab (-1): on to the next or previous
	 * legal target or placement (NULL: nothing to walk). */
	void (*next)(struct ui_app *app, int delta);
	/* Lines under the board, w columns wide (NULL: none). */
	void (*draw_below)(struct ui_app *app, int y, int x, int w);
};

extern const struct ui_input ui_input_cells;
extern const struct ui_input ui_input_piece;
extern const struct ui_input ui_input_placement;
/* The input for a game's caps.input (input.c). */
const struct ui_input *ui_input_of(const struct game_ops *ops);
/* Drops the picked cells (pick.c). */
void ui_pick_cancel(struct ui_app *app);
/* The piece cursor's keys (piece.c): piece cursor or cell cursor; the
 * kind named by a letter; the next (+1) or previous (-1) kind; turning
 * by quarter turns clockwise (negative: anticlockwise).  Each says on the
 * status line when the game has no piece cursor. */
void ui_piece_toggle(struct ui_app *app);
void ui_piece_choose(struct ui_app *app, int letter);
void ui_piece_cycle(struct ui_app *app, int delta);
void ui_piece_rotate(struct ui_app *app, int quarter_turns);

#endif
