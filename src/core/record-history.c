/*
 * The autosave's short history (see record_save_keeping in record.h): a
 * new game never overwrites an unfinished one, it pushes it down a list
 * of RECORD_HISTORY earlier games kept beside it.  Several terminal UIs
 * may share one state directory (tabula(6), FILES): each save holds a
 * lock on the directory, and a game moves to the front of the list rather
 * than being copied into it again, so sessions saving by turns never push
 * each other's games, or older ones, out.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/file.h"
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

/* Whether the record at file holds the same game as s (a file that does
 * not load holds none). */
static bool
record_file_same_game(const char *file, const struct session *s)
{
	struct session old;
	struct record_meta old_meta;
	char why[512];
	if (!record_load(file, &old, &old_meta, why, sizeof why))
		return false;
	bool same = record_same_game(&old, s);
	session_free(&old);
	record_meta_free(&old_meta);
	return same;
}

/* The first history slot that is free or holds s's game (s NULL: only a
 * free one), or RECORD_HISTORY when none is (the last slot, whose game
 * drops out). */
static int
record_history_gap(const char *path, const struct session *s)
{
	char name[4200];
	for (int n = 1; n < RECORD_HISTORY; n++) {
		if (!record_history_name(path, n, name, sizeof name) ||
		    access(name, F_OK) != 0)
			return n; /* a free slot: nothing below moves */
		if (s != NULL && record_file_same_game(name, s))
			return n;
	}
	return RECORD_HISTORY;
}

/* Moves path to the first history slot and the slots above gap one
 * further down, over gap (s's own older copy, a free slot or the last):
 * a game moves to the front and is never in the list twice, so two
 * sessions saving by turns swap their two games and push nothing else
 * out. */
static bool
record_push_history(const char *path, int gap, char *err, size_t err_size)
{
	char from[4200], to[4200];
	for (int n = gap - 1; n >= 0; n--) {
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

/* record_save_keeping under the lock; new_game: s is not path's game,
 * whatever their moves. */
static bool
record_save_keeping_locked(const char *path, const struct session *s,
                           const struct record_meta *meta, bool new_game,
                           char *err, size_t err_size)
{
	/* What is there and is not this game (or does not load: kept too,
	 * rather than lost) goes down the history. */
	if (access(path, F_OK) == 0 &&
	    (new_game || !record_file_same_game(path, s)) &&
	    !record_push_history(path,
	                         record_history_gap(path, new_game ? NULL : s),
	                         err, err_size))
		return false;
	return record_save(path, s, meta, err, err_size);
}

/* Both saves: a game with no move is nothing to keep. */
static bool
record_save_history(const char *path, const struct session *s,
                    const struct record_meta *meta, bool new_game, char *err,
                    size_t err_size)
{
	if (s->ply == 0)
		return true;
	int lock = file_lock_dir_of(path, err, err_size);
	if (lock < 0)
		return false;
	bool ok = record_save_keeping_locked(path, s, meta, new_game, err,
	                                     err_size);
	close(lock);
	return ok;
}

bool
record_save_keeping(const char *path, const struct session *s,
                    const struct record_meta *meta, char *err, size_t err_size)
{
	return record_save_history(path, s, meta, false, err, err_size);
}

bool
record_save_new_game(const char *path, const struct session *s,
                     const struct record_meta *meta, char *err, size_t err_size)
{
	return record_save_history(path, s, meta, true, err, err_size);
}
