/*
 * Rooms: the rules of a game between two seats, and their files (see
 * room.h; tabula(6), PLAY ON THIS HOST).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/registry.h"
#include "server/room.h"
#include "server/store.h"

static const char ROOM_MAGIC[] = "# tabula room 1";

/* Paths of the room's two files. */
static void
room_path(const struct room *r, const char *ext, char *buf, size_t size)
{
	snprintf(buf, size, "%s/%s.%s", r->dir, r->code, ext);
}

static struct room *
room_alloc(const char *dir, const char *code, unsigned id)
{
	struct room *r = calloc(1, sizeof *r);
	if (r == NULL)
		return NULL;
	r->id = id;
	snprintf(r->code, sizeof r->code, "%s", code);
	snprintf(r->dir, sizeof r->dir, "%s", dir);
	record_meta_init(&r->meta);
	return r;
}

void
room_free(struct room *r)
{
	if (r == NULL)
		return;
	if (r->ops != NULL)
		session_free(&r->s);
	record_meta_free(&r->meta);
	if (r->on_disk != NULL)
		room_save_job_free(&r->on_disk->base);
	while (r->pending != NULL) {
		struct room_line *next = r->pending->next;
		free(r->pending);
		r->pending = next;
	}
	free(r);
}

static bool
room_both_seated(const struct room *r)
{
	return r->seat[0].who.kind != WHO_OPEN &&
	       r->seat[1].who.kind != WHO_OPEN;
}

/* Why a game that nobody played ends: no result ("*"). */
static const char ROOM_ABANDONED[] = "abandoned before an opponent came";

bool
room_over(const struct room *r, const char **result, const char **reason)
{
	if ((r->meta.result[0] != '\0' && strcmp(r->meta.result, "*") != 0) ||
	    strcmp(r->meta.termination, ROOM_ABANDONED) == 0) {
		*result = r->meta.result;
		*reason = r->meta.termination[0] ? r->meta.termination
		                                 : "game over";
		return true;
	}
	struct game_status st;
	r->ops->status(session_current(&r->s), &st);
	if (st.outcome == OUTCOME_ONGOING)
		return false;
	*result = record_result_token(r->ops, session_current(&r->s));
	*reason = st.reason != NULL ? st.reason : "game over";
	return true;
}

int
room_turn(const struct room *r)
{
	const char *a, *b;
	if (room_over(r, &a, &b))
		return -1;
	return r->ops->side_to_move(session_current(&r->s));
}

int
room_seat_of(const struct room *r, const char *owner)
{
	for (int i = 0; i < 2; i++) {
		if (r->seat[i].who.kind == WHO_HUMAN && owner[0] != '\0' &&
		    strcmp(r->seat[i].owner, owner) == 0)
			return i;
	}
	return -1;
}

void
room_seat_text(const struct room *r, int side, char *buf, size_t size)
{
	const struct room_seat *s = &r->seat[side];
	switch (s->who.kind) {
	case WHO_OPEN:
	default: /* a room seats no other kind */
		snprintf(buf, size, "-");
		break;
	case WHO_ENGINE:
		who_format_as(&s->who, WHO_FORM_SHORT, buf, size);
		break;
	case WHO_HUMAN: {
		const char *colon = strchr(s->account, ':');
		snprintf(buf, size, "%s", colon ? colon + 1 : s->account);
		break;
	}
	}
}

/* ---------------------------------------------------------------------- */
/* Clocks                                                                  */

bool
room_parse_clock(const char *w, int64_t *clock_ms, int64_t *inc_ms, char *err,
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

void
room_clocks(const struct room *r, int64_t now, int64_t left[2])
{
	left[0] = r->left_ms[0];
	left[1] = r->left_ms[1];
	int turn = room_turn(r);
	if (r->clock_ms > 0 && r->turn_start > 0 && turn >= 0) {
		left[turn] -= now - r->turn_start;
		if (left[turn] < 0)
			left[turn] = 0;
	}
}

int64_t
room_time_to_flag(const struct room *r, int64_t now)
{
	int turn = room_turn(r);
	if (r->clock_ms == 0 || r->turn_start == 0 || turn < 0)
		return -1;
	int64_t left = r->left_ms[turn] - (now - r->turn_start);
	return left > 0 ? left : 0;
}

/* Starts the side to move's time when both seats are taken. */
static void
room_start_clock(struct room *r, int64_t now)
{
	if (r->clock_ms > 0 && room_both_seated(r) && room_turn(r) >= 0)
		r->turn_start = now;
}

/* Charges the mover's time (plus the increment) after a move. */
static void
room_charge(struct room *r, int side, int64_t now)
{
	if (r->clock_ms == 0)
		return;
	if (r->turn_start > 0) {
		r->left_ms[side] -= now - r->turn_start;
		if (r->left_ms[side] < 0)
			r->left_ms[side] = 0;
	}
	/* A TZAAR turn is two moves: the increment comes once per turn. */
	if (room_turn(r) != side)
		r->left_ms[side] += r->inc_ms;
	r->turn_start = 0;
	room_start_clock(r, now);
}

static void
room_end(struct room *r, const char *result, const char *why)
{
	snprintf(r->meta.result, sizeof r->meta.result, "%s", result);
	snprintf(r->meta.termination, sizeof r->meta.termination, "%s", why);
	r->turn_start = 0;
	r->draw_offer = 0;
	r->version++;
}

bool
room_check_time(struct room *r, int64_t now)
{
	int turn = room_turn(r);
	if (turn < 0 || room_time_to_flag(r, now) != 0)
		return false;
	r->left_ms[turn] = 0;
	room_end(r, turn == 0 ? "0-1" : "1-0", "time forfeit");
	return true;
}

/* ---------------------------------------------------------------------- */
/* Play                                                                    */

/* After a move: the clock comment, the offer withdrawn, a new version. */
static bool
room_after_move(struct room *r, int side, int64_t now, char *err,
                size_t err_size)
{
	room_charge(r, side, now);
	r->draw_offer = 0;
	r->version++;
	if (r->clock_ms > 0) {
		char c[64];
		snprintf(c, sizeof c, "clock %" PRId64 " %" PRId64,
		         r->left_ms[0], r->left_ms[1]);
		if (!record_meta_set_comment(&r->meta, r->s.ply - 1, c)) {
			/* The move stands; only its clock comment is lost. */
			snprintf(err, err_size, "out of memory");
		}
	}
	return true;
}

bool
room_play_text(struct room *r, int side, const char *text, int64_t now,
               char *err, size_t err_size)
{
	int turn = room_turn(r);
	if (turn < 0) {
		snprintf(err, err_size, "the game is over");
		return false;
	}
	if (!room_both_seated(r)) {
		snprintf(err, err_size, "waiting for an opponent");
		return false;
	}
	if (turn != side) {
		snprintf(err, err_size, "not your turn");
		return false;
	}
	if (room_check_time(r, now)) {
		snprintf(err, err_size, "your time is up");
		return false;
	}
	if (!session_play_text(&r->s, text, err, err_size))
		return false;
	return room_after_move(r, side, now, err, err_size);
}

bool
room_play_move(struct room *r, game_move move, int64_t now, char *err,
               size_t err_size)
{
	int turn = room_turn(r);
	if (turn < 0 || r->seat[turn].who.kind != WHO_ENGINE) {
		snprintf(err, err_size, "not the engine's turn");
		return false;
	}
	game_move list[GAME_MAX_MOVES];
	int n = r->ops->gen_moves(session_current(&r->s), list);
	bool legal = false;
	for (int i = 0; i < n && !legal; i++)
		legal = list[i] == move;
	if (!legal || !session_play(&r->s, move)) {
		snprintf(err, err_size, "the engine's move is not legal");
		return false;
	}
	return room_after_move(r, turn, now, err, err_size);
}

bool
room_resign(struct room *r, int side, char *err, size_t err_size)
{
	if (room_turn(r) < 0) {
		snprintf(err, err_size, "the game is over");
		return false;
	}
	if (!room_both_seated(r)) {
		/* Nobody beat anybody: the room closes without a result. */
		room_end(r, "*", ROOM_ABANDONED);
		return true;
	}
	room_end(r, side == 0 ? "0-1" : "1-0",
	         side == 0 ? "player 1 resigned" : "player 2 resigned");
	return true;
}

bool
room_draw(struct room *r, int side, bool *agreed, char *err, size_t err_size)
{
	*agreed = false;
	if (room_turn(r) < 0) {
		snprintf(err, err_size, "the game is over");
		return false;
	}
	if (!room_both_seated(r)) {
		snprintf(err, err_size, "waiting for an opponent");
		return false;
	}
	if (r->draw_offer == 2 - side) {
		*agreed = true;
		room_end(r, "1/2-1/2", "draw agreed");
		return true;
	}
	if (r->seat[1 - side].who.kind == WHO_ENGINE) {
		snprintf(err, err_size, "the engine declines draws");
		return false;
	}
	r->draw_offer = side + 1;
	return true;
}

bool
room_engine_to_move(const struct room *r)
{
	int turn = room_turn(r);
	return turn >= 0 && r->seat[turn].who.kind == WHO_ENGINE &&
	       room_both_seated(r);
}

int
room_take_seat(struct room *r, const char *owner, const char *account,
               int64_t now, char *err, size_t err_size)
{
	int side = r->seat[0].who.kind == WHO_OPEN   ? 0
	           : r->seat[1].who.kind == WHO_OPEN ? 1
	                                             : -1;
	if (side < 0) {
		snprintf(err, err_size, "room %s is full (watch it instead)",
		         r->code);
		return -1;
	}
	r->seat[side].who.kind = WHO_HUMAN;
	snprintf(r->seat[side].owner, sizeof r->seat[side].owner, "%s", owner);
	snprintf(r->seat[side].account, sizeof r->seat[side].account, "%s",
	         account);
	room_start_clock(r, now);
	r->version++;
	return side;
}

/* ---------------------------------------------------------------------- */
/* News held for the disk                                                  */

bool
room_news_waits(const struct room *r)
{
	return r->saved_version != r->version || r->pending != NULL;
}

bool
room_news_hold(struct room *r, size_t ply, unsigned from, const char *text)
{
	size_t len = strlen(text);
	struct room_line *l = malloc(sizeof *l + len + 1);
	if (l == NULL)
		return false;
	l->version = r->version;
	l->ply = ply;
	l->from = from;
	l->next = NULL;
	memcpy(l->text, text, len + 1);
	if (r->pending_tail != NULL)
		r->pending_tail->next = l;
	else
		r->pending = l;
	r->pending_tail = l;
	return true;
}

struct room_line *
room_news_next(struct room *r, bool all)
{
	struct room_line *l = r->pending;
	if (l == NULL || (!all && l->version > r->saved_version))
		return NULL;
	r->pending = l->next;
	if (r->pending == NULL)
		r->pending_tail = NULL;
	return l;
}

bool
room_news_from(const struct room *r, unsigned from)
{
	for (const struct room_line *l = r->pending; l != NULL; l = l->next) {
		if (l->from == from)
			return true;
	}
	return false;
}

/* ---------------------------------------------------------------------- */
/* Files                                                                   */

/* A seat as the room file keeps it; with_owner false: as the record's
 * Player tag shows it (the name, not the key's fingerprint). */
static void
room_seat_spec(const struct room_seat *s, bool with_owner, char *buf,
               size_t size)
{
	switch (s->who.kind) {
	case WHO_OPEN:
	default: /* a room seats no other kind */
		snprintf(buf, size, "open");
		break;
	case WHO_ENGINE:
		who_format(&s->who, buf, size);
		break;
	case WHO_HUMAN:
		if (with_owner && s->owner[0] != '\0')
			snprintf(buf, size, "person %s %s", s->account,
			         s->owner);
		else
			snprintf(buf, size, "person %s", s->account);
		break;
	}
}

static void
room_save_job_run(struct worker_job *base)
{
	struct room_save_job *job = (struct room_save_job *)base;
	job->ok = record_save(job->rec_path, &job->s, &job->meta, job->err,
	                      sizeof job->err) &&
	          store_write(job->room_path, job->room_text, job->room_len,
	                      job->err, sizeof job->err);
}

void
room_save_job_free(struct worker_job *base)
{
	struct room_save_job *job = (struct room_save_job *)base;
	if (job == NULL)
		return;
	session_free(&job->s);
	record_meta_free(&job->meta);
	free(job);
}

/* A copy of s (replayed: sessions hold no shared memory). */
static bool
room_copy_session(const struct session *s, struct session *copy)
{
	if (!session_init(copy, s->ops, &s->setup))
		return false;
	for (size_t i = 0; i < s->ply; i++) {
		if (!session_play(copy, s->moves[i])) {
			session_free(copy);
			return false;
		}
	}
	return true;
}

/* A copy of src's tags and comments (the clocks) into dst, which owns
 * them.  A room's game has no variations or review notes (the server
 * writes its records itself), so the notes are not carried: sharing the
 * room's pointers would free them twice. */
static bool
room_copy_meta(const struct record_meta *src, struct record_meta *dst)
{
	*dst = *src;
	dst->comments = NULL;
	dst->comment_count = 0;
	dst->notes = NULL;
	dst->note_count = 0;
	for (size_t i = 0; i < src->comment_count; i++) {
		if (src->comments[i] != NULL &&
		    !record_meta_set_comment(dst, i, src->comments[i]))
			return false;
	}
	return true;
}

struct room_save_job *
room_save_job_new(const struct room *r)
{
	struct room_save_job *job = calloc(1, sizeof *job);
	if (job == NULL)
		return NULL;
	job->base.run = room_save_job_run;
	job->room_id = r->id;
	job->version = r->version;
	if (!room_copy_session(&r->s, &job->s)) {
		free(job);
		return NULL;
	}
	if (!room_copy_meta(&r->meta, &job->meta)) {
		room_save_job_free(&job->base);
		return NULL;
	}
	memcpy(job->seat, r->seat, sizeof job->seat);
	memcpy(job->left_ms, r->left_ms, sizeof job->left_ms);
	job->turn_start = r->turn_start;
	job->draw_offer = r->draw_offer;
	char spec[2][ROOM_ACCOUNT_MAX + IDENTITY_OWNER_MAX + 16];
	for (int i = 0; i < 2; i++)
		room_seat_spec(&r->seat[i], false, spec[i], sizeof spec[i]);
	snprintf(job->meta.player1, sizeof job->meta.player1, "%s", spec[0]);
	snprintf(job->meta.player2, sizeof job->meta.player2, "%s", spec[1]);
	for (int i = 0; i < 2; i++)
		room_seat_spec(&r->seat[i], true, spec[i], sizeof spec[i]);
	room_path(r, "rec", job->rec_path, sizeof job->rec_path);
	room_path(r, "room", job->room_path, sizeof job->room_path);
	int len = snprintf(job->room_text, sizeof job->room_text,
	                   "%s\ngame %s\nseat1 %s\nseat2 %s\nclock %" PRId64
	                   " %" PRId64 "\nanalysis %d\nrated %d\nchat %d\n",
	                   ROOM_MAGIC, r->ops->name, spec[0], spec[1],
	                   r->clock_ms, r->inc_ms, r->analysis ? 1 : 0,
	                   r->rated ? 1 : 0, r->chat ? 1 : 0);
	job->room_len = (size_t)len;
	return job;
}

bool
room_save(struct room *r, char *err, size_t err_size)
{
	struct room_save_job *job = room_save_job_new(r);
	if (job == NULL) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	job->base.run(&job->base);
	bool ok = job->ok;
	if (ok)
		room_keep_saved(r, job);
	else {
		snprintf(err, err_size, "%s", job->err);
		room_save_job_free(&job->base);
	}
	return ok;
}

void
room_keep_saved(struct room *r, struct room_save_job *job)
{
	if (r->on_disk != NULL)
		room_save_job_free(&r->on_disk->base);
	r->on_disk = job;
	r->saved_version = job->version;
}

bool
room_restore(struct room *r)
{
	const struct room_save_job *d = r->on_disk;
	struct session s;
	struct record_meta meta;
	if (d == NULL || !room_copy_session(&d->s, &s))
		return false;
	if (!room_copy_meta(&d->meta, &meta)) {
		record_meta_free(&meta);
		session_free(&s);
		return false;
	}
	session_free(&r->s);
	record_meta_free(&r->meta);
	r->s = s;
	r->meta = meta;
	memcpy(r->seat, d->seat, sizeof r->seat);
	memcpy(r->left_ms, d->left_ms, sizeof r->left_ms);
	r->turn_start = d->turn_start;
	r->draw_offer = d->draw_offer;
	r->version = r->saved_version = d->version;
	if (r->announced_ply > r->s.ply)
		r->announced_ply = r->s.ply;
	return true;
}

struct room *
room_new(const char *dir, const char *code, unsigned id,
         const struct room_options *opt, const char *owner, const char *account,
         int64_t now)
{
	struct room *r = room_alloc(dir, code, id);
	struct game_setup setup = {0};
	if (r == NULL || !session_init(&r->s, opt->ops, &setup)) {
		free(r);
		return NULL;
	}
	r->ops = opt->ops;
	r->analysis = opt->analysis;
	r->rated = opt->rated;
	r->chat = opt->chat;
	r->clock_ms = opt->clock_ms;
	r->inc_ms = opt->inc_ms;
	r->left_ms[0] = r->left_ms[1] = opt->clock_ms;
	int me = opt->creator_seat;
	r->seat[me].who.kind = WHO_HUMAN;
	snprintf(r->seat[me].owner, sizeof r->seat[me].owner, "%s", owner);
	snprintf(r->seat[me].account, sizeof r->seat[me].account, "%s",
	         account);
	if (opt->engine_level > 0) {
		r->seat[1 - me].who.kind = WHO_ENGINE;
		r->seat[1 - me].who.level = opt->engine_level;
	}
	time_t t = time(NULL);
	struct tm tm;
	if (gmtime_r(&t, &tm) != NULL)
		strftime(r->meta.date, sizeof r->meta.date, "%Y.%m.%d", &tm);
	room_start_clock(r, now);
	r->version = 1; /* not on disk yet */
	return r;
}

struct room *
room_create(const char *dir, const char *code, unsigned id,
            const struct room_options *opt, const char *owner,
            const char *account, int64_t now, char *err, size_t err_size)
{
	struct room *r = room_new(dir, code, id, opt, owner, account, now);
	if (r == NULL) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	if (!room_save(r, err, err_size)) {
		room_free(r);
		return NULL;
	}
	return r;
}

/* Whether text is an owner as identity_owner writes it. */
static bool
room_owner_valid(const char *text)
{
	size_t len = strlen(text);
	if (len == 0 || len >= IDENTITY_OWNER_MAX)
		return false;
	if (strncmp(text, "uid:", 4) == 0)
		return len > 4 && strspn(text + 4, "0123456789") == len - 4;
	return strncmp(text, "key:SHA256:", 11) == 0 && len > 11 &&
	       strcspn(text, " \t") == len;
}

/* Reads "open", "engine level N" or "person ACCOUNT [OWNER]" (a file
 * from before owners has none: the server finds it). */
static bool
room_parse_seat(const char *text, struct room_seat *s)
{
	memset(s, 0, sizeof *s);
	if (strcmp(text, "open") == 0)
		return true;
	if (strncmp(text, "engine ", 7) == 0) {
		/* "engine level N" as who_format writes it, or "engine N" as
		 * room files before 0.3.0 kept it. */
		const char *level = text + 7;
		if (strncmp(level, "level ", 6) == 0)
			level += 6;
		char *end;
		long v = strtol(level, &end, 10);
		s->who.kind = WHO_ENGINE;
		s->who.level = (int)v;
		return *end == '\0' && v >= 1 && v <= 10;
	}
	if (strncmp(text, "person ", 7) == 0) {
		const char *a = text + 7;
		const char *sp = strchr(a, ' ');
		size_t len = sp != NULL ? (size_t)(sp - a) : strlen(a);
		s->who.kind = WHO_HUMAN;
		if (len >= sizeof s->account ||
		    (sp != NULL && !room_owner_valid(sp + 1)))
			return false;
		memcpy(s->account, a, len);
		s->account[len] = '\0';
		if (sp != NULL)
			snprintf(s->owner, sizeof s->owner, "%s", sp + 1);
		const char *colon = strchr(s->account, ':');
		return colon != NULL && identity_name_valid(colon + 1);
	}
	return false;
}

/* Reads the .room file's lines into r (game, seats, options). */
static bool
room_parse_options(struct room *r, char *text, const char *path, char *err,
                   size_t err_size)
{
	int line = 0;
	bool magic = false;
	for (char *p = text, *next; *p != '\0'; p = next) {
		char *nl = strchr(p, '\n');
		next = nl != NULL ? nl + 1 : p + strlen(p);
		if (nl != NULL)
			*nl = '\0';
		line++;
		bool ok = true;
		long long a, b;
		int v;
		if (line == 1)
			ok = magic = strcmp(p, ROOM_MAGIC) == 0;
		else if (strncmp(p, "game ", 5) == 0)
			ok = (r->ops = registry_find(p + 5)) != NULL &&
			     r->ops->players == 2;
		else if (strncmp(p, "seat1 ", 6) == 0)
			ok = room_parse_seat(p + 6, &r->seat[0]);
		else if (strncmp(p, "seat2 ", 6) == 0)
			ok = room_parse_seat(p + 6, &r->seat[1]);
		else if (sscanf(p, "clock %lld %lld", &a, &b) == 2) {
			ok = a >= 0 && b >= 0 &&
			     a <= ROOM_CLOCK_MAX_MIN * 60000LL &&
			     b <= ROOM_CLOCK_MAX_INC * 1000LL;
			r->clock_ms = a;
			r->inc_ms = b;
		} else if (sscanf(p, "analysis %d", &v) == 1)
			r->analysis = v != 0;
		else if (sscanf(p, "rated %d", &v) == 1)
			r->rated = v != 0;
		else if (sscanf(p, "chat %d", &v) == 1)
			r->chat = v != 0;
		else if (*p != '\0')
			ok = false;
		if (!ok) {
			snprintf(err, err_size, "%s:%d: not understood", path,
			         line);
			return false;
		}
	}
	if (!magic || r->ops == NULL) {
		snprintf(err, err_size, "%s: not a room file", path);
		return false;
	}
	return true;
}

struct room *
room_load(const char *dir, const char *code, unsigned id, int64_t now,
          char *err, size_t err_size)
{
	struct room *r = room_alloc(dir, code, id);
	if (r == NULL) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	char path[4200];
	room_path(r, "room", path, sizeof path);
	char *text = store_read(path, err, err_size);
	if (text == NULL) {
		free(r);
		return NULL;
	}
	bool ok = room_parse_options(r, text, path, err, err_size);
	free(text);
	const struct game_ops *want = r->ops;
	r->ops = NULL;
	room_path(r, "rec", path, sizeof path);
	if (!ok || !record_load(path, &r->s, &r->meta, err, err_size)) {
		room_free(r);
		return NULL;
	}
	r->ops = r->s.ops;
	if (strcmp(r->meta.result, "*") == 0 &&
	    strcmp(r->meta.termination, ROOM_ABANDONED) != 0) {
		/* Still being played: the rules will say when it ends. */
		r->meta.result[0] = '\0';
		r->meta.termination[0] = '\0';
	}
	if (r->ops != want) {
		snprintf(err, err_size,
		         "%s: the record's game is not the room's", path);
		room_free(r);
		return NULL;
	}
	r->left_ms[0] = r->left_ms[1] = r->clock_ms;
	/* The last clock comment has both times after the last move. */
	for (size_t i = r->meta.comment_count; i-- > 0;) {
		long long a, b;
		if (r->meta.comments[i] != NULL &&
		    sscanf(r->meta.comments[i], "clock %lld %lld", &a, &b) ==
		            2) {
			r->left_ms[0] = a;
			r->left_ms[1] = b;
			break;
		}
	}
	r->announced_ply = r->s.ply;
	/* A game that ended while the server was away was counted then, or
	 * its count was lost with the server (nobody was told of it). */
	r->counted = room_turn(r) < 0;
	/* The time the server was down is nobody's. */
	room_start_clock(r, now);
	r->on_disk = room_save_job_new(r);
	if (r->on_disk == NULL) {
		snprintf(err, err_size, "out of memory");
		room_free(r);
		return NULL;
	}
	return r;
}

void
room_archive(const struct room *r, const char *to)
{
	static const char *const exts[] = {"rec", "room"};
	char stem[4200];
	unsigned second = (unsigned)time(NULL);
	/* link() refuses an existing name, where rename() would replace it:
	 * the first free stem takes both files. */
	for (unsigned n = 0; n < 1000; n++) {
		char from[4200], dest[4300];
		if (n == 0)
			snprintf(stem, sizeof stem, "%s/%s-%u", to, r->code,
			         second);
		else
			snprintf(stem, sizeof stem, "%s/%s-%u-%u", to, r->code,
			         second, n);
		room_path(r, exts[0], from, sizeof from);
		snprintf(dest, sizeof dest, "%s.%s", stem, exts[0]);
		if (link(from, dest) == 0)
			break;
		if (errno != EEXIST) {
			fprintf(stderr, "tabula serve: %s: %s\n", from,
			        strerror(errno));
			return;
		}
	}
	for (int i = 0; i < 2; i++) {
		char from[4200], dest[4300];
		room_path(r, exts[i], from, sizeof from);
		snprintf(dest, sizeof dest, "%s.%s", stem, exts[i]);
		if (i == 0 ? unlink(from) != 0 : rename(from, dest) != 0)
			fprintf(stderr, "tabula serve: %s: %s\n", from,
			        strerror(errno));
	}
}
