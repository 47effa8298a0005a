/*
 * Files named by the user (see file.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/file.h"
#include "core/text.h"

bool
file_expand_home(const char *path, char *out, size_t size, char *err,
                 size_t err_size)
{
	const char *home = "", *rest = path;
	if (path[0] == '~' && (path[1] == '/' || path[1] == '\0')) {
		home = getenv("HOME");
		if (home == NULL || home[0] == '\0') {
			snprintf(err, err_size, "%s: HOME is not set", path);
			return false;
		}
		rest = path + 1;
	}
	if ((size_t)snprintf(out, size, "%s%s", home, rest) >= size) {
		snprintf(err, err_size, "%s: path too long", path);
		return false;
	}
	return true;
}

/* Why a file of this type cannot be taken as text, or NULL for a regular
 * file. */
static const char *
file_type_refusal(mode_t mode)
{
	if (S_ISREG(mode))
		return NULL;
	if (S_ISDIR(mode))
		return "is a directory";
	if (S_ISFIFO(mode))
		return "is a FIFO, not a regular file";
	if (S_ISLNK(mode))
		return "is a symbolic link";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "is a device, not a regular file";
	return "is not a regular file";
}

FILE *
file_open_read(const char *path, char *err, size_t err_size)
{
	/* O_NONBLOCK: opening a FIFO with no writer would wait forever. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		return NULL;
	}
	struct stat st;
	const char *why = NULL;
	if (fstat(fd, &st) != 0)
		why = strerror(errno);
	else
		why = file_type_refusal(st.st_mode);
	int flags = fcntl(fd, F_GETFL);
	if (why == NULL &&
	    (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0))
		why = strerror(errno);
	FILE *f = why == NULL ? fdopen(fd, "r") : NULL;
	if (why == NULL && f == NULL)
		why = strerror(errno);
	if (f == NULL) {
		snprintf(err, err_size, "%s: %s", path, why);
		close(fd);
	}
	return f;
}

bool
file_read_all(const char *path, size_t max, char **buf, size_t *len, char *err,
              size_t err_size)
{
	*buf = NULL;
	*len = 0;
	FILE *f = file_open_read(path, err, err_size);
	if (f == NULL)
		return false;
	enum text_read_result res = text_read_all(f, max, buf, len);
	int saved = errno;
	fclose(f);
	switch (res) {
	case TEXT_READ_OK:
		return true;
	case TEXT_READ_TOO_LARGE:
		snprintf(err, err_size, "%s: larger than %zu bytes", path, max);
		break;
	case TEXT_READ_FAILED:
		snprintf(err, err_size, "%s: %s", path, strerror(saved));
		break;
	case TEXT_READ_NO_MEMORY:
		snprintf(err, err_size, "%s: out of memory", path);
		break;
	}
	return false;
}

bool
file_check_target(const char *path, char *err, size_t err_size)
{
	struct stat st;
	if (lstat(path, &st) != 0) {
		if (errno == ENOENT)
			return true;
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		return false;
	}
	const char *why = file_type_refusal(st.st_mode);
	if (why != NULL) {
		snprintf(err, err_size, "%s: %s: not replaced", path, why);
		return false;
	}
	return true;
}

/* The permissions a new file gets: the target's when it exists, else
 * rw-r--r-- less the umask (mkstemp's own are rw-------). */
static mode_t
file_new_mode(const char *path)
{
	struct stat st;
	if (lstat(path, &st) == 0)
		return st.st_mode & 07777;
	mode_t mask = umask(022);
	umask(mask);
	return 0644 & ~mask;
}

/* Flushes the directory entry of a rename to disk; best effort (some file
 * systems refuse fsync on a directory). */
static void
file_sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		(void)fsync(fd);
		close(fd);
	}
}

/* The directory of path into dir and the name of a new temporary file
 * beside path into tmp (a mkstemp template); false with a message when
 * path names a directory or is too long. */
static bool
file_temp_name(const char *path, char *dir, size_t dir_size, char *tmp,
               size_t tmp_size, char *err, size_t err_size)
{
	const char *slash = strrchr(path, '/');
	if (slash == NULL)
		snprintf(dir, dir_size, ".");
	else if ((size_t)(slash - path) + 2 > dir_size) {
		snprintf(err, err_size, "%s: path too long", path);
		return false;
	} else {
		size_t n = slash == path ? 1 : (size_t)(slash - path);
		memcpy(dir, path, n);
		dir[n] = '\0';
	}
	const char *base = slash ? slash + 1 : path;
	if (*base == '\0') {
		snprintf(err, err_size, "%s: is a directory", path);
		return false;
	}
	if ((size_t)snprintf(tmp, tmp_size, "%s/.%s.XXXXXX", dir, base) >=
	    tmp_size) {
		snprintf(err, err_size, "%s: path too long", path);
		return false;
	}
	return true;
}

bool
file_replace(const char *path,
             bool (*write)(FILE *f, const void *ctx, char *why,
                           size_t why_size),
             const void *ctx, char *err, size_t err_size)
{
	if (!file_check_target(path, err, err_size))
		return false;
	char dir[4096], tmp[4096];
	if (!file_temp_name(path, dir, sizeof dir, tmp, sizeof tmp, err,
	                    err_size))
		return false;
	int fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		return false;
	}
	FILE *f = fdopen(fd, "w");
	if (f == NULL) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		close(fd);
		unlink(tmp);
		return false;
	}
	char why[256] = "";
	bool ok = fchmod(fd, file_new_mode(path)) == 0;
	if (!ok)
		snprintf(why, sizeof why, "%s", strerror(errno));
	else if (!(ok = write(f, ctx, why, sizeof why)))
		;
	else if (fflush(f) != 0 || ferror(f) || fsync(fd) != 0) {
		snprintf(why, sizeof why, "%s", strerror(errno));
		ok = false;
	}
	if (fclose(f) != 0 && ok) {
		snprintf(why, sizeof why, "%s", strerror(errno));
		ok = false;
	}
	/* rename replaces a symbolic link planted since the check, never
	 * the file it points to. */
	if (ok && rename(tmp, path) != 0) {
		snprintf(why, sizeof why, "%s", strerror(errno));
		ok = false;
	}
	if (!ok) {
		snprintf(err, err_size, "%s: %s", path, why);
		unlink(tmp);
		return false;
	}
	file_sync_dir(dir);
	return true;
}

/* Creates every missing directory of path (mkdir -p); false with errno. */
static bool
file_mkdirs(char *path)
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
file_xdg_path(const char *env, const char *fallback, const char *name,
              bool create, char *buf, size_t size, char *err, size_t err_size)
{
	char dir[900];
	const char *base = getenv(env);
	const char *home = getenv("HOME");
	if (base != NULL && base[0] == '/')
		snprintf(dir, sizeof dir, "%s/tabula", base);
	else if (home != NULL && home[0] != '\0')
		snprintf(dir, sizeof dir, "%s/%s/tabula", home, fallback);
	else {
		snprintf(err, err_size, "neither %s nor HOME is set", env);
		return false;
	}
	if (create && !file_mkdirs(dir)) {
		snprintf(err, err_size, "%s: %s", dir, strerror(errno));
		return false;
	}
	if ((size_t)snprintf(buf, size, "%s/%s", dir, name) >= size) {
		snprintf(err, err_size, "%s: path too long", dir);
		return false;
	}
	return true;
}

bool
file_read_lines(const char *path, size_t max, const char *magic,
                const char *what,
                bool (*line)(void *ctx, char *text, char *why, size_t why_size),
                void *ctx, char *err, size_t err_size)
{
	struct stat st;
	if (lstat(path, &st) != 0 && errno == ENOENT)
		return true;
	char *text;
	size_t len;
	if (!file_read_all(path, max, &text, &len, err, err_size))
		return false;
	bool ok = true;
	int line_no = 0;
	for (char *c = text; ok && *c != '\0';) {
		size_t n = strcspn(c, "\n");
		bool more = c[n] == '\n';
		c[n] = '\0';
		line_no++;
		char why[256];
		if (line_no == 1 && strcmp(c, magic) != 0) {
			snprintf(err, err_size, "%s:1: not a %s (want '%s')",
			         path, what, magic);
			ok = false;
		} else if (line_no > 1 && !line(ctx, c, why, sizeof why)) {
			snprintf(err, err_size, "%s:%d: %s", path, line_no,
			         why);
			ok = false;
		}
		c += n + more;
	}
	free(text);
	return ok;
}

int
file_lock_dir_of(const char *path, char *err, size_t err_size)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	if (slash == NULL)
		snprintf(dir, sizeof dir, ".");
	else if ((size_t)(slash - path) + 1 >= sizeof dir) {
		snprintf(err, err_size, "%s: path too long", path);
		return -1;
	} else
		snprintf(dir, sizeof dir, "%.*s",
		         slash == path ? 1 : (int)(slash - path), path);
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int rc = fd < 0 ? -1 : 0;
	while (fd >= 0 && (rc = flock(fd, LOCK_EX)) != 0 && errno == EINTR)
		;
	/* A file system without locks saves as before, unlocked. */
	if (fd >= 0 && (rc == 0 || errno == ENOLCK || errno == EOPNOTSUPP))
		return fd;
	snprintf(err, err_size, "%s: cannot lock: %s", dir, strerror(errno));
	if (fd >= 0)
		close(fd);
	return -1;
}
