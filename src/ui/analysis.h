/*
 * The search the UI runs: the analysis and the engine's turns (analysis.c).
 */
#ifndef TABULA_UI_ANALYSIS_H
#define TABULA_UI_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"

struct ui_app;

/* Sets up the analysis from the options; false with a message. */
bool ui_analysis_init(struct ui_app *app, char *err, size_t err_size);
void ui_analysis_free(struct ui_app *app);
/* Starts, stops or keeps the search so it matches what is shown. */
void ui_analysis_sync(struct ui_app *app);
/* Forgets the running search so the next sync starts afresh. */
void ui_analysis_forget(struct ui_app *app);
/* Forgets the running search and syncs. */
void ui_analysis_restart(struct ui_app *app);
/* Analysis on or off. */
void ui_analysis_toggle(struct ui_app *app);
/* Turns the analysis off when it is on (as the toggle would). */
void ui_analysis_off(struct ui_app *app);
/* One analysis line more (+1) or fewer (-1). */
void ui_analysis_lines(struct ui_app *app, int delta);
/* Whether the engine is thinking about its move. */
bool ui_analysis_thinking(const struct ui_app *app);
/* Tells a thinking engine to move now. */
void ui_analysis_stop(struct ui_app *app);
/* Takes in search news; true when the engine chose a move for the shown
 * ply (*move, and its comment for the record). */
bool ui_analysis_poll(struct ui_app *app, game_move *move, char *comment,
                      size_t size);

#endif
