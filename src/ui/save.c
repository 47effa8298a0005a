/*
 * Where the game is kept between sessions: $XDG_STATE_HOME/tabula/last.rec,
 * or ~/.local/state/tabula/last.rec when XDG_STATE_HOME is unset or not an
 * absolute path (as the XDG base directory specification asks).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/file.h"
#include "ui/save.h"

static const char UI_SAVE_NAME[] = "last.rec";

bool
ui_save_path(char *buf, size_t size, bool create, char *err, size_t err_size)
{
	return file_xdg_path("XDG_STATE_HOME", ".local/state", UI_SAVE_NAME,
	                     create, buf, size, err, err_size);
}
