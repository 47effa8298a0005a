/*
 * Shared text readers (see text.h).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

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
text_to_long(const char *text, long min, long max, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (*text == '\0' || *end != '\0' || errno != 0 || v < min || v > max)
		return false;
	*out = v;
	return true;
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
