/*
 * Pairing requests (see pairing.h).  A few hundred requests at most wait
 * at once, so every pair is looked at.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "server/pairing.h"

void
pairing_free(struct pairing *p)
{
	free(p->list);
	memset(p, 0, sizeof *p);
}

static void
pairing_remove_at(struct pairing *p, size_t i)
{
	/* In order: the oldest requests stay first. */
	memmove(&p->list[i], &p->list[i + 1],
	        (p->count - i - 1) * sizeof *p->list);
	p->count--;
}

bool
pairing_withdraw(struct pairing *p, unsigned serial)
{
	for (size_t i = 0; i < p->count; i++) {
		if (p->list[i].serial == serial) {
			pairing_remove_at(p, i);
			return true;
		}
	}
	return false;
}

const struct seek *
pairing_of(const struct pairing *p, unsigned serial)
{
	for (size_t i = 0; i < p->count; i++) {
		if (p->list[i].serial == serial)
			return &p->list[i];
	}
	return NULL;
}

bool
pairing_add(struct pairing *p, const struct seek *s)
{
	pairing_withdraw(p, s->serial);
	if (p->count == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 16;
		struct seek *l = realloc(p->list, cap * sizeof *l);
		if (l == NULL)
			return false;
		p->list = l;
		p->cap = cap;
	}
	p->list[p->count++] = *s;
	return true;
}

int
pairing_range(const struct seek *s, int64_t now)
{
	int64_t waited = now > s->since ? (now - s->since) / 1000 : 0;
	if (waited > 1000)
		waited = 1000;
	return PAIRING_RANGE_START + (int)waited * PAIRING_RANGE_PER_SEC;
}

/* Whether a and b may play each other at now. */
static bool
pairing_fits(const struct seek *a, const struct seek *b, int64_t now)
{
	if (a->ops != b->ops || a->clock_ms != b->clock_ms ||
	    a->inc_ms != b->inc_ms || a->rated != b->rated ||
	    strcmp(a->owner, b->owner) == 0)
		return false;
	double gap = fabs(a->rating - b->rating);
	return gap <= pairing_range(a, now) && gap <= pairing_range(b, now);
}

bool
pairing_match(struct pairing *p, int64_t now, struct seek *a, struct seek *b)
{
	size_t best_i = 0, best_j = 0;
	double best = -1;
	for (size_t i = 0; i < p->count; i++) {
		for (size_t j = i + 1; j < p->count; j++) {
			if (!pairing_fits(&p->list[i], &p->list[j], now))
				continue;
			double gap =
			        fabs(p->list[i].rating - p->list[j].rating);
			if (best < 0 || gap < best) {
				best = gap;
				best_i = i;
				best_j = j;
			}
		}
	}
	if (best < 0)
		return false;
	*a = p->list[best_i];
	*b = p->list[best_j];
	pairing_remove_at(p, best_j); /* the later one first */
	pairing_remove_at(p, best_i);
	return true;
}
