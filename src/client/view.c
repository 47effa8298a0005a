/*
 * A client's picture of the server (see view.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client/view.h"
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
	if (!here)
		return VIEW_NOTHING;
	enum view_event changed = v->synced ? VIEW_CHANGED : VIEW_NOTHING;
	if (strcmp(cmd, "options") == 0 && n >= 4) {
		snprintf(v->clock_text, sizeof v->clock_text, "%s", w[2]);
		v->analysis = strcmp(w[3], "analysis") == 0;
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
		v->over = true;
		/* The running clock stops where it stands now (a resignation
		 * or an agreed draw comes with no clock line). */
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
	} else if (strcmp(cmd, "synced") == 0) {
		v->synced = true;
		return VIEW_ROOM;
	}
	return VIEW_NOTHING;
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
