/*
 * Transposition table: buckets of TT_BUCKET_SIZE entries, chosen by the
 * high bits of the key; the full key is kept in each entry to reject the
 * other positions that share a bucket.
 */
#include "config.h"

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
	tt->entries = calloc(buckets * TT_BUCKET_SIZE, sizeof *tt->entries);
	if (tt->entries == NULL)
		return false;
	tt->buckets = buckets;
	tt->age = 0;
	return true;
}

void
tt_free(struct tt *tt)
{
	free(tt->entries);
	tt->entries = NULL;
	tt->buckets = 0;
}

void
tt_clear(struct tt *tt)
{
	memset(tt->entries, 0,
	       tt->buckets * TT_BUCKET_SIZE * sizeof *tt->entries);
	tt->age = 0;
}

void
tt_new_search(struct tt *tt)
{
	tt->age++;
}

static struct tt_entry *
tt_bucket(const struct tt *tt, uint64_t key)
{
	/* Multiply-high maps the key onto [0, buckets) without a modulo. */
	size_t index = (size_t)(((key >> 32) * (uint64_t)tt->buckets) >> 32);
	if (tt->buckets > UINT32_MAX)
		index = (size_t)(key % tt->buckets);
	return &tt->entries[index * TT_BUCKET_SIZE];
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
	const struct tt_entry *b = tt_bucket(tt, key);
	for (int i = 0; i < TT_BUCKET_SIZE; i++) {
		if (b[i].key == key && b[i].depth > 0) {
			*out = b[i];
			out->depth = (int16_t)(b[i].depth - 1);
			out->score = tt_score_from_node(b[i].score, ply);
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
	struct tt_entry *b = tt_bucket(tt, key);
	struct tt_entry *victim = &b[0];
	for (int i = 0; i < TT_BUCKET_SIZE; i++) {
		if (b[i].key == key || b[i].depth == 0) {
			victim = &b[i];
			break;
		}
		if (tt_worth(tt, &b[i]) < tt_worth(tt, victim))
			victim = &b[i];
	}
	/* Keep a known best move when this search found none (fail low). */
	if (victim->key == key && !has_move && victim->has_move) {
		move = victim->move;
		has_move = true;
	}
	/* Depth is stored plus one so that 0 marks an empty slot. */
	victim->key = key;
	victim->move = move;
	victim->score = tt_score_to_node(score, ply);
	victim->depth = (int16_t)(depth + 1);
	victim->bound = (uint8_t)bound;
	victim->age = tt->age;
	victim->has_move = has_move;
}
