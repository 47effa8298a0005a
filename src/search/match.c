/*
 * The match runner.  Game g of a match belongs to pair g / 2; both games
 * of a pair start from the same set-up and the same random opening, and
 * the first player has player 1's colour in the even game, player 2's in
 * the odd one, so neither colour nor opening favours anyone.
 *
 * The Elo interval comes from the score's standard error over the games
 * (each game scoring 1, 1/2 or 0), mapped through the logistic curve.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "search/match.h"

/* A safety net for games that would not end: scored as a draw. */
static const size_t MATCH_MAX_PLIES = 4000;
static const double MATCH_Z95 = 1.959964;
static const double MATCH_ELO_SCALE = 400.0;
static const char MATCH_RECORD_FORMAT[] = "tabula-record 1";

struct match_game {
	struct game_pos start;
	game_move *moves;
	size_t n;
	struct game_status status;
	uint64_t setup_seed;
};

static uint64_t
match_mix(uint64_t seed, uint64_t a, uint64_t b)
{
	struct rng r;
	rng_seed(&r, seed ^ (a * 0x9E3779B97F4A7C15ULL) ^ (b << 32));
	return rng_next(&r);
}

/* The start of pair's games: set-up and random opening (stopping early if
 * the opening would end the game). */
static void
match_start(const struct match_config *cfg, int pair, struct match_game *g)
{
	struct game_setup setup = {0};
	if (cfg->random_setups)
		setup.seed = match_mix(cfg->seed, (uint64_t)pair, 1) | 1;
	g->setup_seed = setup.seed;
	cfg->ops->init(&g->start, &setup);
	struct rng r;
	rng_seed(&r, match_mix(cfg->seed, (uint64_t)pair, 2));
	game_move moves[GAME_MAX_MOVES];
	for (int i = 0; i < cfg->opening_plies; i++) {
		int n = cfg->ops->gen_moves(&g->start, moves);
		if (n == 0)
			break;
		struct game_pos next = g->start;
		cfg->ops->play(&next, moves[rng_below(&r, (uint32_t)n)]);
		struct game_status st;
		cfg->ops->status(&next, &st);
		if (st.outcome != OUTCOME_ONGOING)
			break;
		g->start = next;
	}
}

static const char *
match_result_text(enum game_outcome o)
{
	return o == OUTCOME_P1_WINS   ? "1-0"
	       : o == OUTCOME_P2_WINS ? "0-1"
	       : o == OUTCOME_DRAW    ? "1/2-1/2"
				      : "*";
}

static void
match_write_record(const struct match_config *cfg, const struct match_game *g,
		   const struct player *p1, const struct player *p2, int index)
{
	FILE *f = cfg->record;
	char text[GAME_TEXT_MAX];
	cfg->ops->format_pos(&g->start, text, sizeof text);
	fprintf(f, "%s\n[Game \"%s\"]\n[Round \"%d\"]\n[Start \"%s\"]\n",
		MATCH_RECORD_FORMAT, cfg->ops->name, index + 1, text);
	if (cfg->random_setups)
		fprintf(f, "[Seed \"%llu\"]\n", (unsigned long long)g->setup_seed);
	fprintf(f, "[Player1 \"%s\"]\n[Player2 \"%s\"]\n[Result \"%s\"]\n",
		p1->spec, p2->spec, match_result_text(g->status.outcome));
	fprintf(f, "[Termination \"%s\"]\n\n",
		g->status.reason != NULL ? g->status.reason : "unfinished");
	struct game_pos pos = g->start;
	for (size_t i = 0; i < g->n; i++) {
		cfg->ops->format_move(&pos, g->moves[i], text, sizeof text);
		fprintf(f, "%zu. %s\n", i + 1, text);
		cfg->ops->play(&pos, g->moves[i]);
	}
	fprintf(f, "%s\n\n", match_result_text(g->status.outcome));
	fflush(f);
}

/* Plays one game from g->start; players[side] moves for side. */
static bool
match_play(const struct match_config *cfg, struct player *players[2],
	   uint64_t game_seed, struct match_game *g, char *err, size_t err_size)
{
	const struct game_ops *ops = cfg->ops;
	struct game_pos pos = g->start;
	g->n = 0;
	player_new_game(players[0]);
	player_new_game(players[1]);
	for (;;) {
		ops->status(&pos, &g->status);
		if (g->status.outcome != OUTCOME_ONGOING)
			return true;
		if (g->n >= MATCH_MAX_PLIES) {
			g->status.outcome = OUTCOME_DRAW;
			g->status.reason = "ply cap";
			return true;
		}
		struct player *p = players[ops->side_to_move(&pos) & 1];
		game_move m;
		if (!player_choose(p, ops, &g->start, g->moves, g->n, &pos,
				   match_mix(game_seed, g->n, 3), &m, err,
				   err_size))
			return false;
		g->moves[g->n++] = m;
		ops->play(&pos, m);
	}
}

static void
match_count(struct match_result *res, enum game_outcome o, int a_side)
{
	res->games++;
	if (o == OUTCOME_P1_WINS || o == OUTCOME_P2_WINS) {
		if ((o == OUTCOME_P1_WINS) == (a_side == 0))
			res->wins++;
		else
			res->losses++;
	} else {
		res->draws++;
	}
}

bool
match_run(const struct match_config *cfg, struct player *a, struct player *b,
	  match_progress_fn progress, void *ctx, struct match_result *res,
	  char *err, size_t err_size)
{
	memset(res, 0, sizeof *res);
	struct match_game g = {0};
	g.moves = malloc(MATCH_MAX_PLIES * sizeof *g.moves);
	if (g.moves == NULL) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	bool ok = true;
	for (int i = 0; i < cfg->games && ok; i++) {
		int a_side = i % 2;
		if (a_side == 0)
			match_start(cfg, i / 2, &g);
		struct player *players[2] = {a_side == 0 ? a : b,
					     a_side == 0 ? b : a};
		ok = match_play(cfg, players, match_mix(cfg->seed, (uint64_t)i, 4),
				&g, err, err_size);
		if (!ok)
			break;
		match_count(res, g.status.outcome, a_side);
		if (cfg->record != NULL)
			match_write_record(cfg, &g, players[0], players[1], i);
		if (progress != NULL)
			progress(ctx, i, res);
	}
	free(g.moves);
	return ok;
}

static double
match_elo_of(double score)
{
	if (score <= 0.0)
		return -INFINITY;
	if (score >= 1.0)
		return INFINITY;
	return -MATCH_ELO_SCALE * log10(1.0 / score - 1.0);
}

void
match_elo(const struct match_result *res, double *score, double *elo,
	  double *low, double *high)
{
	int n = res->games;
	if (n == 0) {
		*score = 0.5;
		*elo = *low = *high = 0.0;
		return;
	}
	double s = (res->wins + 0.5 * res->draws) / n;
	double var = (res->wins * (1.0 - s) * (1.0 - s) +
		      res->draws * (0.5 - s) * (0.5 - s) +
		      res->losses * s * s) /
		     n;
	double margin = MATCH_Z95 * sqrt(var / n);
	*score = s;
	*elo = match_elo_of(s);
	*low = match_elo_of(s - margin);
	*high = match_elo_of(s + margin);
}
