/*
 * Small state files, written atomically (see store.h) through the one
 * file replacer every part of the program uses (core/file.h).
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
#include "server/store.h"

struct store_data {
	const char *data;
	size_t len;
};

static bool
store_put(FILE *f, const void *ctx, char *why, size_t why_size)
{
	const struct store_data *d = ctx;
	if (fwrite(d->data, 1, d->len, f) != d->len) {
		snprintf(why, why_size, "%s", strerror(errno));
		return false;
	}
	return true;
}

bool
store_write(const char *path, const char *data, size_t len, char *err,
            size_t err_size)
{
	struct store_data d = {data, len};
	return file_replace(path, store_put, &d, err, err_size);
}

static void
store_job_run(struct worker_job *base)
{
	struct store_job *job = (struct store_job *)base;
	job->ok = store_write(job->path, job->text, job->len, job->err,
	                      sizeof job->err);
}

struct store_job *
store_job_new(const char *path, char *text, size_t len, unsigned version)
{
	struct store_job *job = calloc(1, sizeof *job);
	if (job == NULL) {
		free(text);
		return NULL;
	}
	job->base.run = store_job_run;
	job->version = version;
	snprintf(job->path, sizeof job->path, "%s", path);
	job->text = text;
	job->len = len;
	return job;
}

void
store_job_free(struct worker_job *base)
{
	struct store_job *job = (struct store_job *)base;
	if (job == NULL)
		return;
	free(job->text);
	free(job);
}

char *
store_read(const char *path, char *err, size_t err_size)
{
	return store_read_max(path, STORE_FILE_MAX, err, err_size);
}

char *
store_read_max(const char *path, size_t max, char *err, size_t err_size)
{
	char *buf;
	size_t len;
	if (!file_read_all(path, max, &buf, &len, err, err_size))
		return NULL;
	if (strlen(buf) != len) {
		snprintf(err, err_size, "%s: contains a NUL byte", path);
		free(buf);
		return NULL;
	}
	return buf;
}

bool
store_read_lines(const char *path, size_t max,
                 const char *(*line)(char *text, int number, void *ctx),
                 void *ctx, char *err, size_t err_size)
{
	struct stat st;
	if (lstat(path, &st) != 0) {
		if (errno == ENOENT)
			return true;
		/* Any other failure: store_read_max below says which. */
	} else if (S_ISLNK(st.st_mode)) {
		/* Its saves would be refused (never written through), so
		 * nothing said after it could reach the disk: refused now. */
		snprintf(err, err_size,
		         "%s: a symbolic link (the server never writes "
		         "through one)",
		         path);
		return false;
	}
	char *text = store_read_max(path, max, err, err_size);
	if (text == NULL)
		return false;
	int number = 0;
	for (char *p = text, *next; *p != '\0'; p = next) {
		char *nl = strchr(p, '\n');
		next = nl != NULL ? nl + 1 : p + strlen(p);
		if (nl != NULL)
			*nl = '\0';
		const char *why = line(p, ++number, ctx);
		if (why != NULL) {
			snprintf(err, err_size, "%s:%d: %s", path, number, why);
			free(text);
			return false;
		}
	}
	free(text);
	return true;
}

/* Whether a directory the server keeps its state in is its own and
 * nobody else's to write: one another user owns, or that the group or
 * others may write, could have its rooms and accounts replaced. */
static bool
store_dir_trusted(const char *path, const struct stat *st, char *err,
                  size_t err_size)
{
	if (st->st_uid != geteuid()) {
		snprintf(err, err_size,
		         "%s: owned by another user (uid %ld); not trusted",
		         path, (long)st->st_uid);
		return false;
	}
	if (st->st_mode & (S_IWGRP | S_IWOTH)) {
		snprintf(err, err_size,
		         "%s: others may write it (mode %04o); not trusted",
		         path, (unsigned)(st->st_mode & 07777));
		return false;
	}
	return true;
}

bool
store_mkdir(const char *path, char *err, size_t err_size)
{
	if (mkdir(path, 0700) == 0)
		return true;
	struct stat st;
	if (errno == EEXIST && lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return store_dir_trusted(path, &st, err, err_size);
	snprintf(err, err_size, "%s: %s", path,
	         errno == EEXIST ? "exists and is not a directory"
	                         : strerror(errno));
	return false;
}

int
store_lock_dir(const char *dir, char *err, size_t err_size)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/lock", dir);
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		return -1;
	}
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, err_size, "%s: not a regular file", path);
		close(fd);
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		int e = errno;
		if (e == EWOULDBLOCK)
			snprintf(err, err_size,
			         "%s: another server is using this state "
			         "directory",
			         dir);
		else
			snprintf(err, err_size, "%s: %s", path, strerror(e));
		close(fd);
		return -1;
	}
	return fd;
}
