/*
 * Proof-number search (Allis): every leaf of the tree has a proof number
 * (how many leaves must still be proven to prove it: 1 for an unknown
 * leaf, 0 for a win of the attacker, infinite for anything else) and a
 * disproof number (the converse).  At an attacker's node the proof number
 * is the least of its children's and the disproof number their sum; at a
 * defender's node the other way round.  Each step walks from the root to
 * the most-proving leaf (least proof number at attacker's nodes, least
 * disproof number at the defender's), replaying the moves on a copy of the
 * root, expands it, and updates its ancestors until a number no longer
 * changes.  Draws count as failures of the attacker.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search/pns.h"

#define PNS_INF  UINT32_MAX
#define PNS_NONE UINT32_MAX

struct pns_node {
	uint32_t pn, dn;
	uint32_t parent;
	uint32_t first; /* first child, PNS_NONE while not expanded */
	uint32_t count; /* children */
	game_move move; /* from the parent */
	uint16_t plies; /* after a proof: plies to its end from here */
	bool attacker;  /* the attacker is to move here */
};

/* The clock is looked at once per this many expansions + 1. */
static const uint32_t PNS_CLOCK_MASK = 63;
static const int64_t PNS_MS_PER_S = 1000, PNS_NS_PER_MS = 1000000;

int64_t
pns_now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * PNS_MS_PER_S + t.tv_nsec / PNS_NS_PER_MS;
}

bool
pns_init(struct pns *p, uint32_t capacity)
{
	p->nodes = malloc((size_t)capacity * sizeof *p->nodes);
	p->capacity = p->nodes != NULL ? capacity : 0;
	return p->nodes != NULL;
}

void
pns_free(struct pns *p)
{
	free(p->nodes);
	p->nodes = NULL;
	p->capacity = 0;
}

static uint32_t
pns_add(uint32_t a, uint32_t b)
{
	return a >= PNS_INF - b ? PNS_INF : a + b;
}

/* Sets a fresh node's numbers from its position. */
static void
pns_leaf(const struct game_ops *ops, const struct game_pos *pos, int attacker,
         struct pns_node *n)
{
	struct game_status st;
	ops->status(pos, &st);
	n->first = PNS_NONE;
	n->count = 0;
	n->attacker = ops->side_to_move(pos) == attacker;
	if (st.outcome == OUTCOME_ONGOING) {
		n->pn = n->dn = 1;
		return;
	}
	bool won = (st.outcome == OUTCOME_P1_WINS && attacker == 0) ||
	           (st.outcome == OUTCOME_P2_WINS && attacker == 1);
	n->pn = won ? 0 : PNS_INF;
	n->dn = won ? PNS_INF : 0;
}

/* Recomputes a node's numbers from its children; whether they changed. */
static bool
pns_update(struct pns *p, uint32_t i)
{
	struct pns_node *n = &p->nodes[i];
	uint32_t pn, dn;
	if (n->attacker) {
		pn = PNS_INF;
		dn = 0;
		for (uint32_t c = n->first; c < n->first + n->count; c++) {
			if (p->nodes[c].pn < pn)
				pn = p->nodes[c].pn;
			dn = pns_add(dn, p->nodes[c].dn);
		}
	} else {
		pn = 0;
		dn = PNS_INF;
		for (uint32_t c = n->first; c < n->first + n->count; c++) {
			pn = pns_add(pn, p->nodes[c].pn);
			if (p->nodes[c].dn < dn)
				dn = p->nodes[c].dn;
		}
	}
	bool changed = pn != n->pn || dn != n->dn;
	n->pn = pn;
	n->dn = dn;
	return changed;
}

/* The child to follow towards the most-proving leaf. */
static uint32_t
pns_select(const struct pns *p, uint32_t i)
{
	const struct pns_node *n = &p->nodes[i];
	uint32_t best = n->first;
	for (uint32_t c = n->first + 1; c < n->first + n->count; c++) {
		uint32_t v = n->attacker ? p->nodes[c].pn : p->nodes[c].dn;
		uint32_t b =
		        n->attacker ? p->nodes[best].pn : p->nodes[best].dn;
		if (v < b)
			best = c;
	}
	return best;
}

/* The child on the proof's line below a proven node: the attacker's
 * quickest win, the defender's longest resistance (PNS_NONE at a leaf). */
static uint32_t
pns_line_child(const struct pns *p, uint32_t i)
{
	const struct pns_node *n = &p->nodes[i];
	uint32_t best = PNS_NONE;
	for (uint32_t c = n->first;
	     n->first != PNS_NONE && c < n->first + n->count; c++) {
		if (p->nodes[c].pn != 0)
			continue;
		if (best == PNS_NONE ||
		    (n->attacker ? p->nodes[c].plies < p->nodes[best].plies
		                 : p->nodes[c].plies > p->nodes[best].plies))
			best = c;
	}
	return best;
}

/* The length of the proof and its line.  Children come after their
 * parent in the array, so one backward pass settles every node's plies. */
static void
pns_proof_line(struct pns *p, uint32_t used, struct pns_result *res)
{
	for (uint32_t i = used; i-- > 0;) {
		struct pns_node *n = &p->nodes[i];
		if (n->pn != 0)
			continue;
		uint32_t c = pns_line_child(p, i);
		n->plies = c == PNS_NONE ? 0
		           : p->nodes[c].plies < UINT16_MAX
		                   ? (uint16_t)(p->nodes[c].plies + 1)
		                   : UINT16_MAX;
	}
	res->plies = p->nodes[0].plies;
	res->pv_len = 0;
	for (uint32_t c = pns_line_child(p, 0);
	     c != PNS_NONE && res->pv_len < SEARCH_MAX_PV;
	     c = pns_line_child(p, c))
		res->pv[res->pv_len++] = p->nodes[c].move;
}

static bool
pns_out_of_time(const struct pns_limits *lim, uint64_t expanded)
{
	if (lim->stop != NULL &&
	    atomic_load_explicit(lim->stop, memory_order_relaxed))
		return true;
	return lim->deadline_ms > 0 && (expanded & PNS_CLOCK_MASK) == 0 &&
	       pns_now_ms() >= lim->deadline_ms;
}

void
pns_solve(struct pns *p, const struct game_ops *ops, const struct game_pos *pos,
          int attacker, const struct pns_limits *lim, struct pns_result *res)
{
	memset(res, 0, sizeof *res);
	res->outcome = PNS_UNKNOWN;
	uint32_t cap =
	        lim->max_nodes < p->capacity ? lim->max_nodes : p->capacity;
	if (cap < 1)
		return;
	uint32_t used = 1;
	pns_leaf(ops, pos, attacker, &p->nodes[0]);
	p->nodes[0].parent = PNS_NONE;
	game_move moves[GAME_MAX_MOVES];
	while (p->nodes[0].pn != 0 && p->nodes[0].dn != 0) {
		if (pns_out_of_time(lim, res->expanded))
			return;
		struct game_pos cur = *pos;
		uint32_t i = 0;
		while (p->nodes[i].first != PNS_NONE) {
			i = pns_select(p, i);
			ops->play(&cur, p->nodes[i].move);
		}
		int n = ops->gen_moves(&cur, moves);
		if ((uint32_t)n > cap - used)
			return; /* the tree is full */
		struct pns_node *leaf = &p->nodes[i];
		leaf->first = used;
		leaf->count = (uint32_t)n;
		for (int k = 0; k < n; k++) {
			struct game_pos child = cur;
			ops->play(&child, moves[k]);
			struct pns_node *c = &p->nodes[used++];
			pns_leaf(ops, &child, attacker, c);
			c->parent = i;
			c->move = moves[k];
		}
		res->expanded++;
		/* With no child, the update scores the leaf as lost by the
		 * side that cannot move, as a game would. */
		while (pns_update(p, i) && i != 0)
			i = p->nodes[i].parent;
	}
	if (p->nodes[0].pn == 0) {
		res->outcome = PNS_PROVEN;
		pns_proof_line(p, used, res);
	} else {
		res->outcome = PNS_DISPROVEN;
	}
}
