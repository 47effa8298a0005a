/*
 * Key scripts (see script.h).  A script is words separated by blanks, one
 * key per word; `#` starts a comment to the end of the line:
 *
 *     l l j Enter      keys: a single character, or a name (Left, Enter...)
 *     type:6-3,7-2     every character after "type:" as a key
 *     wait             let the engine finish (searches are depth-limited)
 *                      and take in a judgement (ui/think.h)
 *     nowait           from here to the next wait, a judgement is not
 *                      waited for after each word: a dump shows the
 *                      screen while the engine judges
 *     dump             print the screen now
 *     roles            print the screen's roles as letters (grid.h)
 *     cuts             print the texts the screen had to shorten
 *     resize:60x20     the terminal changes size
 *     click:7,20       a mouse click on screen row 7, column 20 (from 0)
 *
 * The screen is printed at the end too.  The clock is frozen, the panel
 * hides times and speeds, and searches are bounded, so a script gives the
 * same screens on every run.
 */
#include "config.h"

#include <ctype.h>
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/exit.h"
#include "core/file.h"
#include "core/text.h"
#include "ui/analysis.h"
#include "ui/app.h"
#include "ui/play.h"
#include "ui/review.h"
#include "ui/script.h"

static const struct {
	const char *name;
	int key;
} UI_SCRIPT_KEYS[] = {
        {"Left", KEY_LEFT},  {"Right", KEY_RIGHT},
        {"Up", KEY_UP},      {"Down", KEY_DOWN},
        {"Enter", '\n'},     {"Space", ' '},
        {"Esc", 27},         {"Tab", 9},
        {"BTab", KEY_BTAB},  {"Backspace", KEY_BACKSPACE},
        {"PgUp", KEY_PPAGE}, {"PgDn", KEY_NPAGE},
        {"Home", KEY_HOME},  {"End", KEY_END},
        {"C-l", 12},         {"Hash", '#'},
};

int
ui_script_key(const char *name)
{
	if (name[0] != '\0' && name[1] == '\0')
		return (unsigned char)name[0];
	for (size_t i = 0; i < sizeof UI_SCRIPT_KEYS / sizeof UI_SCRIPT_KEYS[0];
	     i++) {
		if (strcmp(UI_SCRIPT_KEYS[i].name, name) == 0)
			return UI_SCRIPT_KEYS[i].key;
	}
	return -1;
}

static void
ui_script_dump(struct ui_app *app)
{
	ui_screen_draw(&app->host);
	printf("== screen %dx%d ==\n", app->host.grid.width,
	       app->host.grid.height);
	ui_grid_dump(&app->host.grid, stdout);
}

/* Draws the screen and prints each text the grid had to shorten (a
 * screen that fits shortens none): "cut ROW,COL: TEXT". */
static void
ui_script_cuts(struct ui_app *app)
{
	ui_screen_draw(&app->host);
	const struct ui_grid *g = &app->host.grid;
	printf("== cuts %dx%d: %d ==\n", g->width, g->height, g->cut_count);
	for (int i = 0; i < g->cut_count && i < UI_GRID_CUTS; i++)
		printf("cut %d,%d: %s\n", g->cuts[i].y, g->cuts[i].x,
		       g->cuts[i].text);
}

/* Lets every search end and takes in what it reported, until the UI has
 * nothing left to wait for (an engine reply may start the analysis). */
static void
ui_script_settle(struct ui_app *app)
{
	ui_think_wait(app);
	ui_review_wait(app);
	for (;;) {
		ui_engine_wait(app->analysis.engine);
		unsigned before = app->analysis.search_number;
		ui_play_poll_search(app);
		/* Done once taking in the news started no new search (a
		 * new one may already have ended: it is waited for). */
		if (app->analysis.search_number == before)
			return;
	}
}

/* Waits for what a person would wait for before the next key: a
 * judgement (ui/think.h), and a review that something waits on (a
 * practice of a record reviewed first). */
static void
ui_script_catch_up(struct ui_app *app)
{
	ui_think_wait(app);
	if (app->review.then.fn != NULL)
		ui_review_wait(app);
}

/* Runs one word of the script; false with a message in err.  nowait:
 * whether a judgement is left out after a word (the word nowait). */
static bool
ui_script_word(struct ui_app *app, const char *word, bool *nowait, char *err,
               size_t size)
{
	int w, h;
	if (strcmp(word, "wait") == 0) {
		*nowait = false;
		ui_script_settle(app);
	} else if (strcmp(word, "nowait") == 0) {
		*nowait = true;
	} else if (strcmp(word, "dump") == 0) {
		ui_script_dump(app);
	} else if (strcmp(word, "cuts") == 0) {
		ui_script_cuts(app);
	} else if (strcmp(word, "roles") == 0) {
		ui_screen_draw(&app->host);
		printf("== roles %dx%d ==\n", app->host.grid.width,
		       app->host.grid.height);
		ui_grid_dump_roles(&app->host.grid, stdout);
	} else if (strncmp(word, "type:", 5) == 0) {
		for (const char *p = word + 5; *p != '\0' && !app->host.quit;
		     p++)
			ui_screen_key(&app->host, (unsigned char)*p);
	} else if (sscanf(word, "resize:%dx%d", &w, &h) == 2 && w > 0 &&
	           h > 0) {
		ui_grid_resize(&app->host.grid, w, h);
		app->host.dirty = true;
	} else if (strncmp(word, "click:", 6) == 0) {
		int y, x;
		char tail;
		if (sscanf(word + 6, "%d,%d%c", &y, &x, &tail) != 2 || y < 0 ||
		    x < 0) {
			snprintf(err, size,
			         "bad click '%s' (want click:ROW,COL)", word);
			return false;
		}
		/* The layout of the last draw is what a click lands on. */
		ui_screen_draw(&app->host);
		ui_screen_click(&app->host, y, x);
	} else {
		int key = ui_script_key(word);
		if (key < 0) {
			snprintf(err, size, "unknown key '%s'", word);
			return false;
		}
		ui_screen_key(&app->host, key);
	}
	/* A judgement is waited for (scripts replay keys at once, a
	 * person would wait); news from the search is taken in without
	 * waiting for it. */
	if (!*nowait)
		ui_script_catch_up(app);
	ui_play_poll_search(app);
	return true;
}

int
ui_script_run(struct ui_app *app, const char *path)
{
	char why_open[1200];
	FILE *f = file_open_read(path, why_open, sizeof why_open);
	if (f == NULL) {
		fprintf(stderr, "tabula: %s\n", why_open);
		return EXIT_FAILURE_RUN;
	}
	char line[4096], err[256];
	int lineno = 0, rc = EXIT_OK;
	bool nowait = false;
	while (rc == EXIT_OK && !app->host.quit &&
	       fgets(line, sizeof line, f)) {
		lineno++;
		char *hash = strchr(line, '#');
		if (hash != NULL)
			*hash = '\0';
		char *rest = line, *word;
		while ((word = text_next_word(&rest, " \t\r\n")) != NULL) {
			if (!nowait)
				ui_script_catch_up(app);
			if (!ui_script_word(app, word, &nowait, err,
			                    sizeof err)) {
				fprintf(stderr, "tabula: %s:%d: %s\n", path,
				        lineno, err);
				rc = EXIT_FAILURE_RUN;
				break;
			}
			if (app->host.quit)
				break;
		}
	}
	fclose(f);
	if (rc == EXIT_OK) {
		ui_script_settle(app);
		ui_script_dump(app);
		char why[1024];
		if (app->game.have && !ui_play_save(app, NULL, why, sizeof why))
			fprintf(stderr, "tabula: could not save: %s\n", why);
	}
	return rc;
}
