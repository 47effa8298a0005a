/*
 * Small text readers shared by every parser of user input: the games'
 * move readers, the engine protocol and the command lines.  One copy, so
 * that "spaces are ignored" and "a number is a whole word in range" mean
 * the same thing everywhere.
 */
#ifndef TABULA_CORE_TEXT_H
#define TABULA_CORE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Copies text into out without white space and in lower case; false
 * (out then holds a truncated copy) when it does not fit in size bytes. */
bool text_squeeze(const char *text, char *out, size_t size);

/* Reads text as a whole decimal number in [min, max]; false (and *out
 * untouched) for anything else: empty, trailing text, overflow, range. */
bool text_to_long(const char *text, long min, long max, long *out);

/* How text_read_all ended. */
enum text_read_result {
	TEXT_READ_OK,
	TEXT_READ_FAILED, /* a read error; errno says which */
	TEXT_READ_NO_MEMORY,
	TEXT_READ_TOO_LARGE /* more than the max bytes */
};

/* Reads f to its end into a new buffer (caller frees), NUL-terminated,
 * *len counting the bytes before the NUL; *buf is NULL unless the result
 * is TEXT_READ_OK.  One reader for every whole file the program takes
 * in: saved games, piece streams. */
enum text_read_result text_read_all(FILE *f, size_t max, char **buf,
                                    size_t *len);

#endif
