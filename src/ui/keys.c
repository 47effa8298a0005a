/*
 * The game screen's keys (tabula(6), Keys): one table of bindings
 * (ui/keytab.h), each with its keys, its line of help, what it does, when
 * it applies (the piece keys in Tetress, the pass in TZAAR, the review in
 * two-player games) and its kind.  A mode of the game screen (a room's
 * game, a practice, the puzzles) has a table of its own that goes first
 * and refuses the game's keys of some kinds.  The same tables take the
 * keys, draw the `?` screen and write the man page's key lists (tabula
 * --help-keys), so they cannot disagree.
 */
#include "config.h"

#include <sys/stat.h>

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "core/file.h"
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

/* ---- When a binding applies */

static bool
ui_keys_pieces_apply(const struct ui_app *app)
{
	return app->game.have &&
	       app->game.session.ops->caps.input == GAME_INPUT_PIECE;
}

static bool
ui_keys_tetris_apply(const struct ui_app *app)
{
	return app->game.have &&
	       app->game.session.ops->caps.input == GAME_INPUT_PLACEMENT;
}

/* The cursor keys of a board (every game but Tetris's placement). */
static bool
ui_keys_board_apply(const struct ui_app *app)
{
	return !ui_keys_tetris_apply(app);
}

static bool
ui_keys_walk_apply(const struct ui_app *app)
{
	return !app->game.have || app->game.input->next != NULL;
}

static bool
ui_keys_pass_apply(const struct ui_app *app)
{
	return app->game.have && app->game.view != NULL &&
	       app->game.view->passes;
}

/* The review, its marks and the practice compare two players. */
static bool
ui_keys_two_apply(const struct ui_app *app)
{
	return !app->game.have || app->game.session.ops->players == 2;
}

/* ---- What the bindings do */

/* A move made here: to the practice, the puzzles or the room server when
 * one is on, else played. */
static void
ui_keys_play(struct ui_app *app, game_move move)
{
	if (!ui_drill_play(app, move) && !ui_trainer_play(app, move) &&
	    !ui_room_play(app, move))
		ui_play_move(app, move);
}

/* A direction key, through the game's move input; arg is (dy+1)*3 +
 * (dx+1). */
static void
ui_keys_step(struct ui_app *app, int arg)
{
	game_move move;
	if (app->game.input->step(app, arg / 3 - 1, arg % 3 - 1, &move))
		ui_keys_play(app, move);
}

/* The numeric keypad's corners: diagonal steps (the hex boards' other
 * directions). */
static void
ui_keys_diagonal(struct ui_app *app, int key)
{
	int dy = key == '7' || key == '9' ? -1 : 1;
	int dx = key == '7' || key == '1' ? -1 : 1;
	ui_keys_step(app, (dy + 1) * 3 + dx + 1);
}

static void
ui_keys_select(struct ui_app *app)
{
	game_move move;
	if (app->game.input->select(app, &move))
		ui_keys_play(app, move);
}

/* Tab (1) and Shift-Tab (-1), through the game's move input. */
static void
ui_keys_walk(struct ui_app *app, int delta)
{
	app->game.input->next(app, delta);
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

/* TZAAR's pass, which only a turn's second move may be. */
static void
ui_keys_pass(struct ui_app *app)
{
	game_move move;
	char why[256];
	const struct game_ops *ops = app->game.session.ops;
	if (ops->parse_move(ui_shown_pos(app), "pass", &move, why, sizeof why))
		ui_keys_play(app, move);
	else
		ui_status(app, true, "no pass here: %s", why);
}

/* Win chances or the game's units, on the whole screen at once. */
static void
ui_keys_units(struct ui_app *app)
{
	app->opt.units = !app->opt.units;
	ui_status(app, false, "%s",
	          app->opt.units ? "scores in the game's units (% again: win "
	                           "chances)"
	                         : "scores as win chances");
}

enum { UI_GO_BACK, UI_GO_FORWARD, UI_GO_START, UI_GO_END };

/* Steps through the game shown. */
static void
ui_keys_go(struct ui_app *app, int where)
{
	const struct ui_game *game = &app->game;
	if (where == UI_GO_BACK && game->shown > 0)
		ui_shown_go(app, game->shown - 1);
	else if (where == UI_GO_FORWARD)
		ui_shown_go(app, game->shown + 1);
	else if (where == UI_GO_START)
		ui_shown_go(app, 0);
	else if (where == UI_GO_END)
		ui_shown_go(app, game->session.ply);
}

/* To the next (1) or previous (-1) mark, of the same side (2, -2). */
static void
ui_keys_jump(struct ui_app *app, int how)
{
	ui_review_jump(app, how > 0 ? 1 : -1, how == 2 || how == -2);
}

/* Opens the prompt on the shown move's comment, to edit it. */
static void
ui_keys_comment(struct ui_app *app)
{
	if (app->game.shown == 0) {
		ui_status(app, true, "no move here to comment on");
		return;
	}
	const char *old = ui_play_comment(app, app->game.shown - 1);
	ui_prompt_open(app, UI_PROMPT_COMMENT);
	ui_prompt_fill(app, old != NULL ? old : "");
}

enum { UI_SHOW_MENU, UI_SHOW_LIBRARY, UI_SHOW_HELP, UI_SHOW_RULES };

/* Shows another screen over the game. */
static void
ui_keys_show(struct ui_app *app, int which)
{
	const struct ui_screens *s = &app->screens;
	const struct ui_screen_ops *ops = which == UI_SHOW_MENU ? s->menu
	                                  : which == UI_SHOW_LIBRARY
	                                          ? s->library
	                                  : which == UI_SHOW_HELP ? s->help
	                                                          : s->rules;
	ui_screen_show(&app->host, ops, app);
}

static void
ui_keys_redraw(struct ui_app *app)
{
	app->host.dirty = true;
}

static void
ui_keys_quit(struct ui_app *app)
{
	app->host.quit = true;
}

/* ---- The table */

#define UI_STEP(dy, dx) ((dy + 1) * 3 + dx + 1)

/* The bindings, one a line or two: keys, label, help, then what they do
 * (.run, or .run_arg with .arg), where they apply and their kind. */
/* clang-format off */
static const struct ui_key UI_GAME_KEYS[] = {
	{{'h', KEY_LEFT}, "h Left", "left", .run_arg = ui_keys_step,
	 .arg = UI_STEP(0, -1), .applies = ui_keys_board_apply},
	{{'l', KEY_RIGHT}, "l Right", "right", .run_arg = ui_keys_step,
	 .arg = UI_STEP(0, 1), .applies = ui_keys_board_apply},
	{{'k', KEY_UP}, "k Up", "up", .run_arg = ui_keys_step,
	 .arg = UI_STEP(-1, 0), .applies = ui_keys_board_apply},
	{{'j', KEY_DOWN}, "j Down", "down", .run_arg = ui_keys_step,
	 .arg = UI_STEP(1, 0), .applies = ui_keys_board_apply},
	{{'7', '9', '1', '3'}, "7 9 1 3", "diagonal steps (keypad)",
	 .run_arg = ui_keys_diagonal, .arg = UI_KEY_PRESSED,
	 .applies = ui_keys_board_apply},
	{{'\n', '\r', ' ', KEY_ENTER}, "Enter Space", "pick a cell, play a move",
	 .run = ui_keys_select, .applies = ui_keys_board_apply},
	{{'h', KEY_LEFT}, "h Left", "one column left", .run_arg = ui_keys_step,
	 .arg = UI_STEP(0, -1), .applies = ui_keys_tetris_apply,
	 .only = "Tetris"},
	{{'l', KEY_RIGHT}, "l Right", "one column right",
	 .run_arg = ui_keys_step, .arg = UI_STEP(0, 1),
	 .applies = ui_keys_tetris_apply, .only = "Tetris"},
	{{'k', KEY_UP}, "k Up", "turn the piece", .run_arg = ui_keys_step,
	 .arg = UI_STEP(-1, 0), .applies = ui_keys_tetris_apply,
	 .only = "Tetris"},
	{{'j', KEY_DOWN, '\n', '\r', ' ', KEY_ENTER}, "j Down Enter",
	 "drop the piece", .run_arg = ui_keys_step, .arg = UI_STEP(1, 0),
	 .applies = ui_keys_tetris_apply, .only = "Tetris"},
	{{'\t'}, "Tab", "next legal cell or piece", .run_arg = ui_keys_walk,
	 .arg = 1, .applies = ui_keys_walk_apply},
	{{KEY_BTAB}, "Shift-Tab", "previous legal cell/piece",
	 .run_arg = ui_keys_walk, .arg = -1, .applies = ui_keys_walk_apply},
	{{'v'}, "v", "piece or cell cursor", .run = ui_piece_toggle,
	 .applies = ui_keys_pieces_apply, .only = "Tetress"},
	{{'I', 'O', 'T', 'J', 'L', 'S', 'Z'}, "I O T J L S Z",
	 "take that piece", .run_arg = ui_piece_choose, .arg = UI_KEY_PRESSED,
	 .applies = ui_keys_pieces_apply, .only = "Tetress"},
	{{'c'}, "c", "the next piece", .run_arg = ui_piece_cycle, .arg = 1,
	 .applies = ui_keys_pieces_apply, .only = "Tetress"},
	{{'C'}, "C", "the previous piece", .run_arg = ui_piece_cycle,
	 .arg = -1, .applies = ui_keys_pieces_apply, .only = "Tetress"},
	{{'r'}, "r", "turn clockwise", .run_arg = ui_piece_rotate, .arg = 1,
	 .applies = ui_keys_pieces_apply, .only = "Tetress"},
	{{'R'}, "R", "turn anticlockwise", .run_arg = ui_piece_rotate,
	 .arg = -1, .applies = ui_keys_pieces_apply, .only = "Tetress"},
	{{27, KEY_BACKSPACE, 127}, "Esc", "drop the picked cells",
	 .run = ui_pick_cancel, .applies = ui_keys_board_apply},
	{{':', 'm'}, ": m", "type a move in notation",
	 .run_arg = ui_prompt_open, .arg = UI_PROMPT_MOVE},
	{{'p'}, "p", "pass (a turn's second move)", .run = ui_keys_pass,
	 .applies = ui_keys_pass_apply, .only = "TZAAR"},
	{{'a'}, "a", "analysis on or off", .run = ui_analysis_toggle,
	 .kind = UI_KIND_ANALYSIS},
	{{'%'}, "%", "win chance or game units", .run = ui_keys_units},
	{{'+', '='}, "+", "one more analysis line",
	 .run_arg = ui_analysis_lines, .arg = 1, .kind = UI_KIND_ANALYSIS},
	{{'-'}, "-", "one analysis line fewer", .run_arg = ui_analysis_lines,
	 .arg = -1, .kind = UI_KIND_ANALYSIS},
	{{'!'}, "!", "engine: move now", .run = ui_play_move_now,
	 .kind = UI_KIND_ENGINE},
	{{'e'}, "e", "engine/human plays side", .run = ui_play_engine_side,
	 .kind = UI_KIND_ENGINE},
	{{'[', KEY_PPAGE}, "[ PgUp", "one move back", .run_arg = ui_keys_go,
	 .arg = UI_GO_BACK},
	{{']', KEY_NPAGE}, "] PgDn", "one move forward", .run_arg = ui_keys_go,
	 .arg = UI_GO_FORWARD},
	{{'{', KEY_HOME}, "{ Home", "to the start position",
	 .run_arg = ui_keys_go, .arg = UI_GO_START},
	{{'}', KEY_END}, "} End", "to the latest position",
	 .run_arg = ui_keys_go, .arg = UI_GO_END},
	{{'A'}, "A", "review the game, or stop", .run = ui_review_toggle,
	 .applies = ui_keys_two_apply, .kind = UI_KIND_REVIEW},
	{{'.'}, ".", "to the next mark", .run_arg = ui_keys_jump, .arg = 1,
	 .applies = ui_keys_two_apply, .kind = UI_KIND_MARKS},
	{{','}, ",", "to the previous mark", .run_arg = ui_keys_jump,
	 .arg = -1, .applies = ui_keys_two_apply, .kind = UI_KIND_MARKS},
	{{'>'}, ">", "next mark, same side", .run_arg = ui_keys_jump,
	 .arg = 2, .applies = ui_keys_two_apply, .kind = UI_KIND_MARKS},
	{{'<'}, "<", "previous mark, same side", .run_arg = ui_keys_jump,
	 .arg = -2, .applies = ui_keys_two_apply, .kind = UI_KIND_MARKS},
	{{')'}, ")", "enter the next line here", .run = ui_lines_next,
	 .kind = UI_KIND_LINES},
	{{'('}, "(", "back to the line before", .run = ui_lines_back,
	 .kind = UI_KIND_LINES},
	{{'P'}, "P", "keep this line as main", .run = ui_lines_promote,
	 .kind = UI_KIND_LINES},
	{{'x'}, "x", "walk the engine's line", .run = ui_lines_pv,
	 .kind = UI_KIND_AID},
	{{'b'}, "b", "hint: the engine's move", .run = ui_lines_hint,
	 .kind = UI_KIND_AID},
	{{'X'}, "X", "practise ? and ?? moves", .run = ui_drill_from_game,
	 .applies = ui_keys_two_apply, .kind = UI_KIND_PRACTISE},
	{{';'}, ";", "comment on the shown move", .run = ui_keys_comment,
	 .kind = UI_KIND_COMMENT},
	{{'u'}, "u", "take back your last move", .run = ui_play_takeback,
	 .kind = UI_KIND_TAKEBACK},
	{{'w'}, "w", "save the game to a file", .run_arg = ui_prompt_open,
	 .arg = UI_PROMPT_SAVE, .kind = UI_KIND_SAVE},
	{{'o'}, "o", "open a saved game", .run_arg = ui_prompt_open,
	 .arg = UI_PROMPT_OPEN, .kind = UI_KIND_OPEN},
	{{'n'}, "n", "new game (the menu)", .run_arg = ui_keys_show,
	 .arg = UI_SHOW_MENU},
	{{'g'}, "g", "the library of games", .run_arg = ui_keys_show,
	 .arg = UI_SHOW_LIBRARY, .kind = UI_KIND_LIBRARY},
	{{'t'}, "t", "the rules of this game", .run_arg = ui_keys_show,
	 .arg = UI_SHOW_RULES},
	{{'?'}, "?", "this help", .run_arg = ui_keys_show,
	 .arg = UI_SHOW_HELP},
	{{12}, "Ctrl-L", "redraw the screen", .run = ui_keys_redraw},
	{{'q'}, "q", "save and quit", .run = ui_keys_quit},
};
/* clang-format on */

const struct ui_keytab ui_keys_game =
        UI_KEYTAB("game", "The game", "here", UI_GAME_KEYS, NULL);

/* ---- Taking a key */

/* The mode of the game screen on now (its table goes first), or NULL. */
static const struct ui_keytab *
ui_keys_mode(const struct ui_app *app)
{
	const struct ui_keytab *t = ui_drill_keys(app);
	if (t == NULL)
		t = ui_trainer_keys(app);
	if (t == NULL)
		t = ui_room_keys(app);
	return t;
}

/* The shared account reaches no file (tabula(6), PLAY ON THIS HOST, "The
 * shared account"). */
static const char *
ui_keys_restricted(const struct ui_app *app, unsigned kind)
{
	if (app->opt.restricted && (kind & (UI_KIND_SAVE | UI_KIND_OPEN)))
		return "no files on the shared account: the game is kept for "
		       "your key";
	return NULL;
}

/* Why the game's binding k is refused now (for key; buf holds a message
 * made), or NULL. */
static const char *
ui_keys_refusal(const struct ui_app *app, const struct ui_keytab *mode,
                const struct ui_key *k, int key, char *buf, size_t size)
{
	const char *why = ui_keys_restricted(app, k->kind);
	if (why == NULL && mode != NULL && mode->refuses != NULL && k->kind)
		why = mode->refuses(app, k->kind, key, buf, size);
	return why;
}

/* The game's binding for key as it stands: run, refused with the mode's
 * reason, or not a key here. */
static void
ui_keys_game_key(struct ui_app *app, const struct ui_keytab *mode, int key)
{
	const struct ui_key *k = ui_keytab_find(&ui_keys_game, app, key);
	char buf[160], where[96];
	const char *why =
	        k != NULL ? ui_keys_refusal(app, mode, k, key, buf, sizeof buf)
	                  : NULL;
	if (why != NULL) {
		ui_status(app, true, "%s", why);
	} else if (k != NULL) {
		ui_key_run(k, app, key);
	} else {
		if (mode != NULL)
			snprintf(where, sizeof where, "%s", mode->where);
		else
			snprintf(where, sizeof where, "in %s",
			         app->game.have ? app->game.session.ops->title
			                        : "the game");
		ui_keytab_refuse(app, &ui_keys_game, key, where);
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

/* The file to save to: an existing one is replaced only when the player
 * says so. */
static void
ui_keys_save_asked(struct ui_app *app, const char *text)
{
	struct stat st;
	char full[1024], err[1024];
	if (file_expand_home(text, full, sizeof full, err, sizeof err) &&
	    lstat(full, &st) == 0) {
		snprintf(app->prompt.pending, sizeof app->prompt.pending, "%s",
		         text);
		ui_prompt_open(app, UI_PROMPT_OVERWRITE);
		ui_status(app, true, "%s exists", text);
	} else {
		ui_keys_save_to(app, text);
	}
}

/* The comment typed, saved (an empty one removes the comment). */
static void
ui_keys_comment_done(struct ui_app *app, const char *text)
{
	char err[1024];
	bool had = app->game.shown > 0 &&
	           ui_play_comment(app, app->game.shown - 1) != NULL;
	if (!ui_play_set_comment(app, text, err, sizeof err))
		ui_status(app, true, "%s", err);
	else
		ui_status(app, false, "%s",
		          text[0] ? "comment saved"
		          : had   ? "comment removed"
		                  : "no comment");
}

/* Acts on the text typed at the prompt. */
static void
ui_keys_prompt_done(struct ui_app *app)
{
	char err[1024];
	const char *text = app->prompt.text;
	if (app->prompt.kind == UI_PROMPT_MOVE)
		ui_keys_play_text(app, text);
	else if (app->prompt.kind == UI_PROMPT_SAY)
		ui_room_say(app, text);
	else if (app->prompt.kind == UI_PROMPT_COMMENT)
		ui_keys_comment_done(app, text);
	else if (app->prompt.kind == UI_PROMPT_SAVE)
		ui_keys_save_asked(app, text);
	else if (!ui_play_load(app, text, err, sizeof err))
		ui_status(app, true, "%s", err);
	else
		ui_status(app, false, "opened %s", text);
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
	const struct ui_keytab *mode = ui_keys_mode(app);
	/* While the engine judges (ui/think.h), a mode's own keys wait and
	 * Esc stops it; the rest of the screen's keys still work. */
	if (mode != NULL &&
	    (key == UI_KEY_ESC || ui_keytab_find(mode, app, key) != NULL) &&
	    ui_think_refuse(app, key))
		return;
	if (mode == NULL || !ui_keytab_take(mode, app, key))
		ui_keys_game_key(app, mode, key);
}

/* Tells fn each game binding that works now: applying, not refused and
 * not taken by the mode's own keys. */
static void
ui_keys_each_game(const struct ui_app *app, const struct ui_keytab *mode,
                  ui_keyhelp_fn fn, void *ctx)
{
	char buf[160];
	for (size_t i = 0; i < ui_keys_game.count; i++) {
		const struct ui_key *k = &ui_keys_game.keys[i];
		if (!ui_key_applies(k, app) ||
		    ui_keys_refusal(app, mode, k, 0, buf, sizeof buf) ||
		    (mode != NULL && ui_keytab_overrides(mode, app, k)))
			continue;
		fn(ctx, k->label, k->help);
	}
}

void
ui_keys_help(const struct ui_app *app, const struct ui_help_sink *sink)
{
	const struct ui_keytab *mode = ui_keys_mode(app);
	if (mode != NULL)
		ui_keytab_tell(mode, app, sink);
	sink->section(sink->ctx, mode != NULL ? "The game's keys that work "
	                                        "here"
	                                      : ui_keys_game.title);
	ui_keys_each_game(app, mode, sink->key, sink->ctx);
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
