/*
 * Wake pipes (see wake.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "core/wake.h"

bool
wake_open(struct wake *w)
{
	w->fd[0] = w->fd[1] = -1;
	if (pipe(w->fd) != 0) {
		w->fd[0] = w->fd[1] = -1;
		return false;
	}
	for (int i = 0; i < 2; i++) {
		int flags = fcntl(w->fd[i], F_GETFL);
		if (flags < 0 ||
		    fcntl(w->fd[i], F_SETFL, flags | O_NONBLOCK) != 0 ||
		    fcntl(w->fd[i], F_SETFD, FD_CLOEXEC) != 0) {
			int saved = errno;
			wake_close(w);
			errno = saved;
			return false;
		}
	}
	return true;
}

void
wake_close(struct wake *w)
{
	for (int i = 0; i < 2; i++) {
		if (w->fd[i] >= 0)
			close(w->fd[i]);
		w->fd[i] = -1;
	}
}

int
wake_fd(const struct wake *w)
{
	return w->fd[0];
}

void
wake_up(struct wake *w)
{
	/* A signal handler's caller may be reading errno. */
	int saved = errno;
	char byte = 1;
	if (w->fd[1] >= 0 && write(w->fd[1], &byte, 1) < 0) {
		/* EAGAIN: the pipe is full, a wake-up is pending anyway */
	}
	errno = saved;
}

void
wake_drain(struct wake *w)
{
	char drain[256];
	while (w->fd[0] >= 0 && read(w->fd[0], drain, sizeof drain) > 0)
		;
}
