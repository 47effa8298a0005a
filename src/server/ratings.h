/*
 * The ratings of the room server's people: a Glicko-2 rating (glicko.h)
 * per identity per game, with the name it showed when it last played.
 * Kept in one file under the server's state directory, one
 * "GAME OWNER RATING DEVIATION VOLATILITY GAMES ACCOUNT" line per rating,
 * rewritten whole and atomically on a worker thread (ratings_save_job_new)
 * after each rated game; nobody hears of a new rating before the file
 * holding it is on disk (tabula(6), PLAY ON THIS HOST, "Ratings").
 */
#ifndef TABULA_SERVER_RATINGS_H
#define TABULA_SERVER_RATINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "server/glicko.h"
#include "server/identity.h"
#include "server/store.h"

/* The most ratings one server keeps (every key of every game). */
#define RATINGS_MAX 40000

/* "user:NAME" or "ssh:NAME" (as room.h's accounts), or "engine:N". */
#define RATINGS_ACCOUNT_MAX (IDENTITY_NAME_MAX + 8)

/* A game's name as the registry has it. */
#define RATINGS_GAME_MAX 16

/* The file's cap: every rating's line. */
#define RATINGS_FILE_MAX ((size_t)RATINGS_MAX * 192 + 64)

struct rating_entry {
	char game[RATINGS_GAME_MAX];
	char owner[IDENTITY_OWNER_MAX]; /* identity_owner, or "engine:N" */
	char account[RATINGS_ACCOUNT_MAX];
	struct glicko g;
	unsigned games; /* rated games played */
	/* The ratings version of its last change; while that is not on
	 * disk, people are told the rating before it (told, told_games). */
	unsigned changed;
	struct glicko told;
	unsigned told_games;
};

struct ratings {
	char path[4096];
	struct rating_entry *list;
	size_t count, cap;
	/* An index of list by game and owner (open addressing: an entry's
	 * number + 1, 0 for none), so that a full file loads, and every
	 * rating is found, in one look, not a walk of the list. */
	unsigned *slots;
	size_t nslots;          /* a power of two, more than twice count */
	unsigned version;       /* bumped by every rated game */
	unsigned saved_version; /* the version on disk */
	bool saving;            /* a save job is under way */
};

/* Reads the file at path (a missing file: nobody rated yet); false with
 * "PATH:LINE: ..." when a line does not parse, names a game and owner a
 * line before it did, or is one more than RATINGS_MAX, and when path is
 * a symbolic link (the file is left alone; tabula(6), "Ratings"). */
bool ratings_load(struct ratings *rt, const char *path, char *err,
                  size_t err_size);

void ratings_free(struct ratings *rt);

/* Owner's rating at game (a newcomer's when they have none yet). */
struct glicko ratings_get(const struct ratings *rt, const char *game,
                          const char *owner);

/* The entry of owner at game, or NULL (never rated). */
const struct rating_entry *ratings_find(const struct ratings *rt,
                                        const char *game, const char *owner);

/* The rating of e that people may be told (the one on disk), with its
 * games; a newcomer's for NULL. */
struct glicko ratings_told(const struct ratings *rt,
                           const struct rating_entry *e, unsigned *games);

/* Rates one game between owners a and b (accounts: the names they show)
 * with a's score (1, 0.5, 0); both ratings change in memory, a new
 * version to save.  The ratings before and after go to old[] and new[].
 * False when memory runs out or the list is full (nothing changes). */
bool ratings_rate(struct ratings *rt, const char *game, const char *owner[2],
                  const char *account[2], double score_a, struct glicko old[2],
                  struct glicko new_[2]);

/* Fills best[] with the at most max best-rated entries of game as told
 * (by rating less twice the deviation, so that one lucky game does not
 * lead); returns how many. */
size_t ratings_top(const struct ratings *rt, const char *game,
                   const struct rating_entry **best, size_t max);

/* A snapshot of the whole file as it stands, to write on a worker thread
 * (store_job_free frees it); NULL if out of memory. */
struct store_job *ratings_save_job_new(const struct ratings *rt);

#endif
