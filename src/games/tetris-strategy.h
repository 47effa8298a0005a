/*
 * The Tetris strategy: chooses where each piece goes, seeing only a window
 * of the stream (the piece to place and the one after it), never the stream
 * itself, so the challenge's look-ahead rule holds by construction.  It
 * places both known pieces in every way, scores each well with a weighted
 * sum of features, for the most promising few takes the expectation over
 * the seven pieces that may come third, and for the closest contenders
 * over a fourth piece as well.
 */
#ifndef TABULA_GAMES_TETRIS_STRATEGY_H
#define TABULA_GAMES_TETRIS_STRATEGY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/tetris.h"

struct pool;

/* What the evaluation measures in a well.  "The well column" is the one
 * kept open for I pieces (struct tetris_weights.well_column). */
enum tetris_feature {
	TETRIS_F_HOLES,      /* empty cells under a filled one */
	TETRIS_F_HOLE_ROWS,  /* rows with at least one hole */
	TETRIS_F_HOLE_COVER, /* filled cells above holes, per hole */
	TETRIS_F_ROW_TRANS, /* filled/empty changes along rows (walls filled) */
	TETRIS_F_COL_TRANS, /* filled/empty changes up columns (floor filled) */
	TETRIS_F_BUMP,      /* sum of height steps, well column left out */
	TETRIS_F_BUMP_SQ,   /* sum of squared height steps, likewise */
	TETRIS_F_WELLS,     /* 1+2+..+depth of every other well */
	TETRIS_F_MAX_HEIGHT,   /* the highest column */
	TETRIS_F_DANGER,       /* squared height above the danger line */
	TETRIS_F_AGG_HEIGHT,   /* sum of heights, well column left out */
	TETRIS_F_READY,        /* rows one I from clearing (at most 4) */
	TETRIS_F_WELL_DEPTH,   /* depth of the well column */
	TETRIS_F_WELL_EDGE,    /* 1 if the well column is at a wall */
	TETRIS_F_CELLS,        /* filled cells: what a reset would lose */
	TETRIS_F_FULL_ROWS,    /* full rows left behind (reference rule) */
	TETRIS_F_I_POINTS,     /* points an upright I in the well would score */
	TETRIS_F_MISFITS,      /* pieces (not I) with no flush placement */
	TETRIS_F_I_STUCK,      /* full rows such an I would leave */
	TETRIS_F_DEEP_WELLS,   /* other columns 3 or more below both sides */
	TETRIS_F_GARBAGE,      /* cells in and under the highest row with a
	                          hole: what only a burn will clear */
	TETRIS_F_READY_EXTRA,  /* ready rows past four (up to eight) */
	TETRIS_F_DANGER_HIGH,  /* squared height above the last safe rows */
	TETRIS_F_ONE_FITS,     /* pieces (not I) with one flush placement */
	TETRIS_F_CLIFF,        /* (step - 2)^2 summed over steps above 2 */
	TETRIS_F_SPLIT_POINTS, /* reference rule: points a J or L dropped
	                          in rotation 2 beside the well would score */
	TETRIS_F_SPLIT_PIECES, /* reference rule: pieces (not O) that some
	                          upright drop over the well would make split */
	TETRIS_F_PAIR_STEP,    /* reference rule: 1 if the well column and its
	                          lower neighbour differ by one row */
	TETRIS_F_PAIR_READY,   /* reference rule: with that step, rows above
	                          the well's floor complete but for the pair
	                          (at most 3) */
	TETRIS_FEATURE_COUNT
};

enum { TETRIS_MAX_CLEAR = 4, TETRIS_WELL_LOWEST = -1 };

/* A named set of weights: features, rewards per clear, the reset. */
struct tetris_weights {
	const char *name;
	double feature[TETRIS_FEATURE_COUNT];
	double clear[TETRIS_MAX_CLEAR + 1]; /* reward for clearing n rows */
	double reset;                       /* reward for a piece that resets */
	int first_moves;    /* placements of the current piece followed by
	                       every placement of the next; 0 = all */
	int candidates;     /* plans (first move + best second) given the
	                       expectation over the third piece; 0 = none */
	int deep;           /* of those, the best few given a second chance
	                       node (the expectation over a fourth piece) */
	double deep_margin; /* only plans this close to the best go deep */
	int deep_third;     /* placements of each third piece refined there
	                       (1 to 4) */
	int well_column;    /* the column kept open for I pieces, or
	                       TETRIS_WELL_LOWEST: whichever is lowest */
};

/* What the strategy may see when it places a piece. */
struct tetris_window {
	int current; /* the piece to place */
	int next;    /* the one after it, or TETRIS_NO_PIECE at the end */
};

/* The strategy's designs: the tuned value (the default) and the value
 * learned from play (man page: "tetris"). */
enum tetris_design { TETRIS_DESIGN_TUNED, TETRIS_DESIGN_LEARNED };

/* The tuned weights for a scoring rule. */
const struct tetris_weights *tetris_weights_for(enum tetris_rules rules);

/* The weights of a design for a scoring rule. */
const struct tetris_weights *tetris_weights_of(enum tetris_design design,
                                               enum tetris_rules rules);

/* Parses "tuned" or "learned"; false if neither. */
bool tetris_design_parse(const char *text, enum tetris_design *design);

/* The name of a design, "tuned" or "learned". */
const char *tetris_design_name(enum tetris_design design);

/* The move for win.current in well w (always valid for the piece). */
game_move tetris_strategy_choose(const struct tetris_well *w,
                                 struct tetris_window win,
                                 enum tetris_rules rules,
                                 const struct tetris_weights *weights);

/* The same move, with the expectation steps shared out over a pool's
 * threads (NULL: the caller's alone); the answer does not depend on it. */
game_move tetris_strategy_choose_pooled(const struct tetris_well *w,
                                        struct tetris_window win,
                                        enum tetris_rules rules,
                                        const struct tetris_weights *weights,
                                        struct pool *pool);

/* The features of a well (f has TETRIS_FEATURE_COUNT entries), the well
 * column being the lowest: what the evaluation weighs, for tests and
 * tuning tools. */
void tetris_strategy_features(const struct tetris_well *w,
                              enum tetris_rules rules, int *f);

/* The static evaluation of a well under a rule's weights, in hundredths of
 * a point (for the game interface's evaluate). */
int tetris_strategy_evaluate(const struct tetris_well *w,
                             enum tetris_rules rules);

/* Batch play: out[i] is the byte for piece in[i] % 7.  Each decision gets
 * only the window (piece i, piece i+1); the well is advanced with the rule.
 * threads > 1 shares each decision's work out over that many threads; the
 * output is the same for any count. */
void tetris_strategy_play(const uint8_t *in, size_t n, uint8_t *out,
                          enum tetris_rules rules,
                          const struct tetris_weights *weights, int threads);

/* The same, ending early once *stop is set (NULL: never); returns the
 * pieces played. */
size_t tetris_strategy_play_stoppable(const uint8_t *in, size_t n, uint8_t *out,
                                      enum tetris_rules rules,
                                      const struct tetris_weights *weights,
                                      int threads, const atomic_bool *stop);

#endif
