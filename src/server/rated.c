/*
 * Ratings on the server (see rated.h; tabula(6), PLAY ON THIS HOST,
 * "Ratings").
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/registry.h"
#include "server/cmd.h"
#include "server/conn.h"
#include "server/rated.h"
#include "server/room.h"
#include "server/rooms.h"
#include "server/saves.h"
#include "server/state.h"
#include "server/store.h"

/* How many lines "top" sends without a count. */
enum { RATED_TOP_DEFAULT = 10 };

/* Starts saving the ratings when a rated game changed them (after a
 * failed save, once its wait is over). */
void
rated_save(struct server *sv)
{
	struct ratings *rt = &sv->ratings;
	if (rt->saving || rt->saved_version == rt->version ||
	    clock_now_ms() < sv->rated.retry_at)
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
	sv->rated.retry_at = clock_now_ms() + SERVER_SAVE_RETRY_MS;
}

/* Sends the ratings news that the file on disk now holds. */
static void
rated_release(struct server *sv)
{
	struct rated_news *news = &sv->rated;
	while (news->head != NULL &&
	       news->head->version <= sv->ratings.saved_version) {
		struct rated_line *l = news->head;
		news->head = l->next;
		if (news->head == NULL)
			news->tail = NULL;
		struct room *r = rooms_by_id(sv, l->room_id);
		if (r != NULL)
			conn_broadcast(sv, r, 0, "%s", l->text);
		free(l);
	}
}

/* Whether news of r's ratings waits for the disk (r stays loaded). */
bool
rated_pending(const struct server *sv, const struct room *r)
{
	for (const struct rated_line *l = sv->rated.head; l != NULL;
	     l = l->next) {
		if (l->room_id == r->id)
			return true;
	}
	return false;
}

void
rated_saved(struct server *sv, struct store_job *job)
{
	sv->ratings.saving = false;
	if (!job->ok) {
		/* Kept in memory and tried again later: nobody has been
		 * told of them. */
		fprintf(stderr, "tabula serve: %s\n", job->err);
		sv->rated.retry_at = clock_now_ms() + SERVER_SAVE_RETRY_MS;
		return;
	}
	sv->ratings.saved_version = job->version;
	rated_release(sv);
	rated_save(sv);
}

/* Holds a line for r's people until the ratings' current version is on
 * disk. */
static void rated_hold(struct server *sv, struct room *r, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

static void
rated_hold(struct server *sv, struct room *r, const char *fmt, ...)
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
	if (sv->rated.tail != NULL)
		sv->rated.tail->next = l;
	else
		sv->rated.head = l;
	sv->rated.tail = l;
}

/* Who a seat is for the ratings: its person, or the engine at its level
 * ("engine:N" both); false for an open seat or a person nobody is. */
static bool
rated_as(const struct room *r, int side, char *owner, char *account)
{
	const struct room_seat *s = &r->seat[side];
	if (s->who.kind == WHO_ENGINE) {
		who_format_as(&s->who, WHO_FORM_SHORT, owner,
		              IDENTITY_OWNER_MAX);
		who_format_as(&s->who, WHO_FORM_SHORT, account,
		              RATINGS_ACCOUNT_MAX);
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
void
rated_text(const struct server *sv, const struct room *r, int side, char *buf,
           size_t size)
{
	char owner[IDENTITY_OWNER_MAX], account[RATINGS_ACCOUNT_MAX];
	if (!rated_as(r, side, owner, account) ||
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
void
rated_count_result(struct server *sv, struct room *r)
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
	if (score < 0 || !rated_as(r, 0, owner[0], account[0]) ||
	    !rated_as(r, 1, owner[1], account[1]))
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
		rated_hold(sv, r, "rated %s %d %.0f %.0f %.0f", r->code, i + 1,
		           before[i].rating, after[i].rating,
		           after[i].deviation);
	rated_save(sv);
}

/* "rating [GAME]": c's ratings, one "rating GAME RATING DEVIATION GAMES"
 * line per two-player game (or the one named), as on disk, then
 * "rating-listed COUNT". */
void
rated_cmd_rating(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	const struct game_ops *only =
	        a->n == 2 ? registry_find(a->words[1]) : NULL;
	if (a->n == 2 && (only == NULL || only->players != 2)) {
		conn_send(c, "error usage: %s", a->usage);
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
		conn_send(c, "rating %s %.0f %.0f %u", ops->name, g.rating,
		          g.deviation, games);
		listed++;
	}
	conn_send(c, "rating-listed %zu", listed);
}

/* "top GAME [COUNT]": the leaderboard, one "top GAME RANK NAME KIND
 * RATING DEVIATION GAMES" line per person, then "topped GAME COUNT". */
void
rated_cmd_top(struct server *sv, struct conn *c, const struct cmd_args *a)
{
	const struct game_ops *ops = registry_find(a->words[1]);
	char *end = NULL;
	long want =
	        a->n == 3 ? strtol(a->words[2], &end, 10) : RATED_TOP_DEFAULT;
	if (ops == NULL || ops->players != 2 ||
	    (end != NULL &&
	     (*end != '\0' || want < 1 || want > RATED_TOP_MAX))) {
		conn_send(c, "error usage: %s", a->usage);
		return;
	}
	const struct rating_entry *best[RATED_TOP_MAX];
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
		conn_send(c, "top %s %zu %s %s %.0f %.0f %u", ops->name, i + 1,
		          kind[0] == 'e' ? best[i]->account : colon + 1, kind,
		          g.rating, g.deviation, games);
	}
	conn_send(c, "topped %s %zu", ops->name, count);
}

void
rated_free(struct server *sv)
{
	while (sv->rated.head != NULL) {
		struct rated_line *next = sv->rated.head->next;
		free(sv->rated.head);
		sv->rated.head = next;
	}
	sv->rated.tail = NULL;
}
