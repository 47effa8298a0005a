/*
 * Glicko-2 ratings (Glickman's published description of the system): a
 * rating, its deviation (how unsure it is) and its volatility (how much
 * it swings).  Pure arithmetic on the 1500 scale; who is rated, when and
 * where it is kept is server/ratings.h's.  The room server treats each
 * rated game as a rating period of its own (tabula(6), PLAY ON THIS HOST,
 * "Ratings").
 */
#ifndef TABULA_SERVER_GLICKO_H
#define TABULA_SERVER_GLICKO_H

#include <stddef.h>

/* A newcomer's rating, deviation and volatility. */
#define GLICKO_START_RATING     1500.0
#define GLICKO_START_DEVIATION  350.0
#define GLICKO_START_VOLATILITY 0.06

/* The system constant tau: how fast the volatility may change
 * (Glickman suggests 0.3 to 1.2; his worked example uses 0.5). */
#define GLICKO_TAU 0.5

struct glicko {
	double rating, deviation, volatility;
};

/* One game of a rating period: the opponent as rated before it, and the
 * score (1 a win, 0.5 a draw, 0 a loss). */
struct glicko_game {
	struct glicko opponent;
	double score;
};

/* A newcomer's rating. */
struct glicko glicko_start(void);

/* The rating after a period of n games (n == 0: only the deviation
 * grows), with system constant tau. */
struct glicko glicko_update(struct glicko before, const struct glicko_game *g,
                            size_t n, double tau);

#endif
