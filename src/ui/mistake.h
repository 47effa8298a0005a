/*
 * One mistake tried on the board (mistake.c; tabula(6), PUZZLES, "Your
 * mistakes"): the position before a move a review marked ? or ??, loaded
 * on the game screen; a try judged by the review's own measure with its
 * refutation or the engine's line played on the board, hints that say a
 * cell more each press, the answer on demand, and the first result kept
 * in the personal set.  The practice (drill.c) and the puzzle trainer's
 * exercises from the personal set (trainer.c) both try mistakes here.
 */
#ifndef TABULA_UI_MISTAKE_H
#define TABULA_UI_MISTAKE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/exercises.h"
#include "core/game.h"
#include "study/exercise.h"
#include "study/review.h"

struct ui_app;

struct ui_mistake {
	const struct game_ops *ops;
	struct exercise ex;
	char source[EXERCISES_SOURCE_MAX]; /* for the personal set */
	struct review *judge;              /* the owner's */
	struct exercise_set *personal;     /* the owner's: results go here */
	const char *personal_path;         /* "": not written */
	bool tried;    /* the result is in the personal set */
	bool revealed; /* the answer was shown */
	int hints;     /* hint presses */
	bool have_best;
	struct exercise_verdict best; /* the judge on the game's move */
};

/* Loads the mistake's position as the game on the screen (both sides
 * people, never saved); false with the reason on the status line. */
bool ui_mistake_show(struct ui_app *app, struct ui_mistake *m);
/* Judges a try at the mistake's position and plays its line on the
 * board: the refutation of a wrong try, the engine's line after a right
 * one; says which on the status line. */
void ui_mistake_play(struct ui_app *app, struct ui_mistake *m, game_move move);
/* The next hint on the status line. */
void ui_mistake_hint(struct ui_app *app, struct ui_mistake *m);
/* The engine's answer and its line on the board; counts as failed. */
void ui_mistake_reveal(struct ui_app *app, struct ui_mistake *m);
/* The mistake's position and played move as text. */
void ui_mistake_texts(const struct ui_mistake *m, char *fen, size_t fen_size,
                      char *move, size_t move_size);
/* The hint after level presses for move at pos: its first cell (a
 * Tetress piece: the piece and its first cell), one cell more each
 * press, then the whole move. */
void ui_mistake_hint_text(const struct ui_app *app, const struct game_ops *ops,
                          const struct game_pos *pos, game_move move, int level,
                          char *buf, size_t size);

/* Reads the personal set into set (its path into path; with create its
 * directories are made); what went wrong, a line skipped or the file
 * unread, goes to warn ("" when nothing), never fatal. */
void ui_mistake_personal(struct exercise_set *set, char *path, size_t size,
                         bool create, char *warn, size_t warn_size);
/* Keys of the game screen that mean nothing while a position is to be
 * solved: the analysis, the engine, the review, files (the library's g
 * among them: a game opened there would take the position's place) and
 * comments. */
bool ui_mistake_refuses(int key);

#endif
