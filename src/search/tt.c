/*
 * Transposition table: buckets of TT_BUCKET_SIZE entries, chosen by the
 * high bits of the key; the full key is kept in each entry to reject the
 * other positions that share a bucket.  A slot packs an entry into three
 * words (struct tt_slot); a reader accepts it only if the first word,
 * XORed with the other two, gives the key it looks for, so it never uses
 * half of one thread's entry and half of another's.
 */
#include "config.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "search/tt.h"

enum { TT_BUCKET_SIZE = 4 };

/* How many plies of depth one search of age is worth when choosing a
 * victim: an entry two searches old counts as if it were 2 * this
 * shallower. */
static const int TT_AGE_WEIGHT = 4;

/* Scores this close to SEARCH_WIN are forced results, stored per node. */
static const int TT_WIN_BOUND = SEARCH_WIN - 2 * SEARCH_MAX_DEPTH;

static const size_t TT_BYTES_PER_MB = 1024 * 1024;

bool
tt_init(struct tt *tt, size_t mb)
{
	size_t bytes = (mb == 0 ? 1 : mb) * TT_BYTES_PER_MB;
	size_t buckets = bytes / (TT_BUCKET_SIZE * sizeof(struct tt_entry));
	if (buckets == 0)
		buckets = 1;
	tt->slots = calloc(buckets * TT_BUCKET_SIZE, sizeof *tt->slots);
	if (tt->slots == NULL)
		return false;
	tt->buckets = buckets;
	tt->age = 0;
	return true;
}

void
tt_free(struct tt *tt)
{
	free(tt->slots);
	tt->slots = NULL;
	tt->buckets = 0;
}

void
tt_clear(struct tt *tt)
{
	/* Only between searches, so no other thread reads the slots. */
	memset(tt->slots, 0, tt->buckets * TT_BUCKET_SIZE * sizeof *tt->slots);
	tt->age = 0;
}

void
tt_new_search(struct tt *tt)
{
	tt->age++;
}

static struct tt_slot *
tt_bucket(const struct tt *tt, uint64_t key)
{
	/* Multiply-high maps the key onto [0, buckets) without a modulo. */
	size_t index = (size_t)(((key >> 32) * (uint64_t)tt->buckets) >> 32);
	if (tt->buckets > UINT32_MAX)
		index = (size_t)(key % tt->buckets);
	return &tt->slots[index * TT_BUCKET_SIZE];
}

static uint64_t
tt_load(_Atomic uint64_t *word)
{
	return atomic_load_explicit(word, memory_order_relaxed);
}

static void
tt_put(_Atomic uint64_t *word, uint64_t value)
{
	atomic_store_explicit(word, value, memory_order_relaxed);
}

/* The entry in slot, with the key its words spell (a torn slot spells a
 * key no position has, in all likelihood). */
static void
tt_unpack(struct tt_slot *slot, struct tt_entry *e)
{
	uint64_t move_score = tt_load(&slot->move_score);
	uint64_t depth_bound = tt_load(&slot->depth_bound);
	e->key = tt_load(&slot->check) ^ move_score ^ depth_bound;
	e->move = (game_move)(move_score >> 32);
	e->score = (int32_t)(uint32_t)move_score;
	e->depth = (int16_t)(uint16_t)depth_bound;
	e->bound = (uint8_t)(depth_bound >> 16);
	e->age = (uint8_t)(depth_bound >> 24);
	e->has_move = (depth_bound >> 32) != 0;
}

static void
tt_pack(struct tt_slot *slot, const struct tt_entry *e)
{
	uint64_t move_score =
	        (uint64_t)e->move << 32 | (uint64_t)(uint32_t)e->score;
	uint64_t depth_bound =
	        (uint64_t)(uint16_t)e->depth | (uint64_t)e->bound << 16 |
	        (uint64_t)e->age << 24 | (uint64_t)e->has_move << 32;
	tt_put(&slot->move_score, move_score);
	tt_put(&slot->depth_bound, depth_bound);
	tt_put(&slot->check, e->key ^ move_score ^ depth_bound);
}

static int
tt_score_to_node(int score, int ply)
{
	if (score >= TT_WIN_BOUND)
		return score + ply;
	if (score <= -TT_WIN_BOUND)
		return score - ply;
	return score;
}

static int
tt_score_from_node(int score, int ply)
{
	if (score >= TT_WIN_BOUND)
		return score - ply;
	if (score <= -TT_WIN_BOUND)
		return score + ply;
	return score;
}

bool
tt_probe(const struct tt *tt, uint64_t key, int ply, struct tt_entry *out)
{
	struct tt_slot *b = tt_bucket(tt, key);
	for (int i = 0; i < TT_BUCKET_SIZE; i++) {
		struct tt_entry e;
		tt_unpack(&b[i], &e);
		if (e.key == key && e.depth > 0) {
			*out = e;
			out->depth = (int16_t)(e.depth - 1);
			out->score = tt_score_from_node(e.score, ply);
			return true;
		}
	}
	return false;
}

/* Lower is a better victim: shallow entries from old searches. */
static int
tt_worth(const struct tt *tt, const struct tt_entry *e)
{
	int age = (uint8_t)(tt->age - e->age);
	return e->depth - TT_AGE_WEIGHT * age;
}

void
tt_store(struct tt *tt, uint64_t key, int ply, int depth, int score,
         enum search_bound bound, game_move move, bool has_move)
{
	struct tt_slot *b = tt_bucket(tt, key);
	struct tt_entry seen[TT_BUCKET_SIZE];
	int victim = 0;
	for (int i = 0; i < TT_BUCKET_SIZE; i++) {
		tt_unpack(&b[i], &seen[i]);
		if (seen[i].key == key || seen[i].depth == 0) {
			victim = i;
			break;
		}
		if (tt_worth(tt, &seen[i]) < tt_worth(tt, &seen[victim]))
			victim = i;
	}
	const struct tt_entry *old = &seen[victim];
	/* Keep a known best move when this search found none (fail low). */
	if (old->key == key && !has_move && old->has_move) {
		move = old->move;
		has_move = true;
	}
	/* Depth is stored plus one so that 0 marks an empty slot. */
	struct tt_entry e = {
	        .key = key,
	        .move = move,
	        .score = tt_score_to_node(score, ply),
	        .depth = (int16_t)(depth + 1),
	        .bound = (uint8_t)bound,
	        .age = tt->age,
	        .has_move = has_move,
	};
	tt_pack(&b[victim], &e);
}
