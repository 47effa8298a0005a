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
	printf("  puzzle --from FILE [--player 1|2]\n"
	       "           practise the ? and ?? moves of a game\n");
	printf("\nUI options (WHO is human, engine or engine:LEVEL):\n");
	ui_print_options(stdout);
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

/* Whether the words after a command ask for its help: --help or -h
 * anywhere before "--". */
static bool
main_asks_help(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0)
			return true;
	}
	return false;
}

/* Whether `tabula tetris ...` carries an option of the terminal UI (as in
 * `tabula tetris --no-save`): then the player means the game. */
static bool
main_has_ui_option(const struct cli_command *cmd, int argc, char **argv)
{
	if (strcmp(cmd->name, "tetris") != 0)
		return false;
	for (int i = 2; i < argc && strcmp(argv[i], "--") != 0; i++) {
		const char *a = argv[i];
		if (a[0] == '-' && a[1] != '\0' && strcmp(a, "--help") != 0 &&
		    strcmp(a, "-h") != 0 && !cli_args_declares(cmd->options, a))
			return true;
	}
	return false;
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
	/* The puzzle trainer is a terminal screen, not a batch command. */
	if (strcmp(first, "puzzle") == 0)
		return ui_trainer_main(argc - 1, argv + 1);
	if (main_means_tetris_game(argc, argv) ||
	    (cmd != NULL && main_has_ui_option(cmd, argc, argv)))
		return ui_main(argc, argv);
	/* A game's name or a saved game starts the UI. */
	if (cmd == NULL &&
	    (registry_find(first) != NULL || access(first, F_OK) == 0))
		return ui_main(argc, argv);
	if (cmd == NULL && strpbrk(first, "/.") != NULL) {
		/* Looks like a file name, not a command: say why it fails. */
		fprintf(stderr, "tabula: %s: %s\n", first, strerror(ENOENT));
		return EXIT_FAILURE_RUN;
	}
	if (cmd == NULL) {
		fprintf(stderr, "tabula: unknown command '%s'\n", first);
		main_print_usage(stderr);
		return EXIT_USAGE;
	}
	if (main_asks_help(argc - 1, argv + 1)) {
		printf("usage: tabula %s%s%s\n\n%s.\nSee tabula(6), "
		       "COMMANDS.\n",
		       cmd->name, *cmd->usage ? " " : "", cmd->usage,
		       cmd->summary);
		return EXIT_OK;
	}
	/* The command's own messages (getopt's too) start "tabula NAME:". */
	char name[64];
	snprintf(name, sizeof name, "tabula %s", cmd->name);
	argv[1] = name;
	return cli_run(cmd, argc - 1, argv + 1);
}

int
main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	return main_finish(main_run(argc, argv));
}
