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

#include "ui/app.h"

static const char UI_SAVE_NAME[] = "last.rec";

/* Creates every missing directory of path (mkdir -p); false with errno. */
static bool
ui_save_mkdirs(char *path)
{
	for (char *p = path + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		int rc = mkdir(path, 0700);
		*p = '/';
		if (rc != 0 && errno != EEXIST)
			return false;
	}
	return mkdir(path, 0700) == 0 || errno == EEXIST;
}

bool
ui_save_path(char *buf, size_t size, bool create, char *err, size_t err_size)
{
	char dir[900];
	const char *state = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	if (state != NULL && state[0] == '/')
		snprintf(dir, sizeof dir, "%s/tabula", state);
	else if (home != NULL && home[0] != '\0')
		snprintf(dir, sizeof dir, "%s/.local/state/tabula", home);
	else {
		snprintf(err, err_size,
		         "neither XDG_STATE_HOME nor HOME is set");
		return false;
	}
	if (create && !ui_save_mkdirs(dir)) {
		snprintf(err, err_size, "%s: %s", dir, strerror(errno));
		return false;
	}
	if ((size_t)snprintf(buf, size, "%s/%s", dir, UI_SAVE_NAME) >= size) {
		snprintf(err, err_size, "%s: path too long", dir);
		return false;
	}
	return true;
}
