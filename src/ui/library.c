/*
 * The library of games as a screen (tabula(6), "The library of games"):
 * the saved games, newest first, one a line with its game, players, date,
 * result, length and review, and below the list what the selected game
 * is and where it is kept, and which files were skipped and why.  Its
 * actions are one table, which draws the key hint too: open, review,
 * delete (after a question).  Shown from the menu and from the game
 * screen (g); Esc or q goes back to the screen below.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "study/library.h"
#include "ui/app.h"
#include "ui/library.h"
#include "ui/keytab.h"
#include "ui/list.h"
#include "ui/play.h"
#include "ui/practise.h"
#include "ui/review.h"
#include "ui/save.h"
#include "ui/shown.h"
#include "ui/status.h"

/* Rows of the screen that are not the list: the title and the column
 * heads above, the selected game's lines, the notes and the keys below. */
enum { UI_LIBRARY_TOP = 3, UI_LIBRARY_BELOW = 7 };

/* Columns of a line besides the players (see ui_library_line). */
enum { UI_LIBRARY_FIXED = 52 };

/* The selected game, or NULL when there is none. */
static const struct library_game *
ui_library_selected(const struct ui_app *app)
{
	const struct ui_library *lib = &app->library;
	return lib->row >= 0 && (size_t)lib->row < lib->list.count
	               ? &lib->list.games[lib->row]
	               : NULL;
}

/* Reads the listing afresh, keeping the selected line where it can. */
static void
ui_library_reload(struct ui_app *app)
{
	struct ui_library *lib = &app->library;
	char last[1024], folder[1024], err[1024];
	bool have_last =
	        ui_save_path(last, sizeof last, false, err, sizeof err);
	bool have_folder =
	        library_folder(folder, sizeof folder, false, err, sizeof err);
	library_list_free(&lib->list);
	if (!library_list_read(have_last ? last : NULL,
	                       have_folder ? folder : NULL, &lib->list, err,
	                       sizeof err))
		ui_status(app, true, "the library: %s", err);
	if (lib->row >= (int)lib->list.count)
		lib->row = (int)lib->list.count - 1;
	if (lib->row < 0)
		lib->row = 0;
}

static bool
ui_library_enter(struct ui_host *host, void *ctx)
{
	(void)host;
	struct ui_app *app = ctx;
	app->library.row = 0;
	app->library.top = 0;
	app->library.asking = false;
	ui_library_reload(app);
	const struct library_list *l = &app->library.list;
	if (l->problem_count > 0)
		ui_status(app, true, "%zu file%s skipped: %s", l->problem_count,
		          l->problem_count == 1 ? "" : "s", l->problems[0]);
	else
		ui_status(app, false, "%zu game%s", l->count,
		          l->count == 1 ? "" : "s");
	return true;
}

static void
ui_library_close(struct ui_host *host, void *ctx)
{
	(void)host;
	struct ui_app *app = ctx;
	library_list_free(&app->library.list);
	app->library.asking = false;
}

/* The selected game's path, copied: opening a game closes this screen
 * and frees the listing. */
static bool
ui_library_take_path(struct ui_app *app, char *path, size_t size)
{
	const struct library_game *g = ui_library_selected(app);
	if (g == NULL) {
		ui_status(app, true, "no game here");
		return false;
	}
	snprintf(path, size, "%s", g->path);
	return true;
}

static void
ui_library_open(struct ui_app *app)
{
	char path[1024], err[1024];
	if (ui_library_take_path(app, path, sizeof path) &&
	    !ui_play_load(app, path, err, sizeof err))
		ui_status(app, true, "cannot open the game: %s", err);
}

static void
ui_library_review(struct ui_app *app)
{
	char path[1024], err[1024];
	if (!ui_library_take_path(app, path, sizeof path))
		return;
	if (!ui_play_load(app, path, err, sizeof err)) {
		ui_status(app, true, "cannot open the game: %s", err);
		return;
	}
	ui_shown_go(app, 0);
	ui_review_toggle(app);
}

/* The selected game's ? and ?? moves of its human player (reviewed
 * first when it holds no review) as exercises on the game screen. */
static void
ui_library_practise(struct ui_app *app)
{
	char path[1024], err[1024];
	if (ui_library_take_path(app, path, sizeof path) &&
	    !ui_practise_file(app, path, -1, false, err, sizeof err))
		ui_status(app, true, "cannot practise: %s", err);
}

/* Whether g is the game on the board, whose next save would bring its
 * file back. */
static bool
ui_library_is_current(const struct ui_app *app, const struct library_game *g)
{
	const struct ui_game *game = &app->game;
	return game->have &&
	       ((g->place == LIBRARY_AUTOSAVE && game->autosaved) ||
	        strcmp(g->path, game->library_path) == 0);
}

static void
ui_library_ask_delete(struct ui_app *app)
{
	const struct library_game *g = ui_library_selected(app);
	if (g == NULL) {
		ui_status(app, true, "no game here");
	} else if (ui_library_is_current(app, g)) {
		ui_status(app, true,
		          "that is the game on the board: start another first");
	} else {
		app->library.asking = true;
		ui_status(app, true,
		          "delete %s? y deletes, any other key keeps", g->path);
	}
}

/* The answer to "delete ...?": y deletes, anything else keeps. */
static void
ui_library_answer(struct ui_app *app, int key)
{
	app->library.asking = false;
	const struct library_game *g = ui_library_selected(app);
	char err[1024], path[1024];
	if (g == NULL || (key != 'y' && key != 'Y')) {
		ui_status(app, false, "not deleted");
		return;
	}
	snprintf(path, sizeof path, "%s", g->path);
	if (!library_delete(g, err, sizeof err)) {
		ui_status(app, true, "not deleted: %s", err);
		return;
	}
	ui_library_reload(app);
	ui_status(app, false, "deleted %s", path);
}

/* ---- The keys */

enum {
	UI_LIBRARY_UP = -1,
	UI_LIBRARY_DOWN = 1,
	UI_LIBRARY_FIRST = -2,
	UI_LIBRARY_LAST = 2
};

/* Moves the selection: a line, or to the first or last game. */
static void
ui_library_move(struct ui_app *app, int how)
{
	struct ui_library *lib = &app->library;
	int rows = lib->list.count > 0 ? (int)lib->list.count : 1;
	if (how == UI_LIBRARY_FIRST)
		lib->row = 0;
	else if (how == UI_LIBRARY_LAST)
		lib->row = rows - 1;
	else
		lib->row = ui_list_step(lib->row, rows, how);
}

static void
ui_library_help(struct ui_app *app)
{
	ui_screen_show(&app->host, app->screens.help, app);
}

static void
ui_library_back(struct ui_app *app)
{
	ui_screen_pop(&app->host);
}

/* X practises a game's ? and ?? moves as on the game screen (tabula(6),
 * "Your mistakes"). */
/* clang-format off */
static const struct ui_key UI_LIBRARY_KEYS[] = {
	{{'\n', '\r', KEY_ENTER}, "Enter", "open the game",
	 .hint = "Enter open", .run = ui_library_open},
	{{'A'}, "A", "review it", .hint = "A review", .run = ui_library_review},
	{{'X'}, "X", "practise its mistakes", .hint = "X practise",
	 .run = ui_library_practise},
	{{'d', KEY_DC}, "d Delete", "delete it (after a question)",
	 .hint = "d delete", .run = ui_library_ask_delete},
	{{'k', KEY_UP}, "k Up", "the game above", .hint = "Up/Down game",
	 .run_arg = ui_library_move, .arg = UI_LIBRARY_UP},
	{{'j', KEY_DOWN}, "j Down", "the game below",
	 .run_arg = ui_library_move, .arg = UI_LIBRARY_DOWN},
	{{KEY_HOME, 'g'}, "Home g", "the newest game",
	 .run_arg = ui_library_move, .arg = UI_LIBRARY_FIRST},
	{{KEY_END, 'G'}, "End G", "the oldest game", .run_arg = ui_library_move,
	 .arg = UI_LIBRARY_LAST},
	{{'?'}, "?", "this help", .hint = "? keys", .run = ui_library_help},
	{{'q', 27}, "q Esc", "back", .hint = "q back", .run = ui_library_back},
};
/* clang-format on */

const struct ui_keytab ui_library_keytab = UI_KEYTAB(
        "library", "The library", "in the library", UI_LIBRARY_KEYS, NULL);

static void
ui_library_key(struct ui_host *host, void *ctx, int key)
{
	(void)host;
	struct ui_app *app = ctx;
	if (app->library.asking)
		ui_library_answer(app, key);
	else
		ui_keytab_key(&ui_library_keytab, app, key);
}

/* An accuracy as "97.50%" (digits hundredths), or "-" for none. */
static void
ui_library_percent(int acc, int digits, char *buf, size_t size)
{
	if (acc < 0)
		snprintf(buf, size, "-");
	else if (digits == 1)
		snprintf(buf, size, "%d.%d%%", acc / 100, acc % 100 / 10);
	else
		snprintf(buf, size, "%d.%02d%%", acc / 100, acc % 100);
}

/* The review column: "no", "part", or both sides' accuracy. */
static void
ui_library_review_text(const struct library_game *g, char *buf, size_t size)
{
	char a[16], b[16];
	if (g->review == LIBRARY_UNREVIEWED) {
		snprintf(buf, size, "no");
	} else if (g->review == LIBRARY_PART) {
		snprintf(buf, size, "part");
	} else {
		ui_library_percent(g->accuracy[0], 1, a, sizeof a);
		ui_library_percent(g->accuracy[1], 1, b, sizeof b);
		snprintf(buf, size, "%s %s", a, b);
	}
}

/* "human - engine level 3", or the one player of a one-player game. */
static void
ui_library_players(const struct library_game *g, char *buf, size_t size)
{
	if (g->ops->players < 2)
		snprintf(buf, size, "%s", g->player1);
	else
		snprintf(buf, size, "%s - %s", g->player1, g->player2);
}

/* The game's title in the 8 columns of its column: "Tetris strategy" is
 * "Tetris" there. */
static void
ui_library_title(const struct game_ops *ops, char *buf, size_t size)
{
	size_t len = strlen(ops->title);
	const char *blank = strchr(ops->title, ' ');
	if (len > 8 && blank != NULL)
		len = (size_t)(blank - ops->title);
	snprintf(buf, size, "%.*s", (int)len, ops->title);
}

/* One game's line: game, players, date, result, moves, review; long
 * names end with an ellipsis. */
static void
ui_library_line(struct ui_grid *grid, int y, const struct library_game *g,
                bool selected)
{
	int pw = grid->width - 2 - UI_LIBRARY_FIXED;
	if (pw < 8)
		pw = 8;
	char both[200], players[200], review[40], title[32];
	ui_library_players(g, both, sizeof both);
	ui_text_fit(players, sizeof players, both, pw, grid->ellipsis);
	ui_library_review_text(g, review, sizeof review);
	ui_library_title(g->ops, title, sizeof title);
	ui_grid_printf(grid, y, 1, grid->width - 2,
	               selected ? ROLE_CURSOR : ROLE_NORMAL,
	               "%c %-8s %-*s %-10s %-7s %5zu  %s", selected ? '>' : ' ',
	               title, pw, players, g->date[0] ? g->date : "-",
	               g->result, g->plies, review);
}

/* Where the selected game is kept, in words. */
static void
ui_library_place(const struct library_game *g, char *buf, size_t size)
{
	const char *name = strrchr(g->path, '/');
	name = name != NULL ? name + 1 : g->path;
	if (g->place == LIBRARY_AUTOSAVE)
		snprintf(buf, size, "the game in progress: %s", g->path);
	else if (g->place == LIBRARY_HISTORY)
		/* The slot counts back from the game in progress (it said
		 * "4 of 5", the history's room, when four were kept). */
		snprintf(buf, size, "an earlier game, %d back: %s", g->slot,
		         g->path);
	else
		snprintf(buf, size, "kept in the games folder: %s", name);
}

/* The selected game's place, players and review, in full. */
static void
ui_library_detail(struct ui_grid *grid, int y, const struct library_game *g)
{
	int w = grid->width - 4;
	char text[1200], fitted[1200], a[16], b[16];
	ui_library_place(g, text, sizeof text);
	ui_text_fit(fitted, sizeof fitted, text, w, grid->ellipsis);
	ui_grid_print(grid, y, 2, w, ROLE_DIM, fitted);
	const char *const *side = g->ops->side_names;
	if (g->ops->players < 2)
		ui_grid_printf(grid, y + 1, 2, w, ROLE_NORMAL, "%s, %zu moves",
		               g->player1, g->plies);
	else
		ui_grid_printf(grid, y + 1, 2, w, ROLE_NORMAL,
		               "%s %s, %s %s, %zu moves", side[0], g->player1,
		               side[1], g->player2, g->plies);
	if (g->review == LIBRARY_UNREVIEWED) {
		ui_grid_print(grid, y + 2, 2, w, ROLE_DIM,
		              g->ops->players < 2
		                      ? "no review (one player)"
		                      : "not reviewed: A reviews it");
		return;
	}
	ui_library_percent(g->accuracy[0], 2, a, sizeof a);
	ui_library_percent(g->accuracy[1], 2, b, sizeof b);
	ui_grid_printf(
	        grid, y + 2, 2, w, ROLE_NORMAL, "%s: accuracy %s %s, %s %s",
	        g->review == LIBRARY_PART ? "partly reviewed" : "reviewed",
	        side[0], a, side[1], b);
}

/* What the list leaves out: older games past the cap, folder files not
 * read, files skipped (the first one named with its line). */
static void
ui_library_notes(struct ui_grid *grid, int y, const struct library_list *l)
{
	int w = grid->width - 4;
	if (l->older > 0)
		ui_grid_printf(grid, y, 2, w, ROLE_DIM,
		               "not listed: %zu older game%s (the newest %d "
		               "are)%s",
		               l->older, l->older == 1 ? "" : "s",
		               LIBRARY_MAX_GAMES,
		               l->unread > 0 ? "; more files not read" : "");
	else if (l->unread > 0)
		ui_grid_printf(grid, y, 2, w, ROLE_DIM,
		               "not read: %zu files past the first %d",
		               l->unread, LIBRARY_MAX_FILES);
	/* A long path ends with an ellipsis: the status line said it whole
	 * when the library opened. */
	char text[800], fitted[800];
	if (l->problem_count == 1)
		snprintf(text, sizeof text, "skipped %s", l->problems[0]);
	else
		snprintf(text, sizeof text, "skipped %zu files, first %s",
		         l->problem_count, l->problems[0]);
	ui_text_fit(fitted, sizeof fitted, text, w, grid->ellipsis);
	if (l->problem_count > 0)
		ui_grid_print(grid, y + 1, 2, w, ROLE_WARN, fitted);
}

/* The keys, from the table. */
static void
ui_library_hint(const struct ui_app *app, struct ui_grid *grid, int y)
{
	char text[256];
	ui_keytab_footer(&ui_library_keytab, app, grid->width - 4, text,
	                 sizeof text);
	ui_grid_print(grid, y, 2, grid->width - 4, ROLE_DIM, text);
}

/* The list's lines, scrolled so that the selected one shows. */
static void
ui_library_lines(struct ui_library *lib, struct ui_grid *grid, int rows)
{
	if (lib->row < lib->top)
		lib->top = lib->row;
	if (lib->row >= lib->top + rows)
		lib->top = lib->row - rows + 1;
	for (int i = 0; i < rows && (size_t)(lib->top + i) < lib->list.count;
	     i++)
		ui_library_line(grid, UI_LIBRARY_TOP + i,
		                &lib->list.games[lib->top + i],
		                lib->top + i == lib->row);
}

static void
ui_library_draw(struct ui_host *host, void *ctx, struct ui_grid *grid)
{
	(void)host;
	struct ui_app *app = ctx;
	struct ui_library *lib = &app->library;
	ui_grid_printf(grid, 0, 0, grid->width, ROLE_TITLE,
	               " tabula: the library of games (%zu)", lib->list.count);
	ui_grid_printf(grid, 2, 1, grid->width - 2, ROLE_DIM,
	               "  %-8s %-*s %-10s %-7s %5s  %s", "Game",
	               grid->width - 2 - UI_LIBRARY_FIXED, "Players", "Date",
	               "Result", "Moves", "Review");
	int rows = grid->height - UI_LIBRARY_TOP - UI_LIBRARY_BELOW;
	int below = grid->height - UI_LIBRARY_BELOW;
	const struct library_game *g = ui_library_selected(app);
	if (g == NULL)
		ui_grid_print(grid, UI_LIBRARY_TOP, 3, grid->width - 4,
		              ROLE_DIM,
		              "No saved games yet: every finished game is kept "
		              "here.");
	else {
		ui_library_lines(lib, grid, rows);
		ui_library_detail(grid, below, g);
	}
	ui_library_notes(grid, below + 3, &lib->list);
	ui_library_hint(app, grid, below + 5);
	ui_status_print(app, grid);
}

static void
ui_library_min_size(void *ctx, int *width, int *height)
{
	ui_min_size(ctx, true, width, height);
}

const struct ui_screen_ops ui_screen_library = {
        .name = "library",
        .title = "the library",
        .enter = ui_library_enter,
        .close = ui_library_close,
        .min_size = ui_library_min_size,
        .draw = ui_library_draw,
        .key = ui_library_key,
        .keys = &ui_library_keytab,
};
