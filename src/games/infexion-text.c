/*
 * Infexion text: the move notation (`SPAWN(3,4)`, `SPREAD(3,4,1,-1)`), the
 * one-line position string and a plain board diagram, as NOTATION and
 * POSITION STRINGS in tabula(6) fix them.  Readers take any case and any
 * spaces, check everything and say what is wrong and where; nothing a user
 * types can crash them.
 */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "games/infexion.h"

#if defined(__GNUC__) || defined(__clang__)
#define INFEXION_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define INFEXION_PRINTF(f, a)
#endif

enum {
	INFEXION_TEXT_MOVE_MAX = 40,   /* non-space characters in a move */
	INFEXION_TEXT_DIGITS_MAX = 3,  /* digits in one number of a move */
	INFEXION_TEXT_SPAWN_ARGS = 2,  /* r, q */
	INFEXION_TEXT_SPREAD_ARGS = 4, /* r, q, dr, dq */
	INFEXION_TEXT_SHOWN = 24,      /* characters of bad input quoted back */
	INFEXION_TEXT_CELL_WIDTH = 6,  /* columns per cell in the diagram */
	INFEXION_TEXT_ROWS = 2 * INFEXION_N - 1, /* lines of the diagram */
};

static const char *const INFEXION_TEXT_DIRS =
        "(0,1) (-1,1) (-1,0) (0,-1) (1,-1) (1,0)";

static void INFEXION_PRINTF(3, 4)
        infexion_text_error(char *err, size_t size, const char *fmt, ...)
{
	if (err == NULL || size == 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, size, fmt, ap);
	va_end(ap);
}

/* A character shown in an error: itself when printable, else its code. */
static void
infexion_text_show_char(char c, char *buf, size_t size)
{
	unsigned char u = (unsigned char)c;
	if (isprint(u))
		snprintf(buf, size, "'%c'", c);
	else
		snprintf(buf, size, "byte 0x%02x", u);
}

void
infexion_text_format_move(const struct game_pos *pos, game_move move, char *buf,
                          size_t size)
{
	(void)pos;
	int c = infexion_move_cell(move), d = infexion_move_dir(move);
	int r = c / INFEXION_N, q = c % INFEXION_N;
	if (d == INFEXION_SPAWN_DIR)
		snprintf(buf, size, "SPAWN(%d,%d)", r, q);
	else
		snprintf(buf, size, "SPREAD(%d,%d,%d,%d)", r, q,
		         infexion_dir_dr[d - 1], infexion_dir_dq[d - 1]);
}

/*
 * A move's text with the spaces taken out and letters upper-cased; col[i]
 * is the 1-based column of buf[i] in what the user typed, so errors point
 * at the original text.
 */
struct infexion_scan {
	char buf[INFEXION_TEXT_MOVE_MAX + 1];
	size_t col[INFEXION_TEXT_MOVE_MAX + 1];
	size_t len, at;
	const char *text;
};

static bool
infexion_scan_init(struct infexion_scan *s, const char *text, char *err,
                   size_t err_size)
{
	s->len = s->at = 0;
	s->text = text;
	size_t i = 0;
	for (; text[i] != '\0'; i++) {
		if (isspace((unsigned char)text[i]))
			continue;
		if (s->len == INFEXION_TEXT_MOVE_MAX) {
			infexion_text_error(err, err_size,
			                    "malformed move '%.*s...': longer "
			                    "than %d characters",
			                    INFEXION_TEXT_SHOWN, text,
			                    INFEXION_TEXT_MOVE_MAX);
			return false;
		}
		s->buf[s->len] = (char)toupper((unsigned char)text[i]);
		s->col[s->len++] = i + 1;
	}
	s->buf[s->len] = '\0';
	s->col[s->len] = i + 1;
	return true;
}

/* "malformed move 'X': expected WHAT at column N" (or "at the end"). */
static bool
infexion_scan_fail(const struct infexion_scan *s, const char *what, char *err,
                   size_t err_size)
{
	if (s->at >= s->len) {
		infexion_text_error(err, err_size,
		                    "malformed move '%.*s': expected %s at the "
		                    "end",
		                    INFEXION_TEXT_SHOWN, s->text, what);
	} else {
		char shown[16];
		infexion_text_show_char(s->buf[s->at], shown, sizeof shown);
		infexion_text_error(err, err_size,
		                    "malformed move '%.*s': expected %s at "
		                    "column %zu, found %s",
		                    INFEXION_TEXT_SHOWN, s->text, what,
		                    s->col[s->at], shown);
	}
	return false;
}

static bool
infexion_scan_char(struct infexion_scan *s, char want, const char *what,
                   char *err, size_t err_size)
{
	if (s->at < s->len && s->buf[s->at] == want) {
		s->at++;
		return true;
	}
	return infexion_scan_fail(s, what, err, err_size);
}

/* An optionally signed decimal number of at most a few digits. */
static bool
infexion_scan_int(struct infexion_scan *s, int *out, char *err, size_t err_size)
{
	int sign = 1;
	if (s->at < s->len && (s->buf[s->at] == '-' || s->buf[s->at] == '+'))
		sign = s->buf[s->at++] == '-' ? -1 : 1;
	int v = 0, digits = 0;
	while (s->at < s->len && isdigit((unsigned char)s->buf[s->at])) {
		if (++digits > INFEXION_TEXT_DIGITS_MAX)
			return infexion_scan_fail(s,
			                          "',' or ')' (number too "
			                          "long)",
			                          err, err_size);
		v = v * 10 + (s->buf[s->at++] - '0');
	}
	if (digits == 0)
		return infexion_scan_fail(s, "a number", err, err_size);
	*out = sign * v;
	return true;
}

/* Reads "SPAWN" or "SPREAD"; *nargs gets how many numbers follow. */
static bool
infexion_scan_action(struct infexion_scan *s, int *nargs, char *err,
                     size_t err_size)
{
	size_t start = s->at;
	while (s->at < s->len && isalpha((unsigned char)s->buf[s->at]))
		s->at++;
	size_t n = s->at - start;
	if (n == strlen("SPAWN") && memcmp(s->buf + start, "SPAWN", n) == 0) {
		*nargs = INFEXION_TEXT_SPAWN_ARGS;
		return true;
	}
	if (n == strlen("SPREAD") && memcmp(s->buf + start, "SPREAD", n) == 0) {
		*nargs = INFEXION_TEXT_SPREAD_ARGS;
		return true;
	}
	s->at = start;
	return infexion_scan_fail(s, "SPAWN or SPREAD", err, err_size);
}

/* Parses the text alone: "ACTION(n,n[,n,n])"; args[] gets the numbers. */
static bool
infexion_scan_move(struct infexion_scan *s, int *nargs, int *args, char *err,
                   size_t err_size)
{
	if (!infexion_scan_action(s, nargs, err, err_size) ||
	    !infexion_scan_char(s, '(', "'('", err, err_size))
		return false;
	for (int i = 0; i < *nargs; i++) {
		if (i > 0 && !infexion_scan_char(s, ',', "','", err, err_size))
			return false;
		if (!infexion_scan_int(s, &args[i], err, err_size))
			return false;
	}
	if (!infexion_scan_char(s, ')', "')'", err, err_size))
		return false;
	if (s->at < s->len)
		return infexion_scan_fail(s, "nothing more", err, err_size);
	return true;
}

static int
infexion_text_find_dir(int dr, int dq)
{
	for (int d = 0; d < INFEXION_DIRS; d++) {
		if (infexion_dir_dr[d] == dr && infexion_dir_dq[d] == dq)
			return d;
	}
	return -1;
}

/* The rules a SPAWN or SPREAD from cell c must pass, in the referee's order. */
static bool
infexion_text_check_legal(const struct infexion_pos *p, int nargs, int r, int q,
                          char *err, size_t err_size)
{
	if (infexion_is_over(p)) {
		infexion_text_error(err, err_size, "game over: no more moves");
		return false;
	}
	uint8_t v = p->cell[r * INFEXION_N + q];
	if (nargs == INFEXION_TEXT_SPAWN_ARGS) {
		int total = p->power[0] + p->power[1];
		if (total >= INFEXION_MAX_TOTAL_POWER) {
			infexion_text_error(err, err_size,
			                    "power limit: SPAWN needs a board "
			                    "total below %d, it is %d",
			                    INFEXION_MAX_TOTAL_POWER, total);
			return false;
		}
		if (v != 0) {
			infexion_text_error(err, err_size,
			                    "occupied: cell (%d,%d) is not "
			                    "empty",
			                    r, q);
			return false;
		}
		return true;
	}
	if (v == 0 || infexion_cell_owner(v) != p->side) {
		infexion_text_error(
		        err, err_size, "not your stack: cell (%d,%d) %s", r, q,
		        v == 0 ? "is empty" : "belongs to the opponent");
		return false;
	}
	return true;
}

bool
infexion_text_parse_move(const struct game_pos *pos, const char *text,
                         game_move *move, char *err, size_t err_size)
{
	struct infexion_scan s;
	int nargs = 0, args[INFEXION_TEXT_SPREAD_ARGS] = {0};
	if (!infexion_scan_init(&s, text, err, err_size) ||
	    !infexion_scan_move(&s, &nargs, args, err, err_size))
		return false;
	int r = args[0], q = args[1];
	if (r < 0 || r >= INFEXION_N || q < 0 || q >= INFEXION_N) {
		infexion_text_error(err, err_size,
		                    "off the board: cell (%d,%d), r and q run "
		                    "from 0 to %d",
		                    r, q, INFEXION_N - 1);
		return false;
	}
	int dir = INFEXION_SPAWN_DIR;
	if (nargs == INFEXION_TEXT_SPREAD_ARGS) {
		int d = infexion_text_find_dir(args[2], args[3]);
		if (d < 0) {
			infexion_text_error(err, err_size,
			                    "bad direction (%d,%d): use one of "
			                    "%s",
			                    args[2], args[3],
			                    INFEXION_TEXT_DIRS);
			return false;
		}
		dir = d + 1;
	}
	if (!infexion_text_check_legal(infexion_cpos_of(pos), nargs, r, q, err,
	                               err_size))
		return false;
	*move = infexion_move_make(r * INFEXION_N + q, dir);
	return true;
}

void
infexion_text_format_pos(const struct game_pos *pos, char *buf, size_t size)
{
	const struct infexion_pos *p = infexion_cpos_of(pos);
	static const char letters[] = "rb";
	/* 7 rows of up to 14 characters, 6 slashes, side and count. */
	char out[INFEXION_CELLS * 2 + INFEXION_N + 16];
	size_t n = 0;
	for (int c = 0; c < INFEXION_CELLS; c++) {
		if (c > 0 && c % INFEXION_N == 0)
			out[n++] = '/';
		uint8_t v = p->cell[c];
		if (v == 0) {
			out[n++] = '.';
		} else {
			out[n++] = letters[infexion_cell_owner(v)];
			out[n++] = (char)('0' + infexion_cell_power(v));
		}
	}
	snprintf(out + n, sizeof out - n, " %c %d", letters[p->side], p->turns);
	snprintf(buf, size, "%s", out);
}

/* One cell of the board part at text[i]: '.' or a colour letter and a
 * power.  Returns the characters used, 0 on error. */
static size_t
infexion_text_read_cell(const char *text, size_t i, uint8_t *v, char *err,
                        size_t err_size)
{
	char ch = (char)tolower((unsigned char)text[i]);
	if (ch == '.') {
		*v = 0;
		return 1;
	}
	if (ch != 'r' && ch != 'b') {
		char shown[16];
		infexion_text_show_char(text[i], shown, sizeof shown);
		infexion_text_error(err, err_size,
		                    "%s at column %zu (want '.', r1..r6, "
		                    "b1..b6 or '/')",
		                    shown, i + 1);
		return 0;
	}
	char pw = text[i + 1];
	if (pw < '1' || pw > '0' + INFEXION_MAX_POWER) {
		infexion_text_error(err, err_size,
		                    "'%c' at column %zu needs a power 1..%d "
		                    "after it",
		                    text[i], i + 1, INFEXION_MAX_POWER);
		return 0;
	}
	int owner = ch == 'r' ? INFEXION_RED : INFEXION_BLUE;
	*v = (uint8_t)((pw - '0') | owner << INFEXION_OWNER_SHIFT);
	return 2;
}

/* Reads the board part (rows joined by '/') into p; text[*at] onward. */
static bool
infexion_text_parse_board(struct infexion_pos *p, const char *text, size_t *at,
                          char *err, size_t err_size)
{
	int row = 0, q = 0;
	size_t i = *at;
	while (text[i] != '\0' && !isspace((unsigned char)text[i])) {
		if (text[i] == '/') {
			if (q != INFEXION_N || row == INFEXION_N - 1) {
				infexion_text_error(err, err_size,
				                    "'/' at column %zu ends "
				                    "row %d after %d cells "
				                    "(want %d cells, %d rows)",
				                    i + 1, row, q, INFEXION_N,
				                    INFEXION_N);
				return false;
			}
			row++;
			q = 0;
			i++;
			continue;
		}
		if (q == INFEXION_N) {
			infexion_text_error(err, err_size,
			                    "row %d has more than %d cells "
			                    "(column %zu)",
			                    row, INFEXION_N, i + 1);
			return false;
		}
		uint8_t v;
		size_t used =
		        infexion_text_read_cell(text, i, &v, err, err_size);
		if (used == 0)
			return false;
		infexion_set_cell(p, row * INFEXION_N + q++, v);
		i += used;
	}
	if (row != INFEXION_N - 1 || q != INFEXION_N) {
		infexion_text_error(err, err_size,
		                    "the board ends in row %d after %d cells "
		                    "(want %d rows of %d)",
		                    row, q, INFEXION_N, INFEXION_N);
		return false;
	}
	*at = i;
	return true;
}

/* The next space-separated word of text from *at: start and length. */
static size_t
infexion_text_word(const char *text, size_t *at, size_t *len)
{
	size_t i = *at;
	while (isspace((unsigned char)text[i]))
		i++;
	size_t start = i;
	while (text[i] != '\0' && !isspace((unsigned char)text[i]))
		i++;
	*len = i - start;
	*at = i;
	return start;
}

/* The side letter and the action count after the board. */
static bool
infexion_text_parse_tail(struct infexion_pos *p, const char *text, size_t at,
                         char *err, size_t err_size)
{
	size_t len, start = infexion_text_word(text, &at, &len);
	char side = (char)tolower((unsigned char)text[start]);
	if (len != 1 || (side != 'r' && side != 'b')) {
		infexion_text_error(err, err_size,
		                    "expected side to move 'r' "
		                    "or 'b' at column %zu",
		                    start + 1);
		return false;
	}
	start = infexion_text_word(text, &at, &len);
	int turns = 0;
	bool ok = len > 0 && len <= INFEXION_TEXT_DIGITS_MAX;
	for (size_t i = 0; ok && i < len; i++) {
		ok = isdigit((unsigned char)text[start + i]) != 0;
		turns = turns * 10 + (text[start + i] - '0');
	}
	if (!ok || turns > INFEXION_MAX_TURNS) {
		infexion_text_error(err, err_size,
		                    "expected the number of "
		                    "actions played, 0..%d, at column %zu",
		                    INFEXION_MAX_TURNS, start + 1);
		return false;
	}
	start = infexion_text_word(text, &at, &len);
	if (len > 0) {
		infexion_text_error(err, err_size,
		                    "unexpected text at column "
		                    "%zu",
		                    start + 1);
		return false;
	}
	p->side = side == 'r' ? INFEXION_RED : INFEXION_BLUE;
	p->turns = (uint16_t)turns;
	return true;
}

bool
infexion_text_parse_pos(struct game_pos *pos, const char *text, char *err,
                        size_t err_size)
{
	struct infexion_pos p;
	infexion_pos_clear(&p);
	size_t at = 0;
	while (isspace((unsigned char)text[at]))
		at++;
	if (!infexion_text_parse_board(&p, text, &at, err, err_size) ||
	    !infexion_text_parse_tail(&p, text, at, err, err_size))
		return false;
	p.hash = infexion_hash_scratch(&p);
	memcpy(pos->bytes, &p, sizeof p);
	return true;
}

/* Appends to buf (size bytes) at *n, never past the end. */
static void INFEXION_PRINTF(4, 5)
        infexion_text_append(char *buf, size_t size, size_t *n, const char *fmt,
                             ...)
{
	if (*n >= size)
		return;
	va_list ap;
	va_start(ap, fmt);
	int w = vsnprintf(buf + *n, size - *n, fmt, ap);
	va_end(ap);
	if (w > 0)
		*n += (size_t)w < size - *n ? (size_t)w : size - *n - 1;
}

/*
 * The referee's diamond: line L shows the cells with r - q = 6 - L, so the
 * top line is (6,0) and the bottom line (0,6); each cell is printed with
 * its coordinates when empty, so the diagram doubles as a coordinate map;
 * every cell takes INFEXION_TEXT_CELL_WIDTH columns and each line is
 * shifted by half a cell, as hexagons are.
 */
void
infexion_text_render(const struct game_pos *pos, char *buf, size_t size)
{
	const struct infexion_pos *p = infexion_cpos_of(pos);
	size_t n = 0;
	if (size > 0)
		buf[0] = '\0';
	for (int line = 0; line < INFEXION_TEXT_ROWS; line++) {
		int off = line < INFEXION_N ? INFEXION_N - 1 - line
		                            : line - (INFEXION_N - 1);
		int r0 = line < INFEXION_N ? INFEXION_N - 1 - line : 0;
		int q0 = line < INFEXION_N ? 0 : line - (INFEXION_N - 1);
		infexion_text_append(buf, size, &n, "%*s",
		                     off * INFEXION_TEXT_CELL_WIDTH / 2, "");
		for (int k = 0; k < INFEXION_N - off; k++) {
			int r = r0 + k, q = q0 + k;
			uint8_t v = p->cell[r * INFEXION_N + q];
			if (v == 0)
				infexion_text_append(buf, size, &n, "  %d,%d ",
				                     r, q);
			else
				infexion_text_append(
				        buf, size, &n, " [%c%d] ",
				        "rb"[infexion_cell_owner(v)],
				        infexion_cell_power(v));
		}
		/* No trailing blanks: diagrams end up in transcripts. */
		while (n > 0 && n < size && buf[n - 1] == ' ')
			buf[--n] = '\0';
		infexion_text_append(buf, size, &n, "\n");
	}
	infexion_text_append(
	        buf, size, &n, "Red %d  Blue %d  actions %d/%d  %s to move\n",
	        p->power[INFEXION_RED], p->power[INFEXION_BLUE], p->turns,
	        INFEXION_MAX_TURNS, p->side == INFEXION_RED ? "Red" : "Blue");
}
