/*
 * Where the game is kept between sessions: $XDG_STATE_HOME/tabula/last.rec,
 * or ~/.local/state/tabula/last.rec when XDG_STATE_HOME is unset or not an
 * absolute path (as the XDG base directory specification asks); and, when
 * that cannot be written as the UI ends (a full disk), somewhere else,
 * so that quitting never loses a game silently (tabula(6), FILES).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/file.h"
#include "ui/save.h"

static const char UI_SAVE_NAME[] = "last.rec";

bool
ui_save_path(char *buf, size_t size, bool create, char *err, size_t err_size)
{
	return file_xdg_path("XDG_STATE_HOME", ".local/state", UI_SAVE_NAME,
	                     create, buf, size, err, err_size);
}

bool
ui_save_elsewhere(const struct session *s, const struct record_meta *meta,
                  char *path, size_t size, char *err, size_t err_size)
{
	const char *tmp = getenv("TMPDIR");
	if (tmp == NULL || tmp[0] != '/')
		tmp = "/tmp";
	if ((size_t)snprintf(path, size, "%s/tabula-game-XXXXXX", tmp) >=
	    size) {
		snprintf(err, err_size, "%s: path too long", tmp);
		return false;
	}
	return record_save_new(path, s, meta, err, err_size);
}
