/*
 * `tabula serve` and `tabula connect` (tabula(6), PLAY ON THIS HOST): the
 * room server in the foreground, and a plain line client that copies
 * standard input to the server and the server's lines to standard output,
 * for scripts, tests and other programs.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "client/client.h"
#include "core/text.h"
#include "server/server.h"

/* Reads a whole number option into *out; false after a usage message. */
static bool
serve_number(const char *name, const char *text, long min, long max, int *out)
{
	long v;
	if (!text_to_long(text, min, max, &v)) {
		fprintf(stderr, "tabula serve: --%s wants %ld to %ld\n", name,
		        min, max);
		return false;
	}
	*out = (int)v;
	return true;
}

int
cli_serve_main(int argc, char **argv)
{
	static const struct option options[] = {
	        {"socket", required_argument, NULL, 's'},
	        {"state", required_argument, NULL, 'd'},
	        {"shared-user", required_argument, NULL, 'u'},
	        {"max-clients", required_argument, NULL, 'c'},
	        {"max-rooms", required_argument, NULL, 'r'},
	        {"max-per-user", required_argument, NULL, 'p'},
	        {"engine-threads", required_argument, NULL, 't'},
	        {"help", no_argument, NULL, 'h'},
	        {NULL, 0, NULL, 0}};
	const struct cli_command *cmd = cli_find("serve");
	struct server_config cfg;
	server_config_defaults(&cfg);
	int opt;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1) {
		bool ok = true;
		switch (opt) {
		case 's':
			cfg.socket_path = optarg;
			break;
		case 'd':
			cfg.state_dir = optarg;
			break;
		case 'u': {
			struct passwd *pw = getpwnam(optarg);
			if (pw == NULL) {
				fprintf(stderr, "tabula serve: no user '%s'\n",
				        optarg);
				return EXIT_USAGE;
			}
			cfg.have_shared = true;
			cfg.shared_uid = pw->pw_uid;
			break;
		}
		case 'c':
			ok = serve_number("max-clients", optarg, 1, 100000,
			                  &cfg.max_clients);
			break;
		case 'r':
			ok = serve_number("max-rooms", optarg, 1, 100000,
			                  &cfg.max_rooms);
			break;
		case 'p':
			ok = serve_number("max-per-user", optarg, 1, 100000,
			                  &cfg.max_per_account);
			break;
		case 't':
			ok = serve_number("engine-threads", optarg, 1, 16,
			                  &cfg.engine_threads);
			break;
		case 'h':
			printf("usage: tabula serve %s\n", cmd->usage);
			return EXIT_OK;
		default:
			return cli_usage_error(cmd, NULL);
		}
		if (!ok)
			return EXIT_USAGE;
	}
	if (optind != argc)
		return cli_usage_error(cmd, "unexpected arguments");
	return server_run(&cfg) == 0 ? EXIT_OK : EXIT_FAILURE_RUN;
}

/* Copies the server's waiting lines to standard output; false once the
 * server has closed the connection. */
static bool
connect_relay(struct net_client *c)
{
	char line[NET_LINE_MAX + 1];
	int r;
	while ((r = net_client_next(c, line, 0)) == 1) {
		printf("%s\n", line);
		fflush(stdout);
	}
	return r == 0;
}

int
cli_connect_main(int argc, char **argv)
{
	static const struct option options[] = {
	        {"socket", required_argument, NULL, 's'},
	        {"help", no_argument, NULL, 'h'},
	        {NULL, 0, NULL, 0}};
	const struct cli_command *cmd = cli_find("connect");
	const char *path = net_socket_path();
	int opt;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1) {
		if (opt == 's')
			path = optarg;
		else if (opt == 'h') {
			printf("usage: tabula connect %s\n", cmd->usage);
			return EXIT_OK;
		} else
			return cli_usage_error(cmd, NULL);
	}
	if (optind != argc)
		return cli_usage_error(cmd, "unexpected arguments");
	struct net_client c;
	char err[512];
	if (!net_client_connect(&c, path, err, sizeof err)) {
		fprintf(stderr, "tabula connect: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	struct net_inbuf in;
	net_inbuf_init(&in);
	bool input_open = true;
	int status = EXIT_OK;
	for (;;) {
		struct pollfd p[2] = {
		        {c.fd, POLLIN, 0},
		        {input_open ? STDIN_FILENO : -1, POLLIN, 0}};
		if (poll(p, 2, -1) < 0 && errno != EINTR)
			break;
		if ((p[0].revents & (POLLIN | POLLHUP | POLLERR)) &&
		    !connect_relay(&c))
			break;
		if (!(p[1].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		long got = net_inbuf_fill(&in, STDIN_FILENO);
		if (got == 0 || got == -1) {
			/* End of input: say goodbye, print the answers. */
			input_open = false;
			net_client_send(&c, "quit");
			continue;
		}
		char line[NET_LINE_MAX + 1];
		enum net_line kind;
		while ((kind = net_inbuf_next(&in, line)) != NET_LINE_NONE) {
			if (kind != NET_LINE_OK) {
				fprintf(stderr,
				        "tabula connect: input line too long "
				        "or with control characters; not "
				        "sent\n");
				continue;
			}
			if (!net_client_send(&c, line)) {
				status = EXIT_FAILURE_RUN;
				break;
			}
		}
	}
	net_client_close(&c);
	return status;
}
