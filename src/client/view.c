/*
 * A client's picture of the server (see view.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client/view.h"
#include "core/text.h"
#include "core/registry.h"
#include "net/netline.h"

void
view_init(struct view *v)
{
	memset(v, 0, sizeof *v);
}

static void
view_leave_room(struct view *v)
{
	if (v->have_session)
		session_free(&v->s);
	v->have_session = false;
	v->in_room = false;
	v->synced = false;
	v->over = false;
	v->draw_offer = 0;
	v->clock_running = 0;
	v->result[0] = v->reason[0] = '\0';
	v->rated = v->chat = v->have_rated = false;
	v->rating[0][0] = v->rating[1][0] = '\0';
	v->message_count = 0;
}

void
view_free(struct view *v)
{
	view_leave_room(v);
	free(v->rooms);
	free(v->incoming);
	view_init(v);
}

static enum view_event
view_room_line(struct view *v, char **w, int n)
{
	struct view_room_entry e;
	memset(&e, 0, sizeof e);
	if (n < 12)
		return VIEW_NOTHING;
	snprintf(e.code, sizeof e.code, "%s", w[1]);
	snprintf(e.game, sizeof e.game, "%s", w[2]);
	e.ply = (unsigned)strtoul(w[3], NULL, 10);
	snprintf(e.turn, sizeof e.turn, "%s", w[4]);
	e.spectators = atoi(w[5]);
	snprintf(e.player[0], sizeof e.player[0], "%s", w[6]);
	snprintf(e.player[1], sizeof e.player[1], "%s", w[7]);
	snprintf(e.state, sizeof e.state, "%s", w[8]);
	snprintf(e.clock, sizeof e.clock, "%s", w[9]);
	e.analysis = strcmp(w[10], "analysis") == 0;
	e.yours = atoi(w[11]);
	/* A server from before the kinds sends twelve words. */
	for (int i = 0; i < 2; i++)
		snprintf(e.kind[i], sizeof e.kind[i], "%s",
		         n >= 14 ? w[12 + i] : "-");
	/* And from before ratings, fourteen. */
	for (int i = 0; i < 2; i++)
		snprintf(e.rating[i], sizeof e.rating[i], "%s",
		         n >= 16 ? w[14 + i] : "");
	if (v->incoming_count == v->incoming_cap) {
		size_t cap = v->incoming_cap ? v->incoming_cap * 2 : 16;
		struct view_room_entry *r =
		        realloc(v->incoming, cap * sizeof *r);
		if (r == NULL)
			return VIEW_NOTHING;
		v->incoming = r;
		v->incoming_cap = cap;
	}
	v->incoming[v->incoming_count++] = e;
	return VIEW_NOTHING;
}

static enum view_event
view_listed(struct view *v)
{
	/* The arriving list becomes the lobby. */
	struct view_room_entry *old = v->rooms;
	v->rooms = v->incoming;
	v->room_count = v->incoming_count;
	free(old);
	v->incoming = NULL;
	v->incoming_count = v->incoming_cap = 0;
	return VIEW_LOBBY;
}

static enum view_event
view_joined(struct view *v, char **w, int n)
{
	if (n < 4)
		return VIEW_NOTHING;
	const struct game_ops *ops = registry_find(w[2]);
	view_leave_room(v);
	struct game_setup setup = {0};
	if (ops == NULL || !session_init(&v->s, ops, &setup)) {
		snprintf(v->error, sizeof v->error, "unknown game '%.32s'",
		         w[2]);
		return VIEW_ERROR;
	}
	v->have_session = true;
	v->in_room = true;
	snprintf(v->code, sizeof v->code, "%s", w[1]);
	v->seat = atoi(w[3]);
	return VIEW_NOTHING;
}

static enum view_event
view_move(struct view *v, char **w, int n)
{
	if (n < 4 || !v->have_session || strcmp(w[1], v->code) != 0)
		return VIEW_NOTHING;
	size_t ply = strtoul(w[2], NULL, 10);
	if (ply <= v->s.ply)
		return VIEW_NOTHING; /* told twice */
	char err[160];
	if (ply != v->s.ply + 1 ||
	    !session_play_text(&v->s, w[3], err, sizeof err)) {
		snprintf(v->error, sizeof v->error,
		         "the server's move %zu does not follow: %s", ply,
		         ply != v->s.ply + 1 ? "out of order" : err);
		return VIEW_ERROR;
	}
	v->draw_offer = 0;
	return v->synced ? VIEW_CHANGED : VIEW_NOTHING;
}

/* The text of line after its first n words. */
static const char *
view_rest(const char *line, int n)
{
	const char *p = line;
	size_t len;
	for (int i = 0; i < n && text_find_word(&p, " \t", &len) != NULL; i++)
		continue;
	return *p == ' ' || *p == '\t' ? p + 1 : p;
}

/* "top GAME RANK NAME KIND RATING DEVIATION GAMES" and "topped". */
static enum view_event
view_top_line(struct view *v, char **w, int n)
{
	if (strcmp(w[0], "topped") == 0) {
		memcpy(v->top, v->top_in, v->top_in_count * sizeof *v->top);
		v->top_count = v->top_in_count;
		v->top_in_count = 0;
		snprintf(v->top_game, sizeof v->top_game, "%s",
		         n >= 2 ? w[1] : "");
		return VIEW_TOP;
	}
	if (n < 8 || v->top_in_count == VIEW_TOP_MAX)
		return VIEW_NOTHING;
	struct view_leader *l = &v->top_in[v->top_in_count++];
	l->rank = (unsigned)strtoul(w[2], NULL, 10);
	snprintf(l->name, sizeof l->name, "%s", w[3]);
	snprintf(l->kind, sizeof l->kind, "%s", w[4]);
	l->rating = atoi(w[5]);
	l->deviation = atoi(w[6]);
	l->games = (unsigned)strtoul(w[7], NULL, 10);
	return VIEW_NOTHING;
}

/* "rating GAME RATING DEVIATION GAMES" and "rating-listed". */
static enum view_event
view_rating_line(struct view *v, char **w, int n)
{
	size_t max = sizeof v->mine / sizeof v->mine[0];
	if (strcmp(w[0], "rating-listed") == 0) {
		memcpy(v->mine, v->mine_in, v->mine_in_count * sizeof *v->mine);
		v->mine_count = v->mine_in_count;
		v->mine_in_count = 0;
		return VIEW_MY_RATINGS;
	}
	if (n < 5 || v->mine_in_count == max)
		return VIEW_NOTHING;
	struct view_my_rating *m = &v->mine_in[v->mine_in_count++];
	snprintf(m->game, sizeof m->game, "%s", w[1]);
	m->rating = atoi(w[2]);
	m->deviation = atoi(w[3]);
	m->games = (unsigned)strtoul(w[4], NULL, 10);
	return VIEW_NOTHING;
}

/* The lobby's lines of pairing and ratings; VIEW_NOTHING for others. */
static enum view_event
view_lobby_line(struct view *v, const char *line, char **w, int n)
{
	const char *cmd = w[0];
	if (strcmp(cmd, "seeking") == 0) {
		snprintf(v->seeking, sizeof v->seeking, "%s",
		         view_rest(line, 1));
		return VIEW_SEEKING;
	}
	if (strcmp(cmd, "unseeked") == 0) {
		v->seeking[0] = '\0';
		return VIEW_UNSEEKED;
	}
	if (strcmp(cmd, "paired") == 0 && n >= 4) {
		v->seeking[0] = '\0';
		snprintf(v->created_code, sizeof v->created_code, "%s", w[1]);
		snprintf(v->opponent, sizeof v->opponent, "%s", w[3]);
		return VIEW_PAIRED;
	}
	if (strcmp(cmd, "top") == 0 || strcmp(cmd, "topped") == 0)
		return view_top_line(v, w, n);
	if (strcmp(cmd, "rating") == 0 || strcmp(cmd, "rating-listed") == 0)
		return view_rating_line(v, w, n);
	return VIEW_NOTHING;
}

/* A room's lines of ratings and messages; VIEW_NOTHING for others. */
static enum view_event
view_room_extra(struct view *v, const char *line, char **w, int n,
                enum view_event changed)
{
	const char *cmd = w[0];
	if (strcmp(cmd, "ratings") == 0 && n >= 4) {
		snprintf(v->rating[0], sizeof v->rating[0], "%s", w[2]);
		snprintf(v->rating[1], sizeof v->rating[1], "%s", w[3]);
		return changed;
	}
	if (strcmp(cmd, "rated") == 0 && n >= 5) {
		int side = atoi(w[2]);
		if (side < 1 || side > 2)
			return VIEW_NOTHING;
		v->rated_before[side - 1] = atoi(w[3]);
		v->rated_after[side - 1] = atoi(w[4]);
		/* The new rating as the room's lines write one: "?" while
		 * its deviation says it is provisional. */
		bool provisional =
		        n >= 6 && atoi(w[5]) > VIEW_PROVISIONAL_DEVIATION;
		snprintf(v->rating[side - 1], sizeof v->rating[0], "%s%s", w[4],
		         provisional ? "?" : "");
		v->have_rated = side == 2;
		return side == 2 ? VIEW_RATED : VIEW_NOTHING;
	}
	if (strcmp(cmd, "said") == 0 && n >= 5) {
		if (v->message_count == VIEW_MESSAGES) {
			memmove(v->messages, v->messages + 1,
			        (VIEW_MESSAGES - 1) * sizeof *v->messages);
			v->message_count--;
		}
		struct view_message *m = &v->messages[v->message_count++];
		m->spectator = strcmp(w[2], "spectator") == 0;
		snprintf(m->name, sizeof m->name, "%s", w[3]);
		snprintf(m->text, sizeof m->text, "%s", view_rest(line, 4));
		return VIEW_MESSAGE;
	}
	return VIEW_NOTHING;
}

/* "over ROOM RESULT REASON...": the game ended. */
static enum view_event
view_over(struct view *v, char **w, int n, int64_t now)
{
	v->over = true;
	/* The running clock stops where it stands now (a resignation or an
	 * agreed draw comes with no clock line). */
	if (v->clock_running != 0)
		v->clock_ms[v->clock_running - 1] =
		        view_clock(v, v->clock_running - 1, now);
	v->clock_running = 0;
	v->draw_offer = 0;
	snprintf(v->result, sizeof v->result, "%s", w[2]);
	v->reason[0] = '\0';
	for (int i = 3; i < n; i++) {
		size_t l = strlen(v->reason);
		snprintf(v->reason + l, sizeof v->reason - l, "%s%s",
		         i > 3 ? " " : "", w[i]);
	}
	return v->synced ? VIEW_OVER : VIEW_NOTHING;
}

/* The lines of the room the view is in that change its state: options,
 * players, clock, draw, over and synced; changed is what a change
 * reports once the view is synced. */
static enum view_event
view_room_state(struct view *v, char **w, int n, int64_t now,
                enum view_event changed)
{
	const char *cmd = w[0];
	if (strcmp(cmd, "options") == 0 && n >= 4) {
		snprintf(v->clock_text, sizeof v->clock_text, "%s", w[2]);
		v->analysis = strcmp(w[3], "analysis") == 0;
		v->rated = n >= 5 && strcmp(w[4], "rated") == 0;
		v->chat = n >= 6 && strcmp(w[5], "chat") == 0;
	} else if (strcmp(cmd, "players") == 0 && n >= 4) {
		snprintf(v->player[0], sizeof v->player[0], "%s", w[2]);
		snprintf(v->player[1], sizeof v->player[1], "%s", w[3]);
		return changed;
	} else if (strcmp(cmd, "clock") == 0 && n >= 5) {
		v->clock_ms[0] = strtoll(w[2], NULL, 10);
		v->clock_ms[1] = strtoll(w[3], NULL, 10);
		v->clock_running = w[4][0] == '1' ? 1 : w[4][0] == '2' ? 2 : 0;
		v->clock_at = now;
		return changed;
	} else if (strcmp(cmd, "draw") == 0 && n >= 3) {
		v->draw_offer = atoi(w[2]);
		return changed;
	} else if (strcmp(cmd, "over") == 0 && n >= 3) {
		return view_over(v, w, n, now);
	} else if (strcmp(cmd, "synced") == 0) {
		v->synced = true;
		return VIEW_ROOM;
	}
	return VIEW_NOTHING;
}

enum view_event
view_feed(struct view *v, const char *line, int64_t now)
{
	char buf[NET_LINE_MAX + 1];
	snprintf(buf, sizeof buf, "%s", line);
	char *w[16];
	int n = net_split(buf, w, 16);
	if (n == 0)
		return VIEW_NOTHING;
	const char *cmd = w[0];
	bool here = n > 1 && v->in_room && strcmp(w[1], v->code) == 0;
	if (strcmp(cmd, "welcome") == 0 && n >= 2) {
		snprintf(v->name, sizeof v->name, "%s", w[1]);
		return VIEW_WELCOME;
	}
	if (strcmp(cmd, "need-name") == 0)
		return VIEW_NEED_NAME;
	if (strcmp(cmd, "error") == 0 || strcmp(cmd, "bye") == 0) {
		const char *rest = line + strlen(cmd);
		while (*rest == ' ')
			rest++;
		snprintf(v->error, sizeof v->error, "%s", rest);
		return cmd[0] == 'e' ? VIEW_ERROR : VIEW_BYE;
	}
	if (strcmp(cmd, "room") == 0)
		return view_room_line(v, w, n);
	if (strcmp(cmd, "listed") == 0)
		return view_listed(v);
	if (strcmp(cmd, "created") == 0 && n >= 2) {
		snprintf(v->created_code, sizeof v->created_code, "%s", w[1]);
		return VIEW_CREATED;
	}
	if (strcmp(cmd, "joined") == 0)
		return view_joined(v, w, n);
	if (strcmp(cmd, "left") == 0) {
		view_leave_room(v);
		return VIEW_LEFT;
	}
	if (strcmp(cmd, "move") == 0)
		return view_move(v, w, n);
	enum view_event lobby = view_lobby_line(v, line, w, n);
	if (lobby != VIEW_NOTHING || !here)
		return lobby;
	enum view_event changed = v->synced ? VIEW_CHANGED : VIEW_NOTHING;
	enum view_event extra = view_room_extra(v, line, w, n, changed);
	if (extra != VIEW_NOTHING)
		return extra;
	return view_room_state(v, w, n, now, changed);
}

int64_t
view_clock(const struct view *v, int side, int64_t now)
{
	int64_t t = v->clock_ms[side];
	if (v->clock_running == side + 1)
		t -= now - v->clock_at;
	return t > 0 ? t : 0;
}

bool
view_my_turn(const struct view *v)
{
	if (!v->in_room || !v->synced || v->over || v->seat == 0 ||
	    !v->have_session)
		return false;
	const struct game_pos *pos = session_current(&v->s);
	struct game_status st;
	v->s.ops->status(pos, &st);
	return st.outcome == OUTCOME_ONGOING &&
	       v->s.ops->side_to_move(pos) == v->seat - 1;
}
