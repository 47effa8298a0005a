/*
 * `tabula serve` (tabula(6), PLAY ON THIS HOST): the room server in the
 * foreground.
 */
#include "config.h"

#include <getopt.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
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
	        {"max-searches-per-user", required_argument, NULL, 'e'},
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
		case 'e':
			ok = serve_number("max-searches-per-user", optarg, 1,
			                  16, &cfg.max_searches_per_account);
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
