/*
 * `tabula engine`: the engine protocol on standard input and output.
 */
#include "config.h"

#include <stdio.h>

#include "cli/cli.h"
#include "uci/engine.h"

int
cli_engine_main(int argc, char **argv)
{
	if (argc > 1)
		return cli_usage_error(cli_find("engine"),
		                       "takes no arguments");
	(void)argv;
	return engine_run(stdin, stdout) == 0 ? EXIT_OK : EXIT_FAILURE_RUN;
}
