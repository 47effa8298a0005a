/*
 * The terminal UI's options, declared once (see options.h; tabula(6),
 * THE TERMINAL UI).
 */
#include "config.h"

#include <stdio.h>

#include "ui/options.h"

struct ui_option_def {
	const char *name;
	int has_arg; /* getopt_long's no_argument, required_argument, ... */
	int id;      /* OPT_* */
	const char *value; /* as the help shows it; NULL: none */
	const char *help;  /* NULL: not listed (another spelling) */
};

/* clang-format off */
static const struct ui_option_def UI_OPTION_DEFS[] = {
	{"resume", no_argument, OPT_RESUME, NULL,
	 "continue the last game (saved after every move)"},
	{"p1", required_argument, OPT_P1, "WHO",
	 "who plays the first side: human, engine or engine:LEVEL"},
	{"p2", required_argument, OPT_P2, "WHO", "who plays the second side"},
	{"level", required_argument, OPT_LEVEL, "N",
	 "the engine's strength, 1 to 10"},
	{"elo", required_argument, OPT_ELO, "N",
	 "the level nearest that Elo in the game"},
	{"seed", required_argument, OPT_SEED, "N",
	 "seed of a random TZAAR set-up and the Tetris pieces"},
	{"random-setup", no_argument, OPT_RANDOM, NULL,
	 "TZAAR: a random set-up from the seed"},
	{"pieces", required_argument, OPT_PIECES, "FILE",
	 "Tetris: the pieces, as letters OIZJLST"},
	{"no-analysis", no_argument, OPT_NO_ANALYSIS, NULL,
	 "start with the analysis panel off"},
	{"multipv", required_argument, OPT_MULTIPV, "N", "analysis lines"},
	{"analysis-depth", required_argument, OPT_DEPTH, "N",
	 "the analysis stops at this depth"},
	{"analysis-time", required_argument, OPT_TIME, "S",
	 "seconds an analysis runs (0: until stopped)"},
	{"hash", required_argument, OPT_HASH, "MB",
	 "the engine's table, 1 to 4096 MiB"},
	{"threads", required_argument, OPT_THREADS, "N",
	 "threads of the analysis and reviews"},
	{"ascii", no_argument, OPT_ASCII, NULL, "ASCII glyphs only"},
	{"units", no_argument, OPT_UNITS, NULL,
	 "scores in the game's units, not win chances"},
	{"color", required_argument, OPT_COLOR, "WHEN",
	 "colours: never, auto or always"},
	{"colour", required_argument, OPT_COLOR, "WHEN", NULL},
	{"theme", required_argument, OPT_THEME, "THEME",
	 "dark or light (a light terminal)"},
	{"no-save", no_argument, OPT_NO_SAVE, NULL,
	 "write no saved game, levels or menu file"},
	{"from", required_argument, OPT_FROM, "FILE",
	 "practise the ? and ?? moves of a saved game"},
	{"player", required_argument, OPT_PLAYER, "1|2",
	 "with --from: whose moves"},
	{"restricted", no_argument, OPT_RESTRICTED, NULL,
	 "the shared account's UI: no files"},
	{"screen-dump", required_argument, OPT_DUMP, "KEYS",
	 "no terminal: run a key script, print the screens"},
	{"size", required_argument, OPT_SIZE, "WxH",
	 "the screen size of --screen-dump (80x24)"},
	{"help-keys", optional_argument, OPT_HELP_KEYS, "[=mdoc]",
	 "print every screen's keys and exit"},
};
/* clang-format on */

enum {
	UI_OPTION_COUNT =
	        (int)(sizeof UI_OPTION_DEFS / sizeof UI_OPTION_DEFS[0])
};

const struct option *
ui_options_getopt(void)
{
	static struct option table[UI_OPTION_COUNT + 1];
	for (int i = 0; i < UI_OPTION_COUNT; i++)
		table[i] = (struct option){UI_OPTION_DEFS[i].name,
		                           UI_OPTION_DEFS[i].has_arg, NULL,
		                           UI_OPTION_DEFS[i].id};
	return table;
}

const char *
ui_options_name(int index)
{
	return index >= 0 && index < UI_OPTION_COUNT
	               ? UI_OPTION_DEFS[index].name
	               : "?";
}

void
ui_options_print(FILE *out)
{
	for (int i = 0; i < UI_OPTION_COUNT; i++) {
		const struct ui_option_def *d = &UI_OPTION_DEFS[i];
		char left[64];
		if (d->help == NULL)
			continue;
		snprintf(left, sizeof left, "--%s%s%s", d->name,
		         d->value && d->has_arg != optional_argument ? " " : "",
		         d->value ? d->value : "");
		fprintf(out, "  %-22s %s\n", left, d->help);
	}
}
