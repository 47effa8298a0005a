/*
 * Players for matches: the engine under given limits or a strength level,
 * a uniformly random player, a one-ply greedy player (the move whose
 * resulting position evaluates best), and any outside program speaking
 * the engine protocol, among them a COMP30024 agent package hosted by
 * tabula_agent_host.py ("PLAYING THE COURSE'S REFEREE" in tabula(6)).
 * A player chooses moves synchronously; it keeps
 * its own state (a transposition table, a child process) between moves.
 */
#ifndef TABULA_PLAY_PLAYER_H
#define TABULA_PLAY_PLAYER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <stdio.h>
#include <sys/types.h>

#include "core/game.h"
#include "play/who.h"
#include "search/search.h"

struct alphabeta;

struct player {
	/* Who it is (the one seat type, play/who.h): WHO_ENGINE with its
	 * level (an elo= made one by player_open), limits and threads;
	 * WHO_RANDOM, WHO_GREEDY; WHO_PROGRAM or WHO_AGENT (a program,
	 * its command or agent pointing into spec). */
	struct who who;
	char spec[256];       /* as given, for records and reports */
	uint64_t noise_seed;  /* WHO_ENGINE: this game's, for levels */
	char go_args[128];    /* a program: words after "go" */
	struct alphabeta *ab; /* WHO_ENGINE, made by player_open */
	pid_t pid;            /* a program, once started */
	FILE *to;             /* a program: its standard input */
	int from;             /* a program: its standard output */
	char *inbuf;          /* bytes read from `from`, not yet a line */
	size_t inlen;
	int timeout_ms;      /* a program: the longest wait for an answer */
	char host[PATH_MAX]; /* the agent host's script, found when opened */
	char said[200];      /* the last `info string error:` of an answer */
	/* WHO_ENGINE: when set, a search ends as soon as *stop is true
	 * (its caller's flag; NULL: it runs to its limits). */
	const atomic_bool *stop;
};

/* How long a program may take to answer (uciok, readyok, a bestmove)
 * unless player_parse's caller sets timeout_ms. */
#define PLAYER_DEFAULT_TIMEOUT_MS 30000

/* Reads a player description: "random", "greedy", "level=N",
 * "depth=N[,nodes=N][,movetime=MS][,multipv=N][,threads=N]" (engine
 * limits, combined with commas), "exec:COMMAND" (an outside engine, with go
 * arguments from go_args, e.g. "movetime 100") or "agent:DIR[:CLASS]" (a course
 * agent in the host).  False with err filled if invalid. */
bool player_parse(struct player *p, const char *spec, const char *go_args,
                  char *err, size_t err_size);

/* Prepares a player to play game ops (starts the program, allocates the
 * table); false with err filled on failure. */
bool player_open(struct player *p, const struct game_ops *ops, char *err,
                 size_t err_size);

/* Readies the player for a new game (clears what it learnt); a weak
 * level misjudges positions by noise_seed throughout the game. */
void player_new_game(struct player *p, uint64_t noise_seed);

/* Chooses a move at pos, reached from start by moves[0..n); seed varies
 * random choices.  False with err filled if the player failed (a program
 * died, did not answer within timeout_ms or answered an illegal move): a
 * forfeit. */
bool player_choose(struct player *p, const struct game_ops *ops,
                   const struct game_pos *start, const game_move *moves,
                   size_t n, const struct game_pos *pos, uint64_t seed,
                   game_move *move, char *err, size_t err_size);

/* After a forfeit: ends the program (whatever state it is in) and starts
 * it again for game ops; false with err filled if it cannot start. */
bool player_restart(struct player *p, const struct game_ops *ops, char *err,
                    size_t err_size);

/* Ends the program (quit, then SIGKILL to its process group if it has not
 * exited within a second), frees the table. */
void player_close(struct player *p);

#endif
