/*
 * The server's saves (tabula(6), PLAY ON THIS HOST, "The server"): a
 * room, the accounts or the ratings written on the savers' threads, and
 * what follows when a save ends: the news held for it sent, or the change
 * undone and its maker told why.
 */
#ifndef TABULA_SERVER_SAVES_H
#define TABULA_SERVER_SAVES_H

struct room;
struct server;
struct worker_job;

/* What the savers' jobs are (worker_job.kind). */
enum { SAVE_ROOM = 1, SAVE_ACCOUNTS = 2, SAVE_RATINGS = 3 };

/* Starts saving r when it has changed and no save is under way. */
void saves_room(struct server *sv, struct room *r);

/* Starts saving the accounts when names were given since the last save. */
void saves_accounts(struct server *sv);

/* Takes every finished save from the savers. */
void saves_done(struct server *sv);

/* Frees a save job of any kind (the server stops). */
void saves_job_free(struct worker_job *job);

#endif
