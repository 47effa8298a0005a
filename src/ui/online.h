/*
 * Play on this host: the lobby (online.c), which keeps the connection to
 * the room server and feeds a room's game (room.c) its lines.
 */
#ifndef TABULA_UI_ONLINE_H
#define TABULA_UI_ONLINE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "ui/keytab.h"
#include "ui/screen.h"

struct ui_app;
struct view;

/* Connects to the room server unless connected; false with the reason
 * (and what to do about it) in err. */
bool ui_online_connect(struct ui_app *app, char *err, size_t err_size);
/* The leaderboard of a game (leaders.c), over the lobby, and its keys. */
extern const struct ui_screen_ops ui_screen_leaders;
extern const struct ui_keytab ui_leaders_keytab;
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
/* Sends one line to the room server; false (and the status line says
 * so) when it has gone. */
bool ui_online_send(struct ui_app *app, const char *line);
/* What the room server has said, or NULL when not connected. */
const struct view *ui_online_view(const struct ui_app *app);
/* Forgets the leaderboard the server sent last, before asking again. */
void ui_online_forget_top(struct ui_app *app);
/* The game chosen on the lobby's form (registry index). */
int ui_online_form_game(const struct ui_app *app);
/* Whether the game screen shows a room's game. */
bool ui_online_in_room(const struct ui_app *app);

#endif
