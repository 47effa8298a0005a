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
#include <stdint.h>
#include <stdio.h>

/* Copies text into out without white space and in lower case; false
 * (out then holds a truncated copy) when it does not fit in size bytes. */
bool text_squeeze(const char *text, char *out, size_t size);

/* The one number reader: reads the decimal digits at *s as a number of at
 * most max and moves *s past them; false (and nothing moved) when *s does
 * not start with a digit or the number passes max.  No sign, no space. */
bool text_read_u64(const char **s, uint64_t max, uint64_t *out);

/* Reads text as a whole decimal number in [min, max], a '-' allowed before
 * the digits; false (and *out untouched) for anything else: empty, spaces,
 * trailing text, overflow, range. */
bool text_to_i64(const char *text, int64_t min, int64_t max, int64_t *out);

/* text_to_i64 for a long. */
bool text_to_long(const char *text, long min, long max, long *out);

/* The one word splitter: splits off the next word of *rest, the words
 * being separated by any of the characters of blanks, ending it with a
 * NUL in place and moving *rest past it; NULL (and *rest at the end) when
 * only blanks are left.  The engine protocol's commands, the room
 * protocol's lines, the UI's and the progress files' words read with it. */
char *text_next_word(char **rest, const char *blanks);

/* text_next_word for text that stays as it is: the next word of *rest
 * (its start, its length in *len), moving *rest past it; NULL (and *rest
 * at the end) when only blanks are left. */
const char *text_find_word(const char **rest, const char *blanks, size_t *len);

/* Copies the len bytes at start, blanks trimmed at both ends, into out
 * (size bytes); false when nothing is left or it does not fit.  For the
 * fields of the '|'-separated files (puzzles, endgames). */
bool text_copy_trimmed(const char *start, size_t len, char *out, size_t size);

/* How text_next_line ended. */
enum text_line_result {
	TEXT_LINE_OK,
	TEXT_LINE_END,     /* no text left */
	TEXT_LINE_TOO_LONG /* the line does not fit (it is skipped) */
};

/* Copies the next line of *text into line (size bytes), without its
 * newline or a carriage return before it, and moves *text past it: one
 * line splitter for the files read whole (puzzles, endgames). */
enum text_line_result text_next_line(const char **text, char *line,
                                     size_t size);

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

/* The length of the UTF-8 sequence at s (whose first byte is 0x80 or
 * more) when it is a printable character (no C1 control, no overlong
 * form, no byte missing), else 0. */
size_t text_utf8_printable(const unsigned char *s);

/* Rewrites s (a buffer of size bytes) so that no byte of it can command a
 * terminal: each control character (C0 but those in keep, DEL, the C1
 * controls U+0080-U+009F) and each byte that is not part of valid UTF-8
 * becomes the four characters \xNN; a text too long for the buffer then
 * is cut, never inside an escape or a character.  Text from a file or a
 * peer passes through it before it reaches a terminal or a record.
 * Returns whether s changed. */
bool text_escape_controls(char *s, size_t size, const char *keep);

/* text_escape_controls into a new string (NULL when out of memory). */
char *text_escape_controls_dup(const char *s, const char *keep);

#endif
