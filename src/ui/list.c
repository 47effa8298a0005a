/*
 * The lines of a list screen (ui/list.h).
 */
#include "config.h"

#include "ui/list.h"

int
ui_list_step(int row, int rows, int delta)
{
	if (rows <= 0)
		return 0;
	return ((row + delta) % rows + rows) % rows;
}
