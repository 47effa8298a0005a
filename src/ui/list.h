/*
 * The keys of a list of lines (the menu, the lobby): Up and Down (k, j)
 * pick a line, round the ends; Left and Right (h, l) change it; Enter or
 * Space acts on it.  One reading of those keys for every list screen.
 */
#ifndef TABULA_UI_LIST_H
#define TABULA_UI_LIST_H

/* What a key asks of a list. */
enum ui_list_action {
	UI_LIST_OTHER,   /* not a list key: the screen's own */
	UI_LIST_MOVED,   /* *row is another line now */
	UI_LIST_CHANGE,  /* change the line by *delta (-1 or 1) */
	UI_LIST_ACTIVATE /* act on the line */
};

/* Reads key for a list of rows lines with *row selected. */
enum ui_list_action ui_list_key(int key, int *row, int rows, int *delta);

#endif
