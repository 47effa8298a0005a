/*
 * The library of games (tabula(6), "The library of games"): the games a
 * player has saved, in two places: the autosave and its short history
 * (core/record.h, record_save_keeping) and the games folder, where every
 * finished game is kept in a file of its own.  The listing reads each
 * record and tells its game, players, date, result, length, whether a
 * review has marked it and each player's accuracy (study/review.h); a
 * file that does not read is named with its line and skipped.  Reads are
 * capped per file and in number, so a huge folder cannot stall the UI.
 */
#ifndef TABULA_STUDY_LIBRARY_H
#define TABULA_STUDY_LIBRARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/record.h"
#include "core/session.h"

/* Games listed at most (the newest); the rest are counted. */
#define LIBRARY_MAX_GAMES 200
/* Bytes read of one file at most: a larger file is skipped, named. */
#define LIBRARY_MAX_FILE (4L << 20)
/* Files of the folder looked at, at most (the rest are counted). */
#define LIBRARY_MAX_FILES 5000
/* Skipped files whose reasons are kept (the rest are counted). */
#define LIBRARY_MAX_PROBLEMS 16

/* Where a listed game is kept. */
enum library_place {
	LIBRARY_AUTOSAVE, /* the game in progress, last.rec */
	LIBRARY_HISTORY,  /* an earlier game beside it, last.N.rec */
	LIBRARY_FOLDER    /* a finished game in the games folder */
};

/* Whether a review has looked at the game's moves. */
enum library_review { LIBRARY_UNREVIEWED, LIBRARY_PART, LIBRARY_REVIEWED };

/* What the listing says of one game. */
struct library_game {
	char path[1024];
	enum library_place place;
	int slot;         /* LIBRARY_HISTORY: N of last.N.rec */
	int64_t mtime_ns; /* when the file was last written */
	const struct game_ops *ops;
	char player1[80], player2[80];
	char date[16];   /* the record's Date, "" when not given */
	char result[16]; /* "1-0", "0-1", "1/2-1/2", "*" */
	size_t plies;    /* moves played */
	uint64_t line;   /* a hash of the start and the moves: the same game */
	enum library_review review;
	/* Hundredths of a percent, per side, over its reviewed moves
	 * (review_accuracy); -1 when none of its moves is reviewed. */
	int accuracy[2];
};

/* A listing: games newest first, and what was left out. */
struct library_list {
	struct library_game *games;
	size_t count;
	size_t older;  /* readable games past LIBRARY_MAX_GAMES, not listed */
	size_t unread; /* folder files past LIBRARY_MAX_FILES, not read */
	/* "PATH:LINE: why" of each file skipped, the first ones. */
	char problems[LIBRARY_MAX_PROBLEMS][600];
	size_t problem_count; /* files skipped, all of them */
};

/* The games folder: $XDG_DATA_HOME/tabula/games (file_xdg_path), made
 * with create; false with a message. */
bool library_folder(char *buf, size_t size, bool create, char *err,
                    size_t err_size);

/* Lists the autosave at history (its path, e.g. ".../last.rec"; NULL:
 * none) with its history, and the *.rec files of folder (NULL or missing:
 * none), newest first.  Unreadable files are skipped into the problems;
 * false (and an empty list) only when out of memory or the folder cannot
 * be read. */
bool library_list_read(const char *history, const char *folder,
                       struct library_list *out, char *err, size_t err_size);

/* Frees what the listing holds (it is left empty). */
void library_list_free(struct library_list *list);

/* Reads the facts of the record at path (capped at LIBRARY_MAX_FILE)
 * into g (its path and time too); false with "PATH:LINE: why". */
bool library_game_read(const char *path, struct library_game *g, char *err,
                       size_t err_size);

/* Keeps a game in the folder: with path "" a new file of its own,
 * named by the date, time and game and never over another file (its
 * name goes to path); otherwise path is replaced (atomically; a symbolic
 * link there is refused).  The folder is made when missing and must be a
 * directory, not a symbolic link.  False with a message. */
bool library_keep(const struct session *s, const struct record_meta *meta,
                  char *path, size_t size, char *err, size_t err_size);

/* Deletes the listed game's file; false with a message. */
bool library_delete(const struct library_game *g, char *err, size_t err_size);

#endif
