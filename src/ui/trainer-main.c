/*
 * `tabula puzzle [GAME]`: the puzzle trainer alone in the terminal.  The
 * loop sleeps in poll() on the terminal and the signal pipe, handles every
 * key at once and redraws after it; nothing runs while it waits.
 */
#include "config.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/exit.h"
#include "core/registry.h"
#include "ui/term.h"
#include "ui/trainer.h"

static const int TRAINER_IDLE_MS = 250;

static int
trainer_usage(FILE *out, const char *why)
{
	if (why != NULL)
		fprintf(stderr, "tabula puzzle: %s\n", why);
	fprintf(out, "usage: tabula puzzle [GAME] [--ascii] "
	             "[--color=never|auto|always] [--no-save]\n");
	return why != NULL ? EXIT_USAGE : EXIT_OK;
}

static void
trainer_loop(struct ui_trainer *tr, struct ui_grid *g, int signal_fd)
{
	bool dirty = true;
	while (!tr->quit && ui_term_signalled() == 0) {
		if (dirty) {
			int w, h;
			ui_term_size(&w, &h);
			if (w != g->width || h != g->height)
				ui_grid_resize(g, w, h);
			ui_trainer_draw(tr, g);
			ui_term_draw(g);
			dirty = false;
		}
		struct pollfd fds[2] = {
		        {.fd = STDIN_FILENO, .events = POLLIN},
		        {.fd = signal_fd, .events = POLLIN},
		};
		int n = poll(fds, 2, TRAINER_IDLE_MS);
		if (n < 0 && errno != EINTR)
			break;
		for (;;) {
			struct ui_term_event ev = ui_term_read();
			if (ev.key == ERR)
				break;
			dirty = true;
			if (ev.click)
				ui_trainer_click(tr, ev.click_y, ev.click_x);
			else if (ev.key != KEY_MOUSE && ev.key != KEY_RESIZE)
				ui_trainer_key(tr, ev.key);
			if (tr->quit)
				break;
		}
		if (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL))
			break;
	}
}

int
ui_trainer_main(int argc, char **argv)
{
	const char *game = NULL;
	int color = UI_COLOR_AUTO;
	bool ascii = false, no_save = false;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0)
			return trainer_usage(stdout, NULL);
		if (strcmp(argv[i], "--ascii") == 0)
			ascii = true;
		else if (strcmp(argv[i], "--no-save") == 0)
			no_save = true;
		else if (strcmp(argv[i], "--color=never") == 0)
			color = UI_COLOR_NEVER;
		else if (strcmp(argv[i], "--color=always") == 0)
			color = UI_COLOR_ALWAYS;
		else if (strcmp(argv[i], "--color=auto") == 0)
			color = UI_COLOR_AUTO;
		else if (argv[i][0] == '-')
			return trainer_usage(stderr, "unknown option");
		else if (game == NULL)
			game = argv[i];
		else
			return trainer_usage(stderr, "one GAME at most");
	}
	const struct game_ops *ops = NULL;
	for (size_t i = 0; game == NULL && registry_at(i) != NULL; i++) {
		if (registry_at(i)->players == 2 && ops == NULL)
			ops = registry_at(i);
	}
	if (game != NULL)
		ops = registry_find(game);
	if (ops == NULL || ops->players != 2)
		return trainer_usage(stderr, "want tetress, infexion or tzaar");
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "tabula puzzle: needs a terminal\n");
		return EXIT_FAILURE_RUN;
	}
	static struct ui_trainer tr;
	char err[1024];
	const struct ui_glyphs *gl =
	        ui_term_glyphs(ascii || !ui_term_locale_utf8());
	if (!ui_trainer_open(&tr, ops, gl, no_save, err, sizeof err)) {
		fprintf(stderr, "tabula puzzle: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	int sig_pipe[2];
	if (pipe(sig_pipe) != 0) {
		fprintf(stderr, "tabula puzzle: pipe: %s\n", strerror(errno));
		ui_trainer_close(&tr);
		return EXIT_FAILURE_RUN;
	}
	fcntl(sig_pipe[1], F_SETFL, O_NONBLOCK);
	ui_term_signals(sig_pipe[1]);
	int rc = EXIT_OK;
	if (!ui_term_open(color, false, err, sizeof err)) {
		fprintf(stderr, "tabula puzzle: %s\n", err);
		rc = EXIT_FAILURE_RUN;
	} else {
		struct ui_grid g = {0};
		trainer_loop(&tr, &g, sig_pipe[0]);
		ui_term_close();
		ui_grid_free(&g);
	}
	ui_trainer_close(&tr);
	close(sig_pipe[0]);
	close(sig_pipe[1]);
	return rc;
}
