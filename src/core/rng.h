/*
 * Small, fast, seedable pseudo-random numbers (SplitMix64) for Zobrist keys,
 * random set-ups, random players and tests.  Not for anything secret.
 */
#ifndef TABULA_CORE_RNG_H
#define TABULA_CORE_RNG_H

#include <stdint.h>

struct rng {
	uint64_t state;
};

/* Starts a generator; the same seed always gives the same numbers. */
static inline void
rng_seed(struct rng *r, uint64_t seed)
{
	r->state = seed;
}

/* The next 64 random bits. */
static inline uint64_t
rng_next(struct rng *r)
{
	uint64_t z = (r->state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* A number in [0, bound), bound > 0, without modulo bias worth noticing. */
static inline uint32_t
rng_below(struct rng *r, uint32_t bound)
{
	return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)bound) >> 32);
}

#endif
