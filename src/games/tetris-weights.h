/*
 * The named weight sets of the Tetris strategy, one per scoring rule,
 * tuned by the cross-entropy method on seeded random streams (never on the
 * published challenge files).
 */
#ifndef TABULA_GAMES_TETRIS_WEIGHTS_H
#define TABULA_GAMES_TETRIS_WEIGHTS_H

#include "games/tetris-strategy.h"

/* Tuned for the text rule (all full rows collapse together). */
extern const struct tetris_weights tetris_weights_text;

/* Tuned for the quoted Python scorer's rule. */
extern const struct tetris_weights tetris_weights_reference;

/* The second design's sets, fitted from play by `tabula tune tetris`
 * (games/tetris-fit.h), one per rule. */
extern const struct tetris_weights tetris_weights_learned_text;
extern const struct tetris_weights tetris_weights_learned_reference;

#endif
