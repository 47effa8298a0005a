/*
 * Proof-number search, game-agnostic: tries to prove that a side (the
 * attacker) wins from a position whatever the other does, growing the tree
 * towards the node that is cheapest to prove or disprove.  The search uses
 * it in endgames its game marks as solvable (game_ops.solvable), so that a
 * forced result far beyond the alpha-beta horizon is played and reported
 * ("score mate N") as soon as it exists.
 *
 * A sub-move game (TZAAR) is handled like any other: a node belongs to the
 * attacker when the attacker is to move there.  The tree lives in one
 * array that the caller owns and reuses (struct pns); no transpositions.
 */
#ifndef TABULA_SEARCH_PNS_H
#define TABULA_SEARCH_PNS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "search/search.h"

struct pns_node;

struct pns {
	struct pns_node *nodes;
	uint32_t capacity;
};

enum pns_outcome {
	PNS_PROVEN,    /* the attacker wins */
	PNS_DISPROVEN, /* the attacker cannot force a win */
	PNS_UNKNOWN    /* out of nodes, time, or stopped */
};

struct pns_result {
	enum pns_outcome outcome;
	int plies; /* PROVEN: the longest defence in the proof */
	game_move pv[SEARCH_MAX_PV]; /* PROVEN: a winning line */
	int pv_len;
	uint64_t expanded; /* nodes expanded */
};

/* Limits of one proof attempt: at most max_nodes tree nodes (clamped to
 * the capacity), until deadline_ms of the monotonic clock (0: none), or
 * until *stop is set (NULL: never). */
struct pns_limits {
	uint32_t max_nodes;
	int64_t deadline_ms;
	const atomic_bool *stop;
};

/* An empty solver with room for capacity nodes; false if out of memory. */
bool pns_init(struct pns *p, uint32_t capacity);
void pns_free(struct pns *p);

/* Tries to prove that attacker (0 or 1, as ops->side_to_move) wins from
 * pos. */
void pns_solve(struct pns *p, const struct game_ops *ops,
               const struct game_pos *pos, int attacker,
               const struct pns_limits *lim, struct pns_result *res);

/* Milliseconds of the monotonic clock, for deadlines. */
int64_t pns_now_ms(void);

#endif
