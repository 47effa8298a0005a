/*
 * The trainer's progress file (core/puzzle-progress.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/file.h"
#include "core/puzzle-progress.h"
#include "core/rng.h"
#include "core/text.h"

static const char PROGRESS_NAME[] = "puzzles.txt";
/* The Elo step: larger while the rating is new. */
static const double PROGRESS_K_NEW = 40.0, PROGRESS_K = 24.0;
static const int PROGRESS_NEW_TRIES = 10;
/* Puzzles closest in rating among which one is drawn. */
static const size_t PROGRESS_NEAREST = 6;

bool
puzzle_progress_path(char *buf, size_t size, bool create, char *err,
                     size_t err_size)
{
	return file_xdg_path("XDG_DATA_HOME", ".local/share", PROGRESS_NAME,
	                     create, buf, size, err, err_size);
}

static bool
progress_line(void *ctx, char *line, char *err, size_t err_size)
{
	struct puzzle_progress *pp = ctx;
	char *words[6];
	int n = 0;
	char *rest = line, *w;
	while (n < 6 && (w = text_next_word(&rest, " \t")) != NULL)
		words[n++] = w;
	if (n == 0 || words[0][0] == '#')
		return true;
	long v[3];
	if (strcmp(words[0], "rating") == 0 && n == 5 &&
	    strlen(words[1]) < sizeof pp->players[0].game &&
	    text_to_long(words[2], PUZZLE_RATING_MIN, PUZZLE_RATING_MAX,
	                 &v[0]) &&
	    text_to_long(words[3], 0, 100000000, &v[1]) &&
	    text_to_long(words[4], 0, 100000000, &v[2])) {
		struct puzzle_player *p = puzzle_progress_player(pp, words[1]);
		p->rating = (int)v[0];
		p->solved = (int)v[1];
		p->failed = (int)v[2];
		return true;
	}
	if (strcmp(words[0], "tried") == 0 && n == 2 &&
	    strlen(words[1]) < PUZZLE_ID_MAX) {
		if (pp->tried_count == PUZZLE_PROGRESS_TRIED) {
			memmove(pp->tried[0], pp->tried[1],
			        (PUZZLE_PROGRESS_TRIED - 1) * PUZZLE_ID_MAX);
			pp->tried_count--;
		}
		snprintf(pp->tried[pp->tried_count++], PUZZLE_ID_MAX, "%s",
		         words[1]);
		return true;
	}
	snprintf(err, err_size,
	         "want 'rating GAME RATING SOLVED FAILED' or "
	         "'tried ID'");
	return false;
}

bool
puzzle_progress_load(const char *path, struct puzzle_progress *pp, char *err,
                     size_t err_size)
{
	memset(pp, 0, sizeof *pp);
	bool ok = file_read_lines(path, PUZZLE_PROGRESS_MAX_BYTES,
	                          PUZZLE_PROGRESS_MAGIC, "progress file",
	                          progress_line, pp, err, err_size);
	if (!ok)
		memset(pp, 0, sizeof *pp);
	return ok;
}

static bool
progress_write(FILE *f, const void *ctx, char *why, size_t why_size)
{
	const struct puzzle_progress *pp = ctx;
	fprintf(f, "%s\n", PUZZLE_PROGRESS_MAGIC);
	for (int i = 0; i < pp->player_count; i++) {
		const struct puzzle_player *p = &pp->players[i];
		fprintf(f, "rating %s %d %d %d\n", p->game, p->rating,
		        p->solved, p->failed);
	}
	for (int i = 0; i < pp->tried_count; i++)
		fprintf(f, "tried %s\n", pp->tried[i]);
	if (ferror(f)) {
		snprintf(why, why_size, "write error");
		return false;
	}
	return true;
}

bool
puzzle_progress_save(const char *path, const struct puzzle_progress *pp,
                     char *err, size_t err_size)
{
	/* A fresh temporary file renamed over the old one; a link or a
	 * device at path is refused, never written through. */
	return file_replace(path, progress_write, pp, err, err_size);
}

struct puzzle_player *
puzzle_progress_player(struct puzzle_progress *pp, const char *game)
{
	for (int i = 0; i < pp->player_count; i++) {
		if (strcmp(pp->players[i].game, game) == 0)
			return &pp->players[i];
	}
	if (pp->player_count == PUZZLE_PROGRESS_GAMES) {
		memmove(&pp->players[0], &pp->players[1],
		        (PUZZLE_PROGRESS_GAMES - 1) * sizeof pp->players[0]);
		pp->player_count--;
	}
	struct puzzle_player *p = &pp->players[pp->player_count++];
	*p = (struct puzzle_player){.rating = PUZZLE_PROGRESS_START};
	snprintf(p->game, sizeof p->game, "%s", game);
	return p;
}

static bool
progress_was_tried(const struct puzzle_progress *pp, const char *id)
{
	for (int i = 0; i < pp->tried_count; i++) {
		if (strcmp(pp->tried[i], id) == 0)
			return true;
	}
	return false;
}

int
puzzle_progress_record(struct puzzle_progress *pp, const char *game,
                       const struct puzzle *pz, enum puzzle_outcome outcome)
{
	struct puzzle_player *p = puzzle_progress_player(pp, game);
	double score = outcome == PUZZLE_SOLVED   ? 1.0
	               : outcome == PUZZLE_HINTED ? 0.5
	                                          : 0.0;
	double expected =
	        1.0 / (1.0 + pow(10.0, (pz->rating - p->rating) / 400.0));
	double k = p->solved + p->failed < PROGRESS_NEW_TRIES ? PROGRESS_K_NEW
	                                                      : PROGRESS_K;
	int delta = (int)lround(k * (score - expected));
	int rating = p->rating + delta;
	if (rating < PUZZLE_RATING_MIN)
		rating = PUZZLE_RATING_MIN;
	if (rating > PUZZLE_RATING_MAX)
		rating = PUZZLE_RATING_MAX;
	delta = rating - p->rating;
	p->rating = rating;
	if (outcome == PUZZLE_FAILED)
		p->failed++;
	else
		p->solved++;
	if (!progress_was_tried(pp, pz->id)) {
		if (pp->tried_count == PUZZLE_PROGRESS_TRIED) {
			memmove(pp->tried[0], pp->tried[1],
			        (PUZZLE_PROGRESS_TRIED - 1) * PUZZLE_ID_MAX);
			pp->tried_count--;
		}
		snprintf(pp->tried[pp->tried_count++], PUZZLE_ID_MAX, "%s",
		         pz->id);
	}
	return delta;
}

size_t
puzzle_progress_pick(const struct puzzle_progress *pp,
                     const struct puzzle_set *set, int rating, uint64_t seed)
{
	/* The PROGRESS_NEAREST untried puzzles closest to rating (all
	 * puzzles when every one was tried), by insertion. */
	size_t best[16];
	size_t count = 0, want = PROGRESS_NEAREST;
	for (int pass = 0; pass < 2 && count == 0; pass++) {
		for (size_t i = 0; i < set->count; i++) {
			if (pass == 0 &&
			    progress_was_tried(pp, set->items[i].id))
				continue;
			int d = abs(set->items[i].rating - rating);
			size_t j;
			if (count < want)
				j = count++;
			else if (d >= abs(set->items[best[want - 1]].rating -
			                  rating))
				continue;
			else
				j = want - 1;
			while (j > 0 && abs(set->items[best[j - 1]].rating -
			                    rating) > d) {
				best[j] = best[j - 1];
				j--;
			}
			best[j] = i;
		}
	}
	struct rng r;
	rng_seed(&r, seed);
	return best[rng_below(&r, (uint32_t)count)];
}
