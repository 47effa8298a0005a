/*
 * Reading LittleGolem's TZAAR records (tzaar-lg.h): the properties, the
 * set-up from POS, then every turn played through tabula's own rules, so a
 * file that loads is a legal game.  An error is one line naming the turn,
 * its text and why, in LittleGolem's point names: "turn 14 (B): lqkq-lrks:
 * no stack of Black on lq".
 */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/attrs.h"
#include "core/session.h"
#include "games/games.h"
#include "games/tzaar-lg.h"
#include "games/tzaar.h"

/* Longer property names are not LittleGolem's. */
enum { TZAAR_LG_NAME_MAX = 16 };

struct tzaar_lg_reader {
	const char *name; /* the file, for messages */
	const char *p;    /* the text not read yet */
	char pos[TZAAR_CELLS + 1];
	bool have_pos;
	char *err;
	size_t err_size;
};

static bool tzaar_lg_fail(struct tzaar_lg_reader *r, const char *fmt, ...)
        TABULA_PRINTF(2, 3);

static bool
tzaar_lg_fail(struct tzaar_lg_reader *r, const char *fmt, ...)
{
	char why[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	snprintf(r->err, r->err_size, "%s: %s", r->name, why);
	return false;
}

static void
tzaar_lg_skip_space(struct tzaar_lg_reader *r)
{
	while (isspace((unsigned char)*r->p))
		r->p++;
}

/* Reads a [value] at r->p into a new string (escapes '\x' read as 'x');
 * NULL when the text ends first (*truncated) or out of memory. */
static char *
tzaar_lg_value(struct tzaar_lg_reader *r, bool *truncated)
{
	const char *start = ++r->p; /* past '[' */
	size_t len = 0;
	for (const char *q = start; *q != ']'; q++, len++) {
		if (*q == '\\' && q[1] != '\0')
			q++;
		if (*q == '\0') {
			*truncated = true;
			return NULL;
		}
	}
	*truncated = false;
	char *value = malloc(len + 1);
	if (value == NULL)
		return NULL;
	char *out = value;
	for (; *r->p != ']'; r->p++) {
		if (*r->p == '\\')
			r->p++;
		*out++ = *r->p;
	}
	*out = '\0';
	r->p++; /* past ']' */
	return value;
}

/* POS: 60 letters a/b/c (White) or A/B/C (Black), kept case-swapped as
 * tabula's board string (the same cell order). */
static bool
tzaar_lg_take_pos(struct tzaar_lg_reader *r, const char *value)
{
	size_t len = strlen(value);
	if (len != TZAAR_CELLS)
		return tzaar_lg_fail(r, "POS[%.70s]: %zu letters, not %d",
		                     value, len, TZAAR_CELLS);
	for (size_t i = 0; i < len; i++) {
		if (strchr("abcABC", value[i]) == NULL)
			return tzaar_lg_fail(r,
			                     "POS: '%c' (letter %zu) is not "
			                     "a, b, c (White) or A, B, C "
			                     "(Black)",
			                     value[i], i + 1);
		r->pos[i] = (char)(islower((unsigned char)value[i])
		                           ? toupper((unsigned char)value[i])
		                           : tolower((unsigned char)value[i]));
	}
	r->pos[len] = '\0';
	r->have_pos = true;
	return true;
}

/* Stores one property: the game, a player, the set-up or a tag. */
static bool
tzaar_lg_take(struct tzaar_lg_reader *r, struct record_meta *meta,
              const char *prop, const char *value)
{
	if (strcmp(prop, "FF") == 0) {
		if (strcasecmp(value, "TZAAR") != 0)
			return tzaar_lg_fail(r, "FF[%.40s]: not a TZAAR game",
			                     value);
		return true;
	}
	if (strcmp(prop, "POS") == 0)
		return tzaar_lg_take_pos(r, value);
	char *player = strcmp(prop, "PW") == 0   ? meta->player1
	               : strcmp(prop, "PB") == 0 ? meta->player2
	                                         : NULL;
	if (player != NULL) {
		if (strlen(value) >= RECORD_TAG_MAX)
			return tzaar_lg_fail(r, "%s: name too long", prop);
		strcpy(player, value);
		return true;
	}
	char tag[TZAAR_LG_NAME_MAX + sizeof TZAAR_LG_PREFIX];
	snprintf(tag, sizeof tag, "%s%s", TZAAR_LG_PREFIX, prop);
	for (size_t i = 0; i < TZAAR_LG_TAG_COUNT; i++) {
		if (strcmp(prop, TZAAR_LG_TAGS[i].property) == 0)
			snprintf(tag, sizeof tag, "%s", TZAAR_LG_TAGS[i].tag);
	}
	if (!record_meta_set_tag(meta, tag, value))
		return tzaar_lg_fail(r, "out of memory");
	return true;
}

/* Reads the properties after "(;" up to the first turn. */
static bool
tzaar_lg_read_header(struct tzaar_lg_reader *r, struct record_meta *meta)
{
	tzaar_lg_skip_space(r);
	r->p += 2; /* "(;", which detect saw */
	for (;;) {
		tzaar_lg_skip_space(r);
		if (*r->p == ';' || *r->p == ')' || *r->p == '\0')
			break;
		char prop[TZAAR_LG_NAME_MAX + 1];
		size_t n = 0;
		while (isupper((unsigned char)r->p[n]) && n < TZAAR_LG_NAME_MAX)
			n++;
		if (n == 0 || r->p[n] != '[')
			return tzaar_lg_fail(r,
			                     "expected a property NAME[value] "
			                     "at '%.12s'",
			                     r->p);
		memcpy(prop, r->p, n);
		prop[n] = '\0';
		r->p += n;
		bool truncated;
		char *value = tzaar_lg_value(r, &truncated);
		if (value == NULL)
			return tzaar_lg_fail(r, "%s: %s", prop,
			                     truncated ? "truncated: no ']'"
			                               : "out of memory");
		bool ok = tzaar_lg_take(r, meta, prop, value);
		free(value);
		if (!ok)
			return false;
	}
	if (!r->have_pos)
		return tzaar_lg_fail(r, "no POS[...]: the set-up is missing");
	return true;
}

/* Builds the session at the set-up POS gave. */
static bool
tzaar_lg_start(struct tzaar_lg_reader *r, struct session *s)
{
	struct game_setup setup = {0};
	if (!session_init(s, &tzaar_game, &setup))
		return tzaar_lg_fail(r, "out of memory");
	char fen[TZAAR_CELLS + 16], why[256];
	snprintf(fen, sizeof fen, "%s w open", r->pos);
	if (!session_set_fen(s, fen, why, sizeof why)) {
		session_free(s);
		return tzaar_lg_fail(r, "POS: %s", why);
	}
	return true;
}

/* Rewrites the space names in a reason from the rules ("the line from F3
 * to E4 is blocked at F4") as point names. */
static void
tzaar_lg_translate(const char *in, char *out, size_t size)
{
	size_t n = 0;
	for (size_t i = 0; in[i] != '\0' && n + 3 < size; i++) {
		int col = in[i] - 'A', row = in[i + 1] - '0';
		bool word = col >= 0 && col < TZAAR_COLUMNS && row >= 1 &&
		            row <= 9 && !isalnum((unsigned char)in[i + 2]) &&
		            (i == 0 || !isalnum((unsigned char)in[i - 1]));
		int cell = word ? tzaar_cell_at(col, row) : -1;
		if (word && col == 4 && row == 5) {
			memcpy(out + n, "oo", 2); /* the hole */
			n += 2;
			i++;
		} else if (cell >= 0) {
			tzaar_lg_name(cell, out + n);
			n += 2;
			i++;
		} else {
			out[n++] = in[i];
		}
	}
	out[n] = '\0';
}

/* One part of a turn, "npmq" (from-point, to-point) or "pass", as a
 * sub-move of pos; false with the reason in point names. */
static bool
tzaar_lg_part(const struct game_pos *pos, const char *part, game_move *move,
              char *why, size_t why_size)
{
	const struct tzaar_pos *p = tzaar_of_const(pos);
	char text[16];
	if (strcasecmp(part, "pass") == 0) {
		snprintf(text, sizeof text, "pass");
	} else {
		if (strlen(part) != 4) {
			snprintf(why, why_size,
			         "'%.20s' is not a part: four letters "
			         "(from-point, to-point) or pass",
			         part);
			return false;
		}
		int from = tzaar_lg_cell(part, why, why_size);
		int to = from < 0 ? -1 : tzaar_lg_cell(part + 2, why, why_size);
		if (to < 0)
			return false;
		if (!(p->own[p->side] >> from & 1)) {
			snprintf(why, why_size, "no stack of %s on %c%c",
			         tzaar_game.side_names[p->side],
			         tolower((unsigned char)part[0]),
			         tolower((unsigned char)part[1]));
			return false;
		}
		char fn[4], tn[4];
		tzaar_cell_name(from, fn);
		tzaar_cell_name(to, tn);
		snprintf(text, sizeof text, "%s-%s", fn, tn);
	}
	char reason[256];
	if (tzaar_parse_move(pos, text, move, reason, sizeof reason))
		return true;
	tzaar_lg_translate(reason, why, why_size);
	return false;
}

/* Whether a turn of color may start now: the game goes on, the turn
 * before it is complete and it is color's turn. */
static bool
tzaar_lg_may_start(const struct session *s, char color, char *why,
                   size_t why_size)
{
	const struct game_pos *pos = session_current(s);
	const struct tzaar_pos *p = tzaar_of_const(pos);
	struct game_status st;
	tzaar_game.status(pos, &st);
	const char *mover = tzaar_game.side_names[p->side];
	if (st.outcome != OUTCOME_ONGOING)
		snprintf(why, why_size, "the game is already over (%s won: %s)",
		         tzaar_game.side_names[st.outcome == OUTCOME_P2_WINS],
		         st.reason);
	else if (p->phase == TZAAR_SECOND)
		snprintf(why, why_size,
		         "the turn before has no second part (%s is still to "
		         "move)",
		         mover);
	else if ((p->side == TZAAR_BLACK) != (color == 'B'))
		snprintf(why, why_size, "%s is to move", mover);
	else
		return true;
	return false;
}

/* Plays the parts of one turn (text, from ;W[text]) on s. */
static bool
tzaar_lg_turn(struct session *s, char color, const char *text, char *why,
              size_t why_size)
{
	if (!tzaar_lg_may_start(s, color, why, why_size))
		return false;
	char parts[32];
	if (strlen(text) >= sizeof parts) {
		snprintf(why, why_size, "too long for a turn");
		return false;
	}
	strcpy(parts, text);
	char *second = strchr(parts, '-');
	if (second != NULL)
		*second++ = '\0';
	if (second != NULL && strchr(second, '-') != NULL) {
		snprintf(why, why_size, "more than two parts");
		return false;
	}
	const char *part[2] = {parts, second};
	for (int i = 0; i < 2 && part[i] != NULL; i++) {
		const struct game_pos *pos = session_current(s);
		const struct tzaar_pos *p = tzaar_of_const(pos);
		game_move move;
		if (i == 1 && p->phase != TZAAR_SECOND) {
			snprintf(why, why_size,
			         "the turn ends after its first part (%s)",
			         p->winner != TZAAR_NO_WINNER
			                 ? "the game is over"
			                 : "White's first turn is one capture");
			return false;
		}
		if (!tzaar_lg_part(pos, part[i], &move, why, why_size))
			return false;
		if (!session_play(s, move)) {
			snprintf(why, why_size, "out of memory");
			return false;
		}
	}
	return true;
}

/* Reads ";W[...]" turns up to the closing ')'. */
static bool
tzaar_lg_read_turns(struct tzaar_lg_reader *r, struct session *s)
{
	for (int number = 1;; number++) {
		tzaar_lg_skip_space(r);
		if (*r->p == ')') {
			r->p++;
			tzaar_lg_skip_space(r);
			if (*r->p != '\0')
				return tzaar_lg_fail(
				        r,
				        "text after the closing ')': "
				        "'%.12s'",
				        r->p);
			return true;
		}
		if (*r->p == '\0')
			return tzaar_lg_fail(r,
			                     "truncated: the file ends after "
			                     "turn %d without ')'",
			                     number - 1);
		const char *at = r->p;
		if (at[0] != ';' || (at[1] != 'W' && at[1] != 'B') ||
		    at[2] != '[')
			return tzaar_lg_fail(r,
			                     "turn %d: expected ;W[...] or "
			                     ";B[...] at '%.12s'",
			                     number, at);
		r->p += 2;
		bool truncated;
		char *text = tzaar_lg_value(r, &truncated);
		if (text == NULL) {
			int shown = (int)strcspn(at + 3, "\r\n");
			return tzaar_lg_fail(r, "turn %d (%c): %.*s: %s",
			                     number, at[1],
			                     shown < 20 ? shown : 20, at + 3,
			                     truncated ? "truncated: no ']'"
			                               : "out of memory");
		}
		char why[256];
		bool ok = tzaar_lg_turn(s, at[1], text, why, sizeof why);
		if (!ok)
			tzaar_lg_fail(r, "turn %d (%c): %.40s: %s", number,
			              at[1], text, why);
		free(text);
		if (!ok)
			return false;
	}
}

bool
tzaar_lg_read(const char *text, const char *name, struct session *s,
              struct record_meta *meta, char *err, size_t err_size)
{
	struct tzaar_lg_reader r = {
	        .name = name, .p = text, .err = err, .err_size = err_size};
	record_meta_init(meta);
	memset(s, 0, sizeof *s);
	bool ok = tzaar_lg_read_header(&r, meta) && tzaar_lg_start(&r, s);
	if (ok && !tzaar_lg_read_turns(&r, s)) {
		session_free(s);
		memset(s, 0, sizeof *s);
		ok = false;
	}
	if (ok)
		meta->format = &tzaar_littlegolem;
	else
		record_meta_free(meta);
	return ok;
}
