/*
 * Proof-number search, game-agnostic: tries to prove that a side (the
 * attacker) wins from a position whatever the other does, always working
 * on the position that is cheapest to prove or disprove (depth-first, with
 * a transposition table: pns.c).  The search uses
 * it in endgames its game marks as solvable (game_ops.solvable), so that a
 * forced result far beyond the alpha-beta horizon is played and reported
 * ("score mate N") as soon as it exists.
 *
 * A sub-move game (TZAAR) is handled like any other: a node belongs to the
 * attacker when the attacker is to move there.  The caller owns the memory
 * and reuses it (struct pns).
 */
#ifndef TABULA_SEARCH_PNS_H
#define TABULA_SEARCH_PNS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "search/search.h"

struct pns_entry;
struct pns_frame;

/* The solver's memory: a table of positions' numbers, kept from one
 * solve to the next until forgotten (never across games), and the children of
 * the positions on the current path, one frame per depth. */
struct pns {
	struct pns_entry *table;
	uint32_t capacity; /* entries, a power of two */
	uint16_t stamp;    /* entries with another stamp are forgotten */
	const struct game_ops *ops; /* the game of the entries */
	bool draws; /* a draw was met since the table was last forgotten */
	struct pns_frame **frames;
};

enum pns_outcome {
	PNS_PROVEN,    /* the attacker wins */
	PNS_DISPROVEN, /* the attacker cannot force a win */
	PNS_UNKNOWN    /* out of nodes, time, or stopped */
};

struct pns_result {
	enum pns_outcome outcome;
	/* DISPROVEN without any draw met: the defender wins (a game without
	 * draws proves one side's win either way). */
	bool defender_wins;
	/* PROVEN: the longest defence in the proof; defender_wins: the
	 * longest the attacker resists */
	int plies;
	game_move pv[SEARCH_MAX_PV]; /* PROVEN: a winning line */
	int pv_len;
	uint64_t expanded; /* nodes expanded */
};

/* Limits of one proof attempt: until it has made max_nodes positions
 * (each child it looks at), until deadline_ms of the monotonic clock
 * (clock_now_ms in core/clock.h; 0: none),
 * or until *stop is set (NULL: never). */
struct pns_limits {
	uint32_t max_nodes;
	int64_t deadline_ms;
	const atomic_bool *stop;
};

/* The table the search gives its solver (and the solver's bench, which
 * measures it as the search uses it): 2^20 entries of 24 bytes, 24 MB.
 * With 2^21 the same proofs took about a fifth longer (bench --solver: at
 * 1M and 4M positions each 23% longer; at 16M, 60 proofs in 52.9 s
 * against 61 in 45.9 s): a smaller table stays in the processor's cache,
 * and a search at 0.5 s a sub-move fills less than half of this one. */
#define PNS_SEARCH_TABLE (UINT32_C(1) << 20)

/* An empty solver whose table holds up to capacity positions (the
 * largest power of two not above it); false if out of memory. */
bool pns_init(struct pns *p, uint32_t capacity);
void pns_free(struct pns *p);

/* Forgets every position of the table: their numbers are those of the
 * last solves' budgets, and a new search should not be steered by them. */
void pns_forget(struct pns *p);

/* Tries to prove that attacker (0 or 1, as ops->side_to_move) wins from
 * pos. */
void pns_solve(struct pns *p, const struct game_ops *ops,
               const struct game_pos *pos, int attacker,
               const struct pns_limits *lim, struct pns_result *res);

#endif
