/*
 * `tabula puzzle [GAME]`: the puzzle trainer on the game screen of the
 * terminal UI (ui.c), with the UI's own loop, keys and headless mode;
 * `tabula puzzle --from FILE` practises a record's mistakes there.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/exit.h"
#include "core/registry.h"
#include "ui/trainer.h"
#include "ui/ui.h"

static int
trainer_usage(FILE *out, const char *why)
{
	if (why != NULL)
		fprintf(stderr, "tabula puzzle: %s\n", why);
	fprintf(out, "usage: tabula puzzle [GAME] [--ascii] "
	             "[--color=never|auto|always] [--no-save]\n"
	             "       tabula puzzle --from FILE [--player 1|2] "
	             "[--ascii] [--color=WHEN] [--no-save]\n");
	return why != NULL ? EXIT_USAGE : EXIT_OK;
}

/* The command line of `tabula puzzle`. */
struct trainer_args {
	const char *game;
	bool headless; /* --screen-dump: the tests' mode, no terminal */
};

/* The UI's options that take a value of their own word, passed on. */
static bool
trainer_takes_value(const char *word)
{
	return strcmp(word, "--screen-dump") == 0 ||
	       strcmp(word, "--size") == 0;
}

/* Reads the words after `puzzle`; -1 to go on, else the exit status
 * (--help, or a wrong word, said on stderr).  The UI reads them again. */
static int
trainer_parse(int argc, char **argv, struct trainer_args *a)
{
	for (int i = 1; i < argc; i++) {
		const char *w = argv[i];
		if (strcmp(w, "--help") == 0 || strcmp(w, "-h") == 0)
			return trainer_usage(stdout, NULL);
		if (trainer_takes_value(w) && i + 1 < argc) {
			a->headless =
			        a->headless || strcmp(w, "--screen-dump") == 0;
			i++;
		} else if (strcmp(w, "--ascii") == 0 ||
		           strcmp(w, "--no-save") == 0 ||
		           strncmp(w, "--color=", 8) == 0 ||
		           strncmp(w, "--theme=", 8) == 0) {
			continue;
		} else if (w[0] == '-') {
			return trainer_usage(stderr, "unknown option");
		} else if (a->game == NULL) {
			a->game = w;
		} else {
			return trainer_usage(stderr, "one GAME at most");
		}
	}
	return -1;
}

/* The game named, or the first two-player game; NULL when it has no
 * puzzles. */
static const struct game_ops *
trainer_game(const char *game)
{
	const struct game_ops *ops = NULL;
	for (size_t i = 0; game == NULL && registry_at(i) != NULL; i++) {
		if (registry_at(i)->players == 2 && ops == NULL)
			ops = registry_at(i);
	}
	if (game != NULL)
		ops = registry_find(game);
	return ops != NULL && ops->players == 2 ? ops : NULL;
}

/* Whether the words ask to practise a record's mistakes (--from), which
 * the game screen does (ui/practise.h). */
static bool
trainer_wants_practice(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--from") == 0 ||
		    strncmp(argv[i], "--from=", 7) == 0)
			return true;
	return false;
}

int
ui_trainer_main(int argc, char **argv)
{
	if (trainer_wants_practice(argc, argv))
		return ui_main(argc, argv);
	struct trainer_args a = {0};
	int rc = trainer_parse(argc, argv, &a);
	if (rc >= 0)
		return rc;
	const struct game_ops *ops = trainer_game(a.game);
	if (ops == NULL)
		return trainer_usage(stderr, "want tetress, infexion or tzaar");
	if (!a.headless && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
		fprintf(stderr, "tabula puzzle: needs a terminal\n");
		return EXIT_FAILURE_RUN;
	}
	return ui_main_puzzles(argc, argv, ops);
}
