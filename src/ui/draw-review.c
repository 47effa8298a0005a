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
#include "search/winchance.h"
#include "study/review.h"
#include "ui/app.h"
#include "ui/draw-review.h"
#include "ui/facts.h"
#include "ui/graph.h"
#include "ui/input.h"

/* Rows of the graph (the marks row comes under them), and the columns
 * of its axis labels. */
enum { UI_GRAPH_ROWS = 4, UI_GRAPH_LABEL = 4 };

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

int
ui_dr_percent(const struct game_ops *ops, int score)
{
	/* Whole percents, but never 0% or 100% short of a forced result:
	 * those are for the certain. */
	int pct = (winchance_of(ops, 0, score) + 50) / 100;
	return pct < 1 ? 1 : pct > 99 ? 99 : pct;
}

void
ui_dr_view_text(const struct ui_app *app, int score, int mate, bool name,
                char *buf, size_t size)
{
	const struct game_ops *ops = app->game.session.ops;
	const char *p1 = name ? ops->side_names[0] : "";
	const char *gap = name ? " " : "";
	if (mate != 0 && name) {
		ui_dr_score_text(score, mate, p1, buf, size);
	} else if (mate != 0) {
		snprintf(buf, size, "#%+d", mate);
	} else if (app->opt.units || !winchance_known(ops)) {
		snprintf(buf, size, "%s%s%+.2f", p1, gap, score / 100.0);
	} else {
		snprintf(buf, size, "%s%s%d%%", p1, gap,
		         ui_dr_percent(ops, score));
	}
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
		score[0] = ' ';
		ui_dr_view_text(app, n->review.score, n->review.mate, false,
		                score + 1, sizeof score - 1);
	}
	/* An empty line is the game's own when the engine's line is
	 * walked past its last move (x): nothing to count or show. */
	size_t lines = 0;
	for (size_t v = 0; v < n->var_count; v++)
		lines += n->vars[v].len > 0;
	char vars[32] = "";
	if (lines > 0)
		snprintf(vars, sizeof vars, " (+%zu)", lines);
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
		if (var->len == 0)
			continue; /* the game's own end (see above) */
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
			p->chance =
			        note->review.mate != 0
			                ? (note->review.mate > 0 ? WINCHANCE_ONE
			                                         : 0)
			                : winchance_of(s->ops, 0,
			                               note->review.score);
			p->mark = note->mark;
		}
	}
	size_t shown = app->game.shown > from ? app->game.shown - from : 0;
	/* The axis: 100% on top, the 50% line under the second row, 0% at
	 * the bottom. */
	static const char *const labels[] = {"100", " 50", "", "  0"};
	for (int r = 0; r < UI_GRAPH_ROWS; r++)
		ui_grid_print(&app->host.grid, y + r, x, UI_GRAPH_LABEL,
		              ROLE_DIM, labels[r]);
	x += UI_GRAPH_LABEL;
	w -= UI_GRAPH_LABEL;
	bool ascii = app->glyphs == NULL || app->opt.ascii ||
	             strcmp(app->glyphs->empty, ".") == 0;
	ui_graph_render(&gr, pts, n - from, shown, UI_GRAPH_ROWS, w, ascii);
	for (int r = 0; r < gr.rows; r++)
		for (int c = 0; c < gr.cols; c++)
			ui_grid_print(&app->host.grid, y + r, x + c, 1,
			              gr.marks[c] == '^' ? ROLE_SELECTED
			              : gr.above[r][c]   ? ROLE_P1
			                                 : ROLE_P2,
			              gr.glyph[r][c]);
	for (int c = 0; c < gr.cols; c++) {
		char mark[2] = {gr.marks[c], '\0'};
		const char *glyph =
		        gr.marks[c] == 'X' && !ascii ? "\xe2\x81\x87" : mark;
		int role = gr.marks[c] == '^'              ? ROLE_SELECTED
		           : gr.mark_of[c] == MARK_BLUNDER ? ROLE_WARN
		                                           : ROLE_DIM;
		ui_grid_print(&app->host.grid, y + gr.rows, x + c, 1, role,
		              glyph);
	}
	return y + gr.rows + 1;
}

/* Each side's marks so far, as "Red ?!1 ?2 ??1  Blue ...". */
static int
ui_dr_summary(struct ui_app *app, int y, int x, int w)
{
	const struct session *s = &app->game.session;
	struct review_summary sum = {0};
	for (size_t i = 0; i < s->ply; i++) {
		const struct record_note *n = ui_dr_note(app, i);
		if (n != NULL)
			review_summary_add_note(&sum, s, i, n);
	}
	/* Each side's accuracy (tabula(6), REVIEW, "Accuracy") and marks,
	 * a line each. */
	for (int side = 0; side < 2; side++) {
		const int *c = sum.marks[side];
		int a = review_accuracy(&sum, side);
		ui_grid_printf(&app->host.grid, y++, x, w, ROLE_NORMAL,
		               "%-6s accuracy %3d%%  ?!%d ?%d ?\?%d",
		               s->ops->side_names[side], (a + 50) / 100,
		               c[MARK_INACCURACY], c[MARK_MISTAKE],
		               c[MARK_BLUNDER]);
	}
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
	               "%zu%s lost %d points of win chance", game->shown,
	               record_mark_text(n->mark), (n->review.loss + 50) / 100);
	if (best[0])
		ui_grid_printf(&app->host.grid, y++, x, w, ROLE_NORMAL,
		               "best* %s", best);
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
		               "Review  (%s's chance; . , jump)",
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
