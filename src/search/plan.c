/*
 * The planner path of the search: one call of the game's own planner,
 * reported as a completed iteration whose depth is the length of its line.
 */
#include "config.h"

#include "core/clock.h"
#include "search/plan.h"

void
plan_run(const struct game_ops *ops, const struct game_pos *pos,
         search_report_fn report, void *ctx, struct alphabeta_result *result)
{
	int64_t start = clock_now_ms();
	struct search_info info = {.multipv = 1, .bound = BOUND_EXACT};
	info.pv_len = ops->plan(pos, info.pv, SEARCH_MAX_PV, &info.score);
	info.depth = info.seldepth = info.pv_len;
	info.nodes = (uint64_t)info.pv_len;
	info.time_ms = clock_now_ms() - start;
	*result = (struct alphabeta_result){
	        .has_move = info.pv_len > 0,
	        .best = info.pv_len > 0 ? info.pv[0] : 0,
	        .score = info.score,
	        .depth = info.depth,
	        .nodes = info.nodes,
	};
	if (report != NULL && info.pv_len > 0)
		report(ctx, &info);
}
