/*
 * Connections (see conn.h; tabula(6), PLAY ON THIS HOST, "Protocol" and
 * "Limits").
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/clock.h"
#include "server/conn.h"
#include "server/pairing.h"
#include "server/state.h"

/* Protocol errors (not game errors such as an illegal move) a client may
 * make before it is dropped. */
enum { CONN_MAX_STRIKES = 10 };

/* Reads of a dropped client's unread input (4 KiB each) before closing. */
enum { CONN_DRAIN_READS = 64 };

void
conn_send(struct conn *c, const char *fmt, ...)
{
	if (c->dead)
		return;
	char line[NET_LINE_MAX + 256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n > sizeof line - 2)
		n = (int)sizeof line - 2;
	line[n++] = '\n';
	if (!net_outbuf_put(&c->out, line, (size_t)n))
		c->dead = true; /* not reading: dropped, nobody waits */
}

void
conn_strike(struct conn *c, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	conn_send(c, "error %s", msg);
	if (++c->strikes >= CONN_MAX_STRIKES) {
		conn_send(c, "bye too many errors");
		c->closing = true;
	}
}

/* Sends a line to everyone in room r now. */
static void
conn_broadcast_now(struct server *sv, struct room *r, size_t ply,
                   const char *line)
{
	for (size_t i = 0; i < sv->nclients; i++) {
		if (sv->clients[i]->room == r)
			conn_send(sv->clients[i], "%s", line);
	}
	if (ply > r->announced_ply)
		r->announced_ply = ply;
}

void
conn_broadcast(struct server *sv, struct room *r, size_t ply, const char *fmt,
               ...)
{
	char line[NET_LINE_MAX + 128];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (!room_news_waits(r) || !room_news_hold(r, ply, sv->actor, line))
		conn_broadcast_now(sv, r, ply, line);
}

void
conn_release_news(struct server *sv, struct room *r)
{
	struct room_line *l;
	while ((l = room_news_next(r, false)) != NULL) {
		conn_broadcast_now(sv, r, l->ply, l->text);
		free(l);
	}
}

struct conn *
conn_by_serial(struct server *sv, unsigned serial)
{
	for (size_t i = 0; serial != 0 && i < sv->nclients; i++) {
		if (sv->clients[i]->serial == serial)
			return sv->clients[i];
	}
	return NULL;
}

void
conn_welcome(struct server *sv, struct conn *c, const char *name)
{
	(void)sv;
	snprintf(c->account, sizeof c->account, "%s:%s",
	         c->id.by_key ? "ssh" : "user", name);
	conn_send(c, "welcome %s", name);
}

/* The most connections one person may hold: --max-per-user, and never
 * every one of --max-clients, so that one person (a key, or a local
 * user) cannot lock everyone else out. */
static int
conn_per_person_max(const struct server *sv)
{
	int most = sv->cfg->max_per_account;
	if (sv->cfg->max_clients > 1 && most > sv->cfg->max_clients - 1)
		most = sv->cfg->max_clients - 1;
	return most;
}

/* Whether c's person, known from the moment it connected (its uid, or
 * its key: conn_new), may hold one more connection; false after the
 * bye that says why.  name: the person's, or NULL (a new key). */
static bool
conn_person_room(struct server *sv, struct conn *c, const char *name)
{
	int same = 0, most = conn_per_person_max(sv);
	for (size_t i = 0; i < sv->nclients; i++) {
		const struct conn *o = sv->clients[i];
		same += !o->closing && !o->dead &&
		        strcmp(o->owner, c->owner) == 0;
	}
	if (same <= most)
		return true;
	if (name != NULL)
		conn_send(c, "bye %s has %d connections already", name, most);
	else
		conn_send(c, "bye this SSH key has %d connections already",
		          most);
	c->closing = true;
	return false;
}

int64_t
conn_drop_nameless(struct server *sv, int64_t now)
{
	int64_t next = -1, limit = sv->cfg->name_timeout_ms;
	for (size_t i = 0; i < sv->nclients; i++) {
		struct conn *c = sv->clients[i];
		if (c->account[0] != '\0' || c->naming != 0 || c->closing)
			continue;
		int64_t left = c->heard_ms + limit - now;
		if (left <= 0) {
			conn_send(c, "bye no name picked: idle for %d s",
			          (int)(limit / 1000));
			c->closing = true;
		} else if (next < 0 || left < next)
			next = left;
	}
	return next;
}

/* Says bye to a client that asked to quit once every line of news it is
 * owed is out: the news of its room held for the disk up to the version
 * of the room when it asked (see conn_broadcast). */
void
conn_bye_when_told(struct conn *c)
{
	if (!c->quitting || c->closing)
		return;
	if (c->room != NULL && c->room->saving &&
	    c->room->saved_version < c->bye_version)
		return; /* the save's end wakes the loop, which asks again */
	conn_send(c, "bye");
	c->closing = true;
}

/* Whether c may send another message now (a token bucket). */
static bool
conn_rate_ok(const struct server *sv, struct conn *c, int64_t now)
{
	double rate = sv->cfg->rate_per_sec, burst = sv->cfg->rate_burst;
	c->tokens += (double)(now - c->refill_ms) * rate / 1000.0;
	c->refill_ms = now;
	if (c->tokens > burst)
		c->tokens = burst;
	if (c->tokens < 1.0)
		return false;
	c->tokens -= 1.0;
	return true;
}

void
conn_leave_room(struct conn *c)
{
	if (c->room == NULL)
		return;
	if (c->seat >= 0)
		c->room->present[c->seat]--;
	else
		c->room->spectators--;
	c->room = NULL;
}

bool
conn_read(struct conn *c)
{
	long got = net_inbuf_fill(&c->in, c->fd);
	if (got == -1 || got == 0)
		c->dead = true;
	return !c->dead;
}

bool
conn_waits(const struct conn *c)
{
	return c->dead || c->closing || c->quitting || c->creating != 0 ||
	       c->joining != 0 || c->naming != 0;
}

bool
conn_next_line(struct server *sv, struct conn *c, char *line)
{
	enum net_line kind;
	int64_t now = clock_now_ms();
	while (!conn_waits(c) &&
	       (kind = net_inbuf_next(&c->in, line)) != NET_LINE_NONE) {
		if (!conn_rate_ok(sv, c, now))
			conn_strike(c, "rate: more than %d messages a second",
			            sv->cfg->rate_per_sec);
		else if (kind == NET_LINE_TOO_LONG)
			conn_strike(c, "line: longer than %d bytes",
			            NET_LINE_MAX);
		else if (kind == NET_LINE_BAD)
			conn_strike(c, "line: control characters");
		else {
			c->heard_ms = now;
			return true;
		}
	}
	return false;
}

void
conn_drop(struct server *sv, size_t i)
{
	struct conn *c = sv->clients[i];
	pairing_withdraw(&sv->pairing, c->serial);
	conn_leave_room(c);
	/* Lines it sent that were never read would make close() reset the
	 * connection, and the client would lose our last lines (the bye that
	 * says why) with them: read them first, a bounded amount. */
	char junk[4096];
	for (int n = 0; n < CONN_DRAIN_READS &&
	                recv(c->fd, junk, sizeof junk, MSG_DONTWAIT) > 0;
	     n++)
		;
	close(c->fd);
	net_outbuf_free(&c->out);
	free(c);
	sv->clients[i] = sv->clients[--sv->nclients];
}

bool
conn_new(struct server *sv, int fd)
{
	struct conn *c = calloc(1, sizeof *c);
	if (c == NULL || (int)sv->nclients >= sv->cfg->max_clients) {
		static const char full[] = "bye the server is full\n";
		if (send(fd, full, sizeof full - 1,
		         MSG_NOSIGNAL | MSG_DONTWAIT) < 0) {
			/* it has gone already */
		}
		close(fd);
		free(c);
		return false;
	}
	c->fd = fd;
	c->serial = ++sv->next_serial;
	c->seat = -1;
	c->tokens = sv->cfg->rate_burst;
	c->refill_ms = c->heard_ms = clock_now_ms();
	net_inbuf_init(&c->in);
	net_outbuf_init(&c->out);
	sv->clients[sv->nclients++] = c;
	char err[512];
	conn_send(c, "tabula 1");
	if (!identity_of_peer(fd, sv->cfg->have_shared, sv->cfg->shared_uid,
	                      &c->id, err, sizeof err)) {
		conn_send(c, "bye identity: %s", err);
		c->closing = true;
		return true;
	}
	identity_owner(&c->id, c->owner, sizeof c->owner);
	const char *name = c->id.by_key
	                           ? accounts_name_of(&sv->accounts, c->id.key)
	                           : c->id.name;
	if (!conn_person_room(sv, c, name))
		return true;
	if (name == NULL)
		conn_send(c, "need-name");
	else
		conn_welcome(sv, c, name);
	return true;
}
