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
#include "ui/room.h"
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
ui_online_send(struct ui_app *app, const char *line)
{
	if (app->online.connected && net_client_send(&app->online.conn, line))
		return true;
	ui_status(app, true, "the room server has gone");
	return false;
}

const struct view *
ui_online_view(const struct ui_app *app)
{
	return app->online.connected ? &app->online.view : NULL;
}

void
ui_online_forget_top(struct ui_app *app)
{
	app->online.view.top_count = 0;
}

int
ui_online_form_game(const struct ui_app *app)
{
	return app->online.game;
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
	if (!(v->seat == 0 || v->analysis))
		ui_analysis_off(app);
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
	memcpy(on->seen_player, v->player, sizeof on->seen_player);
	ui_room_say_entered(app);
}

/* The lines of pairing, ratings and messages; true when line was one. */
static bool
ui_online_poll_more(struct ui_app *app, enum view_event ev)
{
	struct ui_online *on = &app->online;
	const struct view *v = &on->view;
	switch (ev) {
	case VIEW_SEEKING:
		ui_status(app, false,
		          "looking for an opponent: %s (p again withdraws)",
		          v->seeking);
		return true;
	case VIEW_UNSEEKED:
		ui_status(app, false, "no longer looking for an opponent");
		return true;
	case VIEW_PAIRED:
		ui_status(app, false, "paired with %s in room %s", v->opponent,
		          v->created_code);
		return true;
	case VIEW_RATED:
		ui_status(app, false, "%s; ratings: %s %d -> %d, %s %d -> %d",
		          on->over_text, ui_room_who(v, 0), v->rated_before[0],
		          v->rated_after[0], ui_room_who(v, 1),
		          v->rated_before[1], v->rated_after[1]);
		ui_room_send(app, "rating");
		return true;
	case VIEW_MESSAGE:
		ui_room_show_message(app);
		return true;
	case VIEW_TOP:
	case VIEW_MY_RATINGS:
		return true;
	default:
		return false;
	}
}

/* The room's game ended: the board follows, the status line says how,
 * with names (kept for the ratings' news that follows). */
static void
ui_online_over(struct ui_app *app)
{
	struct ui_online *on = &app->online;
	if (on->in_room)
		ui_room_follow(app);
	ui_room_over_text(&on->view, on->over_text, sizeof on->over_text);
	ui_status(app, false, "%s", on->over_text);
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

/* What the lobby does with one event of the server's lines. */
static void
ui_online_event(struct ui_app *app, enum view_event ev)
{
	struct ui_online *on = &app->online;
	switch (ev) {
	case VIEW_WELCOME:
		on->asking = false;
		ui_status(app, false, "welcome, %s", on->view.name);
		ui_room_send(app, "rating");
		ui_room_send(app, "list");
		on->listed_at = ui_now_ms();
		break;
	case VIEW_NEED_NAME:
		on->asking = true;
		on->typed_len = 0;
		on->typed[0] = '\0';
		ui_status(
		        app, false,
		        "pick your name (once, for your SSH key), then Enter");
		break;
	case VIEW_ROOM:
		ui_online_enter_room(app);
		break;
	case VIEW_CHANGED:
		if (on->in_room)
			ui_room_follow(app);
		break;
	case VIEW_OVER:
		ui_online_over(app);
		break;
	case VIEW_CREATED:
		ui_status(app, false,
		          "room %s: give this code to your opponent",
		          on->view.created_code);
		break;
	case VIEW_ERROR:
	case VIEW_BYE:
		ui_status(app, true, "%s", on->view.error);
		break;
	case VIEW_LOBBY:
		ui_online_point_at_mine(app);
		break;
	default:
		break;
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
			          "the room server closed the connection");
			break;
		}
		app->host.dirty = true;
		enum view_event ev = view_feed(&on->view, line, ui_now_ms());
		if (!ui_online_poll_more(app, ev))
			ui_online_event(app, ev);
	}
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
	         "           Create the room (%s, %s)",
	         on->rated_room ? "rated" : "casual",
	         on->chat_room ? "messages" : "no messages");
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
	char r[2][16] = {"", ""};
	for (int i = 0; i < 2; i++) {
		if (e->rating[i][0] != '\0' && strcmp(e->rating[i], "-") != 0)
			snprintf(r[i], sizeof r[i], " %s", e->rating[i]);
	}
	ui_grid_printf(g, y, 4, g->width - 6, ROLE_DIM, "%s%s (%s) v %s%s (%s)",
	               e->player[0], r[0], ui_online_kind_text(e->kind[0]),
	               e->player[1], r[1], ui_online_kind_text(e->kind[1]));
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
	char line[300], mine[120] = "";
	for (size_t i = 0; i < v->mine_count; i++) {
		const struct game_ops *ops = registry_find(v->mine[i].game);
		size_t l = strlen(mine);
		snprintf(mine + l, sizeof mine - l, "%s%s %d%s",
		         i ? ", " : "  (", ops ? ops->title : v->mine[i].game,
		         v->mine[i].rating,
		         v->mine[i].deviation > 110 ? "?" : "");
	}
	if (v->mine_count > 0)
		strncat(mine, ")", sizeof mine - strlen(mine) - 1);
	snprintf(line, sizeof line, " tabula: play on this host%s%s%s",
	         v->name[0] ? "  - you are " : "", v->name, mine);
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
	              "Enter join  w watch  p play anyone  t leaders  "
	              "g rated  c messages  Esc");
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
			ui_room_send(app, "%s %s", watch ? "watch" : "join",
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
		ui_room_send(app, "create %s%s%s%s%s%s",
		             registry_at((size_t)on->game)->name, engine,
		             UI_ONLINE_CLOCKS[on->clock].option,
		             on->analysis_room ? " analysis" : "",
		             on->rated_room ? " rated" : "",
		             on->chat_room ? " chat" : "");
		return;
	}
	const struct view_room_entry *e =
	        &on->view.rooms[on->row - ONLINE_FORM_ROWS];
	bool open = strcmp(e->state, "waiting") == 0;
	ui_room_send(app, "%s %s",
	             !watch && (e->yours || open) ? "join" : "watch", e->code);
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
		ui_room_send(app, "name %s", on->typed);
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
	case 'p': /* play anyone at the form's game and clock, or stop */
		if (on->view.seeking[0] != '\0')
			ui_room_send(app, "unseek");
		else
			ui_room_send(app, "seek %s%s",
			             registry_at((size_t)on->game)->name,
			             UI_ONLINE_CLOCKS[on->clock].option);
		break;
	case 't':
		ui_screen_push(host, app->screens.leaders, app);
		break;
	case 'g':
		on->rated_room = !on->rated_room;
		break;
	case 'c':
		on->chat_room = !on->chat_room;
		break;
	case 'r':
		ui_room_send(app, "list");
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
		ui_room_send(app, "list");
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
