/*
 * The terminal (see term.h).  Roles get their looks here and nowhere else:
 * three themes, each a table indexed by role.  The monochrome theme uses
 * attributes only, and every piece carries a letter, so nothing depends on
 * colour.  Signals: SIGHUP (an SSH drop), SIGTERM and SIGINT only set a flag
 * and wake the main loop, which saves and leaves cleanly; fatal signals
 * restore the terminal and die with the same signal.
 */
#include "config.h"

#include <curses.h>
#include <term.h>
#include <langinfo.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/wake.h"
#include "ui/term.h"

/* Milliseconds curses waits after ESC for the rest of a key sequence. */
static const int UI_TERM_ESCDELAY = 25;

enum ui_theme { THEME_MONO, THEME_8, THEME_256 };

struct ui_term_look {
	attr_t mono;    /* attributes in the monochrome theme */
	short fg8, bg8; /* 8-colour pair (-1: default) */
	attr_t attr8;   /* attributes with colour */
	short fg256, bg256;
};

static const struct ui_term_look UI_TERM_LOOKS[ROLE_COUNT] = {
        [ROLE_NORMAL] = {A_NORMAL, -1, -1, A_NORMAL, -1, -1},
        [ROLE_DIM] = {A_DIM, -1, -1, A_DIM, 244, -1},
        [ROLE_TITLE] = {A_BOLD, COLOR_CYAN, -1, A_BOLD, 81, -1},
        [ROLE_P1] = {A_BOLD, COLOR_RED, -1, A_BOLD, 203, -1},
        [ROLE_P2] = {A_NORMAL, COLOR_CYAN, -1, A_BOLD, 75, -1},
        [ROLE_CURSOR] = {A_REVERSE, COLOR_BLACK, COLOR_WHITE, A_NORMAL, 16,
                         252},
        [ROLE_SELECTED] = {A_REVERSE | A_BOLD, COLOR_BLACK, COLOR_YELLOW,
                           A_BOLD, 16, 220},
        [ROLE_TARGET] = {A_UNDERLINE, COLOR_GREEN, -1, A_BOLD | A_UNDERLINE,
                         120, 22},
        [ROLE_LAST] = {A_BOLD | A_UNDERLINE, COLOR_YELLOW, -1,
                       A_BOLD | A_UNDERLINE, 229, 58},
        [ROLE_GHOST] = {A_DIM | A_UNDERLINE, COLOR_MAGENTA, -1, A_NORMAL, 177,
                        54},
        [ROLE_CLEARED] = {A_BOLD, COLOR_YELLOW, COLOR_RED, A_BOLD, 226, 124},
        [ROLE_WARN] = {A_BOLD, COLOR_RED, -1, A_BOLD, 203, -1},
        [ROLE_STATUS] = {A_REVERSE, COLOR_BLACK, COLOR_WHITE, A_NORMAL, 16,
                         250},
};

/* The same roles for a light background: dark foregrounds, pale
 * highlights (what the dark looks use would be yellow on white). */
static const struct ui_term_look UI_TERM_LOOKS_LIGHT[ROLE_COUNT] = {
        [ROLE_NORMAL] = {A_NORMAL, -1, -1, A_NORMAL, -1, -1},
        [ROLE_DIM] = {A_DIM, -1, -1, A_NORMAL, 243, -1},
        [ROLE_TITLE] = {A_BOLD, COLOR_BLUE, -1, A_BOLD, 25, -1},
        [ROLE_P1] = {A_BOLD, COLOR_RED, -1, A_BOLD, 124, -1},
        [ROLE_P2] = {A_NORMAL, COLOR_BLUE, -1, A_BOLD, 19, -1},
        [ROLE_CURSOR] = {A_REVERSE, COLOR_WHITE, COLOR_BLACK, A_NORMAL, 231,
                         238},
        [ROLE_SELECTED] = {A_REVERSE | A_BOLD, COLOR_BLACK, COLOR_YELLOW,
                           A_BOLD, 16, 222},
        [ROLE_TARGET] = {A_UNDERLINE, COLOR_GREEN, -1, A_BOLD | A_UNDERLINE, 22,
                         194},
        [ROLE_LAST] = {A_BOLD | A_UNDERLINE, COLOR_MAGENTA, -1,
                       A_BOLD | A_UNDERLINE, 90, 225},
        [ROLE_GHOST] = {A_DIM | A_UNDERLINE, COLOR_MAGENTA, -1, A_NORMAL, 54,
                        189},
        [ROLE_CLEARED] = {A_BOLD, COLOR_WHITE, COLOR_RED, A_BOLD, 231, 160},
        [ROLE_WARN] = {A_BOLD, COLOR_RED, -1, A_BOLD, 160, -1},
        [ROLE_STATUS] = {A_REVERSE, COLOR_WHITE, COLOR_BLACK, A_NORMAL, 231,
                         240},
};

static const struct ui_glyphs UI_TERM_UTF8 = {
        .empty = "\xc2\xb7",                  /* · */
        .filled = "\xe2\x96\x88\xe2\x96\x88", /* ██ */
        .ghost = "\xe2\x96\x91\xe2\x96\x91",  /* ░░ */
        .vline = "\xe2\x94\x82",              /* │ */
        .hline = "\xe2\x94\x80",              /* ─ */
        .corner_bl = "\xe2\x94\x94",          /* └ */
        .corner_br = "\xe2\x94\x98",          /* ┘ */
        .cleared = "\xc3\x97",                /* × */
        .hole = "( )",
        .ellipsis = "\xe2\x80\xa6", /* … */
};

static const struct ui_glyphs UI_TERM_ASCII = {
        .empty = ".",
        .filled = "[]",
        .ghost = "::",
        .vline = "|",
        .hline = "-",
        .corner_bl = "+",
        .corner_br = "+",
        .cleared = "x",
        .hole = "( )",
        .ellipsis = ">",
};

/* The terminal's state: only the UI thread touches it, except the signal
 * flag (written by handlers, read by the main loop). */
static SCREEN *ui_term_screen;
static attr_t ui_term_attrs[ROLE_COUNT];
static bool ui_term_default_colors;
static volatile sig_atomic_t ui_term_signal;
static struct wake *ui_term_wake;

const struct ui_glyphs *
ui_term_glyphs(bool ascii)
{
	return ascii ? &UI_TERM_ASCII : &UI_TERM_UTF8;
}

bool
ui_term_locale_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);
	return cs != NULL &&
	       (strcasecmp(cs, "UTF-8") == 0 || strcasecmp(cs, "utf8") == 0);
}

static void
ui_term_on_quit(int sig)
{
	ui_term_signal = sig;
	if (ui_term_wake != NULL)
		wake_up(ui_term_wake);
}

static void
ui_term_on_fatal(int sig)
{
	if (ui_term_screen != NULL)
		endwin();
	signal(sig, SIG_DFL);
	raise(sig);
}

void
ui_term_signals(struct wake *w)
{
	ui_term_wake = w;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = ui_term_on_quit;
	static const int quits[] = {SIGHUP, SIGTERM, SIGINT};
	for (size_t i = 0; i < sizeof quits / sizeof quits[0]; i++)
		sigaction(quits[i], &sa, NULL);
	sa.sa_handler = ui_term_on_fatal;
	sa.sa_flags = SA_RESETHAND;
	static const int fatals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
	for (size_t i = 0; i < sizeof fatals / sizeof fatals[0]; i++)
		sigaction(fatals[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

int
ui_term_signalled(void)
{
	return ui_term_signal;
}

static enum ui_theme
ui_term_pick_theme(int color)
{
	const char *no_color = getenv("NO_COLOR");
	if (color == UI_COLOR_NEVER ||
	    (color == UI_COLOR_AUTO && no_color != NULL && no_color[0] != '\0'))
		return THEME_MONO;
	if (!has_colors() || start_color() == ERR)
		return THEME_MONO;
	ui_term_default_colors = use_default_colors() == OK;
	return COLORS >= 256 ? THEME_256 : THEME_8;
}

static void
ui_term_setup_colors(enum ui_theme theme, bool light)
{
	for (int r = 0; r < ROLE_COUNT; r++) {
		const struct ui_term_look *l =
		        light ? &UI_TERM_LOOKS_LIGHT[r] : &UI_TERM_LOOKS[r];
		if (theme == THEME_MONO) {
			ui_term_attrs[r] = l->mono;
			continue;
		}
		short fg = theme == THEME_256 ? l->fg256 : l->fg8;
		short bg = theme == THEME_256 ? l->bg256 : l->bg8;
		/* Without the terminal's own colours (-1), white on black. */
		if (!ui_term_default_colors) {
			fg = fg < 0 ? (light ? COLOR_BLACK : COLOR_WHITE) : fg;
			bg = bg < 0 ? (light ? COLOR_WHITE : COLOR_BLACK) : bg;
		}
		init_pair((short)(r + 1), fg, bg);
		ui_term_attrs[r] = COLOR_PAIR(r + 1) |
		                   (theme == THEME_256 ? l->attr8 : l->attr8);
	}
}

bool
ui_term_open(int color, bool light, char *err, size_t err_size)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		snprintf(err, err_size,
		         "the terminal UI needs a terminal on stdin and "
		         "stdout (for scripts: --screen-dump KEYS-FILE)");
		return false;
	}
	const char *term = getenv("TERM");
	if (term == NULL || term[0] == '\0') {
		snprintf(err, err_size,
		         "TERM is not set; try TERM=xterm-256color");
		return false;
	}
	ui_term_screen = newterm(NULL, stdout, stdin);
	if (ui_term_screen == NULL) {
		snprintf(err, err_size,
		         "unknown terminal type '%s' (TERM); try TERM=xterm, "
		         "TERM=vt100 or install its terminfo entry",
		         term);
		return false;
	}
	set_term(ui_term_screen);
	/* A terminal that cannot move the cursor (TERM=dumb, a printer)
	 * would show a blank, unusable screen: refuse it like an unknown
	 * one. */
	const char *cup = tigetstr("cup");
	if (cup == NULL || cup == (const char *)-1) {
		endwin();
		delscreen(ui_term_screen);
		ui_term_screen = NULL;
		snprintf(err, err_size,
		         "terminal type '%s' (TERM) cannot move the cursor; "
		         "try TERM=xterm or TERM=vt100",
		         term);
		return false;
	}
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	set_escdelay(UI_TERM_ESCDELAY);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL);
	mouseinterval(0);
	ui_term_setup_colors(ui_term_pick_theme(color), light);
	return true;
}

void
ui_term_close(void)
{
	if (ui_term_screen == NULL)
		return;
	endwin();
	delscreen(ui_term_screen);
	ui_term_screen = NULL;
}

void
ui_term_size(int *width, int *height)
{
	getmaxyx(stdscr, *height, *width);
}

void
ui_term_draw(const struct ui_grid *g)
{
	for (int y = 0; y < g->height; y++) {
		for (int x = 0; x < g->width; x++) {
			const struct ui_cell *c = &g->cells[y * g->width + x];
			attrset(ui_term_attrs[c->role]);
			mvaddstr(y, x, c->glyph);
		}
	}
	attrset(A_NORMAL);
	if (g->cursor_y >= 0) {
		move(g->cursor_y, g->cursor_x);
		curs_set(1);
	} else {
		curs_set(0);
	}
	wnoutrefresh(stdscr);
	doupdate();
}

struct ui_term_event
ui_term_read(void)
{
	struct ui_term_event ev = {.key = getch()};
	if (ev.key == KEY_MOUSE) {
		MEVENT me;
		if (getmouse(&me) == OK &&
		    (me.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED))) {
			ev.click = true;
			ev.click_y = me.y;
			ev.click_x = me.x;
		}
	}
	return ev;
}
