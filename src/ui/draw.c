/*
 * Drawing the game screen into the virtual grid: the title line, the board
 * with its marks (cursor, picked cells, legal targets, last move, the
 * engine's ghost moves, cells a clear just emptied), the analysis panel,
 * the shown move's comment, the move list (with every move's comment)
 * and the status line.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "search/winchance.h"
#include "ui/app.h"
#include "ui/draw-review.h"
#include "ui/draw.h"
#include "ui/drill.h"
#include "ui/input.h"
#include "ui/online.h"
#include "ui/play.h"
#include "ui/room.h"
#include "ui/status.h"
#include "ui/trainer.h"

/* Gap between the board and the panel. */
static const int UI_PANEL_GAP = 3;

/* Rows of the principal variation shown when there is one line. */
static const int UI_PV_ROWS = 3;

/* Rows of the shown move's comment, at most. */
static const int UI_COMMENT_ROWS = 3;

/* The engine's first moves, numbered on empty cells. */
static void
ui_draw_ghosts(const struct ui_app *app, const struct ui_piece *cells,
               struct ui_board_mark *marks)
{
	const struct ui_analysis *an = &app->analysis;
	const struct ui_input *input = app->game.input;
	if (an->search_ply != app->game.shown || an->info.line_count == 0 ||
	    (an->mode == SEARCH_NONE && !an->info.finished))
		return;
	const struct game_ops *ops = app->game.session.ops;
	const struct search_info *line = &an->info.lines[0];
	struct game_pos pos = *ui_shown_pos(app);
	for (int k = 0; k < line->pv_len && k < input->ghost_plies; k++) {
		int mc[UI_MOVE_CELLS];
		char digit[12]; /* room for any int: -Wformat-truncation */
		int n = input->move_cells(app, &pos, line->pv[k], mc,
		                          UI_MOVE_CELLS);
		snprintf(digit, sizeof digit, "%d", k + 1);
		for (int i = 0; i < n; i++) {
			bool empty = cells[mc[i]].owner < 0;
			ui_board_mark_set(marks, mc[i], ROLE_GHOST,
			                  input->ghost_overlay
			                          ? input->ghost_overlay
			                  : empty ? digit
			                          : NULL);
		}
		ops->play(&pos, line->pv[k]);
	}
}

/* The last move, and for a moment the cells its line clears emptied. */
static void
ui_draw_last_move(const struct ui_app *app, const struct ui_piece *cells,
                  struct ui_board_mark *marks)
{
	const struct ui_game *game = &app->game;
	int mc[UI_MOVE_CELLS], last = 0;
	if (game->shown == 0)
		return;
	last = game->input->move_cells(
	        app, &game->session.positions[game->shown - 1],
	        game->session.moves[game->shown - 1], mc, UI_MOVE_CELLS);
	for (int i = 0; i < last; i++)
		ui_board_mark_set(marks, mc[i], ROLE_LAST, NULL);
	if (game->flash_ply != game->shown ||
	    ui_now_ms() >= game->flash_until_ms)
		return;
	/* The move's own cells that a clear took away. */
	for (int i = 0; i < last; i++)
		if (cells[mc[i]].owner < 0)
			ui_board_mark_set(marks, mc[i], ROLE_CLEARED, "~");
	static struct ui_piece before[UI_BOARD_MAX_CELLS];
	struct ui_board_info info;
	char fen[GAME_TEXT_MAX];
	game->session.ops->format_pos(&game->session.positions[game->shown - 1],
	                              fen, sizeof fen);
	if (!game->view->decode(fen, before, &info))
		return;
	for (int i = 0; i < game->view->cells; i++)
		if (before[i].owner >= 0 && cells[i].owner < 0)
			ui_board_mark_set(marks, i, ROLE_CLEARED, "~");
}

/* Every mark of the board, later ones over earlier ones; returns the
 * cursor's cell. */
static int
ui_draw_marks(const struct ui_app *app, const struct ui_piece *cells,
              struct ui_board_mark *marks)
{
	memset(marks, 0, sizeof *marks * (size_t)app->game.view->cells);
	ui_draw_last_move(app, cells, marks);
	ui_draw_ghosts(app, cells, marks);
	ui_dr_best_ghost(app, cells, marks);
	return app->game.input->marks(app, marks);
}

static void
ui_draw_board(struct ui_app *app)
{
	static struct ui_piece cells[UI_BOARD_MAX_CELLS];
	static struct ui_board_mark marks[UI_BOARD_MAX_CELLS];
	const struct ui_game *game = &app->game;
	struct ui_board_info info;
	char fen[GAME_TEXT_MAX];
	game->session.ops->format_pos(ui_shown_pos(app), fen, sizeof fen);
	if (game->view == NULL || !game->view->decode(fen, cells, &info)) {
		ui_grid_print(&app->host.grid, app->board_y, app->board_x, -1,
		              ROLE_WARN, "(no board view for this position)");
		return;
	}
	int cursor = ui_draw_marks(app, cells, marks);
	ui_board_draw(&app->host.grid, app->board_y, app->board_x, game->view,
	              app->glyphs, cells, marks);
	if (game->input->draw_side != NULL)
		game->input->draw_side(app, app->board_y,
		                       app->board_x + game->view->width + 2,
		                       &info);
	int y, x;
	game->view->cell_xy(cursor, &y, &x);
	app->host.grid.cursor_y = app->board_y + y;
	app->host.grid.cursor_x = app->board_x + x;
}

/* Who is to move in the shown position, or once it ends the result:
 * "Red to move", "Blue wins", "draw", "game over". */
static void
ui_draw_turn(const struct ui_app *app, const struct game_status *st, char *buf,
             size_t size)
{
	const struct game_ops *ops = app->game.session.ops;
	const struct game_pos *pos = ui_shown_pos(app);
	if (st->outcome == OUTCOME_P1_WINS || st->outcome == OUTCOME_P2_WINS)
		snprintf(buf, size, "%s wins",
		         ops->side_names[st->outcome == OUTCOME_P2_WINS]);
	else if (st->outcome == OUTCOME_DRAW)
		snprintf(buf, size, "draw");
	else if (st->outcome != OUTCOME_ONGOING)
		snprintf(buf, size, "game over");
	else if (ops->players > 1)
		snprintf(buf, size, "%s to move",
		         ops->side_names[ops->side_to_move(pos)]);
	else
		buf[0] = '\0';
}

/* Who plays side i: the record's name (with the engine's level while it
 * plays on), or the seat ("human", "engine L3"). */
static void
ui_draw_who(const struct ui_app *app, int i, bool over, char *buf, size_t size)
{
	const struct who *p = &app->game.players[i];
	char seat[32];
	if (p->kind == WHO_ENGINE && p->level > 0)
		snprintf(seat, sizeof seat, "engine L%d", p->level);
	else
		snprintf(seat, sizeof seat, "%s",
		         p->kind == WHO_ENGINE ? "engine" : "human");
	const char *name = app->game.names[i];
	if (name[0] == '\0')
		snprintf(buf, size, "%s", seat);
	else if (p->kind == WHO_ENGINE && !over)
		snprintf(buf, size, "%s (%s)", name, seat);
	else
		snprintf(buf, size, "%s", name);
}

/* Row 0: line on the title's colour across the whole width. */
static void
ui_draw_title_line(struct ui_grid *g, const char *line)
{
	for (int x = 0; x < g->width; x++)
		ui_grid_print(g, 0, x, 1, ROLE_TITLE, " ");
	ui_grid_print(g, 0, 0, g->width, ROLE_TITLE, line);
}

/* The title, shorter where the width asks: without "tabula", then with
 * the players' names shortened to an ellipsis. */
static void
ui_draw_title(struct ui_app *app)
{
	struct ui_grid *g = &app->host.grid;
	const struct ui_game *game = &app->game;
	const struct game_ops *ops = game->session.ops;
	if (ui_online_in_room(app)) {
		char line[512];
		ui_room_title(app, g->width, line, sizeof line);
		ui_draw_title_line(g, line);
		return;
	}
	char line[512], who[2][128], turn[64];
	struct game_status st;
	ops->status(ui_shown_pos(app), &st);
	ui_draw_turn(app, &st, turn, sizeof turn);
	for (int i = 0; i < ops->players; i++)
		ui_draw_who(app, i, st.outcome != OUTCOME_ONGOING, who[i],
		            sizeof who[i]);
	for (int form = 0; form < 3; form++) {
		char name[2][128];
		for (int i = 0; i < ops->players; i++)
			ui_text_fit(name[i], sizeof name[i], who[i],
			            form < 2 ? -1 : 16, g->ellipsis);
		int n = snprintf(line, sizeof line, "%s  %s   %s: %s",
		                 form == 0 ? " tabula" : "", ops->title,
		                 ops->side_names[0], name[0]);
		if (ops->players > 1)
			n += snprintf(line + n, sizeof line - (size_t)n,
			              "  %s: %s", ops->side_names[1], name[1]);
		snprintf(line + n, sizeof line - (size_t)n,
		         "   ply %zu/%zu  %s", game->shown, game->session.ply,
		         turn);
		if (ui_text_width(line) <= g->width)
			break;
	}
	ui_draw_title_line(g, line);
}

/* "1.2M" style counts. */
static void
ui_draw_count(uint64_t v, char *buf, size_t size)
{
	if (v >= 10000000)
		snprintf(buf, size, "%.1fM", (double)v / 1e6);
	else if (v >= 100000)
		snprintf(buf, size, "%.0fk", (double)v / 1e3);
	else
		snprintf(buf, size, "%" PRIu64, v);
}

/* A search score from the first player's view, whoever is to move, so
 * the number keeps its meaning while stepping (tabula(6), "Win chance"):
 * the first player's win chance, or the game's units. */
static void
ui_draw_score(const struct ui_app *app, const struct search_info *info,
              char *buf, size_t size)
{
	const struct game_ops *ops = app->game.session.ops;
	int sign = ops->side_to_move(ui_shown_pos(app)) == 0 ? 1 : -1;
	int plies;
	if (search_score_is_mate(info->score, &plies)) {
		ui_dr_view_text(app, 0, sign * plies, true, buf, size);
		return;
	}
	enum search_bound b = info->bound;
	if (sign < 0 && b != BOUND_EXACT)
		b = b == BOUND_LOWER ? BOUND_UPPER : BOUND_LOWER;
	size_t n = 0;
	ui_dr_view_text(app, sign * info->score, 0, true, buf, size);
	n = strlen(buf);
	snprintf(buf + n, size - n, "%s",
	         b == BOUND_LOWER   ? "+"
	         : b == BOUND_UPPER ? "-"
	                            : "");
}

/* Each side's win chance as a bar across the panel: the first player's
 * share in its colour from the left, the second's from the right, with
 * both numbers ("Red 63% ######.... 37% Blue"). */
static bool
ui_draw_chance_bar(struct ui_app *app, const struct search_info *info, int y,
                   int x, int w)
{
	const struct game_ops *ops = app->game.session.ops;
	if (!winchance_known(ops) || ops->players != 2)
		return false;
	int sign = ops->side_to_move(ui_shown_pos(app)) == 0 ? 1 : -1;
	int plies, pct;
	if (search_score_is_mate(info->score, &plies))
		pct = sign * plies > 0 ? 100 : 0;
	else
		pct = ui_dr_percent(ops, sign * info->score);
	char left[32], right[32];
	snprintf(left, sizeof left, "%s %d%% ", ops->side_names[0], pct);
	snprintf(right, sizeof right, " %d%% %s", 100 - pct,
	         ops->side_names[1]);
	int bar = w - (int)strlen(left) - (int)strlen(right);
	if (bar < 4)
		return false;
	struct ui_grid *g = &app->host.grid;
	ui_grid_print(g, y, x, (int)strlen(left), ROLE_P1, left);
	int filled = (pct * bar + 50) / 100;
	for (int i = 0; i < bar; i++)
		ui_grid_print(g, y, x + (int)strlen(left) + i, 1,
		              i < filled ? ROLE_P1 : ROLE_P2,
		              i < filled ? "#" : "-");
	ui_grid_print(g, y, x + (int)strlen(left) + bar, (int)strlen(right),
	              ROLE_P2, right);
	return true;
}

/* The moves of a line in notation, from the searched position. */
static void
ui_draw_pv_text(const struct ui_app *app, const struct search_info *info,
                char *buf, size_t size)
{
	const struct game_ops *ops = app->game.session.ops;
	struct game_pos pos =
	        app->game.session.positions[app->analysis.search_ply];
	size_t len = 0;
	buf[0] = '\0';
	for (int k = 0; k < info->pv_len && len + 1 < size; k++) {
		char text[GAME_TEXT_MAX];
		ops->format_move(&pos, info->pv[k], text, sizeof text);
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
		                        k ? " " : "", text);
		ops->play(&pos, info->pv[k]);
	}
}

/* Prints text word-wrapped in rows of width w; returns the rows used. */
static int
ui_draw_wrapped(struct ui_grid *g, int y, int x, int w, int rows, int role,
                const char *text, const char *ellipsis)
{
	int used = 0;
	const char *p = text;
	while (*p != '\0' && used < rows) {
		int len = (int)strlen(p);
		int cut = len <= w ? len : w;
		if (len > w) {
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = w;
		}
		if (used == rows - 1 && len > w)
			cut = w - 1;
		ui_grid_printf(g, y + used, x, cut, role, "%.*s", cut, p);
		if (used == rows - 1 && len > w)
			ui_grid_print(g, y + used, x + cut, 1, ROLE_DIM,
			              ellipsis);
		p += cut;
		while (*p == ' ')
			p++;
		used++;
	}
	return used;
}

/* The analysis part of the panel; returns the next free row. */
static int
ui_draw_analysis(struct ui_app *app, int y, int x, int w)
{
	struct ui_grid *g = &app->host.grid;
	const struct ui_analysis *an = &app->analysis;
	const char *head = an->mode == SEARCH_THINK ? "Engine thinking"
	                   : an->on                 ? "Analysis"
	                                            : "Analysis off";
	ui_grid_printf(g, y++, x, w, ROLE_TITLE, "%s%s", head,
	               an->mode == SEARCH_THINK ? "  (! moves now)"
	                                        : "  (a toggles)");
	if (an->info.line_count == 0 || an->search_ply != app->game.shown) {
		if (an->mode != SEARCH_NONE)
			ui_grid_print(g, y++, x, w, ROLE_DIM, "searching...");
		return y + 1;
	}
	const struct search_info *top = &an->info.lines[0];
	char score[32], nodes[32], nps[32];
	ui_draw_score(app, top, score, sizeof score);
	ui_draw_count(top->nodes, nodes, sizeof nodes);
	ui_draw_count(top->nps, nps, sizeof nps);
	/* The chances with their bar under the depth, or the score in the
	 * game's units on the depth's line. */
	bool bar = !app->opt.units && ui_draw_chance_bar(app, top, y + 1, x, w);
	ui_grid_printf(g, y++, x, w, ROLE_NORMAL, "depth %d/%d%s%s%s",
	               top->depth, top->seldepth, bar ? "" : "  ",
	               bar ? "" : score, an->info.finished ? "  done" : "");
	if (bar)
		y++;
	if (app->headless)
		ui_grid_printf(g, y++, x, w, ROLE_NORMAL, "nodes %s", nodes);
	else
		ui_grid_printf(g, y++, x, w, ROLE_NORMAL,
		               "nodes %s  %s n/s  %.1fs", nodes, nps,
		               (double)top->time_ms / 1000.0);
	char pv[GAME_TEXT_MAX];
	int lines = an->info.line_count;
	for (int k = 0; k < lines; k++) {
		const struct search_info *line = &an->info.lines[k];
		ui_draw_pv_text(app, line, pv, sizeof pv);
		if (lines == 1) {
			ui_grid_print(g, y, x, 3, ROLE_DIM, "pv");
			y += ui_draw_wrapped(g, y, x + 3, w - 3, UI_PV_ROWS,
			                     ROLE_NORMAL, pv,
			                     app->glyphs->ellipsis);
		} else {
			ui_draw_score(app, line, score, sizeof score);
			char row[GAME_TEXT_MAX + 64];
			snprintf(row, sizeof row, "%d %s %s", k + 1, score, pv);
			y += ui_draw_wrapped(g, y, x, w, 1, ROLE_NORMAL, row,
			                     app->glyphs->ellipsis);
		}
	}
	return y + 1;
}

/* The shown move's comment, whole (up to UI_COMMENT_ROWS rows) from row
 * y; returns the next free row. */
static int
ui_draw_comment(struct ui_app *app, int y, int x, int w)
{
	const char *comment =
	        app->game.shown > 0 ? ui_play_comment(app, app->game.shown - 1)
	                            : NULL;
	if (comment == NULL)
		return y;
	struct ui_grid *g = &app->host.grid;
	ui_grid_print(g, y++, x, w, ROLE_TITLE, "Comment  (; edits)");
	y += ui_draw_wrapped(g, y, x, w, UI_COMMENT_ROWS, ROLE_NORMAL, comment,
	                     app->glyphs->ellipsis);
	return y + 1;
}

/* A move list row fitted to w columns on purpose: a variation count
 * "(+2)" becomes "+2" and then goes (the variations show under the shown
 * move), and the comment follows as far as the row goes, ending with an
 * ellipsis when it is cut. */
static void
ui_draw_history_fit(const struct ui_app *app, size_t ply, char *row,
                    size_t size, int w)
{
	char *vars = strstr(row, " (+");
	if (vars != NULL && ui_text_width(row) > w) {
		memmove(vars + 1, vars + 2, strlen(vars + 2) + 1);
		char *close = strchr(vars, ')');
		if (close != NULL)
			memmove(close, close + 1, strlen(close + 1) + 1);
	}
	if (vars != NULL && ui_text_width(row) > w)
		*vars = '\0';
	const char *comment = ui_play_comment(app, ply);
	int room = w - ui_text_width(row) - 1;
	size_t len = strlen(row);
	if (comment != NULL && room > 0 && len + 2 < size) {
		row[len++] = ' ';
		ui_text_fit(row + len, size - len, comment, room,
		            app->glyphs->ellipsis);
	}
}

/* The move list around the shown ply, from row y to row last. */
static void
ui_draw_history(struct ui_app *app, int y, int last, int x, int w)
{
	struct ui_grid *g = &app->host.grid;
	const struct ui_game *game = &app->game;
	const struct game_ops *ops = game->session.ops;
	ui_grid_printf(g, y++, x, w, ROLE_TITLE, "Moves  [ ] { } to step");
	int rows = last - y + 1;
	if (rows <= 0)
		return;
	/* Keep the shown ply in view, a little above the bottom. */
	long first = (long)game->shown - rows + 2;
	if (first + rows > (long)game->session.ply + 1)
		first = (long)game->session.ply + 1 - rows;
	if (first < 1)
		first = 1;
	for (long ply = first; ply < first + rows; ply++) {
		if (ply > (long)game->session.ply || y > last)
			break;
		char text[GAME_TEXT_MAX];
		const struct game_pos *pos = &game->session.positions[ply - 1];
		ops->format_move(pos, game->session.moves[ply - 1], text,
		                 sizeof text);
		int side = ops->side_to_move(pos);
		bool here = (size_t)ply == game->shown;
		char notes[64], row[GAME_TEXT_MAX + 96];
		ui_dr_history_suffix(app, (size_t)ply - 1, notes, sizeof notes);
		snprintf(row, sizeof row, "%c%3ld %c %s%s", here ? '>' : ' ',
		         ply, ops->players > 1 ? ops->side_letters[side] : ' ',
		         text, notes);
		ui_draw_history_fit(app, (size_t)ply - 1, row, sizeof row, w);
		ui_grid_print(g, y++, x, w, here ? ROLE_SELECTED : ROLE_NORMAL,
		              row);
		if (here)
			y += ui_dr_variations(app, (size_t)ply - 1, y, x, w,
			                      last - y);
	}
}

/* Prints text whole, ending on row last: a message wider than the screen
 * is wrapped at spaces onto the rows above (at most UI_STATUS_ROWS), never
 * cut at the screen's edge. */
static void
ui_draw_status_text(struct ui_grid *g, int last, int role, const char *text)
{
	enum { UI_STATUS_ROWS = 4 };
	const char *starts[UI_STATUS_ROWS];
	int lens[UI_STATUS_ROWS], rows = 0, width = g->width;
	const char *p = text;
	while (*p != '\0' && rows < UI_STATUS_ROWS && width > 0) {
		int n = (int)strlen(p);
		if (n > width) {
			n = width;
			/* Break at the last space that fits, if any. */
			for (int i = width; i > 0; i--) {
				if (p[i] == ' ') {
					n = i;
					break;
				}
			}
		}
		starts[rows] = p;
		lens[rows++] = n;
		p += n;
		while (*p == ' ')
			p++;
	}
	for (int r = 0; r < rows; r++) {
		int y = last - (rows - 1 - r);
		if (y < 0)
			continue;
		for (int x = 0; x < g->width; x++)
			ui_grid_print(g, y, x, 1, role, " ");
		char line[1024];
		snprintf(line, sizeof line, "%.*s", lens[r], starts[r]);
		ui_grid_print(g, y, 0, g->width, role, line);
	}
}

static void
ui_draw_status(struct ui_app *app)
{
	struct ui_grid *g = &app->host.grid;
	int y = g->height - 1;
	for (int x = 0; x < g->width; x++)
		ui_grid_print(g, y, x, 1, ROLE_STATUS, " ");
	if (app->prompt.active) {
		/* The label, then as much of the end of the text as fits: a
		 * long path scrolls instead of being cut. */
		const char *label = ui_prompt_label(app->prompt.kind);
		int room = g->width - (int)strlen(label) - 1;
		const char *text = app->prompt.kind == UI_PROMPT_OVERWRITE
		                           ? ""
		                           : app->prompt.text;
		size_t len = strlen(text);
		if (room > 0 && len > (size_t)room)
			text += len - (size_t)room;
		if (app->prompt.overflow) {
			ui_grid_printf(g, y, 0, g->width, ROLE_WARN,
			               "the prompt holds %zu characters "
			               "(Backspace, Esc)",
			               sizeof app->prompt.text - 1);
			return;
		}
		ui_grid_printf(g, y, 0, g->width, ROLE_STATUS, "%s%s", label,
		               text);
		g->cursor_y = y;
		g->cursor_x = (int)strlen(label) + (int)strlen(text);
		if (g->cursor_x >= g->width)
			g->cursor_x = g->width - 1;
		return;
	}
	const char *text =
	        app->prompt.status[0] ? app->prompt.status : "? keys  q quit";
	ui_draw_status_text(
	        g, y, app->prompt.status_warn ? ROLE_WARN : ROLE_STATUS, text);
}

void
ui_draw_game(struct ui_app *app)
{
	struct ui_grid *g = &app->host.grid;
	ui_draw_title(app);
	/* Tall boards (the Tetris well) start right under the title. */
	const struct ui_board_view *view = app->game.view;
	app->board_y = view != NULL && view->height > UI_MIN_HEIGHT - 4 ? 1 : 2;
	app->board_x = 1;
	if (view == NULL)
		return;
	ui_draw_board(app);
	if (app->game.input->draw_below != NULL)
		app->game.input->draw_below(app, app->board_y + view->height,
		                            app->board_x,
		                            view->width + UI_PANEL_GAP - 1);
	int panel_x = app->board_x + view->width + UI_PANEL_GAP +
	              app->game.input->side_width;
	int w = g->width - panel_x - 1;
	int y = ui_dr_facts(app, 2, panel_x, w);
	/* A practice shows no analysis: the answer is to be found. */
	if (app->drill.active) {
		y = ui_drill_draw(app, y, panel_x, w);
	} else if (app->trainer.active) {
		y = ui_trainer_draw(app, y, panel_x, w);
	} else {
		y = ui_draw_analysis(app, y, panel_x, w);
		y = ui_dr_review(app, y, panel_x, w);
	}
	y = ui_draw_comment(app, y, panel_x, w);
	ui_draw_history(app, y, g->height - 3, panel_x, w);
	ui_draw_status(app);
}
