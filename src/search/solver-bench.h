/*
 * The endgame solver's bench: the positions of an endgame file
 * (core/endgames.h), each given to the proof-number search (search/pns.h)
 * with a fixed budget of positions and a forgotten table, to prove a win
 * for the player who won the game from there.  The budget is counted in
 * positions, not time, so the number proven is a signature of the solver
 * and the game's rules (the same build always proves the same ones); the
 * time gives its speed.  How many are proven at each distance from the
 * end says how far ahead the solver sees.
 */
#ifndef TABULA_SEARCH_SOLVER_BENCH_H
#define TABULA_SEARCH_SOLVER_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/endgames.h"
#include "core/game.h"

/* Distances from the end are tallied up to this many plies (longer ones
 * in the last). */
enum { SOLVER_BENCH_DISTANCES = 64 };

struct solver_bench_result {
	int positions, proven, disproven;
	uint64_t expanded; /* positions expanded by all the attempts */
	int64_t time_ms;
	/* per distance from the end (plies): positions and proofs */
	int at[SOLVER_BENCH_DISTANCES], proven_at[SOLVER_BENCH_DISTANCES];
};

/* Tries every endgame of set for game ops with a budget of max_nodes
 * positions each; false if out of memory (err says so). */
bool solver_bench_run(const struct game_ops *ops, const struct endgame_set *set,
                      uint32_t max_nodes, struct solver_bench_result *res,
                      char *err, size_t err_size);

#endif
