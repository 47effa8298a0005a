/*
 * Puzzle ratings and themes, worked out from a puzzle's position and line
 * alone (tabula(6), "How puzzles are rated"), so that a set joined from
 * several runs, old ones included, is rated by one method: a raw
 * difficulty per puzzle, then the set's puzzles spread evenly over the
 * rating scale in the order of their raw difficulty.
 */
#ifndef TABULA_STUDY_PUZZLE_RATE_H
#define TABULA_STUDY_PUZZLE_RATE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "core/puzzle.h"
#include "search/alphabeta.h"

/* The easiest and the hardest rating a spread set gets. */
#define PUZZLE_RATE_LOW  600
#define PUZZLE_RATE_HIGH 2200

/* The raw difficulty of pz (the man page's sum); ab is a search to use
 * for the tempting wrong moves. */
int puzzle_rate_raw(const struct game_ops *ops, struct alphabeta *ab,
                    const struct puzzle *pz);

/* Sets pz's themes from its position and line: the game's words for the
 * line (game_ops.line_themes), quiet, defence, forced-reply. */
void puzzle_rate_themes(const struct game_ops *ops, struct puzzle *pz);

/* Themes and rates every puzzle of set again, spreading the ratings from
 * PUZZLE_RATE_LOW (the lowest raw difficulty) to PUZZLE_RATE_HIGH; false
 * when out of memory. */
bool puzzle_rate_set(struct puzzle_set *set);

#endif
