/*
 * The search mailbox (see engine.h).  Searches are numbered by the UI thread
 * as it starts them; the searcher runs them one at a time and calls `done`
 * exactly once for each, in order, so the reports that arrive while `ended`
 * searches have finished belong to search number ended + 1.  Anything from
 * a search older than the latest start is dropped.
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/engine.h"

struct ui_engine {
	/* Its worker's descriptor is the UI's to poll (searcher_fd); the
	 * callbacks wake it. */
	struct searcher *searcher;

	/* Under lock: written by the callbacks (search thread), except
	 * `started`, which only the UI thread writes. */
	pthread_mutex_t lock;
	unsigned started; /* searches started so far */
	unsigned ended;   /* searches whose done has fired */
	struct ui_engine_view box;
};

static void
ui_engine_report(void *ctx, const struct search_info *info)
{
	struct ui_engine *e = ctx;
	pthread_mutex_lock(&e->lock);
	bool current = e->ended + 1 == e->started;
	int k = info->multipv > 0 ? info->multipv - 1 : 0;
	if (current && k < UI_ENGINE_MAX_LINES) {
		/* A new depth for line 1 starts a new set of lines. */
		if (k == 0 && e->box.line_count > 0 &&
		    info->depth != e->box.lines[0].depth)
			e->box.line_count = 1;
		e->box.lines[k] = *info;
		if (k + 1 > e->box.line_count)
			e->box.line_count = k + 1;
		e->box.generation++;
	}
	pthread_mutex_unlock(&e->lock);
	if (current)
		searcher_notify(e->searcher);
}

static void
ui_engine_done(void *ctx, game_move best, bool has_move)
{
	struct ui_engine *e = ctx;
	pthread_mutex_lock(&e->lock);
	e->ended++;
	bool current = e->ended == e->started;
	if (current) {
		e->box.finished = true;
		e->box.best = best;
		e->box.has_move = has_move;
		e->box.generation++;
	}
	pthread_mutex_unlock(&e->lock);
	if (current)
		searcher_notify(e->searcher);
}

struct ui_engine *
ui_engine_new(size_t hash_mb, int threads, char *err, size_t err_size)
{
	struct ui_engine *e = calloc(1, sizeof *e);
	if (e == NULL) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	pthread_mutex_init(&e->lock, NULL);
	e->searcher =
	        searcher_new(hash_mb, ui_engine_report, ui_engine_done, e);
	if (e->searcher == NULL) {
		snprintf(err, err_size,
		         "cannot start the search thread "
		         "(%zu MiB hash)",
		         hash_mb);
		ui_engine_free(e);
		return NULL;
	}
	if (!searcher_set_threads(e->searcher, threads)) {
		snprintf(err, err_size, "cannot start %d search threads",
		         threads);
		ui_engine_free(e);
		return NULL;
	}
	return e;
}

void
ui_engine_free(struct ui_engine *e)
{
	if (e == NULL)
		return;
	if (e->searcher != NULL)
		searcher_free(e->searcher);
	pthread_mutex_destroy(&e->lock);
	free(e);
}

int
ui_engine_fd(const struct ui_engine *e)
{
	return searcher_fd(e->searcher);
}

void
ui_engine_drain(struct ui_engine *e)
{
	searcher_drain(e->searcher);
}

unsigned
ui_engine_start(struct ui_engine *e, const struct game_ops *ops,
                const struct game_pos *pos, const struct search_limits *lim)
{
	/* Count the start before the searcher can report on it. */
	pthread_mutex_lock(&e->lock);
	unsigned number = ++e->started;
	memset(&e->box, 0, sizeof e->box);
	e->box.search = number;
	pthread_mutex_unlock(&e->lock);
	searcher_start(e->searcher, ops, pos, lim);
	return number;
}

void
ui_engine_stop(struct ui_engine *e)
{
	searcher_stop(e->searcher);
}

void
ui_engine_wait(struct ui_engine *e)
{
	searcher_wait(e->searcher);
}

void
ui_engine_snapshot(struct ui_engine *e, struct ui_engine_view *out)
{
	pthread_mutex_lock(&e->lock);
	*out = e->box;
	pthread_mutex_unlock(&e->lock);
}
