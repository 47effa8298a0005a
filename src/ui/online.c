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
#include "ui/lobby.h"
#include "ui/online.h"
#include "ui/play.h"
#include "ui/room.h"
#include "ui/shown.h"
#include "ui/status.h"

/* How often the lobby asks for the list again. */
/* Connects to the room server (the status line says how); false with
 * the reason in err, which names what to do about it. */
bool
ui_online_connect(struct ui_app *app, char *err, size_t err_size)
{
	struct ui_online *on = &app->online;
	char why[512];
	if (on->connected)
		return true;
	if (!net_client_connect(&on->conn, net_socket_path(), why,
	                        sizeof why)) {
		snprintf(err, err_size, "cannot reach the room server: %s",
		         why);
		return false;
	}
	view_init(&on->view);
	on->connected = true;
	on->in_room = false;
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
	on->resign_asked = 0;
	on->typing = false; /* the code typed is joined */
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

void
ui_online_tick(struct ui_app *app)
{
	struct ui_online *on = &app->online;
	if (!on->connected)
		return;
	if (on->row >= (ONLINE_FORM_ROWS + (int)on->view.room_count))
		on->row = (ONLINE_FORM_ROWS + (int)on->view.room_count) - 1;
	if (on->in_room && on->view.clock_running)
		app->host.dirty = true;
}
