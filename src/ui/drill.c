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
#include "ui/think.h"
#include "ui/mistake.h"
#include "ui/online.h"
#include "ui/play.h"
#include "ui/status.h"

/* The judge's table, as the review's. */
static const size_t DRILL_HASH_MB = 16;

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
	                       .judge = judge};
	d->now = (struct ui_mistake){.ops = s->ops,
	                             .judge = judge,
	                             .personal = &d->home.personal,
	                             .personal_path = d->home.personal_path};
	snprintf(d->now.source, sizeof d->now.source, "%s", source);
	char warn[1024];
	ui_mistake_home_open(app, &d->home, quit_at_end, warn, sizeof warn);
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
	bool human[2] = {game->players[0].kind != WHO_ENGINE,
	                 game->players[1].kind != WHO_ENGINE};
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
	struct ui_mistake_home home = app->drill.home;
	memset(&app->drill.home, 0, sizeof app->drill.home);
	ui_drill_free(app);
	if (ui_mistake_home_leave(app, &home))
		ui_status(app, false, "practice over: back to the game");
	else if (!app->host.quit)
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

/* n: the next exercise, the first again after the last. */
static void
drill_next(struct ui_app *app)
{
	struct ui_drill *d = &app->drill;
	drill_show(app, (d->current + 1) % d->count);
	if (d->count == 1)
		ui_status(app, false, "the only exercise, again");
}

static void
drill_hint(struct ui_app *app)
{
	ui_mistake_hint(app, &app->drill.now);
}

static void
drill_answer(struct ui_app *app)
{
	ui_mistake_reveal(app, &app->drill.now);
}

/* A practice's keys, before the game screen's. */
static const struct ui_key DRILL_KEYS[] = {
        {{'n'}, "n", "the next exercise", NULL, drill_next},
        {{'b', 'i'}, "b i", "a hint, more each press", NULL, drill_hint},
        {{'s'}, "s", "the answer on the board", NULL, drill_answer},
        {{'q'}, "q", "end the practice", NULL, drill_end},
};

static const char *
drill_refuses(const struct ui_app *app, unsigned kind, int key, char *buf,
              size_t size)
{
	(void)app;
	if (!(kind & UI_KINDS_SOLVING))
		return NULL;
	snprintf(buf, size, "'%c' is not a key in a practice: q ends it", key);
	return buf;
}

const struct ui_keytab ui_drill_keytab = UI_KEYTAB(
        "practice", "A practice", "in a practice", DRILL_KEYS, drill_refuses);

const struct ui_keytab *
ui_drill_keys(const struct ui_app *app)
{
	return app->drill.active ? &ui_drill_keytab : NULL;
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
	y = ui_mistake_draw_record(app, &d->now, y, x, w);
	ui_grid_print(g, y++, x, w, ROLE_DIM,
	              "n next  b hint  s answer  q end");
	return y + 1;
}

void
ui_drill_free(struct ui_app *app)
{
	struct ui_drill *d = &app->drill;
	ui_think_end(app); /* a judgement may hold the judge */
	free(d->items);
	review_free(d->judge);
	ui_mistake_home_free(&d->home);
	memset(d, 0, sizeof *d);
}
