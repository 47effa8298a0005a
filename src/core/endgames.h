/*
 * Endgame files (tabula(6), bench): positions near the end of real games
 * with the game's winner, for measuring the endgame solver.  One file per
 * game, data/endgames/GAME.txt:
 *
 *     # tabula endgames 1
 *     # any comment
 *     TO-END | WINNER | POSITION
 *
 * TO-END is how many plies the game lasted from the position (1..999),
 * WINNER the player who won it (1 or 2) and POSITION a position string of
 * a game still going on.  The winner need not have had a forced win
 * there: the loser may have thrown a game that was his.
 */
#ifndef TABULA_CORE_ENDGAMES_H
#define TABULA_CORE_ENDGAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"

#define ENDGAMES_MAGIC      "# tabula endgames 1"
#define ENDGAMES_FILE_MAX   (1u << 20)
#define ENDGAMES_TO_END_MAX 999

struct endgame {
	int to_end;
	int winner; /* 0 for player 1, 1 for player 2, as side_to_move */
	struct game_pos pos;
};

struct endgame_set {
	struct endgame *items;
	size_t count;
};

/* Reads the endgames of game ops from text (name used in messages:
 * "name:line: what"); false with the message, and the set empty, on any
 * error. */
bool endgames_parse(const char *text, const char *name,
                    const struct game_ops *ops, struct endgame_set *set,
                    char *err, size_t err_size);

/* Opens and reads the file at path (at most ENDGAMES_FILE_MAX bytes). */
bool endgames_load(const char *path, const struct game_ops *ops,
                   struct endgame_set *set, char *err, size_t err_size);

void endgame_set_free(struct endgame_set *set);

#endif
