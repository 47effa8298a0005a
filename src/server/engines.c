/*
 * The engine seats' searches (see engines.h; tabula(6), PLAY ON THIS
 * HOST, "Limits").
 */
#include "config.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "core/clock.h"
#include "server/engine-job.h"
#include "server/engines.h"
#include "server/room.h"
#include "server/rooms.h"
#include "server/state.h"

/* Whether nobody is in r (a search for it would be for nobody). */
static bool
engines_room_empty(const struct room *r)
{
	return r->present[0] == 0 && r->present[1] == 0 && r->spectators == 0;
}

/* The person r's engine plays for: its searches count as theirs. */
static const char *
engines_owner(const struct room *r)
{
	for (int i = 0; i < 2; i++) {
		if (r->seat[i].who.kind == WHO_HUMAN)
			return r->seat[i].owner;
	}
	return "";
}

/* Searches under way or queued for account's rooms. */
static int
engines_searches_of(const struct server *sv, const char *account)
{
	int n = 0;
	for (size_t i = 0; i < sv->nrooms; i++) {
		n += sv->rooms[i]->engine_busy &&
		     strcmp(engines_owner(sv->rooms[i]), account) == 0;
	}
	return n;
}

/* Starts the engine's search when it is its turn, it is not already
 * thinking and someone is in the room; a person whose rooms have their
 * most searches under way waits for one of them to end (so one person's
 * rooms never fill the engine threads: tabula(6), PLAY ON THIS HOST,
 * "Limits"). */
void
engines_kick(struct server *sv, struct room *r)
{
	r->engine_waiting = false;
	if (r->engine_busy || !room_engine_to_move(r) || engines_room_empty(r))
		return;
	if (clock_now_ms() < r->retry_at) {
		r->engine_waiting = true; /* server_check_clocks, later */
		return;
	}
	if (engines_searches_of(sv, engines_owner(r)) >=
	    sv->cfg->max_searches_per_account) {
		r->engine_waiting = true;
		return;
	}
	int turn = room_turn(r);
	struct engine_job *job = engine_job_new(
	        r->id, &r->s, r->seat[turn].who.level, rng_next(&sv->rng));
	if (job == NULL)
		return;
	if (worker_submit(sv->engines, &job->base)) {
		r->engine_busy = true;
		r->engine_job = job;
	} else
		engine_job_free(&job->base);
}

/* Ends the searches nobody waits for: of rooms whose game is over or that
 * everyone has left (entering starts it again). */
void
engines_cancel(struct server *sv, bool all)
{
	for (size_t i = 0; i < sv->nrooms; i++) {
		struct room *r = sv->rooms[i];
		if (r->engine_job != NULL &&
		    (all || room_turn(r) < 0 || engines_room_empty(r)))
			worker_cancel(sv->engines, &r->engine_job->base);
	}
}

/* Starts the searches that waited for their person's to end. */
void
engines_kick_waiting(struct server *sv)
{
	for (size_t i = 0; i < sv->nrooms; i++) {
		if (sv->rooms[i]->engine_waiting)
			engines_kick(sv, sv->rooms[i]);
	}
}

void
engines_done(struct server *sv)
{
	struct worker_job *base;
	while ((base = worker_take(sv->engines)) != NULL) {
		struct engine_job *job = (struct engine_job *)base;
		struct room *r = rooms_by_id(sv, job->room_id);
		if (r == NULL) {
			engine_job_free(base);
			continue;
		}
		r->engine_busy = false;
		r->engine_job = NULL;
		char err[256];
		if (job->ply != r->s.ply || !room_engine_to_move(r) ||
		    atomic_load(&job->base.stop)) {
			/* The game moved on (a resignation, a reload), or the
			 * search was stopped and someone may have come back
			 * meanwhile: asked again if it is still the engine's
			 * turn (else entering starts it). */
			engines_kick(sv, r);
		} else if (!job->ok) {
			fprintf(stderr, "tabula serve: room %s: engine: %s\n",
			        r->code, job->err);
		} else if (!room_play_move(r, job->move, clock_now_ms(), err,
		                           sizeof err)) {
			fprintf(stderr, "tabula serve: room %s: %s\n", r->code,
			        err);
		} else {
			rooms_after_move(sv, r);
		}
		engine_job_free(base);
	}
}
