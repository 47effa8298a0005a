/*
 * The UI's side of the search: a mailbox between the search thread and the
 * UI thread.  The search callbacks copy each report into the mailbox under
 * a mutex, bump a generation counter and write a byte to a self-pipe; the
 * UI's poll() loop wakes on the pipe, takes a snapshot and redraws.  The
 * UI never waits for the search: starting one stops the previous search
 * (which ends within a node or two) and returns.
 */
#ifndef TABULA_UI_ENGINE_H
#define TABULA_UI_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "search/search.h"

/* Lines the panel can show. */
#define UI_ENGINE_MAX_LINES 16

/* What the UI sees of the search: a copy taken under the mailbox lock. */
struct ui_engine_view {
	uint64_t generation; /* bumped by every report and every end */
	unsigned search;     /* which start these lines belong to */
	struct search_info lines[UI_ENGINE_MAX_LINES];
	int line_count; /* lines reported so far (multipv order) */
	bool finished;  /* the search ended */
	game_move best; /* its move, when finished and has_move */
	bool has_move;
};

struct ui_engine;

/* A searcher with hash_mb MiB and threads threads, and its mailbox; NULL
 * with a message. */
struct ui_engine *ui_engine_new(size_t hash_mb, int threads, char *err,
                                size_t err_size);

/* Stops the search and frees everything. */
void ui_engine_free(struct ui_engine *e);

/* The descriptor to poll for reports (readable when something arrived). */
int ui_engine_fd(const struct ui_engine *e);

/* Empties the self-pipe (after poll said it is readable). */
void ui_engine_drain(struct ui_engine *e);

/* Starts searching pos; returns the search's number.  A running search is
 * stopped first and its reports are ignored from now on. */
unsigned ui_engine_start(struct ui_engine *e, const struct game_ops *ops,
                         const struct game_pos *pos,
                         const struct search_limits *lim);

/* Asks the running search to end now (its move is still reported). */
void ui_engine_stop(struct ui_engine *e);

/* Blocks until the search is idle: only for the headless script mode. */
void ui_engine_wait(struct ui_engine *e);

/* Copies the mailbox into *out. */
void ui_engine_snapshot(struct ui_engine *e, struct ui_engine_view *out);

#endif
