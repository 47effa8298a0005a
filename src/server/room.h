/*
 * A room: one two-player game on the server, its two seats (a person, the
 * engine at a level, or open), its optional clock and its options.  This
 * file knows the rules of a room (whose turn, resign, draw offers, time)
 * and how a room is kept on disk; it knows nothing of sockets (the server
 * tells the room's people what changed).
 *
 * On disk (tabula(6), PLAY ON THIS HOST, "Files"): DIR/CODE.rec is the
 * game record (core/record.h), saved with record_save after every move,
 * each move's comment holding both clocks; DIR/CODE.room holds the seats
 * and options.  Every change bumps the room's version; the server saves
 * a snapshot of that version on a worker thread (room_save_job) and tells
 * the room's people about the change once it is on disk.
 */
#ifndef TABULA_SERVER_ROOM_H
#define TABULA_SERVER_ROOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/record.h"
#include "core/session.h"
#include "play/who.h"
#include "server/identity.h"
#include "core/worker.h"

/* Room codes: four letters from an alphabet without look-alikes. */
#define ROOM_CODE_LEN 4

/* "user:NAME" (a local account) or "ssh:NAME" (a key of the shared one). */
#define ROOM_ACCOUNT_MAX (IDENTITY_NAME_MAX + 8)

/* Clock limits: minutes per game and seconds of increment per move. */
#define ROOM_CLOCK_MAX_MIN 180
#define ROOM_CLOCK_MAX_INC 60

struct engine_job;

/* A seat: who plays it (play/who.h: WHO_OPEN, WHO_HUMAN for a person,
 * or WHO_ENGINE at who.level), with the server's own fields. */
struct room_seat {
	struct who who;
	/* WHO_HUMAN: who holds it (identity_owner: "uid:N" or
	 * "key:SHA256:..."; "" in a room file from before owners, until the
	 * server finds it) and the name it shows. */
	char owner[IDENTITY_OWNER_MAX];
	char account[ROOM_ACCOUNT_MAX];
};

struct room_options {
	const struct game_ops *ops;
	int creator_seat; /* 0 or 1: where the creator sits */
	int engine_level; /* 0: the other seat is open; else its level */
	int64_t clock_ms; /* 0: no clock */
	int64_t inc_ms;
	bool analysis; /* seated players may use analysis */
	bool rated;    /* the result changes the players' ratings */
	bool chat;     /* the room takes short messages */
};

struct room {
	unsigned id; /* never reused while the server runs */
	char code[ROOM_CODE_LEN + 1];
	const struct game_ops *ops;
	struct session s;
	struct record_meta meta; /* result/termination once ended */
	struct room_seat seat[2];
	bool analysis;
	bool rated; /* its result counts for the ratings (an engine seat's
	               too: the room said so) */
	bool chat;  /* it takes short messages (tabula(6), "Ratings") */
	/* A rated game whose result has been counted (or that ended before
	 * the server started: counted then or never). */
	bool counted;
	int64_t clock_ms, inc_ms;
	int64_t left_ms[2]; /* each side's time as of turn_start */
	int64_t turn_start; /* monotonic ms the side to move's time runs
	                       from; 0 while the clock stands */
	int draw_offer;     /* 0, or the offering side + 1 */
	bool engine_busy;   /* a move is being searched */
	/* The search under way (the engine pool's; the server only cancels
	 * it), or NULL. */
	struct engine_job *engine_job;
	bool engine_waiting; /* its player has their most searches under way:
	                        it starts when one of theirs ends */
	int spectators;      /* kept by the server */
	int present[2];      /* connections holding each seat, by the server */
	char dir[4096];      /* where its files live */
	unsigned version;    /* bumped by every change to save */
	unsigned saved_version; /* the version on disk */
	bool saving;            /* a save job is under way */
	/* News held for the disk (room_news_*). */
	struct room_line *pending, *pending_tail;
	size_t announced_ply; /* moves told to the room's people */
	/* The room as it stands on disk: what a failed save goes back to
	 * (NULL until its first save; then nobody but its creator knows
	 * of it). */
	struct room_save_job *on_disk;
	unsigned creator; /* the connection told once it is on disk */
	unsigned partner; /* a paired room: the other player's connection,
	                     told with the creator */
	/* After a failed save, the clock's and the engine's own changes wait
	 * until this monotonic ms (a full disk is not retried in a loop). */
	int64_t retry_at;
};

/* A line for the room's people, held until the version it tells of is
 * saved (room_news_hold; freed with the room). */
struct room_line {
	unsigned version;
	size_t ply;    /* the move it tells of, or 0 */
	unsigned from; /* the connection whose command it tells of, or 0 */
	struct room_line *next;
	char text[];
};

/* A snapshot of a room's files, written on a worker thread. */
struct room_save_job {
	struct worker_job base;
	unsigned room_id;
	unsigned version;
	char rec_path[4200], room_path[4200];
	struct session s;
	struct record_meta meta;
	char room_text[1024];
	size_t room_len;
	/* What room_restore puts back besides the game. */
	struct room_seat seat[2];
	int64_t left_ms[2], turn_start;
	int draw_offer;
	bool ok;
	char err[512];
};

/* A new room in dir with code, the creator (account) seated as options
 * say, in memory only (the server saves it before anyone is told of it).
 * NULL when out of memory. */
struct room *room_new(const char *dir, const char *code, unsigned id,
                      const struct room_options *opt, const char *owner,
                      const char *account, int64_t now);

/* room_new, then saved at once on this thread.  NULL with a message on
 * failure. */
struct room *room_create(const char *dir, const char *code, unsigned id,
                         const struct room_options *opt, const char *owner,
                         const char *account, int64_t now, char *err,
                         size_t err_size);

/* Reads room code from dir; NULL with a message on failure. */
struct room *room_load(const char *dir, const char *code, unsigned id,
                       int64_t now, char *err, size_t err_size);

void room_free(struct room *r);

/* Side to move (0 or 1), or -1 once the game is over. */
int room_turn(const struct room *r);

/* Whether the game is over; *result ("1-0", ...) and *reason then say
 * how. */
bool room_over(const struct room *r, const char **result, const char **reason);

/* The seat owner (an identity_owner string) holds (0 or 1), or -1. */
int room_seat_of(const struct room *r, const char *owner);

/* Seats owner, shown as account, in the open seat (the clock starts when
 * both are taken); the seat, or -1 when none is open. */
int room_take_seat(struct room *r, const char *owner, const char *account,
                   int64_t now, char *err, size_t err_size);

/* Plays move text for side; false with the reason (not your turn, the
 * game is over, the rule the move breaks, a save failure).  Saves. */
bool room_play_text(struct room *r, int side, const char *text, int64_t now,
                    char *err, size_t err_size);

/* Plays a move from the engine for the side to move. */
bool room_play_move(struct room *r, game_move move, int64_t now, char *err,
                    size_t err_size);

/* Ends the game: side resigns. */
bool room_resign(struct room *r, int side, char *err, size_t err_size);

/* Side offers a draw, or accepts the other side's offer (then the game is
 * drawn); *agreed says which happened. */
bool room_draw(struct room *r, int side, bool *agreed, char *err,
               size_t err_size);

/* Ends the game on time when the side to move has run out; true if so. */
bool room_check_time(struct room *r, int64_t now);

/* Reads "clock=MIN+INC" (w, with its "clock=") into milliseconds;
 * false with what is out of range (ROOM_CLOCK_MAX_MIN, _INC). */
bool room_parse_clock(const char *w, int64_t *clock_ms, int64_t *inc_ms,
                      char *err, size_t err_size);

/* Milliseconds each side has now (a running clock counted down). */
void room_clocks(const struct room *r, int64_t now, int64_t left[2]);

/* Milliseconds until the side to move runs out, or -1 with no running
 * clock. */
int64_t room_time_to_flag(const struct room *r, int64_t now);

/* Whether the room's game is ready to be searched by its engine seat. */
bool room_engine_to_move(const struct room *r);

/* Display form of a seat: the name, "engine:N" or "-". */
void room_seat_text(const struct room *r, int side, char *buf, size_t size);

/* A snapshot of r's files as they stand; NULL if out of memory.  Its run
 * function (on any thread) writes them: record_save, then the seats. */
struct room_save_job *room_save_job_new(const struct room *r);

/* Frees a save job (given as its worker_job head). */
void room_save_job_free(struct worker_job *job);

/* Saves the record and the seats now, on this thread; false with a
 * message. */
bool room_save(struct room *r, char *err, size_t err_size);

/* Keeps job (a save of r that reached the disk) as what r goes back to
 * when a later save fails. */
void room_keep_saved(struct room *r, struct room_save_job *job);

/* Puts r back as it stands on disk (its last kept save) after a failed
 * save: the moves, result, seats and clocks since are undone.  False when
 * out of memory. */
bool room_restore(struct room *r);

/* Whether news of r must wait: a change is not yet on disk, or older
 * news still waits (lines go out in order). */
bool room_news_waits(const struct room *r);

/* Holds text, news of r's current version told to its people once that
 * is on disk; ply: the move it tells of (0 for others), from: the
 * connection whose command it tells of (0 for none).  False when out of
 * memory (then it can only be sent now). */
bool room_news_hold(struct room *r, size_t ply, unsigned from,
                    const char *text);

/* The oldest held line, taken out of r (the caller frees it): only one
 * whose version is on disk unless all (a failed save drops them all);
 * NULL when none is. */
struct room_line *room_news_next(struct room *r, bool all);

/* Whether a line held for r tells of connection from's command. */
bool room_news_from(const struct room *r, unsigned from);

/* Moves the room's files into directory to under a name no other archived
 * game has (CODE-SECOND, then CODE-SECOND-N): a reused code never
 * overwrites a kept game. */
void room_archive(const struct room *r, const char *to);

#endif
