/*
 * "Play anyone": the room server's waiting pairing requests, each for a
 * game, a clock and rated or casual play, and the choice of who plays
 * whom: the two closest ratings first, each request's range widening the
 * longer it waits (tabula(6), PLAY ON THIS HOST, "Pairing").  Plain data:
 * the server makes the room.
 */
#ifndef TABULA_SERVER_PAIRING_H
#define TABULA_SERVER_PAIRING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "server/identity.h"

/* A request's rating range: this many points at first ... */
#define PAIRING_RANGE_START 100
/* ... and this many more for every second it waits. */
#define PAIRING_RANGE_PER_SEC 50

struct seek {
	unsigned serial; /* the connection that asked */
	char owner[IDENTITY_OWNER_MAX];
	const struct game_ops *ops;
	int64_t clock_ms, inc_ms; /* 0, 0: no clock */
	bool rated;
	double rating; /* the asker's rating at the game */
	int64_t since; /* monotonic ms it was made */
};

struct pairing {
	struct seek *list;
	size_t count, cap;
};

void pairing_free(struct pairing *p);

/* Adds s, replacing the connection's earlier request; false when memory
 * runs out. */
bool pairing_add(struct pairing *p, const struct seek *s);

/* Withdraws the connection's request; false when it had none. */
bool pairing_withdraw(struct pairing *p, unsigned serial);

/* The connection's request, or NULL. */
const struct seek *pairing_of(const struct pairing *p, unsigned serial);

/* The rating range of s at now. */
int pairing_range(const struct seek *s, int64_t now);

/* Takes the closest two requests that may play each other at now (same
 * game, clock and kind, different people, each within the other's range)
 * out of the list into *a and *b; false when no two may. */
bool pairing_match(struct pairing *p, int64_t now, struct seek *a,
                   struct seek *b);

#endif
