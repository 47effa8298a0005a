/*
 * The UI's clock: milliseconds of a monotonic clock, frozen at 0 in the
 * headless mode (--screen-dump) so its screens are the same each run.
 */
#include "config.h"

#include <time.h>

#include "ui/app.h"

/* Set once at start-up, before any thread starts. */
static bool ui_clock_frozen;

void
ui_clock_freeze(void)
{
	ui_clock_frozen = true;
}

int64_t
ui_now_ms(void)
{
	if (ui_clock_frozen)
		return 0;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
