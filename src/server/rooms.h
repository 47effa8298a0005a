/*
 * The server's rooms (room.c keeps one room's rules and files): finding
 * one, its code, entering and leaving, and what a room looks like to
 * someone in it (the lines of tabula(6), PLAY ON THIS HOST, "Protocol").
 */
#ifndef TABULA_SERVER_ROOMS_H
#define TABULA_SERVER_ROOMS_H

#include <stdbool.h>
#include <stddef.h>

struct conn;
struct room;
struct server;

struct room *rooms_by_id(struct server *sv, unsigned id);
struct room *rooms_by_code(struct server *sv, const char *code);

/* A free room code into code (ROOM_CODE_LEN + 1 bytes); false if none. */
bool rooms_make_code(struct server *sv, char *code);

/* Whether c may sit in one more unfinished game; false after telling it
 * it has its most (tabula(6), PLAY ON THIS HOST, "Limits"). */
bool rooms_may_play(struct server *sv, struct conn *c);

/* Takes r out of the server (its files stay) and frees it. */
void rooms_forget(struct server *sv, struct room *r);

/* c enters r as seat (0, 1) or as a spectator (-1). */
void rooms_enter(struct server *sv, struct conn *c, struct room *r, int seat);

/* Tells the room a move was made (the move, the clock, the end). */
void rooms_after_move(struct server *sv, struct room *r);

/* "MIN+INC" or "-" into buf. */
void rooms_clock_text(const struct room *r, char *buf, size_t size);

/* The room's lines, to one client (only) or to everyone in it (NULL). */
void rooms_send_players(struct server *sv, struct room *r, struct conn *only);
void rooms_send_clock(struct server *sv, struct room *r, struct conn *only);
void rooms_send_over(struct server *sv, struct room *r, struct conn *only);

#endif
