/*
 * `tabula engine`: the command loop and the commands that need no search.
 * A command that fails prints one "info string error: ..." line and leaves
 * the engine's state exactly as it was.
 */
#include "config.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/registry.h"
#include "search/search.h"
#include "uci/engine.h"
#include "uci/engine-go.h"
#include "uci/engine-input.h"
#include "uci/engine-job.h"
#include "core/text.h"

enum { ENGINE_ERR_MAX = 512, ENGINE_MAX_PERFT_DEPTH = 32 };

void
engine_reply(struct engine *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	pthread_mutex_lock(&e->out_lock);
	vfprintf(e->out, fmt, ap);
	fputc('\n', e->out);
	fflush(e->out);
	pthread_mutex_unlock(&e->out_lock);
	va_end(ap);
}

void
engine_error(struct engine *e, const char *fmt, ...)
{
	char msg[ENGINE_ERR_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	engine_reply(e, "info string error: %s", msg);
}

/* The blanks between the protocol's words: isspace's in the C locale. */
static const char ENGINE_BLANKS[] = " \t\n\v\f\r";

/* Splits off the next word of *rest; NULL at the end. */
static char *
engine_next_word(char **rest)
{
	return text_next_word(rest, ENGINE_BLANKS);
}

static char *
engine_trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

static void
engine_cmd_isready(struct engine *e, char *args)
{
	(void)args;
	engine_reply(e, "readyok");
}

/* A fresh session at the start position of the current game and set-up. */
static bool
engine_new_session(struct engine *e, const struct game_ops *ops)
{
	struct game_setup setup = {.seed = (uint64_t)e->options.seed};
	struct session fresh;
	if (!session_init(&fresh, ops, &setup)) {
		engine_error(e, "out of memory");
		return false;
	}
	session_swap(&e->session, &fresh);
	session_free(&fresh);
	return true;
}

static void
engine_set_game(struct engine *e, const char *value, long v)
{
	(void)v;
	const struct game_ops *ops = registry_find(value);
	if (ops == NULL)
		engine_error(e, "unknown game '%s'", value);
	else
		engine_new_session(e, ops);
}

static void
engine_set_hash(struct engine *e, const char *value, long v)
{
	(void)value;
	e->options.hash_mb = (int)v;
}

static void
engine_set_threads(struct engine *e, const char *value, long v)
{
	(void)value;
	e->options.threads = (int)v;
}

static void
engine_set_multipv(struct engine *e, const char *value, long v)
{
	(void)value;
	e->options.multipv = (int)v;
}

/* A new seed is a new set-up: the game starts again with it. */
static void
engine_set_seed(struct engine *e, const char *value, long v)
{
	(void)value;
	e->options.seed = v;
	if (e->session.ops != NULL)
		engine_new_session(e, e->session.ops);
}

static void
engine_set_limit_strength(struct engine *e, const char *value, long v)
{
	(void)value;
	e->options.limit_strength = v != 0;
}

static void
engine_set_elo(struct engine *e, const char *value, long v)
{
	(void)value;
	e->options.elo = (int)v;
}

enum engine_option_kind {
	ENGINE_OPTION_COMBO, /* Game: one of the registry's names */
	ENGINE_OPTION_SPIN,  /* a number in min..max */
	ENGINE_OPTION_CHECK  /* true or false (def 1 or 0) */
};

/* The options, listed once: `uci` lists them from this table, setoption
 * parses with it and engine_run takes the defaults from it (ENGINE
 * PROTOCOL in tabula(6)).  UCI_LimitStrength and UCI_Elo are named as
 * chess GUIs know them. */
static const struct engine_option {
	const char *name;
	enum engine_option_kind kind;
	long def, min, max; /* spin and check */
	const char *unit;   /* after the range in the error, "" for none */
	void (*set)(struct engine *e, const char *value, long v);
} engine_options[] = {
        {"Game", ENGINE_OPTION_COMBO, 0, 0, 0, "", engine_set_game},
        {"Hash", ENGINE_OPTION_SPIN, 64, 1, 4096, " MiB", engine_set_hash},
        {"MultiPV", ENGINE_OPTION_SPIN, 1, 1, 16, "", engine_set_multipv},
        {"Seed", ENGINE_OPTION_SPIN, 0, 0, 2147483647L, "", engine_set_seed},
        {"Threads", ENGINE_OPTION_SPIN, 1, 1, SEARCH_MAX_THREADS, "",
         engine_set_threads},
        {"UCI_LimitStrength", ENGINE_OPTION_CHECK, 0, 0, 1, "",
         engine_set_limit_strength},
        {"UCI_Elo", ENGINE_OPTION_SPIN, ENGINE_DEFAULT_ELO, 0, ENGINE_MAX_ELO,
         "", engine_set_elo},
};

enum { ENGINE_OPTION_COUNT = sizeof engine_options / sizeof engine_options[0] };

/* A check option's value: "true" (1) or "false" (0). */
static bool
engine_check_value(const char *value, long *v)
{
	if (strcasecmp(value, "true") == 0)
		*v = 1;
	else if (strcasecmp(value, "false") == 0)
		*v = 0;
	else
		return false;
	return true;
}

static void
engine_cmd_setoption(struct engine *e, char *args)
{
	char *word = engine_next_word(&args);
	if (word == NULL || strcasecmp(word, "name") != 0) {
		engine_error(e, "usage: setoption name <name> value <value>");
		return;
	}
	char *name = engine_next_word(&args);
	char *value_kw = engine_next_word(&args);
	char *value = engine_trim(args);
	if (name == NULL || value_kw == NULL ||
	    strcasecmp(value_kw, "value") != 0 || *value == '\0') {
		engine_error(e, "usage: setoption name <name> value <value>");
		return;
	}
	for (size_t i = 0; i < ENGINE_OPTION_COUNT; i++) {
		const struct engine_option *o = &engine_options[i];
		if (strcasecmp(name, o->name) != 0)
			continue;
		long v = 0;
		if (o->kind == ENGINE_OPTION_SPIN &&
		    !text_to_long(value, o->min, o->max, &v))
			engine_error(e, "%s must be %ld..%ld%s, not '%s'",
			             o->name, o->min, o->max, o->unit, value);
		else if (o->kind == ENGINE_OPTION_CHECK &&
		         !engine_check_value(value, &v))
			engine_error(e, "%s must be true or false, not '%s'",
			             o->name, value);
		else
			o->set(e, value, v);
		return;
	}
	engine_error(e, "unknown option '%s'", name);
}

static void
engine_cmd_hello(struct engine *e, char *args, const char *ok)
{
	(void)args;
	engine_reply(e, "id name tabula %s", PACKAGE_VERSION);
	engine_reply(e, "id author The tabula developers");
	for (size_t i = 0; i < ENGINE_OPTION_COUNT; i++) {
		const struct engine_option *o = &engine_options[i];
		if (o->kind == ENGINE_OPTION_SPIN) {
			engine_reply(e,
			             "option name %s type spin default %ld min "
			             "%ld max %ld",
			             o->name, o->def, o->min, o->max);
			continue;
		}
		if (o->kind == ENGINE_OPTION_CHECK) {
			engine_reply(e, "option name %s type check default %s",
			             o->name, o->def ? "true" : "false");
			continue;
		}
		char combo[256] = "";
		size_t n = 0;
		for (size_t k = 0; registry_at(k) != NULL && n < sizeof combo;
		     k++)
			n += (size_t)snprintf(combo + n, sizeof combo - n,
			                      " var %s", registry_at(k)->name);
		engine_reply(e, "option name %s type combo default %s%s",
		             o->name, e->session.ops->name, combo);
	}
	engine_reply(e, "%s", ok);
}

static void
engine_cmd_ugi(struct engine *e, char *args)
{
	engine_cmd_hello(e, args, "ugiok");
}

static void
engine_cmd_uci(struct engine *e, char *args)
{
	engine_cmd_hello(e, args, "uciok");
}

static void
engine_cmd_newgame(struct engine *e, char *args)
{
	(void)args;
	engine_go_newgame(e);
	engine_new_session(e, e->session.ops);
}

/* Plays the space-separated moves of list on s; on an illegal move says
 * which and why, and returns false (s is then partly played). */
static bool
engine_play_list(struct engine *e, struct session *s, char *list)
{
	char *move;
	while ((move = engine_next_word(&list)) != NULL) {
		char err[ENGINE_ERR_MAX];
		if (!session_play_text(s, move, err, sizeof err)) {
			engine_error(e, "illegal move '%s' at ply %zu: %s",
			             move, s->ply + 1, err);
			return false;
		}
	}
	return true;
}

/* Finds the first of the keywords " moves " / " pieces " in args as a
 * whole word; returns a pointer to it or NULL. */
static char *
engine_find_keyword(char *args, const char *keyword)
{
	size_t len = strlen(keyword);
	for (char *s = args; (s = strstr(s, keyword)) != NULL; s += len) {
		bool starts = s == args || isspace((unsigned char)s[-1]);
		bool ends = s[len] == '\0' || isspace((unsigned char)s[len]);
		if (starts && ends)
			return s;
	}
	return NULL;
}

/* Cuts args at a keyword: returns what follows it (or NULL if absent) and
 * ends args before it. */
static char *
engine_cut_at(char *args, const char *keyword)
{
	char *at = engine_find_keyword(args, keyword);
	if (at == NULL)
		return NULL;
	*at = '\0';
	return at + strlen(keyword);
}

static void
engine_cmd_position(struct engine *e, char *args)
{
	char *moves = engine_cut_at(args, "moves");
	char *pieces = engine_cut_at(args, "pieces");
	char *kind = engine_next_word(&args);
	struct session s;
	struct game_setup setup = {.seed = (uint64_t)e->options.seed};
	if (!session_init(&s, e->session.ops, &setup)) {
		engine_error(e, "out of memory");
		return;
	}
	char err[ENGINE_ERR_MAX];
	bool ok = true;
	if (kind != NULL && strcmp(kind, "startpos") == 0 &&
	    *engine_trim(args) == '\0') {
		/* session_init already holds the start position */
	} else if (kind != NULL && strcmp(kind, "fen") == 0) {
		ok = session_set_fen(&s, engine_trim(args), err, sizeof err);
		if (!ok)
			engine_error(e, "bad position: %s", err);
	} else {
		ok = false;
		engine_error(e, "usage: position startpos|fen <position> "
		                "[pieces <letters>] [moves <move>...]");
	}
	if (ok && pieces != NULL) {
		ok = session_set_stream(&s, engine_trim(pieces), err,
		                        sizeof err);
		if (!ok)
			engine_error(e, "bad pieces: %s", err);
	}
	if (ok && moves != NULL)
		ok = engine_play_list(e, &s, moves);
	if (ok)
		session_swap(&e->session, &s);
	session_free(&s);
}

static void
engine_cmd_moves(struct engine *e, char *args)
{
	(void)args;
	const struct game_ops *ops = e->session.ops;
	const struct game_pos *pos = session_current(&e->session);
	game_move *list = malloc(GAME_MAX_MOVES * sizeof *list);
	size_t cap = (size_t)GAME_MAX_MOVES * 40 + 32;
	char *line = malloc(cap);
	if (list == NULL || line == NULL) {
		free(list);
		free(line);
		engine_error(e, "out of memory");
		return;
	}
	int n = ops->gen_moves(pos, list);
	size_t used = (size_t)snprintf(line, cap, "moves %d", n);
	for (int i = 0; i < n && used < cap; i++) {
		char text[GAME_TEXT_MAX];
		ops->format_move(pos, list[i], text, sizeof text);
		used += (size_t)snprintf(line + used, cap - used, " %s", text);
	}
	engine_reply(e, "%s", line);
	free(list);
	free(line);
}

static void
engine_cmd_display(struct engine *e, char *args)
{
	(void)args;
	const struct game_ops *ops = e->session.ops;
	const struct game_pos *pos = session_current(&e->session);
	char text[GAME_TEXT_MAX];
	ops->render_text(pos, text, sizeof text);
	/* One reply per diagram line keeps the one-line-per-write rule. */
	char *rest = text, *line;
	while ((line = text_next_word(&rest, "\n")) != NULL)
		engine_reply(e, "%s", line);
	ops->format_pos(pos, text, sizeof text);
	engine_reply(e, "fen %s", text);
}

static void
engine_cmd_perft(struct engine *e, char *args)
{
	char *word = engine_next_word(&args);
	long depth;
	if (word == NULL || engine_next_word(&args) != NULL ||
	    !text_to_long(word, 0, ENGINE_MAX_PERFT_DEPTH, &depth)) {
		engine_error(e, "usage: perft <depth 0..%d>",
		             ENGINE_MAX_PERFT_DEPTH);
		return;
	}
	engine_job_perft(e, (int)depth);
}

static void
engine_cmd_bench(struct engine *e, char *args)
{
	(void)args;
	engine_job_bench(e);
}

static void
engine_cmd_play(struct engine *e, char *args)
{
	char *move = engine_trim(args);
	char err[ENGINE_ERR_MAX];
	if (*move == '\0') {
		engine_error(e, "usage: play <move>");
		return;
	}
	if (!session_play_text(&e->session, move, err, sizeof err))
		engine_error(e, "illegal move '%s' at ply %zu: %s", move,
		             e->session.ply + 1, err);
}

static void
engine_cmd_undo(struct engine *e, char *args)
{
	(void)args;
	if (!session_undo(&e->session))
		engine_error(e, "no move to undo");
}

static const char *
engine_result_word(enum game_outcome outcome)
{
	switch (outcome) {
	case OUTCOME_P1_WINS:
		return "p1win";
	case OUTCOME_P2_WINS:
		return "p2win";
	case OUTCOME_DRAW:
		return "draw";
	case OUTCOME_ONGOING:
	case OUTCOME_FINISHED:
		break;
	}
	return "none";
}

static void
engine_cmd_query(struct engine *e, char *args)
{
	const struct game_ops *ops = e->session.ops;
	const struct game_pos *pos = session_current(&e->session);
	char *what = engine_next_word(&args);
	struct game_status st;
	ops->status(pos, &st);
	if (what != NULL && engine_next_word(&args) == NULL) {
		if (strcmp(what, "gameover") == 0) {
			engine_reply(e, "response %s",
			             st.outcome != OUTCOME_ONGOING ? "true"
			                                           : "false");
			return;
		}
		if (strcmp(what, "p1turn") == 0) {
			engine_reply(e, "response %s",
			             ops->side_to_move(pos) == 0 ? "true"
			                                         : "false");
			return;
		}
		if (strcmp(what, "result") == 0) {
			engine_reply(e, "response %s",
			             engine_result_word(st.outcome));
			return;
		}
	}
	engine_error(e, "usage: query gameover|p1turn|result");
}

static void
engine_cmd_go(struct engine *e, char *args)
{
	engine_go(e, args);
}

static void
engine_cmd_stop(struct engine *e, char *args)
{
	(void)args;
	engine_job_stop(e);
	engine_go_stop(e); /* without a search a no-op, as in UCI */
}

static void
engine_cmd_quit(struct engine *e, char *args)
{
	(void)args;
	engine_job_stop(e);
	e->quit = true;
}

/* What a command needs before it runs, so that a long perft, bench or
 * search never blocks the protocol and replies come in command order. */
enum engine_cmd_timing {
	ENGINE_AT_ONCE,      /* isready, stop, quit: answered during a job */
	ENGINE_AFTER_JOB,    /* waits for a running perft or bench */
	ENGINE_AFTER_SEARCH, /* changes the game or position: the running
	                        search ends (and says bestmove) first */
};

struct engine_command {
	const char *name;
	void (*run)(struct engine *e, char *args);
	enum engine_cmd_timing timing;
};

static const struct engine_command engine_commands[] = {
        {"ugi", engine_cmd_ugi, ENGINE_AFTER_JOB},
        {"uci", engine_cmd_uci, ENGINE_AFTER_JOB},
        {"isready", engine_cmd_isready, ENGINE_AT_ONCE},
        {"setoption", engine_cmd_setoption, ENGINE_AFTER_SEARCH},
        {"uginewgame", engine_cmd_newgame, ENGINE_AFTER_SEARCH},
        {"ucinewgame", engine_cmd_newgame, ENGINE_AFTER_SEARCH},
        {"position", engine_cmd_position, ENGINE_AFTER_SEARCH},
        {"moves", engine_cmd_moves, ENGINE_AFTER_JOB},
        {"d", engine_cmd_display, ENGINE_AFTER_JOB},
        {"perft", engine_cmd_perft, ENGINE_AFTER_JOB},
        {"play", engine_cmd_play, ENGINE_AFTER_SEARCH},
        {"undo", engine_cmd_undo, ENGINE_AFTER_SEARCH},
        {"query", engine_cmd_query, ENGINE_AFTER_JOB},
        {"go", engine_cmd_go, ENGINE_AFTER_JOB},
        {"bench", engine_cmd_bench, ENGINE_AFTER_JOB},
        {"stop", engine_cmd_stop, ENGINE_AT_ONCE},
        {"quit", engine_cmd_quit, ENGINE_AT_ONCE},
};

void
engine_handle_line(struct engine *e, char *line)
{
	char *rest = line;
	char *name = engine_next_word(&rest);
	if (name == NULL)
		return;
	for (size_t i = 0;
	     i < sizeof engine_commands / sizeof engine_commands[0]; i++) {
		const struct engine_command *cmd = &engine_commands[i];
		if (strcmp(cmd->name, name) != 0)
			continue;
		if (cmd->timing != ENGINE_AT_ONCE)
			engine_job_wait(e);
		if (cmd->timing == ENGINE_AFTER_SEARCH)
			engine_go_finish(e);
		cmd->run(e, rest);
		return;
	}
	engine_job_wait(e);
	engine_error(e, "unknown command '%s'", name);
}

int
engine_run(FILE *in, FILE *out)
{
	struct engine e = {.out = out};
	for (size_t i = 0; i < ENGINE_OPTION_COUNT; i++)
		if (engine_options[i].kind != ENGINE_OPTION_COMBO)
			engine_options[i].set(&e, "", engine_options[i].def);
	pthread_mutex_init(&e.out_lock, NULL);
	if (!session_init(&e.session, registry_at(0), NULL)) {
		fprintf(stderr, "tabula engine: out of memory\n");
		pthread_mutex_destroy(&e.out_lock);
		return 1;
	}
	char *line = NULL;
	size_t cap = 0;
	struct engine_input input;
	if (engine_input_open(&input, in))
		e.input = &input;
	while (e.input == NULL && !e.quit && getline(&line, &cap, in) >= 0)
		engine_handle_line(&e, line); /* no pipe: a job is waited for */
	while (e.input != NULL && !e.quit &&
	       (line = engine_input_next(e.input)) != NULL) {
		engine_handle_line(&e, line);
		free(line);
		line = NULL;
	}
	/* End of input ends everything, after a short grace for what was
	 * asked last (`echo go depth 3 | tabula engine` still answers). */
	engine_job_finish_within(&e, ENGINE_EOF_GRACE_MS);
	engine_go_finish_within(&e, ENGINE_EOF_GRACE_MS);
	engine_go_shutdown(&e);
	if (e.input != NULL)
		engine_input_close(e.input);
	free(line);
	session_free(&e.session);
	pthread_mutex_destroy(&e.out_lock);
	return 0;
}
