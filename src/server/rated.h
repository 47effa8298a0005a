/*
 * The server's side of the ratings (tabula(6), PLAY ON THIS HOST,
 * "Ratings"; ratings.c keeps the file and the numbers): the ratings
 * file's saves on the savers, the "rated" news held until the file
 * holding it is on disk, a finished rated game counted, a seat's rating as
 * the room's lines show it, and the rating and top commands.
 */
#ifndef TABULA_SERVER_RATED_H
#define TABULA_SERVER_RATED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct conn;
struct room;
struct server;
struct store_job;
struct cmd_args;

/* The most lines "top" sends. */
#define RATED_TOP_MAX 50

/* A line about ratings for a room's people, held until the ratings file
 * holding what it tells is on disk. */
struct rated_line {
	unsigned version; /* the ratings version it tells of */
	unsigned room_id;
	struct rated_line *next;
	char text[];
};

struct rated_news {
	struct rated_line *head, *tail;
	int64_t retry_at; /* after a failed save of the ratings */
};

/* Starts saving the ratings when a rated game changed them (after a
 * failed save, once its wait is over). */
void rated_save(struct server *sv);

/* What became of a save of the ratings. */
void rated_saved(struct server *sv, struct store_job *job);

/* Whether news of r's ratings waits for the disk (r stays loaded). */
bool rated_pending(const struct server *sv, const struct room *r);

/* Counts the result of r, a rated game now over on disk: both ratings
 * change, and the room hears "rated" once the ratings are on disk. */
void rated_count_result(struct server *sv, struct room *r);

/* A seat's rating as the room's lines show it into buf. */
void rated_text(const struct server *sv, const struct room *r, int side,
                char *buf, size_t size);

/* The held news, freed (the server stops). */
void rated_free(struct server *sv);

/* The commands "rating [GAME]" and "top GAME [COUNT]". */
void rated_cmd_rating(struct server *sv, struct conn *c,
                      const struct cmd_args *a);
void rated_cmd_top(struct server *sv, struct conn *c, const struct cmd_args *a);

#endif
