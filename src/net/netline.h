/*
 * Lines on a stream socket, for the room server and its clients (the
 * protocol is in tabula(6), PLAY ON THIS HOST).  Both ends read into a
 * fixed buffer and cut it into lines; a line longer than NET_LINE_MAX is
 * reported once and skipped up to its newline, so a hostile peer can never
 * make the reader allocate.  Writes go through a bounded output buffer so a
 * peer that stops reading costs at most NET_OUT_MAX bytes.
 */
#ifndef TABULA_NET_NETLINE_H
#define TABULA_NET_NETLINE_H

#include <stdbool.h>
#include <stddef.h>

/* Where the server listens and clients connect when not told otherwise
 * (the systemd unit's RuntimeDirectory); $TABULA_SOCKET overrides it. */
#define NET_DEFAULT_SOCKET "/run/tabula/tabula.sock"

/* The socket to use: $TABULA_SOCKET, else NET_DEFAULT_SOCKET. */
const char *net_socket_path(void);

/* The longest protocol line, its newline excluded. */
#define NET_LINE_MAX 512

/* The messages a client may send a second, and in one burst, unless the
 * server is told otherwise (tabula(6), PLAY ON THIS HOST, "Limits"). */
#define NET_RATE_PER_SEC 20
#define NET_RATE_BURST   40

/* The most output queued for one peer before it counts as not reading. */
#define NET_OUT_MAX (256 * 1024)

struct net_inbuf {
	char buf[NET_LINE_MAX + 2];
	size_t len;
	bool discarding; /* skipping the rest of an over-long line */
};

enum net_line {
	NET_LINE_NONE,     /* no whole line yet */
	NET_LINE_OK,       /* a line, without its newline */
	NET_LINE_TOO_LONG, /* a line over NET_LINE_MAX was skipped */
	NET_LINE_BAD       /* a line with control bytes (reported, skipped) */
};

struct net_outbuf {
	char *data;
	size_t len, cap;
};

void net_inbuf_init(struct net_inbuf *b);

/* Reads what fd has into b: >0 bytes read, 0 at end of file, -1 on an
 * error, -2 when nothing is there yet (EAGAIN). */
long net_inbuf_fill(struct net_inbuf *b, int fd);

/* Takes the next line out of b into line (NET_LINE_MAX + 1 bytes).  A
 * trailing carriage return is dropped; tabs and bytes of 0x80 and up
 * (UTF-8) are kept; other control bytes make the line NET_LINE_BAD. */
enum net_line net_inbuf_next(struct net_inbuf *b, char *line);

void net_outbuf_init(struct net_outbuf *o);
void net_outbuf_free(struct net_outbuf *o);

/* Queues text (and nothing else: callers add the newline); false when the
 * queue would pass NET_OUT_MAX or memory runs out (the peer is then
 * dropped by the caller). */
bool net_outbuf_put(struct net_outbuf *o, const char *text, size_t len);

/* Sends what the socket takes without blocking; false on an error (the
 * peer has gone). */
bool net_outbuf_flush(struct net_outbuf *o, int fd);

/* Splits line in place into at most max words separated by spaces; returns
 * the count.  Words past max stay joined in the last one. */
int net_split(char *line, char **words, int max);

#endif
