/*
 * Small state files, written atomically (see store.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server/store.h"

bool
store_write(const char *path, const char *data, size_t len, char *err,
            size_t err_size)
{
	char tmp[4096];
	if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", path) >= sizeof tmp) {
		snprintf(err, err_size, "%s: path too long", path);
		return false;
	}
	unlink(tmp); /* a leftover from a crash; O_EXCL below then succeeds */
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	              0600);
	if (fd < 0) {
		snprintf(err, err_size, "%s: %s", tmp, strerror(errno));
		return false;
	}
	size_t done = 0;
	while (done < len) {
		ssize_t n = write(fd, data + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		done += (size_t)n;
	}
	bool ok = done == len && fsync(fd) == 0;
	if (!ok)
		snprintf(err, err_size, "%s: %s", tmp, strerror(errno));
	if (close(fd) != 0 && ok) {
		snprintf(err, err_size, "%s: %s", tmp, strerror(errno));
		ok = false;
	}
	if (ok && rename(tmp, path) != 0) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		ok = false;
	}
	if (!ok)
		unlink(tmp);
	return ok;
}

char *
store_read(const char *path, char *err, size_t err_size)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		return NULL;
	}
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, err_size, "%s: not a regular file", path);
		close(fd);
		return NULL;
	}
	char *buf = malloc(STORE_FILE_MAX + 1);
	if (buf == NULL) {
		snprintf(err, err_size, "%s: out of memory", path);
		close(fd);
		return NULL;
	}
	size_t len = 0;
	for (;;) {
		ssize_t n = read(fd, buf + len, STORE_FILE_MAX + 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(err, err_size, "%s: %s", path,
			         strerror(errno));
			free(buf);
			close(fd);
			return NULL;
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (len > STORE_FILE_MAX) {
			snprintf(err, err_size, "%s: larger than %d bytes",
			         path, STORE_FILE_MAX);
			free(buf);
			close(fd);
			return NULL;
		}
	}
	close(fd);
	buf[len] = '\0';
	if (strlen(buf) != len) {
		snprintf(err, err_size, "%s: contains a NUL byte", path);
		free(buf);
		return NULL;
	}
	return buf;
}

bool
store_mkdir(const char *path, char *err, size_t err_size)
{
	if (mkdir(path, 0700) == 0)
		return true;
	struct stat st;
	if (errno == EEXIST && lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return true;
	snprintf(err, err_size, "%s: %s", path,
	         errno == EEXIST ? "exists and is not a directory"
	                         : strerror(errno));
	return false;
}
