/*
 * The engine seats (tabula(6), PLAY ON THIS HOST, "Limits"): their
 * searches started on the engine pool when it is their turn and someone
 * waits for the move, fairly between people, cancelled when nobody does,
 * and their moves played when they come back (engine-job.c searches).
 */
#ifndef TABULA_SERVER_ENGINES_H
#define TABULA_SERVER_ENGINES_H

#include <stdbool.h>

struct room;
struct server;

/* Starts r's engine's search when it is its turn, it is not already
 * thinking and someone is in the room. */
void engines_kick(struct server *sv, struct room *r);

/* Ends the searches nobody waits for (all: every one). */
void engines_cancel(struct server *sv, bool all);

/* Starts the searches that waited for their person's to end. */
void engines_kick_waiting(struct server *sv);

/* Plays the moves of the searches that ended. */
void engines_done(struct server *sv);

#endif
