/*
 * `tabula puzzle [GAME]`: the puzzle trainer alone in the terminal, as the
 * only screen on the stack of the UI's one loop (ui/screen.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/exit.h"
#include "core/registry.h"
#include "ui/screen.h"
#include "ui/term.h"
#include "ui/trainer.h"
#include "ui/ui.h"

/* Redraws per second at most. */
static const int TRAINER_FPS = 20;

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
	int color; /* UI_COLOR_* */
	bool ascii, no_save;
};

/* Reads the words after `puzzle`; -1 to go on, else the exit status
 * (--help, or a wrong word, said on stderr). */
static int
trainer_parse(int argc, char **argv, struct trainer_args *a)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0)
			return trainer_usage(stdout, NULL);
		if (strcmp(argv[i], "--ascii") == 0)
			a->ascii = true;
		else if (strcmp(argv[i], "--no-save") == 0)
			a->no_save = true;
		else if (strcmp(argv[i], "--color=never") == 0)
			a->color = UI_COLOR_NEVER;
		else if (strcmp(argv[i], "--color=always") == 0)
			a->color = UI_COLOR_ALWAYS;
		else if (strcmp(argv[i], "--color=auto") == 0)
			a->color = UI_COLOR_AUTO;
		else if (argv[i][0] == '-')
			return trainer_usage(stderr, "unknown option");
		else if (a->game == NULL)
			a->game = argv[i];
		else
			return trainer_usage(stderr, "one GAME at most");
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
	struct trainer_args a = {.color = UI_COLOR_AUTO};
	int rc = trainer_parse(argc, argv, &a);
	if (rc >= 0)
		return rc;
	const struct game_ops *ops = trainer_game(a.game);
	if (ops == NULL)
		return trainer_usage(stderr, "want tetress, infexion or tzaar");
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "tabula puzzle: needs a terminal\n");
		return EXIT_FAILURE_RUN;
	}
	char err[1024];
	const struct ui_glyphs *gl =
	        ui_term_glyphs(a.ascii || !ui_term_locale_utf8());
	struct ui_trainer *tr =
	        ui_trainer_new(ops, gl, a.no_save, err, sizeof err);
	if (tr == NULL) {
		fprintf(stderr, "tabula puzzle: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	/* The one loop of the terminal UI, with the trainer alone on its
	 * stack: q pops it and the empty stack ends the loop. */
	static struct ui_host host;
	rc = EXIT_OK;
	if (!ui_screen_push(&host, &ui_screen_trainer, tr)) {
		ui_screen_trainer.close(&host, tr);
		fprintf(stderr, "tabula puzzle: no room on the screen stack\n");
		return EXIT_FAILURE_RUN;
	}
	if (!ui_screen_run(&host, a.color, false, TRAINER_FPS, err,
	                   sizeof err)) {
		fprintf(stderr, "tabula puzzle: %s\n", err);
		rc = EXIT_FAILURE_RUN;
	}
	ui_screen_close_all(&host);
	ui_grid_free(&host.grid);
	return rc;
}
