/*
 * `tabula connect` (tabula(6), PLAY ON THIS HOST): a plain line client that
 * copies standard input to the server and the server's lines to standard
 * output, for scripts, tests and other programs.  It keeps under the
 * server's rate limit (a token bucket a little slower than the server's),
 * holding what it reads meanwhile, and exits non-zero when the server
 * drops it.  A line "help" (or "?") is answered here with the protocol's
 * lines, never sent.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "client/client.h"
#include "core/clock.h"

/* Below the server's default limit, so that a script's burst is sent as
 * fast as allowed and never earns an error. */
static const double CONNECT_RATE_PER_SEC = NET_RATE_PER_SEC * 0.9;
static const double CONNECT_BURST = NET_RATE_BURST / 2;

struct connect_state {
	struct net_client c;
	struct net_inbuf in;
	bool input_open, quit_sent, dropped;
	char held[NET_LINE_MAX + 1]; /* read, waiting for a token */
	bool holding;
	double tokens, refill_ms;
};

/* Copies the server's waiting lines to standard output; false once the
 * server has closed the connection.  A "bye" with a reason (too many
 * errors, the server stopping) is a drop. */
static bool
connect_relay(struct connect_state *st)
{
	char line[NET_LINE_MAX + 1];
	int r;
	while ((r = net_client_next(&st->c, line, 0)) == 1) {
		printf("%s\n", line);
		fflush(stdout);
		if (strncmp(line, "bye ", 4) == 0)
			st->dropped = true;
	}
	if (r != 0 && !st->quit_sent)
		st->dropped = true;
	return r == 0;
}

/* Copies what the server said before it went (a second at most). */
static void
connect_relay_rest(struct connect_state *st)
{
	char line[NET_LINE_MAX + 1];
	while (net_client_next(&st->c, line, 1000) == 1) {
		printf("%s\n", line);
		fflush(stdout);
	}
}

/* The protocol's lines (tabula(6), PLAY ON THIS HOST, Protocol), for a
 * person typing "help": the server knows no such line. */
static const char *const CONNECT_HELP[] = {
        "help: the room server's lines (tabula(6), PLAY ON THIS HOST, "
        "Protocol):",
        "help:   name NAME          your name (once, for a new SSH key)",
        "help:   list               the rooms",
        "help:   create GAME [seat=1|2] [engine=LEVEL] [clock=M+S] "
        "[analysis] [rated] [chat]",
        "help:   join CODE          sit down in a room (or back in your "
        "seat)",
        "help:   watch CODE         watch a room",
        "help:   move MOVE          play in your room",
        "help:   draw, resign, leave",
        "help:   say TEXT           a message to the room",
        "help:   seek GAME [clock=M+S] [casual], unseek   play anyone",
        "help:   rating [GAME], top GAME [COUNT]   ratings, the "
        "leaderboard",
        "help:   ping, quit",
};

/* Whether the line asks tabula connect itself for help. */
static bool
connect_is_help(const char *line)
{
	return strcmp(line, "help") == 0 || strcmp(line, "?") == 0;
}

static void
connect_help(void)
{
	for (size_t i = 0; i < sizeof CONNECT_HELP / sizeof CONNECT_HELP[0];
	     i++)
		printf("%s\n", CONNECT_HELP[i]);
	fflush(stdout);
}

/* Sends held and waiting lines while tokens last; then, at the end of
 * input with nothing held, quit.  False when the server has gone. */
static bool
connect_send(struct connect_state *st)
{
	double now = (double)clock_now_ms();
	st->tokens += (now - st->refill_ms) * CONNECT_RATE_PER_SEC / 1000.0;
	st->refill_ms = now;
	if (st->tokens > CONNECT_BURST)
		st->tokens = CONNECT_BURST;
	for (;;) {
		if (!st->holding) {
			enum net_line kind = net_inbuf_next(&st->in, st->held);
			if (kind == NET_LINE_NONE)
				break;
			if (kind != NET_LINE_OK) {
				fprintf(stderr,
				        "tabula connect: input line too long "
				        "or with control characters; not "
				        "sent\n");
				continue;
			}
			if (connect_is_help(st->held)) {
				connect_help();
				continue;
			}
			st->holding = true;
		}
		if (st->tokens < 1.0)
			return true;
		if (!net_client_send(&st->c, st->held))
			return false;
		st->tokens -= 1.0;
		st->holding = false;
	}
	if (!st->input_open && !st->quit_sent && st->tokens >= 1.0) {
		st->quit_sent = true; /* the answers still come */
		st->tokens -= 1.0;
		return net_client_send(&st->c, "quit");
	}
	return true;
}

/* The poll timeout: until the next token when a line waits for one. */
static int
connect_timeout(const struct connect_state *st)
{
	bool waiting = st->holding || (!st->input_open && !st->quit_sent);
	if (!waiting || st->tokens >= 1.0)
		return -1;
	return (int)((1.0 - st->tokens) * 1000.0 / CONNECT_RATE_PER_SEC) + 1;
}

static int
connect_run(struct connect_state *st)
{
	for (;;) {
		bool read_input = st->input_open && !st->holding;
		struct pollfd p[2] = {
		        {st->c.fd, POLLIN, 0},
		        {read_input ? STDIN_FILENO : -1, POLLIN, 0}};
		if (poll(p, 2, connect_timeout(st)) < 0 && errno != EINTR)
			return EXIT_FAILURE_RUN;
		if ((p[0].revents & (POLLIN | POLLHUP | POLLERR)) &&
		    !connect_relay(st))
			break;
		if (p[1].revents & (POLLIN | POLLHUP | POLLERR)) {
			long got = net_inbuf_fill(&st->in, STDIN_FILENO);
			if (got == 0 || got == -1)
				st->input_open = false;
		}
		if (!connect_send(st)) {
			/* The server has gone: what it said last is still to
			 * be read (why it dropped us). */
			st->dropped = true;
			connect_relay_rest(st);
			break;
		}
	}
	if (st->dropped)
		fprintf(stderr, "tabula connect: dropped by the server\n");
	return st->dropped ? EXIT_FAILURE_RUN : EXIT_OK;
}

const struct cli_option cli_connect_options[] = {
        {.name = "socket", .kind = CLI_TEXT},
        {.name = "help", .kind = CLI_FLAG},
        {0},
};

int
cli_connect_exec(const struct cli_command *cmd, const struct cli_args *args)
{
	if (cli_args_has(args, "help"))
		return cli_usage(cmd);
	if (args->argc != 0)
		return cli_usage_error(cmd, "unexpected arguments");
	const char *path = cli_args_text(args, "socket", net_socket_path());
	static struct connect_state st;
	char err[512];
	if (!net_client_connect(&st.c, path, err, sizeof err)) {
		fprintf(stderr, "tabula connect: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	net_inbuf_init(&st.in);
	st.input_open = true;
	st.tokens = CONNECT_BURST;
	st.refill_ms = (double)clock_now_ms();
	int status = connect_run(&st);
	net_client_close(&st.c);
	return status;
}
