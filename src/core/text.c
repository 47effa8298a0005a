/*
 * Shared text readers (see text.h).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/text.h"

bool
text_squeeze(const char *text, char *out, size_t size)
{
	size_t n = 0;
	for (; *text != '\0'; text++) {
		if (isspace((unsigned char)*text))
			continue;
		if (n + 1 >= size) {
			out[n] = '\0';
			return false;
		}
		out[n++] = (char)tolower((unsigned char)*text);
	}
	out[n] = '\0';
	return true;
}

bool
text_read_u64(const char **s, uint64_t max, uint64_t *out)
{
	const char *p = *s;
	if (!isdigit((unsigned char)*p))
		return false;
	uint64_t v = 0;
	for (; isdigit((unsigned char)*p); p++) {
		uint64_t digit = (uint64_t)(*p - '0');
		if (digit > max || v > (max - digit) / 10)
			return false;
		v = v * 10 + digit;
	}
	*s = p;
	*out = v;
	return true;
}

bool
text_to_i64(const char *text, int64_t min, int64_t max, int64_t *out)
{
	bool negative = *text == '-';
	const char *p = text + negative;
	uint64_t v;
	/* The magnitude of INT64_MIN is INT64_MAX + 1. */
	if (!text_read_u64(&p, (uint64_t)INT64_MAX + negative, &v) ||
	    *p != '\0')
		return false;
	int64_t signed_v =
	        negative ? (v == (uint64_t)INT64_MAX + 1 ? INT64_MIN
	                                                 : -(int64_t)v)
	                 : (int64_t)v;
	if (signed_v < min || signed_v > max)
		return false;
	*out = signed_v;
	return true;
}

const char *
text_find_word(const char **rest, const char *blanks, size_t *len)
{
	const char *s = *rest + strspn(*rest, blanks);
	if (*s == '\0') {
		*rest = s;
		return NULL;
	}
	*len = strcspn(s, blanks);
	*rest = s + *len;
	return s;
}

char *
text_next_word(char **rest, const char *blanks)
{
	const char *at = *rest;
	size_t len;
	char *word = (char *)text_find_word(&at, blanks, &len);
	*rest = (char *)at;
	if (word != NULL && word[len] != '\0') {
		word[len] = '\0';
		(*rest)++;
	}
	return word;
}

bool
text_to_long(const char *text, long min, long max, long *out)
{
	int64_t v;
	if (!text_to_i64(text, min, max, &v))
		return false;
	*out = (long)v;
	return true;
}

bool
text_copy_trimmed(const char *start, size_t len, char *out, size_t size)
{
	while (len > 0 && isspace((unsigned char)*start)) {
		start++;
		len--;
	}
	while (len > 0 && isspace((unsigned char)start[len - 1]))
		len--;
	if (len == 0 || len >= size)
		return false;
	memcpy(out, start, len);
	out[len] = '\0';
	return true;
}

enum text_line_result
text_next_line(const char **text, char *line, size_t size)
{
	const char *c = *text;
	if (*c == '\0')
		return TEXT_LINE_END;
	size_t len = strcspn(c, "\n");
	*text = c + len + (c[len] == '\n');
	if (len >= size)
		return TEXT_LINE_TOO_LONG;
	memcpy(line, c, len);
	line[len] = '\0';
	if (len > 0 && line[len - 1] == '\r')
		line[len - 1] = '\0';
	return TEXT_LINE_OK;
}

enum text_read_result
text_read_all(FILE *f, size_t max, char **buf, size_t *len)
{
	enum { FIRST_CHUNK = 4096 };
	size_t cap = FIRST_CHUNK, n = 0;
	char *b = malloc(cap);
	*buf = NULL;
	*len = 0;
	while (b != NULL) {
		if (n + 1 >= cap) { /* room for the NUL */
			char *bigger = realloc(b, cap * 2);
			if (bigger == NULL)
				break;
			b = bigger;
			cap *= 2;
		}
		size_t got = fread(b + n, 1, cap - 1 - n, f);
		n += got;
		if (n > max) {
			free(b);
			return TEXT_READ_TOO_LARGE;
		}
		if (got == 0) {
			if (ferror(f)) {
				int saved = errno;
				free(b);
				errno = saved;
				return TEXT_READ_FAILED;
			}
			b[n] = '\0';
			*buf = b;
			*len = n;
			return TEXT_READ_OK;
		}
	}
	free(b);
	return TEXT_READ_NO_MEMORY;
}

size_t
text_utf8_printable(const unsigned char *s)
{
	size_t len = s[0] >= 0xf0 && s[0] <= 0xf4   ? 4
	             : s[0] >= 0xe0 && s[0] <= 0xef ? 3
	             : s[0] >= 0xc2 && s[0] <= 0xdf ? 2
	                                            : 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	}
	if ((len == 2 && s[0] == 0xc2 && s[1] < 0xa0) ||
	    (len == 3 && s[0] == 0xe0 && s[1] < 0xa0) ||
	    (len == 4 && s[0] == 0xf0 && s[1] < 0x90) ||
	    (len == 4 && s[0] == 0xf4 && s[1] > 0x8f))
		return 0;
	return len;
}

/* Writes the escaped form of s into out (size bytes, at least 1), cut at
 * the first piece that does not fit; returns whether anything was
 * escaped. */
static bool
text_escape_into(const char *s, char *out, size_t size, const char *keep)
{
	size_t o = 0;
	bool escaped = false, full = false;
	const unsigned char *p = (const unsigned char *)s;
	while (*p != '\0') {
		size_t len = *p >= 0x80 ? text_utf8_printable(p) : 1;
		bool plain = *p >= 0x80 ? len > 0
		                        : (*p >= 0x20 && *p != 0x7f) ||
		                                  strchr(keep, *p) != NULL;
		char piece[8];
		if (plain)
			memcpy(piece, p, len);
		else {
			snprintf(piece, sizeof piece, "\\x%02x", *p);
			len = 1;
			escaped = true;
		}
		size_t plen = plain ? len : 4;
		full = full || o + plen >= size;
		if (!full) {
			memcpy(out + o, piece, plen);
			o += plen;
		}
		p += len;
	}
	out[o] = '\0';
	return escaped;
}

bool
text_escape_controls(char *s, size_t size, const char *keep)
{
	size_t n = strlen(s);
	char *copy = malloc(n + 1);
	if (copy == NULL) {
		/* Out of memory: the text goes, not the controls. */
		bool had = s[0] != '\0';
		s[0] = '\0';
		return had;
	}
	memcpy(copy, s, n + 1);
	bool changed = text_escape_into(copy, s, size, keep);
	free(copy);
	return changed;
}

char *
text_escape_controls_dup(const char *s, const char *keep)
{
	size_t n = strlen(s);
	char *out = malloc(n * 4 + 1);
	if (out != NULL)
		text_escape_into(s, out, n * 4 + 1, keep);
	return out;
}
