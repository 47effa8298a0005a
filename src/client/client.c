/*
 * A room-protocol connection (see client.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "client/client.h"

/* How long a send may wait for a server that does not read. */
enum { NET_CLIENT_SEND_MS = 5000 };

bool
net_client_connect(struct net_client *c, const char *path, char *err,
                   size_t err_size)
{
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	c->fd = -1;
	c->eof = false;
	net_inbuf_init(&c->in);
	if (strlen(path) >= sizeof addr.sun_path) {
		snprintf(err, err_size, "%s: path too long for a socket", path);
		return false;
	}
	strcpy(addr.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || connect(fd, (void *)&addr, sizeof addr) != 0) {
		snprintf(err, err_size, "%s: %s%s", path, strerror(errno),
		         errno == ENOENT || errno == ECONNREFUSED
		                 ? " (no server there: start one with `tabula "
		                   "serve`, or set TABULA_SOCKET to its socket)"
		                 : "");
		if (fd >= 0)
			close(fd);
		return false;
	}
	fcntl(fd, F_SETFL, O_NONBLOCK);
	c->fd = fd;
	return true;
}

bool
net_client_send(struct net_client *c, const char *line)
{
	char buf[NET_LINE_MAX + 2];
	size_t len = strlen(line);
	if (len > NET_LINE_MAX)
		len = NET_LINE_MAX;
	memcpy(buf, line, len);
	buf[len++] = '\n';
	size_t done = 0;
	while (done < len) {
		ssize_t n = send(c->fd, buf + done, len - done, MSG_NOSIGNAL);
		if (n > 0) {
			done += (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			struct pollfd p = {c->fd, POLLOUT, 0};
			if (poll(&p, 1, NET_CLIENT_SEND_MS) > 0)
				continue;
		}
		return false;
	}
	return true;
}

static long
net_client_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int
net_client_next(struct net_client *c, char *line, int timeout_ms)
{
	long deadline = net_client_ms() + timeout_ms;
	for (;;) {
		enum net_line kind = net_inbuf_next(&c->in, line);
		if (kind == NET_LINE_OK)
			return 1;
		if (kind != NET_LINE_NONE)
			continue; /* the server never sends such lines */
		if (c->eof)
			return -1;
		long wait = deadline - net_client_ms();
		if (wait < 0)
			wait = 0;
		struct pollfd p = {c->fd, POLLIN, 0};
		int r = poll(&p, 1, (int)wait);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r < 0 ? -1 : 0;
		long got = net_inbuf_fill(&c->in, c->fd);
		if (got == 0 || got == -1)
			c->eof = true;
	}
}

void
net_client_close(struct net_client *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
}
