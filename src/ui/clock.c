/*
 * The UI's clock: milliseconds of a monotonic clock, frozen at 0 in the
 * headless mode (--screen-dump) so its screens are the same each run.
 */
#include "config.h"

#include <stdbool.h>

#include "core/clock.h"
#include "ui/clock.h"

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
	return ui_clock_frozen ? 0 : clock_now_ms();
}
