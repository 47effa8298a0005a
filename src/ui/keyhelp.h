/*
 * One line of a screen's help: its keys and what they do.  The menu and a
 * room's game keep their keys in tables of these (the game screen's own
 * table, keys.c, carries more); the help screen draws them.
 */
#ifndef TABULA_UI_KEYHELP_H
#define TABULA_UI_KEYHELP_H

#include <stddef.h>

struct ui_keyhelp {
	const char *keys; /* as the help shows them: "L n" */
	const char *what;
};

/* What the help screen is told, a line at a time. */
typedef void (*ui_keyhelp_fn)(void *ctx, const char *keys, const char *what);

/* Tells fn each of the count lines of table. */
static inline void
ui_keyhelp_each(const struct ui_keyhelp *table, size_t count, ui_keyhelp_fn fn,
                void *ctx)
{
	for (size_t i = 0; i < count; i++)
		fn(ctx, table[i].keys, table[i].what);
}

#endif
