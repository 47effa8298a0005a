/*
 * One mistake tried on the board (ui/mistake.h).  The try is built with
 * the game screen's own keys; here it is judged and its line is put on
 * the board, to be stepped through with [ ] { }.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/app.h"
#include "ui/mistake.h"
#include "ui/play.h"
#include "ui/status.h"
#include "ui/think.h"

void
ui_mistake_texts(const struct ui_mistake *m, char *fen, size_t fen_size,
                 char *move, size_t move_size)
{
	m->ops->format_pos(&m->ex.pos, fen, fen_size);
	m->ops->format_move(&m->ex.pos, m->ex.played, move, move_size);
}

/* Keeps the mistake's first result in the personal set. */
static void
mistake_result(struct ui_app *app, struct ui_mistake *m, bool solved)
{
	if (m->tried)
		return;
	m->tried = true;
	char fen[GAME_TEXT_MAX], move[64], err[1024];
	ui_mistake_texts(m, fen, sizeof fen, move, sizeof move);
	if (!exercises_record(m->personal, m->ops->name, fen, move, m->source,
	                      solved)) {
		ui_status(app, true, "out of memory");
		return;
	}
	if (app->opt.no_save || m->personal_path[0] == '\0')
		return;
	if (!exercises_save(m->personal_path, m->personal, err, sizeof err))
		ui_status(app, true, "personal set not saved: %s", err);
}

bool
ui_mistake_show(struct ui_app *app, struct ui_mistake *m)
{
	char err[512];
	m->tried = m->revealed = m->have_best = false;
	m->hints = 0;
	if (ui_play_position(app, m->ops, &m->ex.pos, err, sizeof err))
		return true;
	ui_status(app, true, "%s", err);
	return false;
}

/* What a judgement is for: a try played, or the engine's own answer to
 * the game's move (for a hint or the answer). */
enum mistake_then { MISTAKE_TRY, MISTAKE_HINT, MISTAKE_REVEAL };

/* A judgement on the worker (ui/think.h): the mistake's position and the
 * move, the judge (the job's while out) and what it found. */
struct mistake_job {
	struct ui_think_job base;
	struct ui_mistake *m; /* read by done only, on the UI thread */
	enum mistake_then then;
	struct review *judge;
	const struct game_ops *ops;
	struct game_pos pos;
	game_move move;
	bool ok;
	char err[256];
	struct exercise_verdict v;
};

static void
mistake_job_run(struct ui_think_job *base)
{
	struct mistake_job *j = (struct mistake_job *)base;
	j->ok = exercise_judge(j->judge, j->ops, &j->pos, j->move,
	                       &j->base.head.stop, &j->v, j->err,
	                       sizeof j->err);
}

static void mistake_job_done(struct ui_app *app, struct ui_think_job *base);

/* Judges move at m's position on the worker, then goes on with then. */
static void
mistake_judge(struct ui_app *app, struct ui_mistake *m, game_move move,
              enum mistake_then then)
{
	struct mistake_job *j = calloc(1, sizeof *j);
	if (j == NULL) {
		ui_status(app, true, "out of memory");
		return;
	}
	j->base.run = mistake_job_run;
	j->base.done = mistake_job_done;
	j->base.what = then == MISTAKE_TRY ? "judging your move"
	                                   : "looking for the answer";
	j->m = m;
	j->then = then;
	j->judge = m->judge;
	j->ops = m->ops;
	j->pos = m->ex.pos;
	j->move = move;
	ui_think_start(app, &j->base);
}

/* The engine's view of the game's move, its best move and line, known
 * (true) or asked of the worker for then (false). */
static bool
mistake_best(struct ui_app *app, struct ui_mistake *m, enum mistake_then then)
{
	if (ui_think_refuse(app, 0))
		return false;
	if (!m->have_best)
		mistake_judge(app, m, m->ex.played, then);
	return m->have_best;
}

/* The names of the first count cells of the move text, joined. */
static void
mistake_cells(const struct ui_app *app, const char *text, int count, char *buf,
              size_t size)
{
	int cells[UI_MOVE_CELLS];
	const struct ui_board_view *view = app->game.view;
	int n = view->move_cells(text, cells, UI_MOVE_CELLS);
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && i < count && used < size; i++) {
		char name[16];
		view->cell_name(cells[i], name, sizeof name);
		int w = snprintf(
		        buf + used, size - used, "%s%s",
		        i > 0 ? (view->unordered ? ", " : " then ") : "", name);
		if (w < 0)
			break;
		used += (size_t)w;
	}
}

void
ui_mistake_hint_text(const struct ui_app *app, const struct game_ops *ops,
                     const struct game_pos *pos, game_move move, int level,
                     char *buf, size_t size)
{
	const struct game_pieces *pieces = ops->caps.pieces;
	char text[64], cells[128];
	ops->format_move(pos, move, text, sizeof text);
	const struct ui_board_view *view = app->game.view;
	int all[UI_MOVE_CELLS];
	if (level > view->move_cells(text, all, UI_MOVE_CELLS)) {
		snprintf(buf, size, "the move is %s", text);
		return;
	}
	mistake_cells(app, text, level, cells, sizeof cells);
	if (pieces == NULL) {
		snprintf(buf, size, "the move %s %s",
		         view->unordered ? "covers" : "starts at", cells);
		return;
	}
	struct game_piece p = pieces->of_move(move);
	snprintf(buf, size, "a%s %c piece covering %s",
	         strchr("IOLS", pieces->letters[p.kind]) ? "n" : "",
	         pieces->letters[p.kind], cells);
}

void
ui_mistake_hint(struct ui_app *app, struct ui_mistake *m)
{
	if (!mistake_best(app, m, MISTAKE_HINT))
		return;
	char hint[256];
	ui_mistake_hint_text(app, m->ops, &m->ex.pos, m->best.best, ++m->hints,
	                     hint, sizeof hint);
	ui_status(app, false, "Hint %d: %s", m->hints, hint);
}

void
ui_mistake_reveal(struct ui_app *app, struct ui_mistake *m)
{
	if (!mistake_best(app, m, MISTAKE_REVEAL))
		return;
	m->revealed = true;
	if (!ui_play_line(app, m->best.pv, m->best.pv_len, 1))
		ui_status(app, true, "out of memory");
	char move[64];
	m->ops->format_move(&m->ex.pos, m->best.best, move, sizeof move);
	ui_status(app, false,
	          "The answer: %s; ] and [ step through the engine's line, "
	          "n for the next",
	          move);
	mistake_result(app, m, false);
}

/* "12.34%" of a loss in win chance units (hundredths of a point). */
static void
mistake_percent(int loss, char *buf, size_t size)
{
	snprintf(buf, size, "%d.%02d%%", loss / 100, loss % 100);
}

void
ui_mistake_play(struct ui_app *app, struct ui_mistake *m, game_move move)
{
	if (ui_think_refuse(app, 0))
		return;
	if (app->game.shown != 0) {
		ui_status(
		        app, true,
		        "{ goes back to the exercise's position to try a move");
		return;
	}
	mistake_judge(app, m, move, MISTAKE_TRY);
}

/* The judged try on the board with its line, and the verdict. */
static void
mistake_played(struct ui_app *app, struct ui_mistake *m, game_move move,
               const struct exercise_verdict *v)
{
	char text[64], loss[16], reply[64] = "";
	m->ops->format_move(&m->ex.pos, move, text, sizeof text);
	mistake_percent(v->loss, loss, sizeof loss);
	game_move line[1 + SEARCH_MAX_PV];
	line[0] = move;
	memcpy(line + 1, v->line, sizeof v->line);
	if (!ui_play_line(app, line, 1 + v->line_len,
	                  v->right || v->line_len == 0 ? 1 : 2)) {
		ui_status(app, true, "out of memory");
		return;
	}
	if (v->right) {
		ui_status(app, false,
		          "Right: %s (%s of win chance lost); ] steps through "
		          "the line, n for the next",
		          text, loss);
		mistake_result(app, m, !m->revealed);
		return;
	}
	if (v->line_len > 0) {
		struct game_pos after = m->ex.pos;
		m->ops->play(&after, move);
		m->ops->format_move(&after, v->line[0], reply, sizeof reply);
	}
	ui_status(app, true,
	          "Wrong: %s loses %s of win chance%s%s; { to try again, "
	          "s shows the answer",
	          text, loss, reply[0] ? ", refuted by " : "", reply);
	mistake_result(app, m, false);
}

/* Back from the worker: the verdict on a try, or the engine's answer
 * for the hint or the answer asked for. */
static void
mistake_job_done(struct ui_app *app, struct ui_think_job *base)
{
	struct mistake_job *j = (struct mistake_job *)base;
	struct ui_mistake *m = j->m;
	if (!j->ok) {
		ui_status(app, true, "%s", j->err);
		return;
	}
	if (j->then == MISTAKE_TRY) {
		mistake_played(app, m, j->move, &j->v);
		return;
	}
	m->best = j->v;
	m->have_best = true;
	if (j->then == MISTAKE_HINT)
		ui_mistake_hint(app, m);
	else
		ui_mistake_reveal(app, m);
}

void
ui_mistake_home_open(struct ui_app *app, struct ui_mistake_home *home,
                     bool quit_at_end, char *warn, size_t warn_size)
{
	struct exercise_set *set = &home->personal;
	char why[1024] = "";
	home->quit_at_end = quit_at_end;
	if (exercises_path(home->personal_path, sizeof home->personal_path,
	                   !app->opt.no_save, why, sizeof why))
		exercises_load(home->personal_path, set, why, sizeof why);
	else
		home->personal_path[0] = '\0';
	warn[0] = '\0';
	if (set->skipped > 0 || why[0] != '\0')
		snprintf(warn, warn_size, "personal set: %s%s",
		         why[0] != '\0' ? why : set->warning,
		         why[0] != '\0'     ? ""
		         : set->skipped > 1 ? " (and more lines skipped)"
		                            : " (line skipped)");
	/* From the command line the game on the screen, if any, was opened
	 * for the practice only (reviewed first: practise.c): its end ends
	 * the UI instead of bringing that game back. */
	home->stashed = app->game.have && !quit_at_end;
	if (home->stashed)
		ui_play_take(app, &home->stash);
	else
		ui_play_close(app);
}

bool
ui_mistake_home_leave(struct ui_app *app, struct ui_mistake_home *home)
{
	bool back = home->stashed;
	if (back)
		ui_play_give(app, &home->stash);
	else
		ui_play_close(app);
	if (!back && home->quit_at_end)
		app->host.quit = true;
	home->stashed = false;
	ui_mistake_home_free(home);
	return back;
}

void
ui_mistake_home_free(struct ui_mistake_home *home)
{
	exercises_free(&home->personal);
	if (home->stashed)
		ui_play_drop(&home->stash);
	memset(home, 0, sizeof *home);
}

int
ui_mistake_draw_record(struct ui_app *app, const struct ui_mistake *m, int y,
                       int x, int w)
{
	char fen[GAME_TEXT_MAX], move[64];
	ui_mistake_texts(m, fen, sizeof fen, move, sizeof move);
	const struct exercise_entry *e =
	        exercises_find(m->personal, m->ops->name, fen, move);
	if (e != NULL)
		ui_grid_printf(&app->host.grid, y++, x, w, ROLE_DIM,
		               "personal set: solved %d  failed %d", e->solved,
		               e->failed);
	return y;
}
