/*
 * A room's game on the game screen (room.c): the title, the status line's
 * news, and the room's keys.  The lobby (online.c) calls the first half
 * as the server's lines come; keys.c and draw.c the rest.
 */
#ifndef TABULA_UI_ROOM_H
#define TABULA_UI_ROOM_H

#include <stdbool.h>
#include <stddef.h>

#include "client/view.h"
#include "core/game.h"
#include "ui/keytab.h"

struct ui_app;

/* Sends a line to the room server (the status line says when it has
 * gone); the lobby's lines go this way too. */
void ui_room_send(struct ui_app *app, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));
/* Who plays side (0 or 1): the name, or the side's name for an open seat. */
const char *ui_room_who(const struct view *v, int side);
/* Says, on entering a room, whose it is and what to do next. */
void ui_room_say_entered(struct ui_app *app);
/* Brings the shown game up to the room's moves, saying what happened. */
void ui_room_follow(struct ui_app *app);
/* How the room's game ended, with the players' names. */
void ui_room_over_text(const struct view *v, char *buf, size_t size);
/* The last room message on the status line, unless muted. */
void ui_room_show_message(struct ui_app *app);
/* The game screen's title line in a room, in a shorter form when the
 * whole does not fit in width columns. */
void ui_room_title(const struct ui_app *app, int width, char *buf, size_t size);
/* Sends text as a message to the room (the say prompt's end). */
void ui_room_say(struct ui_app *app, const char *text);
/* In a room: sends the move to the server (or says why not) and returns
 * true; false when the game screen is not a room's. */
bool ui_room_play(struct ui_app *app, game_move move);
/* A room's keys (resign, draw, leave, say, mute) over the game screen's,
 * and the game's keys it refuses. */
extern const struct ui_keytab ui_room_keytab;
/* That table while the game screen shows a room's game, else NULL. */
const struct ui_keytab *ui_room_keys(const struct ui_app *app);

#endif
