/*
 * LittleGolem's TZAAR records (tzaar-lg.h): point names, recognising a
 * file, and writing one.  The writer builds the whole text in memory first,
 * so a game the format cannot hold writes nothing.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/attrs.h"
#include "games/games.h"
#include "games/tzaar-lg.h"
#include "games/tzaar.h"

const struct record_format tzaar_littlegolem = {
        .name = "littlegolem",
        .game = &tzaar_game,
        .detect = tzaar_lg_detect,
        .read = tzaar_lg_read,
        .write = tzaar_lg_write,
};

/* Written in this order, before the set-up (SO after it, as LittleGolem
 * does); players are the record's Player1 (White) and Player2 fields. */
const struct tzaar_lg_property TZAAR_LG_TAGS[] = {
        {"VA", "Variant"},
        {"EV", "Event"},
        {"SO", "Source"},
};
const size_t TZAAR_LG_TAG_COUNT =
        sizeof TZAAR_LG_TAGS / sizeof TZAAR_LG_TAGS[0];

/* Axial coordinates from -4 to +4 are the letters k to s ('o' = 0). */
enum { TZAAR_LG_ZERO = 'o', TZAAR_LG_RADIUS = 4 };

static int
tzaar_lg_min(int a, int b)
{
	return a < b ? a : b;
}

int
tzaar_lg_cell(const char *name, char *err, size_t err_size)
{
	int x = tolower((unsigned char)name[0]) - TZAAR_LG_ZERO;
	int y = tolower((unsigned char)name[1]) - TZAAR_LG_ZERO;
	if (x < -TZAAR_LG_RADIUS || x > TZAAR_LG_RADIUS ||
	    y < -TZAAR_LG_RADIUS || y > TZAAR_LG_RADIUS) {
		snprintf(err, err_size,
		         "'%.2s' is not a point (two letters, k to s)", name);
		return -1;
	}
	if (x == 0 && y == 0) {
		snprintf(err, err_size, "'%.2s' is the hole in the centre",
		         name);
		return -1;
	}
	/* Column x + 4; a column's lowest point has the least y on the
	 * board, -4 on the right half and -4 - x on the left. */
	int cell = tzaar_cell_at(x + TZAAR_LG_RADIUS,
	                         y + TZAAR_LG_RADIUS + 1 + tzaar_lg_min(x, 0));
	if (cell < 0)
		snprintf(err, err_size,
		         "'%.2s' is off the board (|x + y| is more than 4)",
		         name);
	return cell;
}

void
tzaar_lg_name(int cell, char *buf)
{
	const struct tzaar_geometry *g = tzaar_geometry();
	int x = g->column[cell] - TZAAR_LG_RADIUS;
	int y = g->row[cell] - TZAAR_LG_RADIUS - 1 - tzaar_lg_min(x, 0);
	buf[0] = (char)(TZAAR_LG_ZERO + x);
	buf[1] = (char)(TZAAR_LG_ZERO + y);
	buf[2] = '\0';
}

bool
tzaar_lg_detect(const char *text)
{
	const char *p = text;
	while (isspace((unsigned char)*p))
		p++;
	if (strncmp(p, "(;", 2) != 0)
		return false;
	/* The game property among the first ones (before the first turn). */
	size_t head = strcspn(p + 2, ";");
	for (const char *ff = p + 2; (ff = strstr(ff, "FF[")) != NULL; ff++) {
		if (ff >= p + 2 + head)
			break;
		if (strncasecmp(ff + 3, "TZAAR]", 6) == 0)
			return true;
	}
	return false;
}

/* ---------------------------------------------------------------------- */
/* Writing                                                                 */

/* The text being written, grown as needed; failed once out of memory. */
struct tzaar_lg_text {
	char *data;
	size_t len, cap;
	bool failed;
};

static void tzaar_lg_put(struct tzaar_lg_text *t, const char *fmt, ...)
        TABULA_PRINTF(2, 3);

static void
tzaar_lg_put(struct tzaar_lg_text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (t->failed || n < 0) {
		t->failed = true;
		return;
	}
	if (t->len + (size_t)n + 1 > t->cap) {
		size_t cap = (t->len + (size_t)n + 1) * 2;
		char *data = realloc(t->data, cap);
		if (data == NULL) {
			t->failed = true;
			return;
		}
		t->data = data;
		t->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(t->data + t->len, t->cap - t->len, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

/* NAME[value], with ']' and '\' escaped; nothing for an empty value. */
static void
tzaar_lg_put_property(struct tzaar_lg_text *t, const char *name,
                      const char *value)
{
	if (value == NULL || value[0] == '\0')
		return;
	tzaar_lg_put(t, "%s[", name);
	for (const char *p = value; *p != '\0'; p++)
		tzaar_lg_put(t, "%s%c", *p == ']' || *p == '\\' ? "\\" : "",
		             *p);
	tzaar_lg_put(t, "]");
}

/* POS: the 60 stacks in tabula's cell order, which is LittleGolem's (x
 * from -4, y ascending), with the case swapped (LittleGolem's White is
 * lower case); false when the start is not a full board of single pieces
 * with White to open. */
static bool
tzaar_lg_setup(const struct game_pos *start, char *pos, char *err,
               size_t err_size)
{
	const struct tzaar_pos *p = tzaar_of_const(start);
	if (p->phase != TZAAR_OPEN || p->side != TZAAR_WHITE) {
		snprintf(err, err_size,
		         "the game does not start with White's opening "
		         "capture: POS cannot hold its start");
		return false;
	}
	for (int c = 0; c < TZAAR_CELLS; c++) {
		int color = p->own[0] >> c & 1   ? 0
		            : p->own[1] >> c & 1 ? 1
		                                 : -1;
		if (color < 0 || p->height[c] != 1) {
			char name[4];
			tzaar_cell_name(c, name);
			snprintf(err, err_size,
			         "%s holds %s at the start: POS holds one "
			         "piece on every space",
			         name, color < 0 ? "nothing" : "a stack");
			return false;
		}
		pos[c] = (char)((color ? 'A' : 'a') + p->kind[c]);
	}
	pos[TZAAR_CELLS] = '\0';
	return true;
}

/* VA: the record's Variant, else STANDARD for the standard layout and
 * RANDOM for any other. */
static const char *
tzaar_lg_variant(const struct session *s, const struct record_meta *meta)
{
	const char *va = record_meta_tag(meta, "Variant");
	if (va != NULL)
		return va;
	struct game_pos standard;
	struct game_setup setup = {0};
	tzaar_game.init(&standard, &setup);
	const struct tzaar_pos *a = tzaar_of_const(&standard);
	const struct tzaar_pos *b = tzaar_of_const(&s->positions[0]);
	bool same = memcmp(a->own, b->own, sizeof a->own) == 0 &&
	            memcmp(a->top, b->top, sizeof a->top) == 0;
	return same ? "STANDARD" : "RANDOM";
}

static void
tzaar_lg_put_header(struct tzaar_lg_text *t, const struct session *s,
                    const struct record_meta *meta, const char *pos)
{
	tzaar_lg_put(t, "(;FF[TZAAR]");
	tzaar_lg_put_property(t, "VA", tzaar_lg_variant(s, meta));
	tzaar_lg_put_property(t, "EV", record_meta_tag(meta, "Event"));
	tzaar_lg_put_property(t, "PB", meta->player2);
	tzaar_lg_put_property(t, "PW", meta->player1);
	tzaar_lg_put_property(t, "POS", pos);
	tzaar_lg_put_property(t, "SO", record_meta_tag(meta, "Source"));
	size_t prefix = strlen(TZAAR_LG_PREFIX);
	for (size_t i = 0; i < meta->tag_count; i++) {
		const struct record_tag *tag = &meta->tags[i];
		if (strncmp(tag->name, TZAAR_LG_PREFIX, prefix) == 0)
			tzaar_lg_put_property(t, tag->name + prefix,
			                      tag->value);
	}
}

/* The turns: a sub-move that starts a turn opens ";W[" or ";B[", a
 * second one follows a '-'. */
static void
tzaar_lg_put_turns(struct tzaar_lg_text *t, const struct session *s)
{
	for (size_t i = 0; i < s->ply; i++) {
		const struct tzaar_pos *p = tzaar_of_const(&s->positions[i]);
		if (p->phase == TZAAR_SECOND)
			tzaar_lg_put(t, "-");
		else
			tzaar_lg_put(t, "%s;%c[", i > 0 ? "]" : "",
			             p->side == TZAAR_WHITE ? 'W' : 'B');
		game_move m = s->moves[i];
		if (TZAAR_MOVE_KIND(m) == TZAAR_PASS) {
			tzaar_lg_put(t, "pass");
			continue;
		}
		char from[3], to[3];
		tzaar_lg_name(TZAAR_MOVE_FROM(m), from);
		tzaar_lg_name(TZAAR_MOVE_TO(m), to);
		tzaar_lg_put(t, "%s%s", from, to);
	}
	tzaar_lg_put(t, "%s)\n", s->ply > 0 ? "]" : "");
}

bool
tzaar_lg_write(FILE *out, const struct session *s,
               const struct record_meta *meta, char *err, size_t err_size)
{
	char pos[TZAAR_CELLS + 1];
	if (!tzaar_lg_setup(&s->positions[0], pos, err, err_size))
		return false;
	struct tzaar_lg_text t = {0};
	tzaar_lg_put_header(&t, s, meta, pos);
	tzaar_lg_put_turns(&t, s);
	bool ok = !t.failed;
	if (!ok)
		snprintf(err, err_size, "out of memory");
	else if (fwrite(t.data, 1, t.len, out) != t.len || fflush(out) != 0) {
		snprintf(err, err_size, "write error: %s", strerror(errno));
		ok = false;
	}
	free(t.data);
	return ok;
}
