/*
 * The help screen (`?`, tabula(6), Keys): the keys of the screen it was
 * opened over, as that screen tells them (struct ui_screen_ops's help:
 * its own table first, then what else works there, and any text that
 * explains them), laid out two keys a row where they fit and one where
 * they do not, so nothing is cut; it scrolls, so it fits 80 x 24.  Its
 * own keys are a table too: `?` here shows them first.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ui/app.h"
#include "ui/help.h"
#include "ui/status.h"

/* Rows of the help, at most, and the keys of one section. */
#define UI_HELP_ROWS    160
#define UI_HELP_SECTION 72
/* Columns of a key's name at most ("I O T J L S Z" and a blank). */
enum { UI_HELP_KEYS_MAX = 14 };

enum ui_help_kind { HELP_KEYS, HELP_HEAD, HELP_TEXT };

struct ui_help_row {
	enum ui_help_kind kind;
	char keys[2][24], what[2][96]; /* HELP_KEYS: "" keys: none */
	int key_w, cols;               /* HELP_KEYS: its section's layout */
	char text[200];                /* HELP_HEAD, HELP_TEXT */
};

/* The help as rows, built afresh for each draw and key (the screen below
 * and the width may have changed). */
struct ui_help_doc {
	struct ui_help_row rows[UI_HELP_ROWS];
	int count;
	int width; /* of the screen */
	/* The section being collected. */
	char title[96];
	char keys[UI_HELP_SECTION][24], what[UI_HELP_SECTION][96];
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

/* Whether the section's keys fit two to a row: each description in
 * half the width beside the widest key. */
static bool
ui_help_two_columns(const struct ui_help_doc *d, int key_w)
{
	int col_w = (d->width - 2) / 2;
	for (int i = 0; i < d->pending; i++)
		if (key_w + (int)strlen(d->what[i]) > col_w)
			return false;
	return true;
}

/* The collected keys under their heading, in two columns read downwards
 * (or one), followed by an empty row. */
static void
ui_help_flush(struct ui_help_doc *d)
{
	if (d->pending == 0 && d->title[0] == '\0')
		return;
	int key_w = 0;
	for (int i = 0; i < d->pending; i++)
		if ((int)strlen(d->keys[i]) + 1 > key_w)
			key_w = (int)strlen(d->keys[i]) + 1;
	if (key_w > UI_HELP_KEYS_MAX)
		key_w = UI_HELP_KEYS_MAX;
	int cols = ui_help_two_columns(d, key_w) ? 2 : 1;
	int rows = (d->pending + cols - 1) / cols;
	/* An empty row before a heading that follows text. */
	if (d->count > 0 && d->rows[d->count - 1].text[0] != '\0')
		ui_help_row(d, HELP_TEXT);
	struct ui_help_row *r = ui_help_row(d, HELP_HEAD);
	if (r != NULL)
		snprintf(r->text, sizeof r->text, "%s", d->title);
	for (int i = 0; i < rows; i++) {
		if ((r = ui_help_row(d, HELP_KEYS)) == NULL)
			break;
		r->key_w = key_w;
		r->cols = cols;
		for (int c = 0; c < cols && i + c * rows < d->pending; c++) {
			snprintf(r->keys[c], sizeof r->keys[c], "%s",
			         d->keys[i + c * rows]);
			snprintf(r->what[c], sizeof r->what[c], "%s",
			         d->what[i + c * rows]);
		}
	}
	ui_help_row(d, HELP_TEXT);
	d->pending = 0;
	d->title[0] = '\0';
}

static void
ui_help_section(void *ctx, const char *title)
{
	struct ui_help_doc *d = ctx;
	ui_help_flush(d);
	snprintf(d->title, sizeof d->title, "%s", title);
}

static void
ui_help_key(void *ctx, const char *keys, const char *what)
{
	struct ui_help_doc *d = ctx;
	if (d->pending < UI_HELP_SECTION) {
		snprintf(d->keys[d->pending], sizeof d->keys[0], "%s", keys);
		snprintf(d->what[d->pending++], sizeof d->what[0], "%s", what);
	}
}

/* text wrapped at spaces into rows a screen wide. */
static void
ui_help_text(void *ctx, const char *text)
{
	struct ui_help_doc *d = ctx;
	ui_help_flush(d);
	int width = d->width - 2;
	if (width > (int)sizeof d->rows[0].text - 1)
		width = (int)sizeof d->rows[0].text - 1;
	const char *p = text;
	while (*p != '\0') {
		int len = (int)strlen(p), cut = len;
		if (len > width) {
			cut = width;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = width;
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

static void ui_help_own(const struct ui_app *app,
                        const struct ui_help_sink *sink);

/* Tells sink the keys of the screen the help opened over; false when it
 * has none to tell. */
static bool
ui_help_screen_keys(const struct ui_app *app, const struct ui_screen_ops *from,
                    const struct ui_help_sink *sink)
{
	if (from == NULL)
		return false;
	if (from->help != NULL)
		from->help((void *)app, sink);
	else if (from->keys != NULL)
		ui_keytab_tell(from->keys, app, sink);
	else
		return false;
	return true;
}

static void
ui_help_build(const struct ui_app *app, int width, struct ui_help_doc *d)
{
	memset(d, 0, sizeof *d);
	d->width = width;
	const struct ui_help_sink sink = {ui_help_section, ui_help_key,
	                                  ui_help_text, d};
	const struct ui_screen_ops *from = app->help.from;
	bool own_first =
	        app->help.about_help ||
	        (from == NULL || (from->help == NULL && from->keys == NULL));
	if (own_first)
		ui_help_own(app, &sink);
	if (ui_help_screen_keys(app, from, &sink) && !app->help.about_help)
		ui_help_own(app, &sink);
	ui_help_flush(d);
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
	if (r->kind != HELP_KEYS) {
		ui_grid_print(g, y, 1, g->width - 2,
		              r->kind == HELP_HEAD ? ROLE_TITLE : ROLE_NORMAL,
		              r->text);
		return;
	}
	/* Columns with a blank between them and at each edge. */
	int col_w = r->cols == 2 ? (g->width - 2) / 2 : g->width - 2;
	for (int c = 0; c < r->cols && r->keys[c][0] != '\0'; c++) {
		int x = 1 + c * (col_w + 1);
		ui_grid_print(g, y, x, r->key_w, ROLE_TITLE, r->keys[c]);
		ui_grid_print(g, y, x + r->key_w, col_w - r->key_w, ROLE_NORMAL,
		              r->what[c]);
	}
}

static void
ui_help_draw(struct ui_host *host, void *ctx, struct ui_grid *g)
{
	(void)host;
	struct ui_app *app = ctx;
	static struct ui_help_doc d;
	ui_help_build(app, g->width, &d);
	int most = ui_help_max_top(&d, g);
	if (app->help.top > most)
		app->help.top = most;
	int body = ui_help_body_rows(g);
	const struct ui_screen_ops *from = app->help.from;
	ui_grid_printf(g, 0, 0, g->width, ROLE_TITLE, " tabula: the keys of %s",
	               app->help.about_help ? "this help"
	               : from != NULL       ? from->title
	                                    : "this screen");
	for (int i = 0; i < body && app->help.top + i < d.count; i++)
		ui_help_draw_row(g, 2 + i, &d.rows[app->help.top + i]);
	int last =
	        app->help.top + body < d.count ? app->help.top + body : d.count;
	ui_grid_printf(g, g->height - 1, 1, g->width - 2, ROLE_DIM,
	               "rows %d-%d of %d  %s", app->help.top + 1, last, d.count,
	               most > 0 ? "j k PgUp PgDn scroll, Esc returns"
	                        : "Esc returns");
}

/* ---- Its keys */

static void
ui_help_scroll(struct ui_app *app, int step)
{
	static struct ui_help_doc d;
	struct ui_grid *g = &app->host.grid;
	ui_help_build(app, g->width, &d);
	int page = ui_help_body_rows(g) - 1;
	int size = step == 1 || step == -1   ? 1
	           : step == 2 || step == -2 ? page
	                                     : UI_HELP_ROWS;
	int rows = step < 0 ? -size : size;
	int top = app->help.top + rows, most = ui_help_max_top(&d, g);
	app->help.top = top < 0 ? 0 : top > most ? most : top;
}

/* Back to the screen the help came from. */
static void
ui_help_back(struct ui_app *app)
{
	const struct ui_screen_ops *from = app->help.from;
	ui_screen_back_to(&app->host, from != NULL ? from : app->screens.menu,
	                  app);
}

static void
ui_help_about(struct ui_app *app)
{
	app->help.about_help = !app->help.about_help;
	app->help.top = 0;
}

static void
ui_help_rules(struct ui_app *app)
{
	ui_screen_show(&app->host, app->screens.rules, app);
}

/* Scroll steps: 1 a row, 2 a page, 3 to an end. */
/* clang-format off */
static const struct ui_key UI_HELP_KEYS[] = {
	{{'j', KEY_DOWN}, "j Down", "one row down", .run_arg = ui_help_scroll,
	 .arg = 1},
	{{'k', KEY_UP}, "k Up", "one row up", .run_arg = ui_help_scroll,
	 .arg = -1},
	{{' ', KEY_NPAGE}, "Space PgDn", "a page down",
	 .run_arg = ui_help_scroll, .arg = 2},
	{{KEY_PPAGE}, "PgUp", "a page up", .run_arg = ui_help_scroll,
	 .arg = -2},
	{{KEY_HOME, 'g'}, "Home g", "to the top", .run_arg = ui_help_scroll,
	 .arg = -3},
	{{KEY_END, 'G'}, "End G", "to the bottom", .run_arg = ui_help_scroll,
	 .arg = 3},
	{{'t'}, "t", "the rules of the game", .run = ui_help_rules},
	{{'?'}, "?", "this help's own keys first", .run = ui_help_about},
	{{27, 'q'}, "Esc q", "back (so does any other key)",
	 .run = ui_help_back},
};
/* clang-format on */

const struct ui_keytab ui_help_keytab =
        UI_KEYTAB("help", "This help", "here", UI_HELP_KEYS, NULL);

static void
ui_help_own(const struct ui_app *app, const struct ui_help_sink *sink)
{
	ui_keytab_tell(&ui_help_keytab, app, sink);
}

/* Any key not in the table goes back to the screen it came from. */
static void
ui_help_on_key(struct ui_host *host, void *ctx, int key)
{
	(void)host;
	struct ui_app *app = ctx;
	if (!ui_keytab_take(&ui_help_keytab, app, key))
		ui_help_back(app);
}

/* Opened: from the top, for the screen in front (the help over itself
 * shows its own keys). */
static bool
ui_help_enter(struct ui_host *host, void *ctx)
{
	struct ui_app *app = ctx;
	app->help.top = 0;
	app->help.about_help = false;
	app->help.from = ui_screen_top(host);
	return true;
}

static void
ui_help_min_size(void *ctx, int *width, int *height)
{
	ui_min_size(ctx, false, width, height);
}

static void
ui_help_help(void *ctx, const struct ui_help_sink *sink)
{
	ui_help_own(ctx, sink);
}

const struct ui_screen_ops ui_screen_help = {
        .name = "help",
        .title = "this help",
        .enter = ui_help_enter,
        .min_size = ui_help_min_size,
        .draw = ui_help_draw,
        .key = ui_help_on_key,
        .help = ui_help_help,
};
