/*
 * The game as the UI plays it: the session, the shown ply, the legal moves
 * of the shown position with the cells each names, building a move from
 * picked cells, the engine's turns and the analysis search, and saving
 * after every move.  Nothing here draws; draw.c reads the state.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search/level.h"
#include "ui/app.h"

/* How long cells emptied by a line clear stay marked. */
static const int64_t UI_FLASH_MS = 1500;

void
ui_status(struct ui_app *app, bool warn, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(app->status, sizeof app->status, fmt, ap);
	va_end(ap);
	app->status_warn = warn;
	app->dirty = true;
}

void
ui_player_set(struct ui_player *p, int level)
{
	memset(p, 0, sizeof *p);
	if (level <= 0)
		return;
	if (level > UI_LEVELS)
		level = UI_LEVELS;
	p->engine = true;
	p->level = level;
	level_limits(level, &p->lim);
}

void
ui_player_describe(const struct ui_player *p, char *buf, size_t size)
{
	if (!p->engine)
		snprintf(buf, size, "human");
	else if (p->level > 0)
		snprintf(buf, size, "engine level %d", p->level);
	else if (p->lim.depth > 0)
		snprintf(buf, size, "engine depth %d", p->lim.depth);
	else
		snprintf(buf, size, "engine movetime %lld",
		         (long long)p->lim.movetime_ms);
}

bool
ui_player_parse(const char *text, struct ui_player *p)
{
	int v;
	char tail;
	if (strcmp(text, "human") == 0) {
		ui_player_set(p, 0);
		return true;
	}
	if (sscanf(text, "engine level %d%c", &v, &tail) == 1 && v >= 1 &&
	    v <= UI_LEVELS) {
		ui_player_set(p, v);
		return true;
	}
	if (sscanf(text, "engine depth %d%c", &v, &tail) == 1 && v >= 1 &&
	    v <= SEARCH_MAX_DEPTH) {
		ui_player_set(p, 1);
		memset(&p->lim, 0, sizeof p->lim);
		p->level = 0;
		p->lim.depth = v;
		return true;
	}
	if (sscanf(text, "engine movetime %d%c", &v, &tail) == 1 && v >= 1) {
		ui_player_set(p, 1);
		memset(&p->lim, 0, sizeof p->lim);
		p->level = 0;
		p->lim.movetime_ms = v;
		return true;
	}
	return false;
}

const struct game_pos *
ui_play_shown(const struct ui_app *app)
{
	return &app->session.positions[app->shown];
}

static void
ui_play_fill_meta(struct ui_app *app)
{
	ui_player_describe(&app->players[0], app->meta.player1,
	                   sizeof app->meta.player1);
	if (app->session.ops->players > 1)
		ui_player_describe(&app->players[1], app->meta.player2,
		                   sizeof app->meta.player2);
	time_t now = time(NULL);
	struct tm tm;
	if (app->meta.date[0] == '\0' && localtime_r(&now, &tm) != NULL)
		strftime(app->meta.date, sizeof app->meta.date, "%Y.%m.%d",
		         &tm);
}

bool
ui_play_new(struct ui_app *app, const struct game_ops *ops,
            const struct game_setup *setup, const char *stream, char *err,
            size_t err_size)
{
	struct session s;
	if (!session_init(&s, ops, setup)) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	if (stream != NULL && !session_set_stream(&s, stream, err, err_size)) {
		session_free(&s);
		return false;
	}
	struct record_meta meta;
	record_meta_init(&meta);
	ui_play_adopt(app, &s, &meta);
	return true;
}

/* Puts the cursor where a legal move starts: the centre if one does. */
static void
ui_play_place_cursor(struct ui_app *app)
{
	int first = -1;
	for (int i = 0; i < app->nmoves; i++) {
		if (app->moves[i].ncells == 0)
			continue;
		if (app->moves[i].cells[0] == app->cursor)
			return;
		if (first < 0)
			first = app->moves[i].cells[0];
	}
	if (first >= 0)
		app->cursor = first;
}

void
ui_play_adopt(struct ui_app *app, struct session *s, struct record_meta *meta)
{
	if (app->have_game) {
		session_free(&app->session);
		record_meta_free(&app->meta);
	}
	app->session = *s;
	app->meta = *meta;
	memset(s, 0, sizeof *s);
	record_meta_init(meta);
	app->have_game = true;
	app->view = ui_board_find(app->session.ops->name);
	app->shown = app->session.ply;
	app->cursor = app->view ? app->view->cells / 2 : 0;
	app->nsel = 0;
	app->tetris_rot = 0;
	app->tetris_col = 0;
	app->paused = false;
	app->mode = SEARCH_NONE;
	app->screen = SCREEN_GAME;
	app->flash_until_ms = 0;
	ui_play_fill_meta(app);
	ui_status(app, false, "%s: %s", app->session.ops->title,
	          app->session.ply ? "game resumed" : "new game");
	ui_play_changed(app);
	ui_play_place_cursor(app);
}

/* The legal moves of the shown position, with their text and cells. */
static void
ui_play_list_moves(struct ui_app *app)
{
	static game_move list[GAME_MAX_MOVES];
	const struct game_ops *ops = app->session.ops;
	const struct game_pos *pos = ui_play_shown(app);
	app->nmoves = ops->gen_moves(pos, list);
	for (int i = 0; i < app->nmoves; i++) {
		struct ui_move *m = &app->moves[i];
		m->move = list[i];
		ops->format_move(pos, list[i], m->text, sizeof m->text);
		m->ncells = app->view ? app->view->move_cells(m->text, m->cells,
		                                              UI_MOVE_CELLS)
		                      : 0;
	}
}

/* Keeps the Tetris rotation and column on a legal placement. */
static void
ui_play_tetris_clamp(struct ui_app *app)
{
	if (ui_play_tetris_index(app) >= 0 || app->nmoves == 0)
		return;
	int best = -1, best_dist = 0;
	for (int i = 0; i < app->nmoves; i++) {
		int rot, col;
		if (sscanf(app->moves[i].text, "r%dx%d", &rot, &col) != 2)
			continue;
		int dist = abs(col - app->tetris_col) +
		           (rot != app->tetris_rot) * 100;
		if (best < 0 || dist < best_dist) {
			best = i;
			best_dist = dist;
		}
	}
	if (best >= 0)
		sscanf(app->moves[best].text, "r%dx%d", &app->tetris_rot,
		       &app->tetris_col);
}

int
ui_play_tetris_index(const struct ui_app *app)
{
	char want[32];
	snprintf(want, sizeof want, "r%dx%d", app->tetris_rot, app->tetris_col);
	for (int i = 0; i < app->nmoves; i++) {
		if (strcmp(app->moves[i].text, want) == 0)
			return i;
	}
	return -1;
}

void
ui_play_changed(struct ui_app *app)
{
	ui_play_list_moves(app);
	app->nsel = 0;
	if (app->session.ops->item_from_char != NULL)
		ui_play_tetris_clamp(app);
	ui_play_sync_search(app);
	app->dirty = true;
}

/* ---------------------------------------------------------------------- */
/* The search                                                              */

static bool
ui_play_over(const struct ui_app *app, const struct game_pos *pos)
{
	struct game_status st;
	app->session.ops->status(pos, &st);
	return st.outcome != OUTCOME_ONGOING;
}

void
ui_play_sync_search(struct ui_app *app)
{
	if (app->engine == NULL || !app->have_game)
		return;
	const struct game_ops *ops = app->session.ops;
	const struct game_pos *pos = ui_play_shown(app);
	int side = ops->side_to_move(pos);
	enum ui_search_mode want = SEARCH_NONE;
	struct search_limits lim = {0};
	if (ui_play_over(app, pos) || app->nmoves == 0) {
		want = SEARCH_NONE;
	} else if (app->shown == app->session.ply &&
	           app->players[side].engine && !app->paused) {
		want = SEARCH_THINK;
		lim = app->players[side].lim;
		if (app->analysis && app->multipv > lim.multipv)
			lim.multipv = app->multipv;
		/* Weak levels choose at random: the same game, the same
		 * choices (the seed follows the position). */
		lim.random_seed = ops->hash(pos) ^ app->session.setup.seed;
	} else if (app->analysis) {
		want = SEARCH_ANALYSE;
		lim.depth = app->opt.analysis_depth;
		lim.infinite = app->opt.analysis_depth == 0;
		lim.multipv = app->multipv;
	}
	if (want == app->mode && want != SEARCH_NONE &&
	    app->search_ply == app->shown &&
	    app->search_len == app->session.ply)
		return;
	if (want == SEARCH_NONE) {
		if (app->mode != SEARCH_NONE)
			ui_engine_stop(app->engine);
		app->mode = SEARCH_NONE;
		return;
	}
	app->mode = want;
	app->search_ply = app->shown;
	app->search_len = app->session.ply;
	memset(&app->info, 0, sizeof app->info);
	app->search_number = ui_engine_start(app->engine, ops, pos, &lim);
	app->dirty = true;
}

/* The engine's comment on its move: score and depth ("+0.35/8"). */
static void
ui_play_comment(const struct search_info *info, char *buf, size_t size)
{
	int plies;
	if (search_score_is_mate(info->score, &plies))
		snprintf(buf, size, "#%+d/%d", plies, info->depth);
	else
		snprintf(buf, size, "%+.2f/%d", info->score / 100.0,
		         info->depth);
}

void
ui_play_poll_search(struct ui_app *app)
{
	if (app->engine == NULL)
		return;
	struct ui_engine_view v;
	ui_engine_snapshot(app->engine, &v);
	if (v.search != app->search_number ||
	    v.generation == app->info.generation)
		return;
	app->info = v;
	app->dirty = true;
	if (app->mode == SEARCH_THINK && v.finished) {
		app->mode = SEARCH_NONE;
		if (v.has_move && app->shown == app->session.ply) {
			char comment[64] = "";
			if (v.line_count > 0)
				ui_play_comment(&v.lines[0], comment,
				                sizeof comment);
			size_t ply = app->session.ply;
			ui_play_move(app, v.best);
			if (comment[0] != '\0' && app->session.ply == ply + 1)
				record_meta_set_comment(&app->meta, ply,
				                        comment);
		}
	}
}

/* ---------------------------------------------------------------------- */
/* Moves                                                                   */

/* Marks the cells the last move emptied (line clears) for a moment. */
static void
ui_play_flash(struct ui_app *app)
{
	if (app->view == NULL || app->session.ply == 0)
		return;
	static struct ui_piece before[UI_BOARD_MAX_CELLS],
	        after[UI_BOARD_MAX_CELLS];
	struct ui_board_info info;
	char fen[GAME_TEXT_MAX];
	const struct game_ops *ops = app->session.ops;
	ops->format_pos(&app->session.positions[app->session.ply - 1], fen,
	                sizeof fen);
	if (!app->view->decode(fen, before, &info))
		return;
	ops->format_pos(session_current(&app->session), fen, sizeof fen);
	if (!app->view->decode(fen, after, &info))
		return;
	int emptied = 0;
	for (int i = 0; i < app->view->cells; i++)
		emptied += before[i].owner >= 0 && after[i].owner < 0;
	/* A move emptying many cells cleared lines (a spread empties one). */
	if (emptied >= 2) {
		app->flash_ply = app->session.ply;
		app->flash_until_ms = ui_now_ms() + UI_FLASH_MS;
	}
}

static void
ui_play_announce_end(struct ui_app *app)
{
	struct game_status st;
	const struct game_ops *ops = app->session.ops;
	ops->status(session_current(&app->session), &st);
	if (st.outcome == OUTCOME_ONGOING)
		return;
	const char *who = st.outcome == OUTCOME_P1_WINS   ? ops->side_names[0]
	                  : st.outcome == OUTCOME_P2_WINS ? ops->side_names[1]
	                                                  : NULL;
	if (who != NULL)
		ui_status(app, false, "Game over: %s wins (%s)", who,
		          st.reason ? st.reason : "end");
	else
		ui_status(app, false, "Game over: %s (%s)",
		          st.outcome == OUTCOME_DRAW ? "draw" : "finished",
		          st.reason ? st.reason : "end");
}

static void
ui_play_commit(struct ui_app *app, game_move move)
{
	const struct game_ops *ops = app->session.ops;
	char text[GAME_TEXT_MAX];
	ops->format_move(ui_play_shown(app), move, text, sizeof text);
	int side = ops->side_to_move(ui_play_shown(app));
	session_truncate(&app->session, app->shown);
	for (size_t i = app->shown; i < app->meta.comment_count; i++)
		record_meta_set_comment(&app->meta, i, NULL);
	if (!session_play(&app->session, move)) {
		ui_status(app, true, "out of memory");
		return;
	}
	app->shown = app->session.ply;
	app->paused = false;
	ui_status(app, false, "%s played %s",
	          ops->side_names[side] ? ops->side_names[side] : "", text);
	ui_play_flash(app);
	ui_play_announce_end(app);
	char err[512];
	if (!ui_play_save(app, NULL, err, sizeof err))
		ui_status(app, true, "autosave failed: %s", err);
	ui_play_changed(app);
}

void
ui_play_move(struct ui_app *app, game_move move)
{
	if (app->shown < app->session.ply) {
		app->confirm_truncate = true;
		app->pending_move = move;
		ui_status(app, true,
		          "Play here and drop the %zu later move%s? (y/n)",
		          app->session.ply - app->shown,
		          app->session.ply - app->shown == 1 ? "" : "s");
		return;
	}
	ui_play_commit(app, move);
}

void
ui_play_confirm(struct ui_app *app, bool yes)
{
	app->confirm_truncate = false;
	if (yes)
		ui_play_commit(app, app->pending_move);
	else
		ui_status(app, false, "kept the later moves");
}

void
ui_play_text(struct ui_app *app, const char *text)
{
	game_move move;
	char why[256];
	if (ui_play_over(app, ui_play_shown(app))) {
		ui_status(app, true, "the game is over");
		return;
	}
	if (!app->session.ops->parse_move(ui_play_shown(app), text, &move, why,
	                                  sizeof why)) {
		ui_status(app, true, "illegal move '%s': %s", text, why);
		return;
	}
	ui_play_move(app, move);
}

bool
ui_play_matches(const struct ui_app *app, const struct ui_move *m)
{
	if (m->ncells < app->nsel)
		return false;
	for (int i = 0; i < app->nsel; i++) {
		bool found = false;
		if (app->view->unordered) {
			for (int k = 0; k < m->ncells; k++)
				found |= m->cells[k] == app->sel[i];
		} else {
			found = m->cells[i] == app->sel[i];
		}
		if (!found)
			return false;
	}
	return true;
}

/* Says why the picked cells make no legal move. */
static void
ui_play_explain(struct ui_app *app)
{
	char text[128], why[256], name[16];
	game_move move;
	app->view->cell_name(app->sel[app->nsel - 1], name, sizeof name);
	bool full = app->view->unordered ? app->nsel == UI_MOVE_CELLS
	                                 : app->nsel >= 1;
	if (full && app->view->spell(app->sel, app->nsel, text, sizeof text) &&
	    !app->session.ops->parse_move(ui_play_shown(app), text, &move, why,
	                                  sizeof why))
		ui_status(app, true, "%s: %s", text, why);
	else if (app->nsel == 1)
		ui_status(app, true, "no legal move starts at %s", name);
	else
		ui_status(app, true, "no legal move goes on with %s", name);
}

void
ui_play_select(struct ui_app *app, int cell)
{
	if (app->view == NULL || cell < 0)
		return;
	for (int i = 0; i < app->nsel; i++) {
		if (app->sel[i] != cell ||
		    (!app->view->unordered && i != app->nsel - 1))
			continue;
		memmove(&app->sel[i], &app->sel[i + 1],
		        (size_t)(app->nsel - i - 1) * sizeof app->sel[0]);
		app->nsel--;
		ui_status(app, false, "cell dropped");
		return;
	}
	if (app->nsel >= UI_MOVE_CELLS)
		return;
	app->sel[app->nsel++] = cell;
	int candidates = 0, complete = -1;
	for (int i = 0; i < app->nmoves; i++) {
		if (!ui_play_matches(app, &app->moves[i]))
			continue;
		candidates++;
		if (app->moves[i].ncells == app->nsel && complete < 0)
			complete = i;
	}
	if (complete >= 0) {
		game_move m = app->moves[complete].move;
		app->nsel = 0;
		ui_play_move(app, m);
		return;
	}
	if (candidates == 0) {
		ui_play_explain(app);
		app->nsel--;
		return;
	}
	char name[16];
	app->view->cell_name(cell, name, sizeof name);
	ui_status(app, false, "%s picked: %d legal move%s go on from here",
	          name, candidates, candidates == 1 ? "" : "s");
}

/* ---------------------------------------------------------------------- */
/* Tetris placements                                                       */

enum { TETRIS_ROWS = 20, TETRIS_COLS = 10 };

/* The cells piece letter `piece` fills when placed by move text on an
 * empty well: its shape, resting on the floor. */
int
ui_play_tetris_shape(const struct ui_app *app, const char *piece,
                     const char *text, int *cells, int max)
{
	const struct game_ops *ops = app->session.ops;
	char fen[GAME_TEXT_MAX], err[128];
	size_t len = 0;
	for (int r = 0; r < TETRIS_ROWS; r++)
		len += (size_t)snprintf(fen + len, sizeof fen - len,
		                        "..........%s",
		                        r + 1 < TETRIS_ROWS ? "/" : "");
	snprintf(fen + len, sizeof fen - len, " %s - 0", piece);
	struct game_pos pos;
	game_move move;
	if (!ops->parse_pos(&pos, fen, err, sizeof err) ||
	    !ops->parse_move(&pos, text, &move, err, sizeof err))
		return 0;
	ops->play(&pos, move);
	ops->format_pos(&pos, fen, sizeof fen);
	int n = 0;
	for (int i = 0; i < TETRIS_ROWS * TETRIS_COLS && n < max; i++) {
		int k = i + i / TETRIS_COLS; /* skip the '/' separators */
		if (fen[k] == '#')
			cells[n++] = i;
	}
	return n;
}

int
ui_play_tetris_cells(const struct ui_app *app, const struct game_pos *pos,
                     game_move move, int *cells, int max)
{
	const struct game_ops *ops = app->session.ops;
	char fen[GAME_TEXT_MAX], text[64];
	struct ui_piece well[UI_BOARD_MAX_CELLS];
	struct ui_board_info info;
	ops->format_pos(pos, fen, sizeof fen);
	if (app->view == NULL || !app->view->decode(fen, well, &info))
		return 0;
	ops->format_move(pos, move, text, sizeof text);
	int shape[UI_MOVE_CELLS];
	int n = ui_play_tetris_shape(app, info.current, text, shape,
	                             UI_MOVE_CELLS);
	if (n == 0 || n > max)
		return 0;
	/* Lift the shape to the top of the well, then drop it. */
	int top = TETRIS_ROWS;
	for (int i = 0; i < n; i++)
		if (shape[i] / TETRIS_COLS < top)
			top = shape[i] / TETRIS_COLS;
	int lift = top;
	for (;;) {
		bool fits = lift > 0;
		for (int i = 0; i < n && fits; i++)
			fits = well[shape[i] - (lift - 1) * TETRIS_COLS].owner <
			       0;
		if (!fits)
			break;
		lift--;
	}
	for (int i = 0; i < n; i++)
		cells[i] = shape[i] - lift * TETRIS_COLS;
	return n;
}

/* ---------------------------------------------------------------------- */
/* Saving                                                                  */

bool
ui_play_save(struct ui_app *app, const char *path, char *err, size_t err_size)
{
	if (path == NULL) {
		if (app->opt.no_save)
			return true;
		if (app->save_path[0] == '\0' &&
		    !ui_save_path(app->save_path, sizeof app->save_path, true,
		                  err, err_size))
			return false;
		path = app->save_path;
	}
	ui_play_fill_meta(app);
	app->meta.result[0] = '\0';
	return record_save(path, &app->session, &app->meta, err, err_size);
}
