/*
 * The start menu: the game, who plays each side (a human or the engine at
 * a level), TZAAR's set-up, Tetris's piece source, resuming the last game,
 * the library of saved games, the puzzle trainer and the example games of the
 * installed data.  Up and down pick a line, left and right change it, Enter
 * starts.
 */
#include "config.h"

#include <ctype.h>
#include <curses.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/datadir.h"
#include "core/file.h"
#include "core/registry.h"
#include "core/text.h"
#include "ui/app.h"
#include "ui/levels.h"
#include "ui/keytab.h"
#include "ui/list.h"
#include "ui/menu-memory.h"
#include "ui/menu.h"
#include "ui/play.h"
#include "ui/review.h"
#include "ui/save.h"
#include "ui/shown.h"
#include "ui/status.h"
#include "ui/trainer.h"

enum ui_menu_row {
	MENU_GAME,
	MENU_PLAYER1,
	MENU_PLAYER2,
	MENU_SETUP,
	MENU_PIECES,
	MENU_SEED,
	MENU_START,
	MENU_RESUME,
	MENU_ONLINE,
	MENU_PUZZLES,
	MENU_EXAMPLE,
	MENU_REVIEW,
	MENU_LIBRARY,
	MENU_ANALYSIS,
	MENU_QUIT,
	MENU_ROWS
};

/* Example games looked for: data/games/GAME-1.rec up to this number. */
enum { UI_MENU_MAX_EXAMPLES = 9 };

/* Characters of a line's text. */
enum { UI_MENU_ROW = 300 };

/* Pieces files larger than this are refused. */
static const long UI_MENU_MAX_PIECES = 1L << 24;

/* A finished game against the engine proposes the next one (levels.c):
 * the menu takes it as soon as it is on the stack. */
static void
ui_menu_settle(struct ui_host *host, void *ctx, bool on_top)
{
	(void)host;
	(void)on_top;
	struct ui_app *app = ctx;
	struct ui_menu *m = &app->menu;
	const struct game_ops *ops;
	if (!ui_levels_take_next(app, &ops, m->who))
		return;
	int at = registry_index(ops);
	if (at >= 0)
		m->game = at;
}

/* Whether the menu remembers its choices in a file (not for a script,
 * --no-save or the shared account, whose choices last as long as the
 * program). */
static bool
ui_menu_remembers(const struct ui_app *app)
{
	return !app->opt.no_save && !app->opt.restricted;
}

/* The choices of the last game started from the menu (menu-memory.c);
 * an engine plays at the level the person's results led to since, if
 * any.  False when there are none; a corrupt file is ignored, and said. */
static bool
ui_menu_recall(struct ui_app *app)
{
	struct ui_menu *m = &app->menu;
	struct ui_menu_memory mem;
	char err[1200];
	if (!ui_menu_remembers(app))
		return false;
	if (!ui_menu_memory_read(&mem, err, sizeof err)) {
		ui_status(app, true, "menu: %s (ignored)", err);
		return false;
	}
	const struct game_ops *ops = registry_find(mem.game);
	if (ops == NULL)
		return false;
	int at = registry_index(ops);
	if (at >= 0)
		m->game = at;
	for (int i = 0; i < 2; i++)
		m->who[i] = mem.who[i] > 0
		                    ? ui_levels_offer_or(app, ops, mem.who[i])
		                    : 0;
	m->random_setup = mem.random_setup;
	m->seed = mem.seed > 0 ? mem.seed : 1;
	return true;
}

/* Keeps the choices a game was started with for the next session. */
static void
ui_menu_remember(struct ui_app *app, const struct game_ops *ops)
{
	const struct ui_menu *m = &app->menu;
	struct ui_menu_memory mem = {.who = {m->who[0], m->who[1]},
	                             .random_setup = m->random_setup,
	                             .seed = m->seed};
	char err[1200];
	snprintf(mem.game, sizeof mem.game, "%s", ops->name);
	if (ui_menu_remembers(app) &&
	    !ui_menu_memory_write(&mem, err, sizeof err))
		ui_status(app, true, "menu: %s", err);
}

/* Shown by n, at the start, or from the lobby: on the Start line; the
 * first time with the choices of the last session. */
static bool
ui_menu_enter(struct ui_host *host, void *ctx)
{
	(void)host;
	struct ui_app *app = ctx;
	struct ui_menu *m = &app->menu;
	if (m->who[1] == 0 && m->who[0] == 0 && m->seed == 0 &&
	    !ui_menu_recall(app)) {
		/* A first game that can be won, or the level the person's
		 * results led to. */
		const struct game_ops *ops = registry_at((size_t)m->game);
		m->who[1] = ops != NULL ? ui_levels_offer(app, ops)
		                        : UI_NEWCOMER_LEVEL;
		m->seed = 1;
	}
	m->row = MENU_START;
	return true;
}

static const char *
ui_menu_who(const struct game_ops *ops, int who, char *buf, size_t size)
{
	char level[64];
	ui_levels_describe(ops, who, level, sizeof level);
	if (who == 0)
		snprintf(buf, size, "human");
	else
		snprintf(buf, size, "engine %s", level);
	return buf;
}

/* The path of example game n (1-based) of ops in the data directory;
 * false when there is none. */
static bool
ui_menu_example_path(const struct game_ops *ops, int n, char *buf, size_t size)
{
	char rel[64], err[512];
	snprintf(rel, sizeof rel, "games/%s-%d.rec", ops->name, n);
	return datadir_path(rel, buf, size, err, sizeof err) &&
	       access(buf, R_OK) == 0;
}

/* How many example games of ops are installed (1, 2, ... in a row). */
static int
ui_menu_examples(const struct game_ops *ops)
{
	char path[4096];
	int n = 0;
	while (n < UI_MENU_MAX_EXAMPLES &&
	       ui_menu_example_path(ops, n + 1, path, sizeof path))
		n++;
	return n;
}

/* The text of each line for game ops; returns how many example games
 * it has. */
static int
ui_menu_rows(const struct ui_app *app, const struct game_ops *ops,
             char rows[MENU_ROWS][UI_MENU_ROW])
{
	const struct ui_menu *m = &app->menu;
	char a[96], b[96];
	snprintf(rows[MENU_GAME], UI_MENU_ROW, "Game          < %s >",
	         ops->title);
	snprintf(rows[MENU_PLAYER1], UI_MENU_ROW, "%-13s < %s >",
	         ops->side_names[0], ui_menu_who(ops, m->who[0], a, sizeof a));
	snprintf(rows[MENU_PLAYER2], UI_MENU_ROW, "%-13s < %s >",
	         ops->players > 1 ? ops->side_names[1] : "(one player)",
	         ui_menu_who(ops, m->who[1], b, sizeof b));
	snprintf(rows[MENU_SETUP], UI_MENU_ROW, "TZAAR set-up  < %s >",
	         m->random_setup ? "random (seed below)" : "standard");
	snprintf(rows[MENU_PIECES], UI_MENU_ROW, "Tetris pieces < %s >",
	         m->pieces_file[0] ? m->pieces_file : "random (seed below)");
	snprintf(rows[MENU_SEED], UI_MENU_ROW, "Seed            %" PRIu64,
	         m->seed);
	/* The threads are --threads's (every core by default). */
	const char *threads = app->opt.threads == 1 ? "thread" : "threads";
	if (app->opt.analysis_time > 0)
		snprintf(rows[MENU_ANALYSIS], UI_MENU_ROW,
		         "Analysis      < %d s >  %d %s",
		         app->opt.analysis_time, app->opt.threads, threads);
	else
		snprintf(rows[MENU_ANALYSIS], UI_MENU_ROW,
		         "Analysis      < no limit >  %d %s", app->opt.threads,
		         threads);
	snprintf(rows[MENU_REVIEW], UI_MENU_ROW, "Review the last game");
	snprintf(rows[MENU_START], UI_MENU_ROW, "Start");
	snprintf(rows[MENU_RESUME], UI_MENU_ROW, "Resume the last game");
	snprintf(rows[MENU_LIBRARY], UI_MENU_ROW, "Library of saved games");
	snprintf(rows[MENU_ONLINE], UI_MENU_ROW, "Play on this host");
	snprintf(rows[MENU_PUZZLES], UI_MENU_ROW, "Puzzles: %s",
	         ops->players == 2 ? ops->title : "(two-player games)");
	int examples = ui_menu_examples(ops);
	if (examples > 0)
		snprintf(rows[MENU_EXAMPLE], UI_MENU_ROW,
		         "Example game  < %s %d of %d >", ops->title,
		         m->example % examples + 1, examples);
	else
		snprintf(rows[MENU_EXAMPLE], UI_MENU_ROW,
		         "Example game  (none installed for %s)", ops->title);
	snprintf(rows[MENU_QUIT], UI_MENU_ROW, "Quit");
	return examples;
}

static void
ui_menu_draw(struct ui_host *host, void *ctx, struct ui_grid *g)
{
	(void)host;
	struct ui_app *app = ctx;
	struct ui_menu *m = &app->menu;
	const struct game_ops *ops = registry_at((size_t)m->game);
	ui_grid_print(g, 0, 0, g->width, ROLE_TITLE, " tabula: new game");
	if (ops == NULL) {
		ui_grid_print(g, 2, 2, -1, ROLE_WARN, "no game is built in");
		return;
	}
	char rows[MENU_ROWS][UI_MENU_ROW];
	int examples = ui_menu_rows(app, ops, rows);
	for (int i = 0; i < MENU_ROWS; i++) {
		bool dim = (i == MENU_SETUP && !ops->caps.random_setup) ||
		           (i == MENU_PIECES && ops->item_from_char == NULL) ||
		           (i == MENU_PLAYER2 && ops->players < 2) ||
		           (i == MENU_PUZZLES && ops->players < 2) ||
		           (i == MENU_EXAMPLE && examples == 0);
		int role = i == m->row ? ROLE_CURSOR
		           : dim       ? ROLE_DIM
		                       : ROLE_NORMAL;
		ui_grid_printf(g, 2 + i, 2, g->width - 4, role, "%c %s",
		               i == m->row ? '>' : ' ', rows[i]);
	}
	if (m->row == MENU_START || m->row == MENU_RESUME ||
	    m->row == MENU_LIBRARY || m->row == MENU_ONLINE ||
	    m->row == MENU_PUZZLES) {
		g->cursor_y = 2 + m->row;
		g->cursor_x = 4;
	}
	/* What a level's Elo means, by the players' lines. */
	if (m->row == MENU_PLAYER1 || m->row == MENU_PLAYER2)
		ui_grid_printf(g, 4 + MENU_ROWS, 2, g->width - 4, ROLE_DIM,
		               "Elo: above a random mover at %s; each game has "
		               "its own scale",
		               ops->title);
	/* The keys that work on this line, from the table. */
	char foot[256];
	ui_keytab_footer(&ui_menu_keytab, app, g->width - 4, foot, sizeof foot);
	ui_grid_print(g, 3 + MENU_ROWS, 2, g->width - 4, ROLE_DIM, foot);
	ui_status_print(app, g);
}

/* Keeps the piece letters of buf (len bytes), in upper case, dropping
 * white space; false (err says which byte of path) at a byte that is no
 * piece of ops. */
static bool
ui_menu_keep_pieces(const struct game_ops *ops, const char *path, char *buf,
                    size_t len, char *err, size_t err_size)
{
	size_t kept = 0;
	for (size_t i = 0; i < len; i++) {
		int c = (unsigned char)buf[i];
		if (isspace(c))
			continue;
		if (ops->item_from_char((char)toupper(c)) < 0) {
			snprintf(err, err_size,
			         "%s: byte %zu: '%c' is not a piece", path,
			         i + 1, isprint(c) ? c : '?');
			return false;
		}
		buf[kept++] = (char)toupper(c);
	}
	buf[kept] = '\0';
	if (kept == 0) {
		snprintf(err, err_size, "%s: no pieces in the file", path);
		return false;
	}
	return true;
}

/* Reads a file of piece letters (whitespace ignored) into a string, with
 * the one whole-file reader (core/text.h). */
static char *
ui_menu_read_pieces(const struct game_ops *ops, const char *path, char *err,
                    size_t err_size)
{
	/* A regular file only: a FIFO would wait for a writer forever. */
	char full[1024];
	FILE *f = NULL;
	if (file_expand_home(path, full, sizeof full, err, err_size))
		f = file_open_read(full, err, err_size);
	if (f == NULL)
		return NULL;
	char *buf;
	size_t len;
	enum text_read_result read =
	        text_read_all(f, UI_MENU_MAX_PIECES, &buf, &len);
	int read_errno = errno;
	fclose(f);
	if (read == TEXT_READ_NO_MEMORY)
		snprintf(err, err_size, "out of memory");
	else if (read == TEXT_READ_TOO_LARGE)
		snprintf(err, err_size, "%s: longer than %ld bytes", path,
		         (long)UI_MENU_MAX_PIECES);
	else if (read == TEXT_READ_FAILED)
		snprintf(err, err_size, "%s: %s", path, strerror(read_errno));
	else if (!ui_menu_keep_pieces(ops, path, buf, len, err, err_size))
		read = TEXT_READ_FAILED;
	if (read == TEXT_READ_OK)
		return buf;
	free(buf);
	return NULL;
}

bool
ui_menu_start(struct ui_app *app, const struct game_ops *ops, const int who[2],
              bool random_setup, uint64_t seed, const char *pieces_file,
              char *err, size_t err_size)
{
	struct game_setup setup = {0};
	char *stream = NULL;
	if (ops->caps.random_setup && random_setup)
		setup.seed = seed ? seed : 1;
	if (ops->item_from_char != NULL) {
		if (pieces_file != NULL && pieces_file[0] != '\0') {
			stream = ui_menu_read_pieces(ops, pieces_file, err,
			                             err_size);
			if (stream == NULL)
				return false;
		} else {
			setup.seed = seed ? seed : 1;
			stream = malloc(RECORD_SEED_STREAM_LEN + 1);
			if (stream == NULL) {
				snprintf(err, err_size, "out of memory");
				return false;
			}
			record_stream_from_seed(ops, setup.seed, stream,
			                        RECORD_SEED_STREAM_LEN);
		}
	}
	bool ok = ui_play_new(app, ops, &setup, stream, who, err, err_size);
	free(stream);
	return ok;
}

/* The analysis time limits the menu offers, in seconds (0: none). */
static const int UI_MENU_TIMES[] = {5, 10, 30, 60, 120, 300, 0};

static void
ui_menu_analysis_time(struct ui_app *app, int delta)
{
	int n = (int)(sizeof UI_MENU_TIMES / sizeof UI_MENU_TIMES[0]), i = 0;
	while (i < n && UI_MENU_TIMES[i] != app->opt.analysis_time)
		i++;
	if (i == n)
		i = 2; /* a time from the command line: start from 30 s */
	app->opt.analysis_time = UI_MENU_TIMES[(i + delta + n) % n];
}

/* Another game: its engines play at the level offered for it. */
static void
ui_menu_follow_game(struct ui_app *app)
{
	struct ui_menu *m = &app->menu;
	const struct game_ops *ops = registry_at((size_t)m->game);
	for (int i = 0; i < 2 && ops != NULL; i++)
		if (m->who[i] > 0)
			m->who[i] = ui_levels_offer(app, ops);
}

static void
ui_menu_change(struct ui_app *app, int delta)
{
	struct ui_menu *m = &app->menu;
	int games = (int)registry_count();
	switch (m->row) {
	case MENU_GAME:
		if (games > 0)
			m->game = (m->game + delta + games) % games;
		ui_menu_follow_game(app);
		break;
	case MENU_PLAYER1:
	case MENU_PLAYER2: {
		int *w = &m->who[m->row - MENU_PLAYER1];
		*w = (*w + delta + UI_LEVELS + 1) % (UI_LEVELS + 1);
		break;
	}
	case MENU_SETUP:
		m->random_setup = !m->random_setup;
		break;
	case MENU_SEED:
		if (delta > 0 || m->seed > 0)
			m->seed += (uint64_t)(int64_t)delta;
		break;
	case MENU_ANALYSIS:
		ui_menu_analysis_time(app, delta);
		break;
	case MENU_EXAMPLE:
		m->example = (m->example + delta + UI_MENU_MAX_EXAMPLES) %
		             UI_MENU_MAX_EXAMPLES;
		break;
	default:
		break;
	}
}

/* Starts the trainer on the menu's game, on the game screen. */
static void
ui_menu_open_puzzles(struct ui_app *app)
{
	const struct game_ops *ops = registry_at((size_t)app->menu.game);
	char err[1024];
	if (ops == NULL)
		ui_status(app, true, "out of memory");
	else if (!ui_trainer_start(app, ops, false, err, sizeof err))
		ui_status(app, true, "puzzles: %s", err);
}

/* Opens the chosen example game at its first position. */
static void
ui_menu_open_example(struct ui_app *app)
{
	const struct game_ops *ops = registry_at((size_t)app->menu.game);
	int n = ops != NULL ? ui_menu_examples(ops) : 0;
	char path[4096], err[1024] = "not found";
	if (n == 0) {
		ui_status(app, true, "no example games installed");
		return;
	}
	if (!ui_menu_example_path(ops, app->menu.example % n + 1, path,
	                          sizeof path) ||
	    !ui_play_load(app, path, err, sizeof err)) {
		ui_status(app, true, "cannot open the example: %s", err);
		return;
	}
	ui_shown_go(app, 0);
	ui_status(app, false, "example game: ] steps forward, } to the end");
}

static void
ui_menu_activate(struct ui_app *app)
{
	struct ui_menu *m = &app->menu;
	char err[1024];
	if (m->row == MENU_QUIT) {
		app->host.quit = true;
	} else if (m->row == MENU_ONLINE) {
		ui_screen_show(&app->host, app->screens.lobby, app);
	} else if (m->row == MENU_LIBRARY) {
		ui_screen_push(&app->host, app->screens.library, app);
	} else if (m->row == MENU_PUZZLES) {
		ui_menu_open_puzzles(app);
	} else if (m->row == MENU_EXAMPLE) {
		ui_menu_open_example(app);
	} else if (m->row == MENU_RESUME || m->row == MENU_REVIEW) {
		char path[1024];
		if (!ui_save_path(path, sizeof path, false, err, sizeof err) ||
		    !ui_play_load(app, path, err, sizeof err))
			ui_status(app, true, "cannot open the last game: %s",
			          err);
		else if (m->row == MENU_REVIEW) {
			ui_shown_go(app, 0);
			ui_review_toggle(app);
		}
	} else if (m->row == MENU_ANALYSIS) {
		ui_menu_analysis_time(app, 1);
	} else if (m->row != MENU_PIECES) {
		const struct game_ops *ops = registry_at((size_t)m->game);
		if (ops == NULL)
			return;
		if (!ui_menu_start(app, ops, m->who, m->random_setup, m->seed,
		                   m->pieces_file, err, sizeof err))
			ui_status(app, true, "%s", err);
		else
			ui_menu_remember(app, ops);
	}
}

/* ---- The keys */

static bool
ui_menu_on_seed(const struct ui_app *app)
{
	return app->menu.row == MENU_SEED;
}

/* The pieces line of a game fed by pieces (Tetris). */
static bool
ui_menu_on_pieces(const struct ui_app *app)
{
	const struct game_ops *ops = registry_at((size_t)app->menu.game);
	return app->menu.row == MENU_PIECES && ops != NULL &&
	       ops->item_from_char != NULL;
}

static bool
ui_menu_erase_key(int key)
{
	return key == KEY_BACKSPACE || key == 127 || key == 8;
}

/* A digit typed on the seed line, or Backspace. */
static void
ui_menu_type_seed(struct ui_app *app, int key)
{
	struct ui_menu *m = &app->menu;
	if (ui_menu_erase_key(key))
		m->seed /= 10;
	else if (m->seed < UINT64_MAX / 10 - 10)
		m->seed = m->seed * 10 + (uint64_t)(key - '0');
}

/* A character of the pieces file's name, or Backspace. */
static void
ui_menu_type_file(struct ui_app *app, int key)
{
	struct ui_menu *m = &app->menu;
	if (app->opt.restricted) {
		/* A path reaches a file: not on the shared account. */
		ui_status(app, true, "no files on the shared account");
		return;
	}
	size_t len = strlen(m->pieces_file);
	if (ui_menu_erase_key(key) && len > 0)
		m->pieces_file[len - 1] = '\0';
	else if (!ui_menu_erase_key(key) && len + 1 < sizeof m->pieces_file) {
		m->pieces_file[len] = (char)key;
		m->pieces_file[len + 1] = '\0';
	}
}

static void
ui_menu_move(struct ui_app *app, int delta)
{
	app->menu.row = ui_list_step(app->menu.row, MENU_ROWS, delta);
}

static void
ui_menu_library(struct ui_app *app)
{
	ui_screen_push(&app->host, app->screens.library, app);
}

static void
ui_menu_rules(struct ui_app *app)
{
	ui_screen_show(&app->host, app->screens.rules, app);
}

static void
ui_menu_help(struct ui_app *app)
{
	ui_screen_show(&app->host, app->screens.help, app);
}

static void
ui_menu_back(struct ui_app *app)
{
	if (app->game.have)
		ui_screen_back_to(&app->host, app->screens.game, app);
	else
		app->host.quit = true;
}

/* Typing goes first: on the seed and pieces lines the keys are text. */
/* clang-format off */
static const struct ui_key UI_MENU_KEYS[] = {
	{{UI_KEYS_DIGIT, KEY_BACKSPACE, 127, 8}, "0-9 Backspace",
	 "type the seed", .hint = "0-9 seed", .run_arg = ui_menu_type_seed,
	 .arg = UI_KEY_PRESSED, .applies = ui_menu_on_seed},
	{{UI_KEYS_TEXT, KEY_BACKSPACE, 127, 8}, "letters Backspace",
	 "type the pieces file's name", .hint = "type the file's name",
	 .run_arg = ui_menu_type_file, .arg = UI_KEY_PRESSED,
	 .applies = ui_menu_on_pieces},
	{{'k', KEY_UP}, "k Up", "the line above", .hint = "Up/Down line",
	 .run_arg = ui_menu_move, .arg = -1},
	{{'j', KEY_DOWN}, "j Down", "the line below", .run_arg = ui_menu_move,
	 .arg = 1},
	{{'h', KEY_LEFT}, "h Left", "change the line's choice",
	 .hint = "Left/Right " "change", .run_arg = ui_menu_change, .arg = -1},
	{{'l', KEY_RIGHT}, "l Right", "change it the other way",
	 .run_arg = ui_menu_change, .arg = 1},
	{{'\n', '\r', ' ', KEY_ENTER}, "Enter Space",
	 "start, or act on the line", .hint = "Enter choose",
	 .run = ui_menu_activate},
	{{'g'}, "g", "the library of games", .hint = "g library",
	 .run = ui_menu_library},
	{{'t'}, "t", "the rules of the chosen game", .hint = "t rules",
	 .run = ui_menu_rules},
	{{'?'}, "?", "this help", .hint = "? keys", .run = ui_menu_help},
	{{'q', 27}, "q Esc", "back to the game, or quit", .hint = "q quit",
	 .run = ui_menu_back},
};
/* clang-format on */

const struct ui_keytab ui_menu_keytab =
        UI_KEYTAB("menu", "The menu", "in the menu", UI_MENU_KEYS, NULL);

static void
ui_menu_min_size(void *ctx, int *width, int *height)
{
	ui_min_size(ctx, true, width, height);
}

const struct ui_screen_ops ui_screen_menu = {
        .name = "menu",
        .title = "the menu",
        .enter = ui_menu_enter,
        .min_size = ui_menu_min_size,
        .draw = ui_menu_draw,
        .settle = ui_menu_settle,
        .keys = &ui_menu_keytab,
};
