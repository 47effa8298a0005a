/*
 * The search's evaluation of TZAAR positions: stacks left of each type,
 * stack heights, types no enemy stack can take, the danger of a type down
 * to one or two stacks the enemy can take, and captures left to each side,
 * with named weights (man page, section "TZAAR evaluation").
 */
#ifndef TABULA_GAMES_TZAAR_EVAL_H
#define TABULA_GAMES_TZAAR_EVAL_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"

/* Number of named weights. */
#define TZAAR_EVAL_WEIGHTS 21

/* Their names, NULL-terminated, in the order of a weight array. */
extern const char *const tzaar_eval_weight_names[TZAAR_EVAL_WEIGHTS + 1];

/* Weight units per centipawn of the reported score.  `tabula tune tzaar`
 * fitted the logistic 1 / (1 + 10^(-e/K)) to 229 games against Veselý's
 * program (the match driver's, 1-3 s per turn) with K = 8016 weight units;
 * dividing by 20 makes K about 400 centipawns, as in chess: +1.00 predicts
 * an expected score of about 64%, a modest edge, and +4.00 about 90%.  The
 * scale stays; against the same program the stronger engine's +1.00 now
 * comes with about 83% (man page: "TZAAR evaluation"). */
#define TZAAR_EVAL_UNITS_PER_CP 20

/* Score of a TZAAR position from the side to move's view in centipawns,
 * with the default weights or those of TABULA_TZAAR_WEIGHTS. */
int tzaar_eval(const struct game_pos *pos);

/* The same in weight units (not divided) with the given weights
 * (TZAAR_EVAL_WEIGHTS of them). */
int tzaar_eval_with(const struct game_pos *pos, const int *weights);

/* Copies the default weights into weights. */
void tzaar_eval_default_weights(int *weights);

/* The index of the weight named by the len characters at name, or -1. */
int tzaar_eval_weight_index(const char *name, size_t len);

/* Whether weight i is the tempo (to_move, to_move_second): set so that
 * searches ending with either side to move agree, not fitted to games. */
bool tzaar_eval_weight_is_tempo(int i);

/* Applies "name=value,..." to weights; false if any item was not a known
 * name with an integer value (the valid items are applied). */
bool tzaar_eval_parse_weights(const char *text, int *weights);

#endif
