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

/* The name of input's review, a tabula record: ".reviewed.rec" for
 * input's extension ("game.rec" and a LittleGolem "game.txt" ->
 * "game.reviewed.rec"), or "game.reviewed-2.rec" and so on when that is
 * taken (an earlier review's); in buf, NULL if none fits or 99 are taken. */
const char *review_out_name(const char *input, char *buf, size_t size);

/* Writes the review to path, a name review_out_name made, as a new file:
 * never over another file (a name taken meanwhile goes on to the next;
 * the name written is left in path).  False with a message. */
bool review_out_save_made(const char *input, char *path, size_t size,
                          const struct session *s,
                          const struct record_meta *meta, char *err,
                          size_t err_size);

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
