/*
 * The room server (`tabula serve`; tabula(6), PLAY ON THIS HOST): one
 * thread runs a poll() loop over a listening Unix-domain socket, every
 * client connection, a self-pipe for signals and the engine pool's pipe.
 * No thread per client; the engine seats' searches run on the pool
 * (server/engines.h).  Every room, client and buffer is bounded, so a
 * client that misbehaves is answered with an error or dropped, and
 * nobody else notices.
 */
#ifndef TABULA_SERVER_SERVER_H
#define TABULA_SERVER_SERVER_H

#include <stdbool.h>
#include <sys/types.h>

/* Where the rooms are kept (the systemd unit's StateDirectory). */
#define SERVER_DEFAULT_STATE "/var/lib/tabula"

struct server_config {
	const char *socket_path;
	const char *state_dir;
	bool have_shared; /* connections from shared_uid are SSH keys */
	uid_t shared_uid;
	int max_clients;     /* connections at once */
	int max_rooms;       /* rooms held at once */
	int max_per_account; /* connections of one person at once */
	int name_timeout_ms; /* a connection with no name, silent this long,
	                        is dropped */
	int max_games_per_account; /* unfinished games one person sits in */
	int engine_threads;
	int max_searches_per_account; /* engine searches one person's rooms
	                                 have under way or queued at once */
	int save_threads;             /* saves waiting for the disk at once */
	int rate_per_sec; /* messages a client may send per second ... */
	int rate_burst;   /* ... and in one burst */
};

/* Fills cfg with the defaults (documented in tabula(6)). */
void server_config_defaults(struct server_config *cfg);

/* Runs the server until SIGINT, SIGTERM or SIGHUP; returns an exit status
 * (0 after a signal, 1 when it could not start). */
int server_run(const struct server_config *cfg);

#endif
