/*
 * The headless mode: keys from a file drive the UI with no terminal, and the
 * virtual screen is printed as text, for deterministic screen tests.
 */
#ifndef TABULA_UI_SCRIPT_H
#define TABULA_UI_SCRIPT_H

struct ui_app;

/* Runs the key script at path; prints the screen at each `dump` and at the
 * end; returns the exit status (1 with "path:line: message" on a bad key). */
int ui_script_run(struct ui_app *app, const char *path);

/* The key code of a key name in a script ("Enter", "Left", "x"), or -1. */
int ui_script_key(const char *name);

#endif
