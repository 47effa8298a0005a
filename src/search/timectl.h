/*
 * Time control: turns the limits of a `go` into two deadlines for one
 * search.  The soft deadline is checked between iterations (do not start
 * an iteration that is unlikely to finish); the hard deadline aborts the
 * search wherever it is.
 */
#ifndef TABULA_SEARCH_TIMECTL_H
#define TABULA_SEARCH_TIMECTL_H

#include <stdint.h>

#include "search/search.h"

struct timectl_plan {
	int64_t soft_ms; /* 0 = no deadline */
	int64_t hard_ms; /* 0 = no deadline */
};

/* Deadlines for the player side (0 or 1) to move under lim. */
void timectl_plan(const struct search_limits *lim, int side,
                  struct timectl_plan *plan);

#endif
