/*
 * A puzzle being solved (study/puzzle-play.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "study/puzzle-play.h"

void
puzzle_play_start(struct puzzle_play *pp, const struct game_ops *ops,
                  const struct puzzle *pz, struct prover *prover)
{
	*pp = (struct puzzle_play){.ops = ops,
	                           .pz = pz,
	                           .prover = prover,
	                           .pos = pz->start,
	                           .attacker = ops->side_to_move(&pz->start),
	                           .left = pz->plies,
	                           .on_line = true,
	                           .state = PUZZLE_PLAYING};
}

static void
puzzle_play_apply(struct puzzle_play *pp, game_move m)
{
	pp->ops->play(&pp->pos, m);
	if (pp->played_count < (int)(sizeof pp->played / sizeof pp->played[0]))
		pp->played[pp->played_count++] = m;
	if (pp->on_line && pp->step < pp->pz->line_len &&
	    pp->pz->line[pp->step] == m)
		pp->step++;
	else
		pp->on_line = false;
	pp->left--;
}

/* The move of the side to move at pos that serves winner best: for the
 * winner the quickest proved win within plies, for the other side the
 * one after which the win takes longest (or is not proved at all). */
static game_move
puzzle_play_best_for(struct puzzle_play *pp, const struct game_pos *pos,
                     int winner, int plies, bool *escaped)
{
	game_move moves[GAME_MAX_MOVES];
	int n = pp->ops->gen_moves(pos, moves);
	*escaped = false;
	if (n == 0)
		return 0; /* the callers look at the game's end first */
	bool winners = pp->ops->side_to_move(pos) == winner;
	game_move pick = moves[0];
	int pick_plies = winners ? plies + 1 : -1;
	for (int i = 0; i < n && !*escaped; i++) {
		struct game_pos child = *pos;
		pp->ops->play(&child, moves[i]);
		int got = 0;
		enum prove_result r = prove_min_plies(
		        pp->prover, &child, winner, plies - 1,
		        PUZZLE_PLAY_BUDGET / (uint64_t)n + 1, &got);
		if (r != PROVE_YES) {
			/* Not proved: for the loser an escape, for the
			 * winner no candidate. */
			*escaped = !winners;
			if (!winners)
				pick = moves[i];
			continue;
		}
		if (winners ? got < pick_plies : got > pick_plies) {
			pick = moves[i];
			pick_plies = got;
		}
	}
	return pick;
}

/* Plays the other side's moves until the player is to move or the game is
 * over. */
static void
puzzle_play_defend(struct puzzle_play *pp)
{
	game_move moves[GAME_MAX_MOVES];
	for (;;) {
		struct game_status st;
		pp->ops->status(&pp->pos, &st);
		if (st.outcome != OUTCOME_ONGOING ||
		    pp->ops->side_to_move(&pp->pos) == pp->attacker)
			return;
		int n = pp->ops->gen_moves(&pp->pos, moves);
		if (n == 0)
			return;
		bool escaped;
		game_move m = pp->on_line && pp->step < pp->pz->line_len
		                      ? pp->pz->line[pp->step]
		                      : puzzle_play_best_for(
		                                pp, &pp->pos, pp->attacker,
		                                pp->left, &escaped);
		puzzle_play_apply(pp, m);
	}
}

/* Whether m, the player's move at pp->pos, is right. */
static bool
puzzle_play_judge(struct puzzle_play *pp, game_move m)
{
	const struct puzzle *pz = pp->pz;
	bool solution = pp->on_line && pp->step < pz->line_len &&
	                pz->line[pp->step] == m;
	if (solution || pz->kind == PUZZLE_SAVE || pp->played_count == 0)
		return solution;
	/* Later moves of a win: any move that still wins in time. */
	struct game_pos child = pp->pos;
	pp->ops->play(&child, m);
	return prove_win(pp->prover, &child, pp->attacker, pp->left - 1,
	                 PUZZLE_PLAY_BUDGET) == PROVE_YES;
}

enum puzzle_verdict
puzzle_play_move(struct puzzle_play *pp, game_move m)
{
	if (pp->state != PUZZLE_PLAYING ||
	    pp->ops->side_to_move(&pp->pos) != pp->attacker)
		return PUZZLE_REFUSED;
	if (!puzzle_play_judge(pp, m)) {
		pp->state = PUZZLE_DONE_FAILED;
		return PUZZLE_WRONG;
	}
	puzzle_play_apply(pp, m);
	struct game_status st;
	pp->ops->status(&pp->pos, &st);
	if (pp->pz->kind == PUZZLE_SAVE ||
	    prove_winner(st.outcome) == pp->attacker) {
		pp->state = pp->solution_seen ? PUZZLE_DONE_FAILED
		                              : PUZZLE_DONE_SOLVED;
		return PUZZLE_COMPLETE;
	}
	puzzle_play_defend(pp);
	pp->ops->status(&pp->pos, &st);
	if (st.outcome != OUTCOME_ONGOING) {
		/* Cannot happen after a proved move; judged by the end. */
		bool won = prove_winner(st.outcome) == pp->attacker;
		pp->state = won && !pp->solution_seen ? PUZZLE_DONE_SOLVED
		                                      : PUZZLE_DONE_FAILED;
		return won ? PUZZLE_COMPLETE : PUZZLE_WRONG;
	}
	return PUZZLE_RIGHT;
}

/* The move the solution (or, off it, the solver) plays next for the
 * player; false if none is known. */
static bool
puzzle_play_next(struct puzzle_play *pp, game_move *out)
{
	if (pp->on_line && pp->step < pp->pz->line_len) {
		*out = pp->pz->line[pp->step];
		return true;
	}
	game_move moves[GAME_MAX_MOVES];
	int n = pp->ops->gen_moves(&pp->pos, moves);
	for (int i = 0; i < n; i++) {
		struct game_pos child = pp->pos;
		pp->ops->play(&child, moves[i]);
		if (prove_win(pp->prover, &child, pp->attacker, pp->left - 1,
		              PUZZLE_PLAY_BUDGET / (uint64_t)n + 1) ==
		    PROVE_YES) {
			*out = moves[i];
			return true;
		}
	}
	return false;
}

bool
puzzle_play_hint(struct puzzle_play *pp, game_move *out)
{
	if (pp->state != PUZZLE_PLAYING ||
	    pp->ops->side_to_move(&pp->pos) != pp->attacker ||
	    !puzzle_play_next(pp, out))
		return false;
	pp->hints++;
	return true;
}

int
puzzle_play_refutation(struct puzzle_play *pp, game_move wrong, game_move *out,
                       int max)
{
	struct game_pos pos = pp->pos;
	pp->ops->play(&pos, wrong);
	/* A win puzzle: the defence's move that escapes the bound.  A save
	 * puzzle: the other side's win within its bound, which counts from
	 * after the wrong move (core/puzzle.h), move by move. */
	bool win = pp->pz->kind == PUZZLE_WIN;
	int left = win ? pp->left - 1 : pp->left;
	int winner = win ? pp->attacker : 1 - pp->attacker;
	/* A TZAAR turn half made: no defence to show yet. */
	if (win && pp->ops->side_to_move(&pos) == pp->attacker)
		return 0;
	int n = 0;
	while (n < max && left > 0) {
		struct game_status st;
		game_move any[GAME_MAX_MOVES];
		pp->ops->status(&pos, &st);
		if (st.outcome != OUTCOME_ONGOING ||
		    pp->ops->gen_moves(&pos, any) == 0)
			break;
		bool escaped;
		game_move m =
		        puzzle_play_best_for(pp, &pos, winner, left, &escaped);
		out[n++] = m;
		pp->ops->play(&pos, m);
		left--;
		if (win)
			break;
	}
	return n;
}

void
puzzle_play_solution(struct puzzle_play *pp, char *buf, size_t size)
{
	if (pp->state == PUZZLE_PLAYING)
		pp->solution_seen = true;
	struct game_pos pos = pp->pz->start;
	size_t n = 0;
	buf[0] = '\0';
	for (int i = 0; i < pp->pz->line_len && n + 1 < size; i++) {
		char text[GAME_TEXT_MAX];
		pp->ops->format_move(&pos, pp->pz->line[i], text, sizeof text);
		int w = snprintf(buf + n, size - n, "%s%s", i > 0 ? " " : "",
		                 text);
		if (w < 0 || (size_t)w >= size - n)
			break;
		n += (size_t)w;
		pp->ops->play(&pos, pp->pz->line[i]);
	}
}

enum puzzle_outcome
puzzle_play_outcome(const struct puzzle_play *pp)
{
	if (pp->state != PUZZLE_DONE_SOLVED || pp->solution_seen)
		return PUZZLE_FAILED;
	return pp->hints > 0 ? PUZZLE_HINTED : PUZZLE_SOLVED;
}
