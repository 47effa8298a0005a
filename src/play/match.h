/*
 * Matches: N games between two players, colours alternated in pairs (the
 * two games of a pair start from the same set-up and opening, each player
 * taking each colour once), with the result and an Elo difference with its
 * 95% interval.  Every game can be saved as a record (core/record.h).
 * A match can be played in shards (first_game), anywhere, with the same
 * games as the whole.
 */
#ifndef TABULA_PLAY_MATCH_H
#define TABULA_PLAY_MATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "play/player.h"

struct match_config {
	const struct game_ops *ops;
	int games;
	/* Index of the first game played: games first_game .. first_game +
	 * games - 1 of the whole match, each exactly as it is there (set-up,
	 * opening, colours and random choices depend only on the seed and the
	 * game's index), so shards of a match add up to the whole. */
	int first_game;
	uint64_t seed;      /* draws set-ups, openings, random choices */
	bool random_setups; /* a seeded set-up per pair (TZAAR) */
	int opening_plies;  /* random moves played before the players */
	/* NULL, or the start positions: pair p starts from positions[p %
	 * n_positions] instead of a set-up (random_setups does not apply),
	 * then plays its opening. */
	const struct game_pos *positions;
	int n_positions;
	/* NULL, or a directory that receives every game as a record
	 * (core/record.h), 0001.rec, 0002.rec, ... */
	const char *record_dir;
};

/* Most random opening plies a match plays. */
#define MATCH_MAX_OPENING 1000

/* The comment a recorded game carries after its last random opening
 * ply: the moves up to it were played by no player. */
#define MATCH_OPENING_COMMENT "random opening"

/* Wins, draws and losses of the first player.  A player that fails (an
 * outside program that dies, answers an illegal move or does not answer
 * in time) forfeits the game: a loss for it, and the match goes on. */
struct match_result {
	int wins, draws, losses;
	int games;
	int forfeits;      /* games lost by a failing player */
	char forfeit[512]; /* why the last game played was forfeited, or "" */
};

/* Called after each game with the running result. */
typedef void (*match_progress_fn)(void *ctx, int game,
                                  const struct match_result *so_far);

/* Plays the match of a against b (both opened); false with err filled
 * only when the match cannot go on (out of memory, a record that cannot
 * be written); the games before count in res. */
bool match_run(const struct match_config *cfg, struct player *a,
               struct player *b, match_progress_fn progress, void *ctx,
               struct match_result *res, char *err, size_t err_size);

/* The Elo difference a score (0 to 1) stands for on the logistic scale;
 * -inf and +inf at 0 and 1. */
double match_elo_of(double score);

/* The first player's score in [0, 1] and the Elo difference with its 95%
 * interval (infinite values when the score is 0 or 1). */
void match_elo(const struct match_result *res, double *score, double *elo,
               double *low, double *high);

#endif
