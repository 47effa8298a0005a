/*
 * What a client knows from the room server's lines (tabula(6), PLAY ON THIS
 * HOST, "Protocol"): who it is, the lobby's last list, and the room it is
 * in with its game replayed move by move.  Fed one line at a time; it
 * never talks to the server, so a terminal UI, a bot or a test can keep
 * one.  Unknown lines are ignored (a newer server may say more).
 */
#ifndef TABULA_CLIENT_VIEW_H
#define TABULA_CLIENT_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/session.h"

#define VIEW_NAME_MAX 32
/* A room's code: four capital letters (tabula(6), PLAY ON THIS HOST). */
#define VIEW_CODE_LEN 4
/* The room messages kept for showing (the last ones). */
#define VIEW_MESSAGES 4
/* The longest leaderboard the server sends. */
#define VIEW_TOP_MAX 50
/* A rating as the room lines show it: "1500", "1500?" or "-". */
#define VIEW_RATING_MAX 8
/* A rating's deviation above this is provisional, shown with a "?" (as
 * the server marks it in the room lines; tabula(6), "Ratings"). */
#define VIEW_PROVISIONAL_DEVIATION 110

struct view_room_entry {
	char code[8];
	char game[16];
	unsigned ply;
	char turn[4];
	int spectators;
	char player[2][VIEW_NAME_MAX];
	char state[16];
	char clock[16];
	bool analysis;
	int yours;       /* 0: none, else the seat */
	char kind[2][8]; /* who sits: user, ssh, engine or - (none) */
	char rating[2][VIEW_RATING_MAX]; /* "" from a server without */
};

/* A room message ("said"). */
struct view_message {
	bool spectator; /* from a spectator (only spectators see those) */
	char name[VIEW_NAME_MAX];
	char text[208];
};

/* One line of a leaderboard ("top"). */
struct view_leader {
	unsigned rank;
	char name[VIEW_NAME_MAX];
	char kind[8]; /* user, ssh or engine */
	int rating, deviation;
	unsigned games;
};

/* One of your own ratings ("rating"). */
struct view_my_rating {
	char game[16];
	int rating, deviation;
	unsigned games;
};

enum view_event {
	VIEW_NOTHING,
	VIEW_WELCOME,   /* name known */
	VIEW_NEED_NAME, /* a new key: pick a name */
	VIEW_LOBBY,     /* a whole list arrived */
	VIEW_CREATED,   /* created_code holds the new room's code */
	VIEW_ROOM,      /* the room is shown whole (after "synced") */
	VIEW_CHANGED,   /* a move, the clock, players, an offer */
	VIEW_OVER,      /* the game ended */
	VIEW_ERROR,     /* error holds the server's reason */
	VIEW_LEFT,      /* back in the lobby */
	VIEW_BYE,       /* the server closes: error holds why */
	VIEW_SEEKING,   /* a pairing request waits (seeking says which) */
	VIEW_UNSEEKED,  /* it was withdrawn */
	VIEW_PAIRED,    /* paired: created_code and opponent say with whom */
	VIEW_RATED,     /* the room's game changed the ratings (rated_*) */
	VIEW_MESSAGE,   /* a room message came (the last of messages) */
	VIEW_TOP,       /* a whole leaderboard arrived */
	VIEW_MY_RATINGS /* your ratings arrived */
};

struct view {
	char name[VIEW_NAME_MAX];
	char error[256];
	char created_code[8];
	/* The lobby: the last complete list, and the one arriving. */
	struct view_room_entry *rooms, *incoming;
	size_t room_count, incoming_count, incoming_cap;
	/* The room. */
	bool in_room;
	bool synced;
	char code[8];
	int seat; /* 0 watching, 1 or 2 */
	struct session s;
	bool have_session;
	char player[2][VIEW_NAME_MAX];
	char clock_text[16]; /* "5+3" or "-" */
	bool analysis;
	int64_t clock_ms[2]; /* as of clock_at */
	int64_t clock_at;    /* when the last clock line came (caller's ms) */
	int clock_running;   /* 0, 1 or 2 */
	int draw_offer;      /* 0, or the side that offers */
	bool over;
	char result[16];
	char reason[96];
	bool rated, chat;                /* the room's kind, its messages */
	char rating[2][VIEW_RATING_MAX]; /* the players' ratings */
	bool have_rated;                 /* the ratings' change is known */
	int rated_before[2], rated_after[2];
	struct view_message messages[VIEW_MESSAGES]; /* oldest first */
	size_t message_count;
	/* Pairing: the waiting request ("" none) and the last opponent. */
	char seeking[64];
	char opponent[VIEW_NAME_MAX];
	/* The last leaderboard, and the one arriving. */
	char top_game[16];
	struct view_leader top[VIEW_TOP_MAX], top_in[VIEW_TOP_MAX];
	size_t top_count, top_in_count;
	/* Your ratings, and the ones arriving. */
	struct view_my_rating mine[8], mine_in[8];
	size_t mine_count, mine_in_count;
};

void view_init(struct view *v);
void view_free(struct view *v);

/* Takes one server line (now: the caller's clock in ms, for the game
 * clocks); says what changed. */
enum view_event view_feed(struct view *v, const char *line, int64_t now);

/* The time side (0 or 1) has at now. */
int64_t view_clock(const struct view *v, int side, int64_t now);

/* Whether the view's player may move now (seated, synced, their turn). */
bool view_my_turn(const struct view *v);

#endif
