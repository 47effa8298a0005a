/*
 * Infexion rules: move generation, playing a move, the end of the game,
 * Zobrist hashing and a bulk-counting perft.  The notation and position
 * strings live in games/infexion-text.c.
 *
 * Everything the referee checks is a handful of integer tests here: a SPAWN
 * needs the board total below 49 and an empty cell; a SPREAD needs an own
 * stack.  The totals per colour are kept by play, so the legal-move count
 * is a formula, and the last ply of perft costs nothing.
 */
#include "config.h"

#include <assert.h>
#include <pthread.h>
#include <string.h>

#include "core/rng.h"
#include "games/infexion.h"
#include "games/infexion-eval.h"

static_assert(sizeof(struct infexion_pos) <= GAME_POS_BYTES,
              "struct infexion_pos must fit in struct game_pos");

const int8_t infexion_dir_dr[INFEXION_DIRS] = {0, -1, -1, 0, 1, 1};
const int8_t infexion_dir_dq[INFEXION_DIRS] = {1, 1, 0, -1, -1, 0};

/* Cell bytes range over 0..15 (owner bit 8 + power 0..7). */
enum { INFEXION_CELL_CODES = 16 };

/* A fixed seed: hashes are the same in every run (TT files, tests). */
static const uint64_t INFEXION_ZOBRIST_SEED = 0x1f3e7a05c0de2023ULL;

/*
 * Tables built once (pthread_once) before the first position exists:
 * Zobrist keys and the torus rays.  They are read-only afterwards, so any
 * number of threads may use them.  Every position comes from init or
 * parse_pos, both of which build the tables first.
 */
static uint64_t infexion_key_cell[INFEXION_CELLS][INFEXION_CELL_CODES];
static uint64_t infexion_key_side;
static uint64_t infexion_key_turn[INFEXION_MAX_TURNS + 2];
static uint8_t infexion_ray[INFEXION_CELLS][INFEXION_DIRS][INFEXION_MAX_POWER];
static pthread_once_t infexion_tables_once = PTHREAD_ONCE_INIT;

int
infexion_step(int cell, int dir, int steps)
{
	int r = cell / INFEXION_N, q = cell % INFEXION_N;
	/* steps <= 6 and |d| <= 1: adding 7 * steps keeps the sums positive. */
	int nr = (r + infexion_dir_dr[dir] * steps + INFEXION_N * steps) %
	         INFEXION_N;
	int nq = (q + infexion_dir_dq[dir] * steps + INFEXION_N * steps) %
	         INFEXION_N;
	return nr * INFEXION_N + nq;
}

static void
infexion_build_tables(void)
{
	struct rng rng;
	rng_seed(&rng, INFEXION_ZOBRIST_SEED);
	for (int c = 0; c < INFEXION_CELLS; c++) {
		for (int owner = 0; owner < 2; owner++) {
			for (int pw = 1; pw <= INFEXION_MAX_POWER; pw++) {
				int code = pw | owner << INFEXION_OWNER_SHIFT;
				infexion_key_cell[c][code] = rng_next(&rng);
			}
		}
		for (int d = 0; d < INFEXION_DIRS; d++) {
			for (int i = 0; i < INFEXION_MAX_POWER; i++)
				infexion_ray[c][d][i] =
				        (uint8_t)infexion_step(c, d, i + 1);
		}
	}
	infexion_key_side = rng_next(&rng);
	for (int t = 0; t < INFEXION_MAX_TURNS + 2; t++)
		infexion_key_turn[t] = rng_next(&rng);
}

void
infexion_tables_ready(void)
{
	pthread_once(&infexion_tables_once, infexion_build_tables);
}

uint64_t
infexion_hash_scratch(const struct infexion_pos *p)
{
	uint64_t h = infexion_key_turn[p->turns];
	if (p->side == INFEXION_BLUE)
		h ^= infexion_key_side;
	for (int c = 0; c < INFEXION_CELLS; c++)
		h ^= infexion_key_cell[c][p->cell[c]];
	return h;
}

void
infexion_pos_clear(struct infexion_pos *p)
{
	infexion_tables_ready();
	memset(p, 0, sizeof *p);
	p->hash = infexion_hash_scratch(p);
}

/* Sets a cell byte, keeping the totals and the hash in step. */
void
infexion_set_cell(struct infexion_pos *p, int c, uint8_t v)
{
	uint8_t old = p->cell[c];
	if (old != 0) {
		int o = infexion_cell_owner(old);
		int pw = infexion_cell_power(old);
		p->power[o] = (uint16_t)(p->power[o] - pw);
		p->stacks[o]--;
	}
	if (v != 0) {
		int o = infexion_cell_owner(v);
		p->power[o] = (uint16_t)(p->power[o] + infexion_cell_power(v));
		p->stacks[o]++;
	}
	p->hash ^= infexion_key_cell[c][old] ^ infexion_key_cell[c][v];
	p->cell[c] = v;
}

static void
infexion_init(struct game_pos *pos, const struct game_setup *setup)
{
	(void)setup;
	infexion_pos_clear(infexion_pos_of(pos));
}

bool
infexion_is_over(const struct infexion_pos *p)
{
	if (p->turns < 2)
		return false;
	return p->turns >= INFEXION_MAX_TURNS || p->power[INFEXION_RED] == 0 ||
	       p->power[INFEXION_BLUE] == 0;
}

/* Whether SPAWN is allowed at all: the board total, both colours, is
 * measured before the action. */
static bool
infexion_spawn_allowed(const struct infexion_pos *p)
{
	return p->power[0] + p->power[1] < INFEXION_MAX_TOTAL_POWER;
}

int
infexion_count_moves(const struct infexion_pos *p)
{
	if (infexion_is_over(p))
		return 0;
	int n = INFEXION_DIRS * p->stacks[p->side];
	if (infexion_spawn_allowed(p))
		n += INFEXION_CELLS - p->stacks[0] - p->stacks[1];
	return n;
}

/* Spawns in cell order, then spreads by cell and direction (the referee's
 * enumeration order). */
static int
infexion_gen(const struct infexion_pos *p, game_move *moves)
{
	if (infexion_is_over(p))
		return 0;
	int n = 0;
	if (infexion_spawn_allowed(p)) {
		for (int c = 0; c < INFEXION_CELLS; c++) {
			game_move spawn =
			        infexion_move_make(c, INFEXION_SPAWN_DIR);
			if (p->cell[c] == 0)
				moves[n++] = spawn;
		}
	}
	for (int c = 0; c < INFEXION_CELLS; c++) {
		uint8_t v = p->cell[c];
		if (v == 0 || infexion_cell_owner(v) != p->side)
			continue;
		for (int d = 0; d < INFEXION_DIRS; d++)
			moves[n++] = infexion_move_make(c, d + 1);
	}
	return n;
}

static int
infexion_gen_moves(const struct game_pos *pos, game_move *moves)
{
	return infexion_gen(infexion_cpos_of(pos), moves);
}

/* The source empties; each of the next k cells gains one token and the
 * mover's colour, and a cell pushed above 6 empties. */
static void
infexion_spread(struct infexion_pos *p, int src, int dir)
{
	int k = infexion_cell_power(p->cell[src]);
	uint8_t mine = (uint8_t)(p->side << INFEXION_OWNER_SHIFT);
	const uint8_t *ray = infexion_ray[src][dir];
	infexion_set_cell(p, src, 0);
	for (int i = 0; i < k; i++) {
		int pw = infexion_cell_power(p->cell[ray[i]]) + 1;
		uint8_t v = pw > INFEXION_MAX_POWER ? 0 : (uint8_t)(mine | pw);
		infexion_set_cell(p, ray[i], v);
	}
}

void
infexion_play_move(struct infexion_pos *p, game_move m)
{
	int c = infexion_move_cell(m), d = infexion_move_dir(m);
	uint8_t spawned = (uint8_t)(1 | p->side << INFEXION_OWNER_SHIFT);
	if (d == INFEXION_SPAWN_DIR)
		infexion_set_cell(p, c, spawned);
	else
		infexion_spread(p, c, d - 1);
	p->side ^= 1;
	p->hash ^= infexion_key_side ^ infexion_key_turn[p->turns] ^
	           infexion_key_turn[p->turns + 1];
	p->turns++;
}

static void
infexion_play(struct game_pos *pos, game_move move)
{
	infexion_play_move(infexion_pos_of(pos), move);
}

static void
infexion_status(const struct game_pos *pos, struct game_status *st)
{
	const struct infexion_pos *p = infexion_cpos_of(pos);
	if (!infexion_is_over(p)) {
		st->outcome = OUTCOME_ONGOING;
		st->reason = NULL;
		return;
	}
	/* Elimination is tested first: at action 343 both apply and the
	 * winner rule is the same. */
	bool wiped =
	        p->power[INFEXION_RED] == 0 || p->power[INFEXION_BLUE] == 0;
	st->reason = wiped ? "elimination" : "turn limit";
	int lead = p->power[INFEXION_RED] - p->power[INFEXION_BLUE];
	if (lead >= INFEXION_WIN_LEAD)
		st->outcome = OUTCOME_P1_WINS;
	else if (lead <= -INFEXION_WIN_LEAD)
		st->outcome = OUTCOME_P2_WINS;
	else
		st->outcome = OUTCOME_DRAW;
}

static int
infexion_side_to_move(const struct game_pos *pos)
{
	return infexion_cpos_of(pos)->side;
}

static uint64_t
infexion_hash(const struct game_pos *pos)
{
	return infexion_cpos_of(pos)->hash;
}

/* A SPREAD that takes over an enemy stack or pops a full one. */
static bool
infexion_is_noisy(const struct game_pos *pos, game_move m)
{
	const struct infexion_pos *p = infexion_cpos_of(pos);
	int c = infexion_move_cell(m), d = infexion_move_dir(m);
	if (d == INFEXION_SPAWN_DIR)
		return false;
	int k = infexion_cell_power(p->cell[c]);
	for (int i = 0; i < k; i++) {
		uint8_t v = p->cell[infexion_ray[c][d - 1][i]];
		if (v != 0 && (infexion_cell_owner(v) != p->side ||
		               infexion_cell_power(v) == INFEXION_MAX_POWER))
			return true;
	}
	return false;
}

/* perft(P,0) = 1; a finished game has no moves; the last ply is the
 * move-count formula. */
static uint64_t
infexion_perft_node(const struct infexion_pos *p, int depth)
{
	if (depth == 0)
		return 1;
	if (depth == 1)
		return (uint64_t)infexion_count_moves(p);
	game_move moves[GAME_MAX_MOVES];
	int n = infexion_gen(p, moves);
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		struct infexion_pos child = *p;
		infexion_play_move(&child, moves[i]);
		total += infexion_perft_node(&child, depth - 1);
	}
	return total;
}

static uint64_t
infexion_perft(const struct game_pos *pos, int depth)
{
	return infexion_perft_node(infexion_cpos_of(pos), depth);
}

/* The strength levels: nodes, depth, evaluation noise, and the Elo
 * measured in ladder matches (man page "Strength levels"). */
static const struct game_level infexion_levels[GAME_LEVELS] = {
        {200, 1, 350, 1269},  {500, 2, 300, 1377},  {1000, 3, 120, 1549},
        {3000, 3, 185, 1713}, {5000, 3, 120, 1877}, {15000, 5, 65, 2050},
        {100000, 0, 0, 0},    {300000, 0, 0, 0},    {1000000, 0, 0, 0},
        {3000000, 0, 0, 0},
};

const struct game_ops infexion_game = {
        .name = "infexion",
        .title = "Infexion",
        .players = 2,
        .side_names = {"Red", "Blue"},
        .side_letters = "rb",
        .pos_size = sizeof(struct infexion_pos),
        .caps = {.levels = infexion_levels,
                 .bench_depth = 4,
                 /* man page "Win chance": scale, draw and first fitted
                  * by `tabula tune winchance infexion` on the
                  * recipe's games; marks in hundredths of a
                  * point of win chance. */
                 .winchance = {.scale = 286,
                               .draw = 0,
                               .first = 57,
                               .level_won = 129, /* 93 ln 4 */
                               .inaccuracy = 750,
                               .mistake = 1500,
                               .blunder = 3000,
                               .review_nodes = 100000,
                               .review_confirm = 10,
                               .review_period = 0}},
        .init = infexion_init,
        .gen_moves = infexion_gen_moves,
        .play = infexion_play,
        .status = infexion_status,
        .side_to_move = infexion_side_to_move,
        .hash = infexion_hash,
        .evaluate = infexion_eval, /* games/infexion-eval.c */
        .is_noisy = infexion_is_noisy,
        .line_themes = infexion_line_themes,
        .perft = infexion_perft,
        .format_move = infexion_text_format_move,
        .parse_move = infexion_text_parse_move,
        .format_pos = infexion_text_format_pos,
        .parse_pos = infexion_text_parse_pos,
        .render_text = infexion_text_render,
        .item_from_char = NULL,
        .reveal = NULL,
};
