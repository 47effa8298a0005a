/*
 * Puzzle files: reading and writing the line format of core/puzzle.h.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/file.h"
#include "core/puzzle.h"
#include "core/text.h"

enum { PUZZLE_FIELDS = 7 };

const char *
puzzle_kind_name(enum puzzle_kind kind)
{
	return kind == PUZZLE_SAVE ? "save" : "win";
}

/* The id: letters, digits, '-', '_' and '.'. */
static bool
puzzle_id_ok(const char *id)
{
	for (const char *c = id; *c != '\0'; c++) {
		if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_' &&
		    *c != '.')
			return false;
	}
	return true;
}

/* Themes: "-" or lower-case words of letters and '-' joined by commas. */
static bool
puzzle_themes_ok(const char *t)
{
	if (strcmp(t, "-") == 0)
		return true;
	bool word = false;
	for (const char *c = t; *c != '\0'; c++) {
		if (*c == ',') {
			if (!word)
				return false;
			word = false;
		} else if (islower((unsigned char)*c) || *c == '-') {
			word = true;
		} else
			return false;
	}
	return word;
}

/* Plays the blank-separated moves of text from pz->start into pz->line. */
static bool
puzzle_parse_solution(const struct game_ops *ops, const char *text,
                      struct puzzle *pz, char *err, size_t err_size)
{
	struct game_pos pos = pz->start;
	pz->line_len = 0;
	const char *rest = text, *c;
	size_t len;
	while ((c = text_find_word(&rest, " \t", &len)) != NULL) {
		char word[128];
		if (len >= sizeof word) {
			snprintf(err, err_size, "solution: move %d too long",
			         pz->line_len + 1);
			return false;
		}
		if (pz->line_len >= PUZZLE_MAX_LINE) {
			snprintf(err, err_size, "solution: more than %d moves",
			         PUZZLE_MAX_LINE);
			return false;
		}
		memcpy(word, c, len);
		word[len] = '\0';
		char why[256];
		game_move m;
		if (!ops->parse_move(&pos, word, &m, why, sizeof why)) {
			snprintf(err, err_size, "solution: move %d '%s': %s",
			         pz->line_len + 1, word, why);
			return false;
		}
		ops->play(&pos, m);
		pz->line[pz->line_len++] = m;
	}
	if (pz->line_len == 0) {
		snprintf(err, err_size, "solution: no move");
		return false;
	}
	return true;
}

/* Splits line at its '|' into the seven trimmed fields. */
static bool
puzzle_split_fields(const char *line,
                    char fields[PUZZLE_FIELDS][PUZZLE_POS_MAX], char *err,
                    size_t err_size)
{
	static const char *const names[PUZZLE_FIELDS] = {
	        "id",     "kind",     "plies",   "rating",
	        "themes", "position", "solution"};
	const char *c = line;
	for (int i = 0; i < PUZZLE_FIELDS; i++) {
		size_t len = strcspn(c, "|");
		if (i < PUZZLE_FIELDS - 1 && c[len] != '|') {
			snprintf(err, err_size,
			         "%d fields where 7 are needed (ID | KIND | "
			         "PLIES | RATING | THEMES | POSITION | "
			         "SOLUTION)",
			         i + 1);
			return false;
		}
		if (i == PUZZLE_FIELDS - 1 && c[len] == '|') {
			snprintf(err, err_size, "more than 7 fields");
			return false;
		}
		if (!text_copy_trimmed(c, len, fields[i], sizeof fields[i])) {
			snprintf(err, err_size, "%s: empty or too long",
			         names[i]);
			return false;
		}
		c += len + 1;
	}
	return true;
}

/* Reads the id, kind, plies, rating and themes fields into pz (cleared
 * first). */
static bool
puzzle_read_fields(char fields[PUZZLE_FIELDS][PUZZLE_POS_MAX],
                   struct puzzle *pz, char *err, size_t err_size)
{
	*pz = (struct puzzle){0};
	if (strlen(fields[0]) >= sizeof pz->id || !puzzle_id_ok(fields[0])) {
		snprintf(err, err_size,
		         "id '%s': want up to %d letters, "
		         "digits, '-', '_' or '.'",
		         fields[0], PUZZLE_ID_MAX - 1);
		return false;
	}
	strcpy(pz->id, fields[0]);
	if (strcmp(fields[1], "win") == 0)
		pz->kind = PUZZLE_WIN;
	else if (strcmp(fields[1], "save") == 0)
		pz->kind = PUZZLE_SAVE;
	else {
		snprintf(err, err_size, "kind '%s': want win or save",
		         fields[1]);
		return false;
	}
	long v;
	if (!text_to_long(fields[2], 1, PUZZLE_MAX_LINE, &v)) {
		snprintf(err, err_size, "plies '%s': want 1 to %d", fields[2],
		         PUZZLE_MAX_LINE);
		return false;
	}
	pz->plies = (int)v;
	if (!text_to_long(fields[3], PUZZLE_RATING_MIN, PUZZLE_RATING_MAX,
	                  &v)) {
		snprintf(err, err_size, "rating '%s': want %d to %d", fields[3],
		         PUZZLE_RATING_MIN, PUZZLE_RATING_MAX);
		return false;
	}
	pz->rating = (int)v;
	if (strlen(fields[4]) >= sizeof pz->themes ||
	    !puzzle_themes_ok(fields[4])) {
		snprintf(err, err_size,
		         "themes '%s': want '-' or words "
		         "joined by commas",
		         fields[4]);
		return false;
	}
	strcpy(pz->themes, fields[4]);
	return true;
}

bool
puzzle_parse_line(const struct game_ops *ops, const char *line,
                  struct puzzle *pz, char *err, size_t err_size)
{
	char fields[PUZZLE_FIELDS][PUZZLE_POS_MAX];
	if (!puzzle_split_fields(line, fields, err, err_size) ||
	    !puzzle_read_fields(fields, pz, err, err_size))
		return false;
	strcpy(pz->position, fields[5]);
	char why[256];
	if (!ops->parse_pos(&pz->start, pz->position, why, sizeof why)) {
		snprintf(err, err_size, "position: %s", why);
		return false;
	}
	struct game_status st;
	ops->status(&pz->start, &st);
	if (st.outcome != OUTCOME_ONGOING) {
		snprintf(err, err_size, "position: the game is over");
		return false;
	}
	return puzzle_parse_solution(ops, fields[6], pz, err, err_size);
}

void
puzzle_format_line(const struct game_ops *ops, const struct puzzle *pz,
                   FILE *out)
{
	fprintf(out, "%s | %s | %d | %d | %s | %s |", pz->id,
	        puzzle_kind_name(pz->kind), pz->plies, pz->rating,
	        pz->themes[0] != '\0' ? pz->themes : "-", pz->position);
	struct game_pos pos = pz->start;
	for (int i = 0; i < pz->line_len; i++) {
		char text[GAME_TEXT_MAX];
		ops->format_move(&pos, pz->line[i], text, sizeof text);
		fprintf(out, " %s", text);
		ops->play(&pos, pz->line[i]);
	}
	fputc('\n', out);
}

static bool
puzzle_read_text(const char *text, const char *name, const struct game_ops *ops,
                 struct puzzle_set *set, char *err, size_t err_size)
{
	size_t cap = 0;
	int line_no = 0;
	bool magic = false;
	const char *c = text;
	char line[PUZZLE_POS_MAX * 3];
	enum text_line_result got;
	while ((got = text_next_line(&c, line, sizeof line)) != TEXT_LINE_END) {
		line_no++;
		if (got == TEXT_LINE_TOO_LONG) {
			snprintf(err, err_size, "%s:%d: line too long", name,
			         line_no);
			return false;
		}
		if (line_no == 1) {
			magic = strcmp(line, PUZZLE_MAGIC) == 0;
			if (!magic)
				break;
			continue;
		}
		const char *s = line;
		while (isspace((unsigned char)*s))
			s++;
		if (*s == '\0' || *s == '#')
			continue;
		if (set->count == cap) {
			size_t bigger = cap == 0 ? 64 : cap * 2;
			struct puzzle *items =
			        realloc(set->items, bigger * sizeof *items);
			if (items == NULL) {
				snprintf(err, err_size, "%s: out of memory",
				         name);
				return false;
			}
			set->items = items;
			cap = bigger;
		}
		char why[512];
		if (!puzzle_parse_line(ops, s, &set->items[set->count], why,
		                       sizeof why)) {
			snprintf(err, err_size, "%s:%d: %s", name, line_no,
			         why);
			return false;
		}
		set->count++;
	}
	if (!magic) {
		snprintf(err, err_size, "%s:1: not a puzzle file (want '%s')",
		         name, PUZZLE_MAGIC);
		return false;
	}
	return true;
}

bool
puzzle_read(FILE *in, const char *name, const struct game_ops *ops,
            struct puzzle_set *set, char *err, size_t err_size)
{
	*set = (struct puzzle_set){.ops = ops};
	char *text;
	size_t len;
	switch (text_read_all(in, PUZZLE_FILE_MAX, &text, &len)) {
	case TEXT_READ_OK:
		break;
	case TEXT_READ_TOO_LARGE:
		snprintf(err, err_size, "%s: file too large", name);
		return false;
	case TEXT_READ_FAILED:
		snprintf(err, err_size, "%s: %s", name, strerror(errno));
		return false;
	case TEXT_READ_NO_MEMORY:
		snprintf(err, err_size, "%s: out of memory", name);
		return false;
	}
	bool ok = strlen(text) == len &&
	          puzzle_read_text(text, name, ops, set, err, err_size);
	if (strlen(text) != len)
		snprintf(err, err_size, "%s: a NUL byte in the file", name);
	free(text);
	if (!ok)
		puzzle_set_free(set);
	return ok;
}

bool
puzzle_load(const char *path, const struct game_ops *ops,
            struct puzzle_set *set, char *err, size_t err_size)
{
	*set = (struct puzzle_set){.ops = ops};
	FILE *f = file_open_read(path, err, err_size);
	if (f == NULL)
		return false;
	bool ok = puzzle_read(f, path, ops, set, err, err_size);
	fclose(f);
	return ok;
}

void
puzzle_theme_add(char *themes, size_t size, const char *word)
{
	size_t len = strlen(themes), wlen = strlen(word);
	for (const char *c = themes; *c != '\0';) {
		size_t n = strcspn(c, ",");
		if (n == wlen && strncmp(c, word, n) == 0)
			return;
		c += n + (c[n] == ',');
	}
	if (len + wlen + 2 > size)
		return;
	snprintf(themes + len, size - len, "%s%s", len > 0 ? "," : "", word);
}

const char *
puzzle_end_reason(const struct game_ops *ops, const struct game_pos *pos)
{
	struct game_status st;
	ops->status(pos, &st);
	return st.outcome == OUTCOME_ONGOING ? NULL : st.reason;
}

int
puzzle_solver_moves(const struct game_ops *ops, const struct puzzle *pz)
{
	struct game_pos pos = pz->start;
	int solver = ops->side_to_move(&pos), moves = 0;
	bool solver_turn = false;
	for (int i = 0; i < pz->line_len; i++) {
		bool mine = ops->side_to_move(&pos) == solver;
		if (mine && !solver_turn)
			moves++;
		solver_turn = mine;
		ops->play(&pos, pz->line[i]);
	}
	return moves;
}

void
puzzle_set_free(struct puzzle_set *set)
{
	free(set->items);
	set->items = NULL;
	set->count = 0;
}
