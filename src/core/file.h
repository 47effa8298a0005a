/*
 * Files named by the user: one place that decides what may be read and
 * how a file is replaced, so that every command and the UI refuse the same
 * things with the same words.  Reading takes regular files only (a FIFO
 * would block, a device can be endless, a directory is no text) and stops
 * at a cap; writing goes to a fresh temporary file in the target's
 * directory, made with mkstemp (nothing planted there can be written
 * through), then renamed over a target that must be absent or a regular
 * file (never a symbolic link or a device).
 */
#ifndef TABULA_CORE_FILE_H
#define TABULA_CORE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Copies path into out, a leading "~" or "~/" replaced by $HOME; false
 * (with a message naming path) when it does not fit or HOME is unset. */
bool file_expand_home(const char *path, char *out, size_t size, char *err,
                      size_t err_size);

/* The path of NAME in tabula's directory under an XDG base directory:
 * $ENV/tabula/NAME when the variable ENV holds an absolute path (as the
 * XDG base directory specification asks), else $HOME/FALLBACK/tabula/NAME
 * (FALLBACK such as ".local/state").  With create, makes the missing
 * directories (mode 0700).  False with a message when neither variable
 * helps, a directory cannot be made or the path does not fit. */
bool file_xdg_path(const char *env, const char *fallback, const char *name,
                   bool create, char *buf, size_t size, char *err,
                   size_t err_size);

/* Opens path for reading if it is a regular file; NULL with a message
 * "PATH: why" otherwise (missing, unreadable, a directory, a FIFO, a
 * device).  Never blocks on a FIFO. */
FILE *file_open_read(const char *path, char *err, size_t err_size);

/* Reads all of the regular file at path (see file_open_read) into a new
 * NUL-terminated buffer (caller frees); refuses files over max bytes with
 * "PATH: larger than N bytes". */
bool file_read_all(const char *path, size_t max, char **buf, size_t *len,
                   char *err, size_t err_size);

/* Whether path may be replaced: absent, or a regular file that is not a
 * symbolic link; false with "PATH: why" otherwise. */
bool file_check_target(const char *path, char *err, size_t err_size);

/* Writes a file through write(f, ctx) (which returns false with a message
 * in why) and replaces path with it atomically: a unique temporary file
 * in path's directory, fsync, rename.  A crash or a failure leaves the old
 * file (or none) and no temporary file. */
bool file_replace(const char *path,
                  bool (*write)(FILE *f, const void *ctx, char *why,
                                size_t why_size),
                  const void *ctx, char *err, size_t err_size);

/* Locks path's directory against another process's read-change-write of
 * a file there (two terminal UIs on one state directory: the saved
 * game's history, the personal set); returns the lock's descriptor
 * (closing it unlocks), or -1 with a message.  It waits for the other
 * process's change, which is one file written; a file system without
 * locks is not locked. */
int file_lock_dir_of(const char *path, char *err, size_t err_size);

/* Reads a small text file of the user's (at most max bytes) whose first
 * line is magic, handing each later line to line, which says in why what
 * is wrong with it.  No file at path is an empty one (true).  False with
 * "PATH:LINE: why" in err ("PATH:1: not a WHAT (want 'MAGIC')" for
 * another first line). */
bool file_read_lines(const char *path, size_t max, const char *magic,
                     const char *what,
                     bool (*line)(void *ctx, char *text, char *why,
                                  size_t why_size),
                     void *ctx, char *err, size_t err_size);

#endif
