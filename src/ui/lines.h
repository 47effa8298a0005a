/*
 * Variations, the engine's line and the hint (lines.c).
 */
#ifndef TABULA_UI_LINES_H
#define TABULA_UI_LINES_H

struct ui_app;

/* Enters the next other line at the move shown. */
void ui_lines_next(struct ui_app *app);
/* Goes back to the line the last v (or x) left. */
void ui_lines_back(struct ui_app *app);
/* Keeps the line on the board as the main line. */
void ui_lines_promote(struct ui_app *app);
/* Walks the engine's line from the shown position, or leaves it. */
void ui_lines_pv(struct ui_app *app);
/* Shows the engine's move for the shown position without playing it. */
void ui_lines_hint(struct ui_app *app);
/* Leaves the engine's temporary lines (before a save: the record keeps
 * the game's own moves). */
void ui_lines_drop_temporary(struct ui_app *app);
/* Forgets the way back (a new game, a move played). */
void ui_lines_forget(struct ui_app *app);

#endif
