/*
 * The search the UI runs: the engine thinking about its move when it is
 * the side to move on the latest position, otherwise the analysis of the
 * shown position when the panel is on.  The search runs in the engine's
 * thread (ui/engine.c); this file starts and stops it to match what is
 * shown and takes in what it reports.  Playing the engine's move is the
 * caller's (play.c).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "search/level.h"
#include "search/winchance.h"
#include "ui/analysis.h"
#include "ui/app.h"
#include "ui/status.h"

bool
ui_analysis_init(struct ui_app *app, char *err, size_t err_size)
{
	struct ui_analysis *an = &app->analysis;
	an->on = app->opt.analysis;
	an->multipv = app->opt.multipv;
	an->engine = ui_engine_new(app->opt.hash_mb, app->opt.threads, err,
	                           err_size);
	return an->engine != NULL;
}

void
ui_analysis_free(struct ui_app *app)
{
	ui_engine_free(app->analysis.engine);
	app->analysis.engine = NULL;
}

static bool
ui_analysis_over(const struct ui_app *app, const struct game_pos *pos)
{
	struct game_status st;
	app->game.session.ops->status(pos, &st);
	return st.outcome != OUTCOME_ONGOING;
}

/* Whether an analysis may run now: not behind a menu, the help or a
 * prompt, where nobody watches it. */
static bool
ui_analysis_welcome(const struct ui_app *app)
{
	return ui_screen_top(&app->host) == app->screens.game &&
	       !app->prompt.active;
}

void
ui_analysis_sync(struct ui_app *app)
{
	struct ui_analysis *an = &app->analysis;
	const struct ui_game *game = &app->game;
	if (an->engine == NULL || !game->have)
		return;
	const struct game_ops *ops = game->session.ops;
	const struct game_pos *pos = ui_shown_pos(app);
	int side = ops->side_to_move(pos);
	enum ui_search_mode want = SEARCH_NONE;
	struct search_limits lim = {0};
	/* `!` seats the engine for one move (play.c). */
	const struct who *seat = game->once_ply == game->session.ply + 1
	                                 ? &game->once_seat
	                                 : &game->players[side];
	if (ui_analysis_over(app, pos) || app->build.nmoves == 0) {
		want = SEARCH_NONE;
	} else if (game->shown == game->session.ply &&
	           seat->kind == WHO_ENGINE && !game->paused) {
		want = SEARCH_THINK;
		lim = seat->lim;
		if (an->on && an->multipv > lim.multipv)
			lim.multipv = an->multipv;
		/* A weak level misjudges positions the same way throughout a
		 * game: the same game, the same moves. */
		lim.noise_seed = level_game_seed(
		        ops, &game->session.positions[0],
		        game->session.setup.seed ^ (uint64_t)side);
	} else if (an->on && !app->drill.active && !app->trainer.active &&
	           ui_analysis_welcome(app)) {
		/* Polite on shared hosts: an analysis ends by itself. */
		want = SEARCH_ANALYSE;
		lim.depth = app->opt.analysis_depth;
		lim.movetime_ms = (int64_t)app->opt.analysis_time * 1000;
		lim.infinite = lim.depth == 0 && lim.movetime_ms == 0;
		lim.multipv = an->multipv;
	}
	if (want == an->mode && want != SEARCH_NONE &&
	    an->search_ply == game->shown &&
	    an->search_len == game->session.ply)
		return;
	if (want == SEARCH_NONE) {
		if (an->mode != SEARCH_NONE)
			ui_engine_stop(an->engine);
		an->mode = SEARCH_NONE;
		return;
	}
	an->mode = want;
	an->search_ply = game->shown;
	an->search_len = game->session.ply;
	memset(&an->info, 0, sizeof an->info);
	an->search_number = ui_engine_start(an->engine, ops, pos, &lim);
	app->host.dirty = true;
}

void
ui_analysis_forget(struct ui_app *app)
{
	app->analysis.mode = SEARCH_NONE;
}

void
ui_analysis_restart(struct ui_app *app)
{
	ui_analysis_forget(app);
	ui_analysis_sync(app);
}

void
ui_analysis_toggle(struct ui_app *app)
{
	struct ui_analysis *an = &app->analysis;
	an->on = !an->on;
	ui_status(app, false, "analysis %s", an->on ? "on" : "off");
	ui_analysis_sync(app);
	/* Off means gone: the panel's lines and their ghosts on the board
	 * go with it (the engine thinking about its move keeps its own). */
	if (!an->on && an->mode != SEARCH_THINK)
		memset(&an->info, 0, sizeof an->info);
}

void
ui_analysis_off(struct ui_app *app)
{
	if (app->analysis.on)
		ui_analysis_toggle(app);
}

void
ui_analysis_lines(struct ui_app *app, int delta)
{
	struct ui_analysis *an = &app->analysis;
	int v = an->multipv + delta;
	if (v < 1 || v > UI_ENGINE_MAX_LINES)
		return;
	an->multipv = v;
	an->mode = SEARCH_NONE; /* restart with the new number of lines */
	ui_status(app, false, "%d analysis line%s", v, v == 1 ? "" : "s");
	ui_analysis_sync(app);
}

bool
ui_analysis_thinking(const struct ui_app *app)
{
	return app->analysis.mode == SEARCH_THINK;
}

void
ui_analysis_stop(struct ui_app *app)
{
	ui_engine_stop(app->analysis.engine);
}

/* The engine's comment on its move, from the first player's view as the
 * rest of the screen speaks (tabula(6), "Win chance"): its win chance and
 * the depth ("Red 63%/8"), or the score in the game's units ("+0.35/8")
 * where the game has no map; "#+3/8" for a forced result. */
static void
ui_analysis_comment(const struct ui_app *app, const struct search_info *info,
                    char *buf, size_t size)
{
	const struct game_ops *ops = app->game.session.ops;
	int sign = ops->side_to_move(session_current(&app->game.session)) == 0
	                   ? 1
	                   : -1;
	int plies;
	if (search_score_is_mate(info->score, &plies))
		snprintf(buf, size, "#%+d/%d", sign * plies, info->depth);
	else if (winchance_known(ops))
		snprintf(buf, size, "%s %d%%/%d", ops->side_names[0],
		         (winchance_of(ops, 0, sign * info->score) + 50) / 100,
		         info->depth);
	else
		snprintf(buf, size, "%+.2f/%d", info->score / 100.0,
		         info->depth);
}

bool
ui_analysis_poll(struct ui_app *app, game_move *move, char *comment,
                 size_t size)
{
	struct ui_analysis *an = &app->analysis;
	if (an->engine == NULL)
		return false;
	struct ui_engine_view v;
	ui_engine_snapshot(an->engine, &v);
	/* News of a search nobody wants any more (analysis turned off)
	 * would bring its lines back. */
	if (v.search != an->search_number || an->mode == SEARCH_NONE ||
	    v.generation == an->info.generation)
		return false;
	an->info = v;
	app->host.dirty = true;
	if (an->mode != SEARCH_THINK || !v.finished)
		return false;
	an->mode = SEARCH_NONE;
	if (!v.has_move || app->game.shown != app->game.session.ply)
		return false;
	comment[0] = '\0';
	if (v.line_count > 0)
		ui_analysis_comment(app, &v.lines[0], comment, size);
	*move = v.best;
	return true;
}
