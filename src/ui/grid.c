/*
 * The virtual screen (see grid.h).  Text is cut into UTF-8 characters, each
 * taking one column: the UI only uses glyphs of width one, so the grid and
 * the terminal always agree on where a cell is.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/grid.h"

bool
ui_grid_resize(struct ui_grid *g, int width, int height)
{
	if (width < 1)
		width = 1;
	if (height < 1)
		height = 1;
	struct ui_cell *c = calloc((size_t)width * (size_t)height, sizeof *c);
	if (c == NULL)
		return false;
	free(g->cells);
	g->cells = c;
	g->width = width;
	g->height = height;
	ui_grid_clear(g);
	return true;
}

void
ui_grid_free(struct ui_grid *g)
{
	free(g->cells);
	g->cells = NULL;
	g->width = g->height = 0;
}

void
ui_grid_clear(struct ui_grid *g)
{
	for (int i = 0; i < g->width * g->height; i++) {
		g->cells[i].glyph[0] = ' ';
		g->cells[i].glyph[1] = '\0';
		g->cells[i].role = ROLE_NORMAL;
	}
	g->cursor_y = g->cursor_x = -1;
	g->cut_count = 0;
}

struct ui_cell *
ui_grid_at(struct ui_grid *g, int y, int x)
{
	if (y < 0 || x < 0 || y >= g->height || x >= g->width)
		return NULL;
	return &g->cells[y * g->width + x];
}

/* Bytes in the UTF-8 character starting at s (1 for a stray byte). */
static int
ui_grid_char_len(const unsigned char *s)
{
	int len = *s < 0x80    ? 1
	          : *s >= 0xf0 ? 4
	          : *s >= 0xe0 ? 3
	          : *s >= 0xc0 ? 2
	                       : 1;
	for (int i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 1;
	}
	return len;
}

int
ui_text_width(const char *text)
{
	int cols = 0;
	for (const unsigned char *s = (const unsigned char *)text; *s != '\0';
	     s += ui_grid_char_len(s))
		cols++;
	return cols;
}

/* Bytes of the first n characters of text. */
static size_t
ui_text_bytes(const char *text, int n)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t bytes = 0;
	for (int i = 0; i < n && s[bytes] != '\0'; i++)
		bytes += (size_t)ui_grid_char_len(s + bytes);
	return bytes;
}

void
ui_text_fit(char *buf, size_t size, const char *text, int width,
            const char *ellipsis)
{
	if (size == 0)
		return;
	if (width < 0 || ui_text_width(text) <= width) {
		snprintf(buf, size, "%s", text);
		return;
	}
	bool mark = ellipsis != NULL && ellipsis[0] != '\0' && width > 1;
	int room = mark ? width - 1 : width;
	size_t cut = ui_text_bytes(text, room);
	/* Back to the end of the last whole word that fits. */
	size_t end = cut;
	while (end > 0 && text[end] != ' ')
		end--;
	while (end > 0 && text[end - 1] == ' ')
		end--;
	if (end == 0)
		end = cut;
	snprintf(buf, size, "%.*s%s", (int)end, text, mark ? ellipsis : "");
}

/* Notes a text the grid shortened. */
static void
ui_grid_note_cut(struct ui_grid *g, int y, int x, const char *text)
{
	if (g->cut_count < UI_GRID_CUTS) {
		struct ui_grid_cut *c = &g->cuts[g->cut_count];
		c->y = y;
		c->x = x;
		snprintf(c->text, sizeof c->text, "%s", text);
	}
	g->cut_count++;
}

/* Writes text that fits, one column per character. */
static int
ui_grid_put(struct ui_grid *g, int y, int x, int role, const char *text)
{
	int cols = 0;
	const unsigned char *s = (const unsigned char *)text;
	while (*s != '\0' && x + cols < g->width) {
		int len = ui_grid_char_len(s);
		struct ui_cell *c = ui_grid_at(g, y, x + cols);
		if (c != NULL) {
			memcpy(c->glyph, s, (size_t)len);
			c->glyph[len] = '\0';
			if (*s < 0x20)
				strcpy(c->glyph, " ");
			c->role = (unsigned char)role;
		}
		s += len;
		cols++;
	}
	return cols;
}

int
ui_grid_print(struct ui_grid *g, int y, int x, int max, int role,
              const char *text)
{
	int room = g->width - x;
	if (max >= 0 && max < room)
		room = max;
	if (room <= 0)
		return 0;
	if (ui_text_width(text) <= room)
		return ui_grid_put(g, y, x, role, text);
	char fitted[1024];
	/* Blanks that pad a text out past the room are no loss. */
	size_t len = strlen(text);
	while (len > 0 && text[len - 1] == ' ')
		len--;
	snprintf(fitted, sizeof fitted, "%.*s", (int)len, text);
	if (ui_text_width(fitted) <= room)
		return ui_grid_put(g, y, x, role, fitted);
	ui_text_fit(fitted, sizeof fitted, text, room, g->ellipsis);
	ui_grid_note_cut(g, y, x, text);
	return ui_grid_put(g, y, x, role, fitted);
}

/* The bytes of p that the next row of w columns holds when wrapping at
 * blanks (all of it when it fits). */
static size_t
ui_text_row(const char *p, int w)
{
	if (ui_text_width(p) <= w)
		return strlen(p);
	size_t cut = ui_text_bytes(p, w), end = cut;
	while (end > 0 && p[end] != ' ')
		end--;
	return end > 0 ? end : cut;
}

int
ui_text_rows(const char *text, int w, int rows)
{
	int used = 0;
	const char *p = text;
	while (*p == ' ')
		p++;
	while (*p != '\0' && used < rows && w > 0) {
		used++;
		p += ui_text_row(p, w);
		while (*p == ' ')
			p++;
	}
	return used;
}

int
ui_grid_wrap(struct ui_grid *g, int y, int x, int w, int rows, int role,
             const char *text)
{
	int used = 0;
	const char *p = text;
	char line[1024];
	while (*p == ' ')
		p++;
	while (*p != '\0' && used < rows && w > 0) {
		if (used == rows - 1 || ui_text_width(p) <= w) {
			ui_text_fit(line, sizeof line, p, w, g->ellipsis);
			ui_grid_put(g, y + used++, x, role, line);
			break;
		}
		/* The longest run of whole words that fits. */
		size_t end = ui_text_row(p, w);
		snprintf(line, sizeof line, "%.*s", (int)end, p);
		ui_grid_put(g, y + used++, x, role, line);
		p += end;
		while (*p == ' ')
			p++;
	}
	return used;
}

int
ui_grid_printf(struct ui_grid *g, int y, int x, int max, int role,
               const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return ui_grid_print(g, y, x, max, role, buf);
}

void
ui_grid_dump(const struct ui_grid *g, FILE *out)
{
	for (int y = 0; y < g->height; y++) {
		int end = g->width;
		while (end > 0 &&
		       strcmp(g->cells[y * g->width + end - 1].glyph, " ") == 0)
			end--;
		for (int x = 0; x < end; x++)
			fputs(g->cells[y * g->width + x].glyph, out);
		fputc('\n', out);
	}
}

char
ui_grid_role_letter(int role)
{
	static const char letters[ROLE_COUNT] = {
	        [ROLE_NORMAL] = ' ',   [ROLE_DIM] = '.',
	        [ROLE_TITLE] = 't',    [ROLE_P1] = '1',
	        [ROLE_P2] = '2',       [ROLE_CURSOR] = 'C',
	        [ROLE_SELECTED] = 'S', [ROLE_TARGET] = 'T',
	        [ROLE_LAST] = 'L',     [ROLE_GHOST] = 'G',
	        [ROLE_CLEARED] = 'X',  [ROLE_WARN] = 'W',
	        [ROLE_STATUS] = 's',
	};
	return role >= 0 && role < ROLE_COUNT ? letters[role] : '?';
}

void
ui_grid_dump_roles(const struct ui_grid *g, FILE *out)
{
	for (int y = 0; y < g->height; y++) {
		int end = g->width;
		while (end > 0 &&
		       ui_grid_role_letter(
		               g->cells[y * g->width + end - 1].role) == ' ')
			end--;
		for (int x = 0; x < end; x++)
			fputc(ui_grid_role_letter(
			              g->cells[y * g->width + x].role),
			      out);
		fputc('\n', out);
	}
}
