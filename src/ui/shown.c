/*
 * The shown ply of the game: going to a ply, and refreshing what hangs on
 * the shown position (its legal moves, the move being built, the
 * analysis) after it or the line on the board changed.  play.c, lines.c,
 * review.c and the keys all move the shown ply through here, so that
 * lines.c and review.c need not call back up into play.c.
 */
#include "config.h"

#include "ui/analysis.h"
#include "ui/app.h"
#include "ui/input.h"
#include "ui/shown.h"
#include "ui/status.h"

void
ui_shown_refresh(struct ui_app *app)
{
	ui_builder_list(&app->build, app->game.session.ops, ui_shown_pos(app));
	app->game.input->changed(app);
	ui_analysis_sync(app);
	app->host.dirty = true;
}

void
ui_shown_line(struct ui_app *app)
{
	struct ui_game *game = &app->game;
	if (game->shown > game->session.ply)
		game->shown = game->session.ply;
	ui_analysis_forget(app);
	ui_shown_refresh(app);
}

void
ui_shown_go(struct ui_app *app, size_t ply)
{
	struct ui_game *game = &app->game;
	if (ply > game->session.ply || ply == game->shown)
		return;
	game->shown = ply;
	ui_status(app, false, "ply %zu of %zu%s", ply, game->session.ply,
	          ply < game->session.ply ? ": a move here starts a variation"
	                                  : "");
	ui_shown_refresh(app);
}
