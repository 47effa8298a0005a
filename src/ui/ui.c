/*
 * The UI's start.  Options pick the game, the players, the set-up and the
 * looks; then the screens go on the stack (ui/screen.h: the game screen,
 * and the menu over it when no game was named) and the one loop
 * (screen.c) runs them, redrawing at most UI_FPS times a second.  The
 * headless mode (--screen-dump) runs the same screens on keys from a file
 * and prints the virtual screen, so screen tests need no terminal.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/exit.h"
#include "core/pool.h"
#include "core/registry.h"
#include "core/text.h"
#include "search/level.h"
#include "play/who.h"
#include "search/search.h"
#include "ui/analysis.h"
#include "ui/app.h"
#include "ui/drill.h"
#include "ui/game-screen.h"
#include "ui/help.h"
#include "ui/keylists.h"
#include "ui/library.h"
#include "ui/lobby.h"
#include "ui/menu.h"
#include "ui/online.h"
#include "ui/options.h"
#include "ui/play.h"
#include "ui/practise.h"
#include "ui/restricted.h"
#include "ui/rules.h"
#include "ui/review.h"
#include "ui/save.h"
#include "ui/script.h"
#include "ui/term.h"
#include "ui/trainer.h"
#include "ui/ui.h"

/* Redraws per second at most. */
static const int UI_FPS = 20;

/* Transposition table of the UI's engine, MiB. */
static const size_t UI_DEFAULT_HASH_MB = 64;

/* Depth of the analysis in the headless mode, where it must end. */
static const int UI_HEADLESS_ANALYSIS_DEPTH = 2;

/* What --help-keys prints. */
enum { UI_HELP_KEYS_NONE, UI_HELP_KEYS_TEXT, UI_HELP_KEYS_MDOC };

struct ui_start {
	const char *word; /* GAME or FILE */
	bool resume;
	/* --p1, --p2 (given[i]): a human, or the engine at a level (0: at
	 * the --level); otherwise the defaults, a human against the engine. */
	struct who who[2];
	bool who_given[2];
	int level;
	bool random_setup;
	uint64_t seed;
	const char *pieces;
	int help_keys;    /* UI_HELP_KEYS_* */
	const char *from; /* --from: practise this record's mistakes */
	int player;       /* --player: whose (1 or 2; 0: the record's) */
	/* `tabula puzzle GAME`: the trainer on this game's puzzles. */
	const struct game_ops *puzzles;
};

static void
ui_usage(FILE *out)
{
	fprintf(out,
	        "usage: tabula [GAME | FILE | --resume] [UI OPTIONS]\n"
	        "  WHO is human, engine or engine:LEVEL (1..%d); the UI "
	        "options:\n",
	        UI_LEVELS);
	ui_options_print(out);
}

void
ui_print_options(FILE *out)
{
	ui_options_print(out);
}

/* --p1, --p2: a human, or the engine at a level or at the --level (level
 * 0; play/who.h), but no other player and no limits. */
static bool
ui_parse_who(const char *text, struct who *w, bool *given)
{
	char err[256];
	if (!who_parse(text, 0, w, err, sizeof err))
		return false;
	*given = w->kind == WHO_HUMAN ||
	         (w->kind == WHO_ENGINE &&
	          (w->level > 0 || (w->lim.depth == 0 && w->lim.nodes == 0 &&
	                            w->lim.movetime_ms == 0)));
	return *given;
}

/* An option of what to start (the game, the players, the set-up);
 * 1 when taken, 0 when its value is wrong, -1 when it is not one. */
static int
ui_take_start_option(int opt, const char *arg, struct ui_start *st)
{
	long v;
	switch (opt) {
	case OPT_P1:
	case OPT_P2:
		return ui_parse_who(arg, &st->who[opt - OPT_P1],
		                    &st->who_given[opt - OPT_P1]);
	case OPT_LEVEL:
		if (!text_to_long(arg, 1, UI_LEVELS, &v))
			return 0;
		st->level = (int)v;
		return 1;
	case OPT_SEED:
		if (!text_to_long(arg, 0, 0x7fffffffL, &v))
			return 0;
		st->seed = (uint64_t)v;
		return 1;
	case OPT_RANDOM:
		st->random_setup = true;
		return 1;
	case OPT_PIECES:
		st->pieces = arg;
		return 1;
	case OPT_RESUME:
		st->resume = true;
		return 1;
	case OPT_FROM:
		st->from = arg;
		return 1;
	case OPT_PLAYER:
		if (!text_to_long(arg, 1, 2, &v))
			return 0;
		st->player = (int)v;
		return 1;
	case OPT_HELP_KEYS:
		/* Text for people; =mdoc for the man page's list. */
		st->help_keys = arg == NULL                ? UI_HELP_KEYS_TEXT
		                : strcmp(arg, "mdoc") == 0 ? UI_HELP_KEYS_MDOC
		                                           : UI_HELP_KEYS_NONE;
		return st->help_keys != UI_HELP_KEYS_NONE;
	default:
		return -1;
	}
}

/* An option of the analysis and the engine; as above. */
static int
ui_take_engine_option(int opt, const char *arg, struct ui_options *o)
{
	long v;
	switch (opt) {
	case OPT_NO_ANALYSIS:
		o->analysis = false;
		return 1;
	case OPT_MULTIPV:
		if (!text_to_long(arg, 1, UI_ENGINE_MAX_LINES, &v))
			return 0;
		o->multipv = (int)v;
		return 1;
	case OPT_DEPTH:
		if (!text_to_long(arg, 0, SEARCH_MAX_DEPTH, &v))
			return 0;
		o->analysis_depth = (int)v;
		return 1;
	case OPT_TIME:
		if (!text_to_long(arg, 0, UI_MAX_ANALYSIS_TIME, &v))
			return 0;
		o->analysis_time = (int)v;
		return 1;
	case OPT_HASH:
		if (!text_to_long(arg, 1, 4096, &v))
			return 0;
		o->hash_mb = (size_t)v;
		return 1;
	case OPT_THREADS:
		if (!text_to_long(arg, 1, SEARCH_MAX_THREADS, &v))
			return 0;
		o->threads = (int)v;
		return 1;
	default:
		return -1;
	}
}

/* An option of the looks and the screen dump; false when it is wrong. */
static bool
ui_take_look_option(int opt, const char *arg, struct ui_options *o)
{
	switch (opt) {
	case OPT_ASCII:
		o->ascii = true;
		return true;
	case OPT_UNITS:
		o->units = true;
		return true;
	case OPT_THEME:
		o->light = strcmp(arg, "light") == 0;
		return o->light || strcmp(arg, "dark") == 0;
	case OPT_COLOR:
		o->color = strcmp(arg, "never") == 0    ? UI_COLOR_NEVER
		           : strcmp(arg, "always") == 0 ? UI_COLOR_ALWAYS
		           : strcmp(arg, "auto") == 0   ? UI_COLOR_AUTO
		                                        : -1;
		return o->color >= 0;
	case OPT_DUMP:
		/* A script never touches the saved game (only its own `w`). */
		o->script = arg;
		o->no_save = true;
		return true;
	case OPT_SIZE:
		return sscanf(arg, "%dx%d", &o->dump_width, &o->dump_height) ==
		               2 &&
		       o->dump_width > 0 && o->dump_height > 0 &&
		       o->dump_width <= 1000 && o->dump_height <= 1000;
	case OPT_NO_SAVE:
		o->no_save = true;
		return true;
	case OPT_ELO: {
		long v;
		if (!text_to_long(arg, 1, WHO_MAX_ELO, &v))
			return false;
		o->elo = (int)v;
		return true;
	}
	case OPT_RESTRICTED:
		o->restricted = true;
		return true;
	default:
		return false;
	}
}

/* One option; false (with a message) when it is wrong. */
static bool
ui_take_option(int opt, const char *arg, struct ui_options *o,
               struct ui_start *st)
{
	int taken = ui_take_start_option(opt, arg, st);
	if (taken < 0)
		taken = ui_take_engine_option(opt, arg, o);
	if (taken < 0)
		return ui_take_look_option(opt, arg, o);
	return taken == 1;
}

static int
ui_parse_args(int argc, char **argv, struct ui_options *o, struct ui_start *st)
{
	optind = 1;
	opterr = 0;
	int opt, index = 0;
	const struct option *options = ui_options_getopt();
	while ((opt = getopt_long(argc, argv, "", options, &index)) != -1) {
		if (opt == '?' || !ui_take_option(opt, optarg, o, st)) {
			/* The option by its name: argv[optind - 1] is its value
			 * when that came as a word of its own. */
			if (opt == '?')
				fprintf(stderr, "tabula: unknown option '%s'\n",
				        argv[optind - 1]);
			else
				fprintf(stderr,
				        "tabula: bad value '%s' for --%s\n",
				        optarg ? optarg : "",
				        ui_options_name(index));
			ui_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc)
		st->word = argv[optind++];
	if (st->from != NULL && (st->word != NULL || st->resume)) {
		fprintf(stderr, "tabula: --from opens its own file: no GAME, "
		                "FILE or --resume beside it\n");
		return EXIT_USAGE;
	}
	if (optind < argc) {
		fprintf(stderr, "tabula: unexpected '%s'\n", argv[optind]);
		ui_usage(stderr);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* The engine's level in a game of ops: --level, else --elo's, else 0. */
static int
ui_start_level(const struct ui_app *app, const struct ui_start *st,
               const struct game_ops *ops)
{
	if (st->level > 0)
		return st->level;
	return app->opt.elo > 0 ? level_for_elo(ops, app->opt.elo) : 0;
}

/* Who plays each side of a game of ops, as the command line says: 0 a
 * human, else a level (ui_start_level's, else the game's default). */
static void
ui_start_who(const struct ui_app *app, const struct ui_start *st,
             const struct game_ops *ops, int who[2])
{
	int level = ui_start_level(app, st, ops);
	if (level == 0)
		level = ui_default_level(ops);
	who[0] = 0;
	who[1] = level;
	for (int i = 0; i < 2; i++) {
		const struct who *w = &st->who[i];
		if (st->who_given[i])
			who[i] = w->kind == WHO_HUMAN ? 0
			         : w->level > 0       ? w->level
			                              : level;
	}
}

/* Opens the game the command line asks for (or leaves the menu up). */
static bool
ui_open_start(struct ui_app *app, const struct ui_start *st, char *err,
              size_t err_size)
{
	char path[1024];
	const char *file = NULL;
	if (st->from != NULL)
		return ui_practise_file(app, st->from, st->player - 1, true,
		                        err, err_size);
	if (st->puzzles != NULL)
		return ui_trainer_start(app, st->puzzles, true, err, err_size);
	if (st->resume) {
		if (!ui_save_path(path, sizeof path, false, err, err_size))
			return false;
		file = path;
	} else if (st->word != NULL && registry_find(st->word) == NULL) {
		file = st->word;
	}
	if (file != NULL) {
		if (!ui_play_load(app, file, err, err_size))
			return false;
		/* --p1 and --p2 over the record's players, and --level or
		 * --elo for its engines. */
		const struct game_ops *ops = app->game.session.ops;
		int who[2], level = ui_start_level(app, st, ops);
		ui_start_who(app, st, ops, who);
		for (int i = 0; i < 2; i++)
			if (!st->who_given[i])
				who[i] = level > 0 && ui_play_engine_plays(app,
				                                           i)
				                 ? level
				                 : -1;
		ui_play_set_players(app, who);
		return true;
	}
	if (st->word == NULL) {
		/* The menu over the (empty) game screen. */
		ui_screen_push(&app->host, &ui_screen_game, app);
		ui_screen_show(&app->host, &ui_screen_menu, app);
		return true;
	}
	const struct game_ops *ops = registry_find(st->word);
	int who[2];
	ui_start_who(app, st, ops, who);
	return ui_menu_start(app, ops, who, st->random_setup, st->seed,
	                     st->pieces, err, err_size);
}

static void
ui_app_free(struct ui_app *app)
{
	ui_think_free(app);
	ui_drill_free(app);
	ui_trainer_free(app);
	ui_review_free(app);
	ui_analysis_free(app);
	ui_play_free(app);
	ui_screen_close_all(&app->host);
	ui_grid_free(&app->host.grid);
}

/* Saves the game (quitting, a hang-up); when that fails (a full disk),
 * keeps it in a file of its own, or else prints it, and returns false:
 * the UI then ends with a failure, never silently without the game. */
static bool
ui_final_save(struct ui_app *app)
{
	char err[1024], why[1024], path[4096];
	/* A room's game is the room server's to keep. */
	if (!app->game.have || ui_online_in_room(app) ||
	    ui_play_save(app, NULL, err, sizeof err))
		return true;
	fprintf(stderr, "tabula: could not save the game: %s\n", err);
	const struct ui_game *game = &app->game;
	if (ui_save_elsewhere(&game->session, &game->meta, path, sizeof path,
	                      why, sizeof why)) {
		fprintf(stderr, "tabula: the game is kept in %s\n", path);
		return false;
	}
	fprintf(stderr, "tabula: nor in a file of its own (%s); the game:\n",
	        why);
	if (!record_write(stderr, &game->session, &game->meta, why, sizeof why))
		fprintf(stderr, "tabula: %s\n", why);
	return false;
}

static int
ui_run_terminal(struct ui_app *app)
{
	char err[512];
	/* The screen tests' log of texts shortened (tabula(6),
	 * ENVIRONMENT). */
	const char *cuts = getenv("TABULA_CUTS_LOG");
	if (cuts != NULL && cuts[0] != '\0' &&
	    !ui_screen_log_cuts(&app->host, cuts, err, sizeof err)) {
		fprintf(stderr, "tabula: TABULA_CUTS_LOG=%s\n", err);
		return EXIT_FAILURE_RUN;
	}
	if (!ui_screen_run(&app->host, app->opt.color, app->opt.light, UI_FPS,
	                   err, sizeof err)) {
		fprintf(stderr, "tabula: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	if (app->host.cuts_log != NULL)
		fclose(app->host.cuts_log);
	if (!ui_final_save(app))
		return EXIT_FAILURE_RUN;
	return app->host.exit_status;
}

/* Every core, but one thread in the headless mode, whose analysis must
 * give the same screens each run. */
static int
ui_default_threads(bool headless)
{
	int n = headless ? 1 : pool_processors();
	return n < SEARCH_MAX_THREADS ? n : SEARCH_MAX_THREADS;
}

static void
ui_defaults(struct ui_options *o, struct ui_start *st)
{
	memset(o, 0, sizeof *o);
	memset(st, 0, sizeof *st);
	o->analysis = true;
	o->multipv = 1;
	o->analysis_time = UI_DEFAULT_ANALYSIS_TIME;
	o->hash_mb = UI_DEFAULT_HASH_MB;
	o->dump_width = 80;
	o->dump_height = 24;
}

/* The shared account (restricted.c): no path on the command line, and
 * the key's own state directory; false with a message. */
static bool
ui_restrict(struct ui_options *o, const struct ui_start *st, char *err,
            size_t err_size)
{
	o->restricted = o->restricted || ui_restricted_detect();
	if (!o->restricted)
		return true;
	if ((st->word != NULL && registry_find(st->word) == NULL) ||
	    st->pieces != NULL || o->script != NULL || st->from != NULL) {
		snprintf(err, err_size,
		         "the shared account opens no files (FILE, --pieces, "
		         "--screen-dump, --from)");
		return false;
	}
	return ui_restricted_state(err, err_size);
}

/* The UI on the command line's words; with puzzles, the puzzle trainer
 * on that game instead of the game or the menu the words name. */
static int
ui_main_as(int argc, char **argv, const struct game_ops *puzzles)
{
	struct ui_options opt;
	struct ui_start st;
	ui_defaults(&opt, &st);
	int rc = ui_parse_args(argc, argv, &opt, &st);
	if (rc != EXIT_OK)
		return rc;
	st.puzzles = puzzles;
	char why[1024];
	if (!ui_restrict(&opt, &st, why, sizeof why)) {
		fprintf(stderr, "tabula: %s\n", why);
		return EXIT_FAILURE_RUN;
	}
	if (st.help_keys != UI_HELP_KEYS_NONE) {
		ui_keylists_print(stdout, st.help_keys == UI_HELP_KEYS_MDOC);
		return EXIT_OK;
	}
	static struct ui_app app;
	app.screens = (struct ui_screens){
	        .game = &ui_screen_game,
	        .menu = &ui_screen_menu,
	        .help = &ui_screen_help,
	        .lobby = &ui_screen_lobby,
	        .leaders = &ui_screen_leaders,
	        .library = &ui_screen_library,
	        .rules = &ui_screen_rules,
	};
	app.opt = opt;
	app.headless = opt.script != NULL;
	if (app.headless) {
		ui_clock_freeze();
		if (opt.analysis_depth == 0)
			app.opt.analysis_depth = UI_HEADLESS_ANALYSIS_DEPTH;
		app.opt.analysis_time = 0; /* the depth ends it, the same
		                              way each run */
	}
	if (app.opt.threads == 0)
		app.opt.threads = ui_default_threads(app.headless);
	app.glyphs = ui_term_glyphs(opt.ascii || !ui_term_locale_utf8());
	app.host.grid.ellipsis = app.glyphs->ellipsis;
	bool moves = ui_play_init(&app);
	char err[1024];
	bool engine = ui_analysis_init(&app, err, sizeof err);
	if (!moves || !engine ||
	    !ui_grid_resize(&app.host.grid, opt.dump_width, opt.dump_height)) {
		fprintf(stderr, "tabula: %s\n", engine ? "out of memory" : err);
		ui_app_free(&app);
		return EXIT_FAILURE_RUN;
	}
	if (!ui_open_start(&app, &st, err, sizeof err)) {
		fprintf(stderr, "tabula: %s\n", err);
		ui_app_free(&app);
		return EXIT_FAILURE_RUN;
	}
	rc = app.headless ? ui_script_run(&app, opt.script)
	                  : ui_run_terminal(&app);
	ui_app_free(&app);
	return rc;
}

int
ui_main(int argc, char **argv)
{
	return ui_main_as(argc, argv, NULL);
}

int
ui_main_puzzles(int argc, char **argv, const struct game_ops *ops)
{
	return ui_main_as(argc, argv, ops);
}
