/*
 * The keys of a list of lines (ui/list.h).
 */
#include "config.h"

#include <curses.h>

#include "ui/list.h"

bool
ui_list_key(int key, int *row, int rows, const struct ui_list_ops *ops,
            void *ctx)
{
	switch (key) {
	case 'k':
	case KEY_UP:
		*row = (*row + rows - 1) % rows;
		return true;
	case 'j':
	case KEY_DOWN:
		*row = (*row + 1) % rows;
		return true;
	case 'h':
	case KEY_LEFT:
		ops->change(ctx, -1);
		return true;
	case 'l':
	case KEY_RIGHT:
		ops->change(ctx, 1);
		return true;
	case '\n':
	case '\r':
	case ' ':
	case KEY_ENTER:
		ops->activate(ctx);
		return true;
	default:
		return false;
	}
}
