/*
 * Bench positions are made, not stored: each game's start position and the
 * positions reached from it by BENCH_PLIES[i] moves drawn with a fixed
 * seed.  That needs no position strings per game, and still covers the
 * opening, the middle and (for short games) the end.  Depths are per game,
 * chosen so that the whole bench takes a few seconds.
 *
 * Games measured by playing instead (Tetris) offer their own bench in
 * their game interface (game_ops.bench); the callers run that one.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/clock.h"
#include "core/rng.h"
#include "search/alphabeta.h"
#include "search/bench.h"

static const int BENCH_PLIES[] = {0, 6, 14, 24, 36};
static const uint64_t BENCH_SEED = 20240521;
static const size_t BENCH_HASH_MB = 16;
static const int BENCH_DEFAULT_DEPTH = 4;

/* The game's own bench depth (struct game_caps), else the default. */
static int
bench_depth_of(const struct game_ops *ops)
{
	return ops->caps.bench_depth > 0 ? ops->caps.bench_depth
	                                 : BENCH_DEFAULT_DEPTH;
}

/* The position after plies seeded random moves, stopping short of a move
 * that would end the game (a finished position has nothing to search). */
static void
bench_position(const struct game_ops *ops, int plies, struct game_pos *pos)
{
	struct game_setup setup = {0};
	ops->init(pos, &setup);
	struct rng r;
	rng_seed(&r, BENCH_SEED);
	game_move moves[GAME_MAX_MOVES];
	for (int i = 0; i < plies; i++) {
		int n = ops->gen_moves(pos, moves);
		if (n == 0)
			break;
		struct game_pos next = *pos;
		ops->play(&next, moves[rng_below(&r, (uint32_t)n)]);
		struct game_status st;
		ops->status(&next, &st);
		if (st.outcome != OUTCOME_ONGOING)
			break;
		*pos = next;
	}
}

bool
bench_game(const struct game_ops *ops, int depth, int threads,
           bench_line_fn line, void *ctx, struct bench_result *res, char *err,
           size_t err_size)
{
	if (ops->players != 2) {
		snprintf(err, err_size, "%s has no positions to search",
		         ops->name);
		return false;
	}
	struct alphabeta *ab = alphabeta_new(BENCH_HASH_MB);
	if (ab == NULL) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	if (!alphabeta_set_threads(ab, threads)) {
		snprintf(err, err_size, "cannot start %d search threads",
		         threads);
		alphabeta_free(ab);
		return false;
	}
	struct search_limits lim = {0};
	lim.depth = depth > 0 ? depth : bench_depth_of(ops);
	int64_t t0 = clock_now_ms();
	int count = (int)(sizeof BENCH_PLIES / sizeof BENCH_PLIES[0]);
	for (int i = 0; i < count; i++) {
		struct game_pos pos;
		bench_position(ops, BENCH_PLIES[i], &pos);
		alphabeta_clear(ab);
		struct alphabeta_result r;
		alphabeta_run(ab, ops, &pos, &lim, NULL, NULL, NULL, &r);
		res->nodes += r.nodes;
		res->positions++;
		if (line != NULL)
			line(ctx, ops, i, lim.depth, r.nodes);
	}
	res->time_ms += clock_now_ms() - t0;
	alphabeta_free(ab);
	return true;
}
