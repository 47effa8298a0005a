/*
 * tabula: the entry point.  Reads the global options, then hands the rest of
 * the command line to a command (engine, perft, ...) or, with none, to the
 * terminal UI.
 */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <unistd.h>

#include "cli/cli.h"
#include "core/registry.h"
#include "ui/ui.h"

static void
main_print_help(void)
{
	printf("usage: tabula [--help] [--version] COMMAND [ARGS]\n"
	       "       tabula [GAME | FILE | --resume] [UI OPTIONS]\n\n"
	       "Play and study abstract strategy games against a strong "
	       "engine.\n"
	       "With no command, the terminal UI starts: the menu, a GAME, a\n"
	       "saved game FILE or the last game (--resume).\n\n"
	       "Commands:\n");
	for (int i = 0; cli_at(i) != NULL; i++) {
		const struct cli_command *cmd = cli_at(i);
		printf("  %s%s%s\n           %s\n", cmd->name,
		       *cmd->usage ? " " : "", cmd->usage, cmd->summary);
	}
	printf("\nGames:");
	for (size_t i = 0; registry_at(i) != NULL; i++)
		printf(" %s", registry_at(i)->name);
	printf("\n\nOptions:\n"
	       "  -h, --help     show this help and exit\n"
	       "  -V, --version  show the version and exit\n\n"
	       "See tabula(6) for the rules, the protocol and the exit "
	       "statuses.\n");
}

static void
main_print_usage(FILE *out)
{
	fprintf(out, "usage: tabula [--help] [--version] COMMAND [ARGS]\n");
}

/* The global options are read by hand rather than with getopt: the
 * commands run their own getopt scans, and some getopt implementations keep
 * state between scans that a reset of optind does not clear. */
/* "tetris" is both the batch command and a game.  Alone on the command
 * line with a terminal on stdin, a person typed it: the game starts, even
 * where a file "i" would make the batch read it and overwrite "o" (the
 * batch is asked for with files, "-" or --batch; see tabula(6)). */
static bool
main_means_tetris_game(int argc, char **argv)
{
	return argc == 2 && strcmp(argv[1], "tetris") == 0 &&
	       isatty(STDIN_FILENO);
}

/* Every command's standard output ends here: a write that failed (a full
 * disk, a closed pipe, /dev/full) is an error, not a silent success. */
static int
main_finish(int status)
{
	errno = 0;
	bool failed = fflush(stdout) != 0;
	failed = ferror(stdout) || failed;
	if (!failed)
		return status;
	fprintf(stderr, "tabula: write error on standard output%s%s\n",
	        errno != 0 ? ": " : "", errno != 0 ? strerror(errno) : "");
	return status == EXIT_OK ? EXIT_FAILURE_RUN : status;
}

static int
main_run(int argc, char **argv)
{
	const char *first = argc > 1 ? argv[1] : NULL;
	if (first != NULL && first[0] == '-') {
		if (strcmp(first, "--help") == 0 || strcmp(first, "-h") == 0) {
			main_print_help();
			return EXIT_OK;
		}
		if (strcmp(first, "--version") == 0 ||
		    strcmp(first, "-V") == 0) {
			printf("tabula %s\n", PACKAGE_VERSION);
			return EXIT_OK;
		}
		/* Any other option belongs to the terminal UI. */
		return ui_main(argc, argv);
	}
	if (first == NULL)
		return ui_main(argc, argv);
	const struct cli_command *cmd = cli_find(first);
	if (main_means_tetris_game(argc, argv))
		return ui_main(argc, argv);
	/* A game's name or a saved game starts the UI. */
	if (cmd == NULL &&
	    (registry_find(first) != NULL || access(first, F_OK) == 0))
		return ui_main(argc, argv);
	if (cmd == NULL) {
		fprintf(stderr, "tabula: unknown command '%s'\n", first);
		main_print_usage(stderr);
		return EXIT_USAGE;
	}
	return cmd->run(argc - 1, argv + 1);
}

int
main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	return main_finish(main_run(argc, argv));
}
