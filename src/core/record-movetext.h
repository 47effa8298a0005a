/*
 * The movetext writer shared by the record writer (record.c): moves, marks,
 * comments, review notes and variations, wrapped into lines.
 */
#ifndef TABULA_CORE_RECORD_MOVETEXT_H
#define TABULA_CORE_RECORD_MOVETEXT_H

#include <stdio.h>

#include "core/record.h"

/* Writes the main line of s (up to s->ply) with meta's comments and notes,
 * then the result token and a newline. */
void record_write_movetext(FILE *out, const struct session *s,
                           const struct record_meta *meta, const char *result);

#endif
