/*
 * The library of games as a screen (library.c).
 */
#ifndef TABULA_UI_LIBRARY_H
#define TABULA_UI_LIBRARY_H

#include "ui/screen.h"

/* The library as a screen over the struct ui_app: the listing is read
 * each time it is shown. */
extern const struct ui_screen_ops ui_screen_library;
/* Its keys. */
extern const struct ui_keytab ui_library_keytab;

#endif
