/*
 * The transposition table: what earlier searches learnt about positions,
 * keyed by the game's Zobrist hash.  Buckets of a few entries; a new entry
 * replaces the least valuable one in its bucket, valuing depth and
 * penalising entries left over from earlier searches (aging).  Win and loss
 * scores are stored relative to the node, not the root, so that they stay
 * true wherever the position is met again.
 *
 * Threads: the threads of one search share its table without a lock
 * (search/ab-smp.c).  Each slot is three words read and written with
 * relaxed atomics; the first holds the key XORed with the other two,
 * so a slot torn by two threads writing it at once no longer matches its
 * key and reads as a miss.  Between searches the table belongs to the
 * thread that owns the searcher's state (tt_init, tt_free, tt_clear,
 * tt_new_search).
 */
#ifndef TABULA_SEARCH_TT_H
#define TABULA_SEARCH_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "search/search.h"

/* An entry as tt_probe gives it; the table keeps it packed in a slot. */
struct tt_entry {
	uint64_t key;
	game_move move;
	int32_t score;
	int16_t depth;
	uint8_t bound; /* enum search_bound */
	uint8_t age;
	bool has_move; /* any game_move value may be a real move */
};

/* Key XOR move and score XOR depth, bound, age and has_move; all zero
 * when empty. */
struct tt_slot {
	_Atomic uint64_t check;
	_Atomic uint64_t move_score;
	_Atomic uint64_t depth_bound;
};

struct tt {
	struct tt_slot *slots;
	size_t buckets; /* slots = buckets * TT_BUCKET_SIZE */
	uint8_t age;    /* bumped by every new search */
};

/* Allocates a cleared table of about mb MiB; false if out of memory. */
bool tt_init(struct tt *tt, size_t mb);

/* Frees the table's memory. */
void tt_free(struct tt *tt);

/* Forgets every entry. */
void tt_clear(struct tt *tt);

/* Marks the start of a new search, so older entries lose priority. */
void tt_new_search(struct tt *tt);

/* The entry for key, or NULL; its score is already relative to ply. */
bool tt_probe(const struct tt *tt, uint64_t key, int ply, struct tt_entry *out);

/* Stores what a search of depth found at ply (score from the node's view);
 * move is the best move found, if has_move. */
void tt_store(struct tt *tt, uint64_t key, int ply, int depth, int score,
              enum search_bound bound, game_move move, bool has_move);

#endif
