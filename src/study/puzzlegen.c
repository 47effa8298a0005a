/*
 * The puzzle generator (study/puzzlegen.h).  Game g pairs two players from
 * a fixed list (engines at several levels, greedy, random; colours swapped
 * every other round), after a short random opening and, for games with
 * set-ups (TZAAR), a seeded random set-up every other game.  Forced wins
 * appear near the end of a game, so only the last scan_plies positions are
 * examined, latest first; one position is examined once per run.  With
 * winners, only the eventual winner's positions are examined (the loser's
 * seldom hold a forced win, and disproving one is the dearest question);
 * with variations, also positions one random turn of the opponent away,
 * which multiplies the candidates near a game's end without playing more
 * games.
 */
#include "config.h"

#include <stdlib.h>

#include "core/rng.h"
#include "search/alphabeta.h"
#include "play/player.h"
#include "search/prove.h"
#include "study/puzzle-rate.h"
#include "study/puzzlegen.h"

static const char *const puzzlegen_pairings[][2] = {
        {"level=3", "random"},  {"level=1", "greedy"},  {"level=4", "level=2"},
        {"greedy", "random"},   {"level=2", "level=1"}, {"level=5", "greedy"},
        {"level=3", "level=3"}, {"random", "level=2"},
};
enum {
	PUZZLEGEN_PAIRINGS =
	        sizeof puzzlegen_pairings / sizeof puzzlegen_pairings[0],
	PUZZLEGEN_MAX_PLIES = 2000,
	PUZZLEGEN_MAX_OPENING = 6,
	PUZZLEGEN_TABLE_BITS = 18,
	PUZZLEGEN_SEEN_BITS = 20
};

/* Everything one run owns. */
struct puzzlegen {
	const struct puzzlegen_config *cfg;
	const struct game_ops *ops;
	struct prover *prover;
	struct alphabeta *ab;
	struct player players[PUZZLEGEN_PAIRINGS][2];
	uint64_t *seen; /* keys of positions examined, open addressing */
	size_t seen_count;
	struct puzzle_set *set;
	size_t cap;
	struct puzzlegen_stats *st;
	struct rng rng;
};

/* Marks key as seen; false if it already was (or the set is full). */
static bool
puzzlegen_first_visit(struct puzzlegen *g, uint64_t key)
{
	size_t mask = ((size_t)1 << PUZZLEGEN_SEEN_BITS) - 1;
	if (key == 0)
		key = 1;
	if (g->seen_count >= mask / 2)
		return false;
	for (size_t i = (size_t)key & mask;; i = (i + 1) & mask) {
		if (g->seen[i] == key)
			return false;
		if (g->seen[i] == 0) {
			g->seen[i] = key;
			g->seen_count++;
			return true;
		}
	}
}

/* How a question went: proved, disproved, or given up on. */
static enum prove_result
puzzlegen_prove(struct puzzlegen *g, const struct game_pos *pos, int attacker,
                int plies)
{
	return prove_win(g->prover, pos, attacker, plies, g->cfg->budget);
}

/* The fewest plies in which attacker wins from pos (at most max). */
static enum prove_result
puzzlegen_min(struct puzzlegen *g, const struct game_pos *pos, int attacker,
              int max, int *plies)
{
	return prove_min_plies(g->prover, pos, attacker, max, g->cfg->budget,
	                       plies);
}

/* The main line of a proved win for attacker within plies from pos, whose
 * first move is first: the attacker takes the quickest win, the defender
 * the longest resistance.  False if a step could not be settled. */
static bool
puzzlegen_line(struct puzzlegen *g, const struct game_pos *start, int attacker,
               int plies, game_move first, struct puzzle *pz)
{
	const struct game_ops *ops = g->ops;
	struct game_pos pos = *start;
	game_move moves[GAME_MAX_MOVES];
	pz->line_len = 0;
	int left = plies;
	for (;;) {
		struct game_status st;
		ops->status(&pos, &st);
		if (st.outcome != OUTCOME_ONGOING)
			return prove_winner(st.outcome) == attacker;
		if (left <= 0 || pz->line_len >= PUZZLE_MAX_LINE)
			return false;
		int n = ops->gen_moves(&pos, moves);
		bool attacking = ops->side_to_move(&pos) == attacker;
		game_move pick = 0;
		int pick_plies = -1; /* unset */
		for (int i = 0; i < n; i++) {
			if (pz->line_len == 0 && moves[i] != first)
				continue;
			struct game_pos child = pos;
			ops->play(&child, moves[i]);
			int d = 0;
			enum prove_result r = puzzlegen_min(g, &child, attacker,
			                                    left - 1, &d);
			if (r == PROVE_UNKNOWN || (!attacking && r == PROVE_NO))
				return false;
			if (r == PROVE_NO)
				continue;
			/* The attacker's quickest win, the defender's slowest
			 * loss; the first such move in the game's order. */
			if (pick_plies < 0 ||
			    (attacking ? d < pick_plies : d > pick_plies)) {
				pick = moves[i];
				pick_plies = d;
			}
		}
		if (pick_plies < 0)
			return false;
		pz->line[pz->line_len++] = pick;
		ops->play(&pos, pick);
		left = pick_plies;
	}
}

/* Themes pz and rates it by its raw difficulty (study/puzzle-rate.h),
 * on the scale from PUZZLE_RATE_LOW up: `puzzles merge --rate` spreads a
 * whole set. */
static void
puzzlegen_rate(struct puzzlegen *g, struct puzzle *pz)
{
	puzzle_rate_themes(g->ops, pz);
	int r = PUZZLE_RATE_LOW + puzzle_rate_raw(g->ops, g->ab, pz);
	pz->rating = r > PUZZLE_RATING_MAX ? PUZZLE_RATING_MAX : r;
}

static bool
puzzlegen_add(struct puzzlegen *g, const struct puzzle *pz)
{
	struct puzzle_set *set = g->set;
	if (set->count == g->cap) {
		size_t bigger = g->cap == 0 ? 64 : g->cap * 2;
		struct puzzle *items =
		        realloc(set->items, bigger * sizeof *items);
		if (items == NULL)
			return false;
		set->items = items;
		g->cap = bigger;
	}
	set->items[set->count] = *pz;
	snprintf(set->items[set->count].id, PUZZLE_ID_MAX, "%s-%llu-%zu",
	         g->ops->name, (unsigned long long)g->cfg->seed,
	         set->count + 1);
	set->count++;
	return true;
}

/* Starts a puzzle at pos. */
static void
puzzlegen_new(struct puzzlegen *g, const struct game_pos *pos,
              struct puzzle *pz)
{
	*pz = (struct puzzle){.start = *pos};
	g->ops->format_pos(pos, pz->position, sizeof pz->position);
}

/* A win puzzle at pos, if it is one (see puzzlegen.h). */
static int
puzzlegen_try_win(struct puzzlegen *g, const struct game_pos *pos,
                  const game_move *moves, int n, int plies, struct puzzle *pz)
{
	const struct game_ops *ops = g->ops;
	int me = ops->side_to_move(pos);
	int winners = 0;
	game_move first = 0;
	for (int i = 0; i < n; i++) {
		struct game_pos child = *pos;
		ops->play(&child, moves[i]);
		enum prove_result r = puzzlegen_prove(g, &child, me, plies - 1);
		if (r == PROVE_UNKNOWN) {
			g->st->unknown++;
			return 0;
		}
		if (r == PROVE_YES) {
			first = moves[i];
			if (++winners > 1)
				return 0;
		}
	}
	if (winners != 1)
		return 0;
	puzzlegen_new(g, pos, pz);
	pz->kind = PUZZLE_WIN;
	pz->plies = plies;
	if (!puzzlegen_line(g, pos, me, plies, first, pz)) {
		g->st->unknown++;
		return 0;
	}
	if (puzzle_solver_moves(ops, pz) < g->cfg->min_moves)
		return 0;
	puzzlegen_rate(g, pz);
	return 1;
}

/* A save puzzle at pos, if it is one (see puzzlegen.h). */
static int
puzzlegen_try_save(struct puzzlegen *g, const struct game_pos *pos,
                   const game_move *moves, int n, struct puzzle *pz)
{
	const struct game_ops *ops = g->ops;
	int them = 1 - ops->side_to_move(pos);
	/* lost[i]: the opponent's forced win after moves[i] is proved. */
	bool *lost = calloc((size_t)n, sizeof *lost);
	if (lost == NULL)
		return 0;
	int found = 0;
	for (int k = 1; k < g->cfg->max_plies && !found; k++) {
		int survivors = 0, saver = -1;
		bool unknown = false;
		for (int i = 0; i < n && survivors < 2; i++) {
			if (lost[i])
				continue;
			struct game_pos child = *pos;
			ops->play(&child, moves[i]);
			enum prove_result r =
			        puzzlegen_prove(g, &child, them, k);
			if (r == PROVE_UNKNOWN) {
				unknown = true;
				break;
			}
			if (r == PROVE_YES)
				lost[i] = true;
			else {
				survivors++;
				saver = i;
			}
		}
		if (unknown) {
			g->st->unknown++;
			break;
		}
		if (survivors == 0)
			break; /* lost whatever is played */
		if (survivors > 1)
			continue;
		puzzlegen_new(g, pos, pz);
		pz->kind = PUZZLE_SAVE;
		pz->plies = k;
		pz->line[0] = moves[saver];
		pz->line_len = 1;
		puzzlegen_rate(g, pz);
		found = 1;
	}
	free(lost);
	return found;
}

/* Examines one position: 1 if it became a puzzle, 0 if not, -1 if out of
 * memory. */
static int
puzzlegen_examine(struct puzzlegen *g, const struct game_pos *pos)
{
	const struct game_ops *ops = g->ops;
	struct game_status st;
	ops->status(pos, &st);
	if (st.outcome != OUTCOME_ONGOING ||
	    !puzzlegen_first_visit(g, ops->hash(pos)))
		return 0;
	game_move *moves = malloc(GAME_MAX_MOVES * sizeof *moves);
	if (moves == NULL)
		return -1;
	int n = ops->gen_moves(pos, moves);
	int got = 0;
	struct puzzle pz;
	g->st->positions++;
	int plies = 0;
	enum prove_result r =
	        n < 2 ? PROVE_NO
	              : puzzlegen_min(g, pos, ops->side_to_move(pos),
	                              g->cfg->max_plies, &plies);
	if (r == PROVE_UNKNOWN)
		g->st->unknown++;
	else if (r == PROVE_YES && plies > 0 &&
	         plies >= 2 * g->cfg->min_moves - 1) {
		g->st->wins_found++;
		got = puzzlegen_try_win(g, pos, moves, n, plies, &pz);
		g->st->win_puzzles += got;
	} else if (r == PROVE_NO && n >= 2 && g->cfg->saves &&
	           g->cfg->min_moves <= 1) {
		got = puzzlegen_try_save(g, pos, moves, n, &pz);
		g->st->save_puzzles += got;
	}
	free(moves);
	if (got && !puzzlegen_add(g, &pz))
		return -1;
	return got;
}

/* Plays one random turn from pos (every sub-move of the side to move)
 * into out; false if the game ended or there was no move. */
static bool
puzzlegen_random_turn(struct puzzlegen *g, const struct game_pos *pos,
                      game_move *legal, struct game_pos *out)
{
	const struct game_ops *ops = g->ops;
	int side = ops->side_to_move(pos);
	*out = *pos;
	do {
		int n = ops->gen_moves(out, legal);
		if (n == 0)
			return false;
		ops->play(out, legal[rng_below(&g->rng, (uint32_t)n)]);
		struct game_status st;
		ops->status(out, &st);
		if (st.outcome != OUTCOME_ONGOING)
			return false;
	} while (ops->side_to_move(out) == side);
	return true;
}

/* Examines pos, and cfg->variations positions the opponent could have
 * left instead: one random turn from prev, the start of his turn before
 * pos (NULL: none).  How many puzzles were found, -1 if out of memory. */
static int
puzzlegen_examine_around(struct puzzlegen *g, const struct game_pos *prev,
                         const struct game_pos *pos, int room)
{
	int got = puzzlegen_examine(g, pos);
	if (got < 0 || g->cfg->variations == 0 || prev == NULL)
		return got;
	game_move *legal = malloc(GAME_MAX_MOVES * sizeof *legal);
	if (legal == NULL)
		return -1;
	for (int v = 0; v < g->cfg->variations && got < room; v++) {
		struct game_pos next;
		if (!puzzlegen_random_turn(g, prev, legal, &next))
			continue;
		int more = puzzlegen_examine(g, &next);
		if (more < 0) {
			got = -1;
			break;
		}
		got += more;
	}
	free(legal);
	return got;
}

/* The start of the turn before the one starting at positions[i], or NULL
 * when the game starts within it. */
static const struct game_pos *
puzzlegen_previous_turn(const struct game_ops *ops,
                        const struct game_pos *positions, size_t i)
{
	if (i == 0)
		return NULL;
	size_t k = i - 1;
	int side = ops->side_to_move(&positions[k]);
	while (k > 0 && ops->side_to_move(&positions[k - 1]) == side)
		k--;
	return &positions[k];
}

/* Plays game number index into positions[]; returns how many positions
 * (the start included), 0 with err filled if a player failed. */
static size_t
puzzlegen_play(struct puzzlegen *g, int index, struct game_pos *positions,
               game_move *moves, char *err, size_t err_size)
{
	const struct game_ops *ops = g->ops;
	int pairing = index % PUZZLEGEN_PAIRINGS;
	bool swap = (index / PUZZLEGEN_PAIRINGS) % 2 == 1;
	if (g->cfg->pairing > 0) {
		pairing = (g->cfg->pairing - 1) % PUZZLEGEN_PAIRINGS;
		swap = index % 4 >= 2; /* set-ups alternate every game */
	}
	struct player *side[2] = {&g->players[pairing][swap ? 1 : 0],
	                          &g->players[pairing][swap ? 0 : 1]};
	struct game_setup setup = {0};
	if (index % 2 == 1)
		setup.seed = rng_next(&g->rng) | 1;
	ops->init(&positions[0], &setup);
	player_new_game(side[0], rng_next(&g->rng));
	player_new_game(side[1], rng_next(&g->rng));
	int opening = (int)rng_below(&g->rng, PUZZLEGEN_MAX_OPENING + 1);
	size_t n = 0;
	game_move *legal = malloc(GAME_MAX_MOVES * sizeof *legal);
	if (legal == NULL) {
		snprintf(err, err_size, "out of memory");
		return 0;
	}
	while (n < PUZZLEGEN_MAX_PLIES) {
		struct game_pos *pos = &positions[n];
		struct game_status st;
		ops->status(pos, &st);
		if (st.outcome != OUTCOME_ONGOING)
			break;
		game_move m;
		if ((int)n < opening) {
			int count = ops->gen_moves(pos, legal);
			if (count == 0)
				break;
			m = legal[rng_below(&g->rng, (uint32_t)count)];
		} else if (!player_choose(side[ops->side_to_move(pos)], ops,
		                          &positions[0], moves, n, pos,
		                          rng_next(&g->rng), &m, err,
		                          err_size)) {
			free(legal);
			return 0;
		}
		moves[n] = m;
		positions[n + 1] = *pos;
		ops->play(&positions[n + 1], m);
		n++;
	}
	free(legal);
	return n + 1;
}

static bool
puzzlegen_open_players(struct puzzlegen *g, char *err, size_t err_size)
{
	for (int i = 0; i < PUZZLEGEN_PAIRINGS; i++) {
		for (int j = 0; j < 2; j++) {
			struct player *p = &g->players[i][j];
			if (!player_parse(p, puzzlegen_pairings[i][j], "", err,
			                  err_size) ||
			    !player_open(p, g->ops, err, err_size))
				return false;
		}
	}
	return true;
}

static void
puzzlegen_close(struct puzzlegen *g)
{
	for (int i = 0; i < PUZZLEGEN_PAIRINGS; i++) {
		for (int j = 0; j < 2; j++)
			player_close(&g->players[i][j]);
	}
	prover_free(g->prover);
	alphabeta_free(g->ab);
	free(g->seen);
}

/* Looks for puzzles in the last plies of the game played into
 * positions (n of them), scanning back from its end; false when memory
 * runs out. */
static bool
puzzlegen_scan_game(struct puzzlegen *g, const struct game_pos *positions,
                    size_t n)
{
	const struct puzzlegen_config *cfg = g->cfg;
	struct game_status end;
	cfg->ops->status(&positions[n - 1], &end);
	int winner = prove_winner(end.outcome);
	int taken = 0;
	size_t scanned = 0;
	for (size_t i = n; i-- > 0 && scanned < (size_t)cfg->scan_plies;
	     scanned++) {
		if (taken >= cfg->per_game ||
		    (cfg->count > 0 && (int)g->set->count >= cfg->count))
			break;
		/* Puzzles start at the start of a turn (not between
		 * the two sub-moves of a TZAAR turn). */
		if (i > 0 && cfg->ops->side_to_move(&positions[i - 1]) ==
		                     cfg->ops->side_to_move(&positions[i]))
			continue;
		if (cfg->winners &&
		    cfg->ops->side_to_move(&positions[i]) != winner)
			continue;
		int got = puzzlegen_examine_around(
		        g, puzzlegen_previous_turn(cfg->ops, positions, i),
		        &positions[i], cfg->per_game - taken);
		if (got < 0)
			return false;
		taken += got;
	}
	return true;
}

bool
puzzlegen_run(const struct puzzlegen_config *cfg, struct puzzle_set *set,
              puzzlegen_progress_fn progress, void *ctx,
              struct puzzlegen_stats *st, char *err, size_t err_size)
{
	*set = (struct puzzle_set){.ops = cfg->ops};
	*st = (struct puzzlegen_stats){0};
	struct puzzlegen g = {
	        .cfg = cfg, .ops = cfg->ops, .set = set, .st = st};
	rng_seed(&g.rng, cfg->seed * 0x9E3779B97F4A7C15ULL + 17);
	g.prover = prover_new(cfg->ops, PUZZLEGEN_TABLE_BITS);
	g.ab = alphabeta_new(4);
	g.seen = calloc((size_t)1 << PUZZLEGEN_SEEN_BITS, sizeof *g.seen);
	struct game_pos *positions =
	        malloc((PUZZLEGEN_MAX_PLIES + 1) * sizeof *positions);
	game_move *moves = malloc(PUZZLEGEN_MAX_PLIES * sizeof *moves);
	bool ok = g.prover != NULL && g.ab != NULL && g.seen != NULL &&
	          positions != NULL && moves != NULL;
	if (!ok)
		snprintf(err, err_size, "out of memory");
	else
		ok = puzzlegen_open_players(&g, err, err_size);
	for (int game = 0; ok && game < cfg->games; game++) {
		if (cfg->count > 0 && (int)set->count >= cfg->count)
			break;
		size_t n = puzzlegen_play(&g, game, positions, moves, err,
		                          err_size);
		if (n == 0) {
			ok = false;
			break;
		}
		st->games++;
		if (!puzzlegen_scan_game(&g, positions, n)) {
			snprintf(err, err_size, "out of memory");
			ok = false;
		}
		prover_clear(g.prover);
		st->nodes = prover_nodes(g.prover);
		if (progress != NULL)
			progress(ctx, st, set);
	}
	st->nodes = prover_nodes(g.prover);
	free(positions);
	free(moves);
	puzzlegen_close(&g);
	if (!ok)
		puzzle_set_free(set);
	return ok;
}

/* The verdict on one first move: whether it wins (for a win puzzle) or
 * loses (for a save puzzle) within the puzzle's bound. */
static enum prove_result
puzzlegen_verify_move(struct prover *prover, const struct game_ops *ops,
                      const struct puzzle *pz, game_move m, uint64_t budget)
{
	int me = ops->side_to_move(&pz->start);
	struct game_pos child = pz->start;
	ops->play(&child, m);
	if (pz->kind == PUZZLE_WIN)
		return prove_win(prover, &child, me, pz->plies - 1, budget);
	return prove_win(prover, &child, 1 - me, pz->plies, budget);
}

enum prove_result
puzzlegen_verify(struct prover *prover, const struct game_ops *ops,
                 const struct puzzle *pz, uint64_t budget, char *err,
                 size_t err_size)
{
	prover_clear(prover);
	int me = ops->side_to_move(&pz->start);
	if (pz->kind == PUZZLE_WIN) {
		struct game_pos end = pz->start;
		for (int i = 0; i < pz->line_len; i++)
			ops->play(&end, pz->line[i]);
		struct game_status st;
		ops->status(&end, &st);
		if (prove_winner(st.outcome) != me) {
			snprintf(err, err_size,
			         "%s: the solution line does not "
			         "end in a win",
			         pz->id);
			return PROVE_NO;
		}
		enum prove_result r = prove_win(prover, &pz->start, me,
		                                pz->plies - 1, budget);
		if (r != PROVE_NO) {
			snprintf(err, err_size, "%s: %s", pz->id,
			         r == PROVE_YES ? "a quicker win exists"
			                        : "out of budget");
			return r == PROVE_YES ? PROVE_NO : r;
		}
	}
	game_move *moves = malloc(GAME_MAX_MOVES * sizeof *moves);
	if (moves == NULL) {
		snprintf(err, err_size, "out of memory");
		return PROVE_UNKNOWN;
	}
	int n = ops->gen_moves(&pz->start, moves);
	enum prove_result verdict = PROVE_YES;
	for (int i = 0; i < n && verdict == PROVE_YES; i++) {
		bool key = moves[i] == pz->line[0];
		enum prove_result r = puzzlegen_verify_move(prover, ops, pz,
		                                            moves[i], budget);
		/* The key move must win (save: must not lose); every other
		 * move must not win (save: must lose). */
		bool want_yes = key == (pz->kind == PUZZLE_WIN);
		char text[GAME_TEXT_MAX];
		ops->format_move(&pz->start, moves[i], text, sizeof text);
		if (r == PROVE_UNKNOWN) {
			snprintf(err, err_size, "%s: %s: out of budget", pz->id,
			         text);
			verdict = PROVE_UNKNOWN;
		} else if ((r == PROVE_YES) != want_yes) {
			snprintf(err, err_size, "%s: %s %s within %d plies",
			         pz->id, text,
			         r == PROVE_YES
			                 ? (pz->kind == PUZZLE_WIN ? "also wins"
			                                           : "loses")
			                 : (pz->kind == PUZZLE_WIN
			                            ? "does not win"
			                            : "also saves"),
			         pz->plies);
			verdict = PROVE_NO;
		}
	}
	free(moves);
	return verdict;
}
