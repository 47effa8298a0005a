/*
 * The puzzle trainer's memory of a player (tabula(6), FILES): a rating per
 * game that moves like an Elo rating with every puzzle tried, the counts
 * solved and failed, and the puzzles tried lately (not offered again soon).
 * Kept in $XDG_DATA_HOME/tabula/puzzles.txt (~/.local/share/tabula/ when
 * XDG_DATA_HOME is unset), a plain text file:
 *
 *     # tabula puzzle progress 1
 *     rating tzaar 1180 12 5
 *     tried tzaar-1-17
 *
 * ("rating GAME RATING SOLVED FAILED"; "tried ID", oldest first).  It is
 * written atomically (core/file.h: a new file, fsync, rename), never
 * through a link.
 */
#ifndef TABULA_CORE_PUZZLE_PROGRESS_H
#define TABULA_CORE_PUZZLE_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/puzzle.h"

#define PUZZLE_PROGRESS_MAGIC     "# tabula puzzle progress 1"
#define PUZZLE_PROGRESS_GAMES     8
#define PUZZLE_PROGRESS_TRIED     400 /* remembered ids */
#define PUZZLE_PROGRESS_START     1000
#define PUZZLE_PROGRESS_MAX_BYTES (1u << 20)

struct puzzle_player {
	char game[16];
	int rating;
	int solved, failed;
};

struct puzzle_progress {
	struct puzzle_player players[PUZZLE_PROGRESS_GAMES];
	int player_count;
	char tried[PUZZLE_PROGRESS_TRIED][PUZZLE_ID_MAX]; /* oldest first */
	int tried_count;
};

/* How a puzzle went: solved alone, solved after a hint or the solution
 * shown, or failed. */
enum puzzle_outcome { PUZZLE_SOLVED, PUZZLE_HINTED, PUZZLE_FAILED };

/* The file's path ($XDG_DATA_HOME/tabula/puzzles.txt); with create, the
 * directories are made.  False with the reason in err. */
bool puzzle_progress_path(char *buf, size_t size, bool create, char *err,
                          size_t err_size);

/* Reads path into pp; a missing file is a new player (true).  False with
 * "path:line: what" in err for a file that is not one of ours. */
bool puzzle_progress_load(const char *path, struct puzzle_progress *pp,
                          char *err, size_t err_size);

/* Writes pp to path atomically; false with the reason in err (also when
 * path is a link or not a regular file). */
bool puzzle_progress_save(const char *path, const struct puzzle_progress *pp,
                          char *err, size_t err_size);

/* The player's entry for game (made at PUZZLE_PROGRESS_START if new; the
 * oldest game's entry is reused when the table is full). */
struct puzzle_player *puzzle_progress_player(struct puzzle_progress *pp,
                                             const char *game);

/* Scores a try of puzzle pz by the player of game: the rating moves by
 * K * (score - expected), score 1, 1/2 or 0; remembers pz as tried.
 * Returns the change. */
int puzzle_progress_record(struct puzzle_progress *pp, const char *game,
                           const struct puzzle *pz,
                           enum puzzle_outcome outcome);

/* The puzzle to offer: among those not tried lately, one of the closest
 * in rating to the player's, drawn with seed.  Index into set; set must
 * not be empty. */
size_t puzzle_progress_pick(const struct puzzle_progress *pp,
                            const struct puzzle_set *set, int rating,
                            uint64_t seed);

#endif
