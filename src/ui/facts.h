/*
 * The numbers that decide each game, for the panel (tabula(6), THE
 * TERMINAL UI): Tetress tokens and actions left of 150, Infexion power
 * and actions left of 343, TZAAR stacks of each type and the sub-move
 * due.  Read from the position string (PROTOCOL.md section 2), as the
 * board views read it, so the UI needs no game's internals.
 */
#ifndef TABULA_UI_FACTS_H
#define TABULA_UI_FACTS_H

#include <stdbool.h>
#include <stddef.h>

/* Writes one or two short lines (joined by '\n') about position string fen
 * of game into buf; false (buf empty) for a game without facts or a
 * string it cannot read. */
bool ui_facts(const char *game, const char *fen, char *buf, size_t size);

#endif
