/*
 * The registry (declared in core/registry.h): a constant table of every
 * game's operations, in the order menus and help texts list them.  It is
 * defined here, beside the games, so that core needs no game: the layers
 * above core find the games through core/registry.h alone.
 */
#include "config.h"

#include <strings.h>

#include "core/registry.h"
#include "games/games.h"

/* The games of games/games.h, in its order. */
#define REGISTRY_ENTRY(name) &name##_game,
static const struct game_ops *const registry_games[] = {
        GAMES_EACH(REGISTRY_ENTRY) NULL /* end of the table */
};
#undef REGISTRY_ENTRY

static const size_t REGISTRY_SIZE =
        sizeof registry_games / sizeof registry_games[0] - 1;

const struct game_ops *
registry_find(const char *name)
{
	for (size_t i = 0; i < REGISTRY_SIZE; i++) {
		if (strcasecmp(registry_games[i]->name, name) == 0)
			return registry_games[i];
	}
	return NULL;
}

const struct game_ops *
registry_at(size_t index)
{
	return index < REGISTRY_SIZE ? registry_games[index] : NULL;
}

int
registry_index(const struct game_ops *ops)
{
	for (size_t i = 0; ops != NULL && i < REGISTRY_SIZE; i++)
		if (registry_games[i] == ops)
			return (int)i;
	return -1;
}

size_t
registry_count(void)
{
	return REGISTRY_SIZE;
}
