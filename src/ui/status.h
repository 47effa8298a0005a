/*
 * The status line and the prompt (status.c).
 */
#ifndef TABULA_UI_STATUS_H
#define TABULA_UI_STATUS_H

#include <stdbool.h>

#include "ui/grid.h"

struct ui_app;
struct ui_grid;

/* Sets the status line. */
void ui_status(struct ui_app *app, bool warn, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
/* Prints the status message, if any, on the grid's last line (the menu
 * and the lobby; the game screen draws its own). */
void ui_status_print(const struct ui_app *app, struct ui_grid *g);
/* The label shown before the prompt's text ("move: ", "save to: ", ...). */
const char *ui_prompt_label(int kind);
/* Opens the prompt for typing (UI_PROMPT_*). */
void ui_prompt_open(struct ui_app *app, int kind);
/* Puts text in the open prompt, to be edited (a comment's old text). */
void ui_prompt_fill(struct ui_app *app, const char *text);
/* Takes one key while the prompt is open; true when it closed with text
 * to act on (app->prompt.text; a comment's may be empty). */
bool ui_prompt_key(struct ui_app *app, int key);

#endif
