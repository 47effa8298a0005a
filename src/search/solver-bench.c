/*
 * The endgame solver's bench: see search/solver-bench.h.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/clock.h"
#include "search/pns.h"
#include "search/solver-bench.h"

bool
solver_bench_run(const struct game_ops *ops, const struct endgame_set *set,
                 uint32_t max_nodes, struct solver_bench_result *res, char *err,
                 size_t err_size)
{
	memset(res, 0, sizeof *res);
	struct pns pns;
	if (!pns_init(&pns, PNS_SEARCH_TABLE)) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	struct pns_limits lim = {.max_nodes = max_nodes};
	int64_t t0 = clock_now_ms();
	for (size_t i = 0; i < set->count; i++) {
		const struct endgame *eg = &set->items[i];
		/* Each position from scratch: what one attempt learnt
		 * would help the next, and the order would count. */
		pns_forget(&pns);
		struct pns_result pr;
		pns_solve(&pns, ops, &eg->pos, eg->winner, &lim, &pr);
		int d = eg->to_end < SOLVER_BENCH_DISTANCES
		                ? eg->to_end
		                : SOLVER_BENCH_DISTANCES - 1;
		res->positions++;
		res->at[d]++;
		res->expanded += pr.expanded;
		if (pr.outcome == PNS_PROVEN) {
			res->proven++;
			res->proven_at[d]++;
		} else if (pr.outcome == PNS_DISPROVEN) {
			res->disproven++;
		}
	}
	res->time_ms = clock_now_ms() - t0;
	pns_free(&pns);
	return true;
}
