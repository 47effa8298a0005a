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

/* A seat's rating in a rated room (" 1500?"), else "". */
static void
ui_room_rating_text(const struct view *v, int side, char *buf, size_t size)
{
	buf[0] = '\0';
	if (v->rated && v->rating[side][0] != '\0' &&
	    strcmp(v->rating[side], "-") != 0)
		snprintf(buf, size, " %s", v->rating[side]);
}

/* The title at a length: 0 the whole, 1 without "room", the word
 * "rated" and the word "ply", 2 without the sides' names too. */
static void
ui_room_title_form(const struct ui_app *app, int form, char *buf, size_t size)
{
	const struct view *v = &app->online.view;
	const struct game_ops *ops = v->s.ops;
	char c[2][32], r[2][16], seat[2][VIEW_NAME_MAX + 64];
	for (int i = 0; i < 2; i++) {
		ui_room_clock_text(v, i, c[i], sizeof c[i]);
		ui_room_rating_text(v, i, r[i], sizeof r[i]);
		/* The parts always fit (side names are a word); the result
		 * is checked because GCC cannot see that and warns. */
		if (snprintf(seat[i], sizeof seat[i], "%s%s%s%s%s",
		             form < 2 ? ops->side_names[i] : "",
		             form < 2 ? ": " : "", v->player[i], r[i],
		             c[i]) < 0)
			seat[i][0] = '\0';
	}
	int side = ops->side_to_move(session_current(&v->s));
	snprintf(buf, size, " %s%s  %s%s  %s%s%s  %s%zu/%zu  %s%s%s",
	         form == 0 ? "room " : "", v->code, ops->title,
	         v->rated && form == 0 ? " rated" : "", seat[0],
	         form < 2 ? "  " : " v ", seat[1], form == 0 ? "ply " : "",
	         app->game.shown, app->game.session.ply,
	         v->over              ? v->result
	         : ui_room_my_move(v) ? "your move"
	                              : ops->side_names[side],
	         v->over || ui_room_my_move(v) ? "" : " to move",
	         v->seat == 0 ? "  (watching)" : "");
}

void
ui_room_title(const struct ui_app *app, int width, char *buf, size_t size)
{
	for (int form = 0; form < 3; form++) {
		ui_room_title_form(app, form, buf, size);
		if (ui_text_width(buf) <= width)
			return;
	}
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
	} else if (on->resign_asked == 0 ||
	           app->host.keys != on->resign_asked + 1) {
		/* Asked afresh unless the key before was this question's. */
		on->resign_asked = app->host.keys;
		ui_status(app, true, "press R again to resign");
	} else {
		on->resign_asked = 0;
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

/* Why a room's game refuses the game screen's keys of kind: the engine
 * never moves for anyone here, the server keeps the record, and fair
 * play (tabula(6), PLAY ON THIS HOST) makes every engine aid the
 * analysis under another name. */
static const char *
ui_room_refuses(const struct ui_app *app, unsigned kind, int key, char *buf,
                size_t size)
{
	(void)key;
	(void)buf;
	(void)size;
	if (kind & (UI_KIND_ENGINE | UI_KIND_TAKEBACK | UI_KIND_OPEN |
	            UI_KIND_LIBRARY | UI_KIND_COMMENT | UI_KIND_PRACTISE))
		return "not in a room's game: R resigns, D offers a draw, L "
		       "leaves";
	if (!ui_room_may_analyse(app) &&
	    (kind & (UI_KIND_ANALYSIS | UI_KIND_AID | UI_KIND_REVIEW)))
		return "fair play: players here get no engine aid (hint, "
		       "line, review, analysis)";
	return NULL;
}

/* The room's keys, before the game screen's (tabula(6), Lobby and rooms
 * in the terminal UI).  The first binding holds no key: it only lets any
 * key but R forget a resignation asked for. */
/* clang-format off */
static const struct ui_key UI_ROOM_KEYS[] = {
	{{'R'}, "R", "resign (press it twice)", .run = ui_room_resign_key},
	{{'D'}, "D", "offer or accept a draw", .run = ui_room_draw_key},
	{{'L', 'n'}, "L n", "leave the room", .run = ui_room_leave},
	{{'\''}, "'", "say something (rooms with messages)",
	 .run_arg = ui_room_message_key, .arg = '\''},
	{{'M'}, "M", "mute or show the room's messages",
	 .run_arg = ui_room_message_key, .arg = 'M'},
};
/* clang-format on */

const struct ui_keytab ui_room_keytab =
        UI_KEYTAB("room", "A room's game", "in a room's game", UI_ROOM_KEYS,
                  ui_room_refuses);

const struct ui_keytab *
ui_room_keys(const struct ui_app *app)
{
	return app->online.in_room ? &ui_room_keytab : NULL;
}
