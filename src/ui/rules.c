/*
 * The rules screen (tabula(6), RULES, and Keys): the rules of the game
 * shown (or the one the menu has chosen) in the man page's own words,
 * made from the page when tabula is built (rules-gen.sh), scrolled a row
 * or a page at a time; Left and Right turn to the other games' rules.
 * Esc goes back to the screen it was opened from.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "core/registry.h"
#include "ui/app.h"
#include "ui/rules.h"
#include "ui/status.h"

/* The rules of the game chosen, or NULL. */
static const struct ui_rules_text *
ui_rules_of(const struct ui_app *app)
{
	const struct game_ops *ops = registry_at((size_t)app->rules.game);
	for (const struct ui_rules_text *r = ui_rules_texts;
	     ops != NULL && r->game != NULL; r++)
		if (strcmp(r->game, ops->name) == 0)
			return r;
	return NULL;
}

/* Rows the text shows: between the title's two rows and the footer's. */
static int
ui_rules_body_rows(const struct ui_grid *g)
{
	return g->height - 4 > 1 ? g->height - 4 : 1;
}

static int
ui_rules_max_top(const struct ui_app *app, const struct ui_grid *g)
{
	const struct ui_rules_text *r = ui_rules_of(app);
	int most = r != NULL ? (int)r->count - ui_rules_body_rows(g) : 0;
	return most > 0 ? most : 0;
}

static void
ui_rules_draw(struct ui_host *host, void *ctx, struct ui_grid *g)
{
	(void)host;
	struct ui_app *app = ctx;
	const struct ui_rules_text *r = ui_rules_of(app);
	const struct game_ops *ops = registry_at((size_t)app->rules.game);
	ui_grid_printf(g, 0, 0, g->width, ROLE_TITLE,
	               " tabula: the rules of %s (tabula(6), RULES)",
	               ops != NULL ? ops->title : "?");
	int most = ui_rules_max_top(app, g), body = ui_rules_body_rows(g);
	if (app->rules.top > most)
		app->rules.top = most;
	if (r == NULL) {
		ui_grid_print(g, 2, 2, g->width - 4, ROLE_WARN,
		              "no rules of this game in this build");
	} else {
		for (int i = 0; i < body && app->rules.top + i < (int)r->count;
		     i++)
			ui_grid_print(g, 2 + i, 1, g->width - 2, ROLE_NORMAL,
			              r->lines[app->rules.top + i]);
		int last = app->rules.top + body;
		ui_grid_printf(g, g->height - 2, 1, g->width - 2, ROLE_DIM,
		               "rows %d-%d of %zu", app->rules.top + 1,
		               last < (int)r->count ? last : (int)r->count,
		               r->count);
	}
	char foot[256];
	ui_keytab_footer(&ui_rules_keytab, app, g->width - 2, foot,
	                 sizeof foot);
	ui_grid_print(g, g->height - 1, 1, g->width - 2, ROLE_DIM, foot);
}

/* ---- The keys */

/* 1 a row, 2 a page, 3 to an end; negative: back. */
static void
ui_rules_scroll(struct ui_app *app, int step)
{
	const struct ui_grid *g = &app->host.grid;
	int most = ui_rules_max_top(app, g);
	int size = step == 1 || step == -1   ? 1
	           : step == 2 || step == -2 ? ui_rules_body_rows(g) - 1
	                                     : most + 1;
	int top = app->rules.top + (step < 0 ? -size : size);
	app->rules.top = top < 0 ? 0 : top > most ? most : top;
}

/* The next or the previous game's rules, from the top. */
static void
ui_rules_turn(struct ui_app *app, int delta)
{
	int n = (int)registry_count();
	if (n > 0)
		app->rules.game = ((app->rules.game + delta) % n + n) % n;
	app->rules.top = 0;
}

static void
ui_rules_help(struct ui_app *app)
{
	ui_screen_show(&app->host, app->screens.help, app);
}

static void
ui_rules_back(struct ui_app *app)
{
	ui_screen_pop(&app->host);
}

/* clang-format off */
static const struct ui_key UI_RULES_KEYS[] = {
	{{'j', KEY_DOWN}, "j Down", "one row down", .hint = "j k scroll",
	 .run_arg = ui_rules_scroll, .arg = 1},
	{{'k', KEY_UP}, "k Up", "one row up", .run_arg = ui_rules_scroll,
	 .arg = -1},
	{{' ', KEY_NPAGE}, "Space PgDn", "a page down", .hint = "Space page",
	 .run_arg = ui_rules_scroll, .arg = 2},
	{{KEY_PPAGE, 'b'}, "PgUp b", "a page up", .run_arg = ui_rules_scroll,
	 .arg = -2},
	{{KEY_HOME, 'g'}, "Home g", "to the top", .run_arg = ui_rules_scroll,
	 .arg = -3},
	{{KEY_END, 'G'}, "End G", "to the bottom", .run_arg = ui_rules_scroll,
	 .arg = 3},
	{{'l', KEY_RIGHT}, "l Right", "the next game's rules",
	 .hint = "Left/Right other games", .run_arg = ui_rules_turn, .arg = 1},
	{{'h', KEY_LEFT}, "h Left", "the previous game's rules",
	 .run_arg = ui_rules_turn, .arg = -1},
	{{'?'}, "?", "this help", .hint = "? keys", .run = ui_rules_help},
	{{'q', 27, 't'}, "q Esc t", "back", .hint = "q back",
	 .run = ui_rules_back},
};
/* clang-format on */

const struct ui_keytab ui_rules_keytab =
        UI_KEYTAB("rules", "The rules", "in the rules", UI_RULES_KEYS, NULL);

/* The game of the screen it opens over: the menu's choice, else the game
 * shown. */
static bool
ui_rules_enter(struct ui_host *host, void *ctx)
{
	struct ui_app *app = ctx;
	const struct ui_screen_ops *from = ui_screen_top(host);
	if (from == app->screens.help)
		from = app->help.from;
	const struct game_ops *ops =
	        app->game.have && from != app->screens.menu
	                ? app->game.session.ops
	                : registry_at((size_t)app->menu.game);
	int at = registry_index(ops);
	if (at >= 0)
		app->rules.game = at;
	app->rules.top = 0;
	return true;
}

/* The man page's lines are 77 columns wide. */
static void
ui_rules_min_size(void *ctx, int *width, int *height)
{
	(void)ctx;
	*width = UI_MIN_WIDTH;
	*height = UI_MENU_MIN_HEIGHT;
}

const struct ui_screen_ops ui_screen_rules = {
        .name = "rules",
        .title = "the rules",
        .enter = ui_rules_enter,
        .min_size = ui_rules_min_size,
        .draw = ui_rules_draw,
        .keys = &ui_rules_keytab,
};
