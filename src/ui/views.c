/*
 * The board view of every game, found by the game's name: one view per
 * game of games/games.h, named ui_board_NAME.
 */
#include "config.h"

#include <string.h>

#include "ui/board.h"

#define UI_VIEW_ENTRY(name) &ui_board_##name,
static const struct ui_board_view *const ui_board_views[] = {
        GAMES_EACH(UI_VIEW_ENTRY) NULL};
#undef UI_VIEW_ENTRY

const struct ui_board_view *
ui_board_find(const char *game)
{
	for (int i = 0; ui_board_views[i] != NULL; i++) {
		if (strcmp(ui_board_views[i]->game, game) == 0)
			return ui_board_views[i];
	}
	return NULL;
}
