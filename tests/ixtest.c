/*
 * Helpers shared by the Infexion test programs.
 */
#include "config.h"

#include <check.h>

#include "ixtest.h"

void
ixtest_set_pos(struct game_pos *pos, const char *text)
{
	char err[256] = "";
	ck_assert_msg(infexion_game.parse_pos(pos, text, err, sizeof err),
	              "parse_pos('%s') failed: %s", text, err);
}

bool
ixtest_move_in_list(game_move m, const game_move *moves, int n)
{
	for (int i = 0; i < n; i++) {
		if (moves[i] == m)
			return true;
	}
	return false;
}

int
ixtest_random_game(struct rng *rng, struct game_pos *pos, int max_plies,
                   ixtest_visit_fn *visit)
{
	const struct game_ops *ops = &infexion_game;
	ops->init(pos, NULL);
	game_move moves[GAME_MAX_MOVES];
	int ply = 0;
	for (; ply < max_plies; ply++) {
		int n = ops->gen_moves(pos, moves);
		if (n == 0)
			break;
		struct game_pos before = *pos;
		game_move m = moves[rng_below(rng, (uint32_t)n)];
		ops->play(pos, m);
		if (visit != NULL)
			visit(&before, m, pos);
	}
	return ply;
}

void
ixtest_check_hash(const struct game_pos *pos)
{
	const struct infexion_pos *p = infexion_cpos_of(pos);
	ck_assert(p->hash == infexion_hash_scratch(p));
	ck_assert(infexion_game.hash(pos) == p->hash);
}
