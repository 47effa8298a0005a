/*
 * The games tabula knows, by name.  The protocol's Game option, the CLI
 * and the TUI menu all read this table.  The core declares it and the
 * games define it (games/registry.c, from the list in games/games.h), so
 * no core file includes a game.
 */
#ifndef TABULA_CORE_REGISTRY_H
#define TABULA_CORE_REGISTRY_H

#include <stddef.h>

#include "core/game.h"

/* The game registered under name (case-insensitive), or NULL. */
const struct game_ops *registry_find(const char *name);

/* The i-th registered game, or NULL past the end; for listing. */
const struct game_ops *registry_at(size_t index);

/* Where ops stands among the registered games, or -1 (NULL included). */
int registry_index(const struct game_ops *ops);

/* Number of registered games. */
size_t registry_count(void);

#endif
