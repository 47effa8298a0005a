/*
 * `tabula serve` (tabula(6), PLAY ON THIS HOST): the room server in the
 * foreground.
 */
#include "config.h"

#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "server/server.h"

const struct cli_option cli_serve_options[] = {
        {.name = "socket", .kind = CLI_TEXT},
        {.name = "state", .kind = CLI_TEXT},
        {.name = "shared-user", .kind = CLI_TEXT},
        {"max-clients", 0, CLI_NUMBER, 1, 100000,
         "--max-clients wants 1 to 100000", true},
        {"max-rooms", 0, CLI_NUMBER, 1, 100000, "--max-rooms wants 1 to 100000",
         true},
        {"max-per-user", 0, CLI_NUMBER, 1, 100000,
         "--max-per-user wants 1 to 100000", true},
        {"engine-threads", 0, CLI_NUMBER, 1, 16,
         "--engine-threads wants 1 to 16", true},
        {"max-searches-per-user", 0, CLI_NUMBER, 1, 16,
         "--max-searches-per-user wants 1 to 16", true},
        {"name-timeout", 0, CLI_NUMBER, 1, 3600,
         "--name-timeout wants 1 to 3600 seconds", true},
        {.name = "help", .kind = CLI_FLAG},
        {0},
};

/* Fills cfg from the options; false after a message. */
static bool
serve_config(const struct cli_args *args, struct server_config *cfg)
{
	cfg->socket_path = cli_args_text(args, "socket", cfg->socket_path);
	cfg->state_dir = cli_args_text(args, "state", cfg->state_dir);
	const char *user = cli_args_text(args, "shared-user", NULL);
	if (user != NULL) {
		struct passwd *pw = getpwnam(user);
		if (pw == NULL) {
			fprintf(stderr, "tabula serve: no user '%s'\n", user);
			return false;
		}
		cfg->have_shared = true;
		cfg->shared_uid = pw->pw_uid;
	}
	cfg->max_clients =
	        (int)cli_args_number(args, "max-clients", cfg->max_clients);
	cfg->max_rooms =
	        (int)cli_args_number(args, "max-rooms", cfg->max_rooms);
	cfg->max_per_account = (int)cli_args_number(args, "max-per-user",
	                                            cfg->max_per_account);
	cfg->engine_threads = (int)cli_args_number(args, "engine-threads",
	                                           cfg->engine_threads);
	cfg->max_searches_per_account = (int)cli_args_number(
	        args, "max-searches-per-user", cfg->max_searches_per_account);
	cfg->name_timeout_ms =
	        (int)cli_args_number(args, "name-timeout",
	                             cfg->name_timeout_ms / 1000) *
	        1000;
	return true;
}

int
cli_serve_exec(const struct cli_command *cmd, const struct cli_args *args)
{
	if (cli_args_has(args, "help"))
		return cli_usage(cmd);
	struct server_config cfg;
	server_config_defaults(&cfg);
	if (!serve_config(args, &cfg))
		return EXIT_USAGE;
	if (args->argc != 0)
		return cli_usage_error(cmd, "unexpected arguments");
	return server_run(&cfg) == 0 ? EXIT_OK : EXIT_FAILURE_RUN;
}
