/*
 * Helpers shared by the Infexion test programs (check_infexion.c and
 * check_infexion_text.c): positions from text, random games, a few
 * position strings used by several tables.
 */
#ifndef TABULA_TESTS_IXTEST_H
#define TABULA_TESTS_IXTEST_H

#include <stdbool.h>

#include "core/rng.h"
#include "games/infexion.h"

/* Positions used by more than one table. */
#define IXTEST_EMPTY "......./......./......./......./......./......./......."
#define IXTEST_FULL                                                            \
	"r1b1r1b1r1b1r1/b1r1b1r1b1r1b1/r1b1r1b1r1b1r1/b1r1b1r1b1r1b1/"         \
	"r1b1r1b1r1b1r1/b1r1b1r1b1r1b1/r1b1r1b1r1b1r1"
#define IXTEST_TWO "......./......./......./...b1r1../......./......./......."

/* Called after each move of a random game. */
typedef void ixtest_visit_fn(const struct game_pos *before, game_move m,
                             const struct game_pos *after);

/* Sets pos from a position string; the test fails if it does not parse. */
void ixtest_set_pos(struct game_pos *pos, const char *text);

/* Whether m is among the n moves. */
bool ixtest_move_in_list(game_move m, const game_move *moves, int n);

/* Plays random legal moves from the start, calling visit (may be NULL)
 * after each; returns the plies played. */
int ixtest_random_game(struct rng *rng, struct game_pos *pos, int max_plies,
                       ixtest_visit_fn *visit);

/* Fails unless the running hash equals the one computed from scratch. */
void ixtest_check_hash(const struct game_pos *pos);

#endif
