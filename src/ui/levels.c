/*
 * The engine's level from the person's results (ui/levels.h).  The file
 * is read the first time a level is offered and written after each game
 * counted, except under --no-save and on the shared account, where the
 * results last as long as the program.
 */
#include "config.h"

#include <stdio.h>

#include "search/level.h"
#include "ui/levels.h"
#include "ui/status.h"

static void
ui_levels_load(struct ui_app *app)
{
	struct ui_levels *lv = &app->levels;
	if (lv->loaded)
		return;
	lv->loaded = true;
	if (app->opt.no_save || app->opt.restricted)
		return;
	char err[1024];
	if (!level_progress_path(lv->path, sizeof lv->path, true, err,
	                         sizeof err) ||
	    !level_progress_load(lv->path, &lv->progress, err, sizeof err)) {
		lv->path[0] = '\0';
		ui_status(app, true, "levels: %s", err);
	}
}

int
ui_levels_offer_or(struct ui_app *app, const struct game_ops *ops, int fallback)
{
	if (app->opt.elo > 0 && level_for_elo(ops, app->opt.elo) > 0)
		return level_for_elo(ops, app->opt.elo);
	ui_levels_load(app);
	return level_progress_level(&app->levels.progress, ops->name, fallback);
}

int
ui_levels_offer(struct ui_app *app, const struct game_ops *ops)
{
	return ui_levels_offer_or(app, ops, UI_NEWCOMER_LEVEL);
}

void
ui_levels_describe(const struct game_ops *ops, int level, char *buf,
                   size_t size)
{
	int elo = level_elo(ops, level);
	if (elo > 0)
		snprintf(buf, size, "level %d (Elo %d)", level,
		         (elo + 25) / 50 * 50);
	else
		snprintf(buf, size, "level %d", level);
}

bool
ui_levels_take_next(struct ui_app *app, const struct game_ops **ops, int who[2])
{
	struct ui_levels *lv = &app->levels;
	if (lv->next_ops == NULL)
		return false;
	*ops = lv->next_ops;
	who[0] = lv->next_who[0];
	who[1] = lv->next_who[1];
	lv->next_ops = NULL;
	return true;
}

void
ui_levels_new_game(struct ui_app *app)
{
	app->levels.counted = false;
}

/* The person's side in a game against the engine, or -1. */
static int
ui_levels_person(const struct ui_game *game)
{
	const struct who *p = game->players;
	if (game->session.ops->players != 2 || p[0].kind == p[1].kind)
		return -1;
	int person = p[0].kind == WHO_ENGINE ? 1 : 0;
	return p[1 - person].level > 0 ? person : -1;
}

void
ui_levels_game_over(struct ui_app *app, const struct game_status *st, char *buf,
                    size_t size)
{
	struct ui_levels *lv = &app->levels;
	const struct ui_game *game = &app->game;
	int person = ui_levels_person(game);
	buf[0] = '\0';
	if (person < 0 || lv->counted)
		return;
	lv->counted = true;
	ui_levels_load(app);
	const struct game_ops *ops = game->session.ops;
	int level = game->players[1 - person].level;
	int winner = st->outcome == OUTCOME_P1_WINS   ? 0
	             : st->outcome == OUTCOME_P2_WINS ? 1
	                                              : -1;
	int result = winner < 0 ? 0 : winner == person ? 1 : -1;
	int next = level_progress_record(&lv->progress, ops->name, level,
	                                 result, LEVEL_MIN, LEVEL_MAX);
	char err[1024];
	if (lv->path[0] != '\0' &&
	    !level_progress_save(lv->path, &lv->progress, err, sizeof err))
		ui_status(app, true, "levels: %s", err);
	lv->next_ops = ops;
	lv->next_who[1 - person] = next;
	lv->next_who[person] = 0;
	char words[64];
	ui_levels_describe(ops, next, words, sizeof words);
	snprintf(buf, size, "; n: a new game at %s", words);
}
