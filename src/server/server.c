/*
 * The room server's event loop, its start and its stop (see server.h;
 * the protocol is in tabula(6), PLAY ON THIS HOST).  What it holds is in
 * state.h, each part with the file that owns it.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "core/clock.h"
#include "core/worker.h"
#include "net/netline.h"
#include "server/cmd.h"
#include "server/conn.h"
#include "server/engine-job.h"
#include "server/engines.h"
#include "server/identity.h"
#include "server/paired.h"
#include "server/rated.h"
#include "server/room.h"
#include "server/rooms.h"
#include "server/saves.h"
#include "server/state.h"
#include "server/store.h"

/* The running server's, for the signal handler. */
static struct wake *server_signal_wake;

void
server_config_defaults(struct server_config *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->socket_path = net_socket_path();
	cfg->state_dir = SERVER_DEFAULT_STATE;
	cfg->max_clients = 1000;
	cfg->max_rooms = 500;
	cfg->max_per_account = 16;
	cfg->name_timeout_ms = 120 * 1000;
	cfg->max_games_per_account = 20;
	cfg->engine_threads = 2;
	cfg->max_searches_per_account = 1;
	cfg->save_threads = 4;
	cfg->rate_per_sec = NET_RATE_PER_SEC;
	cfg->rate_burst = NET_RATE_BURST;
}

static void
server_accept(struct server *sv)
{
	for (;;) {
		int fd = accept4(sv->listen_fd, NULL, NULL,
		                 SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (fd < 0)
			return; /* EAGAIN, or an error: poll says again */
		conn_new(sv, fd);
	}
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
		    !r->engine_busy && !r->saving && !room_news_waits(r) &&
		    !rated_pending(sv, r)) {
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
	int64_t now = clock_now_ms(), next = -1;
	if (sv->pairing.count >= 2) {
		/* Ranges widen every second. */
		paired_pair(sv);
		next = 1000;
	}
	int64_t nameless = conn_drop_nameless(sv, now);
	if (nameless >= 0 && (next < 0 || nameless < next))
		next = nameless;
	if (!sv->ratings.saving &&
	    sv->ratings.saved_version != sv->ratings.version) {
		rated_save(sv);
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
			engines_kick(sv, r);
		}
		if (r->clock_ms == 0)
			continue;
		if (room_check_time(r, now)) {
			saves_room(sv, r);
			rooms_send_clock(sv, r, NULL);
			rooms_send_over(sv, r, NULL);
			continue;
		}
		int64_t t = room_time_to_flag(r, now);
		if (t >= 0 && (next < 0 || t < next))
			next = t;
	}
	return next < 0 ? -1 : next > 60000 ? 60000 : (int)next + 1;
}

static void
server_on_signal(int sig)
{
	(void)sig;
	if (server_signal_wake != NULL)
		wake_up(server_signal_wake);
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
		                  clock_now_ms(), err, sizeof err);
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
		engines_kick(sv, sv->rooms[i]);
}

static void server_catch_signals(struct server *sv);

/* The state directory: made or checked, locked for this server alone
 * (a second server on it would rewrite the same files), its accounts and
 * ratings read. */
static bool
server_open_state(struct server *sv, char *err, size_t err_size)
{
	const char *dir = sv->cfg->state_dir;
	char accounts[4200], ratings[4200];
	snprintf(accounts, sizeof accounts, "%s/accounts", dir);
	snprintf(ratings, sizeof ratings, "%s/ratings", dir);
	if (!store_mkdir(dir, err, err_size))
		return false;
	sv->lock_fd = store_lock_dir(dir, err, err_size);
	return sv->lock_fd >= 0 && store_mkdir(sv->rooms_dir, err, err_size) &&
	       store_mkdir(sv->finished_dir, err, err_size) &&
	       accounts_load(&sv->accounts, accounts, err, err_size) &&
	       ratings_load(&sv->ratings, ratings, err, err_size);
}

static bool
server_open(struct server *sv, const struct server_config *cfg)
{
	char err[1024];
	memset(sv, 0, sizeof *sv);
	sv->cfg = cfg;
	sv->listen_fd = sv->lock_fd = -1;
	sv->signals.fd[0] = sv->signals.fd[1] = -1;
	sv->next_room_id = 1;
	rng_seed(&sv->rng, (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32) ^
	                           (uint64_t)clock_now_ms());
	snprintf(sv->rooms_dir, sizeof sv->rooms_dir, "%s/rooms",
	         cfg->state_dir);
	snprintf(sv->finished_dir, sizeof sv->finished_dir, "%s/finished",
	         cfg->state_dir);
	sv->clients = calloc((size_t)cfg->max_clients, sizeof *sv->clients);
	sv->rooms = calloc((size_t)cfg->max_rooms, sizeof *sv->rooms);
	sv->pfds = calloc((size_t)cfg->max_clients + 4, sizeof *sv->pfds);
	if (sv->clients == NULL || sv->rooms == NULL || sv->pfds == NULL) {
		fprintf(stderr, "tabula serve: out of memory\n");
		return false;
	}
	if (!server_open_state(sv, err, sizeof err)) {
		fprintf(stderr, "tabula serve: %s\n", err);
		return false;
	}
	sv->engines = worker_new(cfg->engine_threads);
	sv->savers = worker_new(cfg->save_threads);
	if (sv->engines == NULL || sv->savers == NULL ||
	    !wake_open(&sv->signals)) {
		fprintf(stderr, "tabula serve: cannot start threads\n");
		return false;
	}
	server_load_rooms(sv);
	sv->listen_fd = server_listen(cfg->socket_path, err, sizeof err);
	if (sv->listen_fd < 0) {
		fprintf(stderr, "tabula serve: %s\n", err);
		return false;
	}
	server_catch_signals(sv);
	fprintf(stderr, "tabula serve: listening on %s, %zu rooms from %s\n",
	        cfg->socket_path, sv->nrooms, sv->rooms_dir);
	return true;
}

/* SIGTERM, SIGINT and SIGHUP wake the loop, which stops; SIGPIPE and
 * SIGXFSZ are errors of the write that met them. */
static void
server_catch_signals(struct server *sv)
{
	server_signal_wake = &sv->signals;
	struct sigaction sa = {.sa_handler = server_on_signal};
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	/* Past a file size limit a save fails (EFBIG) and is refused like
	 * any other; the signal would kill the server. */
	signal(SIGXFSZ, SIG_IGN);
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
		conn_send(sv->clients[i], "bye the server is stopping");
		net_outbuf_flush(&sv->clients[i]->out, sv->clients[i]->fd);
	}
	while (sv->nclients > 0)
		conn_drop(sv, sv->nclients - 1);
	/* Every save under way or queued reaches the disk before we go; the
	 * searches end at once (their moves were never played). */
	engines_cancel(sv, true);
	worker_free(sv->savers, true, saves_job_free);
	worker_free(sv->engines, false, engine_job_free);
	for (size_t i = 0; i < sv->nrooms; i++)
		room_free(sv->rooms[i]);
	server_signal_wake = NULL;
	wake_close(&sv->signals);
	if (sv->lock_fd >= 0)
		close(sv->lock_fd); /* the last: every save is on disk */
	accounts_free(&sv->accounts);
	ratings_free(&sv->ratings);
	pairing_free(&sv->pairing);
	rated_free(sv);
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
	sv->pfds[nfds++] = (struct pollfd){wake_fd(&sv->signals), POLLIN, 0};
	sv->pfds[nfds++] = (struct pollfd){worker_fd(sv->engines), POLLIN, 0};
	sv->pfds[nfds++] = (struct pollfd){worker_fd(sv->savers), POLLIN, 0};
	sv->pfds[nfds++] =
	        (struct pollfd){can_accept ? sv->listen_fd : -1, POLLIN, 0};
	*first_client = nfds;
	for (size_t i = 0; i < sv->nclients; i++) {
		struct conn *c = sv->clients[i];
		short ev = conn_waits(c) ? 0 : POLLIN;
		if (c->out.len > 0)
			ev |= POLLOUT;
		sv->pfds[nfds++] = (struct pollfd){c->fd, ev, 0};
	}
	return nfds;
}

/* Carries out c's lines, one command at a time (cmd.c), while it may. */
static void
server_take_lines(struct server *sv, struct conn *c)
{
	char line[NET_LINE_MAX + 1];
	while (conn_next_line(sv, c, line)) {
		sv->actor = c->serial;
		cmd_line(sv, c, line);
		sv->actor = 0;
	}
}

static void
server_read(struct server *sv, struct conn *c)
{
	if (conn_read(c))
		server_take_lines(sv, c);
}

/* Hands each client the lines it held while it waited, writes what is
 * queued for it and drops the dead and the closed. */
static void
server_flush_clients(struct server *sv)
{
	for (size_t i = 0; i < sv->nclients;) {
		struct conn *c = sv->clients[i];
		server_take_lines(sv, c); /* held while it waited */
		conn_bye_when_told(c);
		if (!c->dead && c->out.len > 0 &&
		    !net_outbuf_flush(&c->out, c->fd))
			c->dead = true;
		if (c->dead || (c->closing && c->out.len == 0))
			conn_drop(sv, i);
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
			engines_done(&sv);
			engines_kick_waiting(&sv);
		}
		if (sv.pfds[2].revents & POLLIN)
			saves_done(&sv);
		/* Clients first (their slots match pfds), then new ones. */
		size_t n = sv.nclients;
		for (size_t i = 0; i < n; i++) {
			struct conn *c = sv.clients[i];
			short re = sv.pfds[first_client + i].revents;
			if (re & POLLIN)
				server_read(&sv, c);
			else if (re & (POLLERR | POLLHUP | POLLNVAL))
				c->dead = true;
		}
		if (sv.pfds[first_client - 1].revents & POLLIN)
			server_accept(&sv);
		server_flush_clients(&sv);
		engines_cancel(&sv, false);
		server_unload_rooms(&sv);
	}
	fprintf(stderr, "tabula serve: stopping\n");
	server_close(&sv);
	return 0;
}
