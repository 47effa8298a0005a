/*
 * TZAAR text: sub-move notation (`F3xE4`, `F3+E4`, `pass`; `F3-E4` read
 * too), position strings (POSITION STRINGS in tabula(6)) and a plain board
 * diagram.
 *
 * parse_move is the one place a move typed by a person or sent by a program
 * is judged, so it names the rule a move breaks rather than just refusing
 * it: the checks run in the order a player would think of them (is there a
 * stack, is it mine, is the target on a line, is the line free, may I
 * capture or stack there now).
 */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "games/tzaar.h"
#include "core/text.h"

/* Longest move text worth reading once spaces are gone ("F3xE4"). */
enum { TZAAR_MOVE_TEXT_MAX = 16 };

static const char *const TZAAR_COLOR_NAMES[2] = {"White", "Black"};
static const char *const TZAAR_PHASE_NAMES[3] = {"open", "cap", "second"};
static const char *const TZAAR_END_NAMES[] = {"", "type captured",
                                              "type buried", "no capture"};

/* Skewed coordinates of the rules file, for judging lines in parse_move. */
static void
tzaar_skewed(int cell, int *i, int *j)
{
	const struct tzaar_geometry *g = tzaar_geometry();
	int c = g->column[cell];
	*j = c;
	*i = g->row[cell] - 1 + (c > 4 ? c - 4 : 0);
}

static int
tzaar_cell_from_skewed(int i, int j)
{
	return tzaar_cell_at(j, i + 1 - (j > 4 ? j - 4 : 0));
}

void
tzaar_format_move(const struct game_pos *pos, game_move move, char *buf,
                  size_t size)
{
	(void)pos;
	if (TZAAR_MOVE_KIND(move) == TZAAR_PASS) {
		snprintf(buf, size, "pass");
		return;
	}
	char from[4], to[4];
	tzaar_cell_name(TZAAR_MOVE_FROM(move), from);
	tzaar_cell_name(TZAAR_MOVE_TO(move), to);
	snprintf(buf, size, "%s%c%s", from,
	         TZAAR_MOVE_KIND(move) == TZAAR_CAPTURE ? 'x' : '+', to);
}

/* Reads a space name at *s ("F3", any case); -1 when it is not one, with
 * the reason in err. */
static int
tzaar_read_cell(const char **s, char *err, size_t err_size)
{
	const char *t = *s;
	int col = tolower((unsigned char)t[0]) - 'a';
	if (col < 0 || col >= TZAAR_COLUMNS) {
		snprintf(err, err_size, "expected a column A..I at '%.8s'", t);
		return -1;
	}
	if (!isdigit((unsigned char)t[1])) {
		snprintf(err, err_size, "expected a row number after '%c'",
		         t[0]);
		return -1;
	}
	int row = t[1] - '0';
	int len = 2;
	if (isdigit((unsigned char)t[2])) {
		row = row * 10 + (t[2] - '0');
		len = 3;
	}
	if (col == 4 && row == 5) {
		snprintf(err, err_size,
		         "E5 is the hole in the centre, not a space");
		return -1;
	}
	int cell = tzaar_cell_at(col, row);
	if (cell < 0) {
		snprintf(err, err_size,
		         "%c%d is off the board (column %c has rows 1..%d)",
		         toupper((unsigned char)t[0]), row,
		         toupper((unsigned char)t[0]), tzaar_column_size(col));
		return -1;
	}
	*s = t + len;
	return cell;
}

/* Walks the straight line from one space to another.  Returns true when
 * `to` is the first stack on it; otherwise says why not. */
static bool
tzaar_check_line(const struct tzaar_pos *p, int from, int to, char *err,
                 size_t err_size)
{
	char fn[4], tn[4], bn[4];
	tzaar_cell_name(from, fn);
	tzaar_cell_name(to, tn);
	int fi, fj, ti, tj;
	tzaar_skewed(from, &fi, &fj);
	tzaar_skewed(to, &ti, &tj);
	int di = ti - fi, dj = tj - fj;
	/* The six lines: (±1,0), (0,±1), ±(1,1) in skewed steps. */
	if (!(di == 0 || dj == 0 || di == dj)) {
		snprintf(err, err_size,
		         "%s and %s are not on one straight line", fn, tn);
		return false;
	}
	int steps = di != 0 ? (di > 0 ? di : -di) : (dj > 0 ? dj : -dj);
	int si = di / steps, sj = dj / steps;
	uint64_t occ = p->own[0] | p->own[1];
	for (int k = 1; k < steps; k++) {
		int i = fi + k * si, j = fj + k * sj;
		int cell = tzaar_cell_from_skewed(i, j);
		if (cell < 0) {
			snprintf(err, err_size,
			         "the line from %s to %s crosses the hole at "
			         "E5, "
			         "which no move may pass",
			         fn, tn);
			return false;
		}
		if (occ >> cell & 1) {
			tzaar_cell_name(cell, bn);
			snprintf(err, err_size,
			         "the line from %s to %s is blocked at %s", fn,
			         tn, bn);
			return false;
		}
	}
	if (!(occ >> to & 1)) {
		snprintf(err, err_size,
		         "%s is empty: a move ends on the first occupied space",
		         tn);
		return false;
	}
	return true;
}

/* The rules a stack move or a capture must meet once the line is free. */
static bool
tzaar_check_target(const struct tzaar_pos *p, int from, int to, char sep,
                   game_move *move, char *err, size_t err_size)
{
	char fn[4], tn[4];
	tzaar_cell_name(from, fn);
	tzaar_cell_name(to, tn);
	if (p->own[p->side] >> to & 1) {
		if (sep == 'x') {
			snprintf(err, err_size,
			         "%s holds your own stack: stacking is written "
			         "%s+%s",
			         tn, fn, tn);
			return false;
		}
		if (p->phase != TZAAR_SECOND) {
			snprintf(err, err_size,
			         "the first sub-move of a turn must be a "
			         "capture");
			return false;
		}
		*move = TZAAR_MOVE(from, to, TZAAR_STACK);
		return true;
	}
	if (sep == '+') {
		snprintf(err, err_size,
		         "%s holds an enemy stack: a capture is written %sx%s",
		         tn, fn, tn);
		return false;
	}
	if (p->height[to] > p->height[from]) {
		snprintf(err, err_size,
		         "target too tall: the stack on %s (height %d) is "
		         "taller "
		         "than the one on %s (height %d)",
		         tn, p->height[to], fn, p->height[from]);
		return false;
	}
	*move = TZAAR_MOVE(from, to, TZAAR_CAPTURE);
	return true;
}

/* The moving stack must exist, be the mover's, and go somewhere. */
static bool
tzaar_check_source(const struct tzaar_pos *p, int from, int to, char *err,
                   size_t err_size)
{
	char fn[4];
	tzaar_cell_name(from, fn);
	if (!((p->own[0] | p->own[1]) >> from & 1)) {
		snprintf(err, err_size, "no stack on %s", fn);
		return false;
	}
	if (!(p->own[p->side] >> from & 1)) {
		snprintf(err, err_size, "%s holds a %s stack, not yours", fn,
		         TZAAR_COLOR_NAMES[1 - p->side]);
		return false;
	}
	if (from == to) {
		snprintf(err, err_size,
		         "a stack cannot move onto its own space");
		return false;
	}
	return true;
}

/* Splits squeezed move text into source, separator and target. */
static bool
tzaar_read_move_text(const char *buf, int *from, char *sep, int *to, char *why,
                     size_t why_size)
{
	const char *s = buf;
	if ((*from = tzaar_read_cell(&s, why, why_size)) < 0)
		return false;
	*sep = *s;
	if (*sep != 'x' && *sep != '+' && *sep != '-') {
		snprintf(why, why_size,
		         "expected x, + or - after the first space");
		return false;
	}
	s++;
	if ((*to = tzaar_read_cell(&s, why, why_size)) < 0)
		return false;
	if (*s != '\0') {
		snprintf(why, why_size, "unexpected '%.8s' after the move", s);
		return false;
	}
	return true;
}

static bool
tzaar_game_finished(const struct tzaar_pos *p, char *err, size_t err_size)
{
	int winner = p->winner, end = p->end;
	if (winner == TZAAR_NO_WINNER && p->phase != TZAAR_SECOND &&
	    !tzaar_has_capture(p)) {
		winner = 1 - p->side;
		end = TZAAR_END_NO_CAPTURE;
	}
	if (winner == TZAAR_NO_WINNER)
		return false;
	snprintf(err, err_size, "the game is over (%s won: %s)",
	         TZAAR_COLOR_NAMES[winner], TZAAR_END_NAMES[end]);
	return true;
}

bool
tzaar_parse_move(const struct game_pos *pos, const char *text, game_move *move,
                 char *err, size_t err_size)
{
	const struct tzaar_pos *p = tzaar_of_const(pos);
	char buf[TZAAR_MOVE_TEXT_MAX];
	if (!text_squeeze(text, buf, sizeof buf)) {
		snprintf(err, err_size, "malformed move: too long");
		return false;
	}
	if (buf[0] == '\0') {
		snprintf(err, err_size, "malformed move: empty");
		return false;
	}
	bool pass = strcmp(buf, "pass") == 0;
	char why[96];
	int from = -1, to = -1;
	char sep = 0;
	if (!pass &&
	    !tzaar_read_move_text(buf, &from, &sep, &to, why, sizeof why)) {
		snprintf(err, err_size,
		         "malformed move '%.40s': %s (write F3xE4, F3+E4 or "
		         "pass)",
		         text, why);
		return false;
	}
	if (tzaar_game_finished(p, err, err_size))
		return false;
	if (pass) {
		if (p->phase != TZAAR_SECOND) {
			snprintf(err, err_size,
			         "pass is only allowed as the second sub-move "
			         "of "
			         "a turn");
			return false;
		}
		*move = TZAAR_MOVE_PASS_VALUE;
		return true;
	}
	return tzaar_check_source(p, from, to, err, err_size) &&
	       tzaar_check_line(p, from, to, err, err_size) &&
	       tzaar_check_target(p, from, to, sep, move, err, err_size);
}

void
tzaar_format_pos(const struct game_pos *pos, char *buf, size_t size)
{
	const struct tzaar_pos *p = tzaar_of_const(pos);
	char text[GAME_TEXT_MAX];
	size_t n = 0;
	for (int c = 0; c < TZAAR_CELLS; c++) {
		int color = p->own[0] >> c & 1   ? 0
		            : p->own[1] >> c & 1 ? 1
		                                 : -1;
		if (color < 0) {
			text[n++] = '.';
			continue;
		}
		text[n++] = (char)((color ? 'a' : 'A') + p->kind[c]);
		if (p->height[c] > 1)
			n += (size_t)snprintf(text + n, sizeof text - n, "%d",
			                      p->height[c]);
	}
	snprintf(text + n, sizeof text - n, " %c %s", p->side ? 'b' : 'w',
	         TZAAR_PHASE_NAMES[p->phase]);
	snprintf(buf, size, "%s", text);
}

/* Reads one cell of a board string at *s into cell; false with a reason. */
static bool
tzaar_read_board_cell(struct tzaar_pos *p, int cell, const char **s, char *err,
                      size_t err_size)
{
	char name[4];
	tzaar_cell_name(cell, name);
	char ch = **s;
	if (ch == '.') {
		(*s)++;
		return true;
	}
	int low = tolower((unsigned char)ch) - 'a';
	if (ch == '\0' || low < 0 || low >= TZAAR_TYPES) {
		if (ch == '\0' || isspace((unsigned char)ch))
			snprintf(err, err_size,
			         "board ends at %s after %d of 60 spaces", name,
			         cell);
		else
			snprintf(err, err_size,
			         "space %s: unexpected '%c' (want . a b c A B "
			         "C)",
			         name, ch);
		return false;
	}
	int color = islower((unsigned char)ch) ? TZAAR_BLACK : TZAAR_WHITE;
	(*s)++;
	int height = 1;
	if (isdigit((unsigned char)**s)) {
		height = 0;
		while (isdigit((unsigned char)**s) &&
		       height <= TZAAR_MAX_HEIGHT)
			height = height * 10 + (*(*s)++ - '0');
		if (height < 1 || height > TZAAR_MAX_HEIGHT ||
		    isdigit((unsigned char)**s)) {
			snprintf(err, err_size,
			         "space %s: stack height must be 1..%d", name,
			         TZAAR_MAX_HEIGHT);
			return false;
		}
	}
	tzaar_set_cell(p, cell, color, low, height);
	return true;
}

bool
tzaar_parse_board(struct tzaar_pos *p, const char *text, size_t *used,
                  char *err, size_t err_size)
{
	const char *s = text;
	for (int cell = 0; cell < TZAAR_CELLS; cell++)
		if (!tzaar_read_board_cell(p, cell, &s, err, err_size))
			return false;
	if (*s != '\0' && !isspace((unsigned char)*s)) {
		snprintf(err, err_size,
		         "board has more than 60 spaces (extra '%.8s')", s);
		return false;
	}
	*used = (size_t)(s - text);
	return true;
}

/* Reads the next space-separated word of at most size-1 characters. */
static const char *
tzaar_read_word(const char *s, char *word, size_t size)
{
	size_t len = 0, n = 0;
	const char *w = text_find_word(&s, " \t\n\v\f\r", &len);
	for (; w != NULL && n < len && n + 1 < size; n++)
		word[n] = (char)tolower((unsigned char)w[n]);
	word[n] = '\0';
	return s;
}

bool
tzaar_parse_pos(struct game_pos *pos, const char *text, char *err,
                size_t err_size)
{
	struct game_pos tmp;
	memset(&tmp, 0, sizeof tmp);
	struct tzaar_pos *p = tzaar_of(&tmp);
	const char *s = text;
	while (isspace((unsigned char)*s))
		s++;
	size_t used;
	if (!tzaar_parse_board(p, s, &used, err, err_size))
		return false;
	s += used;
	char side[8], phase[8], extra[8];
	s = tzaar_read_word(s, side, sizeof side);
	s = tzaar_read_word(s, phase, sizeof phase);
	tzaar_read_word(s, extra, sizeof extra);
	if (strcmp(side, "w") != 0 && strcmp(side, "b") != 0) {
		snprintf(err, err_size, "side to move must be w or b, not '%s'",
		         side);
		return false;
	}
	p->side = side[0] == 'b';
	int ph;
	for (ph = 0; ph < 3; ph++)
		if (strcmp(phase, TZAAR_PHASE_NAMES[ph]) == 0)
			break;
	if (ph == 3) {
		snprintf(err, err_size,
		         "phase must be open, cap or second, not '%s'", phase);
		return false;
	}
	p->phase = (uint8_t)ph;
	if (extra[0] != '\0') {
		snprintf(err, err_size, "unexpected text after the phase: '%s'",
		         extra);
		return false;
	}
	if (!tzaar_finish_pos(p, err, err_size))
		return false;
	*pos = tmp;
	return true;
}

/* Appends formatted text, never past size (the output is cut instead). */
struct tzaar_out {
	char *buf;
	size_t size, len;
};

static void
tzaar_out_add(struct tzaar_out *o, const char *fmt, ...)
{
	if (o->len + 1 >= o->size)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(o->buf + o->len, o->size - o->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len += (size_t)n < o->size - o->len ? (size_t)n
		                                       : o->size - o->len - 1;
}

/* Diagram geometry: column c is drawn at x = c * TZAAR_DRAW_DX; space
 * (c, r) on line |c - 4| + 2 * (size(c) - r), so neighbours in a column are
 * two lines apart and the hexagon stands on its E1 corner. */
enum { TZAAR_DRAW_DX = 6, TZAAR_DRAW_LINES = 17, TZAAR_DRAW_WIDTH = 56 };

/* "F3:c2" for a stack, "F3:." for an empty space, "(  )" for the hole. */
static void
tzaar_draw_token(const struct tzaar_pos *p, int cell, char *tok, size_t size)
{
	if (cell < 0) {
		snprintf(tok, size, "(  )");
		return;
	}
	char name[4];
	tzaar_cell_name(cell, name);
	int color = p->own[0] >> cell & 1 ? 0 : p->own[1] >> cell & 1 ? 1 : -1;
	if (color < 0) {
		snprintf(tok, size, "%s:.", name);
		return;
	}
	char letter = (char)((color ? 'a' : 'A') + p->kind[cell]);
	if (p->height[cell] > 1)
		snprintf(tok, size, "%s:%c%d", name, letter, p->height[cell]);
	else
		snprintf(tok, size, "%s:%c", name, letter);
}

void
tzaar_render_text(const struct game_pos *pos, char *buf, size_t size)
{
	const struct tzaar_pos *p = tzaar_of_const(pos);
	char grid[TZAAR_DRAW_LINES][TZAAR_DRAW_WIDTH];
	memset(grid, ' ', sizeof grid);
	for (int c = 0; c < TZAAR_COLUMNS; c++) {
		for (int r = 1; r <= tzaar_column_size(c); r++) {
			int line = (c > 4 ? c - 4 : 4 - c) +
			           2 * (tzaar_column_size(c) - r);
			char tok[12];
			tzaar_draw_token(p, tzaar_cell_at(c, r), tok,
			                 sizeof tok);
			memcpy(&grid[line][c * TZAAR_DRAW_DX], tok,
			       strlen(tok));
		}
	}
	struct tzaar_out o = {buf, size, 0};
	if (size > 0)
		buf[0] = '\0';
	for (int line = 0; line < TZAAR_DRAW_LINES; line++) {
		int end = TZAAR_DRAW_WIDTH;
		while (end > 0 && grid[line][end - 1] == ' ')
			end--;
		tzaar_out_add(&o, "%.*s\n", end, grid[line]);
	}
	tzaar_out_add(&o,
	              "A/a Tzaar, B/b Tzarra, C/c Tott (upper case White)\n");
	if (p->winner != TZAAR_NO_WINNER)
		tzaar_out_add(&o, "%s wins: %s\n", TZAAR_COLOR_NAMES[p->winner],
		              TZAAR_END_NAMES[p->end]);
	else
		tzaar_out_add(
		        &o, "%s to move (%s)\n", TZAAR_COLOR_NAMES[p->side],
		        p->phase == TZAAR_OPEN  ? "opening capture"
		        : p->phase == TZAAR_CAP ? "first sub-move: capture"
		                                : "second sub-move");
}
