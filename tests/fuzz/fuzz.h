/*
 * Shared by the libFuzzer targets (tests/fuzz/README): the input as a
 * NUL-terminated string, since every parser takes text.
 */
#ifndef TABULA_TESTS_FUZZ_H
#define TABULA_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A malloc'd copy of data with a NUL after it (NULL if out of memory). */
static inline char *
fuzz_text(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (text != NULL) {
		memcpy(text, data, size);
		text[size] = '\0';
	}
	return text;
}

/* Stops the process with a message when a property fails (libFuzzer
 * reports the abort as a crash with the input). */
#define FUZZ_ASSERT(cond)                                                      \
	do {                                                                   \
		if (!(cond))                                                   \
			abort();                                               \
	} while (0)

#endif
