/*
 * A screen's keys, declared once (keytab.c).  Each screen keeps its keys
 * in one table of bindings: the keys, how the help shows them, what they
 * do and when they apply (htop's Action_setBindings is the model).  The
 * screen's key handler finds the binding in the table, the help screen
 * (`?`) lists the table, the footer hints come from it and the man page's
 * key lists are printed from it (tabula --help-keys=mdoc), so the four
 * cannot drift apart.  A binding that does not apply where it is pressed
 * (a piece key in Infexion, TZAAR's pass in Tetris) is neither taken nor
 * listed there.
 */
#ifndef TABULA_UI_KEYTAB_H
#define TABULA_UI_KEYTAB_H

#include <stdbool.h>
#include <stddef.h>

struct ui_app;

/* Keys of one binding, 0-terminated. */
#define UI_KEY_MAX 10

/* Classes of keys a binding may hold among its keys (below every curses
 * code): any digit, any printable character but space and `?` (typing
 * a name), a letter or digit (typing a code). */
enum { UI_KEYS_DIGIT = -2, UI_KEYS_TEXT = -3, UI_KEYS_ALNUM = -4 };

/* A binding's arg that stands for the key pressed itself. */
#define UI_KEY_PRESSED (-1000000)

/* What kind of thing a game-screen binding does, for the modes of the
 * game screen that refuse some (a room's game refuses the engine's
 * moves, a practice the analysis; tabula(6), Keys). */
enum ui_key_kind {
	UI_KIND_ANALYSIS = 1 << 0, /* the analysis panel and its lines */
	UI_KIND_AID = 1 << 1,      /* the engine's hint and line */
	UI_KIND_REVIEW = 1 << 2,   /* the review */
	UI_KIND_MARKS = 1 << 3,    /* jumps between marked moves */
	UI_KIND_PRACTISE = 1 << 4, /* practising the game's mistakes */
	UI_KIND_ENGINE = 1 << 5,   /* who plays, the engine's move now */
	UI_KIND_TAKEBACK = 1 << 6,
	UI_KIND_LINES = 1 << 7, /* variations entered and kept */
	UI_KIND_COMMENT = 1 << 8,
	UI_KIND_SAVE = 1 << 9,  /* a file written */
	UI_KIND_OPEN = 1 << 10, /* a file opened in the game's place */
	UI_KIND_LIBRARY = 1 << 11,
	/* What a position set to be solved (a practice, the puzzles)
	 * refuses: every aid, and anything that would take its place. */
	UI_KINDS_SOLVING = UI_KIND_ANALYSIS | UI_KIND_AID | UI_KIND_REVIEW |
	                   UI_KIND_MARKS | UI_KIND_PRACTISE | UI_KIND_ENGINE |
	                   UI_KIND_TAKEBACK | UI_KIND_LINES | UI_KIND_COMMENT |
	                   UI_KIND_SAVE | UI_KIND_OPEN | UI_KIND_LIBRARY,
};

struct ui_key {
	int keys[UI_KEY_MAX]; /* curses codes and UI_KEYS_* classes */
	const char *label;    /* as the help shows them: "h Left" */
	const char *help;     /* what they do, a short line */
	/* The footer's short form ("Enter open"); NULL: not in the footer. */
	const char *hint;
	/* What they do: run, or run_arg told arg (UI_KEY_PRESSED: the
	 * key pressed). */
	void (*run)(struct ui_app *app);
	void (*run_arg)(struct ui_app *app, int arg);
	int arg;
	/* Whether the binding works here and now; NULL: always. */
	bool (*applies)(const struct ui_app *app);
	unsigned kind; /* enum ui_key_kind bits; 0: none */
	/* Where it applies, for the man page's list, which has every
	 * binding ("Tetris": "Tetris: drop the piece"); NULL: anywhere. */
	const char *only;
};

/* A screen's table, or the keys of a mode over the game screen's. */
struct ui_keytab {
	const char *name;  /* the man page's block: "menu" */
	const char *title; /* the help's heading: "The menu" */
	const char *where; /* where a key refused is not one: "in the menu" */
	const struct ui_key *keys;
	size_t count;
	/* A mode's refusal of the game screen's key (of kind): the message,
	 * made in buf or not, or NULL when kind is allowed (NULL: none
	 * refused). */
	const char *(*refuses)(const struct ui_app *app, unsigned kind, int key,
	                       char *buf, size_t size);
};

#define UI_KEYTAB(name, title, where, table, refuses)                          \
	{                                                                      \
		name, title, where, table, sizeof table / sizeof table[0],     \
		        refuses                                                \
	}

/* What a listing is told, a binding at a time (the texts last only as
 * long as the call: a listing that keeps them copies them). */
typedef void (*ui_keyhelp_fn)(void *ctx, const char *keys, const char *what);

/* What a screen tells the help screen (`?`): headed sections of keys,
 * and paragraphs of text (screen.h: struct ui_screen_ops's help). */
struct ui_help_sink {
	void (*section)(void *ctx, const char *title);
	ui_keyhelp_fn key;
	void (*text)(void *ctx, const char *text);
	void *ctx;
};

/* Whether key is among the binding's keys (a class holds its keys). */
bool ui_key_holds(const struct ui_key *k, int key);
/* Whether the binding works for app (NULL: the man page, always). */
bool ui_key_applies(const struct ui_key *k, const struct ui_app *app);
/* Does what the binding does. */
void ui_key_run(const struct ui_key *k, struct ui_app *app, int key);

/* The first binding of t that holds key and applies, or NULL. */
const struct ui_key *ui_keytab_find(const struct ui_keytab *t,
                                    const struct ui_app *app, int key);
/* The first binding of t that holds key, applying or not, or NULL. */
const struct ui_key *ui_keytab_any(const struct ui_keytab *t, int key);
/* Finds key's binding and runs it; false when none applies. */
bool ui_keytab_take(const struct ui_keytab *t, struct ui_app *app, int key);
/* Whether a binding of t that applies holds one of k's keys (a mode's
 * table over the game screen's: the game's binding is then hidden). */
bool ui_keytab_overrides(const struct ui_keytab *t, const struct ui_app *app,
                         const struct ui_key *k);
/* Tells fn each binding of t that applies (app NULL: every one, the help
 * of those that apply in one game only after that game's name and a
 * colon, in buf's room). */
void ui_keytab_each(const struct ui_keytab *t, const struct ui_app *app,
                    ui_keyhelp_fn fn, void *ctx);
/* Tells sink t's title and each binding of t that applies. */
void ui_keytab_tell(const struct ui_keytab *t, const struct ui_app *app,
                    const struct ui_help_sink *sink);
/* The footer: the hints of the bindings that apply, two blanks apart,
 * as many as fit in width columns (then "? keys" when there is room and
 * some were left out). */
void ui_keytab_footer(const struct ui_keytab *t, const struct ui_app *app,
                      int width, char *buf, size_t size);
/* Says on the status line that key does nothing where (a key with no
 * letter by the name t's bindings give it: "Tab is not a key ..."). */
void ui_keytab_refuse(struct ui_app *app, const struct ui_keytab *t, int key,
                      const char *where);
/* A key on a screen whose keys are all in t: runs its binding, or says
 * it is no key t->where. */
void ui_keytab_key(const struct ui_keytab *t, struct ui_app *app, int key);

#endif
