/*
 * Play on this host (tabula(6), PLAY ON THIS HOST): the lobby screen, and a
 * room's game on the game screen.  The room server is the game's keeper:
 * a move made here goes to the server and appears on the board when the
 * server tells everyone (it has saved it by then); the opponent's moves
 * arrive the same way, at once.  The UI's own game (ui_game) is a copy of
 * the room's, both players "human", so the analysis runs as in any game
 * when the room allows it, and the engine never moves for anyone here.
 */
#include "config.h"

#include <ctype.h>
#include <curses.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "client/client.h"
#include "client/view.h"
#include "core/registry.h"
#include "ui/analysis.h"
#include "ui/app.h"
#include "ui/list.h"
#include "ui/online.h"
#include "ui/play.h"
#include "ui/shown.h"
#include "ui/status.h"

/* How often the lobby asks for the list again. */
static const int64_t UI_ONLINE_LIST_MS = 2000;

static const struct {
	const char *label, *option;
} UI_ONLINE_CLOCKS[] = {
        {"none", ""},
        {"5 min + 3 s", " clock=5+3"},
        {"10 min + 5 s", " clock=10+5"},
        {"30 min", " clock=30+0"},
};
enum {
	UI_ONLINE_CLOCK_COUNT =
	        (int)(sizeof UI_ONLINE_CLOCKS / sizeof UI_ONLINE_CLOCKS[0])
};

enum {
	ONLINE_GAME,
	ONLINE_OPPONENT,
	ONLINE_CLOCK,
	ONLINE_ANALYSIS,
	ONLINE_CREATE,
	ONLINE_JOIN,
	ONLINE_FORM_ROWS /* then one row per room */
};

static void ui_online_send(struct ui_app *app, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void
ui_online_send(struct ui_app *app, const char *fmt, ...)
{
	char line[NET_LINE_MAX + 1];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (!net_client_send(&app->online.conn, line))
		ui_status(app, true, "the room server has gone");
}

/* The registry index of the next two-player game after game, by step. */
static int
ui_online_next_game(int game, int step)
{
	int n = (int)registry_count();
	for (int i = 1; i <= n; i++) {
		int g = ((game + step * i) % n + n) % n;
		if (registry_at((size_t)g)->players == 2)
			return g;
	}
	return game;
}

/* Shown from the menu, or after leaving a room: connects to the room
 * server unless connected (the status line says why not). */
static bool
ui_online_enter(struct ui_host *host, void *ctx)
{
	(void)host;
	struct ui_app *app = ctx;
	struct ui_online *on = &app->online;
	char err[512];
	if (on->connected)
		return true;
	if (!net_client_connect(&on->conn, net_socket_path(), err,
	                        sizeof err)) {
		ui_status(app, true, "cannot reach the room server: %s", err);
		return false;
	}
	view_init(&on->view);
	on->connected = true;
	on->in_room = false;
	on->row = ONLINE_CREATE;
	if (registry_at((size_t)on->game)->players != 2)
		on->game = ui_online_next_game(on->game, 1);
	on->listed_at = 0;
	on->pointed = false;
	ui_status(app, false, "connecting to %s", net_socket_path());
	return true;
}

void
ui_online_close(struct ui_app *app)
{
	struct ui_online *on = &app->online;
	if (!on->connected)
		return;
	net_client_close(&on->conn);
	view_free(&on->view);
	on->connected = false;
	if (on->in_room)
		ui_play_close(app); /* the room's game is the server's */
	on->in_room = false;
}

bool
ui_online_in_room(const struct ui_app *app)
{
	return app->online.in_room;
}

int
ui_online_fd(const struct ui_app *app)
{
	return app->online.connected ? app->online.conn.fd : -1;
}

/* How often a room's clock and the lobby's list are looked at, ms. */
static const int UI_ONLINE_TICK_MS = 250;

int
ui_online_timeout(const struct ui_app *app, int timeout)
{
	const struct ui_online *on = &app->online;
	/* The clock ticks each second. */
	if (on->connected && on->in_room && on->view.clock_running &&
	    timeout > UI_ONLINE_TICK_MS)
		return UI_ONLINE_TICK_MS;
	return timeout;
}

/* Whether the analysis may run: spectators always, players in an
 * analysis room. */
static bool
ui_online_may_analyse(const struct ui_app *app)
{
	const struct view *v = &app->online.view;
	return v->seat == 0 || v->analysis;
}

/* Shows the room's game on the game screen, as it stands. */
static void
ui_online_enter_room(struct ui_app *app)
{
	struct ui_online *on = &app->online;
	struct view *v = &on->view;
	int who[2] = {0, 0};
	struct game_setup setup = {0};
	char err[256];
	/* Off before the game is shown, so no search ever starts for a
	 * seated player who may not have one. */
	if (!(v->seat == 0 || v->analysis) && app->analysis.on)
		ui_analysis_toggle(app);
	if (!ui_play_new(app, v->s.ops, &setup, NULL, who, err, sizeof err)) {
		ui_status(app, true, "%s", err);
		return;
	}
	for (size_t i = 0; i < v->s.ply; i++)
		ui_play_append(app, v->s.moves[i]);
	on->in_room = true;
	on->confirm_resign = false;
	ui_shown_go(app, v->s.ply);
	ui_screen_show(&app->host, app->screens.game, app);
	ui_status(app, false, "room %s: %s%s", v->code,
	          v->seat ? "you play " : "watching",
	          v->seat ? v->s.ops->side_names[v->seat - 1] : "");
}

/* Brings the shown game up to the room's moves. */
static void
ui_online_follow(struct ui_app *app)
{
	struct ui_game *game = &app->game;
	const struct view *v = &app->online.view;
	size_t before = game->session.ply;
	bool at_end = game->shown == before;
	while (game->session.ply < v->s.ply) {
		const struct game_pos *pos = session_current(&game->session);
		char text[GAME_TEXT_MAX];
		int side = v->s.ops->side_to_move(pos);
		game_move m = v->s.moves[game->session.ply];
		v->s.ops->format_move(pos, m, text, sizeof text);
		if (!ui_play_append(app, m))
			break;
		ui_status(app, false, "%s played %s",
		          v->s.ops->side_names[side], text);
	}
	if (game->session.ply != before && at_end)
		ui_shown_go(app, game->session.ply);
	if (v->draw_offer != 0 && !v->over)
		ui_status(app, false, "%s offers a draw%s",
		          v->s.ops->side_names[v->draw_offer - 1],
		          v->seat != 0 && v->seat != v->draw_offer
		                  ? ": D accepts"
		                  : "");
}

/* After a reconnection: the first list puts the cursor on a game the
 * player has not finished, so Enter takes them back to their seat. */
static void
ui_online_point_at_mine(struct ui_app *app)
{
	struct ui_online *on = &app->online;
	if (on->pointed)
		return;
	on->pointed = true;
	for (size_t i = 0; i < on->view.room_count; i++) {
		const struct view_room_entry *e = &on->view.rooms[i];
		if (e->yours && (strcmp(e->state, "playing") == 0 ||
		                 strcmp(e->state, "waiting") == 0)) {
			on->row = ONLINE_FORM_ROWS + (int)i;
			ui_status(app, false,
			          "your game in room %s: Enter goes back to it",
			          e->code);
			return;
		}
	}
}

void
ui_online_poll(struct ui_app *app)
{
	struct ui_online *on = &app->online;
	char line[NET_LINE_MAX + 1];
	int r;
	while (on->connected &&
	       (r = net_client_next(&on->conn, line, 0)) != 0) {
		if (r < 0) {
			ui_online_close(app);
			ui_screen_back_to(&app->host, app->screens.menu, app);
			ui_status(app, true,
			          "the room server closed the "
			          "connection");
			break;
		}
		app->host.dirty = true;
		switch (view_feed(&on->view, line, ui_now_ms())) {
		case VIEW_WELCOME:
			on->asking = false;
			ui_status(app, false, "welcome, %s", on->view.name);
			ui_online_send(app, "list");
			on->listed_at = ui_now_ms();
			break;
		case VIEW_NEED_NAME:
			on->asking = true;
			on->typed_len = 0;
			on->typed[0] = '\0';
			ui_status(app, false,
			          "pick your name (once, for your "
			          "SSH key), then Enter");
			break;
		case VIEW_ROOM:
			ui_online_enter_room(app);
			break;
		case VIEW_CHANGED:
			if (on->in_room)
				ui_online_follow(app);
			break;
		case VIEW_OVER:
			if (on->in_room)
				ui_online_follow(app);
			ui_status(app, false, "game over: %s, %s",
			          on->view.result, on->view.reason);
			break;
		case VIEW_CREATED:
			ui_status(app, false,
			          "room %s: give this code to your "
			          "opponent",
			          on->view.created_code);
			break;
		case VIEW_ERROR:
		case VIEW_BYE:
			ui_status(app, true, "%s", on->view.error);
			break;
		case VIEW_LOBBY:
			ui_online_point_at_mine(app);
			break;
		case VIEW_LEFT:
		case VIEW_NOTHING:
			break;
		}
	}
}

/* ---------------------------------------------------------------------- */
/* The game screen in a room                                               */

static void
ui_online_clock_text(const struct view *v, int side, char *buf, size_t size)
{
	if (v->clock_text[0] == '\0' || strcmp(v->clock_text, "-") == 0) {
		buf[0] = '\0';
		return;
	}
	int64_t ms = view_clock(v, side, ui_now_ms());
	snprintf(buf, size, " %" PRId64 ":%02" PRId64, ms / 60000,
	         ms / 1000 % 60);
}

void
ui_online_title(const struct ui_app *app, char *buf, size_t size)
{
	const struct view *v = &app->online.view;
	const struct game_ops *ops = v->s.ops;
	char c0[32], c1[32];
	ui_online_clock_text(v, 0, c0, sizeof c0);
	ui_online_clock_text(v, 1, c1, sizeof c1);
	int side = ops->side_to_move(session_current(&v->s));
	snprintf(buf, size,
	         " room %s  %s  %s: %s%s  %s: %s%s  ply %zu/%zu  %s  %s%s",
	         v->code, ops->title, ops->side_names[0], v->player[0], c0,
	         ops->side_names[1], v->player[1], c1, app->game.shown,
	         app->game.session.ply,
	         v->over ? v->result : ops->side_names[side],
	         v->over ? "" : "to move", v->seat == 0 ? "  (watching)" : "");
}

bool
ui_online_play(struct ui_app *app, game_move move)
{
	struct ui_online *on = &app->online;
	if (!on->in_room)
		return false;
	const struct view *v = &on->view;
	if (v->seat == 0) {
		ui_status(app, true, "spectators cannot move");
		return true;
	}
	if (app->game.shown != app->game.session.ply) {
		ui_status(app, true, "back to the latest position first (End)");
		return true;
	}
	if (!view_my_turn(v)) {
		ui_status(app, true,
		          v->over ? "the game is over" : "not your turn");
		return true;
	}
	char text[GAME_TEXT_MAX];
	v->s.ops->format_move(session_current(&v->s), move, text, sizeof text);
	ui_online_send(app, "move %s", text);
	ui_status(app, false, "sent %s", text);
	return true;
}

/* Back to the lobby; the seat stays the player's. */
static void
ui_online_leave(struct ui_app *app)
{
	struct ui_online *on = &app->online;
	ui_online_send(app, "leave");
	on->in_room = false;
	ui_play_close(app);
	ui_screen_show(&app->host, app->screens.lobby, app);
	ui_online_send(app, "list");
	on->listed_at = ui_now_ms();
}

bool
ui_online_game_key(struct ui_app *app, int key)
{
	struct ui_online *on = &app->online;
	if (!on->in_room)
		return false;
	const struct view *v = &on->view;
	bool resign = key == 'R';
	if (!resign)
		on->confirm_resign = false;
	switch (key) {
	case 'R':
		if (v->seat == 0 || v->over) {
			ui_status(app, true, "nothing to resign");
		} else if (!on->confirm_resign) {
			on->confirm_resign = true;
			ui_status(app, true, "press R again to resign");
		} else {
			on->confirm_resign = false;
			ui_online_send(app, "resign");
		}
		return true;
	case 'D':
		if (v->seat == 0 || v->over)
			ui_status(app, true, "no draw to offer");
		else {
			ui_online_send(app, "draw");
			if (v->draw_offer == 0)
				ui_status(app, false, "draw offered");
		}
		return true;
	case 'L':
	case 'n':
		ui_online_leave(app);
		return true;
	case 'a': /* the analysis panel */
	case 'b': /* the hint */
	case 'x': /* the engine's line walked */
	case 'A': /* the review and its live panel */
		/* Fair play (tabula(6), PLAY ON THIS HOST): every engine aid
		 * is the analysis under another name. */
		if (!ui_online_may_analyse(app)) {
			ui_status(app, true,
			          "fair play: players here get no engine aid "
			          "(hint, line, review, analysis)");
			return true;
		}
		return false;
	case 'u':
	case 'e':
	case '!':
	case 'o':
	case 'g': /* the library opens other games */
		ui_status(app, true,
		          "not in a room's game: R resigns, D "
		          "offers a draw, L leaves");
		return true;
	default:
		return false;
	}
}

/* What ui_online_game_key takes, for the help (and tabula(6), Lobby and
 * rooms in the terminal UI). */
static const struct ui_keyhelp UI_ONLINE_ROOM_KEYS[] = {
        {"R", "resign (press it twice)"},
        {"D", "offer or accept a draw"},
        {"L n", "leave the room"},
        {"a", "analysis (analysis rooms)"},
        {"u e ! o g", "not in a room's game"},
};

void
ui_online_keys_each(const struct ui_app *app, ui_keyhelp_fn fn, void *ctx)
{
	if (!ui_online_in_room(app))
		return;
	ui_keyhelp_each(UI_ONLINE_ROOM_KEYS,
	                sizeof UI_ONLINE_ROOM_KEYS /
	                        sizeof UI_ONLINE_ROOM_KEYS[0],
	                fn, ctx);
}

/* ---------------------------------------------------------------------- */
/* The lobby                                                               */

static int
ui_online_rows(const struct ui_app *app)
{
	return ONLINE_FORM_ROWS + (int)app->online.view.room_count;
}

/* The name being typed on first contact. */
static void
ui_online_draw_asking(const struct ui_online *on, struct ui_grid *g, int y)
{
	ui_grid_printf(g, y, 2, g->width - 4, ROLE_CURSOR, "Your name: %s_",
	               on->typed);
	ui_grid_print(g, y + 2, 2, g->width - 4, ROLE_DIM,
	              "1 to 16 letters, digits, _ - or ., a letter "
	              "first; it stays yours");
	g->cursor_y = y;
	g->cursor_x = 13 + (int)on->typed_len;
}

/* The new room's form and the join line, from row y; returns the next
 * row. */
static int
ui_online_draw_form(const struct ui_online *on, struct ui_grid *g, int y)
{
	const struct game_ops *ops = registry_at((size_t)on->game);
	char rows[ONLINE_FORM_ROWS][120];
	snprintf(rows[ONLINE_GAME], sizeof rows[0],
	         "New room:  game     < %s >", ops->title);
	if (on->opponent == 0)
		snprintf(rows[ONLINE_OPPONENT], sizeof rows[0],
		         "           opponent < a person (share the "
		         "code) >");
	else
		snprintf(rows[ONLINE_OPPONENT], sizeof rows[0],
		         "           opponent < engine level %d >",
		         on->opponent);
	snprintf(rows[ONLINE_CLOCK], sizeof rows[0],
	         "           clock    < %s >",
	         UI_ONLINE_CLOCKS[on->clock].label);
	snprintf(rows[ONLINE_ANALYSIS], sizeof rows[0],
	         "           analysis < %s >",
	         on->analysis_room ? "players too (analysis room)"
	                           : "spectators only");
	snprintf(rows[ONLINE_CREATE], sizeof rows[0],
	         "           Create the room");
	snprintf(rows[ONLINE_JOIN], sizeof rows[0], "Join by code: %s%s",
	         on->code, on->row == ONLINE_JOIN ? "_" : "");
	for (int i = 0; i < ONLINE_FORM_ROWS; i++)
		ui_grid_printf(g, y + i, 2, g->width - 4,
		               i == on->row ? ROLE_CURSOR : ROLE_NORMAL,
		               "%c %s", i == on->row ? '>' : ' ', rows[i]);
	return y + ONLINE_FORM_ROWS + 1;
}

/* One room of the list on row y. */
static void
ui_online_draw_room(const struct view_room_entry *e, bool here,
                    struct ui_grid *g, int y)
{
	const struct game_ops *rops = registry_find(e->game);
	char players[80], turn[24];
	snprintf(players, sizeof players, "%s v %s", e->player[0],
	         e->player[1]);
	snprintf(turn, sizeof turn, "%s",
	         e->turn[0] == '1' && rops   ? rops->side_names[0]
	         : e->turn[0] == '2' && rops ? rops->side_names[1]
	                                     : "-");
	/* Your seat is a star after the code, not a word after the state:
	 * the row then fits 80 columns with a clock (a word there was cut to
	 * "waiting (y"). */
	char code[sizeof e->code + 1];
	snprintf(code, sizeof code, "%s%s", e->code, e->yours ? "*" : "");
	ui_grid_printf(g, y, 2, g->width - 4, here ? ROLE_CURSOR : ROLE_NORMAL,
	               "%c %-5s %-9s %-23.23s %4u %5d %-8s %s%s",
	               here ? '>' : ' ', code, rops ? rops->title : e->game,
	               players, e->ply, e->spectators, turn, e->state,
	               strcmp(e->clock, "-") ? " clock" : "");
}

/* What a seat's kind word means to a person. */
static const char *
ui_online_kind_text(const char *kind)
{
	return strcmp(kind, "user") == 0     ? "local user"
	       : strcmp(kind, "ssh") == 0    ? "SSH key"
	       : strcmp(kind, "engine") == 0 ? "engine"
	                                     : "empty seat";
}

/* Who the selected room's players are, on row y: the same name may be a
 * local user's on one host and an SSH key's on another (tabula(6), PLAY
 * ON THIS HOST, "Identity"). */
static void
ui_online_draw_seats(const struct view_room_entry *e, struct ui_grid *g, int y)
{
	ui_grid_printf(g, y, 4, g->width - 6, ROLE_DIM, "%s (%s) v %s (%s)",
	               e->player[0], ui_online_kind_text(e->kind[0]),
	               e->player[1], ui_online_kind_text(e->kind[1]));
}

/* The list of rooms from row y, scrolled to the selected one. */
static void
ui_online_draw_rooms(const struct ui_online *on, struct ui_grid *g, int y)
{
	const struct view *v = &on->view;
	ui_grid_printf(g, y++, 2, g->width - 4, ROLE_TITLE,
	               "  %-5s %-9s %-23s %4s %5s %-8s %s", "Code", "Game",
	               "Players", "Ply", "Watch", "Turn", "State");
	int room_rows = g->height - 3 - y;
	int first = 0, sel = on->row - ONLINE_FORM_ROWS;
	if (sel >= room_rows)
		first = sel - room_rows + 1;
	for (int i = first; i < (int)v->room_count && y < g->height - 3; i++)
		ui_online_draw_room(&v->rooms[i],
		                    ONLINE_FORM_ROWS + i == on->row, g, y++);
	if (v->room_count == 0)
		ui_grid_print(g, y, 4, g->width - 6, ROLE_DIM,
		              "no rooms yet: create one");
	else if (sel >= 0 && sel < (int)v->room_count)
		ui_online_draw_seats(&v->rooms[sel], g, g->height - 3);
}

static void
ui_online_draw(struct ui_host *host, void *ctx, struct ui_grid *g)
{
	(void)host;
	struct ui_app *app = ctx;
	struct ui_online *on = &app->online;
	const struct view *v = &on->view;
	char line[300];
	snprintf(line, sizeof line, " tabula: play on this host%s%s",
	         v->name[0] ? "  - you are " : "", v->name);
	ui_grid_print(g, 0, 0, g->width, ROLE_TITLE, line);
	int y = 2;
	if (on->asking) {
		ui_online_draw_asking(on, g, y);
	} else {
		ui_online_draw_rooms(on, g, ui_online_draw_form(on, g, y));
		if (on->row < ONLINE_FORM_ROWS) {
			g->cursor_y = 2 + on->row;
			g->cursor_x = 4;
		}
	}
	ui_grid_print(g, g->height - 2, 2, g->width - 4, ROLE_DIM,
	              "Up/Down line  Left/Right change  Enter create/join/watch"
	              "  w watch  Esc menu");
	ui_status_print(app, g);
}

static void
ui_online_change(struct ui_app *app, int delta)
{
	struct ui_online *on = &app->online;
	switch (on->row) {
	case ONLINE_GAME:
		on->game = ui_online_next_game(on->game, delta);
		break;
	case ONLINE_OPPONENT:
		on->opponent = (on->opponent + delta + UI_LEVELS + 1) %
		               (UI_LEVELS + 1);
		break;
	case ONLINE_CLOCK:
		on->clock = (on->clock + delta + UI_ONLINE_CLOCK_COUNT) %
		            UI_ONLINE_CLOCK_COUNT;
		break;
	case ONLINE_ANALYSIS:
		on->analysis_room = !on->analysis_room;
		break;
	default:
		break;
	}
}

static void
ui_online_activate(struct ui_app *app, bool watch)
{
	struct ui_online *on = &app->online;
	if (on->row == ONLINE_JOIN) {
		if (on->code[0] != '\0')
			ui_online_send(app, "%s %s", watch ? "watch" : "join",
			               on->code);
		return;
	}
	if (on->row < ONLINE_FORM_ROWS) {
		if (watch)
			return;
		char engine[32] = "";
		if (on->opponent > 0)
			snprintf(engine, sizeof engine, " engine=%d",
			         on->opponent);
		ui_online_send(app, "create %s%s%s%s",
		               registry_at((size_t)on->game)->name, engine,
		               UI_ONLINE_CLOCKS[on->clock].option,
		               on->analysis_room ? " analysis" : "");
		return;
	}
	const struct view_room_entry *e =
	        &on->view.rooms[on->row - ONLINE_FORM_ROWS];
	bool open = strcmp(e->state, "waiting") == 0;
	ui_online_send(app, "%s %s",
	               !watch && (e->yours || open) ? "join" : "watch",
	               e->code);
}

/* Typing a name, or a code on the join line; true when the key was
 * taken. */
static bool
ui_online_type(struct ui_app *app, int key)
{
	struct ui_online *on = &app->online;
	char *buf = on->asking ? on->typed : on->code;
	size_t max = on->asking ? sizeof on->typed - 1 : VIEW_CODE_LEN;
	size_t len = strlen(buf);
	if (!on->asking && on->row != ONLINE_JOIN)
		return false;
	/* A whole code typed: w watches that room (a letter of a code
	 * otherwise). */
	if (!on->asking && len == max && key == 'w')
		return false;
	if (key == KEY_BACKSPACE || key == 127 || key == 8) {
		if (len > 0)
			buf[len - 1] = '\0';
	} else if (key < 127 &&
	           (isalnum(key) || key == '_' || key == '-' || key == '.')) {
		if (len < max) {
			buf[len] = on->asking ? (char)key : (char)toupper(key);
			buf[len + 1] = '\0';
		}
	} else if (on->asking &&
	           (key == '\n' || key == '\r' || key == KEY_ENTER)) {
		ui_online_send(app, "name %s", on->typed);
	} else {
		return false;
	}
	on->typed_len = strlen(on->typed);
	return true;
}

static void
ui_online_list_change(void *ctx, int delta)
{
	ui_online_change(ctx, delta);
}

static void
ui_online_list_activate(void *ctx)
{
	ui_online_activate(ctx, false);
}

static const struct ui_list_ops UI_ONLINE_LIST = {
        .change = ui_online_list_change,
        .activate = ui_online_list_activate,
};

static void
ui_online_key(struct ui_host *host, void *ctx, int key)
{
	struct ui_app *app = ctx;
	struct ui_online *on = &app->online;
	if (ui_online_type(app, key) ||
	    ui_list_key(key, &on->row, ui_online_rows(app), &UI_ONLINE_LIST,
	                app))
		return;
	switch (key) {
	case 'w':
		ui_online_activate(app, true);
		break;
	case 'r':
		ui_online_send(app, "list");
		on->listed_at = ui_now_ms();
		break;
	case 27:
	case 'q':
		ui_online_close(app);
		ui_screen_show(host, app->screens.menu, app);
		break;
	default:
		break;
	}
}

void
ui_online_tick(struct ui_app *app)
{
	struct ui_online *on = &app->online;
	if (!on->connected)
		return;
	if (on->row >= ui_online_rows(app))
		on->row = ui_online_rows(app) - 1;
	if (on->in_room && on->view.clock_running)
		app->host.dirty = true;
}

/* The lobby refreshes its list itself. */
static int
ui_online_lobby_timeout(void *ctx, int timeout)
{
	const struct ui_app *app = ctx;
	if (app->online.connected && timeout > UI_ONLINE_TICK_MS)
		return UI_ONLINE_TICK_MS;
	return timeout;
}

/* Asks for the list now and then. */
static void
ui_online_lobby_tick(struct ui_host *host, void *ctx)
{
	(void)host;
	struct ui_app *app = ctx;
	struct ui_online *on = &app->online;
	int64_t now = ui_now_ms();
	if (on->connected && on->view.name[0] != '\0' &&
	    now - on->listed_at >= UI_ONLINE_LIST_MS) {
		ui_online_send(app, "list");
		on->listed_at = now;
	}
}

static void
ui_online_min_size(void *ctx, int *width, int *height)
{
	ui_min_size(ctx, false, width, height);
}

const struct ui_screen_ops ui_screen_lobby = {
        .name = "lobby",
        .enter = ui_online_enter,
        .min_size = ui_online_min_size,
        .draw = ui_online_draw,
        .key = ui_online_key,
        .wait_ms = ui_online_lobby_timeout,
        .tick = ui_online_lobby_tick,
};
