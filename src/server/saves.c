/*
 * Saves and what follows them (see saves.h; tabula(6), PLAY ON THIS
 * HOST, "The server").
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/clock.h"
#include "server/conn.h"
#include "server/engines.h"
#include "server/rated.h"
#include "server/room.h"
#include "server/rooms.h"
#include "server/saves.h"
#include "server/state.h"
#include "server/store.h"

/* A room's first save failed: it never was; its creator is told. */
static void
saves_create_failed(struct server *sv, struct room *r, const char *why)
{
	unsigned told[2] = {r->creator, r->partner};
	for (int i = 0; i < 2; i++) {
		struct conn *c = conn_by_serial(sv, told[i]);
		if (c != NULL) {
			conn_send(c, "error cannot save the room: %s", why);
			c->creating = 0;
		}
	}
	for (int i = 0; i < 2; i++) {
		char path[4200];
		snprintf(path, sizeof path, "%s/%s.%s", r->dir, r->code,
		         i == 0 ? "rec" : "room");
		unlink(path); /* a link planted there goes, not its target */
	}
	rooms_forget(sv, r);
}

/* A save failed: the room goes back to what is on disk, the news held for
 * it is dropped (nobody saw it) and each person whose command it told of
 * is told why (tabula(6), PLAY ON THIS HOST, "Files"). */
static void
saves_failed(struct server *sv, struct room *r, const char *why)
{
	fprintf(stderr, "tabula serve: room %s: %s\n", r->code, why);
	struct room_line *l;
	while ((l = room_news_next(r, true)) != NULL) {
		/* Told once, at its last line. */
		struct conn *c = conn_by_serial(sv, l->from);
		if (c != NULL && !room_news_from(r, l->from))
			conn_send(c, "error cannot save: %s", why);
		free(l);
	}
	/* A seat taken in the lost change is open again; its taker was
	 * never told it sat. */
	for (size_t i = 0; i < sv->nclients; i++) {
		struct conn *c = sv->clients[i];
		if (c->joining == r->id) {
			c->joining = 0;
			conn_send(c, "error cannot save: %s", why);
		}
	}
	if (!room_restore(r)) {
		fprintf(stderr, "tabula serve: room %s: out of memory\n",
		        r->code);
		return;
	}
	r->retry_at = clock_now_ms() + SERVER_SAVE_RETRY_MS;
	engines_kick(sv, r);
}

/* r is saved: those whose seat is now on disk enter it, and the room
 * hears who sits (tabula(6), PLAY ON THIS HOST, "Files"). */
static void
saves_tell_seated(struct server *sv, struct room *r)
{
	bool seated = false;
	for (size_t i = 0; i < sv->nclients; i++) {
		struct conn *c = sv->clients[i];
		if (c->joining != r->id || c->join_version > r->saved_version)
			continue;
		c->joining = 0;
		int seat = room_seat_of(r, c->owner);
		rooms_enter(sv, c, r, seat);
		seated = seated || seat >= 0;
	}
	if (!seated)
		return;
	rooms_send_players(sv, r, NULL);
	rooms_send_clock(sv, r, NULL);
	engines_kick(sv, r);
}

/* A new room is on disk: its creator hears "created", or both players
 * of a paired room "paired" with the opponent's name; each enters it. */
static void
saves_tell_made(struct server *sv, struct room *r)
{
	unsigned told[2] = {r->creator, r->partner};
	for (int i = 0; i < 2; i++) {
		struct conn *c = conn_by_serial(sv, told[i]);
		if (c == NULL)
			continue;
		c->creating = 0;
		int seat = room_seat_of(r, c->owner);
		char other[64];
		room_seat_text(r, 1 - seat, other, sizeof other);
		if (r->partner != 0)
			conn_send(c, "paired %s %s %s", r->code, r->ops->name,
			          other);
		else
			conn_send(c, "created %s", r->code);
		rooms_enter(sv, c, r, seat);
	}
}

/* What became of a save of r (job, or NULL when none could be made). */
static void
saves_room_saved(struct server *sv, struct room *r, struct room_save_job *job)
{
	bool first = r->on_disk == NULL;
	r->saving = false;
	if (job == NULL || !job->ok) {
		const char *why = job != NULL ? job->err : "out of memory";
		if (first)
			saves_create_failed(sv, r, why);
		else
			saves_failed(sv, r, why);
		if (job != NULL)
			room_save_job_free(&job->base);
		return;
	}
	room_keep_saved(r, job);
	if (first)
		saves_tell_made(sv, r);
	if (first)
		engines_kick(sv, r);
	conn_release_news(sv, r);
	saves_tell_seated(sv, r);
	rated_count_result(sv, r);
}

/* Starts saving r when it has changed and no save is under way. */
void
saves_room(struct server *sv, struct room *r)
{
	while (!r->saving && r->saved_version != r->version) {
		struct room_save_job *job = room_save_job_new(r);
		if (job != NULL) {
			job->base.kind = SAVE_ROOM;
			if (worker_submit(sv->savers, &job->base)) {
				r->saving = true;
				return;
			}
			/* No room in the queue: save here and now. */
			job->base.run(&job->base);
		}
		unsigned id = r->id;
		saves_room_saved(sv, r, job);
		if (rooms_by_id(sv, id) == NULL)
			return; /* a room that never was */
	}
}

/* Starts saving the accounts when names were given since the last save. */
void
saves_accounts(struct server *sv)
{
	struct accounts *a = &sv->accounts;
	if (a->saving || a->saved_version == a->version)
		return;
	struct store_job *job = accounts_save_job_new(a);
	if (job != NULL) {
		job->base.kind = SAVE_ACCOUNTS;
		if (worker_submit(sv->savers, &job->base)) {
			a->saving = true;
			return;
		}
		store_job_free(&job->base);
	}
	/* Not saved: the names wait for the next try (the next name). */
	fprintf(stderr, "tabula serve: cannot queue the accounts' save\n");
}

/* Welcomes the clients whose names are now on disk. */
static void
saves_accounts_saved(struct server *sv, struct store_job *job)
{
	struct accounts *a = &sv->accounts;
	a->saving = false;
	if (!job->ok) {
		/* A name is only used once it is bound to its key on disk:
		 * the waiting clients are told, and may try again. */
		fprintf(stderr, "tabula serve: %s\n", job->err);
		accounts_forget_unsaved(a, job->version);
		for (size_t i = 0; i < sv->nclients; i++) {
			struct conn *c = sv->clients[i];
			if (c->naming != 0 && c->naming <= job->version) {
				c->naming = 0;
				conn_send(c, "bye cannot save the name");
				c->closing = true;
			}
		}
		saves_accounts(sv); /* names given since */
		return;
	}
	a->saved_version = job->version;
	for (size_t i = 0; i < sv->nclients; i++) {
		struct conn *c = sv->clients[i];
		if (c->naming != 0 && c->naming <= a->saved_version) {
			c->naming = 0;
			conn_welcome(sv, c, c->new_name);
		}
	}
	saves_accounts(sv);
}

void
saves_done(struct server *sv)
{
	struct worker_job *base;
	while ((base = worker_take(sv->savers)) != NULL) {
		if (base->kind == SAVE_RATINGS) {
			rated_saved(sv, (struct store_job *)base);
			store_job_free(base);
			continue;
		}
		if (base->kind == SAVE_ACCOUNTS) {
			saves_accounts_saved(sv, (struct store_job *)base);
			store_job_free(base);
			continue;
		}
		struct room_save_job *job = (struct room_save_job *)base;
		struct room *r = rooms_by_id(sv, job->room_id);
		if (r == NULL) {
			room_save_job_free(base);
			continue;
		}
		unsigned id = r->id;
		saves_room_saved(sv, r, job);
		if (rooms_by_id(sv, id) != NULL)
			saves_room(sv, r);
	}
}

void
saves_job_free(struct worker_job *job)
{
	if (job->kind == SAVE_ACCOUNTS || job->kind == SAVE_RATINGS)
		store_job_free(job);
	else
		room_save_job_free(job);
}
