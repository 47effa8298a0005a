/*
 * Reading a match's start positions (see match-positions.h).  Each line is
 * checked as the engine protocol checks "position fen": a line that does
 * not read is named with its line number before any game is played.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/file.h"
#include "play/match-positions.h"

/* Most positions one file holds: far more than a match needs. */
enum { MATCH_POSITIONS_MAX = 100000 };

/* Adds the position of one line to the array (growing it); false with why
 * filled for a line that is not a playable position or out of memory. */
static bool
match_positions_add(const struct game_ops *ops, const char *text,
                    struct game_pos **list, int *count, int *room, char *why,
                    size_t why_size)
{
	struct game_pos pos;
	if (!ops->parse_pos(&pos, text, why, why_size))
		return false;
	struct game_status st;
	ops->status(&pos, &st);
	if (st.outcome != OUTCOME_ONGOING) {
		snprintf(why, why_size, "the game is over there");
		return false;
	}
	if (*count == MATCH_POSITIONS_MAX) {
		snprintf(why, why_size, "more than %d positions",
		         MATCH_POSITIONS_MAX);
		return false;
	}
	if (*count == *room) {
		int more = *room > 0 ? 2 * *room : 16;
		struct game_pos *grown =
		        realloc(*list, (size_t)more * sizeof **list);
		if (grown == NULL) {
			snprintf(why, why_size, "out of memory");
			return false;
		}
		*list = grown;
		*room = more;
	}
	(*list)[(*count)++] = pos;
	return true;
}

/* Cuts the line's end of line; false when the line did not fit. */
static bool
match_positions_chomp(char *line, FILE *f)
{
	size_t len = strlen(line);
	if (len > 0 && line[len - 1] == '\n') {
		line[--len] = '\0';
		if (len > 0 && line[len - 1] == '\r')
			line[--len] = '\0';
		return true;
	}
	return feof(f);
}

bool
match_positions_read(const struct game_ops *ops, const char *path,
                     struct game_pos **out, int *count, char *err,
                     size_t err_size)
{
	*out = NULL;
	*count = 0;
	FILE *f = file_open_read(path, err, err_size);
	if (f == NULL)
		return false;
	char line[GAME_TEXT_MAX + 2], why[256];
	int room = 0;
	bool ok = true;
	for (int no = 1; ok && fgets(line, sizeof line, f) != NULL; no++) {
		if (!match_positions_chomp(line, f)) {
			snprintf(why, sizeof why, "line too long");
			ok = false;
		} else if (line[strspn(line, " \t")] != '\0' &&
		           line[0] != '#') {
			ok = match_positions_add(ops, line, out, count, &room,
			                         why, sizeof why);
		}
		if (!ok)
			snprintf(err, err_size, "%s:%d: %s", path, no, why);
	}
	if (ok && ferror(f)) {
		snprintf(err, err_size, "%s: read error", path);
		ok = false;
	} else if (ok && *count == 0) {
		snprintf(err, err_size, "%s: no position", path);
		ok = false;
	}
	fclose(f);
	if (!ok) {
		free(*out);
		*out = NULL;
		*count = 0;
	}
	return ok;
}
