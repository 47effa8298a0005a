/*
 * The level a person plays the engine at, per game (tabula(6), "Strength
 * levels" and FILES): a newcomer starts at a level meant to be beaten, and
 * each finished game against the engine moves the level offered next one
 * up after a win, one down after a loss.  Kept in
 * $XDG_DATA_HOME/tabula/levels.txt (~/.local/share/tabula/ when
 * XDG_DATA_HOME is unset), beside the puzzle progress, as plain text:
 *
 *     # tabula levels 1
 *     level tzaar 3 2 0 1
 *
 * ("level GAME NEXT-LEVEL WINS DRAWS LOSSES").  It is written atomically
 * (core/file.h), never through a link.
 */
#ifndef TABULA_CORE_LEVEL_PROGRESS_H
#define TABULA_CORE_LEVEL_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

#define LEVEL_PROGRESS_MAGIC     "# tabula levels 1"
#define LEVEL_PROGRESS_GAMES     8
#define LEVEL_PROGRESS_MAX_BYTES (1u << 16)

struct level_record {
	char game[16];
	int level; /* offered next */
	int wins, draws, losses;
};

struct level_progress {
	struct level_record games[LEVEL_PROGRESS_GAMES];
	int count;
};

/* The file's path; with create, its directory is made. */
bool level_progress_path(char *buf, size_t size, bool create, char *err,
                         size_t err_size);

/* Reads path into lp (empty when there is no file yet); false with
 * "PATH:LINE: why" in err (lp empty then). */
bool level_progress_load(const char *path, struct level_progress *lp, char *err,
                         size_t err_size);

/* Writes lp to path atomically. */
bool level_progress_save(const char *path, const struct level_progress *lp,
                         char *err, size_t err_size);

/* The level to offer at game: the one the results led to, or newcomer
 * for a game never played against the engine. */
int level_progress_level(const struct level_progress *lp, const char *game,
                         int newcomer);

/* Counts a game against the engine at level (result: 1 won, 0 drawn, -1
 * lost) and returns the level offered next, one up or down within
 * min..max. */
int level_progress_record(struct level_progress *lp, const char *game,
                          int level, int result, int min, int max);

#endif
