/*
 * The room server's connections (tabula(6), PLAY ON THIS HOST, "Protocol"
 * and "Limits"): each client's identity, its input and its queue of
 * output, its rate limit and strikes, and the news a room's people are
 * sent (held by the room until its change is on disk: room.h).
 */
#ifndef TABULA_SERVER_CONN_H
#define TABULA_SERVER_CONN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/netline.h"
#include "server/chat.h"
#include "server/identity.h"
#include "server/room.h"

struct server;

struct conn {
	int fd;
	unsigned serial; /* never reused while the server runs */
	struct identity id;
	char owner[IDENTITY_OWNER_MAX]; /* who it is: what seats belong to */
	char account[ROOM_ACCOUNT_MAX]; /* the name it shows; "" until
	                                   welcomed */
	struct net_inbuf in;
	struct net_outbuf out;
	struct room *room; /* the room it is in, or NULL (lobby) */
	int seat;          /* 0 or 1 when seated, -1 when watching */
	double tokens;     /* rate limit: messages it may send now */
	int64_t refill_ms;
	int64_t heard_ms; /* when it last sent a line (or connected) */
	int strikes;
	unsigned naming; /* the accounts version whose save welcomes it */
	char new_name[IDENTITY_NAME_MAX + 1];
	bool closing; /* drop once the output is sent */
	/* The room it created, until that is on disk or failed: its next
	 * lines wait (they may be about that room). */
	unsigned creating;
	/* The room whose seat it took, until the room's version join_version
	 * (the seat) is on disk or the save failed: it hears "joined" only
	 * then, and its next lines wait. */
	unsigned joining;
	unsigned join_version;
	/* Asked to quit while news of its room was held for the disk: the
	 * bye waits until the room is saved up to bye_version, so a script
	 * that resigns and quits still reads the result. */
	bool quitting;
	unsigned bye_version;
	bool dead;               /* drop now */
	struct chat_bucket chat; /* its room messages' allowance */
};

/* A new connection on fd (accepted), added to the server, told who it is
 * ("welcome", "need-name") or why not.  False when out of memory or the
 * server is full (fd is then closed with a bye). */
bool conn_new(struct server *sv, int fd);

/* Queues one line for c; a client whose queue overflows is dropped. */
void conn_send(struct conn *c, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

/* Counts a protocol error; too many and the client is dropped. */
void conn_strike(struct conn *c, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

/* Tells everyone in room r a line of news: at once when the room's state
 * is on disk, else as soon as it is (so nobody ever sees a move that a
 * crash could lose).  ply: the move the line tells of, 0 for others. */
void conn_broadcast(struct server *sv, struct room *r, size_t ply,
                    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Sends the held news of r whose version is on disk. */
void conn_release_news(struct server *sv, struct room *r);

/* The connection with serial, or NULL (gone). */
struct conn *conn_by_serial(struct server *sv, unsigned serial);

/* Welcomes c as name (its person's connections were counted when it
 * came: conn_new). */
void conn_welcome(struct server *sv, struct conn *c, const char *name);

/* Says bye to a client that asked to quit once every line of news it is
 * owed is out. */
void conn_bye_when_told(struct conn *c);

/* Leaves c's room, if any (its seat stays its own). */
void conn_leave_room(struct conn *c);

/* Drops the connections that have sent nothing for the name timeout
 * without picking a name (tabula(6), PLAY ON THIS HOST, "Limits");
 * returns the milliseconds until the next one could be, or -1. */
int64_t conn_drop_nameless(struct server *sv, int64_t now);

/* Reads what c sent; false when it has gone (c is then dead). */
bool conn_read(struct conn *c);

/* Whether c waits for something before its next line may be carried
 * out (and so is not read): it is dead or asked to quit, or the room it
 * made, the seat it took or the name it picked must reach the disk first
 * (its next lines may need them). */
bool conn_waits(const struct conn *c);

/* The next whole line c sent that may be carried out now into line
 * (NET_LINE_MAX + 1 bytes): false when there is none, or c waits (it
 * quits, or what it made must reach the disk first).  A line over the
 * rate limit, too long or with control characters is a strike, never
 * handed on. */
bool conn_next_line(struct server *sv, struct conn *c, char *line);

/* Drops connection i (its seats stay its person's). */
void conn_drop(struct server *sv, size_t i);

#endif
