/*
 * Practising one player's mistakes (tabula(6), PUZZLES, "Your mistakes"):
 * a mode of the game screen, so a try is built with the game screen's own
 * keys (the move inputs, Tab, the keypad, the mouse, typed moves, `?`) and
 * the lines are stepped through with its own [ ] { } keys.  Each exercise
 * is the position before a move the review marked ? or ??; both sides are
 * people, the analysis stays off and no ghost shows.  A try is judged by
 * the review's own measure (study/exercise.h); the refutation of a wrong
 * try, or the engine's line after a right one, is played on the board.
 * The first result of each exercise goes to the personal set
 * (core/exercises.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/app.h"
#include "ui/drill.h"
#include "ui/online.h"
#include "ui/play.h"
#include "ui/status.h"

/* The judge's table, as the review's. */
static const size_t DRILL_HASH_MB = 16;

static const struct ui_keyhelp DRILL_KEYS[] = {
        {"n", "the next exercise"},
        {"b i", "a hint, more each press"},
        {"s", "the answer on the board"},
        {"q", "end the practice"},
};

void
ui_drill_keys_each(const struct ui_app *app, ui_keyhelp_fn fn, void *ctx)
{
	if (app == NULL || app->drill.active)
		ui_keyhelp_each(DRILL_KEYS,
		                sizeof DRILL_KEYS / sizeof DRILL_KEYS[0], fn,
		                ctx);
}

static const struct exercise *
drill_exercise(const struct ui_app *app)
{
	return &app->drill.items[app->drill.current];
}

/* The exercise's move text and position string. */
static void
drill_texts(const struct ui_app *app, char *fen, size_t fen_size, char *move,
            size_t move_size)
{
	const struct exercise *ex = drill_exercise(app);
	app->drill.ops->format_pos(&ex->pos, fen, fen_size);
	app->drill.ops->format_move(&ex->pos, ex->played, move, move_size);
}

/* Keeps the exercise's first result in the personal set. */
static void
drill_result(struct ui_app *app, bool solved)
{
	struct ui_drill *d = &app->drill;
	if (d->tried)
		return;
	d->tried = true;
	char fen[GAME_TEXT_MAX], move[64], err[1024];
	drill_texts(app, fen, sizeof fen, move, sizeof move);
	if (!exercises_record(&d->personal, d->ops->name, fen, move, d->source,
	                      solved)) {
		ui_status(app, true, "out of memory");
		return;
	}
	if (app->opt.no_save || d->personal_path[0] == '\0')
		return;
	if (!exercises_save(d->personal_path, &d->personal, err, sizeof err))
		ui_status(app, true, "personal set not saved: %s", err);
}

static void
drill_show(struct ui_app *app, size_t index)
{
	struct ui_drill *d = &app->drill;
	char err[512];
	d->current = index;
	d->tried = d->revealed = d->have_best = false;
	d->hints = 0;
	if (!ui_play_position(app, d->ops, &drill_exercise(app)->pos, err,
	                      sizeof err)) {
		ui_status(app, true, "%s", err);
		return;
	}
	ui_status(app, false, "Find a better move for %s (exercise %zu of %zu)",
	          d->ops->side_names[d->player], index + 1, d->count);
}

/* The engine's view of the game's move: its best move and line. */
static bool
drill_best(struct ui_app *app)
{
	struct ui_drill *d = &app->drill;
	char err[256];
	const struct exercise *ex = drill_exercise(app);
	if (!d->have_best)
		d->have_best =
		        exercise_judge(d->judge, d->ops, &ex->pos, ex->played,
		                       &d->best, err, sizeof err);
	if (!d->have_best)
		ui_status(app, true, "%s", err);
	return d->have_best;
}

bool
ui_drill_start(struct ui_app *app, const struct session *s,
               const struct record_meta *meta, int player, const char *source,
               bool quit_at_end, char *err, size_t err_size)
{
	struct ui_drill *d = &app->drill;
	if (d->active) {
		/* Its own put-aside game would be lost. */
		snprintf(err, err_size, "a practice is on: q ends it first");
		return false;
	}
	size_t n = exercise_find(s, meta, player, NULL, 0);
	if (n == 0) {
		snprintf(err, err_size, "%s: no ? or ?? move of %s to practise",
		         source, s->ops->side_names[player]);
		return false;
	}
	struct exercise *items = calloc(n, sizeof *items);
	struct review *judge = review_new(DRILL_HASH_MB);
	if (items == NULL || judge == NULL) {
		free(items);
		review_free(judge);
		snprintf(err, err_size, "out of memory");
		return false;
	}
	exercise_find(s, meta, player, items, n);
	ui_drill_free(app);
	*d = (struct ui_drill){.ops = s->ops,
	                       .items = items,
	                       .count = n,
	                       .player = player,
	                       .judge = judge,
	                       .quit_at_end = quit_at_end};
	snprintf(d->source, sizeof d->source, "%s", source);
	char why[1024] = "";
	if (exercises_path(d->personal_path, sizeof d->personal_path,
	                   !app->opt.no_save, why, sizeof why))
		exercises_load(d->personal_path, &d->personal, why, sizeof why);
	else
		d->personal_path[0] = '\0';
	if (app->game.have) {
		ui_play_take(app, &d->stash);
		d->stashed = true;
	}
	d->active = true;
	drill_show(app, 0);
	if (d->personal.skipped > 0 || why[0] != '\0')
		ui_status(app, true, "personal set: %s%s",
		          why[0] != '\0' ? why : d->personal.warning,
		          d->personal.skipped > 1 ? " (and more lines skipped)"
		                                  : " (line skipped)");
	return true;
}

/* The player the X key practises: the one person at the board, else the
 * side that made the move shown. */
static int
drill_player(const struct ui_app *app)
{
	const struct ui_game *game = &app->game;
	bool human[2] = {game->players[0].kind != WHO_ENGINE,
	                 game->players[1].kind != WHO_ENGINE};
	if (human[0] != human[1])
		return human[0] ? 0 : 1;
	if (game->shown == 0)
		return 0;
	return game->session.ops->side_to_move(
	        &game->session.positions[game->shown - 1]);
}

void
ui_drill_from_game(struct ui_app *app)
{
	const struct ui_game *game = &app->game;
	char err[512];
	if (!game->have || game->session.ops->players != 2) {
		ui_status(app, true, "no two-player game to practise");
		return;
	}
	if (ui_online_in_room(app)) {
		ui_status(app, true,
		          "a room's game is played on: practise it once saved");
		return;
	}
	if (!exercise_reviewed(&game->session, &game->meta)) {
		ui_status(app, true,
		          "review the game first (A), then X practises its "
		          "? and ?? moves");
		return;
	}
	const char *source =
	        game->save_path[0] != '\0' ? game->save_path : "this game";
	if (!ui_drill_start(app, &game->session, &game->meta, drill_player(app),
	                    source, false, err, sizeof err))
		ui_status(app, true, "%s", err);
}

/* Ends the practice: back to the game put aside, or out. */
static void
drill_end(struct ui_app *app)
{
	struct ui_drill *d = &app->drill;
	bool quit = d->quit_at_end, stashed = d->stashed;
	struct ui_game stash = d->stash;
	d->stashed = false;
	ui_drill_free(app);
	if (stashed) {
		ui_play_give(app, &stash);
		ui_status(app, false, "practice over: back to the game");
		return;
	}
	ui_play_close(app);
	if (quit)
		app->host.quit = true;
	else
		ui_screen_show(&app->host, app->screens.menu, app);
}

/* The names of the first count cells of move at pos, after "covering". */
static void
drill_cells(const struct ui_app *app, const char *text, int count, char *buf,
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

/* The hint after `level` presses: the first cell (Tetress: the piece and
 * its first cell), then one cell more each press, then the whole move. */
static void
drill_hint_text(const struct ui_app *app, int level, char *buf, size_t size)
{
	const struct ui_drill *d = &app->drill;
	const struct exercise *ex = drill_exercise(app);
	const struct game_pieces *pieces = d->ops->caps.pieces;
	char move[64], cells[128];
	d->ops->format_move(&ex->pos, d->best.best, move, sizeof move);
	const struct ui_board_view *view = app->game.view;
	int all[UI_MOVE_CELLS];
	int cells_shown = level;
	if (cells_shown > view->move_cells(move, all, UI_MOVE_CELLS)) {
		snprintf(buf, size, "the move is %s", move);
		return;
	}
	drill_cells(app, move, cells_shown, cells, sizeof cells);
	if (pieces == NULL) {
		snprintf(buf, size, "the move %s %s",
		         view->unordered ? "covers" : "starts at", cells);
		return;
	}
	struct game_piece p = pieces->of_move(d->best.best);
	snprintf(buf, size, "a%s %c piece covering %s",
	         strchr("IOLS", pieces->letters[p.kind]) ? "n" : "",
	         pieces->letters[p.kind], cells);
}

static void
drill_hint(struct ui_app *app)
{
	struct ui_drill *d = &app->drill;
	if (!drill_best(app))
		return;
	char hint[256];
	drill_hint_text(app, ++d->hints, hint, sizeof hint);
	ui_status(app, false, "Hint %d: %s", d->hints, hint);
}

/* Shows the engine's answer and its line on the board. */
static void
drill_reveal(struct ui_app *app)
{
	struct ui_drill *d = &app->drill;
	if (!drill_best(app))
		return;
	d->revealed = true;
	if (!ui_play_line(app, d->best.pv, d->best.pv_len, 1))
		ui_status(app, true, "out of memory");
	char move[64];
	d->ops->format_move(&drill_exercise(app)->pos, d->best.best, move,
	                    sizeof move);
	ui_status(app, false,
	          "The answer: %s; ] and [ step through the engine's line, "
	          "n for the next",
	          move);
	drill_result(app, false);
}

/* "12.34%" of a loss in win chance units (hundredths of a point). */
static void
drill_percent(int loss, char *buf, size_t size)
{
	snprintf(buf, size, "%d.%02d%%", loss / 100, loss % 100);
}

bool
ui_drill_play(struct ui_app *app, game_move move)
{
	struct ui_drill *d = &app->drill;
	if (!d->active)
		return false;
	if (app->game.shown != 0) {
		ui_status(
		        app, true,
		        "{ goes back to the exercise's position to try a move");
		return true;
	}
	const struct exercise *ex = drill_exercise(app);
	struct exercise_verdict v;
	char err[256], text[64], loss[16], reply[64] = "";
	if (!exercise_judge(d->judge, d->ops, &ex->pos, move, &v, err,
	                    sizeof err)) {
		ui_status(app, true, "%s", err);
		return true;
	}
	d->ops->format_move(&ex->pos, move, text, sizeof text);
	drill_percent(v.loss, loss, sizeof loss);
	game_move line[1 + SEARCH_MAX_PV];
	line[0] = move;
	memcpy(line + 1, v.line, sizeof v.line);
	if (!ui_play_line(app, line, 1 + v.line_len,
	                  v.right || v.line_len == 0 ? 1 : 2)) {
		ui_status(app, true, "out of memory");
		return true;
	}
	if (v.right) {
		ui_status(app, false,
		          "Right: %s (%s of win chance lost); ] steps through "
		          "the line, n for the next",
		          text, loss);
		drill_result(app, !d->revealed);
		return true;
	}
	if (v.line_len > 0) {
		struct game_pos after = ex->pos;
		d->ops->play(&after, move);
		d->ops->format_move(&after, v.line[0], reply, sizeof reply);
	}
	ui_status(app, true,
	          "Wrong: %s loses %s of win chance%s%s; { to try again, "
	          "s shows the answer",
	          text, loss, reply[0] ? ", refuted by " : "", reply);
	drill_result(app, false);
	return true;
}

/* Keys of the game screen that mean nothing in a practice: the analysis,
 * the engine, the review, files and comments. */
static bool
drill_refused(int key)
{
	return key > 0 && key < 127 && strchr("aAe!xuwo;.,<>()P+=-", key);
}

bool
ui_drill_key(struct ui_app *app, int key)
{
	struct ui_drill *d = &app->drill;
	if (!d->active)
		return false;
	switch (key) {
	case 'n':
		drill_show(app, (d->current + 1) % d->count);
		if (d->count == 1)
			ui_status(app, false, "the only exercise, again");
		return true;
	case 'b':
	case 'i':
		drill_hint(app);
		return true;
	case 's':
		drill_reveal(app);
		return true;
	case 'q':
		drill_end(app);
		return true;
	case 'X':
		ui_status(app, false, "practising already: q ends it");
		return true;
	default:
		break;
	}
	if (!drill_refused(key))
		return false;
	ui_status(app, true, "'%c' is not a key in a practice: q ends it", key);
	return true;
}

int
ui_drill_draw(struct ui_app *app, int y, int x, int w)
{
	const struct ui_drill *d = &app->drill;
	struct ui_grid *g = &app->host.grid;
	const struct exercise *ex = drill_exercise(app);
	char fen[GAME_TEXT_MAX], move[64];
	drill_texts(app, fen, sizeof fen, move, sizeof move);
	ui_grid_printf(g, y++, x, w, ROLE_TITLE, "Your mistakes  %zu of %zu",
	               d->current + 1, d->count);
	ui_grid_printf(g, y++, x, w, ROLE_NORMAL, "find a better move for %s",
	               d->ops->side_names[d->player]);
	ui_grid_printf(g, y++, x, w, ROLE_DIM,
	               "the game's move %zu:", ex->ply + 1);
	ui_grid_printf(g, y++, x + 2, w - 2, ROLE_DIM, "%s%s", move,
	               record_mark_text(ex->mark));
	const struct exercise_entry *e =
	        exercises_find(&d->personal, d->ops->name, fen, move);
	if (e != NULL)
		ui_grid_printf(g, y++, x, w, ROLE_DIM,
		               "personal set: solved %d  failed %d", e->solved,
		               e->failed);
	ui_grid_print(g, y++, x, w, ROLE_DIM,
	              "n next  b hint  s answer  q end");
	return y + 1;
}

void
ui_drill_free(struct ui_app *app)
{
	struct ui_drill *d = &app->drill;
	free(d->items);
	review_free(d->judge);
	exercises_free(&d->personal);
	if (d->stashed) {
		session_free(&d->stash.session);
		record_meta_free(&d->stash.meta);
	}
	memset(d, 0, sizeof *d);
}
