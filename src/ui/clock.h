/*
 * The UI's clock (clock.c): monotonic milliseconds, frozen in the
 * headless mode so its screens are the same each run.
 */
#ifndef TABULA_UI_CLOCK_H
#define TABULA_UI_CLOCK_H

#include <stdint.h>

/* Milliseconds of a monotonic clock (0 while frozen). */
int64_t ui_now_ms(void);
/* Freezes the clock so screen dumps are the same each run. */
void ui_clock_freeze(void);

#endif
