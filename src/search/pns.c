/*
 * Depth-first proof-number search (df-pn, Nagai) with a transposition
 * table.  Every position has a proof number (how many positions must still
 * be proven to prove that the attacker wins: 1 for an unknown position, 0
 * for a win, infinite for anything else) and a disproof number (the
 * converse).  Where the attacker is to move, the proof number is the least
 * of its children's and the disproof number their sum; where the defender
 * is, the other way round.  Draws count as failures of the attacker.
 *
 * Best-first proof-number search keeps the whole tree in memory and walks
 * it from the root at every step.  df-pn reaches the same most-proving
 * position depth-first: it stays below a node while the node's numbers are
 * under thresholds that say when a sibling would become the better one,
 * and keeps what it learnt only in the table, so proofs need far more
 * positions than the memory holds, and a position reached by two move
 * orders (a TZAAR capture played before or after another) is proven once.
 *
 * Three refinements: the threshold of the child followed is (1 + 1/4) times
 * its sibling's number rather than one more (Pawlewicz and Lew's 1 + epsilon
 * trick, which stops the search from switching back and forth between two
 * children with close numbers), a child that ends the game in the
 * player to move's favour settles its parent at once, and the move that
 * last settled a position at the same depth is tried first (a killer).
 *
 * The game graph must have no cycles (every solvable game's positions only
 * lead forward), so a position's numbers do not depend on how it was
 * reached.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "search/pns.h"

/* Infinity leaves room for sums of two finite numbers. */
#define PNS_INF (UINT32_MAX / 2)

struct pns_entry {
	uint64_t key; /* position hash, salted by the attacker */
	uint32_t pn, dn;
	uint32_t work;  /* positions created below it, for replacement */
	uint16_t plies; /* after a proof: plies to the end from here */
	uint16_t stamp; /* the table's stamp when it was written */
};

/* What a child is known to be before any search below it. */
enum pns_fixed { PNS_OPEN, PNS_WON, PNS_LOST };

/* The children of one position on the current path, with their numbers:
 * read from the table once, when the position is expanded, and again for
 * the child just searched (no child is reached again below a sibling,
 * as every move of a solvable game leaves a trace its siblings lack, so
 * a child's entry changes only when it is searched itself; a stale number
 * would only steer, never settle), so that choosing the next child costs
 * no table look-ups: they were half the solver's time. */
struct pns_frame {
	game_move moves[GAME_MAX_MOVES];
	uint64_t keys[GAME_MAX_MOVES];
	uint32_t pn[GAME_MAX_MOVES], dn[GAME_MAX_MOVES];
	uint16_t plies[GAME_MAX_MOVES];
	bool open[GAME_MAX_MOVES]; /* not settled by the game's end */
	/* The move that last settled a position at this depth in the favour
	 * of the player to move (tried first), until forgotten. */
	game_move killer;
	bool has_killer;
};

/* Deeper than this the solver gives up (no verdict). */
enum { PNS_MAX_DEPTH = 200 };

/* The clock is looked at once this many more positions have been made
 * since it was last (positions are made a whole expansion at a time, so a
 * test for an exact multiple could miss every time). */
static const uint64_t PNS_CLOCK_EVERY = 1024;
/* The attacker's salt of a position's key, so that one table holds both
 * sides' attempts. */
static const uint64_t PNS_SALT = UINT64_C(0x9e3779b97f4a7c15);
/* epsilon = 1 / PNS_EPSILON_DIV. */
static const uint32_t PNS_EPSILON_DIV = 4;

bool
pns_init(struct pns *p, uint32_t capacity)
{
	memset(p, 0, sizeof *p);
	uint32_t size = 2;
	while (size <= capacity / 2)
		size *= 2;
	p->table = calloc(size, sizeof *p->table);
	p->frames = calloc(PNS_MAX_DEPTH, sizeof *p->frames);
	if (p->table == NULL || p->frames == NULL) {
		pns_free(p);
		return false;
	}
	p->capacity = size;
	p->stamp = 1;
	p->draws = false;
	return true;
}

void
pns_free(struct pns *p)
{
	if (p->frames != NULL) {
		for (int i = 0; i < PNS_MAX_DEPTH; i++)
			free(p->frames[i]);
	}
	free(p->frames);
	free(p->table);
	memset(p, 0, sizeof *p);
}

void
pns_forget(struct pns *p)
{
	if (p->table == NULL)
		return;
	p->draws = false;
	/* Frames are made in depth order: the first missing one ends them. */
	for (int i = 0; i < PNS_MAX_DEPTH && p->frames[i] != NULL; i++)
		p->frames[i]->has_killer = false;
	/* A new stamp retires every entry; when the stamps wrap, the table
	 * is wiped. */
	if (++p->stamp == 0) {
		memset(p->table, 0, (size_t)p->capacity * sizeof *p->table);
		p->stamp = 1;
	}
}

static uint32_t
pns_add(uint32_t a, uint32_t b)
{
	return a >= PNS_INF - b ? PNS_INF : a + b;
}

/* The table entry of key, or NULL.  Two slots per key: its own index and
 * the one next to it. */
static struct pns_entry *
pns_find(struct pns *p, uint64_t key)
{
	uint32_t at = (uint32_t)key & (p->capacity - 1);
	struct pns_entry *e = &p->table[at], *f = &p->table[at ^ 1];
	if (e->key == key && e->stamp == p->stamp)
		return e;
	if (f->key == key && f->stamp == p->stamp)
		return f;
	return NULL;
}

static bool
pns_settled(const struct pns_entry *e)
{
	return e->pn == 0 || e->dn == 0;
}

/* Stores a position's numbers.  A new key takes the slot that was
 * forgotten, holds no verdict, or cost less work. */
static void
pns_store(struct pns *p, uint64_t key, uint32_t pn, uint32_t dn, uint32_t work,
          int plies)
{
	struct pns_entry *e = pns_find(p, key);
	if (e == NULL) {
		uint32_t at = (uint32_t)key & (p->capacity - 1);
		struct pns_entry *a = &p->table[at], *b = &p->table[at ^ 1];
		if (a->stamp != p->stamp)
			e = a;
		else if (b->stamp != p->stamp)
			e = b;
		else if (pns_settled(a) != pns_settled(b))
			e = pns_settled(a) ? b : a;
		else
			e = a->work <= b->work ? a : b;
	}
	e->key = key;
	e->pn = pn;
	e->dn = dn;
	e->work = work;
	e->plies = plies < UINT16_MAX ? (uint16_t)plies : UINT16_MAX;
	e->stamp = p->stamp;
}

/* One solve's state. */
struct pns_run {
	struct pns *p;
	const struct game_ops *ops;
	int attacker;
	uint64_t salt;
	const struct pns_limits *lim;
	uint64_t created;    /* positions made (played and looked at) */
	uint64_t next_clock; /* created count at which to look at the clock */
	uint64_t expanded;
	bool aborted;
};

static bool
pns_out_of_budget(struct pns_run *r)
{
	const struct pns_limits *lim = r->lim;
	if (r->created > lim->max_nodes)
		return true;
	if (lim->stop != NULL &&
	    atomic_load_explicit(lim->stop, memory_order_relaxed))
		return true;
	if (lim->deadline_ms <= 0 || r->created < r->next_clock)
		return false;
	r->next_clock = r->created + PNS_CLOCK_EVERY;
	return clock_now_ms() >= lim->deadline_ms;
}

/* Whether a game's end is the attacker's win. */
static bool
pns_attacker_won(enum game_outcome outcome, int attacker)
{
	return (outcome == OUTCOME_P1_WINS && attacker == 0) ||
	       (outcome == OUTCOME_P2_WINS && attacker == 1);
}

/* Whether the table's disproofs may rest on a draw (else each is a proof
 * that the defender wins). */
static void
pns_note_draw(struct pns *p, enum game_outcome outcome)
{
	if (outcome != OUTCOME_P1_WINS && outcome != OUTCOME_P2_WINS)
		p->draws = true;
}

/* What the game's end makes of a child (PNS_OPEN while it goes on),
 * noting a draw; its key in *key. */
static enum pns_fixed
pns_look(struct pns_run *r, const struct game_pos *child, uint64_t *key)
{
	struct game_status st;
	r->ops->status(child, &st);
	*key = r->ops->hash(child) ^ r->salt;
	if (st.outcome == OUTCOME_ONGOING)
		return PNS_OPEN;
	pns_note_draw(r->p, st.outcome);
	return pns_attacker_won(st.outcome, r->attacker) ? PNS_WON : PNS_LOST;
}

/* Asks the processor for the table slots of key. */
static void
pns_prefetch(const struct pns *p, uint64_t key)
{
	uint32_t at = (uint32_t)key & (p->capacity - 1);
	__builtin_prefetch(&p->table[at]);
	__builtin_prefetch(&p->table[at ^ 1]);
}

/* A child's numbers and plies from the table (those of an unknown
 * position when it is not there). */
static void
pns_read_child(struct pns *p, struct pns_frame *f, int i)
{
	const struct pns_entry *e = pns_find(p, f->keys[i]);
	f->pn[i] = e != NULL ? e->pn : 1;
	f->dn[i] = e != NULL ? e->dn : 1;
	f->plies[i] = e != NULL ? e->plies : 0;
}

/* Notes the move that settled frame f's position in the favour of the
 * player who moved there. */
static void
pns_note_killer(struct pns_frame *f, game_move move)
{
	f->killer = move;
	f->has_killer = true;
}

/* Puts the frame's killer, if among its n moves, first.  Unknown children
 * all start with the same numbers, and the first of them is searched
 * first: the move that settled the last position at this depth often
 * settles its sibling too (the defender's many stacks and passes rarely
 * change the attacker's winning line), and trying it first found 10
 * proofs instead of 4 in 26 late positions of lost games, with 2M
 * positions each. */
static void
pns_killer_first(struct pns_frame *f, int n)
{
	if (!f->has_killer)
		return;
	for (int i = 1; i < n; i++) {
		if (f->moves[i] == f->killer) {
			memmove(&f->moves[1], &f->moves[0],
			        (size_t)i * sizeof *f->moves);
			f->moves[0] = f->killer;
			return;
		}
	}
}

/* Fills frame f with the children of pos, killer first; their number, or
 * -1 when one of them settles pos already (its entry is then stored). */
static int
pns_expand(struct pns_run *r, const struct game_pos *pos, uint64_t key,
           bool attacker_moves, struct pns_frame *f)
{
	int n = r->ops->gen_moves(pos, f->moves);
	r->expanded++;
	pns_killer_first(f, n);
	for (int i = 0; i < n; i++) {
		struct game_pos child = *pos;
		r->ops->play(&child, f->moves[i]);
		r->created++;
		enum pns_fixed fixed = pns_look(r, &child, &f->keys[i]);
		f->open[i] = fixed == PNS_OPEN;
		if (f->open[i]) {
			/* Its table slots are read once all children are
			 * made: fetch them now, not one miss at a time. */
			pns_prefetch(r->p, f->keys[i]);
			continue;
		}
		/* The player to move takes a win that is there at once. */
		bool won = fixed == PNS_WON;
		if (won == attacker_moves) {
			pns_note_killer(f, f->moves[i]);
			pns_store(r->p, key, won ? 0 : PNS_INF,
			          won ? PNS_INF : 0, (uint32_t)(i + 1), 1);
			return -1;
		}
		f->pn[i] = won ? 0 : PNS_INF;
		f->dn[i] = won ? PNS_INF : 0;
		f->plies[i] = 0;
	}
	for (int i = 0; i < n; i++) {
		if (f->open[i])
			pns_read_child(r->p, f, i);
	}
	return n;
}

/* The numbers of a frame's position from its children, the child to
 * follow, the second-best number there, the best child's other number,
 * and the plies of a settled position. */
struct pns_scan {
	uint32_t pn, dn;
	int best;
	uint32_t second;
	uint32_t best_other;
	int plies;
};

static void
pns_scan_children(const struct pns_frame *f, int n, bool attacker_moves,
                  struct pns_scan *s)
{
	/* "mine" is the number the player to move minimises (the proof
	 * number for the attacker), "theirs" the one summed. */
	uint32_t mine = PNS_INF, theirs = 0, second = PNS_INF, other = 0;
	int best = 0, won_plies = -1, lost_plies = 0;
	for (int i = 0; i < n; i++) {
		uint32_t pn = f->pn[i], dn = f->dn[i];
		int plies = f->plies[i];
		uint32_t m = attacker_moves ? pn : dn,
		         t = attacker_moves ? dn : pn;
		if (m < mine) {
			second = mine;
			mine = m;
			best = i;
			other = t;
		} else if (m < second) {
			second = m;
		}
		theirs = pns_add(theirs, t);
		/* The quickest win of the player to move, its longest loss. */
		if (m == 0 && (won_plies < 0 || plies < won_plies))
			won_plies = plies;
		if (t == 0 && plies > lost_plies)
			lost_plies = plies;
	}
	s->pn = attacker_moves ? mine : theirs;
	s->dn = attacker_moves ? theirs : mine;
	s->best = best;
	s->second = second;
	s->best_other = other;
	s->plies = 1 + (mine == 0 ? won_plies : lost_plies);
}

/* Searches below pos until its proof number reaches th_pn or its disproof
 * number th_dn (or the budget ends: r->aborted). */
static void
pns_mid(struct pns_run *r, const struct game_pos *pos, uint64_t key, int depth,
        uint32_t th_pn, uint32_t th_dn)
{
	if (depth >= PNS_MAX_DEPTH) {
		r->aborted = true;
		return;
	}
	struct pns_frame *f = r->p->frames[depth];
	if (f == NULL) {
		f = r->p->frames[depth] = malloc(sizeof *f);
		if (f == NULL) {
			r->aborted = true;
			return;
		}
		f->has_killer = false;
	}
	bool attacker_moves = r->ops->side_to_move(pos) == r->attacker;
	uint64_t created0 = r->created;
	int n = pns_expand(r, pos, key, attacker_moves, f);
	if (n < 0)
		return;
	struct pns_scan s;
	for (;;) {
		if (n == 0) { /* no move: lost by the side to move */
			s = (struct pns_scan){
			        .pn = attacker_moves ? PNS_INF : 0,
			        .dn = attacker_moves ? 0 : PNS_INF};
		} else {
			pns_scan_children(f, n, attacker_moves, &s);
		}
		if (s.pn >= th_pn || s.dn >= th_dn || s.pn == 0 || s.dn == 0)
			break;
		if (r->aborted || (r->aborted = pns_out_of_budget(r)))
			break;
		/* The child's thresholds: its own number may grow until the
		 * second-best sibling's, times 1 + epsilon, or the parent's
		 * threshold; the summed one until the parent's sum reaches
		 * its threshold. */
		uint32_t th_mine = attacker_moves ? th_pn : th_dn;
		uint32_t th_theirs = attacker_moves ? th_dn : th_pn;
		uint32_t theirs = attacker_moves ? s.dn : s.pn;
		uint32_t grown = pns_add(s.second, s.second / PNS_EPSILON_DIV);
		uint32_t c_mine = grown < th_mine ? pns_add(grown, 1) : th_mine;
		if (c_mine > th_mine)
			c_mine = th_mine;
		uint32_t c_theirs =
		        th_theirs >= PNS_INF
		                ? PNS_INF
		                : pns_add(th_theirs - theirs, s.best_other);
		struct game_pos child = *pos;
		r->ops->play(&child, f->moves[s.best]);
		pns_mid(r, &child, f->keys[s.best], depth + 1,
		        attacker_moves ? c_mine : c_theirs,
		        attacker_moves ? c_theirs : c_mine);
		pns_read_child(r->p, f, s.best);
	}
	if (n > 0 && (attacker_moves ? s.pn == 0 : s.dn == 0))
		pns_note_killer(f, f->moves[s.best]);
	uint64_t work = r->created - created0;
	pns_store(r->p, key, s.pn, s.dn,
	          work < UINT32_MAX ? (uint32_t)work : UINT32_MAX, s.plies);
}

/* The proof's line from a proven root: the attacker's quickest win, the
 * defender's longest resistance, as far as the table still holds it. */
static void
pns_proof_line(struct pns_run *r, const struct game_pos *root,
               struct pns_result *res)
{
	struct game_pos pos = *root;
	game_move moves[GAME_MAX_MOVES];
	res->pv_len = 0;
	while (res->pv_len < SEARCH_MAX_PV) {
		int n = r->ops->gen_moves(&pos, moves);
		bool attacker_moves = r->ops->side_to_move(&pos) == r->attacker;
		int best = -1, best_plies = 0;
		bool ended = false;
		for (int i = 0; i < n; i++) {
			struct game_pos child = pos;
			r->ops->play(&child, moves[i]);
			uint64_t key;
			enum pns_fixed fixed = pns_look(r, &child, &key);
			if (fixed == PNS_LOST)
				continue;
			int plies = 0;
			if (fixed == PNS_OPEN) {
				const struct pns_entry *e = pns_find(r->p, key);
				if (e == NULL || e->pn != 0)
					continue;
				plies = e->plies;
			}
			if (best < 0 || (attacker_moves ? plies < best_plies
			                                : plies > best_plies)) {
				best = i;
				best_plies = plies;
				ended = fixed == PNS_WON;
			}
		}
		if (best < 0)
			return;
		res->pv[res->pv_len++] = moves[best];
		if (ended)
			return;
		r->ops->play(&pos, moves[best]);
	}
}

void
pns_solve(struct pns *p, const struct game_ops *ops, const struct game_pos *pos,
          int attacker, const struct pns_limits *lim, struct pns_result *res)
{
	memset(res, 0, sizeof *res);
	res->outcome = PNS_UNKNOWN;
	if (p->table == NULL || lim->max_nodes < 1)
		return;
	if (ops != p->ops) {
		pns_forget(p);
		p->ops = ops;
	}
	struct pns_run r = {.p = p,
	                    .ops = ops,
	                    .attacker = attacker,
	                    .salt = attacker ? PNS_SALT : 0,
	                    .lim = lim};
	uint64_t key = ops->hash(pos) ^ r.salt;
	struct game_status st;
	ops->status(pos, &st);
	if (st.outcome != OUTCOME_ONGOING) {
		bool won = pns_attacker_won(st.outcome, attacker);
		pns_note_draw(p, st.outcome);
		res->outcome = won ? PNS_PROVEN : PNS_DISPROVEN;
		res->defender_wins = !won && !p->draws;
		return;
	}
	pns_mid(&r, pos, key, 0, PNS_INF, PNS_INF);
	res->expanded = r.expanded;
	const struct pns_entry *e = pns_find(p, key);
	/* A verdict stands even when the budget ended: settled numbers
	 * come only from settled children. */
	if (e == NULL || !pns_settled(e))
		return;
	if (e->pn == 0) {
		res->outcome = PNS_PROVEN;
		res->plies = e->plies;
		pns_proof_line(&r, pos, res);
	} else {
		res->outcome = PNS_DISPROVEN;
		res->defender_wins = !p->draws;
		if (res->defender_wins)
			res->plies = e->plies;
	}
}
