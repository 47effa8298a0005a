/*
 * The engine protocol's input (see ENGINE PROTOCOL in tabula(6)): lines
 * read from a descriptor with a buffer of our own, so that while the
 * command loop waits for a perft or a bench to end it can still watch the
 * input for a `stop`, a `quit` or the end of input, which end the job (the
 * end of input after a short grace).  Without this, `perft 32` followed by
 * `d` waited for the perft forever.  A stream without a descriptor (a
 * memory stream) is read line by line and not watched.
 *
 * Ownership: the command loop's thread owns it; a job's thread only calls
 * engine_input_wake.
 */
#ifndef TABULA_UCI_ENGINE_INPUT_H
#define TABULA_UCI_ENGINE_INPUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/wake.h"

struct engine_input {
	FILE *file; /* read with getline when fd < 0 */
	int fd;
	char *buf; /* bytes read and not yet taken */
	size_t len, cap;
	bool eof;
	int64_t eof_ms;   /* monotonic, when the end of input was seen */
	int64_t quit_ms;  /* when a waiting job first saw a quit next, or 0 */
	struct wake wake; /* a job's thread wakes it when it ends */
};

/* Reads from f; false (nothing to free) when out of descriptors. */
bool engine_input_open(struct engine_input *in, FILE *f);

void engine_input_close(struct engine_input *in);

/* The next line (without its newline; the caller frees it), waiting for
 * one; NULL at the end of input. */
char *engine_input_next(struct engine_input *in);

/* Waits until done(ctx) is true (asked again at every wake-up, see
 * engine_input_wake), a `stop` is the next command waiting to be read, or
 * grace_ms have passed since a `quit` was the next one or since the end of
 * input with no command left: true when done, false when the job should be
 * stopped. */
bool engine_input_wait(struct engine_input *in, bool (*done)(void *ctx),
                       void *ctx, int grace_ms);

/* Wakes engine_input_wait (a job has ended); safe from any thread. */
void engine_input_wake(struct engine_input *in);

#endif
