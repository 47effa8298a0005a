/*
 * The game screen as the stack hosts it (ui/screen.h): the board, the
 * panel and the status line (draw.c), the key tables (keys.c), and
 * what it waits on: the engine's pipe, the review's, and a room's
 * connection.  It sits at the bottom of the stack, so those go on under
 * the menu and the help.
 */
#include "config.h"

#include <stdio.h>

#include "search/winchance.h"
#include "ui/analysis.h"
#include "ui/app.h"
#include "ui/draw.h"
#include "ui/game-screen.h"
#include "ui/keys.h"
#include "ui/online.h"
#include "ui/play.h"
#include "ui/review.h"

static void
ui_game_screen_draw(struct ui_host *host, void *ctx, struct ui_grid *g)
{
	(void)host;
	(void)g;
	struct ui_app *app = ctx;
	if (app->game.have)
		ui_draw_game(app);
}

static void
ui_game_screen_key(struct ui_host *host, void *ctx, int key)
{
	(void)host;
	ui_keys_handle(ctx, key);
}

static void
ui_game_screen_click(struct ui_host *host, void *ctx, int y, int x)
{
	(void)host;
	ui_keys_click(ctx, y, x);
}

/* A menu, the help or a prompt may have opened or closed: the analysis
 * stops behind them and comes back after; a review pauses (A goes on). */
static void
ui_game_screen_settle(struct ui_host *host, void *ctx, bool on_top)
{
	(void)host;
	struct ui_app *app = ctx;
	ui_analysis_sync(app);
	if (!on_top || app->prompt.active)
		ui_review_pause(app);
}

/* The engine's pipe, the review's, a room's connection and the judging
 * worker's (ui/think.h). */
enum {
	GAME_FD_ENGINE,
	GAME_FD_REVIEW,
	GAME_FD_ONLINE,
	GAME_FD_THINK,
	GAME_FDS
};

static int
ui_game_screen_fds(void *ctx, struct pollfd *fds, int max)
{
	const struct ui_app *app = ctx;
	if (max < GAME_FDS)
		return 0;
	fds[GAME_FD_ENGINE].fd =
	        app->analysis.engine ? ui_engine_fd(app->analysis.engine) : -1;
	fds[GAME_FD_REVIEW].fd = ui_review_fd(app);
	fds[GAME_FD_ONLINE].fd = ui_online_fd(app);
	fds[GAME_FD_THINK].fd = ui_think_fd(app);
	for (int i = 0; i < GAME_FDS; i++)
		fds[i].events = POLLIN;
	return GAME_FDS;
}

static void
ui_game_screen_ready(struct ui_host *host, void *ctx, const struct pollfd *fds,
                     int n)
{
	(void)host;
	struct ui_app *app = ctx;
	if (n < GAME_FDS)
		return;
	if (fds[GAME_FD_REVIEW].revents & POLLIN)
		ui_review_poll(app);
	if (fds[GAME_FD_ENGINE].revents & POLLIN) {
		ui_engine_drain(app->analysis.engine);
		ui_play_poll_search(app);
	}
	if (fds[GAME_FD_ONLINE].revents & (POLLIN | POLLHUP | POLLERR))
		ui_online_poll(app);
	if (fds[GAME_FD_THINK].revents & POLLIN)
		ui_think_poll(app);
}

/* Wakes for the end of a flash (cells a clear emptied), a room's clock
 * and the judging's elapsed time. */
static int
ui_game_screen_timeout(void *ctx, int timeout)
{
	const struct ui_app *app = ctx;
	int64_t now = ui_now_ms();
	if (app->game.flash_until_ms > now &&
	    app->game.flash_until_ms - now + 1 < timeout)
		timeout = (int)(app->game.flash_until_ms - now + 1);
	return ui_think_timeout(app, ui_online_timeout(app, timeout));
}

static void
ui_game_screen_tick(struct ui_host *host, void *ctx)
{
	struct ui_app *app = ctx;
	if (app->game.flash_until_ms && ui_now_ms() >= app->game.flash_until_ms)
		host->dirty = true;
	ui_online_tick(app);
	ui_think_tick(app);
}

static void
ui_game_screen_min_size(void *ctx, int *width, int *height)
{
	ui_min_size(ctx, false, width, height);
}

/* Hundredths of a point as "10" or "7.5" (Infexion's ?! threshold). */
static void
ui_points_text(int hundredths, char *out, size_t size)
{
	if (hundredths % 100 == 0)
		snprintf(out, size, "%d", hundredths / 100);
	else if (hundredths % 10 == 0)
		snprintf(out, size, "%d.%d", hundredths / 100,
		         hundredths % 100 / 10);
	else
		snprintf(out, size, "%d.%02d", hundredths / 100,
		         hundredths % 100);
}

/* What the numbers on the screen mean (tabula(6), "Win chance"). */
static void
ui_game_screen_units(const struct ui_app *app, const struct ui_help_sink *sink)
{
	const struct game_ops *ops = app->game.session.ops;
	const struct ui_board_view *view = app->game.view;
	const struct game_winchance *t = &ops->caps.winchance;
	char text[512];
	snprintf(text, sizeof text, "Numbers in %s", ops->title);
	sink->section(sink->ctx, text);
	if (winchance_known(ops)) {
		snprintf(text, sizeof text,
		         "Win chance (the panel, the move list, the review, "
		         "the graph) is %s's chance of winning if the engine "
		         "played both sides from here on, read from its "
		         "score; 0%% and 100%% are for forced results only.",
		         ops->side_names[0]);
		sink->text(sink->ctx, text);
		char from[3][16];
		ui_points_text(t->inaccuracy, from[0], sizeof from[0]);
		ui_points_text(t->mistake, from[1], sizeof from[1]);
		ui_points_text(t->blunder, from[2], sizeof from[2]);
		snprintf(text, sizeof text,
		         "A review marks a move by the win chance it lost "
		         "against the engine's best, each confirmed by a "
		         "deeper look: ?! from %s points, ? from %s, ?? from "
		         "%s.",
		         from[0], from[1], from[2]);
		sink->text(sink->ctx, text);
	}
	snprintf(text, sizeof text,
	         "%s the engine's score from %s's view (+ is good for %s): %s",
	         winchance_known(ops) ? "% shows instead" : "Scores are",
	         ops->side_names[0], ops->side_names[0],
	         view != NULL && view->units != NULL ? view->units : "");
	sink->text(sink->ctx, text);
	sink->text(sink->ctx, "A forced result shows as \"wins in N\" or "
	                      "\"loses in N\" (plies), or #+N / #-N.");
}

static void
ui_game_screen_help(void *ctx, const struct ui_help_sink *sink)
{
	const struct ui_app *app = ctx;
	ui_keys_help(app, sink);
	if (app->game.have)
		ui_game_screen_units(app, sink);
}

const struct ui_screen_ops ui_screen_game = {
        .name = "game",
        .title = "the game",
        .min_size = ui_game_screen_min_size,
        .draw = ui_game_screen_draw,
        .key = ui_game_screen_key,
        .click = ui_game_screen_click,
        .settle = ui_game_screen_settle,
        .fds = ui_game_screen_fds,
        .ready = ui_game_screen_ready,
        .wait_ms = ui_game_screen_timeout,
        .tick = ui_game_screen_tick,
        .help = ui_game_screen_help,
};
