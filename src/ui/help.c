/*
 * The help screen: the game screen's keys in columns, drawn from the
 * command table (keys.c), and what the panel's numbers mean.  Any key
 * goes back.
 */
#include "config.h"

#include <stdio.h>

#include "ui/app.h"
#include "ui/help.h"
#include "ui/keys.h"

/* Columns of a key's name ("I O T J L S Z"). */
static const int UI_HELP_KEYS = 14;

struct ui_help_ctx {
	struct ui_grid *g;
	int y, x, col_w;
};

static void
ui_help_line(void *ctx, const char *keys, const char *what)
{
	struct ui_help_ctx *h = ctx;
	if (h->y >= h->g->height - 2) {
		h->y = 2;
		h->x += h->col_w;
	}
	ui_grid_printf(h->g, h->y, h->x, UI_HELP_KEYS, ROLE_TITLE, "%s", keys);
	ui_grid_printf(h->g, h->y, h->x + UI_HELP_KEYS,
	               h->col_w - UI_HELP_KEYS - 1, ROLE_NORMAL, "%s", what);
	h->y++;
}

static void
ui_help_draw(struct ui_host *host, void *ctx, struct ui_grid *g)
{
	(void)host;
	const struct ui_app *app = ctx;
	ui_grid_print(g, 0, 0, g->width, ROLE_TITLE,
	              " tabula: keys (any key returns)");
	struct ui_help_ctx h = {g, 2, 1, g->width / 2};
	ui_keys_each(ui_help_line, &h);
	/* What the panel's numbers mean (tabula(6), REVIEW). */
	ui_grid_printf(g, g->height - 1, 1, g->width - 2, ROLE_DIM,
	               "Scores from %s's view: 1.00 = 1 power (Infexion), "
	               "6 tokens (Tetress)",
	               app->game.have ? app->game.session.ops->side_names[0]
	                              : "the first player");
}

/* Any key: back to the game, or to the menu while there is none. */
static void
ui_help_key(struct ui_host *host, void *ctx, int key)
{
	(void)key;
	struct ui_app *app = ctx;
	ui_screen_back_to(
	        host, app->game.have ? app->screens.game : app->screens.menu,
	        app);
}

static void
ui_help_min_size(void *ctx, int *width, int *height)
{
	ui_min_size(ctx, false, width, height);
}

const struct ui_screen_ops ui_screen_help = {
        .name = "help",
        .min_size = ui_help_min_size,
        .draw = ui_help_draw,
        .key = ui_help_key,
};
