/*
 * The engine protocol: the input is a conversation, run through
 * engine_run with a quit appended (so searches and perft end at once).
 * Lines naming Hash or bench, and perft deeper than 2, are dropped: a
 * 4 GiB table, a bench or a perft of seconds per input would only slow
 * the fuzzer down.
 */
#include "config.h"

#include <stdio.h>
#include <strings.h>

#include "fuzz.h"
#include "uci/engine.h"

/* Whether line (up to its newline) contains word, any case. */
static bool
fuzz_line_has(const char *line, size_t len, const char *word)
{
	size_t n = strlen(word);
	for (size_t i = 0; i + n <= len; i++) {
		if (strncasecmp(line + i, word, n) == 0)
			return true;
	}
	return false;
}

/* Whether the line asks for a perft deeper than 2 plies. */
static bool
fuzz_deep_perft(const char *line, size_t len)
{
	if (!fuzz_line_has(line, len, "perft"))
		return false;
	for (size_t i = 0; i < len; i++) {
		if (line[i] >= '3' && line[i] <= '9')
			return true;
		if (line[i] >= '1' && line[i] <= '9' && i + 1 < len &&
		    line[i + 1] >= '0' && line[i + 1] <= '9')
			return true;
	}
	return false;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *conv = malloc(size + 8);
	if (conv == NULL)
		return 0;
	size_t n = 0;
	const char *text = (const char *)data;
	for (size_t start = 0; start < size;) {
		const char *nl = memchr(text + start, '\n', size - start);
		size_t len =
		        nl ? (size_t)(nl - (text + start)) + 1 : size - start;
		if (!fuzz_line_has(text + start, len, "hash") &&
		    !fuzz_line_has(text + start, len, "bench") &&
		    !fuzz_deep_perft(text + start, len)) {
			memcpy(conv + n, text + start, len);
			n += len;
		}
		start += len;
	}
	memcpy(conv + n, "\nquit\n", 6);
	n += 6;
	FILE *in = fmemopen(conv, n, "r");
	FILE *out = fopen("/dev/null", "w");
	if (in != NULL && out != NULL)
		engine_run(in, out);
	if (in != NULL)
		fclose(in);
	if (out != NULL)
		fclose(out);
	free(conv);
	return 0;
}
