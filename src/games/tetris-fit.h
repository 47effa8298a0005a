/*
 * The learned value of the Tetris strategy's second design: approximate
 * policy iteration over the strategy's board features.  Each round plays
 * the current policy on seeded training streams, follows sampled wells with
 * rollouts under that policy on seeded random pieces, and fits the
 * features' weights by least squares to the points the rollouts scored, so
 * the value is learned from play in game points rather than tuned by hand.
 * Everything is seeded: the same parameters give the same weights.
 */
#ifndef TABULA_GAMES_TETRIS_FIT_H
#define TABULA_GAMES_TETRIS_FIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/tetris-strategy.h"

/* How a fit samples and how long it runs. */
struct tetris_fit_params {
	enum tetris_rules rules;
	uint64_t seed;   /* of the training, rollout and check streams */
	int rounds;      /* fits, each under the previous one's policy */
	int states;      /* wells sampled per round */
	int spacing;     /* pieces played between two samples */
	int horizon;     /* pieces per rollout */
	int rollouts;    /* rollouts per sampled well */
	int explore;     /* percent of the sampling play's pieces placed at
	                    random, so wells the policy avoids are learned */
	int prior;       /* pull towards the previous round's weights (the
	                    start's in round 1), in percent of the data's */
	int check_bytes; /* pieces of the stream each round is scored on with
	                    the full search (0: none); the best round wins */
};

/* The parameters of the committed learned sets (man page: "tune"). */
void tetris_fit_defaults(struct tetris_fit_params *p, enum tetris_rules rules);

/* Takes one progress line (no newline). */
typedef void (*tetris_fit_line_fn)(void *ctx, const char *text);

/* Fits a weight set from play, starting from the policy of start, into
 * out (its search settings copied from start, its rewards the real points
 * of each clear and nothing for a reset); false with a message in err if
 * memory runs out or the parameters are out of range. */
bool tetris_fit(const struct tetris_fit_params *p,
                const struct tetris_weights *start, struct tetris_weights *out,
                tetris_fit_line_fn line, void *ctx, char *err, size_t err_size);

/* Writes a weight set as the C initialiser tetris-weights.c holds, one
 * line at a time. */
void tetris_fit_print(const struct tetris_weights *w, const char *var,
                      tetris_fit_line_fn line, void *ctx);

#endif
