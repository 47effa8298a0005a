/*
 * The library's listing (study/library.h): finds the autosave, its
 * history and the folder's records, orders them by the time each file was
 * written, newest first, and reads the newest LIBRARY_MAX_GAMES of them.
 * A record that does not read is skipped and named with record_read's
 * "PATH:LINE: why", never fatal: one bad file must not hide the others.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/file.h"
#include "study/library.h"
#include "study/review.h"

/* A file found, not yet read. */
struct library_found {
	char path[1024];
	enum library_place place;
	int slot;
	int64_t mtime_ns;
};

/* The files found, growing (owner: library_list_read). */
struct library_found_set {
	struct library_found *items;
	size_t count, capacity;
};

/* Whether a review marked some (or all) of s's moves, and each side's
 * accuracy over its reviewed moves (review.h). */
static void
library_game_review(const struct session *s, const struct record_meta *meta,
                    struct library_game *g)
{
	struct review_summary sum = {0};
	size_t reviewed = 0;
	for (size_t ply = 0; ply < s->ply && ply < meta->note_count; ply++) {
		const struct record_note *n = &meta->notes[ply];
		if (!n->review.present)
			continue;
		review_summary_add_note(&sum, s, ply, n);
		reviewed++;
	}
	g->review = reviewed == 0        ? LIBRARY_UNREVIEWED
	            : reviewed == s->ply ? LIBRARY_REVIEWED
	                                 : LIBRARY_PART;
	for (int side = 0; side < 2; side++)
		g->accuracy[side] =
		        sum.moves[side] > 0 ? review_accuracy(&sum, side) : -1;
}

/* Copies as much of text as fits in buf (a tag can be long). */
static void
library_copy(char *buf, size_t size, const char *text)
{
	snprintf(buf, size, "%.*s", (int)(size - 1), text);
}

/* The facts of a record read into s and meta. */
static void
library_game_facts(const struct session *s, const struct record_meta *meta,
                   struct library_game *g)
{
	g->ops = s->ops;
	const char *p2 = s->ops->players < 2 ? ""
	                 : meta->player2[0]  ? meta->player2
	                                     : "?";
	/* The result the moves reached; else the record's (a resignation
	 * or a time loss ends a game whose position goes on). */
	const char *result = record_result_token(s->ops, session_current(s));
	if (strcmp(result, "*") == 0 && meta->result[0] != '\0')
		result = meta->result;
	library_copy(g->player1, sizeof g->player1,
	             meta->player1[0] ? meta->player1 : "?");
	library_copy(g->player2, sizeof g->player2, p2);
	library_copy(g->date, sizeof g->date, meta->date);
	library_copy(g->result, sizeof g->result, result);
	g->plies = s->ply;
	/* FNV-1a over the start and the moves. */
	const struct game_pos *start = &s->positions[0];
	g->line = 14695981039346656037ULL ^ s->ops->hash(start);
	for (size_t i = 0; i < s->ply; i++)
		g->line = (g->line ^ (uint64_t)s->moves[i]) * 1099511628211ULL;
	library_game_review(s, meta, g);
}

/* Reads the record in buf (len bytes, read from path). */
static bool
library_game_parse(const char *path, char *buf, size_t len,
                   struct library_game *g, char *err, size_t err_size)
{
	if (len == 0) {
		snprintf(err, err_size, "%s:1: an empty file", path);
		return false;
	}
	FILE *f = fmemopen(buf, len, "r");
	if (f == NULL) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		return false;
	}
	struct session s;
	struct record_meta meta;
	bool ok = record_read(f, path, &s, &meta, err, err_size);
	fclose(f);
	if (!ok)
		return false;
	library_game_facts(&s, &meta, g);
	session_free(&s);
	record_meta_free(&meta);
	return true;
}

bool
library_game_read(const char *path, struct library_game *g, char *err,
                  size_t err_size)
{
	memset(g, 0, sizeof *g);
	if ((size_t)snprintf(g->path, sizeof g->path, "%s", path) >=
	    sizeof g->path) {
		snprintf(err, err_size, "%s: path too long", path);
		return false;
	}
	struct stat st;
	if (stat(path, &st) == 0)
		g->mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 +
		              st.st_mtim.tv_nsec;
	char *buf;
	size_t len;
	if (!file_read_all(path, (size_t)LIBRARY_MAX_FILE, &buf, &len, err,
	                   err_size))
		return false;
	bool ok = library_game_parse(path, buf, len, g, err, err_size);
	free(buf);
	return ok;
}

/* Adds path to the set when it is there (a missing file is no game);
 * false only when out of memory. */
static bool
library_found_add(struct library_found_set *set, const char *path,
                  enum library_place place, int slot)
{
	struct stat st;
	if (lstat(path, &st) != 0 || strlen(path) >= sizeof set->items->path)
		return true;
	if (set->count == set->capacity) {
		size_t cap = set->capacity ? set->capacity * 2 : 32;
		struct library_found *items =
		        realloc(set->items, cap * sizeof *items);
		if (items == NULL)
			return false;
		set->items = items;
		set->capacity = cap;
	}
	struct library_found *f = &set->items[set->count++];
	snprintf(f->path, sizeof f->path, "%s", path);
	f->place = place;
	f->slot = slot;
	f->mtime_ns =
	        (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
	return true;
}

/* The autosave at history and its RECORD_HISTORY earlier games. */
static bool
library_find_history(struct library_found_set *set, const char *history)
{
	char name[1024];
	if (!library_found_add(set, history, LIBRARY_AUTOSAVE, 0))
		return false;
	for (int n = 1; n <= RECORD_HISTORY; n++) {
		if (record_history_name(history, n, name, sizeof name) &&
		    !library_found_add(set, name, LIBRARY_HISTORY, n))
			return false;
	}
	return true;
}

/* Whether a folder entry's name is a record's: NAME.rec, not hidden (a
 * save's temporary file starts with a dot). */
static bool
library_is_record_name(const char *name)
{
	size_t len = strlen(name);
	return name[0] != '.' && len > 4 && strcmp(name + len - 4, ".rec") == 0;
}

/* The records of folder, at most LIBRARY_MAX_FILES (the rest counted in
 * list->unread); a missing folder holds none. */
static bool
library_find_folder(struct library_found_set *set, const char *folder,
                    struct library_list *list, char *err, size_t err_size)
{
	DIR *dir = opendir(folder);
	if (dir == NULL) {
		if (errno == ENOENT)
			return true;
		snprintf(err, err_size, "%s: %s", folder, strerror(errno));
		return false;
	}
	size_t seen = 0;
	struct dirent *e;
	char path[1024];
	bool ok = true;
	while (ok && (e = readdir(dir)) != NULL) {
		if (!library_is_record_name(e->d_name))
			continue;
		if (seen++ >= LIBRARY_MAX_FILES) {
			list->unread++;
			continue;
		}
		if ((size_t)snprintf(path, sizeof path, "%s/%s", folder,
		                     e->d_name) < sizeof path)
			ok = library_found_add(set, path, LIBRARY_FOLDER, 0);
	}
	closedir(dir);
	if (!ok)
		snprintf(err, err_size, "out of memory");
	return ok;
}

/* Newest first; the same time in the order of the paths, so that a
 * listing does not depend on the order of the directory. */
static int
library_found_cmp(const void *a, const void *b)
{
	const struct library_found *x = a, *y = b;
	if (x->mtime_ns != y->mtime_ns)
		return x->mtime_ns > y->mtime_ns ? -1 : 1;
	return strcmp(x->path, y->path);
}

/* Notes a file skipped: its reason while there is room, and the count. */
static void
library_problem(struct library_list *list, const char *why)
{
	if (list->problem_count < LIBRARY_MAX_PROBLEMS)
		snprintf(list->problems[list->problem_count],
		         sizeof list->problems[0], "%s", why);
	list->problem_count++;
}

/* Whether the autosave or its history holds a game the folder keeps
 * too (a finished game is in both): listed once, from the folder. */
static bool
library_kept_twice(const struct library_list *list,
                   const struct library_game *g)
{
	if (g->place == LIBRARY_FOLDER)
		return false;
	for (size_t i = 0; i < list->count; i++) {
		const struct library_game *f = &list->games[i];
		if (f->place == LIBRARY_FOLDER && f->ops == g->ops &&
		    f->plies == g->plies && f->line == g->line)
			return true;
	}
	return false;
}

/* Drops the autosave's copies of games the folder keeps. */
static void
library_drop_twice(struct library_list *list)
{
	size_t kept = 0;
	for (size_t i = 0; i < list->count; i++)
		if (!library_kept_twice(list, &list->games[i]))
			list->games[kept++] = list->games[i];
	list->count = kept;
}

/* Reads the files found, newest first, into the list. */
static void
library_read_found(struct library_found_set *set, struct library_list *list)
{
	if (set->count == 0)
		return; /* qsort is not given a null array */
	qsort(set->items, set->count, sizeof *set->items, library_found_cmp);
	char why[600];
	for (size_t i = 0; i < set->count; i++) {
		const struct library_found *f = &set->items[i];
		if (list->count == LIBRARY_MAX_GAMES) {
			list->older += set->count - i;
			break;
		}
		struct library_game *g = &list->games[list->count];
		if (!library_game_read(f->path, g, why, sizeof why)) {
			library_problem(list, why);
			continue;
		}
		g->place = f->place;
		g->slot = f->slot;
		list->count++;
	}
}

bool
library_list_read(const char *history, const char *folder,
                  struct library_list *out, char *err, size_t err_size)
{
	memset(out, 0, sizeof *out);
	struct library_found_set set = {0};
	snprintf(err, err_size, "out of memory");
	bool ok = (history == NULL || library_find_history(&set, history)) &&
	          (folder == NULL ||
	           library_find_folder(&set, folder, out, err, err_size));
	if (ok) {
		size_t n = set.count < LIBRARY_MAX_GAMES ? set.count
		                                         : LIBRARY_MAX_GAMES;
		out->games = calloc(n ? n : 1, sizeof *out->games);
		ok = out->games != NULL;
	}
	if (ok) {
		library_read_found(&set, out);
		library_drop_twice(out);
	} else
		library_list_free(out);
	free(set.items);
	return ok;
}

void
library_list_free(struct library_list *list)
{
	free(list->games);
	memset(list, 0, sizeof *list);
}
