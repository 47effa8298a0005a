/*
 * Every screen's key table, printed (keylists.c): tabula --help-keys,
 * and with =mdoc the man page's key lists (tabula(6), Keys), which
 * tests/ui-screens.test holds to these tables.
 */
#ifndef TABULA_UI_KEYLISTS_H
#define TABULA_UI_KEYLISTS_H

#include <stdbool.h>
#include <stdio.h>

/* Prints each table: as text for people, or as mdoc list items between
 * ".\" KEYS begin NAME" and ".\" KEYS end NAME" lines. */
void ui_keylists_print(FILE *out, bool mdoc);

#endif
