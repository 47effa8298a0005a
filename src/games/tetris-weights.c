/*
 * Weight sets of the Tetris strategy.  Units are game points: a cell kept
 * in the well is worth about what it will bring when cleared, so a clear's
 * reward can be its real score.  The numbers come from the cross-entropy
 * method (a population of weight vectors, each played on the same seeded
 * random streams, the best tenth refitted as the next population's mean and
 * spread); see NEWS for the scores they reach.
 */
#include "config.h"

#include <string.h>

#include "games/tetris-weights.h"

const struct tetris_weights tetris_weights_text = {
	.name = "text",
	.feature = {
		[TETRIS_F_HOLES] = -4.0,
		[TETRIS_F_HOLE_ROWS] = -6.0,
		[TETRIS_F_HOLE_COVER] = -0.5,
		[TETRIS_F_ROW_TRANS] = -1.0,
		[TETRIS_F_COL_TRANS] = -1.0,
		[TETRIS_F_BUMP] = -0.5,
		[TETRIS_F_BUMP_SQ] = -0.2,
		[TETRIS_F_WELLS] = -0.5,
		[TETRIS_F_MAX_HEIGHT] = 0.0,
		[TETRIS_F_DANGER] = -1.0,
		[TETRIS_F_AGG_HEIGHT] = 0.0,
		[TETRIS_F_READY] = 1.0,
		[TETRIS_F_WELL_DEPTH] = 0.0,
		[TETRIS_F_WELL_EDGE] = 1.0,
		[TETRIS_F_CELLS] = 0.375,
		[TETRIS_F_FULL_ROWS] = -5.0,
	},
	.clear = {0, 1, 3, 7, 15},
	.reset = 0,
	.candidates = 6,
	.well_column = TETRIS_WELL_LOWEST,
};

const struct tetris_weights tetris_weights_reference = {
	.name = "reference",
	.feature = {
		[TETRIS_F_HOLES] = -4.0,
		[TETRIS_F_HOLE_ROWS] = -6.0,
		[TETRIS_F_HOLE_COVER] = -0.5,
		[TETRIS_F_ROW_TRANS] = -1.0,
		[TETRIS_F_COL_TRANS] = -1.0,
		[TETRIS_F_BUMP] = -0.5,
		[TETRIS_F_BUMP_SQ] = -0.2,
		[TETRIS_F_WELLS] = -0.5,
		[TETRIS_F_MAX_HEIGHT] = 0.0,
		[TETRIS_F_DANGER] = -1.0,
		[TETRIS_F_AGG_HEIGHT] = 0.0,
		[TETRIS_F_READY] = 0.0,
		[TETRIS_F_WELL_DEPTH] = 0.0,
		[TETRIS_F_WELL_EDGE] = 0.0,
		[TETRIS_F_CELLS] = 0.15,
		[TETRIS_F_FULL_ROWS] = -5.0,
	},
	.clear = {0, 1, 3, 3, 3},
	.reset = 0,
	.candidates = 6,
	.well_column = TETRIS_WELL_LOWEST,
};

const struct tetris_weights *
tetris_weights_for(enum tetris_rules rules)
{
	return rules == TETRIS_RULES_REFERENCE ? &tetris_weights_reference
					       : &tetris_weights_text;
}

const struct tetris_weights *
tetris_weights_find(const char *name)
{
	if (strcmp(name, tetris_weights_text.name) == 0)
		return &tetris_weights_text;
	if (strcmp(name, tetris_weights_reference.name) == 0)
		return &tetris_weights_reference;
	return NULL;
}
