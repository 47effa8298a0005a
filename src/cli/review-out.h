/*
 * What `tabula review` writes and prints (tabula(6), "review"): the name
 * of the new file, the check of the output before the review starts, and
 * the report of marked moves with each player's accuracy.
 */
#ifndef TABULA_CLI_REVIEW_OUT_H
#define TABULA_CLI_REVIEW_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/session.h"
#include "study/review.h"

/* input with ".reviewed" before its extension ("game.rec" ->
 * "game.reviewed.rec"), in buf; NULL if it does not fit. */
const char *review_out_name(const char *input, char *buf, size_t size);

/* Whether a record can be written to path ("-": standard output): not a
 * directory, in a directory that exists and can be written; false with
 * a message naming path. */
bool review_out_check(const char *path, char *err, size_t err_size);

/* Prints the settings, each marked move (ply, side, move, mark, the
 * engine's move, win chance before and after) and a summary per player. */
void review_out_report(FILE *out, const struct session *s,
                       const struct review_move *results,
                       const struct review_limits *lim);

#endif
