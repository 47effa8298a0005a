/*
 * The game screen as the stack hosts it (ui/screen.h): the board, the
 * panel and the status line (draw.c), the command table (keys.c), and
 * what it waits on: the engine's pipe, the review's, and a room's
 * connection.  It sits at the bottom of the stack, so those go on under
 * the menu and the help.
 */
#include "config.h"

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

/* The engine's pipe, the review's, and a room's connection. */
enum { GAME_FD_ENGINE, GAME_FD_REVIEW, GAME_FD_ONLINE, GAME_FDS };

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
}

/* Wakes for the end of a flash (cells a clear emptied) and a room's
 * clock. */
static int
ui_game_screen_timeout(void *ctx, int timeout)
{
	const struct ui_app *app = ctx;
	int64_t now = ui_now_ms();
	if (app->game.flash_until_ms > now &&
	    app->game.flash_until_ms - now + 1 < timeout)
		timeout = (int)(app->game.flash_until_ms - now + 1);
	return ui_online_timeout(app, timeout);
}

static void
ui_game_screen_tick(struct ui_host *host, void *ctx)
{
	struct ui_app *app = ctx;
	if (app->game.flash_until_ms && ui_now_ms() >= app->game.flash_until_ms)
		host->dirty = true;
	ui_online_tick(app);
}

static void
ui_game_screen_min_size(void *ctx, int *width, int *height)
{
	ui_min_size(ctx, false, width, height);
}

const struct ui_screen_ops ui_screen_game = {
        .name = "game",
        .min_size = ui_game_screen_min_size,
        .draw = ui_game_screen_draw,
        .key = ui_game_screen_key,
        .click = ui_game_screen_click,
        .settle = ui_game_screen_settle,
        .fds = ui_game_screen_fds,
        .ready = ui_game_screen_ready,
        .wait_ms = ui_game_screen_timeout,
        .tick = ui_game_screen_tick,
};
