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
 *
 * Annotations, as PGN has them: a mark glued to a move ("5-5,5-6,5-7,5-8?"),
 * a review comment "{review +0.35/8 loss 1.20 best MOVE}" (tabula(6),
 * REVIEW), and variations: "(" moves ")" after a move gives other moves
 * from the position before it, nested to any depth up to
 * RECORD_MAX_NESTING.  The main line's moves are the session's; its
 * comments and notes are meta's; a variation is a struct record_line.
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

/* Variations nest at most this deep (a guard against hostile files). */
#define RECORD_MAX_NESTING 32

/* Move marks, as PGN writes them after a move. */
enum record_mark {
	MARK_NONE,
	MARK_GOOD,        /* ! */
	MARK_BRILLIANT,   /* !! */
	MARK_INTERESTING, /* !? */
	MARK_INACCURACY,  /* ?! */
	MARK_MISTAKE,     /* ? */
	MARK_BLUNDER,     /* ?? */
	MARK_COUNT
};

/* What a review found about one move (tabula(6), REVIEW).  Scores are in
 * the game's evaluation units, from player 1's view; a forced result is
 * mate != 0 instead: player 1 wins (> 0) or loses (< 0) in |mate| plies. */
struct record_review {
	bool present;
	int score; /* the position after the move */
	int mate;
	int depth;      /* of the search that gave score */
	int loss;       /* what the move lost, from the mover's view, >= 0 */
	bool has_best;  /* the engine preferred another move: */
	game_move best; /* that move, from the position before this one */
};

struct record_line;

/* Everything said about one move besides its comment. */
struct record_note {
	enum record_mark mark;
	struct record_review review;
	struct record_line *vars; /* other moves from the same position */
	size_t var_count;
};

/* A variation: moves from a branch position, each with its comment (NULL
 * for none) and note; all three arrays have len entries. */
struct record_line {
	game_move *moves;
	char **comments;
	struct record_note *notes;
	size_t len;
	size_t capacity;
};

/* A tag the record's fields do not name (an Event, a Source, ...), kept
 * so that it is written back. */
struct record_tag {
	char *name;
	char *value;
};

struct record_format;

/* What a record says besides the moves.  Empty strings are "not given". */
struct record_meta {
	char setup[RECORD_TAG_MAX];   /* "standard", "random", "position" */
	char player1[RECORD_TAG_MAX]; /* "human", "engine level 3", ... */
	char player2[RECORD_TAG_MAX];
	char date[RECORD_TAG_MAX];        /* YYYY.MM.DD */
	char result[RECORD_TAG_MAX];      /* 1-0, 0-1, 1/2-1/2, * */
	char termination[RECORD_TAG_MAX]; /* why the game ended */
	char **comments; /* comments[i]: after move i (NULL: none); malloc'd */
	size_t comment_count;      /* entries in comments */
	struct record_note *notes; /* notes[i]: on move i; malloc'd */
	size_t note_count;         /* entries in notes */
	struct record_tag *tags;   /* other tags, in the order read; malloc'd */
	size_t tag_count;
	/* The format the record was read from; NULL: a tabula record. */
	const struct record_format *format;
};

/* Clears meta to "nothing given". */
void record_meta_init(struct record_meta *meta);

/* Frees the comments of meta. */
void record_meta_free(struct record_meta *meta);

/* Sets the comment after move ply (replacing any); false if out of memory. */
bool record_meta_set_comment(struct record_meta *meta, size_t ply,
                             const char *text);

/* Sets the tag name to value (replacing any; "" drops it); false if out
 * of memory. */
bool record_meta_set_tag(struct record_meta *meta, const char *name,
                         const char *value);

/* The value of tag name, or NULL when meta has none. */
const char *record_meta_tag(const struct record_meta *meta, const char *name);

/* Escapes every control character in meta's tags and comments (a
 * comment keeps its newlines and tabs: text_escape_controls), so that what
 * a file says reaches no terminal and no record written from it raw.
 * record_read does it to every record it reads. */
void record_meta_make_safe(struct record_meta *meta);

/* Frees meta's tags (record_meta_free does it with the rest). */
void record_meta_free_tags(struct record_meta *meta);

/* Drops the comments and notes of moves ply and later (the moves after
 * ply were taken back or replaced). */
void record_meta_truncate(struct record_meta *meta, size_t ply);

/* The note on main-line move ply, added (empty) if needed; NULL if out of
 * memory. */
struct record_note *record_meta_note(struct record_meta *meta, size_t ply);

/* Appends a move (no comment, empty note) to line; false if out of memory. */
bool record_line_push(struct record_line *line, game_move move);

/* Frees what line holds (it is left empty). */
void record_line_free(struct record_line *line);

/* Frees what note holds (it is left empty). */
void record_note_free(struct record_note *note);

/* Adds an empty variation to note; NULL if out of memory. */
struct record_line *record_note_add_var(struct record_note *note);

/* Swaps the moves from ply on (with their comments and notes) with the
 * variation index at ply: the variation becomes s's line, and the line it
 * replaces becomes that variation.  Doing it twice restores both.  False
 * (nothing changed) if there is no such variation or out of memory. */
bool record_swap_variation(struct session *s, struct record_meta *meta,
                           size_t ply, size_t index);

/* Plays move at ply (<= s->ply) keeping what it replaces: the moves from
 * ply on become a variation, or, when move is already a variation there,
 * that variation becomes s's line.  Nothing changes when move is s's own
 * move at ply.  False if out of memory. */
bool record_branch(struct session *s, struct record_meta *meta, size_t ply,
                   game_move move);

/* The text of a mark ("?!"; "" for MARK_NONE). */
const char *record_mark_text(enum record_mark mark);

/* Reads a whole mark ("??"); false if text is not one. */
bool record_mark_parse(const char *text, enum record_mark *mark);

/* Writes a review's comment body ("review +0.35/8 loss 1.20 best M");
 * pos is the position before the move (for the best move's text). */
void record_review_format(const struct game_ops *ops,
                          const struct game_pos *pos,
                          const struct record_review *rv, char *buf,
                          size_t size);

/* Reads a comment body written by record_review_format; false (and rv
 * untouched) if it is not one, or names no legal best move at pos. */
bool record_review_parse(const struct game_ops *ops, const struct game_pos *pos,
                         const char *text, struct record_review *rv);

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

/* Writes the record to a new file of its own, made from name, a
 * mkstemp template ("DIR/NAME-XXXXXX", which becomes the file's name),
 * and synced.  False with a message, and no file, when a step fails. */
bool record_save_new(char *name, const struct session *s,
                     const struct record_meta *meta, char *err,
                     size_t err_size);

/* How many earlier games record_save_keeping keeps beside path. */
#define RECORD_HISTORY 5

/* The name of the n-th earlier game kept beside path (n >= 1):
 * "last.rec" gives "last.1.rec", anything else gets ".N" appended; false
 * when it does not fit in size. */
bool record_history_name(const char *path, int n, char *out, size_t size);

/* record_save for a file that holds the game in progress (the autosave):
 * when path holds another game, one that s does not continue (a new game,
 * another start, moves that differ), that game is first moved to
 * record_history_name(path, 1), the older ones one step further down to
 * the slot that held s's own game (it is never kept twice) or else the
 * RECORD_HISTORY-th, which is dropped; taking moves back is the same game.
 * A game with no move is not saved (true, nothing written).  Saves of one
 * directory's history from several processes take turns (flock on the
 * directory). */
bool record_save_keeping(const char *path, const struct session *s,
                         const struct record_meta *meta, char *err,
                         size_t err_size);

/* record_save_keeping for the first save of a game that is not the one
 * path holds (a new game, another file opened), even when their moves
 * agree: what path holds goes down the history first (a game with no
 * move is, again, not saved). */
bool record_save_new_game(const char *path, const struct session *s,
                          const struct record_meta *meta, char *err,
                          size_t err_size);

#endif
