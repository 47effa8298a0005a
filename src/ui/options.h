/*
 * The terminal UI's options, declared once (options.c): each with its
 * value and one line of help, which both the parser (ui.c, through
 * getopt_long) and tabula --help (the "UI options" it lists) read.
 */
#ifndef TABULA_UI_OPTIONS_H
#define TABULA_UI_OPTIONS_H

#include <getopt.h>
#include <stdio.h>

enum {
	OPT_P1 = 256,
	OPT_P2,
	OPT_LEVEL,
	OPT_ELO,
	OPT_SEED,
	OPT_RANDOM,
	OPT_PIECES,
	OPT_NO_ANALYSIS,
	OPT_MULTIPV,
	OPT_DEPTH,
	OPT_HASH,
	OPT_THREADS,
	OPT_ASCII,
	OPT_UNITS,
	OPT_COLOR,
	OPT_THEME,
	OPT_DUMP,
	OPT_SIZE,
	OPT_NO_SAVE,
	OPT_RESUME,
	OPT_HELP_KEYS,
	OPT_TIME,
	OPT_RESTRICTED,
	OPT_FROM,
	OPT_PLAYER,
};

/* The options as getopt_long reads them, ended by a zero entry. */
const struct option *ui_options_getopt(void);
/* The long name of the option getopt_long found at index. */
const char *ui_options_name(int index);
/* Prints every option with its value and help, two columns, as tabula
 * --help lists them. */
void ui_options_print(FILE *out);

#endif
