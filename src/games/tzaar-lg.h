/*
 * LittleGolem's TZAAR records (man page "LittleGolem records"): one line of
 * SGF-like text, `(;FF[TZAAR]...POS[...];W[npmq];B[prqq-kplp]...)`, read by
 * tzaar-lg-read.c and written by tzaar-lg.c.  A point is two letters k..s,
 * the axial coordinates x and y from -4 to +4; x is tabula's column (A..I,
 * left to right) and y runs up a column, so `ok` is E1 and `so` is I5.
 */
#ifndef TABULA_GAMES_TZAAR_LG_H
#define TABULA_GAMES_TZAAR_LG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/record-format.h"

/* The format, for tzaar_game's caps. */
extern const struct record_format tzaar_littlegolem;

/* The space a point name names ("np", any case), or -1 with the reason. */
int tzaar_lg_cell(const char *name, char *err, size_t err_size);

/* Writes a space's point name ("np") into buf (at least 3 bytes). */
void tzaar_lg_name(int cell, char *buf);

/* Whether text is a LittleGolem TZAAR record (it opens with "(;" and its
 * game property is FF[TZAAR]). */
bool tzaar_lg_detect(const char *text);

/* Reads one (see struct record_format). */
bool tzaar_lg_read(const char *text, const char *name, struct session *s,
                   struct record_meta *meta, char *err, size_t err_size);

/* Writes one (see struct record_format). */
bool tzaar_lg_write(FILE *out, const struct session *s,
                    const struct record_meta *meta, char *err, size_t err_size);

/* Properties kept as tags: the LittleGolem name and the tag's name. */
struct tzaar_lg_property {
	const char *property;
	const char *tag;
};
extern const struct tzaar_lg_property TZAAR_LG_TAGS[];
extern const size_t TZAAR_LG_TAG_COUNT;

/* Unknown properties XX are kept as tags named TZAAR_LG_PREFIX "XX". */
#define TZAAR_LG_PREFIX "LG_"

#endif
