/*
 * TZAAR rules engine: set-ups, sub-move generation, play with incremental
 * Zobrist hashing, the end-of-game rules, a material evaluation and a
 * bulk-counting perft.  One ply is one sub-move (capture, stack or pass);
 * the side to move changes only when a turn is complete.
 *
 * The end of the game is decided in two places, because the rules check at
 * two moments: after every sub-move (a player left without a visible type
 * loses, whether the opponent captured it or he buried it himself) and at
 * the start of a turn (no capture available).  The first is recorded by
 * tzaar_play; the second is a property of the position, answered by the
 * move generator (no captures) and tzaar_status.
 */
#include "config.h"

#include <assert.h>
#include <string.h>

#include "core/rng.h"
#include "games/games.h"
#include "games/tzaar.h"
#include "games/tzaar-eval.h"
#include "games/tzaar-lg.h"

static_assert(sizeof(struct tzaar_pos) <= GAME_POS_BYTES,
              "TZAAR position must fit in struct game_pos");

static inline bool
tzaar_game_over_flag(const struct tzaar_pos *p)
{
	return p->winner != TZAAR_NO_WINNER;
}

bool
tzaar_has_capture(const struct tzaar_pos *p)
{
	const struct tzaar_geometry *g = tzaar_geometry();
	uint64_t occ = p->own[0] | p->own[1], enemy = p->own[1 - p->side];
	for (uint64_t m = p->own[p->side]; m; m &= m - 1) {
		int from = tzaar_bit_low(m);
		for (int d = 0; d < TZAAR_DIRS; d++) {
			int t = tzaar_first_on_ray(g, from, d, occ);
			if (t >= 0 && (enemy >> t & 1) &&
			    p->height[t] <= p->height[from])
				return true;
		}
	}
	return false;
}

/* The generator, player and counter take the tables as an argument so
 * perft's inner loop does not ask for them at every node. */
static inline int
tzaar_count_with(const struct tzaar_pos *p, const struct tzaar_geometry *g)
{
	if (tzaar_game_over_flag(p))
		return 0;
	uint64_t occ = p->own[0] | p->own[1], enemy = p->own[1 - p->side];
	bool second = p->phase == TZAAR_SECOND;
	int n = second ? 1 : 0; /* the pass */
	for (uint64_t m = p->own[p->side]; m; m &= m - 1) {
		int from = tzaar_bit_low(m);
		int h = p->height[from];
		for (int d = 0; d < TZAAR_DIRS; d++) {
			int t = tzaar_first_on_ray(g, from, d, occ);
			if (t < 0)
				continue;
			if (enemy >> t & 1)
				n += p->height[t] <= h;
			else
				n += second;
		}
	}
	return n;
}

int
tzaar_count_moves(const struct tzaar_pos *p)
{
	return tzaar_count_with(p, tzaar_geometry());
}

static inline int
tzaar_gen_with(const struct tzaar_pos *p, const struct tzaar_geometry *g,
               game_move *moves)
{
	if (tzaar_game_over_flag(p))
		return 0;
	uint64_t occ = p->own[0] | p->own[1], enemy = p->own[1 - p->side];
	bool second = p->phase == TZAAR_SECOND;
	game_move stacks[TZAAR_CELLS * TZAAR_DIRS];
	int n = 0, n_stacks = 0;
	for (uint64_t m = p->own[p->side]; m; m &= m - 1) {
		int from = tzaar_bit_low(m);
		for (int d = 0; d < TZAAR_DIRS; d++) {
			int t = tzaar_first_on_ray(g, from, d, occ);
			if (t < 0)
				continue;
			if (enemy >> t & 1) {
				if (p->height[t] <= p->height[from])
					moves[n++] = TZAAR_MOVE(from, t,
					                        TZAAR_CAPTURE);
			} else if (second) {
				stacks[n_stacks++] =
				        TZAAR_MOVE(from, t, TZAAR_STACK);
			}
		}
	}
	/* Captures first: the search tries them first anyway. */
	memcpy(moves + n, stacks, (size_t)n_stacks * sizeof *stacks);
	n += n_stacks;
	if (second)
		moves[n++] = TZAAR_MOVE_PASS_VALUE;
	return n;
}

int
tzaar_gen(const struct tzaar_pos *p, game_move *moves)
{
	return tzaar_gen_with(p, tzaar_geometry(), moves);
}

/* Moves the turn on: an opening or a second sub-move ends the turn. */
static inline void
tzaar_advance_phase(struct tzaar_pos *p, const struct tzaar_geometry *g)
{
	p->hash ^= g->zobrist_turn[p->side][p->phase];
	if (p->phase == TZAAR_CAP) {
		p->phase = TZAAR_SECOND;
	} else {
		p->phase = TZAAR_CAP;
		p->side ^= 1;
	}
	p->hash ^= g->zobrist_turn[p->side][p->phase];
}

static inline void
tzaar_play_capture(struct tzaar_pos *p, const struct tzaar_geometry *g,
                   int from, int to)
{
	int s = p->side, o = 1 - s;
	int ft = p->kind[from], tt = p->kind[to], h = p->height[from];
	uint64_t fbit = 1ULL << from, tbit = 1ULL << to;
	p->hash ^= g->zobrist[from][s][ft][h] ^
	           g->zobrist[to][o][tt][p->height[to]] ^
	           g->zobrist[to][s][ft][h];
	p->own[o] &= ~tbit;
	p->top[o][tt] &= ~tbit;
	p->own[s] ^= fbit | tbit;
	p->top[s][ft] ^= fbit | tbit;
	p->height[to] = (uint8_t)h;
	p->kind[to] = (uint8_t)ft;
	p->height[from] = 0; /* empty spaces read as zero: equal positions */
	p->kind[from] = 0;   /* are equal bytes */
	if (p->top[o][tt] == 0) {
		p->winner = (uint8_t)s;
		p->end = TZAAR_END_TYPE_CAPTURED;
	}
}

static inline void
tzaar_play_stack(struct tzaar_pos *p, const struct tzaar_geometry *g, int from,
                 int to)
{
	int s = p->side;
	int ft = p->kind[from], tt = p->kind[to];
	int hf = p->height[from], ht = p->height[to], sum = hf + ht;
	uint64_t fbit = 1ULL << from, tbit = 1ULL << to;
	/* sum <= 30: a player never has more pieces (tzaar_finish_pos). */
	p->hash ^= g->zobrist[from][s][ft][hf] ^ g->zobrist[to][s][tt][ht] ^
	           g->zobrist[to][s][ft][sum];
	p->own[s] &= ~fbit;
	p->top[s][ft] &= ~fbit;
	p->top[s][tt] &= ~tbit;
	p->top[s][ft] |= tbit;
	p->height[to] = (uint8_t)sum;
	p->kind[to] = (uint8_t)ft;
	p->height[from] = 0;
	p->kind[from] = 0;
	if (p->top[s][tt] == 0) {
		p->winner = (uint8_t)(1 - s);
		p->end = TZAAR_END_TYPE_BURIED;
	}
}

static inline void
tzaar_play_with(struct tzaar_pos *p, const struct tzaar_geometry *g,
                game_move move)
{
	switch (TZAAR_MOVE_KIND(move)) {
	case TZAAR_CAPTURE:
		tzaar_play_capture(p, g, TZAAR_MOVE_FROM(move),
		                   TZAAR_MOVE_TO(move));
		break;
	case TZAAR_STACK:
		tzaar_play_stack(p, g, TZAAR_MOVE_FROM(move),
		                 TZAAR_MOVE_TO(move));
		break;
	case TZAAR_PASS:
		break;
	}
	tzaar_advance_phase(p, g);
}

void
tzaar_play(struct tzaar_pos *p, game_move move)
{
	tzaar_play_with(p, tzaar_geometry(), move);
}

/* Leaf count below p to depth >= 1, in the oracle's convention: only
 * sequences of exactly depth sub-moves count, so a game that ends sooner
 * (a type captured or buried, no capture at the start of a turn) adds
 * nothing.  At depth 1 the moves are only counted, not played. */
static uint64_t
tzaar_perft_rec(const struct tzaar_pos *p, const struct tzaar_geometry *g,
                int depth)
{
	if (depth == 1)
		return (uint64_t)tzaar_count_with(p, g);
	game_move moves[TZAAR_CELLS * TZAAR_DIRS + 1];
	int n = tzaar_gen_with(p, g, moves);
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		struct tzaar_pos child = *p;
		tzaar_play_with(&child, g, moves[i]);
		if (!tzaar_game_over_flag(&child))
			total += tzaar_perft_rec(&child, g, depth - 1);
	}
	return total;
}

static uint64_t
tzaar_op_perft(const struct game_pos *pos, int depth)
{
	if (depth <= 0)
		return 1;
	return tzaar_perft_rec(tzaar_of_const(pos), tzaar_geometry(), depth);
}

/* Places the 60 pieces: the standard layout for seed 0, else a shuffle of
 * both armies driven by the seed (the same seed, the same layout). */
static void
tzaar_init(struct game_pos *pos, const struct game_setup *setup)
{
	static const int per_type[TZAAR_TYPES] = {6, 9, 15};
	memset(pos, 0, sizeof *pos);
	struct tzaar_pos *p = tzaar_of(pos);
	char board[TZAAR_CELLS + 1];
	memcpy(board, TZAAR_STANDARD_BOARD, sizeof board);
	if (setup != NULL && setup->seed != 0) {
		int n = 0;
		for (int s = 0; s < 2; s++)
			for (int t = 0; t < TZAAR_TYPES; t++)
				for (int k = 0; k < per_type[t]; k++)
					board[n++] =
					        (char)((s ? 'a' : 'A') + t);
		struct rng r;
		rng_seed(&r, setup->seed);
		for (int i = TZAAR_CELLS - 1; i > 0; i--) {
			int j = (int)rng_below(&r, (uint32_t)i + 1);
			char tmp = board[i];
			board[i] = board[j];
			board[j] = tmp;
		}
	}
	for (int c = 0; c < TZAAR_CELLS; c++) {
		bool black = board[c] >= 'a';
		tzaar_set_cell(p, c, black, board[c] - (black ? 'a' : 'A'), 1);
	}
	p->side = TZAAR_WHITE;
	p->phase = TZAAR_OPEN;
	char err[128];
	bool ok = tzaar_finish_pos(p, err, sizeof err);
	assert(ok);
	(void)ok;
}

static int
tzaar_op_gen(const struct game_pos *pos, game_move *moves)
{
	return tzaar_gen(tzaar_of_const(pos), moves);
}

static void
tzaar_op_play(struct game_pos *pos, game_move move)
{
	tzaar_play(tzaar_of(pos), move);
}

static void
tzaar_status(const struct game_pos *pos, struct game_status *st)
{
	static const char *const reasons[] = {NULL, "type captured",
	                                      "type buried", "no capture"};
	const struct tzaar_pos *p = tzaar_of_const(pos);
	int winner = p->winner, end = p->end;
	if (winner == TZAAR_NO_WINNER && p->phase != TZAAR_SECOND &&
	    !tzaar_has_capture(p)) {
		winner = 1 - p->side;
		end = TZAAR_END_NO_CAPTURE;
	}
	if (winner == TZAAR_NO_WINNER) {
		st->outcome = OUTCOME_ONGOING;
		st->reason = NULL;
		return;
	}
	st->outcome = winner == TZAAR_WHITE ? OUTCOME_P1_WINS : OUTCOME_P2_WINS;
	st->reason = reasons[end];
}

static int
tzaar_side_to_move(const struct game_pos *pos)
{
	return tzaar_of_const(pos)->side;
}

static uint64_t
tzaar_op_hash(const struct game_pos *pos)
{
	return tzaar_of_const(pos)->hash;
}

static bool
tzaar_is_noisy(const struct game_pos *pos, game_move move)
{
	(void)pos;
	return TZAAR_MOVE_KIND(move) == TZAAR_CAPTURE;
}

/* Stacks left at which the search tries to prove the game first (about
 * where the number of captures left makes forced wins short). */
enum { TZAAR_SOLVABLE_STACKS = 20 };

static bool
tzaar_solvable(const struct game_pos *pos)
{
	const struct tzaar_pos *p = tzaar_of_const(pos);
	return tzaar_popcount(p->own[0] | p->own[1]) <= TZAAR_SOLVABLE_STACKS;
}

/* Stacks left from which the move chosen is checked for a proven loss:
 * forced wins of 9 to 18 sub-moves already exist at 21 to 23 stacks, and
 * the opponent's solver finds them; a move at 30 stacks lost in 8
 * (man page: "Endgames").  Against Veselý's program, checks from 30
 * stacks on (rather than 26) left a score above +1.00 in the last five
 * turns of 1 lost game in 12 (5 in 10), at the same strength; from 34
 * on, 2 in 6. */
enum { TZAAR_NEAR_END_STACKS = 30 };

static bool
tzaar_near_end(const struct game_pos *pos)
{
	const struct tzaar_pos *p = tzaar_of_const(pos);
	return tzaar_popcount(p->own[0] | p->own[1]) <= TZAAR_NEAR_END_STACKS;
}

/* A type down to its last stack, on either side, is one capture from the
 * end of the game: there the search reduces no late move, since a
 * reduction hid such losses of a few sub-moves from searches two plies
 * deeper (man page: "The search"). */
static bool
tzaar_tense(const struct game_pos *pos)
{
	const struct tzaar_pos *p = tzaar_of_const(pos);
	for (int c = 0; c < 2; c++)
		for (int t = 0; t < TZAAR_TYPES; t++)
			if (tzaar_popcount(p->top[c][t]) <= 1)
				return true;
	return false;
}

/* The strength levels: nodes, depth, evaluation noise, and the Elo
 * measured in ladder matches (man page "Strength levels"). */
static const struct game_level tzaar_levels[GAME_LEVELS] = {
        {200, 2, 290, 936},    {500, 2, 200, 1118},  {1000, 2, 165, 1299},
        {2000, 3, 130, 1455},  {4000, 4, 70, 1655},  {10000, 4, 45, 1802},
        {30000, 5, 22, 1975},  {100000, 0, 0, 2090}, {300000, 0, 0, 2198},
        {1000000, 0, 0, 2276},
};

const struct game_ops tzaar_game = {
        .name = "tzaar",
        .title = "TZAAR",
        .players = 2,
        .side_names = {"White", "Black"},
        .side_letters = "wb",
        .pos_size = sizeof(struct tzaar_pos),
        .caps = {.levels = tzaar_levels,
                 .random_setup = true,
                 .bench_depth = 4,
                 .default_level = 9,
                 .reduce_late = true,
                 .record_format = &tzaar_littlegolem,
                 /* man page "Win chance": scale, draw and first fitted
                  * by `tabula tune winchance tzaar` on the
                  * recipe's games; marks in hundredths of a
                  * point of win chance. */
                 .winchance = {.scale = 98,
                               .draw = 0,
                               .first = -55,
                               .level_won = 201, /* 80.00% on the old map (145),
                                                    rounded */
                               .inaccuracy = 500,
                               .mistake = 1500,
                               .blunder = 3000,
                               .review_nodes = 500000,
                               .review_confirm = 10,
                               .review_period = 0}},
        /* The oracle's perft numbers (cross-checked against two other
         * engines) count a game that ends before the depth as 0, not 1. */
        .init = tzaar_init,
        .gen_moves = tzaar_op_gen,
        .play = tzaar_op_play,
        .status = tzaar_status,
        .side_to_move = tzaar_side_to_move,
        .hash = tzaar_op_hash,
        .evaluate = tzaar_eval, /* games/tzaar-eval.c */
        .is_noisy = tzaar_is_noisy,
        .line_themes = tzaar_line_themes,
        .solvable = tzaar_solvable,
        .near_end = tzaar_near_end,
        .tense = tzaar_tense,
        .perft = tzaar_op_perft,
        .format_move = tzaar_format_move,
        .parse_move = tzaar_parse_move,
        .format_pos = tzaar_format_pos,
        .parse_pos = tzaar_parse_pos,
        .render_text = tzaar_render_text,
        .item_from_char = NULL,
        .reveal = NULL,
};
