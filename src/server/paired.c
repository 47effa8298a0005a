/*
 * Pairing on the server (see paired.h; tabula(6), PLAY ON THIS HOST,
 * "Pairing").
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/clock.h"
#include "core/registry.h"
#include "server/cmd.h"
#include "server/conn.h"
#include "server/paired.h"
#include "server/room.h"
#include "server/rooms.h"
#include "server/saves.h"
#include "server/state.h"

/* Reads "seek GAME [clock=MIN+INC] [casual]" into s; false with the
 * reason. */
static bool
paired_seek_options(char **words, int n, struct seek *s, char *err,
                    size_t err_size)
{
	s->rated = true;
	s->ops = registry_find(words[1]);
	if (s->ops == NULL || s->ops->players != 2) {
		snprintf(err, err_size, "seek: '%.32s': not a two-player game",
		         words[1]);
		return false;
	}
	for (int i = 2; i < n; i++) {
		char why[200];
		if (strcmp(words[i], "casual") == 0)
			s->rated = false;
		else if (strcmp(words[i], "rated") == 0)
			s->rated = true;
		else if (strncmp(words[i], "clock=", 6) != 0) {
			snprintf(err, err_size, "seek: '%.32s': unknown option",
			         words[i]);
			return false;
		} else if (!room_parse_clock(words[i], &s->clock_ms, &s->inc_ms,
		                             why, sizeof why)) {
			snprintf(err, err_size, "seek: %s", why);
			return false;
		}
	}
	return true;
}

/* Makes the room of two paired requests: a's person and b's seated (who
 * plays first drawn by lot), both told once it is on disk. */
static void
paired_make(struct server *sv, const struct seek *a, const struct seek *b)
{
	struct conn *ca = conn_by_serial(sv, a->serial);
	struct conn *cb = conn_by_serial(sv, b->serial);
	char code[ROOM_CODE_LEN + 1], err[256];
	if (ca == NULL || cb == NULL)
		return; /* never: a connection's request goes with it */
	struct room_options opt = {
	        .ops = a->ops,
	        .creator_seat = (int)rng_below(&sv->rng, 2),
	        .clock_ms = a->clock_ms,
	        .inc_ms = a->inc_ms,
	        .rated = a->rated,
	};
	struct room *r = NULL;
	const char *why = "out of memory";
	if ((int)sv->nrooms >= sv->cfg->max_rooms)
		why = "the server holds its most rooms";
	else if (!rooms_make_code(sv, code))
		why = "no free room code";
	else if ((r = room_new(sv->rooms_dir, code, sv->next_room_id++, &opt,
	                       ca->owner, ca->account, clock_now_ms())) !=
	                 NULL &&
	         room_take_seat(r, cb->owner, cb->account, clock_now_ms(), err,
	                        sizeof err) < 0) {
		room_free(r);
		r = NULL;
	}
	if (r == NULL) {
		conn_send(ca, "error cannot pair: %s", why);
		conn_send(cb, "error cannot pair: %s", why);
		return;
	}
	r->creator = ca->serial;
	r->partner = cb->serial;
	ca->creating = cb->creating = r->id;
	sv->rooms[sv->nrooms++] = r;
	saves_room(sv, r);
}

/* Pairs every two requests that may play each other now. */
void
paired_pair(struct server *sv)
{
	struct seek a, b;
	while (pairing_match(&sv->pairing, clock_now_ms(), &a, &b))
		paired_make(sv, &a, &b);
}

void
paired_cmd_seek(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	struct seek s = {0};
	char err[256], clock[32];
	if (!paired_seek_options(a->words, a->n, &s, err, sizeof err)) {
		conn_send(c, "error %s", err);
		return;
	}
	if (!rooms_may_play(sv, c))
		return;
	s.serial = c->serial;
	snprintf(s.owner, sizeof s.owner, "%s", c->owner);
	unsigned games;
	s.rating =
	        ratings_told(&sv->ratings,
	                     ratings_find(&sv->ratings, s.ops->name, c->owner),
	                     &games)
	                .rating;
	s.since = clock_now_ms();
	if (!pairing_add(&sv->pairing, &s)) {
		conn_send(c, "error out of memory");
		return;
	}
	if (s.clock_ms == 0)
		snprintf(clock, sizeof clock, "-");
	else
		snprintf(clock, sizeof clock, "%d+%d",
		         (int)(s.clock_ms / 60000), (int)(s.inc_ms / 1000));
	conn_send(c, "seeking %s %s %s %.0f", s.ops->name, clock,
	          s.rated ? "rated" : "casual", s.rating);
	paired_pair(sv);
}

void
paired_cmd_unseek(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	(void)a;
	if (pairing_withdraw(&sv->pairing, c->serial))
		conn_send(c, "unseeked");
	else
		conn_send(c, "error no pairing request to withdraw");
}
