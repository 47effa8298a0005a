/*
 * The keys of a list of lines (the menu, the lobby): Up and Down (k, j)
 * pick a line, round the ends; Left and Right (h, l) change it; Enter or
 * Space acts on it.  One reading of those keys for every list screen.
 */
#ifndef TABULA_UI_LIST_H
#define TABULA_UI_LIST_H

#include <stdbool.h>

/* What a list does with its lines. */
struct ui_list_ops {
	/* Left (-1) or Right (1) on the selected line. */
	void (*change)(void *ctx, int delta);
	/* Enter on the selected line. */
	void (*activate)(void *ctx);
};

/* Takes key for a list of rows lines with *row selected: moves *row, or
 * calls the list's change or activate; false when key is not a list key
 * (the screen's own). */
bool ui_list_key(int key, int *row, int rows, const struct ui_list_ops *ops,
                 void *ctx);

#endif
