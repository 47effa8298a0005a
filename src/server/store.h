/*
 * The server's small state files (a room's seats and options, the SSH key
 * accounts): written whole and atomically with file_replace, read with a
 * size cap (core/file.h).  Game records go through record_save
 * (core/record.h).
 */
#ifndef TABULA_SERVER_STORE_H
#define TABULA_SERVER_STORE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/worker.h"

/* The most bytes a state file may hold. */
#define STORE_FILE_MAX (64 * 1024)

/* Replaces path with data atomically (a temporary file in its directory,
 * fsync, rename): a crash leaves the old file or the new one.  False with a
 * message on failure. */
bool store_write(const char *path, const char *data, size_t len, char *err,
                 size_t err_size);

/* Reads the regular file at path (at most STORE_FILE_MAX bytes, no NUL)
 * into a new NUL-terminated buffer the caller frees; NULL with a message
 * on failure. */
char *store_read(const char *path, char *err, size_t err_size);

/* store_read with a cap of max bytes (for a file that grows with the
 * number of people, such as the accounts). */
char *store_read_max(const char *path, size_t max, char *err, size_t err_size);

/* Reads a small file of lines as store_read_max does and hands each line
 * (its newline cut) with its number, from 1, to line, which returns NULL
 * or what is wrong with it.  No file at path is an empty one; a symbolic
 * link there is refused (the saves would refuse it).  False at the first
 * line refused, with "PATH:LINE: what" in err, or with the reader's
 * message. */
bool store_read_lines(const char *path, size_t max,
                      const char *(*line)(char *text, int number, void *ctx),
                      void *ctx, char *err, size_t err_size);

/* A snapshot of a whole state file (the accounts, the ratings), written
 * with store_write on a worker thread. */
struct store_job {
	struct worker_job base;
	unsigned version; /* the owner's version the snapshot holds */
	char path[4096];
	char *text;
	size_t len;
	bool ok;
	char err[512];
};

/* A job that writes len bytes of text (which it takes, and frees) to
 * path; NULL when out of memory (text freed then too). */
struct store_job *store_job_new(const char *path, char *text, size_t len,
                                unsigned version);

/* Frees a store job (given as its worker_job head). */
void store_job_free(struct worker_job *job);

/* Locks state directory dir for this process alone (an exclusive flock
 * on DIR/lock, made with mode 0600, never through a link) and returns
 * the descriptor, which holds the lock until it is closed (or the
 * process ends); -1 with a one-line message when another process holds
 * it or the file cannot be made. */
int store_lock_dir(const char *dir, char *err, size_t err_size);

/* Makes directory path (mode 0700) unless it exists as a directory; an
 * existing one must be the server's own and writable by nobody else. */
bool store_mkdir(const char *path, char *err, size_t err_size);

#endif
