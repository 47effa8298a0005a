/*
 * go, stop, info and bestmove.  The command loop owns struct engine; the
 * searcher's worker thread sees only a struct engine_go (the position being
 * searched and the output), which the loop writes only while no search
 * runs (searcher_wait comes first), so the two threads never share a
 * writable byte without the searcher's mutex ordering them.
 */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "core/text.h"
#include "uci/engine-go.h"
#include "search/level.h"
#include "search/search.h"
#include "search/winchance.h"

enum { ENGINE_GO_LINE_MAX = 16384 };

/* What the search thread reads: written by the command loop only between
 * searches. */
struct engine_go {
	struct engine *engine; /* for engine_reply, which locks */
	const struct game_ops *ops;
	struct game_pos root;
	int hash_mb;   /* the size the searcher's table has (loop only) */
	int threads;   /* the threads the searcher has (loop only) */
	bool infinite; /* the last go was infinite (loop only) */
};

/* Appends " word" to line if it fits. */
static void
engine_go_append(char *line, size_t *used, const char *word)
{
	if (*used < ENGINE_GO_LINE_MAX)
		*used += (size_t)snprintf(
		        line + *used, ENGINE_GO_LINE_MAX - *used, " %s", word);
}

/* "score cp X" or "score mate N", with UCI's bound words when the score
 * is only a bound, then "wdl W D L" (per mille, the side to move's view)
 * in a game with a win-chance map. */
static size_t
engine_go_score(char *buf, size_t size, const struct game_ops *ops, int side,
                const struct search_info *info)
{
	int plies;
	int n = search_score_is_mate(info->score, &plies)
	                ? snprintf(buf, size, "score mate %d", plies)
	                : snprintf(buf, size, "score cp %d", info->score);
	if (info->bound == BOUND_LOWER)
		n += snprintf(buf + n, size - (size_t)n, " lowerbound");
	else if (info->bound == BOUND_UPPER)
		n += snprintf(buf + n, size - (size_t)n, " upperbound");
	struct winchance_wdl wdl;
	if (winchance_wdl(ops, side, info->score, &wdl))
		n += snprintf(buf + n, size - (size_t)n, " wdl %d %d %d",
		              wdl.win, wdl.draw, wdl.loss);
	return (size_t)n;
}

static void
engine_go_report(void *ctx, const struct search_info *info)
{
	struct engine_go *g = ctx;
	char *line = malloc(ENGINE_GO_LINE_MAX);
	if (line == NULL)
		return;
	char score[64];
	engine_go_score(score, sizeof score, g->ops,
	                g->ops->side_to_move(&g->root), info);
	size_t used = (size_t)snprintf(
	        line, ENGINE_GO_LINE_MAX,
	        "info depth %d seldepth %d multipv %d %s nodes %" PRIu64
	        " nps %" PRIu64 " time %" PRId64 " pv",
	        info->depth, info->seldepth, info->multipv, score, info->nodes,
	        info->nps, info->time_ms);
	struct game_pos pos = g->root;
	for (int i = 0; i < info->pv_len; i++) {
		char text[GAME_TEXT_MAX];
		g->ops->format_move(&pos, info->pv[i], text, sizeof text);
		engine_go_append(line, &used, text);
		g->ops->play(&pos, info->pv[i]);
	}
	engine_reply(g->engine, "%s", line);
	free(line);
}

static void
engine_go_done(void *ctx, game_move best, bool has_move)
{
	struct engine_go *g = ctx;
	if (!has_move) {
		engine_reply(g->engine, "bestmove (none)");
		return;
	}
	char text[GAME_TEXT_MAX];
	g->ops->format_move(&g->root, best, text, sizeof text);
	engine_reply(g->engine, "bestmove %s", text);
}

static bool
engine_go_number(const char *word, int64_t min, int64_t max, int64_t *out)
{
	return word != NULL && text_to_i64(word, min, max, out);
}

/* Where a timed keyword's value goes, or NULL if word is not one. */
static int64_t *
engine_go_clock_slot(struct search_limits *lim, const char *word)
{
	static const struct {
		const char *name;
		int side;
		bool inc;
	} clocks[] = {
	        {"p1time", 0, false}, {"wtime", 0, false}, {"p2time", 1, false},
	        {"btime", 1, false},  {"p1inc", 0, true},  {"winc", 0, true},
	        {"p2inc", 1, true},   {"binc", 1, true},
	};
	for (size_t i = 0; i < sizeof clocks / sizeof clocks[0]; i++) {
		if (strcasecmp(word, clocks[i].name) == 0)
			return clocks[i].inc ? &lim->inc_ms[clocks[i].side]
			                     : &lim->time_ms[clocks[i].side];
	}
	return NULL;
}

static const int64_t ENGINE_GO_MAX_MS = INT64_C(1) << 40;
static const int64_t ENGINE_GO_MAX_NODES = INT64_C(1) << 60;

/* Reads one keyword (and its value) into lim for game ops; false with err
 * filled. */
static bool
engine_go_keyword(const struct game_ops *ops, struct search_limits *lim,
                  const char *word, const char *value, bool *used_value,
                  char *err, size_t size)
{
	int64_t v = 0, *slot;
	*used_value = true;
	if (strcasecmp(word, "infinite") == 0) {
		lim->infinite = true;
		*used_value = false;
		return true;
	}
	if (strcasecmp(word, "depth") == 0) {
		if (!engine_go_number(value, 1, SEARCH_MAX_DEPTH, &v))
			goto bad;
		lim->depth = (int)v;
	} else if (strcasecmp(word, "nodes") == 0) {
		if (!engine_go_number(value, 1, ENGINE_GO_MAX_NODES, &v))
			goto bad;
		lim->nodes = (uint64_t)v;
	} else if (strcasecmp(word, "movetime") == 0) {
		if (!engine_go_number(value, 1, ENGINE_GO_MAX_MS, &v))
			goto bad;
		lim->movetime_ms = v;
	} else if (strcasecmp(word, "movestogo") == 0) {
		/* Accepted for UCI referees; the clock plan does without. */
		if (!engine_go_number(value, 0, ENGINE_GO_MAX_MS, &v))
			goto bad;
	} else if (strcasecmp(word, "level") == 0) {
		if (!engine_go_number(value, LEVEL_MIN, LEVEL_MAX, &v))
			goto bad;
		level_limits(ops, (int)v, lim);
	} else if ((slot = engine_go_clock_slot(lim, word)) != NULL) {
		if (!engine_go_number(value, 0, ENGINE_GO_MAX_MS, &v))
			goto bad;
		*slot = v;
	} else {
		snprintf(err, size, "go: unknown word '%s'", word);
		return false;
	}
	return true;
bad:
	snprintf(err, size, "go: bad value '%s' for %s", value ? value : "",
	         word);
	return false;
}

enum { ENGINE_GO_MAX_WORDS = 64 };

static bool
engine_go_parse(const struct game_ops *ops, char *args,
                struct search_limits *lim, char *err, size_t size)
{
	char *words[ENGINE_GO_MAX_WORDS];
	int n = 0;
	char *w;
	while ((w = text_next_word(&args, " \t\r\n")) != NULL) {
		if (n == ENGINE_GO_MAX_WORDS) {
			snprintf(err, size, "go: more than %d words",
			         ENGINE_GO_MAX_WORDS);
			return false;
		}
		words[n++] = w;
	}
	for (int i = 0; i < n; i++) {
		const char *value = i + 1 < n ? words[i + 1] : NULL;
		bool used;
		if (!engine_go_keyword(ops, lim, words[i], value, &used, err,
		                       size))
			return false;
		if (used)
			i++;
	}
	return true;
}

/* The searcher and its context, made at the first go. */
static bool
engine_go_ready(struct engine *e)
{
	if (e->go == NULL) {
		e->go = calloc(1, sizeof *e->go);
		if (e->go == NULL)
			return false;
		e->go->engine = e;
	}
	if (e->searcher == NULL) {
		e->searcher =
		        searcher_new((size_t)e->options.hash_mb,
		                     engine_go_report, engine_go_done, e->go);
		if (e->searcher == NULL)
			return false;
		e->go->hash_mb = e->options.hash_mb;
		e->go->threads = 1;
	}
	return true;
}

void
engine_go(struct engine *e, char *args)
{
	struct search_limits lim = {0};
	/* A level chosen by Elo; the go words may still change it. */
	if (e->options.limit_strength &&
	    level_for_elo(e->session.ops, e->options.elo) > 0)
		level_limits(e->session.ops,
		             level_for_elo(e->session.ops, e->options.elo),
		             &lim);
	lim.multipv = e->options.multipv;
	char err[256];
	if (!engine_go_parse(e->session.ops, args, &lim, err, sizeof err)) {
		engine_error(e, "%s", err);
		return;
	}
	if (e->session.ops->players != 2 && e->session.ops->plan == NULL) {
		engine_error(e, "go: %s has no search", e->session.ops->name);
		return;
	}
	if (!engine_go_ready(e)) {
		engine_error(e, "out of memory");
		return;
	}
	/* The previous search must be over before its context changes. */
	searcher_stop(e->searcher);
	searcher_wait(e->searcher);
	if (e->go->hash_mb != e->options.hash_mb) {
		if (!searcher_set_hash(e->searcher, (size_t)e->options.hash_mb))
			engine_error(e,
			             "Hash %d MiB: out of memory, keeping %d",
			             e->options.hash_mb, e->go->hash_mb);
		else
			e->go->hash_mb = e->options.hash_mb;
	}
	if (e->go->threads != e->options.threads) {
		if (!searcher_set_threads(e->searcher, e->options.threads))
			engine_error(
			        e, "Threads %d: cannot start them, keeping %d",
			        e->options.threads, e->go->threads);
		else
			e->go->threads = e->options.threads;
	}
	e->go->ops = e->session.ops;
	e->go->root = *session_current(&e->session);
	e->go->infinite = lim.infinite;
	/* A weak level misjudges positions the same way for a whole game:
	 * its noise follows the game's start and the Seed option. */
	lim.noise_seed = level_game_seed(e->go->ops, &e->session.positions[0],
	                                 (uint64_t)e->options.seed);
	searcher_start(e->searcher, e->go->ops, &e->go->root, &lim);
}

void
engine_go_stop(struct engine *e)
{
	if (e->searcher != NULL)
		searcher_stop(e->searcher);
}

void
engine_go_newgame(struct engine *e)
{
	if (e->searcher != NULL)
		searcher_clear(e->searcher);
}

void
engine_go_finish(struct engine *e)
{
	if (e->searcher != NULL) {
		searcher_stop(e->searcher);
		searcher_wait(e->searcher);
	}
}

void
engine_go_finish_within(struct engine *e, int ms)
{
	const struct timespec tick = {0, 10 * 1000 * 1000};
	/* An infinite search would never end by itself. */
	if (e->searcher != NULL && !e->go->infinite) {
		for (int waited = 0; waited < ms && searcher_busy(e->searcher);
		     waited += 10)
			nanosleep(&tick, NULL);
	}
	engine_go_finish(e);
}

void
engine_go_shutdown(struct engine *e)
{
	engine_go_finish(e);
	if (e->searcher != NULL) {
		searcher_free(e->searcher);
		e->searcher = NULL;
	}
	free(e->go);
	e->go = NULL;
}
