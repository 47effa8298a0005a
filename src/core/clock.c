/*
 * The monotonic clock (see clock.h).
 */
#include "config.h"

#include <time.h>

#include "core/clock.h"

enum { CLOCK_NS_PER_S = 1000000000, CLOCK_NS_PER_MS = 1000000 };

static int64_t
clock_monotonic_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * CLOCK_NS_PER_S + ts.tv_nsec;
}

/* Owned by the thread that sets it, before other threads start (clock.h). */
static int64_t (*clock_source)(void) = clock_monotonic_ns;

void
clock_set_source(int64_t (*source)(void))
{
	clock_source = source != NULL ? source : clock_monotonic_ns;
}

int64_t
clock_now_ns(void)
{
	return clock_source();
}

int64_t
clock_now_ms(void)
{
	return clock_now_ns() / CLOCK_NS_PER_MS;
}

double
clock_seconds_since(int64_t start_ns)
{
	return (double)(clock_now_ns() - start_ns) / CLOCK_NS_PER_S;
}
