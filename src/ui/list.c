/*
 * The keys of a list of lines (ui/list.h).
 */
#include "config.h"

#include <curses.h>

#include "ui/list.h"

enum ui_list_action
ui_list_key(int key, int *row, int rows, int *delta)
{
	switch (key) {
	case 'k':
	case KEY_UP:
		*row = (*row + rows - 1) % rows;
		return UI_LIST_MOVED;
	case 'j':
	case KEY_DOWN:
		*row = (*row + 1) % rows;
		return UI_LIST_MOVED;
	case 'h':
	case KEY_LEFT:
		*delta = -1;
		return UI_LIST_CHANGE;
	case 'l':
	case KEY_RIGHT:
		*delta = 1;
		return UI_LIST_CHANGE;
	case '\n':
	case '\r':
	case ' ':
	case KEY_ENTER:
		return UI_LIST_ACTIVATE;
	default:
		return UI_LIST_OTHER;
	}
}
