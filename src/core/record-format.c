/*
 * Finding the record formats the games declare (record-format.h): the
 * registry lists the games, each game's caps its format.
 */
#include "config.h"

#include <strings.h>

#include "core/record-format.h"
#include "core/registry.h"

const struct record_format *
record_format_find(const char *name)
{
	for (size_t i = 0; i < registry_count(); i++) {
		const struct record_format *f =
		        registry_at(i)->caps.record_format;
		if (f != NULL && strcasecmp(f->name, name) == 0)
			return f;
	}
	return NULL;
}

const struct record_format *
record_format_detect(const char *text)
{
	for (size_t i = 0; i < registry_count(); i++) {
		const struct record_format *f =
		        registry_at(i)->caps.record_format;
		if (f != NULL && f->detect(text))
			return f;
	}
	return NULL;
}

bool
record_format_write(FILE *out, const struct record_format *fmt,
                    const struct session *s, const struct record_meta *meta,
                    char *err, size_t err_size)
{
	if (fmt == NULL)
		return record_write(out, s, meta, err, err_size);
	if (fmt->game != s->ops) {
		snprintf(err, err_size, "a %s record holds %s games, not %s",
		         fmt->name, fmt->game->title, s->ops->title);
		return false;
	}
	return fmt->write(out, s, meta, err, err_size);
}
