/*
 * Practising the mistakes of a record file (ui/practise.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/record.h"
#include "study/exercise.h"
#include "ui/app.h"
#include "ui/drill.h"
#include "ui/play.h"
#include "ui/practise.h"
#include "ui/review.h"
#include "ui/shown.h"
#include "ui/status.h"

/* The player a record's tags name as a person: player 2 when only it is
 * "human", else player 1. */
static int
practise_player(const struct record_meta *meta)
{
	bool p1 = strncmp(meta->player1, "human", 5) == 0;
	bool p2 = strncmp(meta->player2, "human", 5) == 0;
	return p2 && !p1 ? 1 : 0;
}

/* The review of a record that held none is done: its mistakes are
 * practised (ui_review_start_then). */
static void
practise_reviewed(struct ui_app *app, const struct ui_review_then *then)
{
	const struct ui_game *game = &app->game;
	char err[1024];
	if (!ui_drill_start(app, &game->session, &game->meta, then->player,
	                    then->path, false, err, sizeof err))
		ui_status(app, true, "cannot practise: %s", err);
}

/* A record without a review, in the UI: opened on the game screen and
 * reviewed there on every core, as A reviews (the UI thread never
 * searches), then practised. */
static bool
practise_review_first(struct ui_app *app, const char *path, int player,
                      char *err, size_t err_size)
{
	if (!ui_play_load(app, path, err, err_size))
		return false;
	if (player < 0)
		player = practise_player(&app->game.meta);
	/* Both seats people while it is reviewed: no engine plays on. */
	ui_play_set_players(app, (const int[2]){0, 0});
	ui_shown_go(app, 0);
	struct ui_review_then then = {.fn = practise_reviewed,
	                              .player = player};
	snprintf(then.path, sizeof then.path, "%s", path);
	if (!ui_review_start_then(app, &then)) {
		snprintf(err, err_size, "%s: the review did not start", path);
		return false;
	}
	ui_status(app, false,
	          "reviewing every move first (A stops): the practice starts "
	          "when it is done");
	return true;
}

bool
ui_practise_file(struct ui_app *app, const char *path, int player,
                 bool quit_at_end, char *err, size_t err_size)
{
	struct session s;
	struct record_meta meta;
	if (!record_load(path, &s, &meta, err, err_size))
		return false;
	bool ok = true, reviewed = exercise_reviewed(&s, &meta);
	if (s.ops->players != 2) {
		snprintf(err, err_size,
		         "%s: %s has no opponent to make mistakes against",
		         path, s.ops->title);
		ok = false;
	}
	/* From the command line, before the terminal is taken: reviewed
	 * here, so that nothing to practise is a plain error. */
	if (ok && !reviewed && quit_at_end) {
		fprintf(stderr, "tabula: reviewing %s first (%zu moves)\n",
		        path, s.ply);
		ok = reviewed = exercise_review_all(&s, &meta, err, err_size);
	}
	if (ok && reviewed)
		ok = ui_drill_start(app, &s, &meta,
		                    player >= 0 ? player
		                                : practise_player(&meta),
		                    path, quit_at_end, err, err_size);
	session_free(&s);
	record_meta_free(&meta);
	if (ok && !reviewed)
		ok = practise_review_first(app, path, player, err, err_size);
	return ok;
}
