/*
 * The help screen (help.c).
 */
#ifndef TABULA_UI_HELP_H
#define TABULA_UI_HELP_H

#include "ui/screen.h"

/* The keys of the screen below it, as a screen over the struct ui_app. */
extern const struct ui_screen_ops ui_screen_help;
/* Its own keys (for the man page's key lists). */
extern const struct ui_keytab ui_help_keytab;

#endif
