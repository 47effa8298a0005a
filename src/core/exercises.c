/*
 * The personal set's file (core/exercises.h).  Reading is forgiving: the
 * file is the player's own record of their practice, so one bad line
 * costs that line only, and the set read from a damaged file is kept from
 * being written back over the lines it could not read.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/exercises.h"
#include "core/file.h"
#include "core/registry.h"
#include "core/text.h"

static const char EXERCISES_NAME[] = "exercises.txt";
enum { EXERCISES_FIELDS = 7 };
static const long EXERCISES_COUNT_MAX = 100000000;

bool
exercises_path(char *buf, size_t size, bool create, char *err, size_t err_size)
{
	return file_xdg_path("XDG_DATA_HOME", ".local/share", EXERCISES_NAME,
	                     create, buf, size, err, err_size);
}

/* Splits line at '|' into EXERCISES_FIELDS trimmed fields. */
static bool
exercises_split(const char *line, char fields[][PUZZLE_POS_MAX], char *err,
                size_t err_size)
{
	const char *c = line;
	for (int i = 0; i < EXERCISES_FIELDS; i++) {
		size_t n = strcspn(c, "|");
		bool last = i == EXERCISES_FIELDS - 1;
		if ((c[n] == '|') == last) {
			snprintf(err, err_size, "want %d fields split by '|'",
			         EXERCISES_FIELDS);
			return false;
		}
		if (!text_copy_trimmed(c, n, fields[i], PUZZLE_POS_MAX)) {
			snprintf(err, err_size, "field %d is empty or too long",
			         i + 1);
			return false;
		}
		c += n + 1;
	}
	return true;
}

/* Checks the game, the position and the move of a split line into e. */
static bool
exercises_check(char fields[][PUZZLE_POS_MAX], struct exercise_entry *e,
                char *err, size_t err_size)
{
	const struct game_ops *ops = registry_find(fields[0]);
	if (ops == NULL || ops->players != 2) {
		snprintf(err, err_size, "no two-player game '%.32s'",
		         fields[0]);
		return false;
	}
	snprintf(e->game, sizeof e->game, "%s", ops->name);
	struct game_pos pos;
	game_move move;
	char why[256];
	if (!ops->parse_pos(&pos, fields[4], why, sizeof why)) {
		snprintf(err, err_size, "position: %s", why);
		return false;
	}
	if (!ops->parse_move(&pos, fields[5], &move, why, sizeof why)) {
		snprintf(err, err_size, "move '%.63s': %s", fields[5], why);
		return false;
	}
	if (strlen(fields[5]) >= sizeof e->played ||
	    strlen(fields[6]) >= sizeof e->source) {
		snprintf(err, err_size, "move or source too long");
		return false;
	}
	snprintf(e->position, sizeof e->position, "%s", fields[4]);
	snprintf(e->played, sizeof e->played, "%s", fields[5]);
	snprintf(e->source, sizeof e->source, "%s", fields[6]);
	return true;
}

/* Reads one exercise line into e; false with what is wrong in err. */
static bool
exercises_parse(const char *line, struct exercise_entry *e, char *err,
                size_t err_size)
{
	static char fields[EXERCISES_FIELDS][PUZZLE_POS_MAX];
	memset(e, 0, sizeof *e);
	if (!exercises_split(line, fields, err, err_size))
		return false;
	long solved, failed;
	bool result = strcmp(fields[1], "solved") == 0 ||
	              strcmp(fields[1], "failed") == 0;
	if (!result ||
	    !text_to_long(fields[2], 0, EXERCISES_COUNT_MAX, &solved) ||
	    !text_to_long(fields[3], 0, EXERCISES_COUNT_MAX, &failed)) {
		snprintf(err, err_size,
		         "want 'solved' or 'failed', then two counts");
		return false;
	}
	e->solved_last = fields[1][0] == 's';
	e->solved = (int)solved;
	e->failed = (int)failed;
	return exercises_check(fields, e, err, err_size);
}

static bool
exercises_add(struct exercise_set *set, const struct exercise_entry *e)
{
	if (set->count == set->capacity) {
		size_t cap = set->capacity ? set->capacity * 2 : 16;
		struct exercise_entry *items =
		        realloc(set->items, cap * sizeof *items);
		if (items == NULL)
			return false;
		set->items = items;
		set->capacity = cap;
	}
	set->items[set->count++] = *e;
	return true;
}

/* Notes a skipped line: the first is named, the rest counted. */
static void
exercises_skip(struct exercise_set *set, const char *path, int line_no,
               const char *why)
{
	if (set->skipped++ == 0)
		snprintf(set->warning, sizeof set->warning,
		         "%.1000s:%d: %.1000s", path, line_no, why);
	set->damaged = true;
}

/* Reads the lines of text (NUL-terminated, changed in place). */
static bool
exercises_read_lines(struct exercise_set *set, const char *path, char *text)
{
	int line_no = 0;
	for (char *c = text; *c != '\0';) {
		size_t n = strcspn(c, "\n");
		bool more = c[n] == '\n';
		c[n] = '\0';
		line_no++;
		char why[1024];
		struct exercise_entry e;
		if (line_no == 1 && strcmp(c, EXERCISES_MAGIC) != 0)
			exercises_skip(
			        set, path, 1,
			        "not an exercises file (want '" EXERCISES_MAGIC
			        "')");
		else if (line_no == 1 || c[0] == '#' || c[0] == '\0')
			;
		else if (!exercises_parse(c, &e, why, sizeof why))
			exercises_skip(set, path, line_no, why);
		else if (!exercises_add(set, &e))
			return false;
		c += n + more;
	}
	return true;
}

bool
exercises_load(const char *path, struct exercise_set *set, char *err,
               size_t err_size)
{
	memset(set, 0, sizeof *set);
	struct stat st;
	if (lstat(path, &st) != 0 && errno == ENOENT)
		return true;
	char *text;
	size_t len;
	bool ok = file_read_all(path, EXERCISES_MAX_BYTES, &text, &len, err,
	                        err_size);
	if (ok) {
		ok = exercises_read_lines(set, path, text);
		free(text);
		if (!ok)
			snprintf(err, err_size, "%s: out of memory", path);
	}
	if (!ok) {
		exercises_free(set);
		set->damaged = true;
	}
	return ok;
}

static bool
exercises_write(FILE *f, const void *ctx, char *why, size_t why_size)
{
	const struct exercise_set *set = ctx;
	fprintf(f, "%s\n", EXERCISES_MAGIC);
	for (size_t i = 0; i < set->count; i++) {
		const struct exercise_entry *e = &set->items[i];
		fprintf(f, "%s | %s | %d | %d | %s | %s | %s\n", e->game,
		        e->solved_last ? "solved" : "failed", e->solved,
		        e->failed, e->position, e->played, e->source);
	}
	if (ferror(f)) {
		snprintf(why, why_size, "write error");
		return false;
	}
	return true;
}

/* Counts a try into set (the entry added when new); false when out of
 * memory. */
static bool exercises_count_try(struct exercise_set *set,
                                const struct exercise_try *try);

/* Writes set's tries into the file under the directory's lock (see
 * exercises_save). */
static bool
exercises_save_locked(const char *path, struct exercise_set *set, char *err,
                      size_t err_size)
{
	struct exercise_set now;
	if (!exercises_load(path, &now, err, err_size))
		return false;
	bool ok = !now.damaged;
	if (!ok)
		snprintf(err, err_size,
		         "%s has lines that do not read: not written over",
		         path);
	for (size_t i = 0; ok && i < set->ntries; i++)
		ok = exercises_count_try(&now, &set->tries[i]);
	if (ok && !file_replace(path, exercises_write, &now, err, err_size))
		ok = false;
	else if (!ok && !now.damaged)
		snprintf(err, err_size, "%s: out of memory", path);
	if (!ok) {
		exercises_free(&now);
		return false;
	}
	/* What is on disk now is the set: this session's tries and the
	 * others'. */
	free(set->items);
	set->items = now.items;
	set->count = now.count;
	set->capacity = now.capacity;
	set->ntries = 0;
	set->damaged = false;
	return true;
}

bool
exercises_save(const char *path, struct exercise_set *set, char *err,
               size_t err_size)
{
	if (set->damaged) {
		snprintf(err, err_size,
		         "%s has lines that do not read: not written over",
		         path);
		return false;
	}
	int lock = file_lock_dir_of(path, err, err_size);
	if (lock < 0)
		return false;
	bool ok = exercises_save_locked(path, set, err, err_size);
	close(lock);
	return ok;
}

const struct exercise_entry *
exercises_find(const struct exercise_set *set, const char *game,
               const char *position, const char *played)
{
	for (size_t i = 0; i < set->count; i++) {
		const struct exercise_entry *e = &set->items[i];
		if (strcmp(e->game, game) == 0 &&
		    strcmp(e->position, position) == 0 &&
		    strcmp(e->played, played) == 0)
			return e;
	}
	return NULL;
}

/* Copies text into out with the characters the file gives a meaning to
 * ('|', line ends) made blanks. */
static void
exercises_clean(const char *text, char *out, size_t size)
{
	snprintf(out, size, "%s", text[0] != '\0' ? text : "-");
	for (char *c = out; *c != '\0'; c++)
		if (*c == '|' || *c == '\n' || *c == '\r')
			*c = ' ';
}

static bool
exercises_count_try(struct exercise_set *set, const struct exercise_try *try)
{
	struct exercise_entry *e = (struct exercise_entry *)exercises_find(
	        set, try->game, try->position, try->played);
	if (e == NULL) {
		struct exercise_entry fresh = {0};
		snprintf(fresh.game, sizeof fresh.game, "%s", try->game);
		snprintf(fresh.position, sizeof fresh.position, "%s",
		         try->position);
		snprintf(fresh.played, sizeof fresh.played, "%s", try->played);
		snprintf(fresh.source, sizeof fresh.source, "%s", try->source);
		if (!exercises_add(set, &fresh))
			return false;
		e = &set->items[set->count - 1];
	}
	e->solved_last = try->solved;
	if (try->solved)
		e->solved++;
	else
		e->failed++;
	return true;
}

bool
exercises_record(struct exercise_set *set, const char *game,
                 const char *position, const char *played, const char *source,
                 bool solved)
{
	struct exercise_try try = {.solved = solved};
	snprintf(try.game, sizeof try.game, "%s", game);
	snprintf(try.position, sizeof try.position, "%s", position);
	snprintf(try.played, sizeof try.played, "%s", played);
	exercises_clean(source, try.source, sizeof try.source);
	if (set->ntries == set->tries_cap) {
		size_t cap = set->tries_cap ? set->tries_cap * 2 : 8;
		struct exercise_try *tries =
		        realloc(set->tries, cap * sizeof *tries);
		if (tries == NULL)
			return false;
		set->tries = tries;
		set->tries_cap = cap;
	}
	if (!exercises_count_try(set, &try))
		return false;
	set->tries[set->ntries++] = try;
	return true;
}

size_t
exercises_count(const struct exercise_set *set, const char *game)
{
	size_t n = 0;
	for (size_t i = 0; i < set->count; i++)
		n += strcmp(set->items[i].game, game) == 0;
	return n;
}

void
exercises_free(struct exercise_set *set)
{
	free(set->items);
	free(set->tries);
	set->items = NULL;
	set->tries = NULL;
	set->count = set->capacity = 0;
	set->ntries = set->tries_cap = 0;
}
