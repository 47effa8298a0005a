/*
 * Practising one player's mistakes on the game screen (drill.c;
 * tabula(6), PUZZLES, "Your mistakes").
 */
#ifndef TABULA_UI_DRILL_H
#define TABULA_UI_DRILL_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "core/record.h"
#include "core/session.h"
#include "ui/keytab.h"

struct ui_app;

/* Starts practising the ? and ?? moves of player (0 or 1) that meta marks
 * in s, named source in the personal set; the game on the screen is put
 * aside until the practice ends (with quit_at_end, the end quits).  False
 * with a message when there is nothing to practise. */
bool ui_drill_start(struct ui_app *app, const struct session *s,
                    const struct record_meta *meta, int player,
                    const char *source, bool quit_at_end, char *err,
                    size_t err_size);
/* The game screen's X: practises the reviewed game on the screen. */
void ui_drill_from_game(struct ui_app *app);
/* A practice's keys (next, hint, answer, end) over the game screen's,
 * and the game's keys it refuses. */
extern const struct ui_keytab ui_drill_keytab;
/* That table while practising, else NULL. */
const struct ui_keytab *ui_drill_keys(const struct ui_app *app);
/* A move made on the board while practising: judged, answered on the
 * board; true when taken (false: no practice). */
bool ui_drill_play(struct ui_app *app, game_move move);
/* The practice's part of the panel from row y; returns the next row. */
int ui_drill_draw(struct ui_app *app, int y, int x, int w);
/* Frees what a practice holds (the UI's end). */
void ui_drill_free(struct ui_app *app);

#endif
