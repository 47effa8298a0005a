/*
 * A wake pipe: the one way a thread, or a signal handler, wakes a loop
 * asleep in poll().  The loop polls wake_fd for reading and empties it
 * with wake_drain; anyone calls wake_up, which writes one byte and never
 * blocks (a full pipe already wakes the loop, so a byte that does not
 * fit is not needed).  wake_up is async-signal-safe.  Both ends are
 * non-blocking and close-on-exec, so a program the owner starts never
 * holds them.
 */
#ifndef TABULA_CORE_WAKE_H
#define TABULA_CORE_WAKE_H

#include <stdbool.h>

struct wake {
	int fd[2]; /* [0] polled by the owner, [1] written by wake_up */
};

/* Makes the pipe; false with errno set (w's descriptors are then -1). */
bool wake_open(struct wake *w);

/* Closes both ends (a wake never opened, or closed, is left alone). */
void wake_close(struct wake *w);

/* The descriptor to poll for reading. */
int wake_fd(const struct wake *w);

/* Wakes the owner (from any thread or a signal handler). */
void wake_up(struct wake *w);

/* Empties the pipe: the owner has woken. */
void wake_drain(struct wake *w);

#endif
