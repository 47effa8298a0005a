/*
 * Practising the mistakes of a record file (practise.c; tabula(6),
 * PUZZLES, "Your mistakes"): the one entry point for the command line
 * (`tabula puzzle --from FILE`) and any screen that lists games.
 */
#ifndef TABULA_UI_PRACTISE_H
#define TABULA_UI_PRACTISE_H

#include <stdbool.h>
#include <stddef.h>

struct ui_app;

/* Opens the record at path, reviews it first when it holds no review (as
 * `tabula review` does: this takes a while), and practises the ? and ??
 * moves of player (0 or 1; -1: the record's human player, else player 1)
 * on the game screen.  With quit_at_end, ending the practice quits the
 * UI; else the game on the screen comes back.  False with a message. */
bool ui_practise_file(struct ui_app *app, const char *path, int player,
                      bool quit_at_end, char *err, size_t err_size);

#endif
