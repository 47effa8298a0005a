/*
 * The server's rooms, and what they look like to their people (see
 * rooms.h; tabula(6), PLAY ON THIS HOST, "Protocol").
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/clock.h"
#include "server/conn.h"
#include "server/engines.h"
#include "server/rated.h"
#include "server/room.h"
#include "server/rooms.h"
#include "server/saves.h"
#include "server/state.h"

/* Letters of room codes: no I, O, 0 or 1 to misread. */
static const char ROOMS_CODE_LETTERS[] = "ABCDEFGHJKLMNPQRSTUVWXYZ";

struct room *
rooms_by_id(struct server *sv, unsigned id)
{
	for (size_t i = 0; i < sv->nrooms; i++) {
		if (sv->rooms[i]->id == id)
			return sv->rooms[i];
	}
	return NULL;
}

struct room *
rooms_by_code(struct server *sv, const char *code)
{
	for (size_t i = 0; i < sv->nrooms; i++) {
		if (strcasecmp(sv->rooms[i]->code, code) == 0)
			return sv->rooms[i];
	}
	return NULL;
}

bool
rooms_make_code(struct server *sv, char *code)
{
	for (int tries = 0; tries < 100; tries++) {
		for (int i = 0; i < ROOM_CODE_LEN; i++)
			code[i] = ROOMS_CODE_LETTERS[rng_below(
			        &sv->rng, sizeof ROOMS_CODE_LETTERS - 1)];
		code[ROOM_CODE_LEN] = '\0';
		char path[4200];
		snprintf(path, sizeof path, "%s/%s.room", sv->rooms_dir, code);
		if (rooms_by_code(sv, code) == NULL && access(path, F_OK) != 0)
			return true;
	}
	return false;
}

/* Unfinished games owner sits in. */
static int
rooms_games_of(const struct server *sv, const char *owner)
{
	int n = 0;
	for (size_t i = 0; i < sv->nrooms; i++) {
		if (room_seat_of(sv->rooms[i], owner) >= 0 &&
		    room_turn(sv->rooms[i]) >= 0)
			n++;
	}
	return n;
}

bool
rooms_may_play(struct server *sv, struct conn *c)
{
	if (rooms_games_of(sv, c->owner) < sv->cfg->max_games_per_account)
		return true;
	conn_send(c, "error you already play %d unfinished games",
	          sv->cfg->max_games_per_account);
	return false;
}

void
rooms_forget(struct server *sv, struct room *r)
{
	for (size_t i = 0; i < sv->nclients; i++) {
		struct conn *c = sv->clients[i];
		if (c->room == r) {
			c->room = NULL;
			conn_send(c, "left");
		}
	}
	for (size_t i = 0; i < sv->nrooms; i++) {
		if (sv->rooms[i] == r) {
			sv->rooms[i] = sv->rooms[--sv->nrooms];
			break;
		}
	}
	room_free(r);
}

void
rooms_clock_text(const struct room *r, char *buf, size_t size)
{
	if (r->clock_ms == 0)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%d+%d", (int)(r->clock_ms / 60000 % 1000),
		         (int)(r->inc_ms / 1000 % 1000));
}

void
rooms_send_players(struct server *sv, struct room *r, struct conn *only)
{
	char p1[64], p2[64];
	room_seat_text(r, 0, p1, sizeof p1);
	room_seat_text(r, 1, p2, sizeof p2);
	char r1[16], r2[16];
	rated_text(sv, r, 0, r1, sizeof r1);
	rated_text(sv, r, 1, r2, sizeof r2);
	if (only != NULL) {
		conn_send(only, "players %s %s %s", r->code, p1, p2);
		conn_send(only, "ratings %s %s %s", r->code, r1, r2);
	} else {
		conn_broadcast(sv, r, 0, "players %s %s %s", r->code, p1, p2);
		conn_broadcast(sv, r, 0, "ratings %s %s %s", r->code, r1, r2);
	}
}

/* The "move" line of move ply (1-based) of r into buf. */
static void
rooms_move_line(const struct room *r, size_t ply, char *buf, size_t size)
{
	char text[GAME_TEXT_MAX];
	r->ops->format_move(&r->s.positions[ply - 1], r->s.moves[ply - 1], text,
	                    sizeof text);
	snprintf(buf, size, "move %s %zu %.400s", r->code, ply, text);
}

/* The clock line (when the room has a clock) to one client or to all. */
void
rooms_send_clock(struct server *sv, struct room *r, struct conn *only)
{
	if (r->clock_ms == 0)
		return;
	int64_t left[2];
	room_clocks(r, clock_now_ms(), left);
	int turn = room_turn(r);
	char line[128];
	snprintf(line, sizeof line, "clock %s %" PRId64 " %" PRId64 " %s",
	         r->code, left[0], left[1],
	         turn < 0 || r->turn_start == 0 ? "-"
	         : turn == 0                    ? "1"
	                                        : "2");
	if (only != NULL)
		conn_send(only, "%s", line);
	else
		conn_broadcast(sv, r, 0, "%s", line);
}

void
rooms_send_over(struct server *sv, struct room *r, struct conn *only)
{
	const char *result, *reason;
	if (!room_over(r, &result, &reason))
		return;
	if (only != NULL)
		conn_send(only, "over %s %s %s", r->code, result, reason);
	else
		conn_broadcast(sv, r, 0, "over %s %s %s", r->code, result,
		               reason);
}

/* Everything a client entering r needs to show it as it stands. */
static void
rooms_send_room(struct server *sv, struct conn *c, struct room *r)
{
	char clock[32];
	rooms_clock_text(r, clock, sizeof clock);
	conn_send(c, "joined %s %s %d", r->code, r->ops->name,
	          c->seat >= 0 ? c->seat + 1 : 0);
	conn_send(c, "options %s %s %s %s %s", r->code, clock,
	          r->analysis ? "analysis" : "-", r->rated ? "rated" : "casual",
	          r->chat ? "chat" : "-");
	rooms_send_players(sv, r, c);
	/* Moves not yet on disk come as news once they are. */
	for (size_t ply = 1; ply <= r->announced_ply; ply++) {
		char line[NET_LINE_MAX];
		rooms_move_line(r, ply, line, sizeof line);
		conn_send(c, "%s", line);
	}
	rooms_send_clock(sv, r, c);
	if (r->draw_offer != 0)
		conn_send(c, "draw %s %d", r->code, r->draw_offer);
	rooms_send_over(sv, r, c);
	conn_send(c, "synced %s %zu", r->code, r->announced_ply);
}

void
rooms_enter(struct server *sv, struct conn *c, struct room *r, int seat)
{
	conn_leave_room(c);
	c->room = r;
	c->seat = seat;
	if (seat >= 0)
		r->present[seat]++;
	else
		r->spectators++;
	rooms_send_room(sv, c, r);
	engines_kick(sv, r); /* nobody was there to wait for it */
}

void
rooms_after_move(struct server *sv, struct room *r)
{
	char line[NET_LINE_MAX];
	saves_room(sv, r);
	rooms_move_line(r, r->s.ply, line, sizeof line);
	conn_broadcast(sv, r, r->s.ply, "%s", line);
	rooms_send_clock(sv, r, NULL);
	rooms_send_over(sv, r, NULL);
	engines_kick(sv, r);
}
