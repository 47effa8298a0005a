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
        .feature =
                {
                        [TETRIS_F_HOLES] = -3.305,
                        [TETRIS_F_HOLE_ROWS] = -2.826,
                        [TETRIS_F_HOLE_COVER] = -0.07572,
                        [TETRIS_F_ROW_TRANS] = -0.1017,
                        [TETRIS_F_COL_TRANS] = -0.6005,
                        [TETRIS_F_BUMP] = -0.0332,
                        [TETRIS_F_BUMP_SQ] = -0.06721,
                        [TETRIS_F_WELLS] = -0.4811,
                        [TETRIS_F_MAX_HEIGHT] = -0.08831,
                        [TETRIS_F_DANGER] = -0.2692,
                        [TETRIS_F_AGG_HEIGHT] = -0.2255,
                        [TETRIS_F_READY] = 0.8884,
                        [TETRIS_F_WELL_DEPTH] = 0.0002441,
                        [TETRIS_F_WELL_EDGE] = 3.0,
                        [TETRIS_F_CELLS] = 0.4843,
                        [TETRIS_F_FULL_ROWS] = -3.453,
                        [TETRIS_F_I_POINTS] = 0.04237,
                        [TETRIS_F_MISFITS] = -1.246,
                        [TETRIS_F_I_STUCK] = -0.3221,
                },
        .clear = {0, -0.3914, 1.497, 5.502, 15},
        .reset = 0.007469,
        .candidates = 6,
        .well_column = TETRIS_WELL_LOWEST,
};

const struct tetris_weights tetris_weights_reference = {
        .name = "reference",
        .feature =
                {
                        [TETRIS_F_HOLES] = -1.151,
                        [TETRIS_F_HOLE_ROWS] = -1.146,
                        [TETRIS_F_HOLE_COVER] = 0.4943,
                        [TETRIS_F_ROW_TRANS] = -1.475,
                        [TETRIS_F_COL_TRANS] = -0.9707,
                        [TETRIS_F_BUMP] = 0.4702,
                        [TETRIS_F_BUMP_SQ] = -0.146,
                        [TETRIS_F_WELLS] = -0.6723,
                        [TETRIS_F_MAX_HEIGHT] = 0.1337,
                        [TETRIS_F_DANGER] = -1.078,
                        [TETRIS_F_AGG_HEIGHT] = 0.1274,
                        [TETRIS_F_READY] = 0.2638,
                        [TETRIS_F_WELL_DEPTH] = -0.6412,
                        [TETRIS_F_WELL_EDGE] = 0.4659,
                        [TETRIS_F_CELLS] = -1.119,
                        [TETRIS_F_FULL_ROWS] = -34.86,
                        [TETRIS_F_I_POINTS] = 2.056,
                        [TETRIS_F_MISFITS] = -0.1821,
                        [TETRIS_F_I_STUCK] = -2.601,
                },
        .clear = {0, 0.2498, 2.809, 6.841, 3},
        .reset = 1.547,
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
