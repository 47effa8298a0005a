/*
 * The ply on screen (shown.c).
 */
#ifndef TABULA_UI_SHOWN_H
#define TABULA_UI_SHOWN_H

#include <stddef.h>

struct ui_app;

/* Refreshes the legal moves, the move being built and the search after
 * the shown position changed. */
void ui_shown_refresh(struct ui_app *app);
/* Refreshes everything after the line on the board was rearranged. */
void ui_shown_line(struct ui_app *app);
/* Shows ply (0 .. session.ply) of the game. */
void ui_shown_go(struct ui_app *app, size_t ply);

#endif
