/*
 * The searching half of the engine protocol: `go`, `stop`, the `info`
 * lines and `bestmove`.  The search runs on the searcher's worker thread
 * while the command loop keeps reading stdin, so isready, stop and quit
 * are answered during a search.
 */
#ifndef TABULA_PROTO_ENGINE_GO_H
#define TABULA_PROTO_ENGINE_GO_H

#include <stdbool.h>

#include "proto/engine.h"

/* `go [depth N] [nodes N] [movetime MS] [infinite] [p1time MS] [p2time MS]
 * [p1inc MS] [p2inc MS] [level N]`: starts searching the current position;
 * info lines and bestmove follow from the search thread. */
void engine_go(struct engine *e, char *args);

/* `bench`: benches the current game, then "bench <nodes> nodes <nps> nps". */
void engine_go_bench(struct engine *e, char *args);

/* `stop`: ends a running search at once (its bestmove is still printed). */
void engine_go_stop(struct engine *e);

/* `uginewgame`: stops any search and forgets what earlier ones learnt. */
void engine_go_newgame(struct engine *e);

/* Before the loop ends: at quit stops the search; at end of input lets a
 * limited search finish (so `echo go depth 3 | tabula engine` answers).
 * Then frees the searcher. */
void engine_go_shutdown(struct engine *e, bool at_end_of_input);

#endif
