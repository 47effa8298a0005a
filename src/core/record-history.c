/*
 * The autosave's short history (see record_save_keeping in record.h): a
 * new game never overwrites an unfinished one, it pushes it down a list
 * of RECORD_HISTORY earlier games kept beside it.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/record.h"

bool
record_history_name(const char *path, int n, char *out, size_t size)
{
	static const char ext[] = ".rec";
	size_t len = strlen(path), ext_len = sizeof ext - 1;
	int w;
	if (len > ext_len && strcmp(path + len - ext_len, ext) == 0)
		w = snprintf(out, size, "%.*s.%d%s", (int)(len - ext_len), path,
		             n, ext);
	else
		w = snprintf(out, size, "%s.%d", path, n);
	return w >= 0 && (size_t)w < size;
}

/* Whether the moves of the shorter of a and b are the first moves of the
 * other, from the same start: one game, at two moments. */
static bool
record_same_game(const struct session *a, const struct session *b)
{
	if (a->ops != b->ops)
		return false;
	char fa[GAME_TEXT_MAX], fb[GAME_TEXT_MAX];
	a->ops->format_pos(&a->positions[0], fa, sizeof fa);
	b->ops->format_pos(&b->positions[0], fb, sizeof fb);
	if (strcmp(fa, fb) != 0)
		return false;
	size_t n = a->ply < b->ply ? a->ply : b->ply;
	for (size_t i = 0; i < n; i++) {
		if (a->moves[i] != b->moves[i])
			return false;
	}
	/* A fresh game (no move) does not continue a game with moves. */
	return !(b->ply == 0 && a->ply > 0);
}

/* Moves path to the first history slot, the others one further down. */
static bool
record_push_history(const char *path, char *err, size_t err_size)
{
	char from[4200], to[4200];
	for (int n = RECORD_HISTORY - 1; n >= 0; n--) {
		if (!record_history_name(path, n + 1, to, sizeof to) ||
		    (n > 0 &&
		     !record_history_name(path, n, from, sizeof from))) {
			snprintf(err, err_size, "%s: path too long", path);
			return false;
		}
		if (n == 0)
			snprintf(from, sizeof from, "%s", path);
		/* rename replaces the oldest, never writes through a link. */
		if (rename(from, to) != 0 && errno != ENOENT) {
			snprintf(err, err_size, "%s: %s", to, strerror(errno));
			return false;
		}
	}
	return true;
}

bool
record_save_keeping(const char *path, const struct session *s,
                    const struct record_meta *meta, char *err, size_t err_size)
{
	struct session old;
	struct record_meta old_meta;
	char why[512];
	/* What is there and is not this game (or does not load: kept too,
	 * rather than lost) goes down the history. */
	if (access(path, F_OK) == 0) {
		bool same = record_load(path, &old, &old_meta, why, sizeof why);
		if (same) {
			same = record_same_game(&old, s);
			session_free(&old);
			record_meta_free(&old_meta);
		}
		if (!same && !record_push_history(path, err, err_size))
			return false;
	}
	return record_save(path, s, meta, err, err_size);
}
