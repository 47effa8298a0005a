/*
 * The virtual screen (see grid.h).  Text is cut into UTF-8 characters, each
 * taking one column: the UI only uses glyphs of width one, so the grid and
 * the terminal always agree on where a cell is.
 */
#include "config.h"

#include <stdarg.h>
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
ui_grid_print(struct ui_grid *g, int y, int x, int max, int role,
              const char *text)
{
	int cols = 0;
	const unsigned char *s = (const unsigned char *)text;
	while (*s != '\0' && (max < 0 || cols < max) && x + cols < g->width) {
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
