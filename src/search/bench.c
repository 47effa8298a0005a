/*
 * Bench positions are made, not stored: each game's start position and the
 * positions reached from it by BENCH_PLIES[i] moves drawn with a fixed
 * seed.  That needs no position strings per game, and still covers the
 * opening, the middle and (for short games) the end.  Depths are per game,
 * chosen so that the whole bench takes a few seconds.
 *
 * Single-player games (Tetris) have their own searcher; their bench plugs
 * in through bench_single_player below.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/rng.h"
#include "search/alphabeta.h"
#include "search/bench.h"

static const int BENCH_PLIES[] = {0, 6, 14, 24, 36};
static const uint64_t BENCH_SEED = 20240521;
static const size_t BENCH_HASH_MB = 16;
static const int BENCH_DEFAULT_DEPTH = 4;

/* The place for games the two-player search does not play: a game's own
 * bench, adding its nodes and time to res.  Tetris: its strategy module
 * provides one (nothing is registered until it lands). */
static bool
bench_single_player(const struct game_ops *ops, struct bench_result *res,
                    char *err, size_t err_size)
{
	(void)res;
	snprintf(err, err_size, "%s has no bench yet", ops->name);
	return false;
}

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

static int64_t
bench_ms_since(const struct timespec *t0)
{
	struct timespec t1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (int64_t)(t1.tv_sec - t0->tv_sec) * 1000 +
	       (t1.tv_nsec - t0->tv_nsec) / 1000000;
}

bool
bench_game(const struct game_ops *ops, int depth, bench_line_fn line, void *ctx,
           struct bench_result *res, char *err, size_t err_size)
{
	if (ops->players != 2)
		return bench_single_player(ops, res, err, err_size);
	struct alphabeta *ab = alphabeta_new(BENCH_HASH_MB);
	if (ab == NULL) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	struct search_limits lim = {0};
	lim.depth = depth > 0 ? depth : bench_depth_of(ops);
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
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
	res->time_ms += bench_ms_since(&t0);
	alphabeta_free(ab);
	return true;
}
