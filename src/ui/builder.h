/*
 * The move builder: the legal moves of one position with the board cells
 * each names, a cursor on the board, and the cells picked so far.  The
 * game screen's move inputs (pick.c, piece.c, tetris.c) build moves with
 * it in a game, a practice and the puzzle trainer alike, so matching
 * picked cells against the legal moves is written once.  It knows the game and
 * the board view, never the screen around it: the screen decides what to say
 * about a pick and what to do with a finished move.
 */
#ifndef TABULA_UI_BUILDER_H
#define TABULA_UI_BUILDER_H

#include <stdbool.h>

#include "core/game.h"
#include "ui/board.h"

/* Cells a move names at most (Tetress: four). */
#define UI_MOVE_CELLS 4

/* A legal move of the position with its text and the cells it names. */
struct ui_move {
	game_move move;
	char text[64];
	int cells[UI_MOVE_CELLS];
	int ncells;
};

struct ui_builder {
	const struct ui_board_view *view; /* NULL: no board, no cells */
	struct ui_move *moves;            /* GAME_MAX_MOVES of room */
	int nmoves;
	int cursor;
	int sel[UI_MOVE_CELLS]; /* the picked cells, in order */
	int nsel;
};

/* What picking a cell did (ui_builder_pick). */
enum ui_pick_result {
	UI_PICK_DROPPED,  /* the cell was picked already: dropped again */
	UI_PICK_FULL,     /* as many cells as a move names: nothing done */
	UI_PICK_COMPLETE, /* the picked cells make a move: picks cleared */
	UI_PICK_NONE,     /* no legal move goes on with the cell: not kept */
	UI_PICK_GOES_ON   /* kept: some legal moves go on from here */
};

/* Makes room for the legal moves; false when out of memory. */
bool ui_builder_init(struct ui_builder *b);
void ui_builder_free(struct ui_builder *b);
/* Lists the legal moves of pos (ops) with their cells; the cursor and the
 * picks stay (the screen drops them when it wants to). */
void ui_builder_list(struct ui_builder *b, const struct game_ops *ops,
                     const struct game_pos *pos);
/* Whether move m agrees with the picked cells (a set when the view is
 * unordered, else a path). */
bool ui_builder_matches(const struct ui_builder *b, const struct ui_move *m);
/* The cell move m goes on to after the picked cells, or -1 when it does
 * not go on from them. */
int ui_builder_next_cell(const struct ui_builder *b, const struct ui_move *m);
/* Picks cell (or drops it when picked last, or anywhere in a set);
 * *candidates counts the legal moves that go on and *move is the move
 * completed (UI_PICK_COMPLETE). */
enum ui_pick_result ui_builder_pick(struct ui_builder *b, int cell,
                                    int *candidates, game_move *move);
/* Marks the cells that go on from the picks (ROLE_TARGET), the picks
 * (ROLE_SELECTED) and the cursor; returns the cursor's cell. */
int ui_builder_marks(const struct ui_builder *b, struct ui_board_mark *marks);

#endif
