/*
 * Game records in another program's format (man page "LittleGolem
 * records"): a game that can read and write such records declares the
 * format in its caps (game_caps.record_format), so the reader recognises a
 * file by its content and the writer finds a format by name without the
 * core knowing any game.
 */
#ifndef TABULA_CORE_RECORD_FORMAT_H
#define TABULA_CORE_RECORD_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/record.h"

struct record_format {
	const char *name;            /* for --format: "littlegolem" */
	const struct game_ops *game; /* the game whose records it holds */
	/* Whether text (a whole file) is in this format. */
	bool (*detect)(const char *text);
	/* Reads text into a new session *s and meta, as record_read does;
	 * messages start with name. */
	bool (*read)(const char *text, const char *name, struct session *s,
	             struct record_meta *meta, char *err, size_t err_size);
	/* Writes the session's moves up to s->ply with meta's tags; on an
	 * error (a game the format cannot hold) writes nothing. */
	bool (*write)(FILE *out, const struct session *s,
	              const struct record_meta *meta, char *err,
	              size_t err_size);
};

/* The format named name (case-insensitive) of any game, or NULL. */
const struct record_format *record_format_find(const char *name);

/* The format that recognises text, or NULL (a tabula record or none). */
const struct record_format *record_format_detect(const char *text);

/* Writes s in the format fmt (NULL: a tabula record); false with a
 * message when fmt is not for s's game or cannot hold the game. */
bool record_format_write(FILE *out, const struct record_format *fmt,
                         const struct session *s,
                         const struct record_meta *meta, char *err,
                         size_t err_size);

#endif
