/*
 * Helpers for the room server's tests: a server started from the real
 * binary ($TABULA serve) in a private directory, and peers, each a real
 * `tabula connect` process (so that each has its own environment, and so
 * its own SSH_USER_AUTH), driven through pipes with a time limit on every
 * wait.
 */
#ifndef TABULA_TESTS_ROOMTEST_H
#define TABULA_TESTS_ROOMTEST_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "core/session.h"
#include "net/netline.h"

/* The longest any test waits for one line. */
#define ROOMTEST_WAIT_MS 20000

struct rt_server {
	pid_t pid;
	char dir[256]; /* private directory, removed by rt_server_clean */
	char socket[320];
	char state[320];
	bool shared; /* identities by SSH key (--shared-user) */
	/* When > 0, the server runs under this file size limit (bytes): its
	 * saves past it fail, as on a full disk. */
	unsigned long fsize_limit;
};

struct rt_peer {
	pid_t pid;
	int to, from;
	struct net_inbuf in;
	char auth[256]; /* its fake sshd auth-info file, or "" */
	/* rt_send keeps under the server's default rate limit (a token
	 * bucket like the server's, with a margin), so a fast machine does
	 * not trip it; hostile tests write to sockets directly. */
	double tokens, refill_ms;
};

/* Makes the private directory; shared says whether peers are keys. */
void rt_server_init(struct rt_server *s, bool shared);

/* Starts the server (extra: more options, space separated, or NULL) and
 * waits until its socket answers. */
void rt_server_start(struct rt_server *s, const char *extra);

/* Stops the server with sig and reaps it. */
void rt_server_stop(struct rt_server *s, int sig);

/* Stops the server if running and removes the directory. */
void rt_server_clean(struct rt_server *s);

/* Starts a peer; key (e.g. "AAAAalice") gives it an auth-info file with
 * that key, NULL none.  Reads up to its "welcome" or "need-name". */
void rt_peer_start(struct rt_peer *p, const struct rt_server *s,
                   const char *key);

/* Like rt_peer_start, but makes the auth-info file with the given mode and
 * returns without reading. */
void rt_peer_start_raw(struct rt_peer *p, const struct rt_server *s,
                       const char *key, int mode);

/* Like rt_peer_start_raw without a key, the peer running as user uid
 * (the test must be root). */
void rt_peer_start_as(struct rt_peer *p, const struct rt_server *s, uid_t uid,
                      gid_t gid);

/* Starts a peer for key and gives it name (its first login), checking the
 * welcome. */
void rt_login(struct rt_peer *p, const struct rt_server *s, const char *key,
              const char *name);

void rt_send(struct rt_peer *p, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

/* Reads lines until one starts with prefix (copied into line, which may be
 * NULL); fails the test on a timeout or the end of the connection. */
void rt_expect(struct rt_peer *p, const char *prefix, char *line);

/* The next line into line (NET_LINE_MAX + 1 bytes); false at the end or
 * after timeout_ms. */
bool rt_next(struct rt_peer *p, char *line, int timeout_ms);

/* Ends the peer: closes its input and reaps it; kill: SIGKILL it first. */
void rt_peer_stop(struct rt_peer *p, bool kill);

/* Writes text to DIR/NAME (a room's or the server's state file). */
void rt_write_file(const char *dir, const char *name, const char *text);

/* Monotonic milliseconds (fractional). */
double rt_now_ms(void);

/* Applies a "move CODE PLY TEXT" line to s; fails the test if the ply is
 * not the next or the move is illegal. */
void rt_apply_move(struct session *s, const char *line);

#endif
