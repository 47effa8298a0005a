/*
 * What the room server holds (tabula(6), PLAY ON THIS HOST), seen by
 * every file of the server: the connections (conn.c owns them), the rooms
 * (rooms.c finds them, room.c keeps each), the accounts and ratings with
 * their saves (saves.c, rated.c), the pairing requests (paired.c) and the
 * two worker pools (engines.c, saves.c).  One thread, the event loop's
 * (server.c), reads and writes all of it; the workers see only the jobs
 * handed to them.
 */
#ifndef TABULA_SERVER_STATE_H
#define TABULA_SERVER_STATE_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/rng.h"
#include "core/wake.h"
#include "core/worker.h"
#include "server/accounts.h"
#include "server/pairing.h"
#include "server/rated.h"
#include "server/ratings.h"
#include "server/server.h"

/* How long a room (or the ratings) whose save failed waits before its
 * clock or its engine changes it again (a person's move is tried at
 * once). */
enum { SERVER_SAVE_RETRY_MS = 1000 };

struct conn;
struct room;

struct server {
	const struct server_config *cfg;
	int listen_fd;
	int lock_fd; /* holds the state directory's lock (store_lock_dir) */
	struct wake signals;   /* woken by SIGTERM, SIGINT, SIGHUP */
	struct conn **clients; /* conn.c's */
	size_t nclients;
	struct room **rooms; /* rooms.c's */
	size_t nrooms;
	unsigned next_room_id;
	unsigned next_serial;
	unsigned actor; /* the connection whose command runs now, or 0 */
	struct accounts accounts;
	struct ratings ratings;
	struct rated_news rated; /* rated.c's: held for the disk */
	struct pairing pairing;  /* the waiting "play anyone" requests */
	struct worker *engines;  /* the engine seats' searches */
	struct worker *savers;   /* the rooms' saves */
	char rooms_dir[4096], finished_dir[4096];
	struct pollfd *pfds;
	struct rng rng;
};

#endif
