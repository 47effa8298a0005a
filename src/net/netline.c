/*
 * Line buffers for the room protocol (see netline.h).
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#include "core/text.h"
#include "net/netline.h"

/* The blanks between a room line's words. */
static const char NET_BLANKS[] = " \t";

const char *
net_socket_path(void)
{
	const char *env = getenv("TABULA_SOCKET");
	return env != NULL && env[0] != '\0' ? env : NET_DEFAULT_SOCKET;
}

void
net_inbuf_init(struct net_inbuf *b)
{
	b->len = 0;
	b->discarding = false;
}

long
net_inbuf_fill(struct net_inbuf *b, int fd)
{
	size_t room = sizeof b->buf - b->len;
	if (room == 0)
		return -2; /* net_inbuf_next empties a full buffer */
	ssize_t n;
	do
		n = read(fd, b->buf + b->len, room);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return errno == EAGAIN || errno == EWOULDBLOCK ? -2 : -1;
	b->len += (size_t)n;
	return (long)n;
}

enum net_line
net_inbuf_next(struct net_inbuf *b, char *line)
{
	char *nl = memchr(b->buf, '\n', b->len);
	if (nl == NULL) {
		if (b->len < sizeof b->buf)
			return NET_LINE_NONE;
		/* Full without a newline: the line is too long.  Report it
		 * once, then skip up to the next newline. */
		bool first = !b->discarding;
		b->len = 0;
		b->discarding = true;
		return first ? NET_LINE_TOO_LONG : NET_LINE_NONE;
	}
	size_t n = (size_t)(nl - b->buf);
	size_t used = n + 1;
	if (n > 0 && b->buf[n - 1] == '\r')
		n--;
	bool skipped = b->discarding;
	bool bad = n > NET_LINE_MAX;
	if (!skipped && !bad) {
		memcpy(line, b->buf, n);
		line[n] = '\0';
		for (size_t i = 0; i < n; i++) {
			unsigned char c = (unsigned char)line[i];
			if ((c < 0x20 && c != '\t') || c == 0x7f)
				bad = true;
		}
	}
	memmove(b->buf, b->buf + used, b->len - used);
	b->len -= used;
	b->discarding = false;
	if (skipped)
		return net_inbuf_next(b, line);
	if (n > NET_LINE_MAX)
		return NET_LINE_TOO_LONG;
	return bad ? NET_LINE_BAD : NET_LINE_OK;
}

void
net_outbuf_init(struct net_outbuf *o)
{
	o->data = NULL;
	o->len = o->cap = 0;
}

void
net_outbuf_free(struct net_outbuf *o)
{
	free(o->data);
	net_outbuf_init(o);
}

bool
net_outbuf_put(struct net_outbuf *o, const char *text, size_t len)
{
	if (o->len + len > NET_OUT_MAX)
		return false;
	if (o->len + len > o->cap) {
		size_t cap = o->cap ? o->cap : 1024;
		while (cap < o->len + len)
			cap *= 2;
		if (cap > NET_OUT_MAX)
			cap = NET_OUT_MAX;
		char *d = realloc(o->data, cap);
		if (d == NULL)
			return false;
		o->data = d;
		o->cap = cap;
	}
	memcpy(o->data + o->len, text, len);
	o->len += len;
	return true;
}

bool
net_outbuf_flush(struct net_outbuf *o, int fd)
{
	size_t done = 0;
	while (done < o->len) {
		ssize_t n = send(fd, o->data + done, o->len - done,
		                 MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		if (n <= 0)
			return false;
		done += (size_t)n;
	}
	memmove(o->data, o->data + done, o->len - done);
	o->len -= done;
	/* A drained buffer gives its memory back: most peers are idle. */
	if (o->len == 0 && o->cap > 4096) {
		free(o->data);
		net_outbuf_init(o);
	}
	return true;
}

int
net_split(char *line, char **words, int max)
{
	int n = 0;
	char *rest = line;
	while (n + 1 < max &&
	       (words[n] = text_next_word(&rest, NET_BLANKS)) != NULL)
		n++;
	/* The last word keeps the rest of the line, blanks and all. */
	rest += strspn(rest, NET_BLANKS);
	if (n < max && *rest != '\0')
		words[n++] = rest;
	return n;
}
