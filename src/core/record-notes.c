/*
 * Annotations of a game record (see record.h): move marks, review notes and
 * variations, and the text of a review comment (tabula(6), REVIEW).
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/record.h"

static const char *const RECORD_MARK_TEXT[MARK_COUNT] = {
        [MARK_NONE] = "",         [MARK_GOOD] = "!",
        [MARK_BRILLIANT] = "!!",  [MARK_INTERESTING] = "!?",
        [MARK_INACCURACY] = "?!", [MARK_MISTAKE] = "?",
        [MARK_BLUNDER] = "??",
};

/* The word a review comment starts with. */
static const char RECORD_REVIEW_WORD[] = "review ";

const char *
record_mark_text(enum record_mark mark)
{
	return mark >= 0 && mark < MARK_COUNT ? RECORD_MARK_TEXT[mark] : "";
}

bool
record_mark_parse(const char *text, enum record_mark *mark)
{
	for (int m = MARK_GOOD; m < MARK_COUNT; m++) {
		if (strcmp(text, RECORD_MARK_TEXT[m]) == 0) {
			*mark = (enum record_mark)m;
			return true;
		}
	}
	return false;
}

void
record_note_free(struct record_note *note)
{
	for (size_t i = 0; i < note->var_count; i++)
		record_line_free(&note->vars[i]);
	free(note->vars);
	memset(note, 0, sizeof *note);
}

void
record_line_free(struct record_line *line)
{
	for (size_t i = 0; i < line->len; i++) {
		free(line->comments[i]);
		record_note_free(&line->notes[i]);
	}
	free(line->moves);
	free(line->comments);
	free(line->notes);
	memset(line, 0, sizeof *line);
}

bool
record_line_push(struct record_line *line, game_move move)
{
	if (line->len == line->capacity) {
		size_t cap = line->capacity ? 2 * line->capacity : 8;
		game_move *m = realloc(line->moves, cap * sizeof *m);
		if (m == NULL)
			return false;
		line->moves = m;
		char **c = realloc(line->comments, cap * sizeof *c);
		if (c == NULL)
			return false;
		line->comments = c;
		struct record_note *n = realloc(line->notes, cap * sizeof *n);
		if (n == NULL)
			return false;
		line->notes = n;
		line->capacity = cap;
	}
	line->moves[line->len] = move;
	line->comments[line->len] = NULL;
	memset(&line->notes[line->len], 0, sizeof line->notes[line->len]);
	line->len++;
	return true;
}

struct record_line *
record_note_add_var(struct record_note *note)
{
	struct record_line *v =
	        realloc(note->vars, (note->var_count + 1) * sizeof *v);
	if (v == NULL)
		return NULL;
	note->vars = v;
	memset(&v[note->var_count], 0, sizeof v[note->var_count]);
	return &v[note->var_count++];
}

struct record_note *
record_meta_note(struct record_meta *meta, size_t ply)
{
	if (ply >= meta->note_count) {
		struct record_note *n =
		        realloc(meta->notes, (ply + 1) * sizeof *n);
		if (n == NULL)
			return NULL;
		memset(&n[meta->note_count], 0,
		       (ply + 1 - meta->note_count) * sizeof *n);
		meta->notes = n;
		meta->note_count = ply + 1;
	}
	return &meta->notes[ply];
}

void
record_meta_truncate(struct record_meta *meta, size_t ply)
{
	for (size_t i = ply; i < meta->comment_count; i++) {
		free(meta->comments[i]);
		meta->comments[i] = NULL;
	}
	if (ply < meta->comment_count)
		meta->comment_count = ply;
	for (size_t i = ply; i < meta->note_count; i++)
		record_note_free(&meta->notes[i]);
	if (ply < meta->note_count)
		meta->note_count = ply;
}

/* "+0.35" for a score, "#+5" for a forced result. */
static void
record_score_text(int score, int mate, char *buf, size_t size)
{
	if (mate != 0)
		snprintf(buf, size, "#%+d", mate);
	else
		snprintf(buf, size, "%s%d.%02d", score < 0 ? "-" : "+",
		         abs(score) / 100, abs(score) % 100);
}

void
record_review_format(const struct game_ops *ops, const struct game_pos *pos,
                     const struct record_review *rv, char *buf, size_t size)
{
	char score[32], best[GAME_TEXT_MAX] = "";
	record_score_text(rv->score, rv->mate, score, sizeof score);
	if (rv->has_best)
		ops->format_move(pos, rv->best, best, sizeof best);
	snprintf(buf, size, "%s%s/%d loss %d.%02d%s%s", RECORD_REVIEW_WORD,
	         score, rv->depth, rv->loss / 100, rv->loss % 100,
	         rv->has_best ? " best " : "", best);
}

/* Reads "[+-]D.DD" (hundredths) at *p, advancing it. */
static bool
record_read_hundredths(const char **p, bool signed_, int *out)
{
	const char *s = *p;
	int sign = 1;
	if (signed_) {
		if (*s != '+' && *s != '-')
			return false;
		sign = *s++ == '-' ? -1 : 1;
	}
	if (!isdigit((unsigned char)*s))
		return false;
	long whole = 0;
	while (isdigit((unsigned char)*s) && whole < 10000000)
		whole = whole * 10 + (*s++ - '0');
	if (s[0] != '.' || !isdigit((unsigned char)s[1]) ||
	    !isdigit((unsigned char)s[2]))
		return false;
	*out = sign * (int)(whole * 100 + (s[1] - '0') * 10 + (s[2] - '0'));
	*p = s + 3;
	return true;
}

/* Reads a decimal integer at *p (optionally signed), advancing it. */
static bool
record_read_int(const char **p, int *out)
{
	char *end;
	long v = strtol(*p, &end, 10);
	if (end == *p || v < -1000000 || v > 1000000)
		return false;
	*out = (int)v;
	*p = end;
	return true;
}

bool
record_review_parse(const struct game_ops *ops, const struct game_pos *pos,
                    const char *text, struct record_review *rv)
{
	struct record_review r = {.present = true};
	size_t wl = strlen(RECORD_REVIEW_WORD);
	if (strncmp(text, RECORD_REVIEW_WORD, wl) != 0)
		return false;
	const char *p = text + wl;
	if (*p == '#') {
		p++;
		if ((*p != '+' && *p != '-') || !record_read_int(&p, &r.mate) ||
		    r.mate == 0)
			return false;
	} else if (!record_read_hundredths(&p, true, &r.score))
		return false;
	if (*p++ != '/' || !record_read_int(&p, &r.depth) || r.depth < 0)
		return false;
	if (strncmp(p, " loss ", 6) != 0)
		return false;
	p += 6;
	if (!record_read_hundredths(&p, false, &r.loss))
		return false;
	if (strncmp(p, " best ", 6) == 0) {
		char err[256];
		if (!ops->parse_move(pos, p + 6, &r.best, err, sizeof err))
			return false;
		r.has_best = true;
	} else if (*p != '\0')
		return false;
	*rv = r;
	return true;
}
