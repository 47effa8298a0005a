/*
 * Accuracy (tabula(6), REVIEW, "Accuracy"): how well a side played, from
 * the win chance each of its moves lost.  A move's accuracy falls steeply
 * with its loss (100% e^(-loss / 15 points)); a game's is the mean of two
 * averages over the side's moves, each weighted by the stake of the
 * position the move was made in (4p(1 - p) of the mover's win chance p,
 * at least 5%): the plain mean and the harmonic mean (each move counted
 * at no less than 10%), so that a run of lost moves pulls the figure down
 * and a game already decided weighs little.  Pure arithmetic.
 */
#ifndef TABULA_STUDY_ACCURACY_H
#define TABULA_STUDY_ACCURACY_H

#include "core/record.h"

/* Per-player totals over a reviewed game. */
struct review_summary {
	int moves[2];
	int marks[2][MARK_COUNT];
	double stake[2];    /* the weights' sum */
	double weighted[2]; /* stake times the move's accuracy (0..1) */
	double inverse[2];  /* stake over the move's floored accuracy */
};

/* One move's accuracy, in hundredths of a percent, for a loss of win
 * chance in hundredths of a percentage point (search/winchance.h). */
int accuracy_of_move(int loss);

/* The weight of a move made at the mover's win chance chance_before
 * (hundredths of a percentage point), 0.05..1. */
double accuracy_stake(int chance_before);

/* Adds one move of side, made at chance_before, losing loss, marked
 * mark. */
void accuracy_count(struct review_summary *sum, int side, int chance_before,
                    int loss, enum record_mark mark);

/* A side's accuracy in hundredths of a percent; 100% without moves. */
int review_accuracy(const struct review_summary *sum, int side);

#endif
