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
#include "ui/keyhelp.h"

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
/* A key while practising (next, hint, answer, end, and the keys a
 * practice refuses); true when taken. */
bool ui_drill_key(struct ui_app *app, int key);
/* A move made on the board while practising: judged, answered on the
 * board; true when taken (false: no practice). */
bool ui_drill_play(struct ui_app *app, game_move move);
/* The practice's part of the panel from row y; returns the next row. */
int ui_drill_draw(struct ui_app *app, int y, int x, int w);
/* Writes the practice's keys (key, description) through fn; none when
 * app is not practising (NULL: every one, for the man page). */
void ui_drill_keys_each(const struct ui_app *app, ui_keyhelp_fn fn, void *ctx);
/* Frees what a practice holds (the UI's end). */
void ui_drill_free(struct ui_app *app);

#endif
