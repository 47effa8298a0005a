/*
 * The lobby of Play on this host (tabula(6), PLAY ON THIS HOST, "Lobby
 * and rooms in the terminal UI"): the new room's form (game, opponent,
 * clock, analysis), the join line, where Enter starts typing a room's
 * code, and the list of rooms, refreshed every two seconds, with the
 * selected room's players below.  Its keys are one table (ui/keytab.h);
 * the connection and the server's lines are online.c's.
 */
#include "config.h"

#include <ctype.h>
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "client/view.h"
#include "core/registry.h"
#include "ui/app.h"
#include "ui/list.h"
#include "ui/lobby.h"
#include "ui/online.h"
#include "ui/room.h"
#include "ui/status.h"

/* How often the lobby asks for the list again, and looks at the time. */
static const int64_t UI_LOBBY_LIST_MS = 2000;
static const int UI_LOBBY_TICK_MS = 250;

static const struct {
	const char *label, *option;
} UI_LOBBY_CLOCKS[] = {
        {"none", ""},
        {"5 min + 3 s", " clock=5+3"},
        {"10 min + 5 s", " clock=10+5"},
        {"30 min", " clock=30+0"},
};
enum {
	UI_LOBBY_CLOCK_COUNT =
	        (int)(sizeof UI_LOBBY_CLOCKS / sizeof UI_LOBBY_CLOCKS[0])
};

/* The registry index of the next two-player game after game, by step. */
static int
ui_lobby_next_game(int game, int step)
{
	int n = (int)registry_count();
	for (int i = 1; i <= n; i++) {
		int g = ((game + step * i) % n + n) % n;
		if (registry_at((size_t)g)->players == 2)
			return g;
	}
	return game;
}

static int
ui_lobby_rows(const struct ui_app *app)
{
	return ONLINE_FORM_ROWS + (int)app->online.view.room_count;
}

/* Shown from the menu, or after leaving a room: connects to the room
 * server unless connected (the status line says why not). */
static bool
ui_lobby_enter(struct ui_host *host, void *ctx)
{
	(void)host;
	struct ui_app *app = ctx;
	struct ui_online *on = &app->online;
	char err[1024];
	if (on->connected)
		return true;
	if (!ui_online_connect(app, err, sizeof err)) {
		ui_status(app, true, "%s", err);
		return false;
	}
	on->row = ONLINE_CREATE;
	on->typing = false;
	if (registry_at((size_t)on->game)->players != 2)
		on->game = ui_lobby_next_game(on->game, 1);
	return true;
}

/* The name being typed on first contact. */
static void
ui_lobby_draw_asking(const struct ui_online *on, struct ui_grid *g, int y)
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
ui_lobby_draw_form(const struct ui_online *on, struct ui_grid *g, int y)
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
	         UI_LOBBY_CLOCKS[on->clock].label);
	snprintf(rows[ONLINE_ANALYSIS], sizeof rows[0],
	         "           analysis < %s >",
	         on->analysis_room ? "players too (analysis room)"
	                           : "spectators only");
	snprintf(rows[ONLINE_CREATE], sizeof rows[0],
	         "           Create the room (%s, %s)",
	         on->rated_room ? "rated" : "casual",
	         on->chat_room ? "messages" : "no messages");
	snprintf(rows[ONLINE_JOIN], sizeof rows[0], "Join by code: %s%s",
	         on->code,
	         on->typing ? "_"
	         : on->row == ONLINE_JOIN && on->code[0] == '\0'
	                 ? "(Enter, then type it)"
	                 : "");
	for (int i = 0; i < ONLINE_FORM_ROWS; i++)
		ui_grid_printf(g, y + i, 2, g->width - 4,
		               i == on->row ? ROLE_CURSOR : ROLE_NORMAL,
		               "%c %s", i == on->row ? '>' : ' ', rows[i]);
	return y + ONLINE_FORM_ROWS + 1;
}

/* One room of the list on row y. */
static void
ui_lobby_draw_room(const struct view_room_entry *e, bool here,
                   struct ui_grid *g, int y)
{
	const struct game_ops *rops = registry_find(e->game);
	char both[80], players[80], turn[24];
	snprintf(both, sizeof both, "%s v %s", e->player[0], e->player[1]);
	ui_text_fit(players, sizeof players, both, 23, g->ellipsis);
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
	               "%c %-5s %-9s %-23s %4u %5d %-8s %s%s", here ? '>' : ' ',
	               code, rops ? rops->title : e->game, players, e->ply,
	               e->spectators, turn, e->state,
	               strcmp(e->clock, "-") ? " clock" : "");
}

/* What a seat's kind word means to a person. */
static const char *
ui_lobby_kind_text(const char *kind)
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
ui_lobby_draw_seats(const struct view_room_entry *e, struct ui_grid *g, int y)
{
	char r[2][16] = {"", ""};
	for (int i = 0; i < 2; i++) {
		if (e->rating[i][0] != '\0' && strcmp(e->rating[i], "-") != 0)
			snprintf(r[i], sizeof r[i], " %s", e->rating[i]);
	}
	ui_grid_printf(g, y, 4, g->width - 6, ROLE_DIM, "%s%s (%s) v %s%s (%s)",
	               e->player[0], r[0], ui_lobby_kind_text(e->kind[0]),
	               e->player[1], r[1], ui_lobby_kind_text(e->kind[1]));
}

/* The list of rooms from row y, scrolled to the selected one. */
static void
ui_lobby_draw_rooms(const struct ui_online *on, struct ui_grid *g, int y)
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
		ui_lobby_draw_room(&v->rooms[i],
		                   ONLINE_FORM_ROWS + i == on->row, g, y++);
	if (v->room_count == 0)
		ui_grid_print(g, y, 4, g->width - 6, ROLE_DIM,
		              "no rooms yet: create one");
	else if (sel >= 0 && sel < (int)v->room_count)
		ui_lobby_draw_seats(&v->rooms[sel], g, g->height - 3);
}

/* Your name and your ratings ("1500?": provisional). */
static void
ui_lobby_title(const struct view *v, struct ui_grid *g)
{
	char line[300], mine[200] = "";
	snprintf(line, sizeof line, " tabula: play on this host%s%s",
	         v->name[0] ? " - you are " : "", v->name);
	ui_grid_print(g, 0, 0, g->width, ROLE_TITLE, line);
	for (size_t i = 0; i < v->mine_count; i++) {
		const struct game_ops *ops = registry_find(v->mine[i].game);
		size_t l = strlen(mine);
		snprintf(mine + l, sizeof mine - l, "%s%s %d%s",
		         i ? ", " : "  your ratings: ",
		         ops ? ops->title : v->mine[i].game, v->mine[i].rating,
		         v->mine[i].deviation > VIEW_PROVISIONAL_DEVIATION
		                 ? "?"
		                 : "");
	}
	if (v->mine_count > 0)
		ui_grid_print(g, 1, 0, g->width, ROLE_DIM, mine);
}

static void
ui_lobby_draw(struct ui_host *host, void *ctx, struct ui_grid *g)
{
	(void)host;
	struct ui_app *app = ctx;
	struct ui_online *on = &app->online;
	ui_lobby_title(&on->view, g);
	int y = 2;
	if (on->asking) {
		ui_lobby_draw_asking(on, g, y);
	} else {
		ui_lobby_draw_rooms(on, g, ui_lobby_draw_form(on, g, y));
		if (on->typing) {
			g->cursor_y = 2 + ONLINE_JOIN;
			g->cursor_x = 18 + (int)strlen(on->code);
		} else if (on->row < ONLINE_FORM_ROWS) {
			g->cursor_y = 2 + on->row;
			g->cursor_x = 4;
		}
	}
	char foot[256];
	ui_keytab_footer(&ui_lobby_keytab, app, g->width - 4, foot,
	                 sizeof foot);
	ui_grid_print(g, g->height - 2, 2, g->width - 4, ROLE_DIM, foot);
	ui_status_print(app, g);
}

static void
ui_lobby_change(struct ui_app *app, int delta)
{
	struct ui_online *on = &app->online;
	switch (on->row) {
	case ONLINE_GAME:
		on->game = ui_lobby_next_game(on->game, delta);
		break;
	case ONLINE_OPPONENT:
		on->opponent = (on->opponent + delta + UI_LEVELS + 1) %
		               (UI_LEVELS + 1);
		break;
	case ONLINE_CLOCK:
		on->clock = (on->clock + delta + UI_LOBBY_CLOCK_COUNT) %
		            UI_LOBBY_CLOCK_COUNT;
		break;
	case ONLINE_ANALYSIS:
		on->analysis_room = !on->analysis_room;
		break;
	default:
		break;
	}
}

static void
ui_lobby_activate(struct ui_app *app, bool watch)
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
		             UI_LOBBY_CLOCKS[on->clock].option,
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

/* ---- The keys */

static bool
ui_lobby_asking(const struct ui_app *app)
{
	return app->online.asking;
}

static bool
ui_lobby_listing(const struct ui_app *app)
{
	return !app->online.asking;
}

/* Typing a code's letters, with room for more. */
static bool
ui_lobby_typing(const struct ui_app *app)
{
	const struct ui_online *on = &app->online;
	return !on->asking && on->typing && strlen(on->code) < VIEW_CODE_LEN;
}

static bool
ui_lobby_in_code(const struct ui_app *app)
{
	return !app->online.asking && app->online.typing;
}

static bool
ui_lobby_erase_key(int key)
{
	return key == KEY_BACKSPACE || key == 127 || key == 8;
}

/* A character of the name asked for on first contact, or Backspace. */
static void
ui_lobby_type_name(struct ui_app *app, int key)
{
	struct ui_online *on = &app->online;
	size_t len = strlen(on->typed);
	if (ui_lobby_erase_key(key)) {
		if (len > 0)
			on->typed[len - 1] = '\0';
	} else if (len + 1 < sizeof on->typed) {
		on->typed[len] = (char)key;
		on->typed[len + 1] = '\0';
	}
	on->typed_len = strlen(on->typed);
}

static void
ui_lobby_send_name(struct ui_app *app)
{
	ui_room_send(app, "name %s", app->online.typed);
}

/* A letter of a room's code (upper case), or Backspace. */
static void
ui_lobby_type_code(struct ui_app *app, int key)
{
	struct ui_online *on = &app->online;
	size_t len = strlen(on->code);
	if (ui_lobby_erase_key(key)) {
		if (len > 0)
			on->code[len - 1] = '\0';
	} else if (len < VIEW_CODE_LEN) {
		on->code[len] = (char)toupper(key);
		on->code[len + 1] = '\0';
	}
}

/* Esc while typing a code: the code goes, the keys are keys again. */
static void
ui_lobby_stop_typing(struct ui_app *app)
{
	app->online.typing = false;
	app->online.code[0] = '\0';
}

static void
ui_lobby_move(struct ui_app *app, int delta)
{
	struct ui_online *on = &app->online;
	on->typing = false;
	on->row = ui_list_step(on->row, ui_lobby_rows(app), delta);
}

/* Enter: on the join line, starts typing a code (then joins it). */
static void
ui_lobby_enter_key(struct ui_app *app)
{
	struct ui_online *on = &app->online;
	if (on->row == ONLINE_JOIN && !on->typing) {
		on->typing = true;
		ui_status(app, false,
		          "type the room's code: Enter joins, w "
		          "watches, Esc stops");
		return;
	}
	ui_lobby_activate(app, false);
}

static void
ui_lobby_watch(struct ui_app *app)
{
	ui_lobby_activate(app, true);
}

/* Play anyone at the form's game and clock, or stop looking. */
static void
ui_lobby_seek(struct ui_app *app)
{
	struct ui_online *on = &app->online;
	if (on->view.seeking[0] != '\0')
		ui_room_send(app, "unseek");
	else
		ui_room_send(app, "seek %s%s",
		             registry_at((size_t)on->game)->name,
		             UI_LOBBY_CLOCKS[on->clock].option);
}

static void
ui_lobby_leaders(struct ui_app *app)
{
	ui_screen_push(&app->host, app->screens.leaders, app);
}

enum { UI_LOBBY_RATED, UI_LOBBY_CHAT };

static void
ui_lobby_toggle(struct ui_app *app, int which)
{
	struct ui_online *on = &app->online;
	bool *flag = which == UI_LOBBY_RATED ? &on->rated_room : &on->chat_room;
	*flag = !*flag;
}

static void
ui_lobby_list(struct ui_app *app)
{
	ui_room_send(app, "list");
	app->online.listed_at = ui_now_ms();
}

static void
ui_lobby_help(struct ui_app *app)
{
	ui_screen_show(&app->host, app->screens.help, app);
}

static void
ui_lobby_back(struct ui_app *app)
{
	ui_online_close(app);
	ui_screen_show(&app->host, app->screens.menu, app);
}

/* Typing goes first: a name on first contact, a code once Enter on the
 * join line asked for one (so p, w and the rest stay keys elsewhere). */
/* clang-format off */
static const struct ui_key UI_LOBBY_KEYS[] = {
	{{UI_KEYS_ALNUM, '_', '-', '.', KEY_BACKSPACE, 127, 8},
	 "letters Backspace", "type your name", .run_arg = ui_lobby_type_name,
	 .arg = UI_KEY_PRESSED, .applies = ui_lobby_asking},
	{{'\n', '\r', KEY_ENTER}, "Enter", "take this name",
	 .hint = "Enter take it", .run = ui_lobby_send_name,
	 .applies = ui_lobby_asking},
	{{UI_KEYS_ALNUM}, "letters", "type the room's code",
	 .hint = "type the code", .run_arg = ui_lobby_type_code,
	 .arg = UI_KEY_PRESSED, .applies = ui_lobby_typing},
	{{KEY_BACKSPACE, 127, 8}, "Backspace", "erase the code's last letter",
	 .run_arg = ui_lobby_type_code, .arg = UI_KEY_PRESSED,
	 .applies = ui_lobby_in_code},
	{{27}, "Esc", "stop typing the code", .hint = "Esc stop",
	 .run = ui_lobby_stop_typing, .applies = ui_lobby_in_code},
	{{'k', KEY_UP}, "k Up", "the line above", .run_arg = ui_lobby_move,
	 .arg = -1, .applies = ui_lobby_listing},
	{{'j', KEY_DOWN}, "j Down", "the line below", .run_arg = ui_lobby_move,
	 .arg = 1, .applies = ui_lobby_listing},
	{{'h', KEY_LEFT}, "h Left", "change the form's line",
	 .run_arg = ui_lobby_change, .arg = -1, .applies = ui_lobby_listing},
	{{'l', KEY_RIGHT}, "l Right", "change it the other way",
	 .run_arg = ui_lobby_change, .arg = 1, .applies = ui_lobby_listing},
	{{'\n', '\r', ' ', KEY_ENTER}, "Enter Space",
	 "create, type a code, join", .hint = "Enter join",
	 .run = ui_lobby_enter_key, .applies = ui_lobby_listing},
	{{'w'}, "w", "watch the room (or the code)", .hint = "w watch",
	 .run = ui_lobby_watch, .applies = ui_lobby_listing},
	{{'p'}, "p", "play anyone (p again stops)", .hint = "p play anyone",
	 .run = ui_lobby_seek, .applies = ui_lobby_listing},
	{{'t'}, "t", "the leaderboard", .hint = "t leaders",
	 .run = ui_lobby_leaders, .applies = ui_lobby_listing},
	{{'g'}, "g", "the new room rated or casual", .hint = "g rated",
	 .run_arg = ui_lobby_toggle, .arg = UI_LOBBY_RATED,
	 .applies = ui_lobby_listing},
	{{'c'}, "c", "the new room with messages", .hint = "c messages",
	 .run_arg = ui_lobby_toggle, .arg = UI_LOBBY_CHAT,
	 .applies = ui_lobby_listing},
	{{'r'}, "r", "the list again", .run = ui_lobby_list,
	 .applies = ui_lobby_listing},
	{{'?'}, "?", "this help", .hint = "? keys", .run = ui_lobby_help},
	{{'q', 27}, "q Esc", "back to the menu", .hint = "q back",
	 .run = ui_lobby_back},
};
/* clang-format on */

const struct ui_keytab ui_lobby_keytab =
        UI_KEYTAB("lobby", "The lobby", "in the lobby", UI_LOBBY_KEYS, NULL);

/* The lobby refreshes its list itself. */
static int
ui_lobby_timeout(void *ctx, int timeout)
{
	const struct ui_app *app = ctx;
	if (app->online.connected && timeout > UI_LOBBY_TICK_MS)
		return UI_LOBBY_TICK_MS;
	return timeout;
}

/* Asks for the list now and then. */
static void
ui_lobby_tick(struct ui_host *host, void *ctx)
{
	(void)host;
	struct ui_app *app = ctx;
	struct ui_online *on = &app->online;
	int64_t now = ui_now_ms();
	if (on->connected && on->view.name[0] != '\0' &&
	    now - on->listed_at >= UI_LOBBY_LIST_MS) {
		ui_room_send(app, "list");
		on->listed_at = now;
	}
}

static void
ui_lobby_min_size(void *ctx, int *width, int *height)
{
	ui_min_size(ctx, false, width, height);
}

const struct ui_screen_ops ui_screen_lobby = {
        .name = "lobby",
        .title = "the lobby",
        .enter = ui_lobby_enter,
        .min_size = ui_lobby_min_size,
        .draw = ui_lobby_draw,
        .wait_ms = ui_lobby_timeout,
        .tick = ui_lobby_tick,
        .keys = &ui_lobby_keytab,
};
