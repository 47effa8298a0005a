/*
 * Play on this host: the lobby and a room's game (online.c).
 */
#ifndef TABULA_UI_ONLINE_H
#define TABULA_UI_ONLINE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "ui/keyhelp.h"
#include "ui/screen.h"

struct ui_app;

/* The lobby as a screen over the struct ui_app. */
extern const struct ui_screen_ops ui_screen_lobby;
/* The leaderboard of a game (leaders.c), over the lobby. */
extern const struct ui_screen_ops ui_screen_leaders;
/* Disconnects (a seat stays its player's). */
void ui_online_close(struct ui_app *app);
/* The connection to poll, or -1. */
int ui_online_fd(const struct ui_app *app);
/* A poll timeout no longer than a room's clock needs to tick. */
int ui_online_timeout(const struct ui_app *app, int timeout);
/* Takes in the server's lines. */
void ui_online_poll(struct ui_app *app);
/* Ticks a room's clock. */
void ui_online_tick(struct ui_app *app);
/* A key on the game screen in a room (resign, draw, leave, and the keys
 * a room's game does not take); true when taken. */
bool ui_online_game_key(struct ui_app *app, int key);
/* In a room: sends the move to the server (or says why not) and returns
 * true; false when the game screen is not a room's. */
bool ui_online_play(struct ui_app *app, game_move move);
/* Sends text as a message to the room (the say prompt's end). */
void ui_online_say(struct ui_app *app, const char *text);
/* Whether the game screen shows a room's game. */
bool ui_online_in_room(const struct ui_app *app);
/* Writes the keys of a room's game (key, description) through fn; none
 * when app shows no room's game. */
void ui_online_keys_each(const struct ui_app *app, ui_keyhelp_fn fn, void *ctx);
/* The game screen's title line in a room. */
void ui_online_title(const struct ui_app *app, char *buf, size_t size);

#endif
