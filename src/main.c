/*
 * tabula: the entry point.  Reads the global options, then hands the rest of
 * the command line to a command (engine, perft, ...) or, with none, to the
 * terminal UI.
 */
#include "config.h"

#include <getopt.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "core/registry.h"

static void
main_print_help(void)
{
	printf("usage: tabula [--help] [--version] COMMAND [ARGS]\n\n"
	       "Play and study abstract strategy games against a strong engine.\n\n"
	       "Commands:\n");
	for (int i = 0; cli_at(i) != NULL; i++) {
		const struct cli_command *cmd = cli_at(i);
		printf("  %-8s %s\n           %s\n", cmd->name, cmd->usage,
		       cmd->summary);
	}
	printf("\nGames:");
	for (size_t i = 0; registry_at(i) != NULL; i++)
		printf(" %s", registry_at(i)->name);
	printf("\n\nOptions:\n"
	       "  -h, --help     show this help and exit\n"
	       "  -V, --version  show the version and exit\n\n"
	       "See tabula(6) for the rules, the protocol and the exit statuses.\n");
}

static void
main_print_usage(FILE *out)
{
	fprintf(out, "usage: tabula [--help] [--version] COMMAND [ARGS]\n");
}

int
main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	static const struct option options[] = {
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	int opt;
	/* '+': stop at the first command word, whose options are its own. */
	while ((opt = getopt_long(argc, argv, "+hV", options, NULL)) != -1) {
		switch (opt) {
		case 'h':
			main_print_help();
			return EXIT_OK;
		case 'V':
			printf("tabula %s\n", PACKAGE_VERSION);
			return EXIT_OK;
		default:
			main_print_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		main_print_usage(stderr);
		return EXIT_USAGE;
	}
	const struct cli_command *cmd = cli_find(argv[optind]);
	if (cmd == NULL) {
		fprintf(stderr, "tabula: unknown command '%s'\n", argv[optind]);
		main_print_usage(stderr);
		return EXIT_USAGE;
	}
	/* Commands parse their own options with a fresh getopt scan. */
	int first = optind;
	optind = 1;
	return cmd->run(argc - first, argv + first);
}
