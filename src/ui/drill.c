/*
 * Practising one player's mistakes (tabula(6), PUZZLES, "Your mistakes"):
 * a mode of the game screen, so a try is built with the game screen's own
 * keys (the move inputs, Tab, the keypad, the mouse, typed moves, `?`) and
 * the lines are stepped through with its own [ ] { } keys.  Each exercise
 * is the position before a move the review marked ? or ??; both sides are
 * people, the analysis stays off and no ghost shows.  Each is tried as
 * one mistake (ui/mistake.h): judged by the review's own measure, the
 * refutation of a wrong try or the engine's line after a right one played
 * on the board, the first result kept in the personal set.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/app.h"
#include "ui/drill.h"
#include "ui/mistake.h"
#include "ui/online.h"
#include "ui/play.h"
#include "ui/status.h"

/* The judge's table, as the review's. */
static const size_t DRILL_HASH_MB = 16;

static const struct ui_keyhelp DRILL_KEYS[] = {
        {"n", "the next exercise"},
        {"b i", "a hint, more each press"},
        {"s", "the answer on the board"},
        {"q", "end the practice"},
};

void
ui_drill_keys_each(const struct ui_app *app, ui_keyhelp_fn fn, void *ctx)
{
	if (app == NULL || app->drill.active)
		ui_keyhelp_each(DRILL_KEYS,
		                sizeof DRILL_KEYS / sizeof DRILL_KEYS[0], fn,
		                ctx);
}

static const struct exercise *
drill_exercise(const struct ui_app *app)
{
	return &app->drill.items[app->drill.current];
}

static void
drill_show(struct ui_app *app, size_t index)
{
	struct ui_drill *d = &app->drill;
	d->current = index;
	d->now.ex = *drill_exercise(app);
	if (!ui_mistake_show(app, &d->now))
		return;
	ui_status(app, false, "Find a better move for %s (exercise %zu of %zu)",
	          d->ops->side_names[d->player], index + 1, d->count);
}

bool
ui_drill_start(struct ui_app *app, const struct session *s,
               const struct record_meta *meta, int player, const char *source,
               bool quit_at_end, char *err, size_t err_size)
{
	struct ui_drill *d = &app->drill;
	if (d->active || app->trainer.active) {
		/* Its own put-aside game would be lost. */
		snprintf(err, err_size, "%s is on: q ends it first",
		         d->active ? "a practice" : "the puzzle trainer");
		return false;
	}
	size_t n = exercise_find(s, meta, player, NULL, 0);
	if (n == 0) {
		snprintf(err, err_size, "%s: no ? or ?? move of %s to practise",
		         source, s->ops->side_names[player]);
		return false;
	}
	struct exercise *items = calloc(n, sizeof *items);
	struct review *judge = review_new(DRILL_HASH_MB);
	if (items == NULL || judge == NULL) {
		free(items);
		review_free(judge);
		snprintf(err, err_size, "out of memory");
		return false;
	}
	exercise_find(s, meta, player, items, n);
	ui_drill_free(app);
	*d = (struct ui_drill){.ops = s->ops,
	                       .items = items,
	                       .count = n,
	                       .player = player,
	                       .judge = judge,
	                       .quit_at_end = quit_at_end};
	d->now = (struct ui_mistake){.ops = s->ops,
	                             .judge = judge,
	                             .personal = &d->personal,
	                             .personal_path = d->personal_path};
	snprintf(d->now.source, sizeof d->now.source, "%s", source);
	char warn[1024];
	ui_mistake_personal(&d->personal, d->personal_path,
	                    sizeof d->personal_path, !app->opt.no_save, warn,
	                    sizeof warn);
	if (app->game.have) {
		ui_play_take(app, &d->stash);
		d->stashed = true;
	}
	d->active = true;
	drill_show(app, 0);
	if (warn[0] != '\0')
		ui_status(app, true, "%s", warn);
	return true;
}

/* The player the X key practises: the one person at the board, else the
 * side that made the move shown. */
static int
drill_player(const struct ui_app *app)
{
	const struct ui_game *game = &app->game;
	bool human[2] = {!game->players[0].engine, !game->players[1].engine};
	if (human[0] != human[1])
		return human[0] ? 0 : 1;
	if (game->shown == 0)
		return 0;
	return game->session.ops->side_to_move(
	        &game->session.positions[game->shown - 1]);
}

void
ui_drill_from_game(struct ui_app *app)
{
	const struct ui_game *game = &app->game;
	char err[512];
	if (!game->have || game->session.ops->players != 2) {
		ui_status(app, true, "no two-player game to practise");
		return;
	}
	if (ui_online_in_room(app)) {
		ui_status(app, true,
		          "a room's game is played on: practise it once saved");
		return;
	}
	if (!exercise_reviewed(&game->session, &game->meta)) {
		ui_status(app, true,
		          "review the game first (A), then X practises its "
		          "? and ?? moves");
		return;
	}
	const char *source =
	        game->save_path[0] != '\0' ? game->save_path : "this game";
	if (!ui_drill_start(app, &game->session, &game->meta, drill_player(app),
	                    source, false, err, sizeof err))
		ui_status(app, true, "%s", err);
}

/* Ends the practice: back to the game put aside, or out. */
static void
drill_end(struct ui_app *app)
{
	struct ui_drill *d = &app->drill;
	bool quit = d->quit_at_end, stashed = d->stashed;
	struct ui_game stash = d->stash;
	d->stashed = false;
	ui_drill_free(app);
	if (stashed) {
		ui_play_give(app, &stash);
		ui_status(app, false, "practice over: back to the game");
		return;
	}
	ui_play_close(app);
	if (quit)
		app->host.quit = true;
	else
		ui_screen_show(&app->host, app->screens.menu, app);
}

bool
ui_drill_play(struct ui_app *app, game_move move)
{
	if (!app->drill.active)
		return false;
	ui_mistake_play(app, &app->drill.now, move);
	return true;
}

bool
ui_drill_key(struct ui_app *app, int key)
{
	struct ui_drill *d = &app->drill;
	if (!d->active)
		return false;
	switch (key) {
	case 'n':
		drill_show(app, (d->current + 1) % d->count);
		if (d->count == 1)
			ui_status(app, false, "the only exercise, again");
		return true;
	case 'b':
	case 'i':
		ui_mistake_hint(app, &d->now);
		return true;
	case 's':
		ui_mistake_reveal(app, &d->now);
		return true;
	case 'q':
		drill_end(app);
		return true;
	case 'X':
		ui_status(app, false, "practising already: q ends it");
		return true;
	default:
		break;
	}
	if (!ui_mistake_refuses(key))
		return false;
	ui_status(app, true, "'%c' is not a key in a practice: q ends it", key);
	return true;
}

int
ui_drill_draw(struct ui_app *app, int y, int x, int w)
{
	const struct ui_drill *d = &app->drill;
	struct ui_grid *g = &app->host.grid;
	const struct exercise *ex = drill_exercise(app);
	char fen[GAME_TEXT_MAX], move[64];
	ui_mistake_texts(&d->now, fen, sizeof fen, move, sizeof move);
	ui_grid_printf(g, y++, x, w, ROLE_TITLE, "Your mistakes  %zu of %zu",
	               d->current + 1, d->count);
	ui_grid_printf(g, y++, x, w, ROLE_NORMAL, "find a better move for %s",
	               d->ops->side_names[d->player]);
	ui_grid_printf(g, y++, x, w, ROLE_DIM,
	               "the game's move %zu:", ex->ply + 1);
	ui_grid_printf(g, y++, x + 2, w - 2, ROLE_DIM, "%s%s", move,
	               record_mark_text(ex->mark));
	const struct exercise_entry *e =
	        exercises_find(&d->personal, d->ops->name, fen, move);
	if (e != NULL)
		ui_grid_printf(g, y++, x, w, ROLE_DIM,
		               "personal set: solved %d  failed %d", e->solved,
		               e->failed);
	ui_grid_print(g, y++, x, w, ROLE_DIM,
	              "n next  b hint  s answer  q end");
	return y + 1;
}

void
ui_drill_free(struct ui_app *app)
{
	struct ui_drill *d = &app->drill;
	free(d->items);
	review_free(d->judge);
	exercises_free(&d->personal);
	if (d->stashed) {
		session_free(&d->stash.session);
		record_meta_free(&d->stash.meta);
	}
	memset(d, 0, sizeof *d);
}
