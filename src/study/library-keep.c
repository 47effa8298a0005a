/*
 * The games folder (study/library.h): where it is, keeping a finished
 * game there and deleting one.  A new game's file is written whole under
 * a hidden temporary name, synced, then linked to its own name: link()
 * never replaces a file (a name taken, by another game or a planted
 * symbolic link, is EEXIST and the next name is tried), so a crash leaves
 * no half record and no other file is ever written over or through.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/file.h"
#include "study/library.h"

static const char LIBRARY_FOLDER_NAME[] = "games";
/* Names tried for one second's game of one kind: NAME.rec, NAME-2.rec ... */
static const int LIBRARY_NAME_TRIES = 100;

bool
library_folder(char *buf, size_t size, bool create, char *err, size_t err_size)
{
	if (!file_xdg_path("XDG_DATA_HOME", ".local/share", LIBRARY_FOLDER_NAME,
	                   create, buf, size, err, err_size))
		return false;
	if (!create)
		return true;
	struct stat st;
	if (mkdir(buf, 0700) != 0 && errno != EEXIST) {
		snprintf(err, err_size, "%s: %s", buf, strerror(errno));
		return false;
	}
	/* lstat: a symbolic link to a directory elsewhere is refused. */
	if (lstat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, err_size, "%s: not a directory", buf);
		return false;
	}
	return true;
}

/* Writes the record to a new hidden file in folder, synced; its name goes
 * to tmp.  False with a message (and no file). */
static bool
library_write_temp(const char *folder, const struct session *s,
                   const struct record_meta *meta, char *tmp, size_t size,
                   char *err, size_t err_size)
{
	if ((size_t)snprintf(tmp, size, "%s/.game-XXXXXX", folder) >= size) {
		snprintf(err, err_size, "%s: path too long", folder);
		return false;
	}
	return record_save_new(tmp, s, meta, err, err_size);
}

/* Links tmp to the first free name "folder/DATE-TIME-GAME[-N].rec". */
static bool
library_link_new(const char *folder, const char *tmp, const char *game,
                 char *path, size_t size, char *err, size_t err_size)
{
	char stamp[32] = "game";
	time_t now = time(NULL);
	struct tm tm;
	if (localtime_r(&now, &tm) != NULL)
		strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	for (int n = 1; n <= LIBRARY_NAME_TRIES; n++) {
		int w = n == 1 ? snprintf(path, size, "%s/%s-%s.rec", folder,
		                          stamp, game)
		               : snprintf(path, size, "%s/%s-%s-%d.rec", folder,
		                          stamp, game, n);
		if (w < 0 || (size_t)w >= size) {
			snprintf(err, err_size, "%s: path too long", folder);
			return false;
		}
		if (link(tmp, path) == 0)
			return true;
		if (errno != EEXIST) {
			snprintf(err, err_size, "%s: %s", path,
			         strerror(errno));
			return false;
		}
	}
	snprintf(err, err_size, "%s: no free name for the game", folder);
	return false;
}

bool
library_keep(const struct session *s, const struct record_meta *meta,
             char *path, size_t size, char *err, size_t err_size)
{
	if (path[0] != '\0')
		return record_save(path, s, meta, err, err_size);
	char folder[1024], tmp[1100], name[1200];
	if (!library_folder(folder, sizeof folder, true, err, err_size) ||
	    !library_write_temp(folder, s, meta, tmp, sizeof tmp, err,
	                        err_size))
		return false;
	bool ok = library_link_new(folder, tmp, s->ops->name, name, sizeof name,
	                           err, err_size);
	unlink(tmp);
	if (ok && (size_t)snprintf(path, size, "%s", name) >= size) {
		snprintf(err, err_size, "%s: path too long", name);
		unlink(name);
		ok = false;
	}
	return ok;
}

bool
library_delete(const struct library_game *g, char *err, size_t err_size)
{
	if (unlink(g->path) != 0) {
		snprintf(err, err_size, "%s: %s", g->path, strerror(errno));
		return false;
	}
	return true;
}
