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

struct ui_mistake_home;
/* Makes home: reads the personal set (what went wrong, a line skipped or
 * the file unread, goes to warn, "" when nothing; never fatal) and puts
 * the game on the screen aside. */
void ui_mistake_home_open(struct ui_app *app, struct ui_mistake_home *home,
                          bool quit_at_end, char *warn, size_t warn_size);
/* Leaves home, which is freed: the game put aside comes back (true), or
 * the screen is emptied and, with quit_at_end, the UI told to quit. */
bool ui_mistake_home_leave(struct ui_app *app, struct ui_mistake_home *home);
/* Frees home (the UI's end). */
void ui_mistake_home_free(struct ui_mistake_home *home);
/* The personal set's line on m, how it went before, at row y when it is
 * there; returns the next row. */
int ui_mistake_draw_record(struct ui_app *app, const struct ui_mistake *m,
                           int y, int x, int w);
#endif
