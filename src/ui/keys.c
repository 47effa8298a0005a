/*
 * The command table of the game screen: every action has a name, its keys
 * and one line of help.  The same table dispatches keys, draws the `?`
 * screen and writes the KEYS section of the man page (tabula --help-keys),
 * so the three cannot disagree.
 */
#include "config.h"

#include <sys/stat.h>

#include <curses.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/file.h"
#include "core/registry.h"
#include "ui/analysis.h"
#include "ui/app.h"
#include "ui/drill.h"
#include "ui/input.h"
#include "ui/keys.h"
#include "ui/lines.h"
#include "ui/online.h"
#include "ui/play.h"
#include "ui/review.h"
#include "ui/room.h"
#include "ui/shown.h"
#include "ui/status.h"
#include "ui/trainer.h"

/* Keys of one command, 0-terminated. */
#define UI_KEYS_MAX 8

struct ui_command {
	const char *name;
	int keys[UI_KEYS_MAX];
	const char *label; /* the keys as the help shows them */
	const char *help;
	void (*run)(struct ui_app *app);
	/* Instead of run, for commands whose keys differ in one value
	 * (the piece letters): told the key. */
	void (*run_key)(struct ui_app *app, int key);
	/* Whether the help lists it for the game shown; NULL: always. */
	bool (*applies)(const struct ui_app *app);
};

/* The Tetress piece keys: only where moves are pieces. */
static bool
ui_keys_pieces_apply(const struct ui_app *app)
{
	return app->game.have &&
	       app->game.session.ops->caps.input == GAME_INPUT_PIECE;
}

/* A move made here: to the room server in a room, else played. */
static void
ui_keys_play(struct ui_app *app, game_move move)
{
	if (!ui_drill_play(app, move) && !ui_trainer_play(app, move) &&
	    !ui_room_play(app, move))
		ui_play_move(app, move);
}

/* An arrow key, through the game's move input. */
static void
ui_keys_move(struct ui_app *app, int dy, int dx)
{
	game_move move;
	if (app->game.input->step(app, dy, dx, &move))
		ui_keys_play(app, move);
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

/* The numeric keypad's corners: diagonal steps (the hex boards' other
 * directions). */
static void
ui_keys_cmd_diagonal(struct ui_app *app, int key)
{
	ui_keys_move(app, key == '7' || key == '9' ? -1 : 1,
	             key == '7' || key == '1' ? -1 : 1);
}

static void
ui_keys_cmd_select(struct ui_app *app)
{
	game_move move;
	if (app->game.input->select(app, &move))
		ui_keys_play(app, move);
}

/* Tab and Shift-Tab, through the game's move input. */
static void
ui_keys_walk(struct ui_app *app, int delta)
{
	if (app->game.input->next != NULL)
		app->game.input->next(app, delta);
	else
		ui_status(app, true, "nothing to step through in %s",
		          app->game.session.ops->title);
}

static void
ui_keys_cmd_next_target(struct ui_app *app)
{
	ui_keys_walk(app, 1);
}
static void
ui_keys_cmd_prev_target(struct ui_app *app)
{
	ui_keys_walk(app, -1);
}

static void
ui_keys_cmd_piece_cursor(struct ui_app *app)
{
	ui_piece_toggle(app);
}
static void
ui_keys_cmd_piece_kind(struct ui_app *app, int key)
{
	ui_piece_choose(app, (char)key);
}
static void
ui_keys_cmd_next_kind(struct ui_app *app)
{
	ui_piece_cycle(app, 1);
}
static void
ui_keys_cmd_prev_kind(struct ui_app *app)
{
	ui_piece_cycle(app, -1);
}
static void
ui_keys_cmd_turn(struct ui_app *app)
{
	ui_piece_rotate(app, 1);
}
static void
ui_keys_cmd_turn_back(struct ui_app *app)
{
	ui_piece_rotate(app, -1);
}

static void
ui_keys_cmd_cancel(struct ui_app *app)
{
	ui_pick_cancel(app);
}

static void
ui_keys_cmd_type(struct ui_app *app)
{
	ui_prompt_open(app, UI_PROMPT_MOVE);
}
static void
ui_keys_cmd_save(struct ui_app *app)
{
	ui_prompt_open(app, UI_PROMPT_SAVE);
}
static void
ui_keys_cmd_open(struct ui_app *app)
{
	ui_prompt_open(app, UI_PROMPT_OPEN);
}

/* Typed move text: checked here, then played or sent to the room. */
static void
ui_keys_play_text(struct ui_app *app, const char *text)
{
	game_move move;
	char why[256];
	const struct game_ops *ops = app->game.session.ops;
	if (!ui_online_in_room(app) && !app->drill.active &&
	    !app->trainer.active) {
		ui_play_text(app, text);
		return;
	}
	if (!ops->parse_move(ui_shown_pos(app), text, &move, why, sizeof why))
		ui_status(app, true, "illegal move '%s': %s", text, why);
	else
		ui_keys_play(app, move);
}

static void
ui_keys_cmd_pass(struct ui_app *app)
{
	ui_keys_play_text(app, "pass");
}

static void
ui_keys_cmd_analysis(struct ui_app *app)
{
	ui_analysis_toggle(app);
}

static void
ui_keys_cmd_more_lines(struct ui_app *app)
{
	ui_analysis_lines(app, 1);
}
static void
ui_keys_cmd_fewer_lines(struct ui_app *app)
{
	ui_analysis_lines(app, -1);
}

static void
ui_keys_cmd_move_now(struct ui_app *app)
{
	ui_play_move_now(app);
}

static void
ui_keys_cmd_back(struct ui_app *app)
{
	if (app->game.shown > 0)
		ui_shown_go(app, app->game.shown - 1);
}
static void
ui_keys_cmd_forward(struct ui_app *app)
{
	ui_shown_go(app, app->game.shown + 1);
}
static void
ui_keys_cmd_start(struct ui_app *app)
{
	ui_shown_go(app, 0);
}
static void
ui_keys_cmd_end(struct ui_app *app)
{
	ui_shown_go(app, app->game.session.ply);
}

static void
ui_keys_cmd_takeback(struct ui_app *app)
{
	ui_play_takeback(app);
}

static void
ui_keys_cmd_engine_side(struct ui_app *app)
{
	ui_play_engine_side(app);
}

static void
ui_keys_cmd_review(struct ui_app *app)
{
	ui_review_toggle(app);
}
static void
ui_keys_cmd_next_mark(struct ui_app *app)
{
	ui_review_jump(app, 1, false);
}
static void
ui_keys_cmd_prev_mark(struct ui_app *app)
{
	ui_review_jump(app, -1, false);
}
static void
ui_keys_cmd_next_mark_side(struct ui_app *app)
{
	ui_review_jump(app, 1, true);
}
static void
ui_keys_cmd_prev_mark_side(struct ui_app *app)
{
	ui_review_jump(app, -1, true);
}

static void
ui_keys_cmd_line_next(struct ui_app *app)
{
	ui_lines_next(app);
}
static void
ui_keys_cmd_line_back(struct ui_app *app)
{
	ui_lines_back(app);
}
static void
ui_keys_cmd_line_promote(struct ui_app *app)
{
	ui_lines_promote(app);
}
static void
ui_keys_cmd_pv_walk(struct ui_app *app)
{
	ui_lines_pv(app);
}
static void
ui_keys_cmd_hint(struct ui_app *app)
{
	ui_lines_hint(app);
}

/* Opens the prompt on the shown move's comment, to edit it. */
static void
ui_keys_cmd_comment(struct ui_app *app)
{
	if (ui_online_in_room(app)) {
		ui_status(app, true,
		          "the room's server keeps this game's "
		          "record: no comments here");
		return;
	}
	if (app->game.shown == 0) {
		ui_status(app, true, "no move here to comment on");
		return;
	}
	const char *old = ui_play_comment(app, app->game.shown - 1);
	ui_prompt_open(app, UI_PROMPT_COMMENT);
	ui_prompt_fill(app, old != NULL ? old : "");
}

static void
ui_keys_cmd_practise(struct ui_app *app)
{
	ui_drill_from_game(app);
}

static void
ui_keys_cmd_menu(struct ui_app *app)
{
	ui_screen_show(&app->host, app->screens.menu, app);
}

static void
ui_keys_cmd_library(struct ui_app *app)
{
	ui_screen_show(&app->host, app->screens.library, app);
}

static void
ui_keys_cmd_help(struct ui_app *app)
{
	ui_screen_show(&app->host, app->screens.help, app);
}

static void
ui_keys_cmd_redraw(struct ui_app *app)
{
	app->host.dirty = true;
}

static void
ui_keys_cmd_quit(struct ui_app *app)
{
	app->host.quit = true;
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
        {"diagonal",
         {'7', '9', '1', '3'},
         "7 9 1 3",
         "diagonal steps (keypad)",
         NULL,
         ui_keys_cmd_diagonal},
        {"select",
         {'\n', '\r', ' ', KEY_ENTER},
         "Enter Space",
         "pick a cell, play a move",
         ui_keys_cmd_select},
        {"next-target",
         {'\t'},
         "Tab",
         "next legal cell or piece",
         ui_keys_cmd_next_target},
        {"prev-target",
         {KEY_BTAB},
         "Shift-Tab",
         "previous legal cell/piece",
         ui_keys_cmd_prev_target},
        {"piece-cursor",
         {'v'},
         "v",
         "Tetress: piece/cell mode",
         ui_keys_cmd_piece_cursor,
         NULL,
         ui_keys_pieces_apply},
        {"piece-kind",
         {'I', 'O', 'T', 'J', 'L', 'S', 'Z'},
         "I O T J L S Z",
         "Tetress: take that piece",
         NULL,
         ui_keys_cmd_piece_kind,
         ui_keys_pieces_apply},
        {"next-kind",
         {'c'},
         "c",
         "Tetress: next piece",
         ui_keys_cmd_next_kind,
         NULL,
         ui_keys_pieces_apply},
        {"prev-kind",
         {'C'},
         "C",
         "Tetress: previous piece",
         ui_keys_cmd_prev_kind,
         NULL,
         ui_keys_pieces_apply},
        {"turn",
         {'r'},
         "r",
         "Tetress: turn clockwise",
         ui_keys_cmd_turn,
         NULL,
         ui_keys_pieces_apply},
        {"turn-back",
         {'R'},
         "R",
         "Tetress: anticlockwise",
         ui_keys_cmd_turn_back,
         NULL,
         ui_keys_pieces_apply},
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
         "engine/human plays side",
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
        {"review", {'A'}, "A", "review the game, or stop", ui_keys_cmd_review},
        {"next-mark", {'.'}, ".", "to the next mark", ui_keys_cmd_next_mark},
        {"prev-mark",
         {','},
         ",",
         "to the previous mark",
         ui_keys_cmd_prev_mark},
        {"next-mark-side",
         {'>'},
         ">",
         "next mark, same side",
         ui_keys_cmd_next_mark_side},
        {"prev-mark-side",
         {'<'},
         "<",
         "previous mark, same side",
         ui_keys_cmd_prev_mark_side},
        {"line-next",
         {')'},
         ")",
         "enter the next line here",
         ui_keys_cmd_line_next},
        {"line-back",
         {'('},
         "(",
         "back to the line before",
         ui_keys_cmd_line_back},
        {"line-promote",
         {'P'},
         "P",
         "keep this line as main",
         ui_keys_cmd_line_promote},
        {"pv-walk", {'x'}, "x", "walk the engine's line", ui_keys_cmd_pv_walk},
        {"hint", {'b'}, "b", "hint: the engine's move", ui_keys_cmd_hint},
        {"practise",
         {'X'},
         "X",
         "practise ? and ?? moves",
         ui_keys_cmd_practise},
        {"comment",
         {';'},
         ";",
         "comment on the shown move",
         ui_keys_cmd_comment},
        {"takeback",
         {'u'},
         "u",
         "take back your last move",
         ui_keys_cmd_takeback},
        {"save", {'w'}, "w", "save the game to a file", ui_keys_cmd_save},
        {"open", {'o'}, "o", "open a saved game", ui_keys_cmd_open},
        {"menu", {'n'}, "n", "new game (the menu)", ui_keys_cmd_menu},
        {"library", {'g'}, "g", "the library of games", ui_keys_cmd_library},
        {"help", {'?'}, "?", "this help", ui_keys_cmd_help},
        {"redraw", {12}, "Ctrl-L", "redraw the screen", ui_keys_cmd_redraw},
        {"quit", {'q'}, "q", "save and quit", ui_keys_cmd_quit},
};

static const int UI_COMMAND_COUNT =
        (int)(sizeof UI_COMMANDS / sizeof UI_COMMANDS[0]);

void
ui_keys_each(const struct ui_app *app, ui_keyhelp_fn fn, void *ctx)
{
	for (int i = 0; i < UI_COMMAND_COUNT; i++) {
		const struct ui_command *c = &UI_COMMANDS[i];
		if (app == NULL || c->applies == NULL || c->applies(app))
			fn(ctx, c->label, c->help);
	}
}

/* Saves the game to path, saying how it went. */
static void
ui_keys_save_to(struct ui_app *app, const char *path)
{
	char err[1024];
	if (ui_play_save(app, path, err, sizeof err))
		ui_status(app, false, "saved to %s", path);
	else
		ui_status(app, true, "%s", err);
}

/* Acts on the text typed at the prompt. */
static void
ui_keys_prompt_done(struct ui_app *app)
{
	char err[1024];
	const char *text = app->prompt.text;
	if (app->prompt.kind == UI_PROMPT_MOVE) {
		ui_keys_play_text(app, text);
	} else if (app->prompt.kind == UI_PROMPT_SAY) {
		ui_room_say(app, text);
	} else if (app->prompt.kind == UI_PROMPT_COMMENT) {
		bool had = app->game.shown > 0 &&
		           ui_play_comment(app, app->game.shown - 1) != NULL;
		if (!ui_play_set_comment(app, text, err, sizeof err))
			ui_status(app, true, "%s", err);
		else
			ui_status(app, false, "%s",
			          text[0] ? "comment saved"
			          : had   ? "comment removed"
			                  : "no comment");
	} else if (app->prompt.kind == UI_PROMPT_SAVE) {
		struct stat st;
		char full[1024];
		if (file_expand_home(text, full, sizeof full, err,
		                     sizeof err) &&
		    lstat(full, &st) == 0) {
			/* An existing file is replaced only when the player
			 * says so. */
			snprintf(app->prompt.pending,
			         sizeof app->prompt.pending, "%s", text);
			ui_prompt_open(app, UI_PROMPT_OVERWRITE);
			ui_status(app, true, "%s exists", text);
		} else {
			ui_keys_save_to(app, text);
		}
	} else if (!ui_play_load(app, text, err, sizeof err)) {
		ui_status(app, true, "%s", err);
	} else {
		ui_status(app, false, "opened %s", text);
	}
}

/* Runs the command whose keys hold key; false when none does. */
static bool
ui_keys_command(struct ui_app *app, int key)
{
	for (int i = 0; i < UI_COMMAND_COUNT; i++) {
		for (int k = 0; k < UI_KEYS_MAX && UI_COMMANDS[i].keys[k];
		     k++) {
			if (UI_COMMANDS[i].keys[k] != key)
				continue;
			if (UI_COMMANDS[i].run_key != NULL)
				UI_COMMANDS[i].run_key(app, key);
			else
				UI_COMMANDS[i].run(app);
			return true;
		}
	}
	return false;
}

void
ui_keys_handle(struct ui_app *app, int key)
{
	if (app->prompt.active && app->prompt.kind == UI_PROMPT_OVERWRITE) {
		app->prompt.active = false;
		if (key == 'y' || key == 'Y')
			ui_keys_save_to(app, app->prompt.pending);
		else
			ui_status(app, false, "not saved");
		return;
	}
	if (app->prompt.active) {
		if (ui_prompt_key(app, key))
			ui_keys_prompt_done(app);
		return;
	}
	if (app->opt.restricted && (key == 'o' || key == 'w')) {
		/* The shared account reaches no file (tabula(6), PLAY ON
		 * THIS HOST, "The shared account"). */
		ui_status(app, true,
		          "no files on the shared account: the game is kept "
		          "for your key");
		return;
	}
	if (ui_drill_key(app, key) || ui_trainer_key(app, key) ||
	    ui_room_game_key(app, key) || ui_keys_command(app, key))
		return;
	if (key < 127 && isprint(key))
		ui_status(app, true, "'%c' is not a key here; ? shows the keys",
		          key);
}

void
ui_keys_click(struct ui_app *app, int y, int x)
{
	const struct ui_game *game = &app->game;
	if (game->view == NULL || game->input->click == NULL)
		return;
	int cell = ui_board_hit(game->view, app->board_y, app->board_x, y, x);
	game_move move;
	if (cell >= 0 && game->input->click(app, cell, &move))
		ui_keys_play(app, move);
}
