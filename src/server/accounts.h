/*
 * The accounts of the shared SSH account: each public key with the display
 * name its owner picked once.  Kept in one file under the server's state
 * directory, one "NAME TYPE BLOB" line per key, rewritten atomically (on a
 * worker thread, see accounts_save_job_new) when keys get their names; a new
 * name is not used until the file that binds it to its key is on disk.
 */
#ifndef TABULA_SERVER_ACCOUNTS_H
#define TABULA_SERVER_ACCOUNTS_H

#include <stdbool.h>
#include <stddef.h>

#include "server/identity.h"
#include "server/store.h"

/* The most keys one server remembers. */
#define ACCOUNTS_MAX 10000

/* The accounts file's cap: every key with its name (not the room files'
 * STORE_FILE_MAX, which 120 RSA keys passed). */
#define ACCOUNTS_FILE_MAX                                                      \
	((size_t)ACCOUNTS_MAX * (IDENTITY_KEY_MAX + IDENTITY_NAME_MAX + 2) + 64)

struct account {
	char name[IDENTITY_NAME_MAX + 1];
	char *key;
	unsigned version; /* the accounts version that gave the name */
};

struct accounts {
	char path[4096];
	struct account *list;
	size_t count;
	unsigned version;       /* bumped by every name given */
	unsigned saved_version; /* the version on disk */
	bool saving;            /* a save job is under way */
};

/* Reads the file at path (a missing file is an empty list). */
bool accounts_load(struct accounts *a, const char *path, char *err,
                   size_t err_size);

void accounts_free(struct accounts *a);

/* The name of key, or NULL when it has none on disk yet (a name is used
 * only once the file that binds it to its key is saved). */
const char *accounts_name_of(const struct accounts *a, const char *key);

/* The key that has name on disk (compared without case), or NULL. */
const char *accounts_key_of(const struct accounts *a, const char *name);

/* Whether some key already has name (compared without case). */
bool accounts_name_taken(const struct accounts *a, const char *name);

/* Gives key the name (in memory: a new version to save); false when the
 * key or the name is taken, the list is full or memory runs out. */
bool accounts_add(struct accounts *a, const char *key, const char *name);

/* Forgets the names given after the last save up to version (their save
 * failed: they were never used, and may be given again). */
void accounts_forget_unsaved(struct accounts *a, unsigned version);

/* A snapshot of the whole file as it stands, to write on a worker thread
 * (store_job_free frees it); NULL if out of memory. */
struct store_job *accounts_save_job_new(const struct accounts *a);

#endif
