/*
 * The help screen (help.c).
 */
#ifndef TABULA_UI_HELP_H
#define TABULA_UI_HELP_H

#include "ui/screen.h"

/* The keys of the game screen, as a screen over the struct ui_app. */
extern const struct ui_screen_ops ui_screen_help;

#endif
