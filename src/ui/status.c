/*
 * The bottom line of the game screen: the status message, and the prompt
 * where a move, a file to save to, a file to open or a comment is typed.  What
 * the typed text does is up to the caller (keys.c).
 */
#include "config.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ui/app.h"
#include "ui/status.h"

void
ui_status(struct ui_app *app, bool warn, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(app->prompt.status, sizeof app->prompt.status, fmt, ap);
	va_end(ap);
	app->prompt.status_warn = warn;
	app->host.dirty = true;
}

void
ui_status_print(const struct ui_app *app, struct ui_grid *g)
{
	/* A long message takes the rows above the last (at most three),
	 * never cut inside a word. */
	enum { UI_STATUS_ROWS = 3 };
	const char *text = app->prompt.status;
	if (text[0] == '\0')
		return;
	int rows = ui_text_rows(text, g->width, UI_STATUS_ROWS);
	int role = app->prompt.status_warn ? ROLE_WARN : ROLE_STATUS;
	for (int y = g->height - rows; y < g->height; y++)
		for (int x = 0; x < g->width; x++)
			ui_grid_print(g, y, x, 1, ROLE_NORMAL, " ");
	ui_grid_wrap(g, g->height - rows, 0, g->width, rows, role, text);
}

void
ui_prompt_open(struct ui_app *app, int kind)
{
	struct ui_prompt *p = &app->prompt;
	p->active = true;
	p->kind = kind;
	p->text[0] = '\0';
	p->len = 0;
	p->overflow = false;
	app->host.dirty = true;
}

void
ui_prompt_fill(struct ui_app *app, const char *text)
{
	struct ui_prompt *p = &app->prompt;
	snprintf(p->text, sizeof p->text, "%s", text);
	p->len = strlen(p->text);
	app->host.dirty = true;
}

bool
ui_prompt_key(struct ui_app *app, int key)
{
	struct ui_prompt *p = &app->prompt;
	app->host.dirty = true;
	p->overflow = false;
	if (key == '\n' || key == '\r' || key == KEY_ENTER) {
		p->active = false;
		/* An emptied comment is removed, not cancelled. */
		if (p->len > 0 || p->kind == UI_PROMPT_COMMENT)
			return true;
		ui_status(app, false, "cancelled");
	} else if (key == UI_KEY_ESC) {
		p->active = false;
		ui_status(app, false, "cancelled");
	} else if (key == KEY_BACKSPACE || key == 127 || key == 8) {
		if (p->len > 0)
			p->text[--p->len] = '\0';
	} else if (key >= ' ' && key < 127 && p->len + 1 < sizeof p->text) {
		p->text[p->len++] = (char)key;
		p->text[p->len] = '\0';
	} else if (key >= ' ' && key < 127) {
		/* Never cut silently: the prompt line says it is full. */
		p->overflow = true;
	}
	return false;
}

const char *
ui_prompt_label(int kind)
{
	switch (kind) {
	case UI_PROMPT_SAVE:
		return "save to: ";
	case UI_PROMPT_OPEN:
		return "open: ";
	case UI_PROMPT_OVERWRITE:
		return "replace it? (y/n) ";
	case UI_PROMPT_COMMENT:
		return "comment: ";
	case UI_PROMPT_SAY:
		return "say: ";
	default:
		return "move: ";
	}
}
