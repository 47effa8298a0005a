/*
 * The command table of the game screen: every action has a name, its keys
 * and one line of help.  The same table dispatches keys, draws the `?`
 * screen and writes the KEYS section of the man page (tabula --help-keys),
 * so the three cannot disagree.
 */
#include "config.h"

#include <curses.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/registry.h"
#include "ui/app.h"

/* Keys of one command, 0-terminated. */
#define UI_KEYS_MAX 5

struct ui_command {
	const char *name;
	int keys[UI_KEYS_MAX];
	const char *label; /* the keys as the help shows them */
	const char *help;
	void (*run)(struct ui_app *app);
};

static bool
ui_keys_is_tetris(const struct ui_app *app)
{
	return app->session.ops->item_from_char != NULL;
}

static void
ui_keys_move(struct ui_app *app, int dy, int dx)
{
	if (ui_keys_is_tetris(app)) {
		if (dx != 0)
			app->tetris_col += dx;
		else if (dy < 0)
			app->tetris_rot = (app->tetris_rot + 1) % 4;
		else {
			int i = ui_play_tetris_index(app);
			if (i >= 0)
				ui_play_move(app, app->moves[i].move);
			return;
		}
		int before_rot = app->tetris_rot, before_col = app->tetris_col;
		if (ui_play_tetris_index(app) < 0 && dy < 0) {
			/* Skip rotations with no placement (the O piece). */
			for (int k = 0; k < 4 && ui_play_tetris_index(app) < 0;
			     k++)
				app->tetris_rot = (app->tetris_rot + 1) % 4;
		}
		if (ui_play_tetris_index(app) < 0) {
			app->tetris_rot = before_rot;
			app->tetris_col = before_col - dx;
		}
		app->dirty = true;
		return;
	}
	app->cursor = ui_board_step(app->view, app->cursor, dy, dx);
	app->dirty = true;
}

static void
ui_keys_cmd_left(struct ui_app *app)
{
	ui_keys_move(app, 0, -1);
}
static void
ui_keys_cmd_right(struct ui_app *app)
{
	ui_keys_move(app, 0, 1);
}
static void
ui_keys_cmd_up(struct ui_app *app)
{
	ui_keys_move(app, -1, 0);
}
static void
ui_keys_cmd_down(struct ui_app *app)
{
	ui_keys_move(app, 1, 0);
}

static void
ui_keys_cmd_select(struct ui_app *app)
{
	if (ui_keys_is_tetris(app)) {
		int i = ui_play_tetris_index(app);
		if (i >= 0)
			ui_play_move(app, app->moves[i].move);
		else
			ui_status(app, true, "no legal placement there");
		return;
	}
	if (app->nmoves == 0) {
		ui_status(app, true, "the game is over");
		return;
	}
	ui_play_select(app, app->cursor);
}

/* Whether move m goes on from the picked cells, and the cell it goes to. */
static int
ui_keys_next_cell(const struct ui_app *app, const struct ui_move *m)
{
	if (m->ncells <= app->nsel || !ui_play_matches(app, m))
		return -1;
	if (!app->view->unordered)
		return m->cells[app->nsel];
	for (int k = 0; k < m->ncells; k++) {
		bool picked = false;
		for (int s = 0; s < app->nsel; s++)
			picked |= m->cells[k] == app->sel[s];
		if (!picked)
			return m->cells[k];
	}
	return -1;
}

/* Moves the cursor to the next cell (in board order, after the cursor)
 * where a legal move starts or goes on. */
static void
ui_keys_cmd_next_target(struct ui_app *app)
{
	int best = -1, first = -1;
	for (int i = 0; i < app->nmoves; i++) {
		int c = ui_keys_next_cell(app, &app->moves[i]);
		if (c < 0)
			continue;
		if (first < 0 || c < first)
			first = c;
		if (c > app->cursor && (best < 0 || c < best))
			best = c;
	}
	if (best < 0)
		best = first;
	if (best < 0) {
		ui_status(app, true, "no legal move goes on from here");
		return;
	}
	app->cursor = best;
	app->dirty = true;
}

static void
ui_keys_cmd_cancel(struct ui_app *app)
{
	app->nsel = 0;
	ui_status(app, false, "selection cleared");
}

static void
ui_keys_prompt(struct ui_app *app, int kind)
{
	app->prompting = true;
	app->prompt_kind = kind;
	app->prompt[0] = '\0';
	app->prompt_len = 0;
	app->dirty = true;
}

static void
ui_keys_cmd_type(struct ui_app *app)
{
	ui_keys_prompt(app, UI_PROMPT_MOVE);
}
static void
ui_keys_cmd_save(struct ui_app *app)
{
	ui_keys_prompt(app, UI_PROMPT_SAVE);
}
static void
ui_keys_cmd_open(struct ui_app *app)
{
	ui_keys_prompt(app, UI_PROMPT_OPEN);
}

static void
ui_keys_cmd_pass(struct ui_app *app)
{
	ui_play_text(app, "pass");
}

static void
ui_keys_cmd_analysis(struct ui_app *app)
{
	app->analysis = !app->analysis;
	ui_status(app, false, "analysis %s", app->analysis ? "on" : "off");
	ui_play_sync_search(app);
}

static void
ui_keys_multipv(struct ui_app *app, int delta)
{
	int v = app->multipv + delta;
	if (v < 1 || v > UI_ENGINE_MAX_LINES)
		return;
	app->multipv = v;
	app->mode = SEARCH_NONE; /* restart with the new number of lines */
	ui_status(app, false, "%d analysis line%s", v, v == 1 ? "" : "s");
	ui_play_sync_search(app);
}

static void
ui_keys_cmd_more_lines(struct ui_app *app)
{
	ui_keys_multipv(app, 1);
}
static void
ui_keys_cmd_fewer_lines(struct ui_app *app)
{
	ui_keys_multipv(app, -1);
}

static void
ui_keys_cmd_move_now(struct ui_app *app)
{
	if (app->mode == SEARCH_THINK) {
		ui_engine_stop(app->engine);
		ui_status(app, false, "engine told to move now");
	} else if (app->shown == app->session.ply && app->nmoves > 0) {
		/* Let the engine play the side to move this once. */
		app->paused = false;
		int side = app->session.ops->side_to_move(ui_play_shown(app));
		struct ui_player saved = app->players[side];
		if (!saved.engine) {
			ui_player_set(&app->players[side], UI_DEFAULT_LEVEL);
			app->mode = SEARCH_NONE;
			ui_play_sync_search(app);
			app->players[side] = saved;
			ui_status(app, false, "engine plays this move");
		}
	}
}

static void
ui_keys_show(struct ui_app *app, size_t ply)
{
	if (ply > app->session.ply || ply == app->shown)
		return;
	app->shown = ply;
	ui_status(app, false, "ply %zu of %zu%s", ply, app->session.ply,
	          ply < app->session.ply ? ": a move here drops the later ones"
	                                 : "");
	ui_play_changed(app);
}

static void
ui_keys_cmd_back(struct ui_app *app)
{
	if (app->shown > 0)
		ui_keys_show(app, app->shown - 1);
}
static void
ui_keys_cmd_forward(struct ui_app *app)
{
	ui_keys_show(app, app->shown + 1);
}
static void
ui_keys_cmd_start(struct ui_app *app)
{
	ui_keys_show(app, 0);
}
static void
ui_keys_cmd_end(struct ui_app *app)
{
	ui_keys_show(app, app->session.ply);
}

static void
ui_keys_cmd_takeback(struct ui_app *app)
{
	struct session *s = &app->session;
	if (s->ply == 0) {
		ui_status(app, true, "no move to take back");
		return;
	}
	/* Back to the last position where a human was to move. */
	do {
		session_undo(s);
	} while (s->ply > 0 &&
	         app->players[s->ops->side_to_move(session_current(s))].engine);
	app->shown = s->ply;
	app->paused =
	        app->players[s->ops->side_to_move(session_current(s))].engine;
	for (size_t i = s->ply; i < app->meta.comment_count; i++)
		record_meta_set_comment(&app->meta, i, NULL);
	char err[512];
	if (!ui_play_save(app, NULL, err, sizeof err))
		ui_status(app, true, "autosave failed: %s", err);
	else
		ui_status(app, false, "took back to ply %zu", s->ply);
	ui_play_changed(app);
}

static void
ui_keys_cmd_engine_side(struct ui_app *app)
{
	int side = app->session.ops->side_to_move(ui_play_shown(app));
	struct ui_player *p = &app->players[side];
	ui_player_set(p, p->engine ? 0 : UI_DEFAULT_LEVEL);
	ui_status(app, false, "%s is now played by %s",
	          app->session.ops->side_names[side],
	          p->engine ? "the engine" : "you");
	app->paused = false;
	app->mode = SEARCH_NONE;
	ui_play_sync_search(app);
}

static void
ui_keys_cmd_menu(struct ui_app *app)
{
	ui_menu_init(app);
	app->screen = SCREEN_MENU;
	app->dirty = true;
}

static void
ui_keys_cmd_help(struct ui_app *app)
{
	app->screen = SCREEN_HELP;
	app->dirty = true;
}

static void
ui_keys_cmd_redraw(struct ui_app *app)
{
	app->dirty = true;
}

static void
ui_keys_cmd_quit(struct ui_app *app)
{
	app->quit = true;
}

static const struct ui_command UI_COMMANDS[] = {
        {"left",
         {'h', KEY_LEFT},
         "h Left",
         "left (Tetris: column)",
         ui_keys_cmd_left},
        {"right",
         {'l', KEY_RIGHT},
         "l Right",
         "right (Tetris: column)",
         ui_keys_cmd_right},
        {"up", {'k', KEY_UP}, "k Up", "up (Tetris: rotate)", ui_keys_cmd_up},
        {"down",
         {'j', KEY_DOWN},
         "j Down",
         "down (Tetris: drop)",
         ui_keys_cmd_down},
        {"select",
         {'\n', '\r', ' ', KEY_ENTER},
         "Enter Space",
         "pick a cell, play a move",
         ui_keys_cmd_select},
        {"next-target",
         {'\t'},
         "Tab",
         "to the next legal cell",
         ui_keys_cmd_next_target},
        {"cancel",
         {27, KEY_BACKSPACE, 127},
         "Esc",
         "drop the picked cells",
         ui_keys_cmd_cancel},
        {"type",
         {':', 'm'},
         ": m",
         "type a move in notation",
         ui_keys_cmd_type},
        {"pass", {'p'}, "p", "pass (TZAAR second move)", ui_keys_cmd_pass},
        {"analysis", {'a'}, "a", "analysis on or off", ui_keys_cmd_analysis},
        {"more-lines",
         {'+', '='},
         "+",
         "one more analysis line",
         ui_keys_cmd_more_lines},
        {"fewer-lines",
         {'-'},
         "-",
         "one analysis line fewer",
         ui_keys_cmd_fewer_lines},
        {"move-now", {'!'}, "!", "engine: move now", ui_keys_cmd_move_now},
        {"engine-side",
         {'e'},
         "e",
         "engine or human plays side",
         ui_keys_cmd_engine_side},
        {"back", {'[', KEY_PPAGE}, "[ PgUp", "one move back", ui_keys_cmd_back},
        {"forward",
         {']', KEY_NPAGE},
         "] PgDn",
         "one move forward",
         ui_keys_cmd_forward},
        {"start",
         {'{', KEY_HOME},
         "{ Home",
         "to the start position",
         ui_keys_cmd_start},
        {"end",
         {'}', KEY_END},
         "} End",
         "to the latest position",
         ui_keys_cmd_end},
        {"takeback",
         {'u'},
         "u",
         "take back your last move",
         ui_keys_cmd_takeback},
        {"save", {'w'}, "w", "save the game to a file", ui_keys_cmd_save},
        {"open", {'o'}, "o", "open a saved game", ui_keys_cmd_open},
        {"menu", {'n'}, "n", "new game (the menu)", ui_keys_cmd_menu},
        {"help", {'?'}, "?", "this help", ui_keys_cmd_help},
        {"redraw", {12}, "Ctrl-L", "redraw the screen", ui_keys_cmd_redraw},
        {"quit", {'q'}, "q", "save and quit", ui_keys_cmd_quit},
};

static const int UI_COMMAND_COUNT =
        (int)(sizeof UI_COMMANDS / sizeof UI_COMMANDS[0]);

void
ui_keys_each(void (*fn)(void *ctx, const char *keys, const char *what),
             void *ctx)
{
	for (int i = 0; i < UI_COMMAND_COUNT; i++)
		fn(ctx, UI_COMMANDS[i].label, UI_COMMANDS[i].help);
}

static void
ui_keys_prompt_done(struct ui_app *app)
{
	app->prompting = false;
	char err[1024];
	const char *text = app->prompt;
	if (app->prompt_len == 0) {
		ui_status(app, false, "cancelled");
		return;
	}
	if (app->prompt_kind == UI_PROMPT_MOVE) {
		ui_play_text(app, text);
	} else if (app->prompt_kind == UI_PROMPT_SAVE) {
		if (ui_play_save(app, text, err, sizeof err))
			ui_status(app, false, "saved to %s", text);
		else
			ui_status(app, true, "%s", err);
	} else {
		struct session s;
		struct record_meta meta;
		if (!record_load(text, &s, &meta, err, sizeof err)) {
			ui_status(app, true, "%s", err);
			return;
		}
		ui_player_parse(meta.player1, &app->players[0]);
		ui_player_parse(meta.player2, &app->players[1]);
		ui_play_adopt(app, &s, &meta);
		ui_status(app, false, "opened %s", text);
	}
}

static void
ui_keys_prompt_key(struct ui_app *app, int key)
{
	app->dirty = true;
	if (key == '\n' || key == '\r' || key == KEY_ENTER) {
		ui_keys_prompt_done(app);
	} else if (key == 27) {
		app->prompting = false;
		ui_status(app, false, "cancelled");
	} else if (key == KEY_BACKSPACE || key == 127 || key == 8) {
		if (app->prompt_len > 0)
			app->prompt[--app->prompt_len] = '\0';
	} else if (key >= ' ' && key < 127 &&
	           app->prompt_len + 1 < sizeof app->prompt) {
		app->prompt[app->prompt_len++] = (char)key;
		app->prompt[app->prompt_len] = '\0';
	}
}

void
ui_keys_handle(struct ui_app *app, int key)
{
	app->dirty = true;
	if (app->grid.width < UI_MIN_WIDTH ||
	    app->grid.height < UI_MIN_HEIGHT) {
		if (key == 'q')
			app->quit = true;
		return;
	}
	if (app->screen == SCREEN_HELP) {
		app->screen = app->have_game ? SCREEN_GAME : SCREEN_MENU;
		return;
	}
	if (app->screen == SCREEN_MENU) {
		ui_menu_key(app, key);
		return;
	}
	if (app->prompting) {
		ui_keys_prompt_key(app, key);
		return;
	}
	if (app->confirm_truncate) {
		ui_play_confirm(app, key == 'y' || key == 'Y');
		return;
	}
	for (int i = 0; i < UI_COMMAND_COUNT; i++) {
		for (int k = 0; k < UI_KEYS_MAX && UI_COMMANDS[i].keys[k];
		     k++) {
			if (UI_COMMANDS[i].keys[k] == key) {
				UI_COMMANDS[i].run(app);
				return;
			}
		}
	}
	if (key < 127 && isprint(key))
		ui_status(app, true, "'%c' is not a key here; ? shows the keys",
		          key);
}

void
ui_keys_click(struct ui_app *app, int y, int x)
{
	if (app->screen != SCREEN_GAME || app->view == NULL ||
	    ui_keys_is_tetris(app))
		return;
	int cell = ui_board_hit(app->view, app->board_y, app->board_x, y, x);
	if (cell < 0)
		return;
	app->cursor = cell;
	ui_keys_cmd_select(app);
}
