/*
 * Game records: a versioned plain-text format shaped like PGN, so that a game
 * saved by the TUI, a match runner or a person with an editor can be read
 * back, replayed and checked move by move.
 *
 *     # tabula record 1
 *     [Game "tetress"]
 *     [Setup "standard"]
 *     [Player1 "human"]
 *     [Player2 "engine level 3"]
 *     [Date "2026.11.21"]
 *     [Result "*"]
 *
 *     1. 6-3,7-2,7-3,7-4 {+0.35/8} 0-0,0-1,0-2,0-3
 *     2. ...
 *     *
 *
 * The first line names the format and its version.  Tag pairs follow, one per
 * line.  Then the moves in canonical notation (NOTATION in tabula(6)), with
 * move numbers (ignored on reading), optional {comments} after a move, and a
 * result token (1-0, 0-1, 1/2-1/2 or *) at the end.  Reading replays every move
 * and checks it against the position; errors name the file and the line.
 */
#ifndef TABULA_CORE_RECORD_H
#define TABULA_CORE_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/session.h"

/* The first line: RECORD_MAGIC, a space, the format version. */
#define RECORD_MAGIC   "# tabula record"
#define RECORD_VERSION 1

/* Room for a tag value (the Start position string fits). */
#define RECORD_TAG_MAX 1024

/* Pieces drawn from a Seed tag for games fed by a stream (Tetris) when the
 * record lists no Pieces: the TUI's random games use the same length. */
#define RECORD_SEED_STREAM_LEN 10000

/* What a record says besides the moves.  Empty strings are "not given". */
struct record_meta {
	char setup[RECORD_TAG_MAX];   /* "standard", "random", "position" */
	char player1[RECORD_TAG_MAX]; /* "human", "engine level 3", ... */
	char player2[RECORD_TAG_MAX];
	char date[RECORD_TAG_MAX];        /* YYYY.MM.DD */
	char result[RECORD_TAG_MAX];      /* 1-0, 0-1, 1/2-1/2, * */
	char termination[RECORD_TAG_MAX]; /* why the game ended */
	char **comments; /* comments[i]: after move i (NULL: none); malloc'd */
	size_t comment_count; /* entries in comments */
};

/* Clears meta to "nothing given". */
void record_meta_init(struct record_meta *meta);

/* Frees the comments of meta. */
void record_meta_free(struct record_meta *meta);

/* Sets the comment after move ply (replacing any); false if out of memory. */
bool record_meta_set_comment(struct record_meta *meta, size_t ply,
                             const char *text);

/* The result token for a position's status: "1-0", "0-1", "1/2-1/2", "*". */
const char *record_result_token(const struct game_ops *ops,
                                const struct game_pos *pos);

/* A stream of count pieces (letters of the game's stream alphabet) drawn
 * from seed; writes count letters and a NUL into buf (count + 1 bytes). */
void record_stream_from_seed(const struct game_ops *ops, uint64_t seed,
                             char *buf, size_t count);

/* Writes the session's moves up to ply s->ply, with meta's tags and
 * comments, to out; false with a message on an I/O error. */
bool record_write(FILE *out, const struct session *s,
                  const struct record_meta *meta, char *err, size_t err_size);

/* Reads a record from in (name is used in messages: "name:line: ...") into
 * a new session *s (session_free it) and meta (record_meta_free it); on
 * failure returns false with the message, and *s and meta hold nothing. */
bool record_read(FILE *in, const char *name, struct session *s,
                 struct record_meta *meta, char *err, size_t err_size);

/* Opens and reads the record at path (see record_read); a leading ~ is
 * $HOME, and anything but a regular file is refused (file_open_read). */
bool record_load(const char *path, struct session *s, struct record_meta *meta,
                 char *err, size_t err_size);

/* Saves atomically to path (a leading ~ is $HOME): writes a unique
 * temporary file in path's directory, fsyncs it, renames it over path
 * (see file_replace).  A crash leaves either the old or the new record,
 * never half; a symbolic link, a device or a directory at path is refused
 * and left alone. */
bool record_save(const char *path, const struct session *s,
                 const struct record_meta *meta, char *err, size_t err_size);

/* How many earlier games record_save_keeping keeps beside path. */
#define RECORD_HISTORY 5

/* The name of the n-th earlier game kept beside path (n >= 1):
 * "last.rec" gives "last.1.rec", anything else gets ".N" appended; false
 * when it does not fit in size. */
bool record_history_name(const char *path, int n, char *out, size_t size);

/* record_save for a file that holds the game in progress (the autosave):
 * when path holds another game, one that s does not continue (a new game,
 * another start, moves that differ, none at all), that game is first
 * moved to record_history_name(path, 1), the older ones one step further,
 * the RECORD_HISTORY-th dropped; taking moves back is the same game. */
bool record_save_keeping(const char *path, const struct session *s,
                         const struct record_meta *meta, char *err,
                         size_t err_size);

#endif
