/*
 * The level a person plays at (core/level-progress.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/file.h"
#include "core/level-progress.h"
#include "core/text.h"

static const char LEVEL_PROGRESS_NAME[] = "levels.txt";
static const long LEVEL_PROGRESS_MAX_COUNT = 100000000;

bool
level_progress_path(char *buf, size_t size, bool create, char *err,
                    size_t err_size)
{
	return file_xdg_path("XDG_DATA_HOME", ".local/share",
	                     LEVEL_PROGRESS_NAME, create, buf, size, err,
	                     err_size);
}

/* The record of game, made if there is room (the oldest is reused when
 * every slot is taken: far more games than there are). */
static struct level_record *
level_progress_find(struct level_progress *lp, const char *game)
{
	for (int i = 0; i < lp->count; i++)
		if (strcmp(lp->games[i].game, game) == 0)
			return &lp->games[i];
	int slot = lp->count < LEVEL_PROGRESS_GAMES ? lp->count++ : 0;
	struct level_record *r = &lp->games[slot];
	memset(r, 0, sizeof *r);
	snprintf(r->game, sizeof r->game, "%s", game);
	return r;
}

static bool
level_progress_line(void *ctx, char *line, char *why, size_t why_size)
{
	struct level_progress *lp = ctx;
	snprintf(why, why_size, "want 'level GAME LEVEL WINS DRAWS LOSSES'");
	char *words[7];
	int n = 0;
	char *rest = line, *w;
	while (n < 7 && (w = text_next_word(&rest, " \t")) != NULL)
		words[n++] = w;
	if (n == 0 || words[0][0] == '#')
		return true;
	long v[4];
	if (n != 6 || strcmp(words[0], "level") != 0 ||
	    strlen(words[1]) >= sizeof lp->games[0].game ||
	    !text_to_long(words[2], 1, 100, &v[0]))
		return false;
	for (int i = 1; i < 4; i++)
		if (!text_to_long(words[2 + i], 0, LEVEL_PROGRESS_MAX_COUNT,
		                  &v[i]))
			return false;
	struct level_record *r = level_progress_find(lp, words[1]);
	r->level = (int)v[0];
	r->wins = (int)v[1];
	r->draws = (int)v[2];
	r->losses = (int)v[3];
	return true;
}

bool
level_progress_load(const char *path, struct level_progress *lp, char *err,
                    size_t err_size)
{
	memset(lp, 0, sizeof *lp);
	bool ok = file_read_lines(path, LEVEL_PROGRESS_MAX_BYTES,
	                          LEVEL_PROGRESS_MAGIC, "levels file",
	                          level_progress_line, lp, err, err_size);
	if (!ok)
		memset(lp, 0, sizeof *lp);
	return ok;
}

static bool
level_progress_write(FILE *f, const void *ctx, char *why, size_t why_size)
{
	const struct level_progress *lp = ctx;
	fprintf(f, "%s\n", LEVEL_PROGRESS_MAGIC);
	for (int i = 0; i < lp->count; i++) {
		const struct level_record *r = &lp->games[i];
		fprintf(f, "level %s %d %d %d %d\n", r->game, r->level, r->wins,
		        r->draws, r->losses);
	}
	if (ferror(f)) {
		snprintf(why, why_size, "write error");
		return false;
	}
	return true;
}

bool
level_progress_save(const char *path, const struct level_progress *lp,
                    char *err, size_t err_size)
{
	return file_replace(path, level_progress_write, lp, err, err_size);
}

int
level_progress_level(const struct level_progress *lp, const char *game,
                     int newcomer)
{
	for (int i = 0; i < lp->count; i++)
		if (strcmp(lp->games[i].game, game) == 0)
			return lp->games[i].level;
	return newcomer;
}

int
level_progress_record(struct level_progress *lp, const char *game, int level,
                      int result, int min, int max)
{
	struct level_record *r = level_progress_find(lp, game);
	if (result > 0)
		r->wins++;
	else if (result < 0)
		r->losses++;
	else
		r->draws++;
	int next = level + (result > 0) - (result < 0);
	r->level = next < min ? min : next > max ? max : next;
	return r->level;
}
