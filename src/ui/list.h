/*
 * The lines of a list screen (the menu, the lobby, the library): one
 * rule for moving the selected line, round the ends, for each screen's
 * Up and Down bindings (their key tables, ui/keytab.h).
 */
#ifndef TABULA_UI_LIST_H
#define TABULA_UI_LIST_H

/* The line delta lines from row in a list of rows lines, round the ends
 * (row 0 when the list is empty). */
int ui_list_step(int row, int rows, int delta);

#endif
