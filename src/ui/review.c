/*
 * The review in the TUI (tabula(6), REVIEW): the background job
 * (study/review-job.h) reviews the game's moves while the user keeps
 * stepping; each finished move is written into the record's notes (mark,
 * review comment, the engine's line as a variation), which the move list,
 * the graph and the jump keys read.  A stopped review resumes from the
 * first move not yet reviewed.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ui/app.h"
#include "ui/review.h"
#include "ui/shown.h"
#include "ui/status.h"

static const size_t UI_REVIEW_HASH_MB = 16;

void
ui_review_free(struct ui_app *app)
{
	struct ui_review *rv = &app->review;
	review_job_free(rv->job);
	free(rv->moves);
	memset(rv, 0, sizeof *rv);
}

int
ui_review_fd(const struct ui_app *app)
{
	return app->review.job != NULL ? review_job_fd(app->review.job) : -1;
}

/* The first move without a review note, from 0. */
static size_t
ui_review_first_missing(const struct ui_app *app)
{
	const struct ui_game *game = &app->game;
	size_t ply = 0;
	while (ply < game->session.ply && ply < game->meta.note_count &&
	       game->meta.notes[ply].review.present)
		ply++;
	return ply;
}

void
ui_review_stop(struct ui_app *app)
{
	struct ui_review *rv = &app->review;
	if (rv->job != NULL && rv->running)
		review_job_stop(rv->job);
	rv->running = false;
	rv->then.fn = NULL;
}

bool
ui_review_start_then(struct ui_app *app, const struct ui_review_then *then)
{
	ui_review_stop(app);
	ui_review_toggle(app);
	if (!app->review.running)
		return false;
	app->review.then = *then;
	return true;
}

void
ui_review_pause(struct ui_app *app)
{
	if (!app->review.running)
		return;
	ui_review_stop(app);
	ui_status(app, false, "review paused at move %zu of %zu: A goes on",
	          app->review.done, app->review.total);
}

void
ui_review_toggle(struct ui_app *app)
{
	struct ui_review *rv = &app->review;
	struct ui_game *game = &app->game;
	if (rv->running) {
		ui_review_stop(app);
		ui_status(app, false, "review stopped at move %zu of %zu",
		          rv->done, rv->total);
		return;
	}
	if (game->session.ops->players != 2) {
		ui_status(app, true, "a review compares two players");
		return;
	}
	size_t first = ui_review_first_missing(app);
	if (first >= game->session.ply) {
		ui_status(app, false,
		          game->session.ply ? "every move is reviewed"
		                            : "no move to review yet");
		return;
	}
	char err[256];
	if (rv->job == NULL &&
	    (rv->job = review_job_new(UI_REVIEW_HASH_MB, 0, err, sizeof err)) ==
	            NULL) {
		ui_status(app, true, "%s", err);
		return;
	}
	game_move *moves = malloc((game->session.ply + 1) * sizeof *moves);
	if (moves == NULL) {
		ui_status(app, true, "out of memory");
		return;
	}
	memcpy(moves, game->session.moves, game->session.ply * sizeof *moves);
	free(rv->moves);
	rv->moves = moves;
	rv->len = game->session.ply;
	rv->ops = game->session.ops;
	rv->start = game->session.positions[0];
	/* The game's node budget, as `tabula review` uses it: the same marks
	 * on every machine, headless too.  No time budget: the analysis
	 * time limit never stops a review the user asked for. */
	struct review_limits lim = review_default_limits(game->session.ops);
	rv->number = review_job_start(rv->job, &game->session, first, &lim, 0);
	if (rv->number == 0) {
		ui_status(app, true, "out of memory");
		return;
	}
	rv->running = true;
	rv->first = first;
	rv->next = first;
	rv->done = first;
	rv->total = game->session.ply;
	ui_status(app, false, "reviewing moves %zu to %zu (A stops)", first + 1,
	          rv->total);
}

/* Whether move ply of the game is still the move the job reviewed. */
static bool
ui_review_same_line(const struct ui_app *app, size_t ply)
{
	const struct ui_review *rv = &app->review;
	const struct session *s = &app->game.session;
	return rv->ops == s->ops && ply < rv->len && ply < s->ply &&
	       memcmp(&rv->start, &s->positions[0], sizeof rv->start) == 0 &&
	       memcmp(s->moves, rv->moves, (ply + 1) * sizeof *s->moves) == 0;
}

void
ui_review_poll(struct ui_app *app)
{
	struct ui_review *rv = &app->review;
	if (rv->job == NULL)
		return;
	review_job_drain(rv->job);
	struct review_job_state st;
	review_job_state(rv->job, &st);
	if (st.number != rv->number)
		return;
	struct review_move m;
	while (rv->next < st.total &&
	       review_job_result(rv->job, rv->next, &m)) {
		if (ui_review_same_line(app, rv->next) &&
		    !review_annotate(&app->game.meta, &app->game.session,
		                     rv->next, &m)) {
			ui_status(app, true, "out of memory");
			break;
		}
		rv->next++;
		app->host.dirty = true;
	}
	rv->done = rv->next;
	if (!rv->running || st.running)
		return;
	rv->running = false;
	app->host.dirty = true;
	struct ui_review_then then = rv->then;
	rv->then.fn = NULL;
	if (rv->done >= rv->total && then.fn != NULL)
		then.fn(app, &then);
	else if (rv->done >= rv->total)
		ui_status(app, false,
		          "review done: . and , jump between the marked moves");
	else if (st.expired)
		ui_status(app, false,
		          "review paused after %d s at move %zu of %zu: r goes "
		          "on",
		          app->opt.analysis_time, rv->done, rv->total);
	else
		ui_status(app, false, "review stopped at move %zu of %zu",
		          rv->done, rv->total);
}

void
ui_review_wait(struct ui_app *app)
{
	if (app->review.job != NULL && app->review.running)
		review_job_wait(app->review.job);
	ui_review_poll(app);
}

/* Whether a note marks a move worth jumping to (of side, or either when
 * side < 0). */
static bool
ui_review_is_target(const struct ui_app *app, size_t ply, int side)
{
	const struct record_meta *meta = &app->game.meta;
	const struct session *s = &app->game.session;
	if (ply >= meta->note_count || ply >= s->ply)
		return false;
	enum record_mark mark = meta->notes[ply].mark;
	if (mark != MARK_INACCURACY && mark != MARK_MISTAKE &&
	    mark != MARK_BLUNDER)
		return false;
	return side < 0 || s->ops->side_to_move(&s->positions[ply]) == side;
}

/* The first marked move (of side) from ply on, stepping dir, or -1. */
static long
ui_review_find(const struct ui_app *app, long ply, int dir, int side)
{
	for (; ply >= 0 && ply < (long)app->game.session.ply; ply += dir)
		if (ui_review_is_target(app, (size_t)ply, side))
			return ply;
	return -1;
}

/* The next (dir 1) or previous (-1) marked move, round the ends: at the
 * end of the game, where a review leaves the board, . goes to the first
 * marked move and says so (it said "no later marked move"). */
void
ui_review_jump(struct ui_app *app, int dir, bool same_side)
{
	const struct ui_game *game = &app->game;
	const struct session *s = &game->session;
	/* The move shown is the one that led to the shown position. */
	size_t here = game->shown; /* move here - 1 is on the board */
	int side = -1;
	if (same_side && here > 0)
		side = s->ops->side_to_move(&s->positions[here - 1]);
	else if (same_side)
		side = 0;
	long ply = ui_review_find(app, (long)here - 1 + dir, dir, side);
	bool round = ply < 0;
	if (round)
		ply = ui_review_find(app, dir > 0 ? 0 : (long)s->ply - 1, dir,
		                     side);
	if (ply < 0) {
		ui_status(app, false, "no marked move%s%s",
		          side < 0 ? "" : " of ",
		          side < 0 ? "" : s->ops->side_names[side]);
		return;
	}
	ui_shown_go(app, (size_t)ply + 1);
	const struct record_note *n = &game->meta.notes[(size_t)ply];
	ui_status(app, false,
	          "move %ld %s: lost %d points of win chance; the ghost * is "
	          "the engine's move%s",
	          ply + 1, record_mark_text(n->mark),
	          (n->review.loss + 50) / 100,
	          !round    ? ""
	          : dir > 0 ? " (round from the start)"
	                    : " (round from the end)");
}
