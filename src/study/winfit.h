/*
 * Fitting and checking a win-chance map (tabula(6), "Win chance"): samples
 * are search scores with the result the side to move went on to get; the
 * fit picks the map's scale (and draw margin, when some games were drawn)
 * with the greatest likelihood, and the calibration error says how far
 * the map's chances are from the shares of games won.  Used by `tabula
 * tune winchance` and `tabula review-bench`.
 */
#ifndef TABULA_STUDY_WINFIT_H
#define TABULA_STUDY_WINFIT_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"

struct winfit_sample {
	int score;    /* side to move's view, not a forced result */
	int side;     /* the side to move: 0 the first player, 1 the second */
	float result; /* 1 win, 0.5 draw, 0 loss, for the side to move */
};

/* A growable list of samples. */
struct winfit_set {
	struct winfit_sample *samples;
	size_t n, cap;
};

/* Appends a sample of side to move; false if out of memory. */
bool winfit_push(struct winfit_set *set, int side, int score, float result);

void winfit_set_free(struct winfit_set *set);

/* The side to move's result at pos from a record's result token ("1-0",
 * "0-1", "1/2-1/2"); false for an unfinished game ("*"). */
bool winfit_result(const struct game_ops *ops, const struct game_pos *pos,
                   const char *token, float *result);

/* Fits map->scale, map->draw (0 without drawn samples) and map->first
 * (the first player's edge) to the samples; the other fields are kept.
 * Returns the mean log loss. */
double winfit_fit(const struct winfit_set *set, struct game_winchance *map);

/* The mean log loss of map on the samples (nats per sample). */
double winfit_log_loss(const struct winfit_set *set,
                       const struct game_winchance *map);

/* Expected calibration error of map's win chance (win + draw / 2) on the
 * samples over `bins` equal bins of the predicted chance, in points
 * (0..100). */
double winfit_ece(const struct winfit_set *set,
                  const struct game_winchance *map, int bins);

#endif
