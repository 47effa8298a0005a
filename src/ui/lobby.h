/*
 * The lobby of Play on this host as a screen (lobby.c): the new room's
 * form, the join line and the list of rooms, over the connection that
 * online.c keeps.
 */
#ifndef TABULA_UI_LOBBY_H
#define TABULA_UI_LOBBY_H

#include "ui/keytab.h"
#include "ui/screen.h"

/* The lobby's lines: the form, the join line, then one per room. */
enum {
	ONLINE_GAME,
	ONLINE_OPPONENT,
	ONLINE_CLOCK,
	ONLINE_ANALYSIS,
	ONLINE_CREATE,
	ONLINE_JOIN,
	ONLINE_FORM_ROWS /* then one row per room */
};

/* The lobby as a screen over the struct ui_app. */
extern const struct ui_screen_ops ui_screen_lobby;
/* Its keys. */
extern const struct ui_keytab ui_lobby_keytab;

#endif
