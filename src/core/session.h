/*
 * A session is one game as a driver sees it: the game's operations, the
 * start position, the moves played so far with the position after each,
 * and, for games fed by a stream (Tetris), the stream itself, revealed to
 * the position one item at a time.  The engine protocol, the command-line
 * tools and the TUI all keep their game in a session, so "position ...
 * moves ...", undo and stepping through history behave the same everywhere.
 *
 * A session has one owner; it is not shared between threads (the search
 * receives a copy of a position, never the session).
 */
#ifndef TABULA_CORE_SESSION_H
#define TABULA_CORE_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"

struct session {
	const struct game_ops *ops;
	struct game_setup setup;
	struct game_pos
	        *positions; /* positions[i]: after i moves; [0] = start */
	game_move *moves;   /* moves[i] led from positions[i] to [i+1] */
	size_t ply;         /* moves played */
	size_t capacity;    /* room in positions (moves has one less) */
	size_t *stream_fed; /* stream_fed[i]: items revealed by positions[i] */
	int *stream;        /* the whole stream, revealed in order */
	size_t stream_len;
};

/* Empty session for a game at its start position; false if out of memory. */
bool session_init(struct session *s, const struct game_ops *ops,
                  const struct game_setup *setup);

/* A new session *dst holding src's start, stream and first ply moves (a
 * branch point for a variation); false if out of memory. */
bool session_copy(struct session *dst, const struct session *src, size_t ply);

/* Releases the session's memory. */
void session_free(struct session *s);

/* Swaps two sessions (to replace one only after building the other). */
void session_swap(struct session *a, struct session *b);

/* Restarts from the set-up's start position (moves dropped, stream kept). */
void session_reset(struct session *s);

/* Restarts from a position string; on failure the session is unchanged. */
bool session_set_fen(struct session *s, const char *fen, char *err,
                     size_t err_size);

/* Sets the stream (letters such as "OIZJ") and reveals what the start
 * position may see; on failure the session is unchanged.  Only for games
 * with item_from_char. */
bool session_set_stream(struct session *s, const char *letters, char *err,
                        size_t err_size);

/* The position after the moves played so far. */
const struct game_pos *session_current(const struct session *s);

/* Plays a legal move (from gen_moves or parse_move); false if out of memory. */
bool session_play(struct session *s, game_move move);

/* Whether move is among the legal moves of pos (a move read from a file,
 * such as a variation's, before it is played). */
bool session_move_legal(const struct game_ops *ops, const struct game_pos *pos,
                        game_move move);

/* Parses and plays a move; on failure says why and changes nothing. */
bool session_play_text(struct session *s, const char *text, char *err,
                       size_t err_size);

/* Takes back the last move; false if there is none. */
bool session_undo(struct session *s);

/* Drops the moves after ply (to play on from an earlier position). */
void session_truncate(struct session *s, size_t ply);

#endif
