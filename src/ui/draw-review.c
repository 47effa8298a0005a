/*
 * The studio's parts of the game screen: the review's progress and the
 * evaluation graph, what the review says of the move shown (its loss, the
 * engine's move and the line that refutes it), the numbers that decide the
 * game, marks and scores in the move list, and the ghost of the engine's
 * better move on the board.  Everything reads the record's notes, which
 * review.c fills.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/text.h"
#include "study/review.h"
#include "ui/app.h"
#include "ui/draw-review.h"
#include "ui/facts.h"
#include "ui/graph.h"
#include "ui/input.h"

/* Rows of the graph (the marks row comes under them). */
static const int UI_GRAPH_ROWS = 4;

/* The note on move ply (0-based), or NULL. */
static const struct record_note *
ui_dr_note(const struct ui_app *app, size_t ply)
{
	const struct record_meta *meta = &app->game.meta;
	return ply < meta->note_count && ply < app->game.session.ply
	               ? &meta->notes[ply]
	               : NULL;
}

void
ui_dr_score_text(int score, int mate, const char *p1, char *buf, size_t size)
{
	if (mate != 0)
		snprintf(buf, size, "%s %s in %d", p1,
		         mate > 0 ? "wins" : "loses", mate > 0 ? mate : -mate);
	else
		snprintf(buf, size, "%+.2f", score / 100.0);
}

void
ui_dr_history_suffix(const struct ui_app *app, size_t ply, char *buf,
                     size_t size)
{
	const struct record_note *n = ui_dr_note(app, ply);
	buf[0] = '\0';
	if (n == NULL)
		return;
	char score[48] = "";
	if (n->review.present) {
		if (n->review.mate != 0)
			snprintf(score, sizeof score, " #%+d", n->review.mate);
		else
			snprintf(score, sizeof score, " %+.2f",
			         n->review.score / 100.0);
	}
	char vars[32] = "";
	if (n->var_count > 0)
		snprintf(vars, sizeof vars, " (+%zu)", n->var_count);
	snprintf(buf, size, "%s%s%s", record_mark_text(n->mark), score, vars);
}

int
ui_dr_variations(struct ui_app *app, size_t ply, int y, int x, int w, int rows)
{
	const struct record_note *n = ui_dr_note(app, ply);
	const struct session *s = &app->game.session;
	int used = 0;
	for (size_t v = 0; n != NULL && v < n->var_count && used < rows; v++) {
		const struct record_line *var = &n->vars[v];
		char line[256];
		size_t len = (size_t)snprintf(line, sizeof line, "      (");
		struct game_pos pos = s->positions[ply];
		for (size_t k = 0; k < var->len && k < 3 && len < 200; k++) {
			char text[GAME_TEXT_MAX];
			s->ops->format_move(&pos, var->moves[k], text,
			                    sizeof text);
			len += (size_t)snprintf(line + len, sizeof line - len,
			                        "%s%s", k ? " " : "", text);
			s->ops->play(&pos, var->moves[k]);
		}
		snprintf(line + len, sizeof line - len, "%s)",
		         var->len > 3 ? " ..." : "");
		ui_grid_print(&app->host.grid, y + used, x, w, ROLE_DIM, line);
		used++;
	}
	return used;
}

/* Whether any move has a review note. */
static bool
ui_dr_reviewed(const struct ui_app *app)
{
	for (size_t i = 0; i < app->game.session.ply; i++) {
		const struct record_note *n = ui_dr_note(app, i);
		if (n != NULL && n->review.present)
			return true;
	}
	return false;
}

static int
ui_dr_graph(struct ui_app *app, int y, int x, int w)
{
	static struct ui_graph gr;
	static struct ui_graph_point pts[UI_GRAPH_MAX_COLS * 8];
	const struct session *s = &app->game.session;
	size_t n = s->ply;
	size_t max = sizeof pts / sizeof pts[0];
	size_t from = n > max ? n - max : 0;
	for (size_t i = from; i < n; i++) {
		const struct record_note *note = ui_dr_note(app, i);
		struct ui_graph_point *p = &pts[i - from];
		memset(p, 0, sizeof *p);
		if (note != NULL && note->review.present) {
			p->known = true;
			p->score = note->review.score;
			p->mate = note->review.mate;
			p->mark = note->mark;
		}
	}
	int scale = review_graph_scale(s->ops);
	size_t shown = app->game.shown > from ? app->game.shown - from : 0;
	ui_graph_render(&gr, pts, n - from, shown, scale, UI_GRAPH_ROWS, w,
	                app->glyphs == NULL || app->opt.ascii ||
	                        strcmp(app->glyphs->empty, ".") == 0);
	for (int r = 0; r < gr.rows; r++)
		for (int c = 0; c < gr.cols; c++)
			ui_grid_print(&app->host.grid, y + r, x + c, 1,
			              gr.marks[c] == '^' ? ROLE_SELECTED
			              : gr.above[r][c]   ? ROLE_P1
			                                 : ROLE_P2,
			              gr.glyph[r][c]);
	for (int c = 0; c < gr.cols; c++) {
		char mark[2] = {gr.marks[c], '\0'};
		int role = gr.marks[c] == '^'              ? ROLE_SELECTED
		           : gr.mark_of[c] == MARK_BLUNDER ? ROLE_WARN
		                                           : ROLE_DIM;
		ui_grid_print(&app->host.grid, y + gr.rows, x + c, 1, role,
		              mark);
	}
	return y + gr.rows + 1;
}

/* Each side's marks so far, as "Red ?!1 ?2 ??1  Blue ...". */
static int
ui_dr_summary(struct ui_app *app, int y, int x, int w)
{
	const struct session *s = &app->game.session;
	int count[2][MARK_COUNT] = {{0}};
	for (size_t i = 0; i < s->ply; i++) {
		const struct record_note *n = ui_dr_note(app, i);
		if (n != NULL && n->review.present)
			count[s->ops->side_to_move(&s->positions[i])]
			     [n->mark]++;
	}
	ui_grid_printf(&app->host.grid, y++, x, w, ROLE_NORMAL,
	               "%s ?!%d ?%d ?\?%d  %s ?!%d ?%d ?\?%d",
	               s->ops->side_names[0], count[0][MARK_INACCURACY],
	               count[0][MARK_MISTAKE], count[0][MARK_BLUNDER],
	               s->ops->side_names[1], count[1][MARK_INACCURACY],
	               count[1][MARK_MISTAKE], count[1][MARK_BLUNDER]);
	return y;
}

/* What the review says of the move shown, when it is marked. */
static int
ui_dr_marked(struct ui_app *app, int y, int x, int w)
{
	const struct ui_game *game = &app->game;
	if (game->shown == 0)
		return y;
	const struct record_note *n = ui_dr_note(app, game->shown - 1);
	if (n == NULL || !n->review.present || n->mark == MARK_NONE)
		return y;
	const struct session *s = &game->session;
	char best[GAME_TEXT_MAX] = "";
	if (n->review.has_best)
		s->ops->format_move(&s->positions[game->shown - 1],
		                    n->review.best, best, sizeof best);
	ui_grid_printf(&app->host.grid, y++, x, w, ROLE_WARN,
	               "%zu%s lost %d.%02d%s%s", game->shown,
	               record_mark_text(n->mark), n->review.loss / 100,
	               n->review.loss % 100, best[0] ? "  best* " : "", best);
	return y;
}

int
ui_dr_review(struct ui_app *app, int y, int x, int w)
{
	const struct ui_review *rv = &app->review;
	bool any = ui_dr_reviewed(app);
	if (!rv->running && !any)
		return y;
	if (rv->running)
		ui_grid_printf(&app->host.grid, y++, x, w, ROLE_TITLE,
		               "Review %zu/%zu  (A stops)", rv->done,
		               rv->total);
	else
		ui_grid_printf(&app->host.grid, y++, x, w, ROLE_TITLE,
		               "Review  (%s's view; . , jump)",
		               app->game.session.ops->side_names[0]);
	if (any) {
		y = ui_dr_summary(app, y, x, w);
		y = ui_dr_graph(app, y, x, w);
	}
	return ui_dr_marked(app, y, x, w);
}

int
ui_dr_facts(struct ui_app *app, int y, int x, int w)
{
	const struct ui_game *game = &app->game;
	const struct game_ops *ops = game->session.ops;
	char fen[GAME_TEXT_MAX], facts[256];
	ops->format_pos(ui_shown_pos(app), fen, sizeof fen);
	if (ui_facts(ops->name, fen, facts, sizeof facts)) {
		char *rest = facts, *line;
		while ((line = text_next_word(&rest, "\n")) != NULL)
			ui_grid_print(&app->host.grid, y++, x, w, ROLE_DIM,
			              line);
	}
	struct game_status st;
	ops->status(ui_shown_pos(app), &st);
	if (st.outcome == OUTCOME_P1_WINS || st.outcome == OUTCOME_P2_WINS)
		ui_grid_printf(
		        &app->host.grid, y++, x, w, ROLE_WARN, "%s wins: %s",
		        ops->side_names[st.outcome == OUTCOME_P2_WINS ? 1 : 0],
		        st.reason ? st.reason : "game over");
	else if (st.outcome != OUTCOME_ONGOING)
		ui_grid_printf(&app->host.grid, y++, x, w, ROLE_WARN, "%s: %s",
		               st.outcome == OUTCOME_DRAW ? "draw" : "over",
		               st.reason ? st.reason : "game over");
	return y;
}

void
ui_dr_best_ghost(const struct ui_app *app, const struct ui_piece *cells,
                 struct ui_board_mark *marks)
{
	const struct ui_game *game = &app->game;
	if (game->shown == 0)
		return;
	const struct record_note *n = ui_dr_note(app, game->shown - 1);
	if (n == NULL || !n->review.has_best || n->mark == MARK_NONE)
		return;
	int mc[UI_MOVE_CELLS];
	int k = game->input->move_cells(
	        app, &game->session.positions[game->shown - 1], n->review.best,
	        mc, UI_MOVE_CELLS);
	for (int i = 0; i < k; i++)
		ui_board_mark_set(marks, mc[i], ROLE_GHOST,
		                  cells[mc[i]].owner < 0 ? "*" : NULL);
}
