/*
 * The server's small state files (a room's seats and options, the SSH key
 * accounts): written whole and atomically, read with a size cap, never
 * through a symlink.  Game records go through record_save (core/record.h).
 */
#ifndef TABULA_SERVER_STORE_H
#define TABULA_SERVER_STORE_H

#include <stdbool.h>
#include <stddef.h>

/* The most bytes a state file may hold. */
#define STORE_FILE_MAX (64 * 1024)

/* Writes data to path.tmp, fsyncs it and renames it over path: a crash
 * leaves the old file or the new one.  False with a message on failure. */
bool store_write(const char *path, const char *data, size_t len, char *err,
                 size_t err_size);

/* Reads the regular file at path (not a symlink, at most STORE_FILE_MAX
 * bytes) into a new NUL-terminated buffer the caller frees; NULL with a
 * message on failure. */
char *store_read(const char *path, char *err, size_t err_size);

/* Makes directory path (mode 0700) unless it exists as a directory. */
bool store_mkdir(const char *path, char *err, size_t err_size);

#endif
