/*
 * The server's side of pairing (tabula(6), PLAY ON THIS HOST, "Pairing";
 * pairing.c keeps the waiting list and says who plays whom): the seek and
 * unseek commands, and the room of each pair made.
 */
#ifndef TABULA_SERVER_PAIRED_H
#define TABULA_SERVER_PAIRED_H

struct conn;
struct server;
struct cmd_args;

/* Pairs every two requests that may play each other now. */
void paired_pair(struct server *sv);

/* The commands "seek GAME [clock=MIN+INC] [casual]" and "unseek". */
void paired_cmd_seek(struct server *sv, struct conn *c,
                     const struct cmd_args *a);
void paired_cmd_unseek(struct server *sv, struct conn *c,
                       const struct cmd_args *a);

#endif
