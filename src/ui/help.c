/*
 * The help screen: the keys of the screen it was opened from (the game's,
 * drawn from keys.c's command table, with a room's keys in a room; or the
 * menu's), then what the engine's scores count in the game shown.  It is
 * laid out as rows, two keys a row, and scrolls, so it fits 80 x 24
 * (tabula(6), Keys).
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ui/app.h"
#include "ui/help.h"
#include "ui/keys.h"
#include "ui/menu.h"
#include "ui/drill.h"
#include "ui/room.h"
#include "ui/trainer.h"

/* Columns of a key's name ("I O T J L S Z"). */
static const int UI_HELP_KEYS = 14;

/* Rows of the help, at most, and the keys of one section. */
#define UI_HELP_ROWS    96
#define UI_HELP_SECTION 64

enum ui_help_kind { HELP_KEYS, HELP_HEAD, HELP_TEXT };

struct ui_help_row {
	enum ui_help_kind kind;
	const char *keys[2], *what[2]; /* HELP_KEYS: NULL keys: none */
	char text[160];                /* HELP_HEAD, HELP_TEXT */
};

/* The help as rows, built afresh for each draw and key (the game and
 * the width may have changed). */
struct ui_help_doc {
	struct ui_help_row rows[UI_HELP_ROWS];
	int count;
	int width; /* of a text row */
	/* The section being collected. */
	const char *keys[UI_HELP_SECTION], *what[UI_HELP_SECTION];
	int pending;
};

static struct ui_help_row *
ui_help_row(struct ui_help_doc *d, enum ui_help_kind kind)
{
	if (d->count >= UI_HELP_ROWS)
		return NULL;
	struct ui_help_row *r = &d->rows[d->count++];
	memset(r, 0, sizeof *r);
	r->kind = kind;
	return r;
}

static void
ui_help_collect(void *ctx, const char *keys, const char *what)
{
	struct ui_help_doc *d = ctx;
	if (d->pending >= UI_HELP_SECTION)
		return;
	d->keys[d->pending] = keys;
	d->what[d->pending++] = what;
}

/* The collected keys in two columns, each read downwards, under a
 * heading and followed by an empty row. */
static void
ui_help_flush(struct ui_help_doc *d, const char *heading)
{
	int half = (d->pending + 1) / 2;
	struct ui_help_row *r = ui_help_row(d, HELP_HEAD);
	if (r != NULL)
		snprintf(r->text, sizeof r->text, "%s", heading);
	for (int i = 0; i < half; i++) {
		if ((r = ui_help_row(d, HELP_KEYS)) == NULL)
			break;
		for (int c = 0; c < 2 && i + c * half < d->pending; c++) {
			r->keys[c] = d->keys[i + c * half];
			r->what[c] = d->what[i + c * half];
		}
	}
	ui_help_row(d, HELP_TEXT);
	d->pending = 0;
}

/* text wrapped at spaces into rows of the doc's width. */
static void
ui_help_text(struct ui_help_doc *d, const char *text)
{
	const char *p = text;
	while (*p != '\0') {
		int len = (int)strlen(p), cut = len;
		if (len > d->width) {
			cut = d->width;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = d->width;
		}
		struct ui_help_row *r = ui_help_row(d, HELP_TEXT);
		if (r == NULL)
			return;
		snprintf(r->text, sizeof r->text, "%.*s", cut, p);
		p += cut;
		while (*p == ' ')
			p++;
	}
}

/* What the game's scores count (tabula(6), REVIEW). */
static void
ui_help_units(struct ui_help_doc *d, const struct ui_app *app)
{
	const struct game_ops *ops = app->game.session.ops;
	const struct ui_board_view *view = app->game.view;
	struct ui_help_row *r = ui_help_row(d, HELP_HEAD);
	if (r != NULL)
		snprintf(r->text, sizeof r->text, "Scores in %s", ops->title);
	char text[512];
	snprintf(text, sizeof text,
	         "Scores (the panel, the move list, the review) are the "
	         "engine's evaluation from %s's view (+ is good for %s): %s",
	         ops->side_names[0], ops->side_names[0],
	         view != NULL && view->units != NULL ? view->units : "");
	ui_help_text(d, text);
	ui_help_text(d, "A forced result shows as \"wins in N\" or \"loses "
	                "in N\" (plies), or #+N / #-N.");
}

static void
ui_help_build(const struct ui_app *app, int width, struct ui_help_doc *d)
{
	d->count = 0;
	d->pending = 0;
	d->width = width - 2 < (int)sizeof d->rows[0].text - 1
	                   ? width - 2
	                   : (int)sizeof d->rows[0].text - 1;
	if (app->help.from_menu || !app->game.have) {
		ui_menu_keys_each(ui_help_collect, d);
		ui_help_flush(d, "The menu");
	} else {
		ui_keys_each(app, ui_help_collect, d);
		ui_help_flush(d, "The game");
		ui_room_keys_each(app, ui_help_collect, d);
		if (d->pending > 0)
			ui_help_flush(d, "In a room's game (before the keys "
			                 "above)");
		ui_drill_keys_each(app, ui_help_collect, d);
		if (d->pending > 0)
			ui_help_flush(d, "In a practice (before the keys "
			                 "above)");
		ui_trainer_keys_each(app, ui_help_collect, d);
		if (d->pending > 0)
			ui_help_flush(d, "In the puzzles (before the keys "
			                 "above)");
	}
	if (app->game.have)
		ui_help_units(d, app);
}

/* Rows the help's body shows: between the title and the hint line. */
static int
ui_help_body_rows(const struct ui_grid *g)
{
	return g->height - 3 > 1 ? g->height - 3 : 1;
}

static int
ui_help_max_top(const struct ui_help_doc *d, const struct ui_grid *g)
{
	int most = d->count - ui_help_body_rows(g);
	return most > 0 ? most : 0;
}

static void
ui_help_draw_row(struct ui_grid *g, int y, const struct ui_help_row *r)
{
	/* Two columns with a blank between them and at each edge. */
	int col_w = (g->width - 2) / 2;
	if (r->kind != HELP_KEYS) {
		ui_grid_print(g, y, 1, g->width - 2,
		              r->kind == HELP_HEAD ? ROLE_TITLE : ROLE_NORMAL,
		              r->text);
		return;
	}
	for (int c = 0; c < 2 && r->keys[c] != NULL; c++) {
		int x = 1 + c * (col_w + 1);
		ui_grid_print(g, y, x, UI_HELP_KEYS, ROLE_TITLE, r->keys[c]);
		ui_grid_print(g, y, x + UI_HELP_KEYS, col_w - UI_HELP_KEYS,
		              ROLE_NORMAL, r->what[c]);
	}
}

static void
ui_help_draw(struct ui_host *host, void *ctx, struct ui_grid *g)
{
	(void)host;
	struct ui_app *app = ctx;
	struct ui_help_doc d;
	ui_help_build(app, g->width, &d);
	int most = ui_help_max_top(&d, g);
	if (app->help.top > most)
		app->help.top = most;
	int body = ui_help_body_rows(g);
	ui_grid_print(g, 0, 0, g->width, ROLE_TITLE,
	              app->help.from_menu || !app->game.have
	                      ? " tabula: the menu's keys"
	                      : " tabula: the game's keys");
	for (int i = 0; i < body && app->help.top + i < d.count; i++)
		ui_help_draw_row(g, 2 + i, &d.rows[app->help.top + i]);
	int last =
	        app->help.top + body < d.count ? app->help.top + body : d.count;
	ui_grid_printf(g, g->height - 1, 1, g->width - 2, ROLE_DIM,
	               "rows %d-%d of %d  %s", app->help.top + 1, last, d.count,
	               most > 0 ? "j k PgUp PgDn scroll, other keys return"
	                        : "any key returns");
}

/* A scrolling key's step in rows (0: not one). */
static int
ui_help_step(int key, int page)
{
	switch (key) {
	case 'j':
	case KEY_DOWN:
		return 1;
	case 'k':
	case KEY_UP:
		return -1;
	case ' ':
	case KEY_NPAGE:
		return page;
	case KEY_PPAGE:
		return -page;
	case KEY_HOME:
		return -UI_HELP_ROWS;
	case KEY_END:
		return UI_HELP_ROWS;
	default:
		return 0;
	}
}

/* A scrolling key scrolls (while there is more to see); any other key
 * goes back to the screen it came from. */
static void
ui_help_key(struct ui_host *host, void *ctx, int key)
{
	struct ui_app *app = ctx;
	struct ui_help_doc d;
	ui_help_build(app, host->grid.width, &d);
	int most = ui_help_max_top(&d, &host->grid);
	int step = ui_help_step(key, ui_help_body_rows(&host->grid) - 1);
	if (step != 0 && most > 0) {
		int top = app->help.top + step;
		app->help.top = top < 0 ? 0 : top > most ? most : top;
		return;
	}
	ui_screen_back_to(host,
	                  app->help.from_menu || !app->game.have
	                          ? app->screens.menu
	                          : app->screens.game,
	                  app);
}

/* Opened: from the top, for the screen in front. */
static bool
ui_help_enter(struct ui_host *host, void *ctx)
{
	struct ui_app *app = ctx;
	app->help.top = 0;
	app->help.from_menu = ui_screen_top(host) == app->screens.menu;
	return true;
}

static void
ui_help_min_size(void *ctx, int *width, int *height)
{
	ui_min_size(ctx, false, width, height);
}

const struct ui_screen_ops ui_screen_help = {
        .name = "help",
        .enter = ui_help_enter,
        .min_size = ui_help_min_size,
        .draw = ui_help_draw,
        .key = ui_help_key,
};
