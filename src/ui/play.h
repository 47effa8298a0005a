/*
 * The game as the UI plays it (play.c).
 */
#ifndef TABULA_UI_PLAY_H
#define TABULA_UI_PLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"

struct ui_app;
struct ui_game;

/* Makes room for the legal moves; false when out of memory. */
bool ui_play_init(struct ui_app *app);
/* Frees the game and the room for its moves. */
void ui_play_free(struct ui_app *app);
/* Drops the game shown (a room's, which the server keeps) with its
 * analysis; nothing is saved. */
void ui_play_close(struct ui_app *app);
/* Sets up a new game of ops with its set-up, its stream (NULL: none) and
 * its players (who[i]: 0 a human, else an engine level); false with a
 * message. */
bool ui_play_new(struct ui_app *app, const struct game_ops *ops,
                 const struct game_setup *setup, const char *stream,
                 const int who[2], char *err, size_t err_size);
/* Loads a saved game, players included (a player tag that names none
 * gives player 1 to a human, player 2 to the engine); false with a
 * message. */
/* Seats who[i] on side i of the game on screen: 0 a human, else the
 * engine at that level; a negative value leaves the side as it is. */
void ui_play_set_players(struct ui_app *app, const int who[2]);
/* Whether the engine plays side i of the game on screen. */
bool ui_play_engine_plays(const struct ui_app *app, int i);
bool ui_play_load(struct ui_app *app, const char *path, char *err,
                  size_t err_size);
/* Takes back to the last position where a human was to move. */
void ui_play_takeback(struct ui_app *app);
/* Hands the side to move to the engine, or back to a human. */
void ui_play_engine_side(struct ui_app *app);
/* Tells the engine to move now, or lets it play this move for a human. */
void ui_play_move_now(struct ui_app *app);
/* Takes in search news: new lines, or the engine's move. */
void ui_play_poll_search(struct ui_app *app);
/* Plays a move at the shown position (before the end: as a variation). */
void ui_play_move(struct ui_app *app, game_move move);
/* Appends a move to the game as it is, nothing else: no save, no
 * refresh (a room's moves, which the server keeps); false if illegal. */
bool ui_play_append(struct ui_app *app, game_move move);
/* Plays typed text; the status line says why when it is illegal. */
void ui_play_text(struct ui_app *app, const char *text);
/* The comment after move ply (0-based), or NULL. */
const char *ui_play_comment(const struct ui_app *app, size_t ply);
/* Sets the comment of the shown move ("" removes it) and autosaves;
 * false with a message (no move shown, a brace, the autosave). */
bool ui_play_set_comment(struct ui_app *app, const char *text, char *err,
                         size_t err_size);
/* Saves the game to the autosave file (or path); false with a message. */
bool ui_play_save(struct ui_app *app, const char *path, char *err,
                  size_t err_size);
/* A practice position (drill.c): a game from pos, both sides human,
 * never autosaved; false with a message. */
bool ui_play_position(struct ui_app *app, const struct game_ops *ops,
                      const struct game_pos *pos, char *err, size_t err_size);
/* Replaces the moves from the start with line's n moves and shows ply
 * show; false if out of memory. */
bool ui_play_line(struct ui_app *app, const game_move *line, int n,
                  size_t show);
/* Takes the game off the screen into *out (a practice puts it aside). */
void ui_play_take(struct ui_app *app, struct ui_game *out);
/* Frees the game, if there is one: the screen's, or one taken off
 * (ui_play_take) that does not come back. */
void ui_play_drop(struct ui_game *game);
/* Puts a game taken off (ui_play_take) back on the screen. */
void ui_play_give(struct ui_app *app, struct ui_game *in);
/* The engine level offered first for the game (struct game_caps). */
int ui_default_level(const struct game_ops *ops);

#endif
