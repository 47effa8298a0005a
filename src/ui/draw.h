/*
 * Drawing the game screen (draw.c).
 */
#ifndef TABULA_UI_DRAW_H
#define TABULA_UI_DRAW_H

struct ui_app;

/* Draws the game screen into app->host.grid. */
void ui_draw_game(struct ui_app *app);

#endif
