/*
 * The client end of the room protocol (tabula(6), PLAY ON THIS HOST): a
 * connection to the server's socket that sends lines and hands back the
 * server's lines one at a time, waiting at most a given time.  Used by
 * `tabula connect` and the TUI's lobby; it never blocks without a time
 * limit.
 */
#ifndef TABULA_CLIENT_CLIENT_H
#define TABULA_CLIENT_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

#include "net/netline.h"

struct net_client {
	int fd;
	struct net_inbuf in;
	bool eof;
};

/* Connects to the server at path; false with a message. */
bool net_client_connect(struct net_client *c, const char *path, char *err,
                        size_t err_size);

/* Sends one line (a newline is added); false when the server has gone or
 * does not take it within a few seconds. */
bool net_client_send(struct net_client *c, const char *line);

/* The next line from the server into line (NET_LINE_MAX + 1 bytes): 1 when
 * one came, 0 when none came within timeout_ms (0: do not wait), -1 when
 * the connection closed. */
int net_client_next(struct net_client *c, char *line, int timeout_ms);

void net_client_close(struct net_client *c);

#endif
