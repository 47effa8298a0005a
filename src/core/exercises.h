/*
 * The personal set (tabula(6), FILES, "The personal set"): the positions
 * of the player's own games where they went wrong, kept once practised
 * with the latest result, so that the puzzle trainer can offer them again.
 * Kept in $XDG_DATA_HOME/tabula/exercises.txt (~/.local/share/tabula/ when
 * XDG_DATA_HOME is unset), a plain text file, one exercise a line:
 *
 *     # tabula exercises 1
 *     GAME | RESULT | SOLVED | FAILED | POSITION | PLAYED | SOURCE
 *
 * RESULT is the latest try, "solved" or "failed"; SOLVED and FAILED count
 * the tries; POSITION is the position before the mistake, PLAYED the move
 * played there in the game, SOURCE the record and move it came from.  A
 * line that does not read is named with its number and skipped, and a file
 * with such a line is never written over (its owner may mend it).
 */
#ifndef TABULA_CORE_EXERCISES_H
#define TABULA_CORE_EXERCISES_H

#include <stdbool.h>
#include <stddef.h>

#include "core/puzzle.h"

#define EXERCISES_MAGIC      "# tabula exercises 1"
#define EXERCISES_MAX_BYTES  (4u << 20)
#define EXERCISES_MOVE_MAX   64
#define EXERCISES_SOURCE_MAX 256

struct exercise_entry {
	char game[16];
	bool solved_last; /* the latest try */
	int solved, failed;
	char position[PUZZLE_POS_MAX];
	char played[EXERCISES_MOVE_MAX];
	char source[EXERCISES_SOURCE_MAX];
};

/* A try this session made, not yet on disk: a save applies it to the
 * file as it is then (another session may have written it since). */
struct exercise_try {
	char game[16];
	char position[PUZZLE_POS_MAX];
	char played[EXERCISES_MOVE_MAX];
	char source[EXERCISES_SOURCE_MAX];
	bool solved;
};

struct exercise_set {
	struct exercise_entry *items;
	size_t count, capacity;
	struct exercise_try *tries; /* since the last save */
	size_t ntries, tries_cap;
	/* Lines were skipped: the file is not written over. */
	bool damaged;
	int skipped;        /* lines skipped */
	char warning[2048]; /* the first: "PATH:LINE: what" */
};

/* The file's path ($XDG_DATA_HOME/tabula/exercises.txt); with create, the
 * directories are made.  False with the reason in err. */
bool exercises_path(char *buf, size_t size, bool create, char *err,
                    size_t err_size);

/* Reads path into set (a missing file: an empty set).  A line that does
 * not read is skipped and named in set->warning; false only when the file
 * cannot be read at all or memory runs out (err says which), and set is
 * then empty and damaged. */
bool exercises_load(const char *path, struct exercise_set *set, char *err,
                    size_t err_size);

/* Saves set's tries: under a lock on path's directory, reads path again
 * (another terminal UI of the same person may have saved its own tries
 * since), counts set's tries into what it read, writes that atomically
 * and makes it set.  False with the reason in err (the tries are kept
 * for the next save), also when the file has lines that do not read. */
bool exercises_save(const char *path, struct exercise_set *set, char *err,
                    size_t err_size);

/* Counts a try of the exercise (game, position, played), adding it when
 * new, and keeps it for the next save; false when out of memory. */
bool exercises_record(struct exercise_set *set, const char *game,
                      const char *position, const char *played,
                      const char *source, bool solved);

/* The entry for (game, position, played), or NULL. */
const struct exercise_entry *exercises_find(const struct exercise_set *set,
                                            const char *game,
                                            const char *position,
                                            const char *played);

/* The exercises of game in set. */
size_t exercises_count(const struct exercise_set *set, const char *game);

void exercises_free(struct exercise_set *set);

#endif
