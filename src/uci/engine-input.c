/*
 * The engine protocol's input (see engine-input.h).
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/clock.h"
#include "uci/engine-input.h"

/* Bytes asked of read() at a time. */
enum { ENGINE_INPUT_CHUNK = 4096 };

bool
engine_input_open(struct engine_input *in, FILE *f)
{
	memset(in, 0, sizeof *in);
	in->file = f;
	in->fd = fileno(f);
	in->wake.fd[0] = in->wake.fd[1] = -1;
	return in->fd < 0 || wake_open(&in->wake);
}

void
engine_input_close(struct engine_input *in)
{
	wake_close(&in->wake);
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

/* What the lines waiting in the buffer ask of a running job. */
enum engine_input_ask {
	ENGINE_INPUT_IDLE, /* nothing yet (blank lines, isready) */
	ENGINE_INPUT_STOP, /* a stop, with no command before it */
	ENGINE_INPUT_QUIT, /* a quit, with no command before it */
	ENGINE_INPUT_WAIT  /* a command first, which will want the result */
};

/* The first word of the line at p (ending at nl) and its length. */
static const char *
engine_input_word(const char *p, const char *nl, size_t *len)
{
	while (p < nl && (*p == ' ' || *p == '\t' || *p == '\r'))
		p++;
	size_t n = 0;
	while (p + n < nl && p[n] != ' ' && p[n] != '\t' && p[n] != '\r')
		n++;
	*len = n;
	return p;
}

/* A stop ends the job at once, a quit or the end of input after a short
 * grace (like the end of input: a transcript that ends in quit still gets
 * a quick perft's count), and only when no other command comes before
 * them: a script's commands after a perft want its count. */
static enum engine_input_ask
engine_input_asks(const struct engine_input *in)
{
	const char *p = in->buf, *end = in->buf + in->len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL && !in->eof)
			break; /* a line not yet whole */
		if (nl == NULL)
			nl = end;
		size_t n;
		const char *w = engine_input_word(p, nl, &n);
		if (n == 4 && strncmp(w, "stop", 4) == 0)
			return ENGINE_INPUT_STOP;
		if (n == 4 && strncmp(w, "quit", 4) == 0)
			return ENGINE_INPUT_QUIT;
		if (n != 0 && !(n == 7 && strncmp(w, "isready", 7) == 0))
			return ENGINE_INPUT_WAIT;
		p = nl + 1;
	}
	return ENGINE_INPUT_IDLE;
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
		enum engine_input_ask ask = engine_input_asks(in);
		if (ask == ENGINE_INPUT_STOP)
			return false;
		int timeout = -1;
		if (ask == ENGINE_INPUT_QUIT && in->quit_ms == 0)
			in->quit_ms = clock_now_ms();
		if (ask == ENGINE_INPUT_QUIT ||
		    (ask == ENGINE_INPUT_IDLE && in->eof)) {
			/* Nothing more will come: a short grace, then stop. */
			int64_t since = ask == ENGINE_INPUT_QUIT ? in->quit_ms
			                                         : in->eof_ms;
			int64_t left = since + grace_ms - clock_now_ms();
			if (left <= 0)
				return false;
			timeout = (int)left;
		}
		bool watch = ask == ENGINE_INPUT_IDLE && !in->eof;
		struct pollfd pfd[2] = {{wake_fd(&in->wake), POLLIN, 0},
		                        {watch ? in->fd : -1, POLLIN, 0}};
		if (poll(pfd, 2, timeout) < 0 && errno != EINTR)
			return false;
		if (pfd[0].revents & POLLIN)
			wake_drain(&in->wake);
		if (pfd[1].revents & (POLLIN | POLLHUP | POLLERR))
			engine_input_fill(in);
	}
}

void
engine_input_wake(struct engine_input *in)
{
	wake_up(&in->wake);
}
