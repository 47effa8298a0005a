/*
 * The searching half of the engine protocol: `go`, `stop`, the `info`
 * lines and `bestmove`.  The search runs on the searcher's worker thread
 * while the command loop keeps reading stdin, so isready, stop and quit
 * are answered during a search.
 */
#ifndef TABULA_UCI_ENGINE_GO_H
#define TABULA_UCI_ENGINE_GO_H

#include <stdbool.h>

#include "uci/engine.h"

/* `go [depth N] [nodes N] [movetime MS] [infinite] [p1time MS] [p2time MS]
 * [p1inc MS] [p2inc MS] [level N]`: starts searching the current position;
 * info lines and bestmove follow from the search thread. */
void engine_go(struct engine *e, char *args);

/* `stop`: ends a running search at once (its bestmove is still printed). */
void engine_go_stop(struct engine *e);

/* `uginewgame`: stops any search and forgets what earlier ones learnt. */
void engine_go_newgame(struct engine *e);

/* Stops a running search and waits for its bestmove: before anything that
 * changes the game or the position, so that every line of the old search
 * comes before the reply to the command that follows. */
void engine_go_finish(struct engine *e);

/* At end of input: lets a limited search go on for at most ms
 * milliseconds (so `echo go depth 3 | tabula engine` answers), then stops
 * it; an infinite one is stopped at once. */
void engine_go_finish_within(struct engine *e, int ms);

/* Before the loop ends: stops any search and frees the searcher. */
void engine_go_shutdown(struct engine *e);

#endif
