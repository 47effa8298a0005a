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

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/record.h"
#include "core/rng.h"
#include "core/session.h"
#include "play/match.h"

/* A safety net for games that would not end: scored as a draw. */
static const size_t MATCH_MAX_PLIES = 4000;
static const double MATCH_Z95 = 1.959964;
static const double MATCH_ELO_SCALE = 400.0;
/* Room for the opening and the game in one move list. */
static const size_t MATCH_MAX_MOVES = 4000 + MATCH_MAX_OPENING;

/* One game: moves[0..n_open) is the random opening from origin, which
 * leads to start; the players' moves follow up to n. */
struct match_game {
	struct game_setup setup;
	struct game_pos origin;
	struct game_pos start;
	game_move *moves;
	size_t n_open, n;
	struct game_status status;
	int forfeit_side;  /* the side that forfeited, or -1 */
	char forfeit[512]; /* why; status.reason points here then */
};

static uint64_t
match_mix(uint64_t seed, uint64_t a, uint64_t b)
{
	struct rng r;
	rng_seed(&r, seed ^ (a * 0x9E3779B97F4A7C15ULL) ^ (b << 32));
	return rng_next(&r);
}

/* The start of pair's games: set-up or given position, and random opening
 * (stopping early if the opening would end the game). */
static void
match_start(const struct match_config *cfg, int pair, struct match_game *g)
{
	g->setup = (struct game_setup){0};
	if (cfg->random_setups && cfg->positions == NULL)
		g->setup.seed = match_mix(cfg->seed, (uint64_t)pair, 1) | 1;
	if (cfg->positions != NULL)
		g->origin = cfg->positions[pair % cfg->n_positions];
	else
		cfg->ops->init(&g->origin, &g->setup);
	g->start = g->origin;
	g->n_open = 0;
	struct rng r;
	rng_seed(&r, match_mix(cfg->seed, (uint64_t)pair, 2));
	game_move moves[GAME_MAX_MOVES];
	for (int i = 0; i < cfg->opening_plies; i++) {
		int n = cfg->ops->gen_moves(&g->start, moves);
		if (n == 0)
			break;
		game_move m = moves[rng_below(&r, (uint32_t)n)];
		struct game_pos next = g->start;
		cfg->ops->play(&next, m);
		struct game_status st;
		cfg->ops->status(&next, &st);
		if (st.outcome != OUTCOME_ONGOING)
			break;
		g->start = next;
		g->moves[g->n_open++] = m;
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

/* The game as a session, with the tags of a record. */
static bool
match_game_session(const struct match_config *cfg, const struct match_game *g,
                   const struct player *p1, const struct player *p2,
                   struct session *s, struct record_meta *meta)
{
	if (!session_init(s, cfg->ops, &g->setup))
		return false;
	if (cfg->positions != NULL) {
		/* The record starts where the game did (its Start tag). */
		char fen[GAME_TEXT_MAX], why[256];
		cfg->ops->format_pos(&g->origin, fen, sizeof fen);
		if (!session_set_fen(s, fen, why, sizeof why)) {
			session_free(s);
			return false;
		}
	}
	for (size_t i = 0; i < g->n; i++) {
		if (!session_play(s, g->moves[i])) {
			session_free(s);
			return false;
		}
	}
	record_meta_init(meta);
	snprintf(meta->player1, sizeof meta->player1, "%s", p1->spec);
	snprintf(meta->player2, sizeof meta->player2, "%s", p2->spec);
	snprintf(meta->result, sizeof meta->result, "%s",
	         match_result_text(g->status.outcome));
	snprintf(meta->termination, sizeof meta->termination, "%s",
	         g->status.reason != NULL ? g->status.reason : "unfinished");
	if (g->n_open > 0 && !record_meta_set_comment(meta, g->n_open - 1,
	                                              MATCH_OPENING_COMMENT)) {
		record_meta_free(meta);
		session_free(s);
		return false;
	}
	return true;
}

/* Saves game index as <record_dir>/<index+1>.rec, a record that
 * `tabula replay` reads back. */
static bool
match_write_record(const struct match_config *cfg, const struct match_game *g,
                   const struct player *p1, const struct player *p2, int index,
                   char *err, size_t err_size)
{
	struct session s;
	struct record_meta meta;
	if (!match_game_session(cfg, g, p1, p2, &s, &meta)) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/%04d.rec", cfg->record_dir, index + 1);
	bool ok = record_save(path, &s, &meta, err, err_size);
	record_meta_free(&meta);
	session_free(&s);
	return ok;
}

/* Plays one game from g->start; players[side] moves for side.  A player
 * that fails to move forfeits: the other side wins. */
static void
match_play(const struct match_config *cfg, struct player *players[2],
           uint64_t game_seed, struct match_game *g)
{
	const struct game_ops *ops = cfg->ops;
	struct game_pos pos = g->start;
	g->n = g->n_open;
	g->forfeit_side = -1;
	g->forfeit[0] = '\0';
	player_new_game(players[0], match_mix(game_seed, 0, 5));
	player_new_game(players[1], match_mix(game_seed, 1, 5));
	for (;;) {
		ops->status(&pos, &g->status);
		if (g->status.outcome != OUTCOME_ONGOING)
			return;
		if (g->n - g->n_open >= MATCH_MAX_PLIES) {
			g->status.outcome = OUTCOME_DRAW;
			g->status.reason = "ply cap";
			return;
		}
		int side = ops->side_to_move(&pos) & 1;
		struct player *p = players[side];
		game_move m;
		char why[200];
		if (!player_choose(p, ops, &g->origin, g->moves, g->n, &pos,
		                   match_mix(game_seed, g->n, 3), &m, why,
		                   sizeof why)) {
			g->forfeit_side = side;
			snprintf(g->forfeit, sizeof g->forfeit,
			         "forfeit by %s: %s", p->spec, why);
			g->status.outcome =
			        side == 0 ? OUTCOME_P2_WINS : OUTCOME_P1_WINS;
			g->status.reason = g->forfeit;
			return;
		}
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
	g.moves = malloc(MATCH_MAX_MOVES * sizeof *g.moves);
	if (g.moves == NULL) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	bool ok = true;
	for (int i = cfg->first_game; i < cfg->first_game + cfg->games && ok;
	     i++) {
		int a_side = i % 2;
		/* A shard may start with the second game of a pair. */
		if (a_side == 0 || i == cfg->first_game)
			match_start(cfg, i / 2, &g);
		struct player *players[2] = {a_side == 0 ? a : b,
		                             a_side == 0 ? b : a};
		match_play(cfg, players, match_mix(cfg->seed, (uint64_t)i, 4),
		           &g);
		match_count(res, g.status.outcome, a_side);
		snprintf(res->forfeit, sizeof res->forfeit, "%s", g.forfeit);
		if (g.forfeit_side >= 0) {
			res->forfeits++;
			/* A program that failed starts afresh for the next
			 * game; if it cannot, it forfeits those too. */
			char why[512];
			player_restart(players[g.forfeit_side], cfg->ops, why,
			               sizeof why);
		}
		if (cfg->record_dir != NULL)
			ok = match_write_record(cfg, &g, players[0], players[1],
			                        i, err, err_size);
		if (progress != NULL)
			progress(ctx, i, res);
	}
	free(g.moves);
	return ok;
}

double
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
	double var =
	        (res->wins * (1.0 - s) * (1.0 - s) +
	         res->draws * (0.5 - s) * (0.5 - s) + res->losses * s * s) /
	        n;
	double margin = MATCH_Z95 * sqrt(var / n);
	*score = s;
	*elo = match_elo_of(s);
	*low = match_elo_of(s - margin);
	*high = match_elo_of(s + margin);
}
