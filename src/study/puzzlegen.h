/*
 * The puzzle generator behind `tabula puzzles generate` (tabula(6),
 * PUZZLES): plays games between engines of varied levels, greedy and
 * random players, scans the positions near the end of each game, proves
 * which ones are puzzles with the solver (search/prove.h), rates them and
 * writes them in the format of core/puzzle.h.
 *
 * A position is a "win" puzzle when the side to move forces a win within
 * N plies (N the fewest for which it does) and exactly one first move does
 * so within N plies, every other one proved not to.  It is a "save" puzzle
 * when the side to move has no forced win, every move but one lets the
 * opponent force a win within K plies and that one is proved not to.
 * Anything the solver cannot settle within the node budget is skipped.
 * The same configuration always writes the same file.
 */
#ifndef TABULA_STUDY_PUZZLEGEN_H
#define TABULA_STUDY_PUZZLEGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "core/puzzle.h"
#include "search/prove.h"

struct puzzlegen_config {
	const struct game_ops *ops;
	uint64_t seed;
	int games;       /* most games to play */
	int count;       /* stop after this many puzzles (0: no limit) */
	int max_plies;   /* deepest proof */
	int scan_plies;  /* positions scanned back from each game's end */
	int per_game;    /* most puzzles taken from one game */
	uint64_t budget; /* solver nodes per question */
	bool saves;      /* also look for saving moves */
	int min_moves;   /* fewest solver moves in a win's line (0, 1: any) */
	int variations;  /* random turns tried from each scanned position */
	bool winners;    /* only positions whose side to move won the game */
	int pairing;     /* the only pairing played, 1 to 8; 0: all */
};

struct puzzlegen_stats {
	int games;
	uint64_t positions; /* scanned */
	int wins_found;     /* positions with a forced win */
	int win_puzzles;    /* ... and a single winning first move */
	int save_puzzles;
	int unknown;    /* given up: budget exhausted */
	uint64_t nodes; /* solver nodes */
};

/* Called after each game with the puzzles so far. */
typedef void (*puzzlegen_progress_fn)(void *ctx,
                                      const struct puzzlegen_stats *st,
                                      const struct puzzle_set *set);

/* Generates puzzles into set (freed with puzzle_set_free); false with err
 * filled when out of memory or a player failed. */
bool puzzlegen_run(const struct puzzlegen_config *cfg, struct puzzle_set *set,
                   puzzlegen_progress_fn progress, void *ctx,
                   struct puzzlegen_stats *st, char *err, size_t err_size);

/* Proves pz again from scratch with prover: its bound, its single first
 * move (every other one refuted), and for a win that the solution line
 * ends in the solver's win.  PROVE_YES when it holds, PROVE_NO with the
 * reason in err when it does not, PROVE_UNKNOWN when budget nodes per
 * question were not enough. */
enum prove_result puzzlegen_verify(struct prover *prover,
                                   const struct game_ops *ops,
                                   const struct puzzle *pz, uint64_t budget,
                                   char *err, size_t err_size);

#endif
