/*
 * One puzzle being solved, as the trainer plays it (tabula(6), PUZZLES):
 * the player's moves are judged, the defence is played back, hints and the
 * solution are given on demand, and the result is what the player's rating
 * is scored with.  No terminal here: the TUI shows what this decides.
 *
 * A win puzzle's first move must be the solution's (it is the only one
 * that wins within the bound).  After it, any move that still forces the
 * win within the plies left is right (the solver proves it with a small
 * budget); the defence is the solution's while the player follows it, and
 * otherwise the defender's move that holds out longest.  A save puzzle is
 * solved by its single saving move.
 */
#ifndef TABULA_STUDY_PUZZLE_PLAY_H
#define TABULA_STUDY_PUZZLE_PLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "core/puzzle-progress.h"
#include "core/puzzle.h"
#include "search/prove.h"

/* Solver nodes for one judgement or one defence: small enough to answer
 * at once, large for the few plies a puzzle has left. */
#define PUZZLE_PLAY_BUDGET 400000

enum puzzle_play_state {
	PUZZLE_PLAYING,
	PUZZLE_DONE_SOLVED,
	PUZZLE_DONE_FAILED
};

enum puzzle_verdict {
	PUZZLE_RIGHT,    /* right; the puzzle goes on (defence played) */
	PUZZLE_COMPLETE, /* right, and the puzzle is solved */
	PUZZLE_WRONG,    /* the puzzle is failed */
	PUZZLE_REFUSED   /* not the player's turn, or the puzzle is over */
};

struct puzzle_play {
	const struct game_ops *ops;
	const struct puzzle *pz;
	struct prover *prover; /* the caller's */
	struct game_pos pos;   /* now */
	int attacker;          /* the player's side */
	int left;              /* plies left in the bound */
	int step;              /* solution moves played while on it */
	bool on_line;          /* every move so far was the solution's */
	enum puzzle_play_state state;
	int hints;          /* hints asked for */
	bool solution_seen; /* the solution was shown before the end */
	game_move played[PUZZLE_MAX_LINE * 2];
	int played_count; /* moves played since the start (both sides) */
};

/* Starts pz (its start position, the player to move). */
void puzzle_play_start(struct puzzle_play *pp, const struct game_ops *ops,
                       const struct puzzle *pz, struct prover *prover);

/* Judges the player's move m (legal at pp->pos); when right, plays it and
 * then the defence, whose moves are appended to pp->played. */
enum puzzle_verdict puzzle_play_move(struct puzzle_play *pp, game_move m);

/* A hint: the move the solution (or, off it, the solver) plays next for
 * the player; counts against the result.  False when none is known or it
 * is not the player's turn. */
bool puzzle_play_hint(struct puzzle_play *pp, game_move *out);

/* The refutation of wrong, a move the judge refused at pp->pos (pp is
 * unchanged): in a win puzzle the defence's move after which no win
 * within the bound is proved, in a save puzzle the other side's win
 * within it, both sides' moves; at most max moves into out, returns how
 * many. */
int puzzle_play_refutation(struct puzzle_play *pp, game_move wrong,
                           game_move *out, int max);

/* The whole solution from the start, in notation; shown before the end it
 * makes the puzzle failed. */
void puzzle_play_solution(struct puzzle_play *pp, char *buf, size_t size);

/* How the try scores: solved alone, solved with hints, or failed. */
enum puzzle_outcome puzzle_play_outcome(const struct puzzle_play *pp);

#endif
