/*
 * The accounts of the shared SSH account: each public key with the display
 * name its owner picked once.  Kept in one file under the server's state
 * directory, one "NAME TYPE BLOB" line per key, rewritten atomically when
 * a key gets its name.
 */
#ifndef TABULA_SERVER_ACCOUNTS_H
#define TABULA_SERVER_ACCOUNTS_H

#include <stdbool.h>
#include <stddef.h>

#include "server/identity.h"

/* The most keys one server remembers. */
#define ACCOUNTS_MAX 10000

struct account {
	char name[IDENTITY_NAME_MAX + 1];
	char *key;
};

struct accounts {
	char path[4096];
	struct account *list;
	size_t count;
};

/* Reads the file at path (a missing file is an empty list). */
bool accounts_load(struct accounts *a, const char *path, char *err,
                   size_t err_size);

void accounts_free(struct accounts *a);

/* The name of key, or NULL when it has none yet. */
const char *accounts_name_of(const struct accounts *a, const char *key);

/* Whether some key already has name (compared without case). */
bool accounts_name_taken(const struct accounts *a, const char *name);

/* Gives key the name and saves the file; false with a message. */
bool accounts_add(struct accounts *a, const char *key, const char *name,
                  char *err, size_t err_size);

#endif
