/*
 * The ratings file and the ratings in memory (see ratings.h).
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/text.h"
#include "server/ratings.h"
#include "server/store.h"

static const char RATINGS_MAGIC[] = "# tabula ratings 1";

/* FNV-1a of game, a NUL, then owner. */
static size_t
ratings_hash(const char *game, const char *owner)
{
	uint64_t h = 14695981039346656037ull;
	for (const char *s = game;; s++) {
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
		if (*s == '\0')
			break;
	}
	for (const char *s = owner; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return (size_t)h;
}

/* The slot of game and owner: theirs, or the empty one where they would
 * go.  rt->nslots must be non-zero. */
static unsigned *
ratings_slot(const struct ratings *rt, const char *game, const char *owner)
{
	size_t mask = rt->nslots - 1;
	for (size_t i = ratings_hash(game, owner) & mask;; i = (i + 1) & mask) {
		unsigned *slot = &rt->slots[i];
		if (*slot == 0)
			return slot;
		const struct rating_entry *e = &rt->list[*slot - 1];
		if (strcmp(e->owner, owner) == 0 && strcmp(e->game, game) == 0)
			return slot;
	}
}

/* Makes room in the index for one more entry; false when out of memory. */
static bool
ratings_index_grow(struct ratings *rt)
{
	if (rt->nslots > 2 * (rt->count + 1))
		return true;
	size_t n = rt->nslots ? rt->nslots * 2 : 128;
	unsigned *slots = calloc(n, sizeof *slots);
	if (slots == NULL)
		return false;
	free(rt->slots);
	rt->slots = slots;
	rt->nslots = n;
	for (size_t i = 0; i < rt->count; i++)
		*ratings_slot(rt, rt->list[i].game, rt->list[i].owner) =
		        (unsigned)i + 1;
	return true;
}

const struct rating_entry *
ratings_find(const struct ratings *rt, const char *game, const char *owner)
{
	if (rt->nslots == 0)
		return NULL;
	unsigned at = *ratings_slot(rt, game, owner);
	return at != 0 ? &rt->list[at - 1] : NULL;
}

struct glicko
ratings_get(const struct ratings *rt, const char *game, const char *owner)
{
	const struct rating_entry *e = ratings_find(rt, game, owner);
	return e != NULL ? e->g : glicko_start();
}

/* The entry of owner at game, made (a newcomer's) when missing; NULL when
 * memory runs out or the list is full. */
static struct rating_entry *
ratings_entry(struct ratings *rt, const char *game, const char *owner)
{
	struct rating_entry *e =
	        (struct rating_entry *)ratings_find(rt, game, owner);
	if (e != NULL)
		return e;
	if (rt->count >= RATINGS_MAX || !ratings_index_grow(rt))
		return NULL;
	if (rt->count == rt->cap) {
		size_t cap = rt->cap ? rt->cap * 2 : 64;
		struct rating_entry *l = realloc(rt->list, cap * sizeof *l);
		if (l == NULL)
			return NULL;
		rt->list = l;
		rt->cap = cap;
	}
	e = &rt->list[rt->count++];
	memset(e, 0, sizeof *e);
	snprintf(e->game, sizeof e->game, "%s", game);
	snprintf(e->owner, sizeof e->owner, "%s", owner);
	e->g = glicko_start();
	*ratings_slot(rt, e->game, e->owner) = (unsigned)rt->count;
	return e;
}

/* Whether word is one token of at most max - 1 bytes. */
static bool
ratings_word_ok(const char *word, size_t max)
{
	size_t len = strlen(word);
	return len > 0 && len < max && strcspn(word, " \t") == len;
}

/* Whether account is a name as the server writes them, "user:NAME" or
 * "ssh:NAME" (identity_name_valid) or "engine:N": a file cannot slip a
 * control character into anyone's leaderboard. */
static bool
ratings_account_ok(const char *account)
{
	long level;
	if (strncmp(account, "engine:", 7) == 0)
		return text_to_long(account + 7, 1, 10, &level);
	return (strncmp(account, "user:", 5) == 0 ||
	        strncmp(account, "ssh:", 4) == 0) &&
	       identity_name_valid(strchr(account, ':') + 1);
}

/* Reads one "GAME OWNER RATING DEVIATION VOLATILITY GAMES ACCOUNT" line;
 * NULL, or what is wrong with it. */
static const char *
ratings_parse_line(struct ratings *rt, const char *p)
{
	static const char form[] =
	        "not 'GAME OWNER RATING DEVIATION VOLATILITY GAMES NAME'";
	char game[64], owner[128], account[64];
	double r, rd, vol;
	unsigned games;
	char tail;
	if (sscanf(p, "%63s %127s %lf %lf %lf %u %63s %c", game, owner, &r, &rd,
	           &vol, &games, account, &tail) != 7)
		return form;
	if (!ratings_word_ok(game, RATINGS_GAME_MAX) ||
	    !ratings_word_ok(owner, IDENTITY_OWNER_MAX) ||
	    !ratings_word_ok(account, RATINGS_ACCOUNT_MAX) ||
	    !(r > -10000 && r < 10000) ||
	    !(rd > 0 && rd <= GLICKO_START_DEVIATION) || !(vol > 0 && vol < 10))
		return form;
	if (!ratings_account_ok(account))
		return "not a person's name (user:NAME, ssh:NAME) nor an "
		       "engine's (engine:N)";
	if (ratings_find(rt, game, owner) != NULL)
		return "not the first line for this game and owner";
	if (rt->count >= RATINGS_MAX)
		return "more ratings than a server keeps (40000)";
	struct rating_entry *e = ratings_entry(rt, game, owner);
	if (e == NULL)
		return "out of memory";
	snprintf(e->account, sizeof e->account, "%s", account);
	e->g = (struct glicko){r, rd, vol};
	e->games = games;
	return NULL;
}

/* One line of the ratings file: the magic first, then entries or blanks. */
static const char *
ratings_line(char *p, int number, void *ctx)
{
	if (number == 1)
		return strcmp(p, RATINGS_MAGIC) == 0 ? NULL
		                                     : "not a ratings file";
	return *p == '\0' ? NULL : ratings_parse_line(ctx, p);
}

bool
ratings_load(struct ratings *rt, const char *path, char *err, size_t err_size)
{
	memset(rt, 0, sizeof *rt);
	if ((size_t)snprintf(rt->path, sizeof rt->path, "%s", path) >=
	    sizeof rt->path) {
		snprintf(err, err_size, "%s: path too long", path);
		return false;
	}
	if (!store_read_lines(path, RATINGS_FILE_MAX, ratings_line, rt, err,
	                      err_size)) {
		ratings_free(rt);
		return false;
	}
	return true;
}

void
ratings_free(struct ratings *rt)
{
	free(rt->list);
	free(rt->slots);
	rt->list = NULL;
	rt->slots = NULL;
	rt->count = rt->cap = rt->nslots = 0;
}

bool
ratings_rate(struct ratings *rt, const char *game, const char *owner[2],
             const char *account[2], double score_a, struct glicko old[2],
             struct glicko new_[2])
{
	size_t at[2];
	for (int i = 0; i < 2; i++) {
		struct rating_entry *e = ratings_entry(rt, game, owner[i]);
		if (e == NULL)
			return false;
		at[i] = (size_t)(e - rt->list); /* the list may move */
	}
	struct rating_entry *e[2] = {&rt->list[at[0]], &rt->list[at[1]]};
	for (int i = 0; i < 2; i++)
		old[i] = e[i]->g;
	for (int i = 0; i < 2; i++) {
		struct glicko_game g = {old[1 - i],
		                        i == 0 ? score_a : 1.0 - score_a};
		new_[i] = glicko_update(old[i], &g, 1, GLICKO_TAU);
	}
	rt->version++;
	for (int i = 0; i < 2; i++) {
		if (e[i]->changed <= rt->saved_version) {
			e[i]->told = e[i]->g;
			e[i]->told_games = e[i]->games;
		}
		e[i]->changed = rt->version;
		e[i]->g = new_[i];
		e[i]->games++;
		snprintf(e[i]->account, sizeof e[i]->account, "%s", account[i]);
	}
	return true;
}

struct glicko
ratings_told(const struct ratings *rt, const struct rating_entry *e,
             unsigned *games)
{
	if (e == NULL) {
		*games = 0;
		return glicko_start();
	}
	bool unsaved = e->changed > rt->saved_version;
	*games = unsaved ? e->told_games : e->games;
	return unsaved ? e->told : e->g;
}

/* What the leaderboard sorts by: a told rating it is fairly sure of
 * (-1e9 for none). */
static double
ratings_sure(const struct ratings *rt, const struct rating_entry *e)
{
	unsigned games;
	struct glicko g = ratings_told(rt, e, &games);
	return games == 0 ? -1e9 : g.rating - 2.0 * g.deviation;
}

size_t
ratings_top(const struct ratings *rt, const char *game,
            const struct rating_entry **best, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < rt->count; i++) {
		const struct rating_entry *e = &rt->list[i];
		double sure = ratings_sure(rt, e);
		if (strcmp(e->game, game) != 0 || sure <= -1e9)
			continue;
		/* Insertion into the kept best, highest first. */
		size_t at = n < max ? n : max;
		while (at > 0 && ratings_sure(rt, best[at - 1]) < sure)
			at--;
		if (at >= max)
			continue;
		size_t last = n < max ? n : max - 1;
		memmove(&best[at + 1], &best[at], (last - at) * sizeof *best);
		best[at] = e;
		if (n < max)
			n++;
	}
	return n;
}

struct store_job *
ratings_save_job_new(const struct ratings *rt)
{
	size_t size = sizeof RATINGS_MAGIC + 1 + rt->count * 192;
	char *text = malloc(size);
	if (text == NULL)
		return NULL;
	size_t len = (size_t)snprintf(text, size, "%s\n", RATINGS_MAGIC);
	for (size_t i = 0; i < rt->count; i++) {
		const struct rating_entry *e = &rt->list[i];
		len += (size_t)snprintf(text + len, size - len,
		                        "%s %s %.4f %.4f %.8f %u %s\n", e->game,
		                        e->owner, e->g.rating, e->g.deviation,
		                        e->g.volatility, e->games, e->account);
	}
	return store_job_new(rt->path, text, len, rt->version);
}
