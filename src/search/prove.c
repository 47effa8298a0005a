/*
 * The proving solver (search/prove.h): a depth-limited AND/OR search.  At
 * a node where the attacker moves, one move that wins is enough (OR); where
 * the defender moves, every move must lose (AND).  The only shortcuts are
 * exact ones: an OR node stops at its first proved move, an AND node at its
 * first refutation, and a table remembers, per position, the fewest plies a
 * win was proved in and the most plies a win was shown not to exist in
 * (both stay true for more and fewer plies respectively).  Moves are tried
 * in an order that finds those early: the table's move, the last
 * refutation found at the same depth, then the game's noisy moves.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "search/prove.h"

/* No win proved / no failure proved, in a table entry. */
enum { PROVE_NONE_WIN = PROVE_MAX_PLIES + 1, PROVE_NONE_FAIL = -1 };

struct prove_entry {
	uint64_t key;
	game_move best;    /* the winning move or the refutation found */
	int8_t win_plies;  /* a win proved within this many plies */
	int8_t fail_plies; /* no win within this many plies */
	int8_t attacker;   /* whose win the entry is about; -1 empty */
};

struct prover {
	const struct game_ops *ops;
	struct prove_entry *entries;
	unsigned char *positions; /* entries' positions, pos_size apart */
	size_t mask;
	uint64_t nodes, limit;
	int attacker;
	game_move killer[PROVE_MAX_PLIES + 1];
};

struct prover *
prover_new(const struct game_ops *ops, int table_bits)
{
	if (table_bits < 4)
		table_bits = 4;
	if (table_bits > 26)
		table_bits = 26;
	struct prover *p = calloc(1, sizeof *p);
	if (p == NULL)
		return NULL;
	size_t count = (size_t)1 << table_bits;
	p->ops = ops;
	p->mask = count - 1;
	p->entries = malloc(count * sizeof *p->entries);
	p->positions = malloc(count * ops->pos_size);
	if (p->entries == NULL || p->positions == NULL) {
		prover_free(p);
		return NULL;
	}
	prover_clear(p);
	return p;
}

void
prover_free(struct prover *p)
{
	if (p == NULL)
		return;
	free(p->entries);
	free(p->positions);
	free(p);
}

void
prover_clear(struct prover *p)
{
	for (size_t i = 0; i <= p->mask; i++)
		p->entries[i] = (struct prove_entry){.attacker = -1};
	memset(p->killer, 0, sizeof p->killer);
}

uint64_t
prover_nodes(const struct prover *p)
{
	return p->nodes;
}

int
prove_winner(enum game_outcome outcome)
{
	return outcome == OUTCOME_P1_WINS   ? 0
	       : outcome == OUTCOME_P2_WINS ? 1
	                                    : -1;
}

/* The entry holding pos for the current attacker, or NULL. */
static struct prove_entry *
prove_lookup(struct prover *p, const struct game_pos *pos, uint64_t key)
{
	size_t i = (size_t)key & p->mask;
	struct prove_entry *e = &p->entries[i];
	if (e->attacker != p->attacker || e->key != key ||
	    memcmp(p->positions + i * p->ops->pos_size, pos->bytes,
	           p->ops->pos_size) != 0)
		return NULL;
	return e;
}

/* Records what was proved about pos (replacing another position's entry
 * in the same slot). */
static void
prove_store(struct prover *p, const struct game_pos *pos, uint64_t key,
            bool win, int plies, game_move best)
{
	size_t i = (size_t)key & p->mask;
	struct prove_entry *e = prove_lookup(p, pos, key);
	if (e == NULL) {
		e = &p->entries[i];
		*e = (struct prove_entry){.key = key,
		                          .win_plies = PROVE_NONE_WIN,
		                          .fail_plies = PROVE_NONE_FAIL,
		                          .attacker = (int8_t)p->attacker};
		memcpy(p->positions + i * p->ops->pos_size, pos->bytes,
		       p->ops->pos_size);
	}
	if (win && plies < e->win_plies)
		e->win_plies = (int8_t)plies;
	if (!win && plies > e->fail_plies)
		e->fail_plies = (int8_t)plies;
	e->best = best;
}

/* Moves the first occurrence of m (if any) to moves[*front], *front+1. */
static void
prove_move_to_front(game_move *moves, int n, int *front, game_move m)
{
	for (int i = *front; i < n; i++) {
		if (moves[i] == m) {
			moves[i] = moves[*front];
			moves[*front] = m;
			(*front)++;
			return;
		}
	}
}

static void
prove_order(struct prover *p, const struct game_pos *pos, game_move *moves,
            int n, const struct prove_entry *e, int plies)
{
	int front = 0;
	if (e != NULL)
		prove_move_to_front(moves, n, &front, e->best);
	prove_move_to_front(moves, n, &front, p->killer[plies]);
	if (p->ops->is_noisy == NULL)
		return;
	for (int i = front; i < n; i++) {
		if (p->ops->is_noisy(pos, moves[i])) {
			game_move m = moves[i];
			moves[i] = moves[front];
			moves[front++] = m;
		}
	}
}

static enum prove_result
prove_node(struct prover *p, const struct game_pos *pos, int plies)
{
	if (p->nodes >= p->limit)
		return PROVE_UNKNOWN;
	p->nodes++;
	struct game_status st;
	p->ops->status(pos, &st);
	if (st.outcome != OUTCOME_ONGOING)
		return prove_winner(st.outcome) == p->attacker ? PROVE_YES
		                                               : PROVE_NO;
	if (plies == 0)
		return PROVE_NO;
	uint64_t key = p->ops->hash(pos);
	const struct prove_entry *e = prove_lookup(p, pos, key);
	if (e != NULL && e->win_plies <= plies)
		return PROVE_YES;
	if (e != NULL && e->fail_plies >= plies)
		return PROVE_NO;
	game_move moves[GAME_MAX_MOVES];
	int n = p->ops->gen_moves(pos, moves);
	if (n == 0)
		return PROVE_NO; /* not over, yet no move: no proof of a win */
	prove_order(p, pos, moves, n, e, plies);
	bool or_node = p->ops->side_to_move(pos) == p->attacker;
	for (int i = 0; i < n; i++) {
		struct game_pos child = *pos;
		p->ops->play(&child, moves[i]);
		enum prove_result r = prove_node(p, &child, plies - 1);
		if (r == PROVE_UNKNOWN)
			return PROVE_UNKNOWN;
		if (or_node && r == PROVE_YES) {
			prove_store(p, pos, key, true, plies, moves[i]);
			return PROVE_YES;
		}
		if (!or_node && r == PROVE_NO) {
			p->killer[plies] = moves[i];
			prove_store(p, pos, key, false, plies, moves[i]);
			return PROVE_NO;
		}
	}
	/* Every move failed (OR) or every move lost (AND). */
	prove_store(p, pos, key, !or_node, plies, moves[0]);
	return or_node ? PROVE_NO : PROVE_YES;
}

enum prove_result
prove_win(struct prover *p, const struct game_pos *pos, int attacker, int plies,
          uint64_t budget)
{
	if (plies < 0)
		plies = 0;
	if (plies > PROVE_MAX_PLIES)
		plies = PROVE_MAX_PLIES;
	p->attacker = attacker;
	p->limit = p->nodes + budget;
	return prove_node(p, pos, plies);
}

enum prove_result
prove_min_plies(struct prover *p, const struct game_pos *pos, int attacker,
                int max_plies, uint64_t budget, int *plies)
{
	uint64_t end = p->nodes + budget;
	for (int d = 0; d <= max_plies && d <= PROVE_MAX_PLIES; d++) {
		uint64_t left = end > p->nodes ? end - p->nodes : 0;
		enum prove_result r = prove_win(p, pos, attacker, d, left);
		if (r == PROVE_YES)
			*plies = d;
		if (r != PROVE_NO)
			return r;
	}
	return PROVE_NO;
}
