/*
 * The room server's event loop, connections and protocol commands (see
 * server.h; the protocol is in tabula(6), PLAY ON THIS HOST).
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <pwd.h>
#include <ctype.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "core/registry.h"
#include "core/rng.h"
#include "net/netline.h"
#include "server/accounts.h"
#include "server/chat.h"
#include "server/engine-job.h"
#include "server/identity.h"
#include "server/pairing.h"
#include "server/ratings.h"
#include "server/room.h"
#include "server/server.h"
#include "server/store.h"
#include "core/worker.h"

/* Protocol errors (not game errors such as an illegal move) a client may
 * make before it is dropped. */
enum { SERVER_MAX_STRIKES = 10 };

/* How long a room whose save failed waits before its clock or its engine
 * changes it again (a person's move is tried at once). */
enum { SERVER_SAVE_RETRY_MS = 1000 };

/* Reads of a dropped client's unread input (4 KiB each) before closing. */
enum { SERVER_DRAIN_READS = 64 };

/* What the savers' jobs are (worker_job.kind). */
enum { SAVE_ROOM = 1, SAVE_ACCOUNTS = 2, SAVE_RATINGS = 3 };

/* Letters of room codes: no I, O, 0 or 1 to misread. */
static const char SERVER_CODE_LETTERS[] = "ABCDEFGHJKLMNPQRSTUVWXYZ";

struct client {
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

/* A line about ratings for a room's people, held until the ratings file
 * holding what it tells is on disk. */
struct rated_line {
	unsigned version; /* the ratings version it tells of */
	unsigned room_id;
	struct rated_line *next;
	char text[];
};

struct server {
	const struct server_config *cfg;
	int listen_fd;
	int signal_fd[2];
	struct client **clients;
	size_t nclients;
	struct room **rooms;
	size_t nrooms;
	unsigned next_room_id;
	unsigned next_serial;
	unsigned actor; /* the connection whose command runs now, or 0 */
	struct accounts accounts;
	struct ratings ratings;
	struct rated_line *rated_news, *rated_tail; /* held for the disk */
	int64_t ratings_retry_at; /* after a failed save of the ratings */
	struct pairing pairing;   /* the waiting "play anyone" requests */
	struct worker *engines;   /* the engine seats' searches */
	struct worker *savers;    /* the rooms' saves */
	char rooms_dir[4096], finished_dir[4096];
	struct pollfd *pfds;
	struct rng rng;
};

static int server_signal_write_fd = -1;

void
server_config_defaults(struct server_config *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->socket_path = net_socket_path();
	cfg->state_dir = SERVER_DEFAULT_STATE;
	cfg->max_clients = 1000;
	cfg->max_rooms = 500;
	cfg->max_per_account = 16;
	cfg->max_games_per_account = 20;
	cfg->engine_threads = 2;
	cfg->max_searches_per_account = 1;
	cfg->save_threads = 4;
	cfg->rate_per_sec = NET_RATE_PER_SEC;
	cfg->rate_burst = NET_RATE_BURST;
}

static int64_t
server_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---------------------------------------------------------------------- */
/* Output                                                                  */

/* Queues one line for c; a client whose queue overflows is dropped. */
static void server_send(struct client *c, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void
server_send(struct client *c, const char *fmt, ...)
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

/* Counts a protocol error; too many and the client is dropped. */
static void server_strike(struct client *c, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void
server_strike(struct client *c, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	server_send(c, "error %s", msg);
	if (++c->strikes >= SERVER_MAX_STRIKES) {
		server_send(c, "bye too many errors");
		c->closing = true;
	}
}

/* Sends a line to everyone in room r now. */
static void
server_broadcast_now(struct server *sv, struct room *r, size_t ply,
                     const char *line)
{
	for (size_t i = 0; i < sv->nclients; i++) {
		if (sv->clients[i]->room == r)
			server_send(sv->clients[i], "%s", line);
	}
	if (ply > r->announced_ply)
		r->announced_ply = ply;
}

/* Tells everyone in room r a line of news: at once when the room's state
 * is on disk, else as soon as it is (so nobody ever sees a move that a
 * crash could lose).  ply: the move the line tells of, 0 for others. */
static void server_broadcast(struct server *sv, struct room *r, size_t ply,
                             const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));

static void
server_broadcast(struct server *sv, struct room *r, size_t ply, const char *fmt,
                 ...)
{
	char line[NET_LINE_MAX + 128];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (r->saved_version == r->version && r->pending == NULL) {
		server_broadcast_now(sv, r, ply, line);
		return;
	}
	size_t len = strlen(line);
	struct room_line *l = malloc(sizeof *l + len + 1);
	if (l == NULL) {
		server_broadcast_now(sv, r, ply, line);
		return;
	}
	l->version = r->version;
	l->ply = ply;
	l->from = sv->actor;
	l->next = NULL;
	memcpy(l->text, line, len + 1);
	if (r->pending_tail != NULL)
		r->pending_tail->next = l;
	else
		r->pending = l;
	r->pending_tail = l;
}

/* Sends the held news whose version is on disk. */
static void
server_release_news(struct server *sv, struct room *r)
{
	while (r->pending != NULL && r->pending->version <= r->saved_version) {
		struct room_line *l = r->pending;
		r->pending = l->next;
		if (r->pending == NULL)
			r->pending_tail = NULL;
		server_broadcast_now(sv, r, l->ply, l->text);
		free(l);
	}
}

static struct room *server_room_by_id(struct server *sv, unsigned id);

static struct client *
server_client_by_serial(struct server *sv, unsigned serial)
{
	for (size_t i = 0; serial != 0 && i < sv->nclients; i++) {
		if (sv->clients[i]->serial == serial)
			return sv->clients[i];
	}
	return NULL;
}

static void server_enter(struct server *sv, struct client *c, struct room *r,
                         int seat);
static void server_kick_engine(struct server *sv, struct room *r);
static void server_send_players(struct server *sv, struct room *r,
                                struct client *only);
static void server_send_clock(struct server *sv, struct room *r,
                              struct client *only);
static void server_forget_room(struct server *sv, struct room *r);

/* ---------------------------------------------------------------------- */
/* Ratings (tabula(6), PLAY ON THIS HOST, "Ratings")                       */

/* Starts saving the ratings when a rated game changed them (after a
 * failed save, once its wait is over). */
static void
server_save_ratings(struct server *sv)
{
	struct ratings *rt = &sv->ratings;
	if (rt->saving || rt->saved_version == rt->version ||
	    server_now_ms() < sv->ratings_retry_at)
		return;
	struct store_job *job = ratings_save_job_new(rt);
	if (job != NULL) {
		job->base.kind = SAVE_RATINGS;
		if (worker_submit(sv->savers, &job->base)) {
			rt->saving = true;
			return;
		}
		store_job_free(&job->base);
	}
	sv->ratings_retry_at = server_now_ms() + SERVER_SAVE_RETRY_MS;
}

/* Sends the ratings news that the file on disk now holds. */
static void
server_release_rated(struct server *sv)
{
	while (sv->rated_news != NULL &&
	       sv->rated_news->version <= sv->ratings.saved_version) {
		struct rated_line *l = sv->rated_news;
		sv->rated_news = l->next;
		if (sv->rated_news == NULL)
			sv->rated_tail = NULL;
		struct room *r = server_room_by_id(sv, l->room_id);
		if (r != NULL)
			server_broadcast(sv, r, 0, "%s", l->text);
		free(l);
	}
}

/* Whether news of r's ratings waits for the disk (r stays loaded). */
static bool
server_rated_pending(const struct server *sv, const struct room *r)
{
	for (const struct rated_line *l = sv->rated_news; l != NULL;
	     l = l->next) {
		if (l->room_id == r->id)
			return true;
	}
	return false;
}

static void
server_ratings_saved(struct server *sv, struct store_job *job)
{
	sv->ratings.saving = false;
	if (!job->ok) {
		/* Kept in memory and tried again later: nobody has been
		 * told of them. */
		fprintf(stderr, "tabula serve: %s\n", job->err);
		sv->ratings_retry_at = server_now_ms() + SERVER_SAVE_RETRY_MS;
		return;
	}
	sv->ratings.saved_version = job->version;
	server_release_rated(sv);
	server_save_ratings(sv);
}

/* Holds a line for r's people until the ratings' current version is on
 * disk. */
static void server_hold_rated(struct server *sv, struct room *r,
                              const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

static void
server_hold_rated(struct server *sv, struct room *r, const char *fmt, ...)
{
	char line[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	size_t len = strlen(line);
	struct rated_line *l = malloc(sizeof *l + len + 1);
	if (l == NULL)
		return; /* the rating is kept; only this news is lost */
	l->version = sv->ratings.version;
	l->room_id = r->id;
	l->next = NULL;
	memcpy(l->text, line, len + 1);
	if (sv->rated_tail != NULL)
		sv->rated_tail->next = l;
	else
		sv->rated_news = l;
	sv->rated_tail = l;
}

/* Who a seat is for the ratings: its person, or the engine at its level
 * ("engine:N" both); false for an open seat or a person nobody is. */
static bool
server_rated_as(const struct room *r, int side, char *owner, char *account)
{
	const struct room_seat *s = &r->seat[side];
	if (s->who.kind == WHO_ENGINE) {
		snprintf(owner, IDENTITY_OWNER_MAX, "engine:%d", s->who.level);
		snprintf(account, RATINGS_ACCOUNT_MAX, "engine:%d",
		         s->who.level);
		return true;
	}
	if (s->who.kind != WHO_HUMAN || s->owner[0] == '\0')
		return false;
	snprintf(owner, IDENTITY_OWNER_MAX, "%s", s->owner);
	snprintf(account, RATINGS_ACCOUNT_MAX, "%s", s->account);
	return true;
}

/* A rating as the room's lines show it: the number, with '?' while it is
 * unsure (a deviation over 110, about the first dozen games), or "-". */
static void
server_rating_text(const struct server *sv, const struct room *r, int side,
                   char *buf, size_t size)
{
	char owner[IDENTITY_OWNER_MAX], account[RATINGS_ACCOUNT_MAX];
	if (!server_rated_as(r, side, owner, account) ||
	    (r->seat[side].who.kind == WHO_ENGINE && !r->rated)) {
		snprintf(buf, size, "-");
		return;
	}
	unsigned games;
	struct glicko g = ratings_told(
	        &sv->ratings, ratings_find(&sv->ratings, r->ops->name, owner),
	        &games);
	snprintf(buf, size, "%.0f%s", g.rating, g.deviation > 110.0 ? "?" : "");
}

/* Counts the result of r, a rated game now over on disk: both ratings
 * change, and the room hears "rated" once the ratings are on disk. */
static void
server_count_result(struct server *sv, struct room *r)
{
	const char *result, *reason;
	if (!r->rated || r->counted || !room_over(r, &result, &reason))
		return;
	r->counted = true;
	double score = strcmp(result, "1-0") == 0       ? 1.0
	               : strcmp(result, "0-1") == 0     ? 0.0
	               : strcmp(result, "1/2-1/2") == 0 ? 0.5
	                                                : -1.0;
	char owner[2][IDENTITY_OWNER_MAX], account[2][RATINGS_ACCOUNT_MAX];
	if (score < 0 || !server_rated_as(r, 0, owner[0], account[0]) ||
	    !server_rated_as(r, 1, owner[1], account[1]))
		return; /* abandoned, or a seat nobody holds now */
	const char *o[2] = {owner[0], owner[1]};
	const char *a[2] = {account[0], account[1]};
	struct glicko before[2], after[2];
	if (!ratings_rate(&sv->ratings, r->ops->name, o, a, score, before,
	                  after)) {
		fprintf(stderr, "tabula serve: room %s: cannot rate: %s\n",
		        r->code, "out of memory or too many ratings");
		return;
	}
	for (int i = 0; i < 2; i++)
		server_hold_rated(sv, r, "rated %s %d %.0f %.0f %.0f", r->code,
		                  i + 1, before[i].rating, after[i].rating,
		                  after[i].deviation);
	server_save_ratings(sv);
}

/* A room's first save failed: it never was; its creator is told. */
static void
server_create_failed(struct server *sv, struct room *r, const char *why)
{
	unsigned told[2] = {r->creator, r->partner};
	for (int i = 0; i < 2; i++) {
		struct client *c = server_client_by_serial(sv, told[i]);
		if (c != NULL) {
			server_send(c, "error cannot save the room: %s", why);
			c->creating = 0;
		}
	}
	for (int i = 0; i < 2; i++) {
		char path[4200];
		snprintf(path, sizeof path, "%s/%s.%s", r->dir, r->code,
		         i == 0 ? "rec" : "room");
		unlink(path); /* a link planted there goes, not its target */
	}
	server_forget_room(sv, r);
}

/* A save failed: the room goes back to what is on disk, the news held for
 * it is dropped (nobody saw it) and each person whose command it told of
 * is told why (tabula(6), PLAY ON THIS HOST, "Files"). */
static void
server_save_failed(struct server *sv, struct room *r, const char *why)
{
	fprintf(stderr, "tabula serve: room %s: %s\n", r->code, why);
	while (r->pending != NULL) {
		struct room_line *l = r->pending;
		r->pending = l->next;
		struct client *c = server_client_by_serial(sv, l->from);
		for (struct room_line *o = r->pending; o != NULL; o = o->next)
			if (o->from == l->from)
				c = NULL; /* told once, at its last line */
		if (c != NULL)
			server_send(c, "error cannot save: %s", why);
		free(l);
	}
	r->pending_tail = NULL;
	/* A seat taken in the lost change is open again; its taker was
	 * never told it sat. */
	for (size_t i = 0; i < sv->nclients; i++) {
		struct client *c = sv->clients[i];
		if (c->joining == r->id) {
			c->joining = 0;
			server_send(c, "error cannot save: %s", why);
		}
	}
	if (!room_restore(r)) {
		fprintf(stderr, "tabula serve: room %s: out of memory\n",
		        r->code);
		return;
	}
	r->retry_at = server_now_ms() + SERVER_SAVE_RETRY_MS;
	server_kick_engine(sv, r);
}

/* r is saved: those whose seat is now on disk enter it, and the room
 * hears who sits (tabula(6), PLAY ON THIS HOST, "Files"). */
static void
server_tell_seated(struct server *sv, struct room *r)
{
	bool seated = false;
	for (size_t i = 0; i < sv->nclients; i++) {
		struct client *c = sv->clients[i];
		if (c->joining != r->id || c->join_version > r->saved_version)
			continue;
		c->joining = 0;
		int seat = room_seat_of(r, c->owner);
		server_enter(sv, c, r, seat);
		seated = seated || seat >= 0;
	}
	if (!seated)
		return;
	server_send_players(sv, r, NULL);
	server_send_clock(sv, r, NULL);
	server_kick_engine(sv, r);
}

/* A new room is on disk: its creator hears "created", or both players
 * of a paired room "paired" with the opponent's name; each enters it. */
static void
server_tell_made(struct server *sv, struct room *r)
{
	unsigned told[2] = {r->creator, r->partner};
	for (int i = 0; i < 2; i++) {
		struct client *c = server_client_by_serial(sv, told[i]);
		if (c == NULL)
			continue;
		c->creating = 0;
		int seat = room_seat_of(r, c->owner);
		char other[64];
		room_seat_text(r, 1 - seat, other, sizeof other);
		if (r->partner != 0)
			server_send(c, "paired %s %s %s", r->code, r->ops->name,
			            other);
		else
			server_send(c, "created %s", r->code);
		server_enter(sv, c, r, seat);
	}
}

/* What became of a save of r (job, or NULL when none could be made). */
static void
server_room_saved(struct server *sv, struct room *r, struct room_save_job *job)
{
	bool first = r->on_disk == NULL;
	r->saving = false;
	if (job == NULL || !job->ok) {
		const char *why = job != NULL ? job->err : "out of memory";
		if (first)
			server_create_failed(sv, r, why);
		else
			server_save_failed(sv, r, why);
		if (job != NULL)
			room_save_job_free(&job->base);
		return;
	}
	room_keep_saved(r, job);
	if (first)
		server_tell_made(sv, r);
	if (first)
		server_kick_engine(sv, r);
	server_release_news(sv, r);
	server_tell_seated(sv, r);
	server_count_result(sv, r);
}

/* Starts saving r when it has changed and no save is under way. */
static void
server_save_room(struct server *sv, struct room *r)
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
		server_room_saved(sv, r, job);
		if (server_room_by_id(sv, id) == NULL)
			return; /* a room that never was */
	}
}

static struct room *server_room_by_id(struct server *sv, unsigned id);

static void server_welcome(struct server *sv, struct client *c,
                           const char *name);

/* Starts saving the accounts when names were given since the last save. */
static void
server_save_accounts(struct server *sv)
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
server_accounts_saved(struct server *sv, struct store_job *job)
{
	struct accounts *a = &sv->accounts;
	a->saving = false;
	if (!job->ok) {
		/* A name is only used once it is bound to its key on disk:
		 * the waiting clients are told, and may try again. */
		fprintf(stderr, "tabula serve: %s\n", job->err);
		accounts_forget_unsaved(a, job->version);
		for (size_t i = 0; i < sv->nclients; i++) {
			struct client *c = sv->clients[i];
			if (c->naming != 0 && c->naming <= job->version) {
				c->naming = 0;
				server_send(c, "bye cannot save the name");
				c->closing = true;
			}
		}
		server_save_accounts(sv); /* names given since */
		return;
	}
	a->saved_version = job->version;
	for (size_t i = 0; i < sv->nclients; i++) {
		struct client *c = sv->clients[i];
		if (c->naming != 0 && c->naming <= a->saved_version) {
			c->naming = 0;
			server_welcome(sv, c, c->new_name);
		}
	}
	server_save_accounts(sv);
}

static void
server_saves_done(struct server *sv)
{
	struct worker_job *base;
	while ((base = worker_take(sv->savers)) != NULL) {
		if (base->kind == SAVE_RATINGS) {
			server_ratings_saved(sv, (struct store_job *)base);
			store_job_free(base);
			continue;
		}
		if (base->kind == SAVE_ACCOUNTS) {
			server_accounts_saved(sv, (struct store_job *)base);
			store_job_free(base);
			continue;
		}
		struct room_save_job *job = (struct room_save_job *)base;
		struct room *r = server_room_by_id(sv, job->room_id);
		if (r == NULL) {
			room_save_job_free(base);
			continue;
		}
		unsigned id = r->id;
		server_room_saved(sv, r, job);
		if (server_room_by_id(sv, id) != NULL)
			server_save_room(sv, r);
	}
}

/* ---------------------------------------------------------------------- */
/* Room views                                                              */

static void
server_clock_text(const struct room *r, char *buf, size_t size)
{
	if (r->clock_ms == 0)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%d+%d", (int)(r->clock_ms / 60000 % 1000),
		         (int)(r->inc_ms / 1000 % 1000));
}

static void
server_send_players(struct server *sv, struct room *r, struct client *only)
{
	char p1[64], p2[64];
	room_seat_text(r, 0, p1, sizeof p1);
	room_seat_text(r, 1, p2, sizeof p2);
	char r1[16], r2[16];
	server_rating_text(sv, r, 0, r1, sizeof r1);
	server_rating_text(sv, r, 1, r2, sizeof r2);
	if (only != NULL) {
		server_send(only, "players %s %s %s", r->code, p1, p2);
		server_send(only, "ratings %s %s %s", r->code, r1, r2);
	} else {
		server_broadcast(sv, r, 0, "players %s %s %s", r->code, p1, p2);
		server_broadcast(sv, r, 0, "ratings %s %s %s", r->code, r1, r2);
	}
}

/* The "move" line of move ply (1-based) of r into buf. */
static void
server_move_line(const struct room *r, size_t ply, char *buf, size_t size)
{
	char text[GAME_TEXT_MAX];
	r->ops->format_move(&r->s.positions[ply - 1], r->s.moves[ply - 1], text,
	                    sizeof text);
	snprintf(buf, size, "move %s %zu %.400s", r->code, ply, text);
}

/* The clock line (when the room has a clock) to one client or to all. */
static void
server_send_clock(struct server *sv, struct room *r, struct client *only)
{
	if (r->clock_ms == 0)
		return;
	int64_t left[2];
	room_clocks(r, server_now_ms(), left);
	int turn = room_turn(r);
	char line[128];
	snprintf(line, sizeof line, "clock %s %" PRId64 " %" PRId64 " %s",
	         r->code, left[0], left[1],
	         turn < 0 || r->turn_start == 0 ? "-"
	         : turn == 0                    ? "1"
	                                        : "2");
	if (only != NULL)
		server_send(only, "%s", line);
	else
		server_broadcast(sv, r, 0, "%s", line);
}

static void
server_send_over(struct server *sv, struct room *r, struct client *only)
{
	const char *result, *reason;
	if (!room_over(r, &result, &reason))
		return;
	if (only != NULL)
		server_send(only, "over %s %s %s", r->code, result, reason);
	else
		server_broadcast(sv, r, 0, "over %s %s %s", r->code, result,
		                 reason);
}

/* Everything a client entering r needs to show it as it stands. */
static void
server_send_room(struct server *sv, struct client *c, struct room *r)
{
	char clock[32];
	server_clock_text(r, clock, sizeof clock);
	server_send(c, "joined %s %s %d", r->code, r->ops->name,
	            c->seat >= 0 ? c->seat + 1 : 0);
	server_send(c, "options %s %s %s %s %s", r->code, clock,
	            r->analysis ? "analysis" : "-",
	            r->rated ? "rated" : "casual", r->chat ? "chat" : "-");
	server_send_players(sv, r, c);
	/* Moves not yet on disk come as news once they are. */
	for (size_t ply = 1; ply <= r->announced_ply; ply++) {
		char line[NET_LINE_MAX];
		server_move_line(r, ply, line, sizeof line);
		server_send(c, "%s", line);
	}
	server_send_clock(sv, r, c);
	if (r->draw_offer != 0)
		server_send(c, "draw %s %d", r->code, r->draw_offer);
	server_send_over(sv, r, c);
	server_send(c, "synced %s %zu", r->code, r->announced_ply);
}

/* ---------------------------------------------------------------------- */
/* The engine seats                                                        */

/* Whether nobody is in r (a search for it would be for nobody). */
static bool
server_room_empty(const struct room *r)
{
	return r->present[0] == 0 && r->present[1] == 0 && r->spectators == 0;
}

/* The person r's engine plays for: its searches count as theirs. */
static const char *
server_engine_owner(const struct room *r)
{
	for (int i = 0; i < 2; i++) {
		if (r->seat[i].who.kind == WHO_HUMAN)
			return r->seat[i].owner;
	}
	return "";
}

/* Searches under way or queued for account's rooms. */
static int
server_searches_of(const struct server *sv, const char *account)
{
	int n = 0;
	for (size_t i = 0; i < sv->nrooms; i++) {
		n += sv->rooms[i]->engine_busy &&
		     strcmp(server_engine_owner(sv->rooms[i]), account) == 0;
	}
	return n;
}

/* Starts the engine's search when it is its turn, it is not already
 * thinking and someone is in the room; a person whose rooms have their
 * most searches under way waits for one of them to end (so one person's
 * rooms never fill the engine threads: tabula(6), PLAY ON THIS HOST,
 * "Limits"). */
static void
server_kick_engine(struct server *sv, struct room *r)
{
	r->engine_waiting = false;
	if (r->engine_busy || !room_engine_to_move(r) || server_room_empty(r))
		return;
	if (server_now_ms() < r->retry_at) {
		r->engine_waiting = true; /* server_check_clocks, later */
		return;
	}
	if (server_searches_of(sv, server_engine_owner(r)) >=
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
static void
server_cancel_searches(struct server *sv, bool all)
{
	for (size_t i = 0; i < sv->nrooms; i++) {
		struct room *r = sv->rooms[i];
		if (r->engine_job != NULL &&
		    (all || room_turn(r) < 0 || server_room_empty(r)))
			worker_cancel(sv->engines, &r->engine_job->base);
	}
}

/* Starts the searches that waited for their person's to end. */
static void
server_kick_waiting(struct server *sv)
{
	for (size_t i = 0; i < sv->nrooms; i++) {
		if (sv->rooms[i]->engine_waiting)
			server_kick_engine(sv, sv->rooms[i]);
	}
}

static struct room *
server_room_by_id(struct server *sv, unsigned id)
{
	for (size_t i = 0; i < sv->nrooms; i++) {
		if (sv->rooms[i]->id == id)
			return sv->rooms[i];
	}
	return NULL;
}

static struct room *
server_room_by_code(struct server *sv, const char *code)
{
	for (size_t i = 0; i < sv->nrooms; i++) {
		if (strcasecmp(sv->rooms[i]->code, code) == 0)
			return sv->rooms[i];
	}
	return NULL;
}

/* After any change to r: save it, then tell its people. */
static void
server_changed(struct server *sv, struct room *r)
{
	server_save_room(sv, r);
}

/* Tells the room a move was made (the move, the clock, the end). */
static void
server_after_move(struct server *sv, struct room *r)
{
	char line[NET_LINE_MAX];
	server_changed(sv, r);
	server_move_line(r, r->s.ply, line, sizeof line);
	server_broadcast(sv, r, r->s.ply, "%s", line);
	server_send_clock(sv, r, NULL);
	server_send_over(sv, r, NULL);
	server_kick_engine(sv, r);
}

static void
server_engine_done(struct server *sv)
{
	struct worker_job *base;
	while ((base = worker_take(sv->engines)) != NULL) {
		struct engine_job *job = (struct engine_job *)base;
		struct room *r = server_room_by_id(sv, job->room_id);
		if (r == NULL) {
			engine_job_free(base);
			continue;
		}
		r->engine_busy = false;
		r->engine_job = NULL;
		char err[256];
		bool stale = job->ply != r->s.ply || !room_engine_to_move(r);
		if (stale) {
			/* The game moved on (a resignation, a reload): ask
			 * again if it is still the engine's turn. */
			engine_job_free(base);
			server_kick_engine(sv, r);
		} else if (atomic_load(&job->base.stop)) {
			/* Again if someone came back meanwhile (else
			 * entering starts it). */
			engine_job_free(base);
			server_kick_engine(sv, r);
		} else if (!job->ok) {
			fprintf(stderr, "tabula serve: room %s: engine: %s\n",
			        r->code, job->err);
			engine_job_free(base);
		} else if (!room_play_move(r, job->move, server_now_ms(), err,
		                           sizeof err)) {
			fprintf(stderr, "tabula serve: room %s: %s\n", r->code,
			        err);
			engine_job_free(base);
		} else {
			engine_job_free(base);
			server_after_move(sv, r);
		}
	}
}

/* ---------------------------------------------------------------------- */
/* Commands                                                                */

/* Enters r as seat (0, 1) or as a spectator (-1). */
static void
server_enter(struct server *sv, struct client *c, struct room *r, int seat)
{
	if (c->room != NULL) {
		if (c->seat >= 0)
			c->room->present[c->seat]--;
		else
			c->room->spectators--;
	}
	c->room = r;
	c->seat = seat;
	if (seat >= 0)
		r->present[seat]++;
	else
		r->spectators++;
	server_send_room(sv, c, r);
	server_kick_engine(sv, r); /* nobody was there to wait for it */
}

static bool
server_make_code(struct server *sv, char *code)
{
	for (int tries = 0; tries < 100; tries++) {
		for (int i = 0; i < ROOM_CODE_LEN; i++)
			code[i] = SERVER_CODE_LETTERS[rng_below(
			        &sv->rng, sizeof SERVER_CODE_LETTERS - 1)];
		code[ROOM_CODE_LEN] = '\0';
		char path[4200];
		snprintf(path, sizeof path, "%s/%s.room", sv->rooms_dir, code);
		if (server_room_by_code(sv, code) == NULL &&
		    access(path, F_OK) != 0)
			return true;
	}
	return false;
}

/* Unfinished games owner sits in. */
static int
server_games_of(const struct server *sv, const char *owner)
{
	int n = 0;
	for (size_t i = 0; i < sv->nrooms; i++) {
		if (room_seat_of(sv->rooms[i], owner) >= 0 &&
		    room_turn(sv->rooms[i]) >= 0)
			n++;
	}
	return n;
}

/* Reads "clock=MIN+INC" into ms; false with what is out of range. */
static bool
server_parse_clock(const char *w, int64_t *clock_ms, int64_t *inc_ms, char *err,
                   size_t err_size)
{
	char *end;
	long a = strtol(w + 6, &end, 10), b = -1;
	if (*end == '+' && end[1] != '\0')
		b = strtol(end + 1, &end, 10);
	if (w[6] == '\0' || *end != '\0' || a < 1 || a > ROOM_CLOCK_MAX_MIN ||
	    b < 0 || b > ROOM_CLOCK_MAX_INC) {
		snprintf(err, err_size,
		         "'%.32s': a clock is clock=MIN+INC, 1 to %d minutes "
		         "and 0 to %d seconds",
		         w, ROOM_CLOCK_MAX_MIN, ROOM_CLOCK_MAX_INC);
		return false;
	}
	*clock_ms = a * 60000;
	*inc_ms = b * 1000;
	return true;
}

/* Reads "create" options into opt; false with the reason. */
static bool
server_create_options(char **words, int n, struct room_options *opt, char *err,
                      size_t err_size)
{
	memset(opt, 0, sizeof *opt);
	if (n < 2) {
		snprintf(err, err_size,
		         "usage: create GAME [seat=1|2] "
		         "[engine=LEVEL] [clock=MIN+INC] "
		         "[analysis] [rated] [chat]");
		return false;
	}
	opt->ops = registry_find(words[1]);
	if (opt->ops == NULL || opt->ops->players != 2) {
		snprintf(err, err_size, "'%.32s': not a two-player game",
		         words[1]);
		return false;
	}
	for (int i = 2; i < n; i++) {
		const char *w = words[i];
		char *end;
		long a;
		if (strcmp(w, "seat=1") == 0 || strcmp(w, "seat=2") == 0)
			opt->creator_seat = w[5] - '1';
		else if (strncmp(w, "engine=", 7) == 0 &&
		         (a = strtol(w + 7, &end, 10)) >= 1 && a <= 10 &&
		         *end == '\0' && w[7] != '\0')
			opt->engine_level = (int)a;
		else if (strcmp(w, "analysis") == 0)
			opt->analysis = true;
		else if (strcmp(w, "rated") == 0)
			opt->rated = true;
		else if (strcmp(w, "chat") == 0)
			opt->chat = true;
		else if (strncmp(w, "clock=", 6) == 0) {
			if (!server_parse_clock(w, &opt->clock_ms, &opt->inc_ms,
			                        err, err_size))
				return false;
		} else {
			snprintf(err, err_size, "'%.32s': unknown option", w);
			return false;
		}
	}
	return true;
}

static void
server_cmd_create(struct server *sv, struct client *c, char **words, int n)
{
	struct room_options opt;
	char err[256], code[ROOM_CODE_LEN + 1];
	if (!server_create_options(words, n, &opt, err, sizeof err)) {
		server_send(c, "error %s", err);
		return;
	}
	if ((int)sv->nrooms >= sv->cfg->max_rooms) {
		server_send(c, "error the server holds its most rooms (%d)",
		            sv->cfg->max_rooms);
		return;
	}
	if (server_games_of(sv, c->owner) >= sv->cfg->max_games_per_account) {
		server_send(c, "error you already play %d unfinished games",
		            sv->cfg->max_games_per_account);
		return;
	}
	if (!server_make_code(sv, code)) {
		server_send(c, "error no free room code");
		return;
	}
	struct room *r = room_new(sv->rooms_dir, code, sv->next_room_id++, &opt,
	                          c->owner, c->account, server_now_ms());
	if (r == NULL) {
		server_send(c, "error out of memory");
		return;
	}
	/* Nobody hears of it, its creator included, before it is on disk
	 * (the fsync on a saver thread, not here: server_room_saved).  A
	 * waiting pairing request goes: its person found a game. */
	pairing_withdraw(&sv->pairing, c->serial);
	r->creator = c->serial;
	c->creating = r->id;
	sv->rooms[sv->nrooms++] = r;
	server_save_room(sv, r);
}

static void
server_cmd_join(struct server *sv, struct client *c, char **words, int n,
                bool watch)
{
	struct room *r = n == 2 ? server_room_by_code(sv, words[1]) : NULL;
	if (n != 2) {
		server_strike(c, "usage: %s CODE", watch ? "watch" : "join");
		return;
	}
	if (r == NULL || r->on_disk == NULL) {
		server_send(c, "error no room '%.16s'", words[1]);
		return;
	}
	int seat = room_seat_of(r, c->owner);
	if (watch && seat >= 0 && room_turn(r) >= 0) {
		/* Watching is where analysis is allowed: a player watching
		 * their own game would analyse it (tabula(6), PLAY ON THIS
		 * HOST). */
		server_send(c, "error you play in room %s: join it", r->code);
		return;
	}
	if (watch) {
		server_enter(sv, c, r, -1);
		return;
	}
	if (seat < 0) {
		char err[256];
		if (room_turn(r) < 0) {
			server_send(c, "error room %s: the game is over",
			            r->code);
			return;
		}
		if (server_games_of(sv, c->owner) >=
		    sv->cfg->max_games_per_account) {
			server_send(c,
			            "error you already play %d unfinished "
			            "games",
			            sv->cfg->max_games_per_account);
			return;
		}
		seat = room_take_seat(r, c->owner, c->account, server_now_ms(),
		                      err, sizeof err);
		if (seat < 0) {
			server_send(c, "error %s", err);
			return;
		}
		/* Nobody hears of the seat, its taker included, before it
		 * is on disk (server_tell_seated). */
		pairing_withdraw(&sv->pairing, c->serial);
		c->joining = r->id;
		c->join_version = r->version;
		server_changed(sv, r);
		return;
	}
	server_enter(sv, c, r, seat);
}

/* The room and seat of a player command; NULL after telling why not. */
static struct room *
server_seated(struct client *c)
{
	if (c->room == NULL) {
		server_send(c, "error not in a room");
		return NULL;
	}
	if (c->seat < 0) {
		server_send(c, "error spectators cannot play");
		return NULL;
	}
	return c->room;
}

static void
server_cmd_move(struct server *sv, struct client *c, char **words, int n)
{
	if (n != 2) {
		server_strike(c, "usage: move MOVE");
		return;
	}
	struct room *r = server_seated(c);
	if (r == NULL)
		return;
	char err[256];
	if (!room_play_text(r, c->seat, words[1], server_now_ms(), err,
	                    sizeof err)) {
		server_send(c, "error %s", err);
		if (room_turn(r) < 0) { /* a time forfeit */
			server_changed(sv, r);
			server_send_over(sv, r, NULL);
		}
		return;
	}
	server_after_move(sv, r);
}

static void
server_cmd_resign(struct server *sv, struct client *c)
{
	struct room *r = server_seated(c);
	char err[256];
	if (r == NULL)
		return;
	if (!room_resign(r, c->seat, err, sizeof err)) {
		server_send(c, "error %s", err);
		return;
	}
	server_changed(sv, r);
	server_send_over(sv, r, NULL);
}

static void
server_cmd_draw(struct server *sv, struct client *c)
{
	struct room *r = server_seated(c);
	char err[256];
	bool agreed;
	if (r == NULL)
		return;
	if (!room_draw(r, c->seat, &agreed, err, sizeof err)) {
		server_send(c, "error %s", err);
		return;
	}
	if (agreed) {
		server_changed(sv, r);
		server_send_over(sv, r, NULL);
	} else
		server_broadcast(sv, r, 0, "draw %s %d", r->code, c->seat + 1);
}

/* Which kind a seat's holder is, for the lobby: "user" (a local account),
 * "ssh" (a key of the shared account), "engine" or "-" (open); a local
 * user and a key may show the same name, never be the same. */
static const char *
server_seat_kind(const struct room *r, int side)
{
	const struct room_seat *s = &r->seat[side];
	if (s->who.kind == WHO_ENGINE)
		return "engine";
	if (s->who.kind == WHO_OPEN)
		return "-";
	return strncmp(s->account, "ssh:", 4) == 0 ? "ssh" : "user";
}

static void
server_cmd_list(struct server *sv, struct client *c)
{
	size_t listed = 0;
	for (size_t i = 0; i < sv->nrooms; i++) {
		const struct room *r = sv->rooms[i];
		char p1[64], p2[64], clock[32];
		if (r->on_disk == NULL)
			continue; /* not yet on disk: nobody knows of it */
		listed++;
		const char *result, *reason, *state = "playing";
		room_seat_text(r, 0, p1, sizeof p1);
		room_seat_text(r, 1, p2, sizeof p2);
		server_clock_text(r, clock, sizeof clock);
		if (room_over(r, &result, &reason))
			state = result;
		else if (r->seat[0].who.kind == WHO_OPEN ||
		         r->seat[1].who.kind == WHO_OPEN)
			state = "waiting";
		int turn = room_turn(r), mine = room_seat_of(r, c->owner);
		char r1[16], r2[16];
		server_rating_text(sv, r, 0, r1, sizeof r1);
		server_rating_text(sv, r, 1, r2, sizeof r2);
		server_send(c,
		            "room %s %s %zu %s %d %s %s %s %s %s %s %s %s %s "
		            "%s",
		            r->code, r->ops->name, r->s.ply,
		            turn < 0    ? "-"
		            : turn == 0 ? "1"
		                        : "2",
		            r->spectators, p1, p2, state, clock,
		            r->analysis ? "analysis" : "-",
		            mine < 0    ? "-"
		            : mine == 0 ? "1"
		                        : "2",
		            server_seat_kind(r, 0), server_seat_kind(r, 1), r1,
		            r2);
	}
	server_send(c, "listed %zu", listed);
}

/* ---------------------------------------------------------------------- */
/* Pairing (tabula(6), PLAY ON THIS HOST, "Pairing")                       */

/* Reads "seek GAME [clock=MIN+INC] [casual]" into s; false with the
 * reason. */
static bool
server_seek_options(char **words, int n, struct seek *s, char *err,
                    size_t err_size)
{
	s->rated = true;
	if (n < 2) {
		snprintf(err, err_size,
		         "usage: seek GAME [clock=MIN+INC] [casual]");
		return false;
	}
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
		} else if (!server_parse_clock(words[i], &s->clock_ms,
		                               &s->inc_ms, why, sizeof why)) {
			snprintf(err, err_size, "seek: %s", why);
			return false;
		}
	}
	return true;
}

/* Makes the room of two paired requests: a's person and b's seated (who
 * plays first drawn by lot), both told once it is on disk. */
static void
server_make_paired(struct server *sv, const struct seek *a,
                   const struct seek *b)
{
	struct client *ca = server_client_by_serial(sv, a->serial);
	struct client *cb = server_client_by_serial(sv, b->serial);
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
	else if (!server_make_code(sv, code))
		why = "no free room code";
	else if ((r = room_new(sv->rooms_dir, code, sv->next_room_id++, &opt,
	                       ca->owner, ca->account, server_now_ms())) !=
	                 NULL &&
	         room_take_seat(r, cb->owner, cb->account, server_now_ms(), err,
	                        sizeof err) < 0) {
		room_free(r);
		r = NULL;
	}
	if (r == NULL) {
		server_send(ca, "error cannot pair: %s", why);
		server_send(cb, "error cannot pair: %s", why);
		return;
	}
	r->creator = ca->serial;
	r->partner = cb->serial;
	ca->creating = cb->creating = r->id;
	sv->rooms[sv->nrooms++] = r;
	server_save_room(sv, r);
}

/* Pairs every two requests that may play each other now. */
static void
server_pair(struct server *sv)
{
	struct seek a, b;
	while (pairing_match(&sv->pairing, server_now_ms(), &a, &b))
		server_make_paired(sv, &a, &b);
}

static void
server_cmd_seek(struct server *sv, struct client *c, char **words, int n)
{
	struct seek s = {0};
	char err[256], clock[32];
	if (!server_seek_options(words, n, &s, err, sizeof err)) {
		server_send(c, "error %s", err);
		return;
	}
	if (server_games_of(sv, c->owner) >= sv->cfg->max_games_per_account) {
		server_send(c, "error you already play %d unfinished games",
		            sv->cfg->max_games_per_account);
		return;
	}
	s.serial = c->serial;
	snprintf(s.owner, sizeof s.owner, "%s", c->owner);
	unsigned games;
	s.rating =
	        ratings_told(&sv->ratings,
	                     ratings_find(&sv->ratings, s.ops->name, c->owner),
	                     &games)
	                .rating;
	s.since = server_now_ms();
	if (!pairing_add(&sv->pairing, &s)) {
		server_send(c, "error out of memory");
		return;
	}
	if (s.clock_ms == 0)
		snprintf(clock, sizeof clock, "-");
	else
		snprintf(clock, sizeof clock, "%d+%d",
		         (int)(s.clock_ms / 60000), (int)(s.inc_ms / 1000));
	server_send(c, "seeking %s %s %s %.0f", s.ops->name, clock,
	            s.rated ? "rated" : "casual", s.rating);
	server_pair(sv);
}

static void
server_cmd_unseek(struct server *sv, struct client *c)
{
	if (pairing_withdraw(&sv->pairing, c->serial))
		server_send(c, "unseeked");
	else
		server_send(c, "error no pairing request to withdraw");
}

/* ---------------------------------------------------------------------- */
/* Room messages (tabula(6), PLAY ON THIS HOST, "Messages")                */

/* Sends text from c to its room: a player's to everyone there, a
 * spectator's to the spectators only (the players are not told what the
 * watchers think of their game). */
static void
server_cmd_say(struct server *sv, struct client *c, const char *text)
{
	char err[256];
	struct room *r = c->room;
	if (r == NULL) {
		server_send(c, "error not in a room");
		return;
	}
	if (!r->chat) {
		server_send(c, "error room %s takes no messages", r->code);
		return;
	}
	if (!chat_text_ok(text, err, sizeof err) ||
	    !chat_take(&c->chat, server_now_ms(), err, sizeof err)) {
		server_send(c, "error %s", err);
		return;
	}
	const char *name = strchr(c->account, ':') + 1;
	bool player = c->seat >= 0;
	for (size_t i = 0; i < sv->nclients; i++) {
		struct client *o = sv->clients[i];
		if (o->room == r && (player || o->seat < 0))
			server_send(o, "said %s %s %s %s", r->code,
			            player ? "player" : "spectator", name,
			            text);
	}
}

/* ---------------------------------------------------------------------- */
/* Ratings and the leaderboard                                             */

/* The most lines "top" sends. */
enum { SERVER_TOP_MAX = 50, SERVER_TOP_DEFAULT = 10 };

/* "rating [GAME]": c's ratings, one "rating GAME RATING DEVIATION GAMES"
 * line per two-player game (or the one named), as on disk, then
 * "rating-listed COUNT". */
static void
server_cmd_rating(struct server *sv, struct client *c, char **words, int n)
{
	const struct game_ops *only = n >= 2 ? registry_find(words[1]) : NULL;
	if (n > 2 || (n == 2 && (only == NULL || only->players != 2))) {
		server_send(c,
		            "error usage: rating [GAME] (a two-player game)");
		return;
	}
	size_t listed = 0;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct game_ops *ops = registry_at(i);
		if (ops->players != 2 || (only != NULL && ops != only))
			continue;
		unsigned games;
		struct glicko g = ratings_told(
		        &sv->ratings,
		        ratings_find(&sv->ratings, ops->name, c->owner),
		        &games);
		server_send(c, "rating %s %.0f %.0f %u", ops->name, g.rating,
		            g.deviation, games);
		listed++;
	}
	server_send(c, "rating-listed %zu", listed);
}

/* "top GAME [COUNT]": the leaderboard, one "top GAME RANK NAME KIND
 * RATING DEVIATION GAMES" line per person, then "topped GAME COUNT". */
static void
server_cmd_top(struct server *sv, struct client *c, char **words, int n)
{
	const struct game_ops *ops = n >= 2 ? registry_find(words[1]) : NULL;
	char *end = NULL;
	long want = n == 3 ? strtol(words[2], &end, 10) : SERVER_TOP_DEFAULT;
	if (n < 2 || n > 3 || ops == NULL || ops->players != 2 ||
	    (end != NULL &&
	     (*end != '\0' || want < 1 || want > SERVER_TOP_MAX))) {
		server_send(c,
		            "error usage: top GAME [COUNT] (a two-player game, "
		            "1 to %d lines)",
		            SERVER_TOP_MAX);
		return;
	}
	const struct rating_entry *best[SERVER_TOP_MAX];
	size_t count = ratings_top(&sv->ratings, ops->name, best, (size_t)want);
	for (size_t i = 0; i < count; i++) {
		unsigned games;
		struct glicko g = ratings_told(&sv->ratings, best[i], &games);
		const char *colon = strchr(best[i]->account, ':');
		const char *kind =
		        strncmp(best[i]->account, "ssh:", 4) == 0 ? "ssh"
		        : strncmp(best[i]->account, "engine:", 7) == 0
		                ? "engine"
		                : "user";
		server_send(c, "top %s %zu %s %s %.0f %.0f %u", ops->name,
		            i + 1,
		            kind[0] == 'e' ? best[i]->account : colon + 1, kind,
		            g.rating, g.deviation, games);
	}
	server_send(c, "topped %s %zu", ops->name, count);
}

/* Runs a command of pairing or ratings (tabula(6), PLAY ON THIS HOST,
 * "Pairing", "Ratings"); false when words[0] names none of them. */
static bool
server_rating_command(struct server *sv, struct client *c, char **words, int n)
{
	const char *cmd = words[0];
	if (strcmp(cmd, "seek") == 0)
		server_cmd_seek(sv, c, words, n);
	else if (strcmp(cmd, "unseek") == 0)
		server_cmd_unseek(sv, c);
	else if (strcmp(cmd, "rating") == 0)
		server_cmd_rating(sv, c, words, n);
	else if (strcmp(cmd, "top") == 0)
		server_cmd_top(sv, c, words, n);
	else
		return false;
	return true;
}

static void
server_welcome(struct server *sv, struct client *c, const char *name)
{
	int same = 0;
	snprintf(c->account, sizeof c->account, "%s:%s",
	         c->id.by_key ? "ssh" : "user", name);
	for (size_t i = 0; i < sv->nclients; i++)
		same += sv->clients[i]->account[0] != '\0' &&
		        strcmp(sv->clients[i]->owner, c->owner) == 0;
	if (same > sv->cfg->max_per_account) {
		server_send(c, "bye %s has %d connections already", name,
		            sv->cfg->max_per_account);
		c->closing = true;
		c->account[0] = '\0';
		return;
	}
	server_send(c, "welcome %s", name);
}

/* Whether name (in any case) is a local user's login, root's included:
 * a key may not pass for one (names are unique across both kinds). */
static bool
server_local_user(const char *name)
{
	char lower[IDENTITY_NAME_MAX + 1];
	size_t i = 0;
	for (; name[i] != '\0' && i < IDENTITY_NAME_MAX; i++)
		lower[i] = (char)tolower((unsigned char)name[i]);
	lower[i] = '\0';
	return getpwnam(name) != NULL || getpwnam(lower) != NULL;
}

static void
server_cmd_name(struct server *sv, struct client *c, char **words, int n)
{
	if (c->account[0] != '\0' || c->naming != 0 || !c->id.by_key) {
		server_send(c, "error you already have a name");
		return;
	}
	if (n != 2 || !identity_name_valid(words[1])) {
		server_send(c,
		            "error a name is 1 to %d letters, digits, "
		            "'_', '-' or '.', starting with a letter",
		            IDENTITY_NAME_MAX);
		return;
	}
	if (accounts_name_taken(&sv->accounts, words[1]) ||
	    server_local_user(words[1])) {
		server_send(c, "error the name '%s' is taken", words[1]);
		return;
	}
	if (!accounts_add(&sv->accounts, c->id.key, words[1])) {
		server_send(c, "error cannot give that name now");
		return;
	}
	/* Welcomed once the name is on disk (server_accounts_saved). */
	c->naming = sv->accounts.version;
	snprintf(c->new_name, sizeof c->new_name, "%s", words[1]);
	server_save_accounts(sv);
}

/* Says bye to a client that asked to quit once every line of news it is
 * owed is out: the news of its room held for the disk up to the version
 * of the room when it asked (see server_broadcast). */
static void
server_say_bye_when_told(struct client *c)
{
	if (!c->quitting || c->closing)
		return;
	if (c->room != NULL && c->room->saving &&
	    c->room->saved_version < c->bye_version)
		return; /* the save's end wakes the loop, which asks again */
	server_send(c, "bye");
	c->closing = true;
}

static void
server_line(struct server *sv, struct client *c, char *line)
{
	char raw[NET_LINE_MAX + 1], *words[16];
	snprintf(raw, sizeof raw, "%s", line);
	int n = net_split(line, words, 16);
	if (n == 0)
		return;
	if (n == 16) {
		server_strike(c, "too many words");
		return;
	}
	const char *cmd = words[0];
	if (strcmp(cmd, "say") == 0 && c->account[0] != '\0') {
		server_cmd_say(sv, c, raw + strspn(raw, " \t") + 4);
		return;
	}
	if (strcmp(cmd, "quit") == 0) {
		c->quitting = true;
		c->bye_version = c->room != NULL ? c->room->version : 0;
		server_say_bye_when_told(c);
		return;
	}
	if (strcmp(cmd, "ping") == 0) {
		server_send(c, "pong");
		return;
	}
	if (strcmp(cmd, "name") == 0) {
		server_cmd_name(sv, c, words, n);
		return;
	}
	if (c->account[0] == '\0') {
		server_strike(c, "pick a name first: name NAME");
		return;
	}
	if (strcmp(cmd, "create") == 0)
		server_cmd_create(sv, c, words, n);
	else if (strcmp(cmd, "list") == 0)
		server_cmd_list(sv, c);
	else if (strcmp(cmd, "join") == 0 || strcmp(cmd, "watch") == 0)
		server_cmd_join(sv, c, words, n, cmd[0] == 'w');
	else if (strcmp(cmd, "leave") == 0) {
		if (c->room != NULL) {
			if (c->seat >= 0)
				c->room->present[c->seat]--;
			else
				c->room->spectators--;
			c->room = NULL;
		}
		server_send(c, "left");
	} else if (strcmp(cmd, "move") == 0)
		server_cmd_move(sv, c, words, n);
	else if (strcmp(cmd, "resign") == 0)
		server_cmd_resign(sv, c);
	else if (strcmp(cmd, "draw") == 0)
		server_cmd_draw(sv, c);
	else if (!server_rating_command(sv, c, words, n))
		server_strike(c, "unknown command '%.32s'", cmd);
}

/* ---------------------------------------------------------------------- */
/* Connections                                                             */

/* Whether c may send another message now (a token bucket). */
static bool
server_rate_ok(const struct server *sv, struct client *c, int64_t now)
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

static void server_take_lines(struct server *sv, struct client *c);

static void
server_read(struct server *sv, struct client *c)
{
	long got = net_inbuf_fill(&c->in, c->fd);
	if (got == -1 || got == 0) {
		c->dead = true;
		return;
	}
	server_take_lines(sv, c);
}

/* Carries out the whole lines c has sent, unless it waits (quitting, or
 * for the room it created or the name it picked to reach the disk: its next
 * lines may need them). */
static void
server_take_lines(struct server *sv, struct client *c)
{
	char line[NET_LINE_MAX + 1];
	enum net_line kind;
	int64_t now = server_now_ms();
	while (!c->dead && !c->closing && !c->quitting && c->creating == 0 &&
	       c->joining == 0 && c->naming == 0 &&
	       (kind = net_inbuf_next(&c->in, line)) != NET_LINE_NONE) {
		if (!server_rate_ok(sv, c, now)) {
			server_strike(c,
			              "rate: more than %d messages a "
			              "second",
			              sv->cfg->rate_per_sec);
			continue;
		}
		if (kind == NET_LINE_TOO_LONG)
			server_strike(c, "line: longer than %d bytes",
			              NET_LINE_MAX);
		else if (kind == NET_LINE_BAD)
			server_strike(c, "line: control characters");
		else {
			sv->actor = c->serial;
			server_line(sv, c, line);
			sv->actor = 0;
		}
	}
}

static void
server_accept(struct server *sv)
{
	for (;;) {
		int fd = accept4(sv->listen_fd, NULL, NULL,
		                 SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (fd < 0)
			return; /* EAGAIN, or an error: poll says again */
		struct client *c = calloc(1, sizeof *c);
		if (c == NULL || (int)sv->nclients >= sv->cfg->max_clients) {
			static const char full[] = "bye the server is full\n";
			if (send(fd, full, sizeof full - 1,
			         MSG_NOSIGNAL | MSG_DONTWAIT) < 0) {
				/* it has gone already */
			}
			close(fd);
			free(c);
			continue;
		}
		c->fd = fd;
		c->serial = ++sv->next_serial;
		c->seat = -1;
		c->tokens = sv->cfg->rate_burst;
		c->refill_ms = server_now_ms();
		net_inbuf_init(&c->in);
		net_outbuf_init(&c->out);
		sv->clients[sv->nclients++] = c;
		char err[512];
		server_send(c, "tabula 1");
		if (!identity_of_peer(fd, sv->cfg->have_shared,
		                      sv->cfg->shared_uid, &c->id, err,
		                      sizeof err)) {
			server_send(c, "bye identity: %s", err);
			c->closing = true;
			continue;
		}
		identity_owner(&c->id, c->owner, sizeof c->owner);
		const char *name =
		        c->id.by_key
		                ? accounts_name_of(&sv->accounts, c->id.key)
		                : c->id.name;
		if (name == NULL)
			server_send(c, "need-name");
		else
			server_welcome(sv, c, name);
	}
}

static void
server_drop(struct server *sv, size_t i)
{
	struct client *c = sv->clients[i];
	pairing_withdraw(&sv->pairing, c->serial);
	if (c->room != NULL) {
		if (c->seat >= 0)
			c->room->present[c->seat]--;
		else
			c->room->spectators--;
	}
	/* Lines it sent that were never read would make close() reset the
	 * connection, and the client would lose our last lines (the bye that
	 * says why) with them: read them first, a bounded amount. */
	char junk[4096];
	for (int n = 0; n < SERVER_DRAIN_READS &&
	                recv(c->fd, junk, sizeof junk, MSG_DONTWAIT) > 0;
	     n++)
		;
	close(c->fd);
	net_outbuf_free(&c->out);
	free(c);
	sv->clients[i] = sv->clients[--sv->nclients];
}

/* Takes r out of the server (its files stay) and frees it. */
static void
server_forget_room(struct server *sv, struct room *r)
{
	for (size_t i = 0; i < sv->nclients; i++) {
		struct client *c = sv->clients[i];
		if (c->room == r) {
			c->room = NULL;
			server_send(c, "left");
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

/* Finished games nobody looks at leave memory (their files are kept in
 * finished/). */
static void
server_unload_rooms(struct server *sv)
{
	for (size_t i = 0; i < sv->nrooms;) {
		struct room *r = sv->rooms[i];
		if (room_turn(r) < 0 && r->spectators == 0 &&
		    r->present[0] == 0 && r->present[1] == 0 &&
		    !r->engine_busy && !r->saving &&
		    r->saved_version == r->version && r->pending == NULL &&
		    !server_rated_pending(sv, r)) {
			room_archive(r, sv->finished_dir);
			room_free(r);
			sv->rooms[i] = sv->rooms[--sv->nrooms];
		} else
			i++;
	}
}

/* Ends games whose side to move ran out of time; returns the poll
 * timeout until the next one could (-1: none). */
static int
server_check_clocks(struct server *sv)
{
	int64_t now = server_now_ms(), next = -1;
	if (sv->pairing.count >= 2) {
		/* Ranges widen every second. */
		server_pair(sv);
		next = 1000;
	}
	if (!sv->ratings.saving &&
	    sv->ratings.saved_version != sv->ratings.version) {
		server_save_ratings(sv);
		if (!sv->ratings.saving && (next < 0 || next > 1000))
			next = SERVER_SAVE_RETRY_MS;
	}
	for (size_t i = 0; i < sv->nrooms; i++) {
		struct room *r = sv->rooms[i];
		if (now < r->retry_at) { /* its last save failed */
			if (next < 0 || r->retry_at - now < next)
				next = r->retry_at - now;
			continue;
		}
		if (r->engine_waiting && r->retry_at != 0) {
			r->retry_at = 0;
			server_kick_engine(sv, r);
		}
		if (r->clock_ms == 0)
			continue;
		if (room_check_time(r, now)) {
			server_changed(sv, r);
			server_send_clock(sv, r, NULL);
			server_send_over(sv, r, NULL);
			continue;
		}
		int64_t t = room_time_to_flag(r, now);
		if (t >= 0 && (next < 0 || t < next))
			next = t;
	}
	return next < 0 ? -1 : next > 60000 ? 60000 : (int)next + 1;
}

/* ---------------------------------------------------------------------- */
/* Start and stop                                                          */

static void
server_on_signal(int sig)
{
	(void)sig;
	char byte = 1;
	if (write(server_signal_write_fd, &byte, 1) < 0) {
		/* the pipe is full: a wake-up is pending anyway */
	}
}

/* Binds the listening socket: a stale socket is replaced, a live one (a
 * server already running) or any other file is left alone. */
static int
server_listen(const char *path, char *err, size_t err_size)
{
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	if (strlen(path) >= sizeof addr.sun_path) {
		snprintf(err, err_size, "%s: path too long for a socket", path);
		return -1;
	}
	strcpy(addr.sun_path, path);
	struct stat st;
	if (lstat(path, &st) == 0) {
		if (!S_ISSOCK(st.st_mode)) {
			snprintf(err, err_size,
			         "%s: exists and is not a socket", path);
			return -1;
		}
		int probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		bool live = probe >= 0 &&
		            connect(probe, (void *)&addr, sizeof addr) == 0;
		if (probe >= 0)
			close(probe);
		if (live) {
			snprintf(err, err_size,
			         "%s: a server is already listening", path);
			return -1;
		}
		unlink(path);
	}
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0 || bind(fd, (void *)&addr, sizeof addr) != 0 ||
	    chmod(path, 0666) != 0 || listen(fd, 256) != 0) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

/* Finds the owners of seats in a room file from before owners: a local
 * user by their login's uid, a key by the name it has in the accounts; a
 * seat whose owner cannot be found belongs to nobody. */
static void
server_find_owners(struct server *sv, struct room *r)
{
	for (int i = 0; i < 2; i++) {
		struct room_seat *s = &r->seat[i];
		if (s->who.kind != WHO_HUMAN || s->owner[0] != '\0')
			continue;
		const char *name = strchr(s->account, ':') + 1;
		if (strncmp(s->account, "user:", 5) == 0) {
			struct passwd *pw = getpwnam(name);
			if (pw != NULL)
				snprintf(s->owner, sizeof s->owner, "uid:%lu",
				         (unsigned long)pw->pw_uid);
		} else {
			const char *key = accounts_key_of(&sv->accounts, name);
			if (key != NULL)
				identity_key_owner(key, s->owner,
				                   sizeof s->owner);
		}
		if (s->owner[0] == '\0')
			fprintf(stderr,
			        "tabula serve: room %s: nobody is %s now; "
			        "the seat is nobody's\n",
			        r->code, s->account);
	}
}

/* Loads every room kept in the rooms directory. */
static void
server_load_rooms(struct server *sv)
{
	DIR *d = opendir(sv->rooms_dir);
	if (d == NULL)
		return;
	struct dirent *e;
	while ((e = readdir(d)) != NULL &&
	       (int)sv->nrooms < sv->cfg->max_rooms) {
		size_t len = strlen(e->d_name);
		if (len != ROOM_CODE_LEN + 5 ||
		    strcmp(e->d_name + ROOM_CODE_LEN, ".room") != 0)
			continue;
		char code[ROOM_CODE_LEN + 1], err[512];
		memcpy(code, e->d_name, ROOM_CODE_LEN);
		code[ROOM_CODE_LEN] = '\0';
		struct room *r =
		        room_load(sv->rooms_dir, code, sv->next_room_id++,
		                  server_now_ms(), err, sizeof err);
		if (r == NULL) {
			fprintf(stderr,
			        "tabula serve: room %s not loaded: %s\n", code,
			        err);
			continue;
		}
		server_find_owners(sv, r);
		sv->rooms[sv->nrooms++] = r;
	}
	closedir(d);
	for (size_t i = 0; i < sv->nrooms; i++)
		server_kick_engine(sv, sv->rooms[i]);
}

static bool
server_open(struct server *sv, const struct server_config *cfg)
{
	char err[1024];
	memset(sv, 0, sizeof *sv);
	sv->cfg = cfg;
	sv->listen_fd = sv->signal_fd[0] = sv->signal_fd[1] = -1;
	sv->next_room_id = 1;
	rng_seed(&sv->rng, (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32) ^
	                           (uint64_t)server_now_ms());
	snprintf(sv->rooms_dir, sizeof sv->rooms_dir, "%s/rooms",
	         cfg->state_dir);
	snprintf(sv->finished_dir, sizeof sv->finished_dir, "%s/finished",
	         cfg->state_dir);
	char accounts[4200], ratings[4200];
	snprintf(accounts, sizeof accounts, "%s/accounts", cfg->state_dir);
	snprintf(ratings, sizeof ratings, "%s/ratings", cfg->state_dir);
	sv->clients = calloc((size_t)cfg->max_clients, sizeof *sv->clients);
	sv->rooms = calloc((size_t)cfg->max_rooms, sizeof *sv->rooms);
	sv->pfds = calloc((size_t)cfg->max_clients + 4, sizeof *sv->pfds);
	if (sv->clients == NULL || sv->rooms == NULL || sv->pfds == NULL) {
		fprintf(stderr, "tabula serve: out of memory\n");
		return false;
	}
	if (!store_mkdir(cfg->state_dir, err, sizeof err) ||
	    !store_mkdir(sv->rooms_dir, err, sizeof err) ||
	    !store_mkdir(sv->finished_dir, err, sizeof err) ||
	    !accounts_load(&sv->accounts, accounts, err, sizeof err) ||
	    !ratings_load(&sv->ratings, ratings, err, sizeof err)) {
		fprintf(stderr, "tabula serve: %s\n", err);
		return false;
	}
	sv->engines = worker_new(cfg->engine_threads);
	sv->savers = worker_new(cfg->save_threads);
	if (sv->engines == NULL || sv->savers == NULL ||
	    pipe(sv->signal_fd) != 0) {
		fprintf(stderr, "tabula serve: cannot start threads\n");
		return false;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(sv->signal_fd[i], F_SETFL, O_NONBLOCK);
		fcntl(sv->signal_fd[i], F_SETFD, FD_CLOEXEC);
	}
	server_load_rooms(sv);
	sv->listen_fd = server_listen(cfg->socket_path, err, sizeof err);
	if (sv->listen_fd < 0) {
		fprintf(stderr, "tabula serve: %s\n", err);
		return false;
	}
	server_signal_write_fd = sv->signal_fd[1];
	struct sigaction sa = {.sa_handler = server_on_signal};
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	/* Past a file size limit a save fails (EFBIG) and is refused like
	 * any other; the signal would kill the server. */
	signal(SIGXFSZ, SIG_IGN);
	fprintf(stderr, "tabula serve: listening on %s, %zu rooms from %s\n",
	        cfg->socket_path, sv->nrooms, sv->rooms_dir);
	return true;
}

static void
server_free_save_job(struct worker_job *job)
{
	if (job->kind == SAVE_ACCOUNTS || job->kind == SAVE_RATINGS)
		store_job_free(job);
	else
		room_save_job_free(job);
}

static void
server_close(struct server *sv)
{
	/* Refuse newcomers first: one who connected while the saves below
	 * reach the disk would be let in and dropped at once. */
	if (sv->listen_fd >= 0) {
		close(sv->listen_fd);
		sv->listen_fd = -1;
		unlink(sv->cfg->socket_path);
	}
	for (size_t i = 0; i < sv->nclients; i++) {
		server_send(sv->clients[i], "bye the server is stopping");
		net_outbuf_flush(&sv->clients[i]->out, sv->clients[i]->fd);
	}
	while (sv->nclients > 0)
		server_drop(sv, sv->nclients - 1);
	/* Every save under way or queued reaches the disk before we go; the
	 * searches end at once (their moves were never played). */
	server_cancel_searches(sv, true);
	worker_free(sv->savers, true, server_free_save_job);
	worker_free(sv->engines, false, engine_job_free);
	for (size_t i = 0; i < sv->nrooms; i++)
		room_free(sv->rooms[i]);
	for (int i = 0; i < 2; i++) {
		if (sv->signal_fd[i] >= 0)
			close(sv->signal_fd[i]);
	}
	accounts_free(&sv->accounts);
	ratings_free(&sv->ratings);
	pairing_free(&sv->pairing);
	while (sv->rated_news != NULL) {
		struct rated_line *next = sv->rated_news->next;
		free(sv->rated_news);
		sv->rated_news = next;
	}
	free(sv->clients);
	free(sv->rooms);
	free(sv->pfds);
}

/* Fills sv->pfds for poll(): the signal pipe, the engines' and the
 * savers' wake descriptors, the listening socket while there is room,
 * then one slot per client from *first_client.  Returns their count. */
static size_t
server_poll_fds(struct server *sv, size_t *first_client)
{
	size_t nfds = 0;
	bool can_accept = (int)sv->nclients < sv->cfg->max_clients;
	sv->pfds[nfds++] = (struct pollfd){sv->signal_fd[0], POLLIN, 0};
	sv->pfds[nfds++] = (struct pollfd){worker_fd(sv->engines), POLLIN, 0};
	sv->pfds[nfds++] = (struct pollfd){worker_fd(sv->savers), POLLIN, 0};
	sv->pfds[nfds++] =
	        (struct pollfd){can_accept ? sv->listen_fd : -1, POLLIN, 0};
	*first_client = nfds;
	for (size_t i = 0; i < sv->nclients; i++) {
		struct client *c = sv->clients[i];
		short ev = c->closing || c->quitting || c->creating ||
		                           c->joining || c->naming
		                   ? 0
		                   : POLLIN;
		if (c->out.len > 0)
			ev |= POLLOUT;
		sv->pfds[nfds++] = (struct pollfd){c->fd, ev, 0};
	}
	return nfds;
}

/* Hands each client the lines it held while it waited, writes what is
 * queued for it and drops the dead and the closed. */
static void
server_flush_clients(struct server *sv)
{
	for (size_t i = 0; i < sv->nclients;) {
		struct client *c = sv->clients[i];
		server_take_lines(sv, c); /* held while it waited */
		server_say_bye_when_told(c);
		if (!c->dead && c->out.len > 0 &&
		    !net_outbuf_flush(&c->out, c->fd))
			c->dead = true;
		if (c->dead || (c->closing && c->out.len == 0))
			server_drop(sv, i);
		else
			i++;
	}
}

int
server_run(const struct server_config *cfg)
{
	struct server sv;
	if (!server_open(&sv, cfg)) {
		server_close(&sv);
		return 1;
	}
	for (;;) {
		int timeout = server_check_clocks(&sv);
		size_t first_client;
		size_t nfds = server_poll_fds(&sv, &first_client);
		if (poll(sv.pfds, nfds, timeout) < 0 && errno != EINTR) {
			perror("tabula serve: poll");
			break;
		}
		if (sv.pfds[0].revents & POLLIN)
			break;
		if (sv.pfds[1].revents & POLLIN) {
			server_engine_done(&sv);
			server_kick_waiting(&sv);
		}
		if (sv.pfds[2].revents & POLLIN)
			server_saves_done(&sv);
		/* Clients first (their slots match pfds), then new ones. */
		size_t n = sv.nclients;
		for (size_t i = 0; i < n; i++) {
			struct client *c = sv.clients[i];
			short re = sv.pfds[first_client + i].revents;
			if (re & POLLIN)
				server_read(&sv, c);
			else if (re & (POLLERR | POLLHUP | POLLNVAL))
				c->dead = true;
		}
		if (sv.pfds[first_client - 1].revents & POLLIN)
			server_accept(&sv);
		server_flush_clients(&sv);
		server_cancel_searches(&sv, false);
		server_unload_rooms(&sv);
	}
	fprintf(stderr, "tabula serve: stopping\n");
	server_close(&sv);
	return 0;
}
