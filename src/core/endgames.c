/*
 * Endgame files: see core/endgames.h.  Every line is checked whole: a bad
 * number, a winner other than 1 or 2, a position that does not parse or
 * whose game is over stops the reading with the line's number.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/endgames.h"
#include "core/file.h"
#include "core/text.h"

/* Longest line taken: a position string and the two numbers. */
enum { ENDGAMES_LINE_MAX = 1024 };

/* The field at *c up to the next '|' (or the end when last), blanks
 * trimmed, into out, and *c past it; false when empty, too long or
 * misplaced. */
static bool
endgames_field(const char **c, bool last, char *out, size_t size)
{
	size_t len = strcspn(*c, "|");
	if ((*c)[len] == '|' ? last : !last)
		return false;
	const char *start = *c;
	*c += len + ((*c)[len] == '|');
	return text_copy_trimmed(start, len, out, size);
}

/* One line into eg; false with what is wrong in err. */
static bool
endgames_line(const struct game_ops *ops, const char *line, struct endgame *eg,
              char *err, size_t err_size)
{
	char to_end[16], winner[16], pos[ENDGAMES_LINE_MAX];
	const char *c = line;
	if (!endgames_field(&c, false, to_end, sizeof to_end) ||
	    !endgames_field(&c, false, winner, sizeof winner) ||
	    !endgames_field(&c, true, pos, sizeof pos)) {
		snprintf(err, err_size,
		         "want TO-END | WINNER | POSITION, each not empty");
		return false;
	}
	long v;
	if (!text_to_long(to_end, 1, ENDGAMES_TO_END_MAX, &v)) {
		snprintf(err, err_size, "to-end '%s': want 1 to %d", to_end,
		         ENDGAMES_TO_END_MAX);
		return false;
	}
	eg->to_end = (int)v;
	if (!text_to_long(winner, 1, 2, &v)) {
		snprintf(err, err_size, "winner '%s': want 1 or 2", winner);
		return false;
	}
	eg->winner = (int)v - 1;
	char why[256];
	if (!ops->parse_pos(&eg->pos, pos, why, sizeof why)) {
		snprintf(err, err_size, "position: %s", why);
		return false;
	}
	struct game_status st;
	ops->status(&eg->pos, &st);
	if (st.outcome != OUTCOME_ONGOING) {
		snprintf(err, err_size, "position: the game is over");
		return false;
	}
	return true;
}

/* Appends eg to set; false when out of memory. */
static bool
endgames_append(struct endgame_set *set, size_t *cap, const struct endgame *eg)
{
	if (set->count == *cap) {
		size_t bigger = *cap == 0 ? 64 : *cap * 2;
		struct endgame *items =
		        realloc(set->items, bigger * sizeof *items);
		if (items == NULL)
			return false;
		set->items = items;
		*cap = bigger;
	}
	set->items[set->count++] = *eg;
	return true;
}

bool
endgames_parse(const char *text, const char *name, const struct game_ops *ops,
               struct endgame_set *set, char *err, size_t err_size)
{
	*set = (struct endgame_set){0};
	size_t cap = 0;
	const char *c = text;
	char line[ENDGAMES_LINE_MAX];
	enum text_line_result got = text_next_line(&c, line, sizeof line);
	if (got == TEXT_LINE_TOO_LONG) {
		snprintf(err, err_size, "%s:1: line too long", name);
		return false;
	}
	if (got == TEXT_LINE_END || strcmp(line, ENDGAMES_MAGIC) != 0) {
		snprintf(err, err_size, "%s:1: not an endgame file (want '%s')",
		         name, ENDGAMES_MAGIC);
		return false;
	}
	int line_no = 1;
	while ((got = text_next_line(&c, line, sizeof line)) != TEXT_LINE_END) {
		line_no++;
		if (got == TEXT_LINE_TOO_LONG) {
			snprintf(err, err_size, "%s:%d: line too long", name,
			         line_no);
			goto fail;
		}
		const char *s = line + strspn(line, " \t");
		if (*s == '\0' || *s == '#')
			continue;
		struct endgame eg;
		char why[300];
		if (!endgames_line(ops, s, &eg, why, sizeof why)) {
			snprintf(err, err_size, "%s:%d: %s", name, line_no,
			         why);
			goto fail;
		}
		if (!endgames_append(set, &cap, &eg)) {
			snprintf(err, err_size, "%s: out of memory", name);
			goto fail;
		}
	}
	return true;
fail:
	endgame_set_free(set);
	return false;
}

bool
endgames_load(const char *path, const struct game_ops *ops,
              struct endgame_set *set, char *err, size_t err_size)
{
	*set = (struct endgame_set){0};
	char *text;
	size_t len;
	if (!file_read_all(path, ENDGAMES_FILE_MAX, &text, &len, err, err_size))
		return false;
	bool ok;
	if (strlen(text) != len) {
		snprintf(err, err_size, "%s: a NUL byte in the file", path);
		ok = false;
	} else {
		ok = endgames_parse(text, path, ops, set, err, err_size);
	}
	free(text);
	return ok;
}

void
endgame_set_free(struct endgame_set *set)
{
	free(set->items);
	*set = (struct endgame_set){0};
}
