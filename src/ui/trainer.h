/*
 * The puzzle trainer's screen (tabula(6), PUZZLES): a puzzle from the
 * installed file near the player's rating, the board with a cursor to
 * build a move (or a move typed after ':'), the defence played back, right
 * or wrong on the status line, hints, the solution, and the rating kept in
 * the progress file.  It owns everything it shows; it draws into a grid
 * and takes keys, as a screen (ui_screen_trainer) that the menu pushes
 * and that `tabula puzzle` runs alone (trainer-main.c).
 */
#ifndef TABULA_UI_TRAINER_H
#define TABULA_UI_TRAINER_H

#include <stdbool.h>
#include <stddef.h>

#include "core/puzzle-progress.h"
#include "core/puzzle.h"
#include "search/prove.h"
#include "study/puzzle-play.h"
#include "ui/board.h"
#include "ui/builder.h"
#include "ui/grid.h"
#include "ui/screen.h"

struct ui_trainer {
	const struct game_ops *ops;
	const struct ui_board_view *view;
	const struct ui_glyphs *glyphs;
	struct puzzle_set set;
	struct prover *prover;
	struct puzzle_progress progress;
	char progress_path[1024];
	bool no_save;

	size_t current; /* index of the puzzle in set */
	struct puzzle_play play;
	bool scored; /* this puzzle's result went into the rating */
	int last_delta;

	struct ui_builder build; /* the legal moves now, the cursor, picks */
	int board_y, board_x;

	bool prompting;
	char prompt[128];
	size_t prompt_len;

	char status[256];
	bool status_warn;
	char hint[256];
	bool quit;
};

/* Loads game's puzzles and the progress file and shows the first puzzle;
 * false with a message. */
bool ui_trainer_open(struct ui_trainer *tr, const struct game_ops *ops,
                     const struct ui_glyphs *glyphs, bool no_save, char *err,
                     size_t err_size);

/* Saves the progress (if it changed) and frees everything. */
void ui_trainer_close(struct ui_trainer *tr);

/* ui_trainer_open on a trainer of its own, or NULL with a message; the
 * screen's close frees it. */
struct ui_trainer *ui_trainer_new(const struct game_ops *ops,
                                  const struct ui_glyphs *glyphs, bool no_save,
                                  char *err, size_t err_size);

/* The trainer as a screen over a ui_trainer_new trainer: q pops it. */
extern const struct ui_screen_ops ui_screen_trainer;

/* Draws the screen into g. */
void ui_trainer_draw(struct ui_trainer *tr, struct ui_grid *g);

/* Handles one key (curses codes); sets tr->quit on q. */
void ui_trainer_key(struct ui_trainer *tr, int key);

/* Handles a click at screen (y, x). */
void ui_trainer_click(struct ui_trainer *tr, int y, int x);

/* `tabula puzzle [GAME] [--ascii] [--color=WHEN] [--no-save]`: the
 * trainer alone in the terminal; returns the exit status (trainer-main.c). */
int ui_trainer_main(int argc, char **argv);

#endif
