/*
 * The rules screen (rules.c): a game's rules as the man page gives them
 * (tabula(6), RULES), one key away from the game, the menu and the help.
 */
#ifndef TABULA_UI_RULES_H
#define TABULA_UI_RULES_H

#include <stddef.h>

#include "ui/keytab.h"
#include "ui/screen.h"

/* One game's rules: the man page's RULES subsection of that title, as
 * lines of at most 77 columns (rules-text.c, made from the man page at
 * build time by rules-gen.sh). */
struct ui_rules_text {
	const char *game;  /* the game's name: "tetress" */
	const char *title; /* the subsection's: "Tetress" */
	const char *const *lines;
	size_t count;
};

/* Every game's, ended by one whose game is NULL. */
extern const struct ui_rules_text ui_rules_texts[];

/* The rules as a screen over the struct ui_app, and its keys. */
extern const struct ui_screen_ops ui_screen_rules;
extern const struct ui_keytab ui_rules_keytab;

#endif
