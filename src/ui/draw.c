/*
 * Drawing the game screen into the virtual grid: the title line, the board
 * with its marks (cursor, picked cells, legal targets, last move, the
 * engine's ghost moves, cells a clear just emptied), the analysis panel,
 * the move list and the status line; and the help and "too small" screens.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "ui/app.h"

/* Moves of the principal variation drawn on the board. */
static const int UI_GHOST_PLIES = 3;

/* Gap between the board and the panel. */
static const int UI_PANEL_GAP = 3;

/* Rows of the principal variation shown when there is one line. */
static const int UI_PV_ROWS = 3;

/* Columns the Tetris piece box takes right of the well. */
static const int UI_TETRIS_BOX = 12;

/* The cells of the move played at ply - 1 (the last move shown). */
static int
ui_draw_move_cells(const struct ui_app *app, size_t ply, game_move move,
                   int *cells)
{
	const struct game_ops *ops = app->session.ops;
	const struct game_pos *pos = &app->session.positions[ply];
	if (ops->item_from_char != NULL)
		return ui_play_tetris_cells(app, pos, move, cells,
		                            UI_MOVE_CELLS);
	char text[GAME_TEXT_MAX];
	ops->format_move(pos, move, text, sizeof text);
	return app->view->move_cells(text, cells, UI_MOVE_CELLS);
}

static void
ui_draw_mark(struct ui_board_mark *marks, int cell, int role,
             const char *overlay)
{
	if (cell < 0)
		return;
	marks[cell].role = (unsigned char)role;
	if (overlay != NULL)
		snprintf(marks[cell].overlay, sizeof marks[cell].overlay, "%s",
		         overlay);
}

/* The engine's first moves, numbered on empty cells. */
static void
ui_draw_ghosts(const struct ui_app *app, const struct ui_piece *cells,
               struct ui_board_mark *marks)
{
	if (app->search_ply != app->shown || app->info.line_count == 0 ||
	    (app->mode == SEARCH_NONE && !app->info.finished))
		return;
	const struct game_ops *ops = app->session.ops;
	const struct search_info *line = &app->info.lines[0];
	struct game_pos pos = *ui_play_shown(app);
	bool tetris = ops->item_from_char != NULL;
	int plies = tetris ? 1 : UI_GHOST_PLIES;
	for (int k = 0; k < line->pv_len && k < plies; k++) {
		int mc[UI_MOVE_CELLS], n;
		char text[GAME_TEXT_MAX], digit[4];
		if (tetris) {
			n = ui_play_tetris_cells(app, &pos, line->pv[k], mc,
			                         UI_MOVE_CELLS);
		} else {
			ops->format_move(&pos, line->pv[k], text, sizeof text);
			n = app->view->move_cells(text, mc, UI_MOVE_CELLS);
		}
		snprintf(digit, sizeof digit, "%d", k + 1);
		for (int i = 0; i < n; i++) {
			bool empty = cells[mc[i]].owner < 0;
			ui_draw_mark(marks, mc[i], ROLE_GHOST,
			             tetris  ? "::"
			             : empty ? digit
			                     : NULL);
		}
		ops->play(&pos, line->pv[k]);
	}
}

/* The last move, and for a moment the cells its line clears emptied. */
static void
ui_draw_last_move(struct ui_app *app, const struct ui_piece *cells,
                  struct ui_board_mark *marks)
{
	int mc[UI_MOVE_CELLS], last = 0;
	if (app->shown == 0)
		return;
	last = ui_draw_move_cells(app, app->shown - 1,
	                          app->session.moves[app->shown - 1], mc);
	for (int i = 0; i < last; i++)
		ui_draw_mark(marks, mc[i], ROLE_LAST, NULL);
	if (app->flash_ply != app->shown || ui_now_ms() >= app->flash_until_ms)
		return;
	/* The move's own cells that a clear took away. */
	for (int i = 0; i < last; i++)
		if (cells[mc[i]].owner < 0)
			ui_draw_mark(marks, mc[i], ROLE_CLEARED, "~");
	static struct ui_piece before[UI_BOARD_MAX_CELLS];
	struct ui_board_info info;
	char fen[GAME_TEXT_MAX];
	app->session.ops->format_pos(&app->session.positions[app->shown - 1],
	                             fen, sizeof fen);
	if (!app->view->decode(fen, before, &info))
		return;
	for (int i = 0; i < app->view->cells; i++)
		if (before[i].owner >= 0 && cells[i].owner < 0)
			ui_draw_mark(marks, i, ROLE_CLEARED, "~");
}

/* Tetris: the ghost of the chosen placement; the cursor on its first cell. */
static void
ui_draw_tetris_choice(struct ui_app *app, struct ui_board_mark *marks)
{
	int mc[UI_MOVE_CELLS];
	int i = ui_play_tetris_index(app);
	int n = i < 0 ? 0
	              : ui_play_tetris_cells(app, ui_play_shown(app),
	                                     app->moves[i].move, mc,
	                                     UI_MOVE_CELLS);
	for (int k = 0; k < n; k++)
		ui_draw_mark(marks, mc[k], ROLE_SELECTED, "::");
	if (n > 0)
		app->cursor = mc[0];
}

/* The picked cells, the cells that continue them, and the cursor. */
static void
ui_draw_selection(struct ui_app *app, struct ui_board_mark *marks)
{
	for (int i = 0; i < app->nmoves && app->nsel > 0; i++) {
		const struct ui_move *m = &app->moves[i];
		bool ok = m->ncells > app->nsel && ui_play_matches(app, m);
		for (int k = 0; ok && k < m->ncells; k++)
			if (app->view->unordered || k == app->nsel)
				ui_draw_mark(marks, m->cells[k], ROLE_TARGET,
				             NULL);
	}
	for (int s = 0; s < app->nsel; s++)
		ui_draw_mark(marks, app->sel[s], ROLE_SELECTED, NULL);
	marks[app->cursor].role = ROLE_CURSOR;
}

/* Every mark of the board, later ones over earlier ones. */
static void
ui_draw_marks(struct ui_app *app, const struct ui_piece *cells,
              struct ui_board_mark *marks)
{
	memset(marks, 0, sizeof *marks * (size_t)app->view->cells);
	ui_draw_last_move(app, cells, marks);
	ui_draw_ghosts(app, cells, marks);
	if (app->session.ops->item_from_char != NULL)
		ui_draw_tetris_choice(app, marks);
	else
		ui_draw_selection(app, marks);
}

/* Counts of line clears up to the shown ply: [0] lines, [1..4] by size. */
static void
ui_draw_tetris_clears(const struct ui_app *app, long counts[5])
{
	memset(counts, 0, 5 * sizeof counts[0]);
	char fen[GAME_TEXT_MAX];
	int before = 0;
	for (size_t i = 0; i <= app->shown; i++) {
		app->session.ops->format_pos(&app->session.positions[i], fen,
		                             sizeof fen);
		int filled = 0;
		for (const char *p = fen; *p != '\0' && *p != ' '; p++)
			filled += *p == '#';
		if (i > 0) {
			int lines = (before + UI_MOVE_CELLS - filled) / 10;
			if (lines >= 1 && lines <= 4) {
				counts[0] += lines;
				counts[lines]++;
			}
		}
		before = filled;
	}
}

/* Draws a piece's shape in a small box at (y, x). */
static void
ui_draw_piece(struct ui_app *app, int y, int x, const char *piece)
{
	int cells[UI_MOVE_CELLS];
	int n = ui_play_tetris_shape(app, piece, "r0x3", cells, UI_MOVE_CELLS);
	int top = 99;
	for (int i = 0; i < n; i++)
		if (cells[i] / 10 < top)
			top = cells[i] / 10;
	for (int i = 0; i < n; i++)
		ui_grid_print(&app->grid, y + cells[i] / 10 - top,
		              x + 2 * (cells[i] % 10 - 2), 2, ROLE_P1,
		              app->glyphs->filled);
}

static void
ui_draw_tetris_box(struct ui_app *app, int y, int x,
                   const struct ui_board_info *info)
{
	struct ui_grid *g = &app->grid;
	long clears[5];
	ui_draw_tetris_clears(app, clears);
	ui_grid_printf(g, y, x, UI_TETRIS_BOX, ROLE_TITLE, "Piece %s",
	               info->current);
	ui_draw_piece(app, y + 1, x, info->current);
	ui_grid_printf(g, y + 4, x, UI_TETRIS_BOX, ROLE_NORMAL, "Next  %s",
	               info->next);
	if (info->next[0] != '-')
		ui_draw_piece(app, y + 5, x, info->next);
	ui_grid_printf(g, y + 8, x, UI_TETRIS_BOX, ROLE_NORMAL, "Score %ld",
	               info->score);
	ui_grid_printf(g, y + 9, x, UI_TETRIS_BOX, ROLE_NORMAL, "Lines %ld",
	               clears[0]);
	static const char *const names[] = {"", "1x", "2x", "3x", "4x"};
	for (int k = 1; k <= 4; k++)
		ui_grid_printf(g, y + 9 + k, x, UI_TETRIS_BOX, ROLE_DIM,
		               "  %s %ld", names[k], clears[k]);
	ui_grid_printf(g, y + 15, x, UI_TETRIS_BOX, ROLE_DIM, "Rot %d Col %d",
	               app->tetris_rot, app->tetris_col);
}

static void
ui_draw_board(struct ui_app *app)
{
	static struct ui_piece cells[UI_BOARD_MAX_CELLS];
	static struct ui_board_mark marks[UI_BOARD_MAX_CELLS];
	struct ui_board_info info;
	char fen[GAME_TEXT_MAX];
	app->session.ops->format_pos(ui_play_shown(app), fen, sizeof fen);
	if (app->view == NULL || !app->view->decode(fen, cells, &info)) {
		ui_grid_print(&app->grid, app->board_y, app->board_x, -1,
		              ROLE_WARN, "(no board view for this position)");
		return;
	}
	ui_draw_marks(app, cells, marks);
	ui_board_draw(&app->grid, app->board_y, app->board_x, app->view,
	              app->glyphs, cells, marks);
	if (app->session.ops->item_from_char != NULL)
		ui_draw_tetris_box(app, app->board_y,
		                   app->board_x + app->view->width + 2, &info);
	int y, x;
	app->view->cell_xy(app->cursor, &y, &x);
	app->grid.cursor_y = app->board_y + y;
	app->grid.cursor_x = app->board_x + x;
}

static void
ui_draw_title(struct ui_app *app)
{
	struct ui_grid *g = &app->grid;
	const struct game_ops *ops = app->session.ops;
	char line[512], who[2][64];
	for (int i = 0; i < ops->players; i++) {
		const struct ui_player *p = &app->players[i];
		if (p->engine && p->level > 0)
			snprintf(who[i], sizeof who[i], "engine L%d", p->level);
		else
			snprintf(who[i], sizeof who[i], "%s",
			         p->engine ? "engine" : "human");
	}
	int side = ops->side_to_move(ui_play_shown(app));
	int n = snprintf(line, sizeof line, " tabula  %s   %s: %s", ops->title,
	                 ops->side_names[0], who[0]);
	if (ops->players > 1)
		n += snprintf(line + n, sizeof line - (size_t)n, "  %s: %s",
		              ops->side_names[1], who[1]);
	snprintf(line + n, sizeof line - (size_t)n, "   ply %zu/%zu  %s%s",
	         app->shown, app->session.ply,
	         ops->players > 1 ? ops->side_names[side] : "",
	         ops->players > 1 ? " to move" : "");
	for (int x = 0; x < g->width; x++)
		ui_grid_print(g, 0, x, 1, ROLE_TITLE, " ");
	ui_grid_print(g, 0, 0, g->width, ROLE_TITLE, line);
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

static void
ui_draw_score(const struct search_info *info, char *buf, size_t size)
{
	int plies;
	if (search_score_is_mate(info->score, &plies))
		snprintf(buf, size, "%s in %d", plies > 0 ? "wins" : "loses",
		         plies > 0 ? plies : -plies);
	else
		snprintf(buf, size, "%+.2f%s", info->score / 100.0,
		         info->bound == BOUND_LOWER   ? "+"
		         : info->bound == BOUND_UPPER ? "-"
		                                      : "");
}

/* The moves of a line in notation, from the searched position. */
static void
ui_draw_pv_text(const struct ui_app *app, const struct search_info *info,
                char *buf, size_t size)
{
	const struct game_ops *ops = app->session.ops;
	struct game_pos pos = app->session.positions[app->search_ply];
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
	struct ui_grid *g = &app->grid;
	const char *head = app->mode == SEARCH_THINK ? "Engine thinking"
	                   : app->analysis           ? "Analysis"
	                                             : "Analysis off";
	ui_grid_printf(g, y++, x, w, ROLE_TITLE, "%s%s", head,
	               app->mode == SEARCH_THINK ? "  (! moves now)"
	                                         : "  (a toggles)");
	if (app->info.line_count == 0 || app->search_ply != app->shown) {
		if (app->mode != SEARCH_NONE)
			ui_grid_print(g, y++, x, w, ROLE_DIM, "searching...");
		return y + 1;
	}
	const struct search_info *top = &app->info.lines[0];
	char score[32], nodes[32], nps[32];
	ui_draw_score(top, score, sizeof score);
	ui_draw_count(top->nodes, nodes, sizeof nodes);
	ui_draw_count(top->nps, nps, sizeof nps);
	ui_grid_printf(g, y++, x, w, ROLE_NORMAL, "depth %d/%d  score %s%s",
	               top->depth, top->seldepth, score,
	               app->info.finished ? "  done" : "");
	if (app->headless)
		ui_grid_printf(g, y++, x, w, ROLE_NORMAL, "nodes %s", nodes);
	else
		ui_grid_printf(g, y++, x, w, ROLE_NORMAL,
		               "nodes %s  %s n/s  %.1fs", nodes, nps,
		               (double)top->time_ms / 1000.0);
	char pv[GAME_TEXT_MAX];
	int lines = app->info.line_count;
	for (int k = 0; k < lines; k++) {
		const struct search_info *line = &app->info.lines[k];
		ui_draw_pv_text(app, line, pv, sizeof pv);
		if (lines == 1) {
			ui_grid_print(g, y, x, 3, ROLE_DIM, "pv");
			y += ui_draw_wrapped(g, y, x + 3, w - 3, UI_PV_ROWS,
			                     ROLE_NORMAL, pv,
			                     app->glyphs->ellipsis);
		} else {
			ui_draw_score(line, score, sizeof score);
			char row[GAME_TEXT_MAX + 64];
			snprintf(row, sizeof row, "%d %s %s", k + 1, score, pv);
			y += ui_draw_wrapped(g, y, x, w, 1, ROLE_NORMAL, row,
			                     app->glyphs->ellipsis);
		}
	}
	return y + 1;
}

/* The move list around the shown ply, from row y to row last. */
static void
ui_draw_history(struct ui_app *app, int y, int last, int x, int w)
{
	struct ui_grid *g = &app->grid;
	const struct game_ops *ops = app->session.ops;
	ui_grid_printf(g, y++, x, w, ROLE_TITLE, "Moves  [ ] { } to step");
	int rows = last - y + 1;
	if (rows <= 0)
		return;
	/* Keep the shown ply in view, a little above the bottom. */
	long first = (long)app->shown - rows + 2;
	if (first + rows > (long)app->session.ply + 1)
		first = (long)app->session.ply + 1 - rows;
	if (first < 1)
		first = 1;
	for (long ply = first; ply < first + rows; ply++) {
		if (ply > (long)app->session.ply)
			break;
		char text[GAME_TEXT_MAX];
		const struct game_pos *pos = &app->session.positions[ply - 1];
		ops->format_move(pos, app->session.moves[ply - 1], text,
		                 sizeof text);
		int side = ops->side_to_move(pos);
		bool here = (size_t)ply == app->shown;
		ui_grid_printf(g, y++, x, w, here ? ROLE_SELECTED : ROLE_NORMAL,
		               "%c%3ld %c %s", here ? '>' : ' ', ply,
		               ops->players > 1 ? ops->side_letters[side] : ' ',
		               text);
	}
}

static void
ui_draw_status(struct ui_app *app)
{
	struct ui_grid *g = &app->grid;
	int y = g->height - 1;
	for (int x = 0; x < g->width; x++)
		ui_grid_print(g, y, x, 1, ROLE_STATUS, " ");
	if (app->prompting) {
		ui_grid_printf(g, y, 0, g->width, ROLE_STATUS, "move: %s",
		               app->prompt);
		g->cursor_y = y;
		g->cursor_x = 6 + (int)app->prompt_len;
		return;
	}
	const char *text = app->status[0] ? app->status : "? keys  q quit";
	ui_grid_print(g, y, 0, g->width,
	              app->status_warn ? ROLE_WARN : ROLE_STATUS, text);
}

static void
ui_draw_game(struct ui_app *app)
{
	struct ui_grid *g = &app->grid;
	ui_draw_title(app);
	/* Tall boards (the Tetris well) start right under the title. */
	app->board_y =
	        app->view != NULL && app->view->height > UI_MIN_HEIGHT - 4 ? 1
	                                                                   : 2;
	app->board_x = 1;
	if (app->view == NULL)
		return;
	ui_draw_board(app);
	int panel_x = app->board_x + app->view->width + UI_PANEL_GAP;
	if (app->session.ops->item_from_char != NULL)
		panel_x += UI_TETRIS_BOX;
	int w = g->width - panel_x - 1;
	int y = ui_draw_analysis(app, 2, panel_x, w);
	ui_draw_history(app, y, g->height - 3, panel_x, w);
	ui_draw_status(app);
}

struct ui_draw_help_ctx {
	struct ui_grid *g;
	int y, x, col_w;
};

static void
ui_draw_help_line(void *ctx, const char *keys, const char *what)
{
	struct ui_draw_help_ctx *h = ctx;
	if (h->y >= h->g->height - 2) {
		h->y = 2;
		h->x += h->col_w;
	}
	ui_grid_printf(h->g, h->y, h->x, 12, ROLE_TITLE, "%s", keys);
	ui_grid_printf(h->g, h->y, h->x + 12, h->col_w - 13, ROLE_NORMAL, "%s",
	               what);
	h->y++;
}

static void
ui_draw_help(struct ui_app *app)
{
	struct ui_grid *g = &app->grid;
	ui_grid_print(g, 0, 0, g->width, ROLE_TITLE,
	              " tabula: keys (any key returns)");
	struct ui_draw_help_ctx h = {g, 2, 1, g->width / 2};
	ui_keys_each(ui_draw_help_line, &h);
}

static void
ui_draw_too_small(struct ui_app *app)
{
	struct ui_grid *g = &app->grid;
	char text[128];
	snprintf(text, sizeof text, "Terminal too small: %dx%d, need %dx%d",
	         g->width, g->height, UI_MIN_WIDTH, UI_MIN_HEIGHT);
	int y = g->height / 2, x = (g->width - (int)strlen(text)) / 2;
	ui_grid_print(g, y > 0 ? y - 1 : 0, x > 0 ? x : 0, g->width, ROLE_WARN,
	              text);
	ui_grid_print(g, y + 1, 0, g->width, ROLE_DIM,
	              " q quits; the game goes on when the terminal grows");
}

void
ui_draw(struct ui_app *app)
{
	ui_grid_clear(&app->grid);
	if (app->grid.width < UI_MIN_WIDTH || app->grid.height < UI_MIN_HEIGHT)
		ui_draw_too_small(app);
	else if (app->screen == SCREEN_HELP)
		ui_draw_help(app);
	else if (app->screen == SCREEN_MENU || !app->have_game)
		ui_menu_draw(app);
	else
		ui_draw_game(app);
	app->dirty = false;
}
