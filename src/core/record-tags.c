/*
 * The tags of a record that its fields do not name (record.h): an Event or
 * a Source read from a LittleGolem file, or any tag a person added, kept
 * in the order read so that writing the record gives them back.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/record.h"
#include "core/text.h"

static struct record_tag *
record_tag_find(const struct record_meta *meta, const char *name)
{
	for (size_t i = 0; i < meta->tag_count; i++) {
		if (strcmp(meta->tags[i].name, name) == 0)
			return &meta->tags[i];
	}
	return NULL;
}

const char *
record_meta_tag(const struct record_meta *meta, const char *name)
{
	const struct record_tag *t = record_tag_find(meta, name);
	return t != NULL ? t->value : NULL;
}

static void
record_tag_drop(struct record_meta *meta, struct record_tag *t)
{
	free(t->name);
	free(t->value);
	size_t i = (size_t)(t - meta->tags);
	memmove(t, t + 1, (meta->tag_count - i - 1) * sizeof *t);
	meta->tag_count--;
}

bool
record_meta_set_tag(struct record_meta *meta, const char *name,
                    const char *value)
{
	struct record_tag *t = record_tag_find(meta, name);
	if (value[0] == '\0') {
		if (t != NULL)
			record_tag_drop(meta, t);
		return true;
	}
	char *copy = strdup(value);
	if (copy == NULL)
		return false;
	if (t != NULL) {
		free(t->value);
		t->value = copy;
		return true;
	}
	struct record_tag *tags =
	        realloc(meta->tags, (meta->tag_count + 1) * sizeof *tags);
	char *name_copy = strdup(name);
	if (tags != NULL)
		meta->tags = tags;
	if (tags == NULL || name_copy == NULL) {
		free(copy);
		free(name_copy);
		return false;
	}
	tags[meta->tag_count].name = name_copy;
	tags[meta->tag_count].value = copy;
	meta->tag_count++;
	return true;
}

void
record_meta_free_tags(struct record_meta *meta)
{
	for (size_t i = 0; i < meta->tag_count; i++) {
		free(meta->tags[i].name);
		free(meta->tags[i].value);
	}
	free(meta->tags);
	meta->tags = NULL;
	meta->tag_count = 0;
}

void
record_meta_make_safe(struct record_meta *meta)
{
	char *fixed[] = {meta->setup, meta->player1, meta->player2,
	                 meta->date,  meta->result,  meta->termination};
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		text_escape_controls(fixed[i], RECORD_TAG_MAX, "");
	for (size_t i = 0; i < meta->tag_count; i++) {
		char **parts[] = {&meta->tags[i].name, &meta->tags[i].value};
		for (int k = 0; k < 2; k++) {
			char *safe = text_escape_controls_dup(*parts[k], "");
			if (safe == NULL)
				(*parts[k])[0] = '\0'; /* out of memory */
			else {
				free(*parts[k]);
				*parts[k] = safe;
			}
		}
	}
	/* A comment may hold lines and tabs, nothing else. */
	for (size_t i = 0; i < meta->comment_count; i++) {
		char *c = meta->comments[i];
		if (c == NULL)
			continue;
		char *safe = text_escape_controls_dup(c, "\n\t");
		if (safe == NULL)
			c[0] = '\0';
		else {
			free(c);
			meta->comments[i] = safe;
		}
	}
}
