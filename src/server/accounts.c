/*
 * SSH key accounts (see accounts.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "server/accounts.h"
#include "server/store.h"

/* One line of the accounts file: NAME KEY, or a comment or blank. */
static const char *
accounts_line(char *p, int number, void *ctx)
{
	(void)number;
	struct accounts *a = ctx;
	if (*p == '#' || *p == '\0')
		return NULL;
	char *sp = strchr(p, ' ');
	if (sp == NULL)
		return "not 'NAME TYPE KEY'";
	*sp = '\0';
	if (!identity_name_valid(p) || strlen(sp + 1) == 0 ||
	    strlen(sp + 1) >= IDENTITY_KEY_MAX || !accounts_add(a, sp + 1, p))
		return "not 'NAME TYPE KEY'";
	return NULL;
}

bool
accounts_load(struct accounts *a, const char *path, char *err, size_t err_size)
{
	memset(a, 0, sizeof *a);
	if ((size_t)snprintf(a->path, sizeof a->path, "%s", path) >=
	    sizeof a->path) {
		snprintf(err, err_size, "%s: path too long", path);
		return false;
	}
	if (!store_read_lines(path, ACCOUNTS_FILE_MAX, accounts_line, a, err,
	                      err_size)) {
		accounts_free(a);
		return false;
	}
	a->saved_version = a->version;
	return true;
}

void
accounts_free(struct accounts *a)
{
	for (size_t i = 0; i < a->count; i++)
		free(a->list[i].key);
	free(a->list);
	a->list = NULL;
	a->count = 0;
}

/* The entry of key, saved or not, or NULL. */
static const struct account *
accounts_find(const struct accounts *a, const char *key)
{
	for (size_t i = 0; i < a->count; i++) {
		if (strcmp(a->list[i].key, key) == 0)
			return &a->list[i];
	}
	return NULL;
}

const char *
accounts_name_of(const struct accounts *a, const char *key)
{
	const struct account *e = accounts_find(a, key);
	return e != NULL && e->version <= a->saved_version ? e->name : NULL;
}

const char *
accounts_key_of(const struct accounts *a, const char *name)
{
	for (size_t i = 0; i < a->count; i++) {
		if (strcasecmp(a->list[i].name, name) == 0 &&
		    a->list[i].version <= a->saved_version)
			return a->list[i].key;
	}
	return NULL;
}

bool
accounts_name_taken(const struct accounts *a, const char *name)
{
	for (size_t i = 0; i < a->count; i++) {
		if (strcasecmp(a->list[i].name, name) == 0)
			return true;
	}
	return false;
}

struct store_job *
accounts_save_job_new(const struct accounts *a)
{
	size_t size = 64;
	for (size_t i = 0; i < a->count; i++)
		size += strlen(a->list[i].name) + strlen(a->list[i].key) + 2;
	char *text = malloc(size);
	if (text == NULL)
		return NULL;
	size_t len = (size_t)snprintf(text, size, "# tabula accounts 1\n");
	for (size_t i = 0; i < a->count; i++)
		len += (size_t)snprintf(text + len, size - len, "%s %s\n",
		                        a->list[i].name, a->list[i].key);
	return store_job_new(a->path, text, len, a->version);
}

bool
accounts_add(struct accounts *a, const char *key, const char *name)
{
	if (a->count >= ACCOUNTS_MAX || accounts_find(a, key) != NULL ||
	    accounts_name_taken(a, name))
		return false;
	struct account *list = realloc(a->list, (a->count + 1) * sizeof *list);
	if (list == NULL)
		return false;
	a->list = list;
	char *copy = strdup(key);
	if (copy == NULL)
		return false;
	snprintf(list[a->count].name, sizeof list[a->count].name, "%s", name);
	list[a->count].key = copy;
	list[a->count].version = ++a->version;
	a->count++;
	return true;
}

void
accounts_forget_unsaved(struct accounts *a, unsigned version)
{
	size_t kept = 0;
	for (size_t i = 0; i < a->count; i++) {
		struct account *e = &a->list[i];
		if (e->version > a->saved_version && e->version <= version)
			free(e->key);
		else
			a->list[kept++] = *e;
	}
	a->count = kept;
}
