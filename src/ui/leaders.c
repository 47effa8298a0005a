/*
 * The leaderboard (tabula(6), PLAY ON THIS HOST, "Ratings"): a screen over
 * the lobby showing the best-rated people at one game, as the room server
 * sends them ("top").  Left and Right change the game; the lines arrive
 * on the lobby's connection, which the screens below keep reading.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "client/view.h"
#include "core/registry.h"
#include "ui/app.h"
#include "ui/online.h"
#include "ui/status.h"

/* How many the screen asks for. */
enum { UI_LEADERS_COUNT = 20 };

/* Asks the server for the leaderboard of the chosen game. */
static void
ui_leaders_ask(struct ui_app *app)
{
	char line[64];
	snprintf(line, sizeof line, "top %s %d",
	         registry_at((size_t)app->leaders.game)->name,
	         UI_LEADERS_COUNT);
	ui_online_send(app, line);
}

static bool
ui_leaders_enter(struct ui_host *host, void *ctx)
{
	(void)host;
	struct ui_app *app = ctx;
	if (ui_online_view(app) == NULL)
		return false;
	app->leaders.game = ui_online_form_game(app);
	ui_online_forget_top(app);
	ui_leaders_ask(app);
	return true;
}

/* What a leader's kind word means to a person. */
static const char *
ui_leaders_kind(const char *kind)
{
	return strcmp(kind, "ssh") == 0      ? "SSH key"
	       : strcmp(kind, "engine") == 0 ? "engine"
	                                     : "local user";
}

static void
ui_leaders_draw(struct ui_host *host, void *ctx, struct ui_grid *g)
{
	(void)host;
	struct ui_app *app = ctx;
	const struct view *v = ui_online_view(app);
	const struct game_ops *ops = registry_at((size_t)app->leaders.game);
	ui_grid_printf(g, 0, 0, g->width, ROLE_TITLE,
	               " tabula: the best %s players on this host", ops->title);
	ui_grid_printf(g, 2, 2, g->width - 4, ROLE_TITLE,
	               "%4s  %-16s %-10s %6s %5s %5s", "Rank", "Name", "Who",
	               "Rating", "+-", "Games");
	int y = 3;
	bool this_game = v != NULL && strcmp(v->top_game, ops->name) == 0;
	for (size_t i = 0; this_game && i < v->top_count && y < g->height - 3;
	     i++, y++) {
		const struct view_leader *l = &v->top[i];
		ui_grid_printf(g, y, 2, g->width - 4,
		               strcmp(l->name, v->name) == 0 ? ROLE_CURSOR
		                                             : ROLE_NORMAL,
		               "%4u  %-16s %-10s %6d %5d %5u", l->rank, l->name,
		               ui_leaders_kind(l->kind), l->rating,
		               2 * l->deviation, l->games);
	}
	if (!this_game || v->top_count == 0)
		ui_grid_print(g, y, 4, g->width - 6, ROLE_DIM,
		              v == NULL   ? "the room server has gone"
		              : this_game ? "nobody has played a rated game yet"
		                          : "asking the server...");
	char foot[200];
	ui_keytab_footer(&ui_leaders_keytab, app, g->width - 4, foot,
	                 sizeof foot);
	ui_grid_print(g, g->height - 2, 2, g->width - 4, ROLE_DIM, foot);
	ui_status_print(app, g);
}

/* The next two-player game after the shown one, by step. */
static void
ui_leaders_turn(struct ui_app *app, int step)
{
	int n = (int)registry_count(), game = app->leaders.game;
	for (int i = 1; i <= n; i++) {
		int next = ((game + step * i) % n + n) % n;
		if (registry_at((size_t)next)->players == 2) {
			app->leaders.game = next;
			break;
		}
	}
	ui_leaders_ask(app);
}

static void
ui_leaders_help(struct ui_app *app)
{
	ui_screen_show(&app->host, app->screens.help, app);
}

static void
ui_leaders_back(struct ui_app *app)
{
	ui_screen_pop(&app->host);
}

/* clang-format off */
static const struct ui_key UI_LEADERS_KEYS[] = {
	{{'h', KEY_LEFT}, "h Left", "the previous game",
	 .hint = "Left/Right game", .run_arg = ui_leaders_turn, .arg = -1},
	{{'l', KEY_RIGHT}, "l Right", "the next game",
	 .run_arg = ui_leaders_turn, .arg = 1},
	{{'r'}, "r", "ask the server again", .hint = "r again",
	 .run = ui_leaders_ask},
	{{'?'}, "?", "this help", .hint = "? keys", .run = ui_leaders_help},
	{{'q', 27, 't'}, "q Esc t", "back to the lobby", .hint = "q back",
	 .run = ui_leaders_back},
};
/* clang-format on */

const struct ui_keytab ui_leaders_keytab =
        UI_KEYTAB("leaders", "The leaderboard", "on the leaderboard",
                  UI_LEADERS_KEYS, NULL);

static void
ui_leaders_min_size(void *ctx, int *width, int *height)
{
	ui_min_size(ctx, true, width, height);
}

const struct ui_screen_ops ui_screen_leaders = {
        .name = "leaders",
        .title = "the leaderboard",
        .enter = ui_leaders_enter,
        .min_size = ui_leaders_min_size,
        .draw = ui_leaders_draw,
        .keys = &ui_leaders_keytab,
};
