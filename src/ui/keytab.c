/*
 * A screen's keys, declared once (see keytab.h).
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ui/keytab.h"
#include "ui/status.h"

/* Whether key belongs to the class. */
static bool
ui_key_in_class(int cls, int key)
{
	bool ascii = key > ' ' && key < 127;
	switch (cls) {
	case UI_KEYS_DIGIT:
		return key >= '0' && key <= '9';
	case UI_KEYS_TEXT:
		return ascii && key != '?';
	case UI_KEYS_ALNUM:
		return ascii && isalnum(key);
	default:
		return false;
	}
}

bool
ui_key_holds(const struct ui_key *k, int key)
{
	for (int i = 0; i < UI_KEY_MAX && k->keys[i] != 0; i++) {
		if (k->keys[i] == key ||
		    (k->keys[i] < 0 && ui_key_in_class(k->keys[i], key)))
			return true;
	}
	return false;
}

bool
ui_key_applies(const struct ui_key *k, const struct ui_app *app)
{
	return app == NULL || k->applies == NULL || k->applies(app);
}

void
ui_key_run(const struct ui_key *k, struct ui_app *app, int key)
{
	if (k->run_arg != NULL)
		k->run_arg(app, k->arg == UI_KEY_PRESSED ? key : k->arg);
	else if (k->run != NULL)
		k->run(app);
}

const struct ui_key *
ui_keytab_find(const struct ui_keytab *t, const struct ui_app *app, int key)
{
	for (size_t i = 0; i < t->count; i++) {
		if (ui_key_holds(&t->keys[i], key) &&
		    ui_key_applies(&t->keys[i], app))
			return &t->keys[i];
	}
	return NULL;
}

const struct ui_key *
ui_keytab_any(const struct ui_keytab *t, int key)
{
	for (size_t i = 0; i < t->count; i++) {
		if (ui_key_holds(&t->keys[i], key))
			return &t->keys[i];
	}
	return NULL;
}

bool
ui_keytab_take(const struct ui_keytab *t, struct ui_app *app, int key)
{
	const struct ui_key *k = ui_keytab_find(t, app, key);
	if (k == NULL)
		return false;
	ui_key_run(k, app, key);
	return true;
}

bool
ui_keytab_overrides(const struct ui_keytab *t, const struct ui_app *app,
                    const struct ui_key *k)
{
	for (int i = 0; i < UI_KEY_MAX && k->keys[i] != 0; i++) {
		if (k->keys[i] > 0 && ui_keytab_find(t, app, k->keys[i]))
			return true;
	}
	return false;
}

void
ui_keytab_each(const struct ui_keytab *t, const struct ui_app *app,
               ui_keyhelp_fn fn, void *ctx)
{
	for (size_t i = 0; i < t->count; i++) {
		const struct ui_key *k = &t->keys[i];
		char help[160];
		if (!ui_key_applies(k, app))
			continue;
		if (app == NULL && k->only != NULL) {
			snprintf(help, sizeof help, "%s: %s", k->only, k->help);
			fn(ctx, k->label, help);
		} else {
			fn(ctx, k->label, k->help);
		}
	}
}

void
ui_keytab_tell(const struct ui_keytab *t, const struct ui_app *app,
               const struct ui_help_sink *sink)
{
	sink->section(sink->ctx, t->title);
	ui_keytab_each(t, app, sink->key, sink->ctx);
}

/* The hint of the help's binding (`?`) in t, or NULL. */
static const char *
ui_keytab_help_hint(const struct ui_keytab *t, const struct ui_app *app)
{
	const struct ui_key *k = ui_keytab_find(t, app, '?');
	return k != NULL ? k->hint : NULL;
}

void
ui_keytab_footer(const struct ui_keytab *t, const struct ui_app *app, int width,
                 char *buf, size_t size)
{
	const char *help = ui_keytab_help_hint(t, app);
	int room = width - (help != NULL ? (int)strlen(help) + 2 : 0);
	size_t len = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < t->count; i++) {
		const struct ui_key *k = &t->keys[i];
		if (k->hint == NULL || k->hint == help ||
		    !ui_key_applies(k, app))
			continue;
		int need = (len ? 2 : 0) + (int)strlen(k->hint);
		if ((int)len + need > room || len + (size_t)need >= size)
			break;
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
		                        len ? "  " : "", k->hint);
	}
	if (help != NULL && len + strlen(help) + 2 < size)
		snprintf(buf + len, size - len, "%s%s", len ? "  " : "", help);
}

void
ui_keytab_refuse(struct ui_app *app, const struct ui_keytab *t, int key,
                 const char *where)
{
	char name[32];
	const struct ui_key *k = ui_keytab_any(t, key);
	if (key > ' ' && key < 127)
		snprintf(name, sizeof name, "'%c'", key);
	else if (k != NULL)
		/* A key without a letter by its binding's first name: "Tab". */
		snprintf(name, sizeof name, "%.*s", (int)strcspn(k->label, " "),
		         k->label);
	else
		return;
	ui_status(app, true, "%s is not a key %s; ? shows the keys", name,
	          where);
}

void
ui_keytab_key(const struct ui_keytab *t, struct ui_app *app, int key)
{
	if (!ui_keytab_take(t, app, key))
		ui_keytab_refuse(app, t, key, t->where);
}
