/*
 * The protocol's commands: the table and the lobby's and rooms' handlers
 * (see cmd.h; tabula(6), PLAY ON THIS HOST, "Protocol").
 */
#include "config.h"

#include <ctype.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/clock.h"
#include "core/registry.h"
#include "server/cmd.h"
#include "server/conn.h"
#include "server/paired.h"
#include "server/rated.h"
#include "server/room.h"
#include "server/rooms.h"
#include "server/saves.h"
#include "server/state.h"

/* Reads "create" options into opt; false with the reason. */
static bool
cmd_create_options(char **words, int n, struct room_options *opt, char *err,
                   size_t err_size)
{
	memset(opt, 0, sizeof *opt);
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
			if (!room_parse_clock(w, &opt->clock_ms, &opt->inc_ms,
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
cmd_create(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	struct room_options opt;
	char err[256], code[ROOM_CODE_LEN + 1];
	if (!cmd_create_options(a->words, a->n, &opt, err, sizeof err)) {
		conn_send(c, "error %s", err);
		return;
	}
	if ((int)sv->nrooms >= sv->cfg->max_rooms) {
		conn_send(c, "error the server holds its most rooms (%d)",
		          sv->cfg->max_rooms);
		return;
	}
	if (!rooms_may_play(sv, c))
		return;
	if (!rooms_make_code(sv, code)) {
		conn_send(c, "error no free room code");
		return;
	}
	struct room *r = room_new(sv->rooms_dir, code, sv->next_room_id++, &opt,
	                          c->owner, c->account, clock_now_ms());
	if (r == NULL) {
		conn_send(c, "error out of memory");
		return;
	}
	/* Nobody hears of it, its creator included, before it is on disk
	 * (the fsync on a saver thread, not here: saves_room_saved).  A
	 * waiting pairing request goes: its person found a game. */
	pairing_withdraw(&sv->pairing, c->serial);
	r->creator = c->serial;
	c->creating = r->id;
	sv->rooms[sv->nrooms++] = r;
	saves_room(sv, r);
}

/* The room a's code names, known to all (on disk); NULL after saying
 * there is none. */
static struct room *
cmd_room_named(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	struct room *r = rooms_by_code(sv, a->words[1]);
	if (r == NULL || r->on_disk == NULL) {
		conn_send(c, "error no room '%.16s'", a->words[1]);
		return NULL;
	}
	return r;
}

static void
cmd_watch(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	struct room *r = cmd_room_named(sv, c, a);
	if (r == NULL)
		return;
	if (room_seat_of(r, c->owner) >= 0 && room_turn(r) >= 0) {
		/* Watching is where analysis is allowed: a player watching
		 * their own game would analyse it (tabula(6), PLAY ON THIS
		 * HOST). */
		conn_send(c, "error you play in room %s: join it", r->code);
		return;
	}
	rooms_enter(sv, c, r, -1);
}

static void
cmd_join(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	struct room *r = cmd_room_named(sv, c, a);
	if (r == NULL)
		return;
	int seat = room_seat_of(r, c->owner);
	if (seat < 0) {
		char err[256];
		if (room_turn(r) < 0) {
			conn_send(c, "error room %s: the game is over",
			          r->code);
			return;
		}
		if (!rooms_may_play(sv, c))
			return;
		seat = room_take_seat(r, c->owner, c->account, clock_now_ms(),
		                      err, sizeof err);
		if (seat < 0) {
			conn_send(c, "error %s", err);
			return;
		}
		/* Nobody hears of the seat, its taker included, before it
		 * is on disk (saves_tell_seated). */
		pairing_withdraw(&sv->pairing, c->serial);
		c->joining = r->id;
		c->join_version = r->version;
		saves_room(sv, r);
		return;
	}
	rooms_enter(sv, c, r, seat);
}

/* The commands of a seat (CMD_SEATED: c is seated in c->room). */
static void
cmd_move(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	struct room *r = c->room;
	char err[256];
	if (!room_play_text(r, c->seat, a->words[1], clock_now_ms(), err,
	                    sizeof err)) {
		conn_send(c, "error %s", err);
		if (room_turn(r) < 0) { /* a time forfeit */
			saves_room(sv, r);
			rooms_send_over(sv, r, NULL);
		}
		return;
	}
	rooms_after_move(sv, r);
}

static void
cmd_resign(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	(void)a;
	struct room *r = c->room;
	char err[256];
	if (!room_resign(r, c->seat, err, sizeof err)) {
		conn_send(c, "error %s", err);
		return;
	}
	saves_room(sv, r);
	rooms_send_over(sv, r, NULL);
}

static void
cmd_draw(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	(void)a;
	struct room *r = c->room;
	char err[256];
	bool agreed;
	if (!room_draw(r, c->seat, &agreed, err, sizeof err)) {
		conn_send(c, "error %s", err);
		return;
	}
	if (agreed) {
		saves_room(sv, r);
		rooms_send_over(sv, r, NULL);
	} else
		conn_broadcast(sv, r, 0, "draw %s %d", r->code, c->seat + 1);
}

/* Which kind a seat's holder is, for the lobby: "user" (a local account),
 * "ssh" (a key of the shared account), "engine" or "-" (open); a local
 * user and a key may show the same name, never be the same. */
static const char *
cmd_seat_kind(const struct room *r, int side)
{
	const struct room_seat *s = &r->seat[side];
	if (s->who.kind == WHO_ENGINE)
		return "engine";
	if (s->who.kind == WHO_OPEN)
		return "-";
	return strncmp(s->account, "ssh:", 4) == 0 ? "ssh" : "user";
}

static void
cmd_list(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	(void)a;
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
		rooms_clock_text(r, clock, sizeof clock);
		if (room_over(r, &result, &reason))
			state = result;
		else if (r->seat[0].who.kind == WHO_OPEN ||
		         r->seat[1].who.kind == WHO_OPEN)
			state = "waiting";
		int turn = room_turn(r), mine = room_seat_of(r, c->owner);
		char r1[16], r2[16];
		rated_text(sv, r, 0, r1, sizeof r1);
		rated_text(sv, r, 1, r2, sizeof r2);
		conn_send(c,
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
		          cmd_seat_kind(r, 0), cmd_seat_kind(r, 1), r1, r2);
	}
	conn_send(c, "listed %zu", listed);
}

/* Sends text from c to its room: a player's to everyone there, a
 * spectator's to the spectators only (the players are not told what the
 * watchers think of their game). */
static void
cmd_say(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	const char *text = a->rest;
	char err[256];
	struct room *r = c->room;
	if (r == NULL) {
		conn_send(c, "error not in a room");
		return;
	}
	if (!r->chat) {
		conn_send(c, "error room %s takes no messages", r->code);
		return;
	}
	if (!chat_text_ok(text, err, sizeof err) ||
	    !chat_take(&c->chat, clock_now_ms(), err, sizeof err)) {
		conn_send(c, "error %s", err);
		return;
	}
	const char *name = strchr(c->account, ':') + 1;
	bool player = c->seat >= 0;
	for (size_t i = 0; i < sv->nclients; i++) {
		struct conn *o = sv->clients[i];
		if (o->room == r && (player || o->seat < 0))
			conn_send(o, "said %s %s %s %s", r->code,
			          player ? "player" : "spectator", name, text);
	}
}

/* Whether name (in any case) is a local user's login, root's included:
 * a key may not pass for one (names are unique across both kinds). */
static bool
cmd_local_user(const char *name)
{
	char lower[IDENTITY_NAME_MAX + 1];
	size_t i = 0;
	for (; name[i] != '\0' && i < IDENTITY_NAME_MAX; i++)
		lower[i] = (char)tolower((unsigned char)name[i]);
	lower[i] = '\0';
	return getpwnam(name) != NULL || getpwnam(lower) != NULL;
}

static void
cmd_name(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	char *const *words = a->words;
	if (c->account[0] != '\0' || c->naming != 0 || !c->id.by_key) {
		conn_send(c, "error you already have a name");
		return;
	}
	if (a->n != 2 || !identity_name_valid(words[1])) {
		conn_send(c,
		          "error a name is 1 to %d letters, digits, "
		          "'_', '-' or '.', starting with a letter",
		          IDENTITY_NAME_MAX);
		return;
	}
	if (accounts_name_taken(&sv->accounts, words[1]) ||
	    cmd_local_user(words[1])) {
		conn_send(c, "error the name '%s' is taken", words[1]);
		return;
	}
	if (!accounts_add(&sv->accounts, c->id.key, words[1])) {
		conn_send(c, "error cannot give that name now");
		return;
	}
	/* Welcomed once the name is on disk (saves_accounts_saved). */
	c->naming = sv->accounts.version;
	snprintf(c->new_name, sizeof c->new_name, "%s", words[1]);
	saves_accounts(sv);
}

static void
cmd_leave(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	(void)sv;
	(void)a;
	conn_leave_room(c);
	conn_send(c, "left");
}

static void
cmd_ping(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	(void)sv;
	(void)a;
	conn_send(c, "pong");
}

/* Bye once the news of c's room's last change is out (conn_bye_when_told),
 * so that a script that resigns and quits still reads the result. */
static void
cmd_quit(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	(void)sv;
	(void)a;
	c->quitting = true;
	c->bye_version = c->room != NULL ? c->room->version : 0;
	conn_bye_when_told(c);
}

/* The most words a line is split into. */
enum { CMD_WORDS_MAX = 16 };

/* Who may run a command: anyone connected, a person with a name, or one
 * seated in a room. */
enum cmd_needs { CMD_ANYONE, CMD_NAMED, CMD_SEATED };

struct cmd_entry {
	const char *name;
	const char *usage; /* "error usage: ..." for a wrong word count */
	int min_words, max_words; /* words[0] included; 0: any */
	enum cmd_needs needs;
	void (*exec)(struct server *sv, struct conn *c,
	             const struct cmd_args *a);
	bool text; /* takes the rest of the line, of any number of words */
};

/* An entry's text: the command takes the rest of the line (a.rest). */
#define CMD_TEXT true

#define CMD_STR(x)  CMD_STR_(x)
#define CMD_STR_(x) #x

static const struct cmd_entry cmd_table[] = {
        {"ping", "ping", 1, 0, CMD_ANYONE, cmd_ping},
        {"quit", "quit", 1, 0, CMD_ANYONE, cmd_quit},
        {"name", "name NAME", 1, 0, CMD_ANYONE, cmd_name},
        {"list", "list", 1, 0, CMD_NAMED, cmd_list},
        {"create",
         "create GAME [seat=1|2] [engine=LEVEL] [clock=MIN+INC] "
         "[analysis] [rated] [chat]",
         2, 0, CMD_NAMED, cmd_create},
        {"join", "join CODE", 2, 2, CMD_NAMED, cmd_join},
        {"watch", "watch CODE", 2, 2, CMD_NAMED, cmd_watch},
        {"leave", "leave", 1, 0, CMD_NAMED, cmd_leave},
        {"move", "move MOVE", 2, 2, CMD_SEATED, cmd_move},
        {"resign", "resign", 1, 0, CMD_SEATED, cmd_resign},
        {"draw", "draw", 1, 0, CMD_SEATED, cmd_draw},
        {"say", "say TEXT", 1, 0, CMD_NAMED, cmd_say, CMD_TEXT},
        {"seek", "seek GAME [clock=MIN+INC] [casual]", 2, 0, CMD_NAMED,
         paired_cmd_seek},
        {"unseek", "unseek", 1, 0, CMD_NAMED, paired_cmd_unseek},
        {"rating", "rating [GAME] (a two-player game)", 1, 2, CMD_NAMED,
         rated_cmd_rating},
        {"top",
         "top GAME [COUNT] (a two-player game, 1 to " CMD_STR(
                 RATED_TOP_MAX) " lines)",
         2, 3, CMD_NAMED, rated_cmd_top},
};

static const struct cmd_entry *
cmd_find(const char *name)
{
	for (size_t i = 0; i < sizeof cmd_table / sizeof cmd_table[0]; i++) {
		if (strcmp(cmd_table[i].name, name) == 0)
			return &cmd_table[i];
	}
	return NULL;
}

/* Whether c may run e now; false after telling it why not (a command
 * unknown, or one that needs a name, before the name: "pick a name
 * first"). */
static bool
cmd_allowed(struct conn *c, const struct cmd_entry *e, const char *name)
{
	if ((e == NULL || e->needs != CMD_ANYONE) && c->account[0] == '\0') {
		conn_strike(c, "pick a name first: name NAME");
		return false;
	}
	if (e == NULL) {
		conn_strike(c, "unknown command '%.32s'", name);
		return false;
	}
	return true;
}

/* Whether c sits in a room, as a seat's command needs; false after
 * telling it why not. */
static bool
cmd_seated(struct conn *c)
{
	if (c->room == NULL) {
		conn_send(c, "error not in a room");
		return false;
	}
	if (c->seat < 0) {
		conn_send(c, "error spectators cannot play");
		return false;
	}
	return true;
}

void
cmd_line(struct server *sv, struct conn *c, char *line)
{
	char raw[NET_LINE_MAX + 1], *words[CMD_WORDS_MAX];
	snprintf(raw, sizeof raw, "%s", line);
	int n = net_split(line, words, CMD_WORDS_MAX);
	if (n == 0)
		return;
	const struct cmd_entry *e = cmd_find(words[0]);
	if (n == CMD_WORDS_MAX && (e == NULL || !e->text)) {
		/* A message is bounded by its bytes, not its words. */
		conn_strike(c, "too many words");
		return;
	}
	if (!cmd_allowed(c, e, words[0]))
		return;
	if (n < e->min_words || (e->max_words > 0 && n > e->max_words)) {
		conn_strike(c, "usage: %s", e->usage);
		return;
	}
	if (e->needs == CMD_SEATED && !cmd_seated(c))
		return;
	/* The text after the command's word and the blank after it. */
	const char *rest = raw + strspn(raw, " \t") + strlen(words[0]);
	if (*rest != '\0')
		rest++;
	struct cmd_args a = {words, n, rest, e->usage};
	e->exec(sv, c, &a);
}
