/*
 * tabula: the entry point.  Reads the global options, then hands the rest of
 * the command line to a command (engine, perft, ...) or, with none, to the
 * terminal UI.
 */
#include "config.h"

#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <unistd.h>

#include "cli/cli.h"
#include "core/registry.h"
#include "ui/trainer.h"
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
	printf("  puzzle [GAME] [--ascii] [--color=WHEN] [--no-save]\n"
	       "           solve puzzles in the terminal, rated like a "
	       "player\n");
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
 * line, with a terminal on stdin and no input file "i" here, the batch
 * would have nothing to read: the player means the game. */
static bool
main_means_tetris_game(int argc, char **argv)
{
	return argc == 2 && strcmp(argv[1], "tetris") == 0 &&
	       isatty(STDIN_FILENO) && access("i", F_OK) != 0;
}

int
main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
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
	/* The puzzle trainer is a terminal screen, not a batch command. */
	if (strcmp(first, "puzzle") == 0)
		return ui_trainer_main(argc - 1, argv + 1);
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
