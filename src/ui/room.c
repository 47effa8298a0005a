/*
 * A room's game on the game screen (tabula(6), PLAY ON THIS HOST, "Lobby
 * and rooms in the terminal UI"): its title line, what the status line
 * says as the game goes (who sat down, who played what, your move, the
 * end with names), moves and messages sent to the server, and the room's
 * keys.  The lobby (online.c) keeps the connection and feeds the view;
 * this file only reads them and sends.
 */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "client/client.h"
#include "client/view.h"
#include "ui/app.h"
#include "ui/online.h"
#include "ui/play.h"
#include "ui/room.h"
#include "ui/shown.h"
#include "ui/status.h"

void
ui_room_send(struct ui_app *app, const char *fmt, ...)
{
	char line[NET_LINE_MAX + 1];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	ui_online_send(app, line);
}

/* Whether the analysis may run: spectators always, players in an
 * analysis room. */
static bool
ui_room_may_analyse(const struct ui_app *app)
{
	const struct view *v = &app->online.view;
	return v->seat == 0 || v->analysis;
}

/* Who plays side (0 or 1): the name, or the side's name for an open
 * seat. */
const char *
ui_room_who(const struct view *v, int side)
{
	return strcmp(v->player[side], "-") != 0 ? v->player[side]
	                                         : v->s.ops->side_names[side];
}

/* Whether the player may move now: their turn, the opponent seated. */
static bool
ui_room_my_move(const struct view *v)
{
	return view_my_turn(v) && strcmp(v->player[0], "-") != 0 &&
	       strcmp(v->player[1], "-") != 0;
}

/* ": your move" when it is, else "". */
static const char *
ui_room_your_move(const struct view *v)
{
	return ui_room_my_move(v) ? ": your move" : "";
}

/* Says, on entering a room, whose it is and what to do next: the code
 * to share while the other seat is open. */
void
ui_room_say_entered(struct ui_app *app)
{
	const struct view *v = &app->online.view;
	if (v->seat == 0) {
		ui_status(app, false, "room %s: watching %s v %s", v->code,
		          ui_room_who(v, 0), ui_room_who(v, 1));
		return;
	}
	int other = 2 - v->seat;
	if (strcmp(v->player[other], "-") == 0 && !v->over)
		ui_status(app, false,
		          "room %s: share the code %s with your opponent; "
		          "waiting for them",
		          v->code, v->code);
	else
		ui_status(app, false, "room %s: you play %s against %s%s",
		          v->code, v->s.ops->side_names[v->seat - 1],
		          ui_room_who(v, other), ui_room_your_move(v));
}

/* Brings the shown game up to the room's moves. */
void
ui_room_follow(struct ui_app *app)
{
	struct ui_game *game = &app->game;
	const struct view *v = &app->online.view;
	size_t before = game->session.ply;
	bool at_end = game->shown == before;
	char news[200] = ""; /* said after the board moves (which says the
	                        ply) */
	while (game->session.ply < v->s.ply) {
		const struct game_pos *pos = session_current(&game->session);
		char text[GAME_TEXT_MAX];
		int side = v->s.ops->side_to_move(pos);
		game_move m = v->s.moves[game->session.ply];
		v->s.ops->format_move(pos, m, text, sizeof text);
		if (!ui_play_append(app, m))
			break;
		snprintf(news, sizeof news, "%s played %.120s%s",
		         ui_room_who(v, side), text, ui_room_your_move(v));
	}
	for (int i = 0; i < 2; i++) {
		struct ui_online *on = &app->online;
		if (strcmp(on->seen_player[i], v->player[i]) == 0)
			continue;
		if (strcmp(on->seen_player[i], "-") == 0)
			snprintf(news, sizeof news, "%s sat down to play %s%s",
			         v->player[i], v->s.ops->side_names[i],
			         ui_room_your_move(v));
		snprintf(on->seen_player[i], sizeof on->seen_player[i], "%s",
		         v->player[i]);
	}
	if (game->session.ply != before && at_end)
		ui_shown_go(app, game->session.ply);
	if (news[0] != '\0')
		ui_status(app, false, "%s", news);
	if (v->draw_offer != 0 && !v->over)
		ui_status(app, false, "%s offers a draw%s",
		          ui_room_who(v, v->draw_offer - 1),
		          v->seat != 0 && v->seat != v->draw_offer
		                  ? ": D accepts"
		                  : "");
}

/* text with "player 1" and "player 2" (the server's reasons) named. */
static void
ui_room_named(const struct view *v, const char *text, char *buf, size_t size)
{
	size_t n = 0;
	while (*text != '\0' && n + 1 < size) {
		if (strncmp(text, "player ", 7) == 0 &&
		    (text[7] == '1' || text[7] == '2')) {
			int w = snprintf(buf + n, size - n, "%s",
			                 ui_room_who(v, text[7] - '1'));
			n = w < 0 || (size_t)w >= size - n ? size - 1
			                                   : n + (size_t)w;
			text += 8;
		} else
			buf[n++] = *text++;
	}
	buf[n] = '\0';
}

/* How the room's game ended, with names: "alice wins (1-0, bob
 * resigned)". */
void
ui_room_over_text(const struct view *v, char *buf, size_t size)
{
	char reason[sizeof v->reason + 2 * VIEW_NAME_MAX];
	ui_room_named(v, v->reason, reason, sizeof reason);
	const char *winner = strcmp(v->result, "1-0") == 0   ? ui_room_who(v, 0)
	                     : strcmp(v->result, "0-1") == 0 ? ui_room_who(v, 1)
	                                                     : NULL;
	if (winner != NULL)
		snprintf(buf, size, "game over: %s wins (%s, %s)", winner,
		         v->result, reason);
	else
		snprintf(buf, size, "game over: %s (%s)",
		         strcmp(v->result, "1/2-1/2") == 0 ? "a draw"
		                                           : "no result",
		         reason);
}

/* A room message on the status line, unless muted. */
void
ui_room_show_message(struct ui_app *app)
{
	const struct view *v = &app->online.view;
	if (app->online.muted || v->message_count == 0)
		return;
	const struct view_message *m = &v->messages[v->message_count - 1];
	ui_status(app, false, "%s%s: %s", m->name,
	          m->spectator ? " (watching)" : "", m->text);
}

/* ---------------------------------------------------------------------- */
/* The game screen in a room                                               */

static void
ui_room_clock_text(const struct view *v, int side, char *buf, size_t size)
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
ui_room_title(const struct ui_app *app, char *buf, size_t size)
{
	const struct view *v = &app->online.view;
	const struct game_ops *ops = v->s.ops;
	char c0[32], c1[32];
	ui_room_clock_text(v, 0, c0, sizeof c0);
	ui_room_clock_text(v, 1, c1, sizeof c1);
	int side = ops->side_to_move(session_current(&v->s));
	/* Ratings in rated rooms only: the line has no room to spare. */
	char r0[16] = "", r1[16] = "";
	if (v->rated && v->rating[0][0] != '\0' &&
	    strcmp(v->rating[0], "-") != 0)
		snprintf(r0, sizeof r0, " %s", v->rating[0]);
	if (v->rated && v->rating[1][0] != '\0' &&
	    strcmp(v->rating[1], "-") != 0)
		snprintf(r1, sizeof r1, " %s", v->rating[1]);
	snprintf(buf, size,
	         " room %s  %s%s  %s: %s%s%s  %s: %s%s%s  ply %zu/%zu  %s%s%s",
	         v->code, ops->title, v->rated ? " rated" : "",
	         ops->side_names[0], v->player[0], r0, c0, ops->side_names[1],
	         v->player[1], r1, c1, app->game.shown, app->game.session.ply,
	         v->over              ? v->result
	         : ui_room_my_move(v) ? "your move"
	                              : ops->side_names[side],
	         v->over || ui_room_my_move(v) ? "" : " to move",
	         v->seat == 0 ? "  (watching)" : "");
}

void
ui_room_say(struct ui_app *app, const char *text)
{
	if (app->online.in_room)
		ui_room_send(app, "say %s", text);
}

bool
ui_room_play(struct ui_app *app, game_move move)
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
	ui_room_send(app, "move %s", text);
	ui_status(app, false, "sent %s", text);
	return true;
}

/* Back to the lobby; the seat stays the player's. */
static void
ui_room_leave(struct ui_app *app)
{
	struct ui_online *on = &app->online;
	ui_room_send(app, "leave");
	on->in_room = false;
	ui_play_close(app);
	ui_screen_show(&app->host, app->screens.lobby, app);
	ui_room_send(app, "list");
	on->listed_at = ui_now_ms();
}

/* ' opens the say prompt (in a room that takes messages), M mutes the
 * room's messages or shows them again. */
static void
ui_room_message_key(struct ui_app *app, int key)
{
	struct ui_online *on = &app->online;
	if (key == 'M') {
		on->muted = !on->muted;
		ui_status(app, false, "room messages %s",
		          on->muted ? "muted (M shows them again)" : "shown");
	} else if (!on->view.chat)
		ui_status(app, true, "this room takes no messages");
	else
		ui_prompt_open(app, UI_PROMPT_SAY);
}

/* R: resigns on the second press in a row, if there is a game to lose. */
static void
ui_room_resign_key(struct ui_app *app)
{
	struct ui_online *on = &app->online;
	const struct view *v = &on->view;
	if (v->seat == 0 || v->over) {
		ui_status(app, true, "nothing to resign");
	} else if (!on->confirm_resign) {
		on->confirm_resign = true;
		ui_status(app, true, "press R again to resign");
	} else {
		on->confirm_resign = false;
		ui_room_send(app, "resign");
	}
}

/* D: offers a draw, or accepts the opponent's offer. */
static void
ui_room_draw_key(struct ui_app *app)
{
	const struct view *v = &app->online.view;
	if (v->seat == 0 || v->over)
		ui_status(app, true, "no draw to offer");
	else {
		ui_room_send(app, "draw");
		if (v->draw_offer == 0)
			ui_status(app, false, "draw offered");
	}
}

bool
ui_room_game_key(struct ui_app *app, int key)
{
	struct ui_online *on = &app->online;
	if (!on->in_room)
		return false;
	bool resign = key == 'R';
	if (!resign)
		on->confirm_resign = false;
	switch (key) {
	case 'R':
		ui_room_resign_key(app);
		return true;
	case 'D':
		ui_room_draw_key(app);
		return true;
	case 'L':
	case 'n':
		ui_room_leave(app);
		return true;
	case '\'':
	case 'M':
		ui_room_message_key(app, key);
		return true;
	case 'a': /* the analysis panel */
	case 'b': /* the hint */
	case 'x': /* the engine's line walked */
	case 'A': /* the review and its live panel */
		/* Fair play (tabula(6), PLAY ON THIS HOST): every engine aid
		 * is the analysis under another name. */
		if (!ui_room_may_analyse(app)) {
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

/* What ui_room_game_key takes, for the help (and tabula(6), Lobby and
 * rooms in the terminal UI). */
static const struct ui_keyhelp UI_ROOM_KEYS[] = {
        {"R", "resign (press it twice)"},
        {"D", "offer or accept a draw"},
        {"L n", "leave the room"},
        {"a", "analysis (analysis rooms)"},
        {"'", "say something (rooms with messages)"},
        {"M", "mute or show the room's messages"},
        {"u e ! o g", "not in a room's game"},
};

void
ui_room_keys_each(const struct ui_app *app, ui_keyhelp_fn fn, void *ctx)
{
	if (!app->online.in_room)
		return;
	ui_keyhelp_each(UI_ROOM_KEYS,
	                sizeof UI_ROOM_KEYS / sizeof UI_ROOM_KEYS[0], fn, ctx);
}
