/*
 * Finding the data directory (core/datadir.h).  The build passes the
 * installed place (TABULA_DATADIR) and, for runs from the build tree, the
 * source and build directories; a copy of the program elsewhere (the
 * installed one) never looks into the source tree.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/datadir.h"

#ifndef TABULA_DATADIR
#define TABULA_DATADIR "/usr/local/share/tabula"
#endif

static bool
datadir_is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Whether this process runs the program built in the build tree. */
static bool
datadir_uninstalled(void)
{
#if defined(TABULA_BUILDDIR)
	char exe[PATH_MAX], built[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return false;
	exe[n] = '\0';
	const char *dir = realpath(TABULA_BUILDDIR, built);
	size_t len = dir != NULL ? strlen(dir) : 0;
	return dir != NULL && strncmp(exe, dir, len) == 0 && exe[len] == '/';
#else
	return false;
#endif
}

bool
datadir_find(char *buf, size_t size, char *err, size_t err_size)
{
	const char *env = getenv("TABULA_DATA_DIR");
	if (env != NULL && env[0] != '\0') {
		if ((size_t)snprintf(buf, size, "%s", env) < size &&
		    datadir_is_dir(buf))
			return true;
		snprintf(err, err_size, "TABULA_DATA_DIR=%s: not a directory",
		         env);
		return false;
	}
#if defined(TABULA_SRCDIR)
	if (datadir_uninstalled() &&
	    (size_t)snprintf(buf, size, "%s/data", TABULA_SRCDIR) < size &&
	    datadir_is_dir(buf))
		return true;
#endif
	if ((size_t)snprintf(buf, size, "%s", TABULA_DATADIR) < size &&
	    datadir_is_dir(buf))
		return true;
	snprintf(err, err_size,
	         "no data directory: %s is missing "
	         "(install with make install, or set TABULA_DATA_DIR)",
	         TABULA_DATADIR);
	return false;
}

bool
datadir_path(const char *rel, char *buf, size_t size, char *err,
             size_t err_size)
{
	char dir[PATH_MAX];
	if (!datadir_find(dir, sizeof dir, err, err_size))
		return false;
	if ((size_t)snprintf(buf, size, "%s/%s", dir, rel) >= size) {
		snprintf(err, err_size, "%s/%s: path too long", dir, rel);
		return false;
	}
	return true;
}
