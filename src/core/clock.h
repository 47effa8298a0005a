/*
 * The monotonic clock, read in one place: searches, benches, perft and the
 * UI measure time with it.
 */
#ifndef TABULA_CORE_CLOCK_H
#define TABULA_CORE_CLOCK_H

#include <stdint.h>

/* Nanoseconds of a monotonic clock (an arbitrary start; differences only). */
int64_t clock_now_ns(void);

/* Milliseconds of the same clock. */
int64_t clock_now_ms(void);

/* Seconds from start_ns (a clock_now_ns value) to now. */
double clock_seconds_since(int64_t start_ns);

/* For tests only: reads time from source (nanoseconds) instead of the
 * monotonic clock, or from the monotonic clock again for NULL, so that a
 * timed search can be run on a clock the test advances (a search of a
 * loaded machine then keeps its shape).  Set it before starting any thread
 * that reads the clock. */
void clock_set_source(int64_t (*source)(void));

#endif
