/*
 * The rated puzzle trainer on the game screen (ui/trainer.h).  A puzzle
 * is loaded as the game: a move built with the game screen's keys comes
 * here, is judged by the proving solver (study/puzzle-play.h), and the
 * moves so far, the refutation of a wrong try or the solution are put on
 * the board as the game's moves, so [ ] { } step through them.  Every
 * UI_TRAINER_MINE_EVERY-th puzzle is an exercise of the personal set
 * whose last try failed, tried as the practice tries one (ui/mistake.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/datadir.h"
#include "ui/app.h"
#include "ui/mistake.h"
#include "ui/play.h"
#include "ui/status.h"
#include "ui/think.h"
#include "ui/trainer.h"

static const int TRAINER_PROVER_BITS = 16;
/* The judge's table for the personal set's exercises, as the practice's. */
static const size_t TRAINER_HASH_MB = 16;

static const struct puzzle *
trainer_puzzle(const struct ui_app *app)
{
	return &app->trainer.set.items[app->trainer.current];
}

static struct puzzle_player *
trainer_player(struct ui_app *app)
{
	return puzzle_progress_player(&app->trainer.progress,
	                              app->trainer.ops->name);
}

static void
trainer_show_puzzle(struct ui_app *app, size_t index)
{
	struct ui_trainer *tr = &app->trainer;
	char err[512];
	tr->mine = false;
	tr->current = index;
	tr->scored = false;
	tr->hints = 0;
	const struct puzzle *pz = trainer_puzzle(app);
	puzzle_play_start(&tr->play, tr->ops, pz, tr->prover);
	if (!ui_play_position(app, tr->ops, &pz->start, err, sizeof err)) {
		ui_status(app, true, "%s", err);
		return;
	}
	const char *side =
	        tr->ops->side_names[tr->ops->side_to_move(&pz->start)];
	if (pz->kind == PUZZLE_WIN)
		ui_status(app, false, "%s to move and win within %d pl%s", side,
		          pz->plies, pz->plies == 1 ? "y" : "ies");
	else
		ui_status(app, false,
		          "%s to move: find the only move that holds out for "
		          "%d pl%s",
		          side, pz->plies, pz->plies == 1 ? "y" : "ies");
}

/* The personal set's next exercise of the game whose last try failed,
 * after the one shown last; false when there is none. */
static bool
trainer_pick_mine(struct ui_trainer *tr, size_t *out)
{
	size_t n = tr->home.personal.count;
	for (size_t k = 0; k < n; k++) {
		size_t i = (tr->mine_next + k) % n;
		const struct exercise_entry *e = &tr->home.personal.items[i];
		if (!e->solved_last && strcmp(e->game, tr->ops->name) == 0) {
			*out = i;
			tr->mine_next = i + 1;
			return true;
		}
	}
	return false;
}

/* Shows the personal set's exercise i; false when it does not read. */
static bool
trainer_show_mine(struct ui_app *app, size_t i)
{
	struct ui_trainer *tr = &app->trainer;
	const struct exercise_entry *e = &tr->home.personal.items[i];
	struct exercise ex = {.mark = MARK_MISTAKE};
	char why[256];
	if (tr->judge == NULL &&
	    (tr->judge = review_new(TRAINER_HASH_MB)) == NULL) {
		ui_status(app, true, "out of memory");
		return false;
	}
	if (!tr->ops->parse_pos(&ex.pos, e->position, why, sizeof why) ||
	    !tr->ops->parse_move(&ex.pos, e->played, &ex.played, why,
	                         sizeof why))
		return false;
	tr->mine = true;
	tr->now = (struct ui_mistake){.ops = tr->ops,
	                              .ex = ex,
	                              .judge = tr->judge,
	                              .personal = &tr->home.personal,
	                              .personal_path = tr->home.personal_path};
	snprintf(tr->now.source, sizeof tr->now.source, "%s", e->source);
	if (!ui_mistake_show(app, &tr->now))
		return false;
	ui_status(app, false,
	          "From your games: find a better move for %s than %s",
	          tr->ops->side_names[tr->ops->side_to_move(&ex.pos)],
	          e->played);
	return true;
}

/* The next puzzle: near the player's rating, not tried lately, not the
 * one shown; every UI_TRAINER_MINE_EVERY-th an exercise of one's own. */
static void
trainer_next(struct ui_app *app)
{
	struct ui_trainer *tr = &app->trainer;
	size_t mine;
	if (++tr->shown % UI_TRAINER_MINE_EVERY == 0 &&
	    trainer_pick_mine(tr, &mine) && trainer_show_mine(app, mine))
		return;
	struct puzzle_player *p = trainer_player(app);
	size_t pick = tr->current, count = tr->set.count;
	bool avoid = tr->shown > 1 && count > 1;
	for (unsigned draw = 0;
	     draw == 0 || (avoid && pick == tr->current && draw < 8); draw++) {
		uint64_t seed = (uint64_t)tr->progress.tried_count * 7919u +
		                (uint64_t)p->rating * 31u +
		                (uint64_t)(p->solved + p->failed) +
		                (uint64_t)(tr->shown + draw) * 104729u;
		pick = puzzle_progress_pick(&tr->progress, &tr->set, p->rating,
		                            seed);
	}
	if (avoid && pick == tr->current)
		pick = (pick + 1) % count;
	trainer_show_puzzle(app, pick);
}

static void
trainer_save(struct ui_app *app)
{
	struct ui_trainer *tr = &app->trainer;
	char err[1024];
	if (app->opt.no_save || tr->progress_path[0] == '\0')
		return;
	if (!puzzle_progress_save(tr->progress_path, &tr->progress, err,
	                          sizeof err))
		ui_status(app, true, "progress not saved: %s", err);
}

/* Scores the puzzle once (over, or given up by showing the solution);
 * returns the rating change. */
static int
trainer_score(struct ui_app *app, enum puzzle_outcome outcome)
{
	struct ui_trainer *tr = &app->trainer;
	if (tr->scored)
		return 0;
	tr->scored = true;
	int delta = puzzle_progress_record(&tr->progress, tr->ops->name,
	                                   trainer_puzzle(app), outcome);
	trainer_save(app);
	return delta;
}

/* The puzzle's moves so far and then extra's n moves, on the board as the
 * game, the ply show shown; false when out of memory (said). */
static bool
trainer_board(struct ui_app *app, const game_move *extra, int n, size_t show)
{
	const struct puzzle_play *pp = &app->trainer.play;
	game_move line[PUZZLE_MAX_LINE * 4];
	int len = 0;
	for (int i = 0; i < pp->played_count; i++)
		line[len++] = pp->played[i];
	for (int i = 0; i < n && len < (int)(sizeof line / sizeof line[0]); i++)
		line[len++] = extra[i];
	if (ui_play_line(app, line, len, show))
		return true;
	ui_status(app, true, "out of memory");
	return false;
}

/* The moves played from index from on, as text. */
static void
trainer_moves_text(struct ui_app *app, int from, char *buf, size_t size)
{
	const struct puzzle_play *pp = &app->trainer.play;
	const struct game_ops *ops = app->trainer.ops;
	struct game_pos pos = trainer_puzzle(app)->start;
	size_t n = 0;
	buf[0] = '\0';
	for (int i = 0; i < pp->played_count; i++) {
		char text[64];
		ops->format_move(&pos, pp->played[i], text, sizeof text);
		int w = i < from ? 0
		                 : snprintf(buf + n, size - n, "%s%s",
		                            n > 0 ? " " : "", text);
		if (w < 0 || (size_t)w >= size - n)
			break;
		n += (size_t)w;
		ops->play(&pos, pp->played[i]);
	}
}

/* The first move of the other side in the refutation (n moves after the
 * wrong try) as text into reply ("" when none), and the ply to show: after
 * it, else after the try. */
static size_t
trainer_reply(struct ui_app *app, const game_move *line, int n, char *reply,
              size_t size)
{
	const struct ui_trainer *tr = &app->trainer;
	struct game_pos pos = tr->play.pos;
	size_t at = (size_t)tr->play.played_count + 1;
	tr->ops->play(&pos, line[0]);
	reply[0] = '\0';
	for (int i = 1; i <= n; i++) {
		if (tr->ops->side_to_move(&pos) != tr->play.attacker) {
			tr->ops->format_move(&pos, line[i], reply, size);
			return at + (size_t)i;
		}
		tr->ops->play(&pos, line[i]);
	}
	return at;
}

/* A wrong try: scored, and its refutation (n moves, found by the
 * worker) played on the board. */
static void
trainer_wrong(struct ui_app *app, game_move move, const char *text,
              const game_move *refutation, int n)
{
	game_move line[1 + PUZZLE_MAX_LINE * 2];
	char reply[64];
	line[0] = move;
	memcpy(line + 1, refutation, (size_t)n * sizeof *line);
	int delta = trainer_score(app, PUZZLE_FAILED);
	size_t at = trainer_reply(app, line, n, reply, sizeof reply);
	if (!trainer_board(app, line, 1 + n, at))
		return;
	if (reply[0] != '\0')
		ui_status(app, true,
		          "Wrong: %s is refuted by %s (%+d); s plays the "
		          "solution",
		          text, reply, delta);
	else
		ui_status(app, true,
		          "Wrong: %s does not %s (%+d); s plays the "
		          "solution",
		          text,
		          trainer_puzzle(app)->kind == PUZZLE_WIN
		                  ? "win in time"
		                  : "hold out",
		          delta);
}

/* A right move: the defence is on the board, or the puzzle is solved. */
static void
trainer_right(struct ui_app *app, enum puzzle_verdict v, int before,
              const char *text)
{
	struct ui_trainer *tr = &app->trainer;
	tr->hints = 0;
	size_t end = (size_t)tr->play.played_count;
	if (!trainer_board(app, NULL, 0, end))
		return;
	if (v == PUZZLE_COMPLETE) {
		enum puzzle_outcome o = puzzle_play_outcome(&tr->play);
		int d = trainer_score(app, o);
		ui_status(app, false,
		          "Solved%s! %s (%+d); [ { step back through the line, "
		          "n for the next",
		          o == PUZZLE_HINTED   ? " with a hint"
		          : o == PUZZLE_FAILED ? " (solution seen)"
		                               : "",
		          text, d);
		return;
	}
	char reply[256];
	trainer_moves_text(app, before + 1, reply, sizeof reply);
	if (reply[0] != '\0')
		ui_status(app, false, "Right: %s. %s answers %s", text,
		          tr->ops->side_names[1 - tr->play.attacker], reply);
	else
		ui_status(app, false, "Right: %s. Go on", text);
}

/* What a trainer job is for. */
enum trainer_then { TRAINER_MOVE, TRAINER_HINT };

/* A puzzle move judged, or a hint looked for, on the worker (ui/think.h):
 * a copy of the puzzle being played (its prover is the job's while out),
 * the move, and what the solver found. */
struct trainer_job {
	struct ui_think_job base;
	enum trainer_then then;
	struct puzzle_play play;
	game_move move;
	char text[64]; /* the move in notation */
	enum puzzle_verdict verdict;
	bool found; /* a hint */
	game_move refutation[PUZZLE_MAX_LINE * 2];
	int refutation_len;
};

static void
trainer_job_run(struct ui_think_job *base)
{
	struct trainer_job *j = (struct trainer_job *)base;
	if (j->then == TRAINER_HINT) {
		j->found = puzzle_play_hint(&j->play, &j->move);
		return;
	}
	int before = j->play.played_count;
	j->verdict = puzzle_play_move(&j->play, j->move);
	if (j->verdict == PUZZLE_WRONG && j->play.played_count == before)
		j->refutation_len = puzzle_play_refutation(
		        &j->play, j->move, j->refutation, PUZZLE_MAX_LINE * 2);
}

static void
trainer_job_done(struct ui_app *app, struct ui_think_job *base)
{
	struct trainer_job *j = (struct trainer_job *)base;
	struct ui_trainer *tr = &app->trainer;
	int before = tr->play.played_count;
	tr->play = j->play;
	if (j->then == TRAINER_HINT) {
		char hint[256];
		if (!j->found) {
			ui_status(app, true, "no hint now: the puzzle is over");
			return;
		}
		ui_mistake_hint_text(app, tr->ops, &tr->play.pos, j->move,
		                     ++tr->hints, hint, sizeof hint);
		ui_status(app, false, "Hint %d: %s", tr->hints, hint);
		return;
	}
	enum puzzle_verdict v = j->verdict;
	if (v == PUZZLE_WRONG && tr->play.played_count == before)
		trainer_wrong(app, j->move, j->text, j->refutation,
		              j->refutation_len);
	else if (v == PUZZLE_RIGHT || v == PUZZLE_COMPLETE)
		trainer_right(app, v, before, j->text);
	else if (trainer_board(app, NULL, 0, (size_t)tr->play.played_count))
		ui_status(app, true, "Wrong: the game ended (%+d)",
		          trainer_score(app, PUZZLE_FAILED));
}

/* Sends the puzzle's judgement of move (TRAINER_MOVE) or a hint to the
 * worker. */
static void
trainer_think(struct ui_app *app, enum trainer_then then, game_move move)
{
	struct ui_trainer *tr = &app->trainer;
	struct trainer_job *j = calloc(1, sizeof *j);
	if (j == NULL) {
		ui_status(app, true, "out of memory");
		return;
	}
	j->base.run = trainer_job_run;
	j->base.done = trainer_job_done;
	j->base.what = then == TRAINER_HINT ? "looking for a hint"
	                                    : "proving your move";
	j->then = then;
	j->play = tr->play;
	j->move = move;
	if (then == TRAINER_MOVE)
		tr->ops->format_move(&tr->play.pos, move, j->text,
		                     sizeof j->text);
	ui_think_start(app, &j->base);
}

bool
ui_trainer_play(struct ui_app *app, game_move move)
{
	struct ui_trainer *tr = &app->trainer;
	if (!tr->active)
		return false;
	if (tr->mine) {
		ui_mistake_play(app, &tr->now, move);
		return true;
	}
	if (ui_think_refuse(app, 0))
		return true;
	if (tr->play.state != PUZZLE_PLAYING) {
		ui_status(app, true, "the puzzle is over: n for the next");
		return true;
	}
	if (app->game.shown != (size_t)tr->play.played_count) {
		ui_status(app, true, "} goes to where the puzzle stands");
		return true;
	}
	trainer_think(app, TRAINER_MOVE, move);
	return true;
}

/* The next hint for the move to find: its first cell (Tetress: the piece
 * and its first cell), then a cell more each press, then the move. */
static void
trainer_hint(struct ui_app *app)
{
	struct ui_trainer *tr = &app->trainer;
	if (tr->mine) {
		ui_mistake_hint(app, &tr->now);
		return;
	}
	trainer_think(app, TRAINER_HINT, 0);
}

/* The solution on the board from the start; before the end it fails the
 * puzzle. */
static void
trainer_solution(struct ui_app *app)
{
	struct ui_trainer *tr = &app->trainer;
	if (tr->mine) {
		ui_mistake_reveal(app, &tr->now);
		return;
	}
	char line[256];
	bool playing = tr->play.state == PUZZLE_PLAYING;
	puzzle_play_solution(&tr->play, line, sizeof line);
	int delta = playing ? trainer_score(app, PUZZLE_FAILED) : 0;
	const struct puzzle *pz = trainer_puzzle(app);
	if (!ui_play_line(app, pz->line, pz->line_len, 1)) {
		ui_status(app, true, "out of memory");
		return;
	}
	if (playing)
		tr->play.state = PUZZLE_DONE_FAILED;
	ui_status(app, playing, "Solution: %s (%+d); ] [ step through it", line,
	          delta);
}

/* Ends the trainer: the game put aside comes back, and the menu shows
 * over it as it was left, on its puzzles line (or, from the command
 * line, the UI ends). */
static void
trainer_end(struct ui_app *app)
{
	struct ui_mistake_home home = app->trainer.home;
	memset(&app->trainer.home, 0, sizeof app->trainer.home);
	ui_trainer_free(app);
	ui_mistake_home_leave(app, &home);
	if (!app->host.quit)
		ui_screen_back_to(&app->host, app->screens.menu, app);
}

/* The puzzles' keys, before the game screen's. */
static const struct ui_key TRAINER_KEYS[] = {
        {{'n'}, "n", "the next puzzle", NULL, trainer_next},
        {{'b', 'i'}, "b i", "a hint, more each press", NULL, trainer_hint},
        {{'s'}, "s", "the solution on the board", NULL, trainer_solution},
        {{'q'}, "q", "end the puzzles", NULL, trainer_end},
};

static const char *
trainer_refuses(const struct ui_app *app, unsigned kind, int key, char *buf,
                size_t size)
{
	(void)app;
	if (!(kind & UI_KINDS_SOLVING))
		return NULL;
	snprintf(buf, size, "'%c' is not a key in the puzzles: q ends them",
	         key);
	return buf;
}

const struct ui_keytab ui_trainer_keytab =
        UI_KEYTAB("puzzles", "The puzzles", "in the puzzles", TRAINER_KEYS,
                  trainer_refuses);

const struct ui_keytab *
ui_trainer_keys(const struct ui_app *app)
{
	return app->trainer.active ? &ui_trainer_keytab : NULL;
}

/* The panel while an exercise of the personal set is tried. */
static int
trainer_draw_mine(struct ui_app *app, int y, int x, int w)
{
	const struct ui_trainer *tr = &app->trainer;
	struct ui_grid *g = &app->host.grid;
	const struct game_pos *pos = &tr->now.ex.pos;
	char move[64];
	tr->ops->format_move(pos, tr->now.ex.played, move, sizeof move);
	ui_grid_print(g, y++, x, w, ROLE_TITLE, "From your games");
	ui_grid_printf(g, y++, x, w, ROLE_NORMAL, "find a better move for %s",
	               tr->ops->side_names[tr->ops->side_to_move(pos)]);
	ui_grid_printf(g, y++, x, w, ROLE_DIM, "you played %s", move);
	return ui_mistake_draw_record(app, &tr->now, y, x, w);
}

/* The panel while a rated puzzle is solved. */
static int
trainer_draw_puzzle(struct ui_app *app, int y, int x, int w)
{
	const struct ui_trainer *tr = &app->trainer;
	struct ui_grid *g = &app->host.grid;
	const struct puzzle *pz = trainer_puzzle(app);
	ui_grid_printf(g, y++, x, w, ROLE_TITLE, "Puzzle %s  rated %d", pz->id,
	               pz->rating);
	ui_grid_printf(g, y++, x, w, ROLE_NORMAL, "%s within %d pl%s",
	               pz->kind == PUZZLE_WIN ? "win" : "hold out", pz->plies,
	               pz->plies == 1 ? "y" : "ies");
	if (tr->play.state != PUZZLE_PLAYING) {
		/* A blank after each comma, so the row breaks between
		 * themes. */
		char themes[256] = "themes: ";
		for (const char *t = pz->themes; *t != '\0'; t++) {
			size_t len = strlen(themes);
			if (len + 3 >= sizeof themes)
				break;
			themes[len++] = *t;
			if (*t == ',')
				themes[len++] = ' ';
			themes[len] = '\0';
		}
		y += ui_grid_wrap(g, y, x, w, 2, ROLE_DIM, themes);
	}
	return y;
}

int
ui_trainer_draw(struct ui_app *app, int y, int x, int w)
{
	struct ui_grid *g = &app->host.grid;
	const struct puzzle_player *p = trainer_player(app);
	y = app->trainer.mine ? trainer_draw_mine(app, y, x, w)
	                      : trainer_draw_puzzle(app, y, x, w);
	ui_grid_printf(g, y++, x, w, ROLE_NORMAL, "your rating %d", p->rating);
	ui_grid_printf(g, y++, x, w, ROLE_DIM, "solved %d  failed %d",
	               p->solved, p->failed);
	ui_grid_print(g, y++, x, w, ROLE_DIM,
	              "n next  b hint  s solution  q end");
	return y + 1;
}

/* Reads the game's puzzles and the progress file, and makes the prover.
 * False with a message. */
static bool
trainer_load(struct ui_app *app, const struct game_ops *ops, char *err,
             size_t err_size)
{
	struct ui_trainer *tr = &app->trainer;
	char rel[64], path[4096];
	bool save = !app->opt.no_save;
	snprintf(rel, sizeof rel, "puzzles/%s.txt", ops->name);
	if (!datadir_path(rel, path, sizeof path, err, err_size) ||
	    !puzzle_load(path, ops, &tr->set, err, err_size))
		return false;
	if (tr->set.count == 0) {
		snprintf(err, err_size, "%s: no puzzles", path);
		return false;
	}
	if (!puzzle_progress_path(tr->progress_path, sizeof tr->progress_path,
	                          save, err, err_size) ||
	    !puzzle_progress_load(tr->progress_path, &tr->progress, err,
	                          err_size))
		return false;
	tr->prover = prover_new(ops, TRAINER_PROVER_BITS);
	if (tr->prover == NULL)
		snprintf(err, err_size, "out of memory");
	return tr->prover != NULL;
}

bool
ui_trainer_start(struct ui_app *app, const struct game_ops *ops,
                 bool quit_at_end, char *err, size_t err_size)
{
	struct ui_trainer *tr = &app->trainer;
	if (ops->players != 2 || ui_board_find(ops->name) == NULL) {
		snprintf(err, err_size, "%s has no puzzles", ops->name);
		return false;
	}
	if (app->drill.active || tr->active) {
		/* Its own put-aside game would be lost. */
		snprintf(err, err_size, "%s is on: q ends it first",
		         tr->active ? "the puzzle trainer" : "a practice");
		return false;
	}
	ui_trainer_free(app);
	tr->ops = ops;
	if (!trainer_load(app, ops, err, err_size)) {
		ui_trainer_free(app);
		return false;
	}
	char warn[1024];
	ui_mistake_home_open(app, &tr->home, quit_at_end, warn, sizeof warn);
	tr->active = true;
	trainer_next(app); /* ui_play_position shows the game screen */
	if (warn[0] != '\0')
		ui_status(app, true, "%s", warn);
	return true;
}

void
ui_trainer_free(struct ui_app *app)
{
	ui_think_end(app); /* a job may hold the prover or the judge */
	struct ui_trainer *tr = &app->trainer;
	ui_mistake_home_free(&tr->home);
	puzzle_set_free(&tr->set);
	prover_free(tr->prover);
	review_free(tr->judge);
	memset(tr, 0, sizeof *tr);
}
