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
