/*
 * Searching a single-player game that brings its own planner
 * (game_ops.plan, e.g. the Tetris strategy): the planner's line is reported
 * as one finished iteration through the same struct search_info as an
 * alpha-beta search, so the protocol, the TUI and the bench need no special
 * case for it.
 */
#ifndef TABULA_SEARCH_PLAN_H
#define TABULA_SEARCH_PLAN_H

#include "core/game.h"
#include "search/alphabeta.h"
#include "search/search.h"

/* Runs ops->plan on pos (ops->plan must not be NULL), reports the line
 * through report (may be NULL) and fills result. */
void plan_run(const struct game_ops *ops, const struct game_pos *pos,
              search_report_fn report, void *ctx,
              struct alphabeta_result *result);

#endif
