/*
 * The rated puzzle trainer (trainer.c; tabula(6), PUZZLES): a mode of the
 * game screen, as the practice of one's mistakes is, so a move is built
 * with the game screen's own keys and a puzzle's line is stepped through
 * on the board with [ ] { }.  Puzzles come from the installed file near
 * the player's rating, which the progress file keeps; exercises of the
 * personal set whose last try failed come back among them.
 */
#ifndef TABULA_UI_TRAINER_H
#define TABULA_UI_TRAINER_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "ui/keytab.h"

struct ui_app;

/* Every this many puzzles, one is an exercise of the personal set whose
 * last try failed, when there is one (tabula(6), PUZZLES). */
#define UI_TRAINER_MINE_EVERY 4

/* Starts the trainer on game ops's puzzles; the game on the screen is
 * put aside until it ends (with quit_at_end the end quits, else the menu
 * shows).  False with a message. */
bool ui_trainer_start(struct ui_app *app, const struct game_ops *ops,
                      bool quit_at_end, char *err, size_t err_size);
/* The puzzles' keys (next, hint, solution, end) over the game screen's,
 * and the game's keys they refuse. */
extern const struct ui_keytab ui_trainer_keytab;
/* That table while training, else NULL. */
const struct ui_keytab *ui_trainer_keys(const struct ui_app *app);
/* A move made on the board while training: judged and answered on the
 * board; true when taken (false: not training). */
bool ui_trainer_play(struct ui_app *app, game_move move);
/* The trainer's part of the panel from row y; returns the next row. */
int ui_trainer_draw(struct ui_app *app, int y, int x, int w);
/* Frees what the trainer holds (the UI's end). */
void ui_trainer_free(struct ui_app *app);

/* `tabula puzzle [GAME] [--ascii] [--color=WHEN] [--no-save]`: the
 * trainer on the game screen; returns the exit status (trainer-main.c). */
int ui_trainer_main(int argc, char **argv);

#endif
