/*
 * The engine protocol's input (see engine-input.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/clock.h"
#include "proto/engine-input.h"

/* Bytes asked of read() at a time. */
enum { ENGINE_INPUT_CHUNK = 4096 };

bool
engine_input_open(struct engine_input *in, FILE *f)
{
	memset(in, 0, sizeof *in);
	in->file = f;
	in->fd = fileno(f);
	in->wake[0] = in->wake[1] = -1;
	if (in->fd >= 0 && pipe(in->wake) != 0)
		return false;
	for (int i = 0; i < 2 && in->fd >= 0; i++)
		fcntl(in->wake[i], F_SETFL, O_NONBLOCK);
	return true;
}

void
engine_input_close(struct engine_input *in)
{
	for (int i = 0; i < 2; i++) {
		if (in->wake[i] >= 0)
			close(in->wake[i]);
	}
	free(in->buf);
}

/* Reads what the descriptor has (blocking until something comes);
 * sets eof at its end or on an error. */
static void
engine_input_fill(struct engine_input *in)
{
	if (in->cap - in->len < ENGINE_INPUT_CHUNK) {
		size_t cap = in->cap * 2 + ENGINE_INPUT_CHUNK;
		char *buf = realloc(in->buf, cap);
		if (buf == NULL) {
			in->eof = true; /* out of memory: input ends */
			in->eof_ms = clock_now_ms();
			return;
		}
		in->buf = buf;
		in->cap = cap;
	}
	ssize_t n;
	do
		n = read(in->fd, in->buf + in->len, in->cap - in->len);
	while (n < 0 && errno == EINTR);
	if (n <= 0) {
		in->eof = true;
		in->eof_ms = clock_now_ms();
		return;
	}
	in->len += (size_t)n;
}

/* Takes the first len bytes (and the newline after them) as a line. */
static char *
engine_input_take(struct engine_input *in, size_t len, size_t skip)
{
	char *line = malloc(len + 1);
	if (line != NULL) {
		memcpy(line, in->buf, len);
		line[len] = '\0';
	}
	memmove(in->buf, in->buf + len + skip, in->len - len - skip);
	in->len -= len + skip;
	return line;
}

char *
engine_input_next(struct engine_input *in)
{
	if (in->fd < 0) {
		char *line = NULL;
		size_t cap = 0;
		if (getline(&line, &cap, in->file) >= 0)
			return line;
		free(line);
		return NULL;
	}
	for (;;) {
		char *nl = in->len > 0 ? memchr(in->buf, '\n', in->len) : NULL;
		if (nl != NULL)
			return engine_input_take(in, (size_t)(nl - in->buf), 1);
		if (in->eof)
			return in->len > 0 ? engine_input_take(in, in->len, 0)
			                   : NULL;
		engine_input_fill(in);
	}
}

/* Whether a whole `stop` or `quit` line is waiting in the buffer. */
static bool
engine_input_has_stop(const struct engine_input *in)
{
	const char *p = in->buf, *end = in->buf + in->len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			nl = in->eof ? end
			             : p; /* a last line without newline */
		if (nl == p && !in->eof)
			return false;
		const char *w = p;
		while (w < nl && (*w == ' ' || *w == '\t'))
			w++;
		size_t n = 0;
		while (w + n < nl && w[n] != ' ' && w[n] != '\t' &&
		       w[n] != '\r')
			n++;
		if (n == 4 &&
		    (strncmp(w, "stop", 4) == 0 || strncmp(w, "quit", 4) == 0))
			return true;
		p = nl + 1;
	}
	return false;
}

bool
engine_input_wait(struct engine_input *in, bool (*done)(void *ctx), void *ctx,
                  int grace_ms)
{
	if (in->fd < 0)
		return true; /* not watched: the caller waits for the job */
	for (;;) {
		if (done(ctx))
			return true;
		if (engine_input_has_stop(in))
			return false;
		int timeout = -1;
		if (in->eof) {
			int64_t left = in->eof_ms + grace_ms - clock_now_ms();
			if (left <= 0)
				return false;
			timeout = (int)left;
		}
		struct pollfd pfd[2] = {{in->wake[0], POLLIN, 0},
		                        {in->eof ? -1 : in->fd, POLLIN, 0}};
		if (poll(pfd, 2, timeout) < 0 && errno != EINTR)
			return false;
		char drain[64];
		if (pfd[0].revents & POLLIN) {
			while (read(in->wake[0], drain, sizeof drain) > 0)
				;
		}
		if (pfd[1].revents & (POLLIN | POLLHUP | POLLERR))
			engine_input_fill(in);
	}
}

void
engine_input_wake(struct engine_input *in)
{
	char byte = 1;
	if (in->wake[1] >= 0 && write(in->wake[1], &byte, 1) < 0) {
		/* the pipe is full: a wake-up is pending anyway */
	}
}
