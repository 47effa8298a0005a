/*
 * The review command's output (see review-out.h).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/review-out.h"
#include "core/file.h"
#include "search/winchance.h"

/* Reviews of one game that may stand side by side, at most. */
enum { REVIEW_OUT_MAX_MADE = 99 };

/* The n-th name for input's review: "game.reviewed.rec", then
 * "game.reviewed-2.rec" ...; NULL if it does not fit. */
static const char *
review_out_nth(const char *input, int n, char *buf, size_t size)
{
	const char *slash = strrchr(input, '/');
	const char *base = slash != NULL ? slash + 1 : input;
	const char *dot = strrchr(base, '.');
	size_t stem = dot != NULL && dot != base ? (size_t)(dot - input)
	                                         : strlen(input);
	char count[16] = "";
	if (n > 1)
		snprintf(count, sizeof count, "-%d", n);
	int w = snprintf(buf, size, "%.*s.reviewed%s.rec", (int)stem, input,
	                 count);
	return w >= 0 && (size_t)w < size ? buf : NULL;
}

const char *
review_out_name(const char *input, char *buf, size_t size)
{
	struct stat st;
	for (int n = 1; n <= REVIEW_OUT_MAX_MADE; n++) {
		if (review_out_nth(input, n, buf, size) == NULL)
			return NULL;
		if (lstat(buf, &st) != 0 && errno == ENOENT)
			return buf;
	}
	return NULL;
}

bool
review_out_save_made(const char *input, char *path, size_t size,
                     const struct session *s, const struct record_meta *meta,
                     char *err, size_t err_size)
{
	char tmp[4200];
	const char *slash = strrchr(path, '/');
	snprintf(tmp, sizeof tmp, "%.*s.tabula-review-XXXXXX",
	         slash != NULL ? (int)(slash - path + 1) : 0, path);
	if (!record_save_new(tmp, s, meta, err, err_size))
		return false;
	/* link() never replaces a file: a name taken while the review ran
	 * goes on to the next one. */
	bool ok = false;
	while (!(ok = link(tmp, path) == 0) && errno == EEXIST &&
	       review_out_name(input, path, size) != NULL)
		;
	if (!ok)
		snprintf(err, err_size, "%.900s: %s", path, strerror(errno));
	unlink(tmp);
	return ok;
}

bool
review_out_check(const char *path, char *err, size_t err_size)
{
	char full[4096], dir[4096];
	if (strcmp(path, "-") == 0)
		return true;
	if (!file_expand_home(path, full, sizeof full, err, err_size) ||
	    !file_check_target(full, err, err_size))
		return false;
	const char *slash = strrchr(full, '/');
	if (slash == NULL)
		snprintf(dir, sizeof dir, ".");
	else
		snprintf(dir, sizeof dir, "%.*s",
		         slash == full ? 1 : (int)(slash - full), full);
	if (access(dir, W_OK | X_OK) != 0) {
		snprintf(err, err_size, "%.900s: cannot write in %.900s: %s",
		         path, dir, strerror(errno));
		return false;
	}
	return true;
}

/* "12.34%" of a win chance in hundredths of a point. */
static void
review_out_percent(int chance, char *buf, size_t size)
{
	snprintf(buf, size, "%d.%02d%%", chance / 100, chance % 100);
}

static void
review_out_settings(FILE *out, const struct session *s,
                    const struct review_limits *lim)
{
	const struct game_winchance *t = &s->ops->caps.winchance;
	fprintf(out, "review %s: %zu moves at ", s->ops->name, s->ply);
	if (lim->depth > 0)
		fprintf(out, "depth %d\n", lim->depth);
	else if (lim->nodes > 0)
		fprintf(out, "%llu nodes per position\n",
		        (unsigned long long)lim->nodes);
	else
		fprintf(out, "%lld ms per position\n",
		        (long long)lim->movetime_ms);
	fprintf(out,
	        "marks by lost win chance: ?! from %d.%02d, ? from %d.%02d, "
	        "?? from %d.%02d points\n",
	        t->inaccuracy / 100, t->inaccuracy % 100, t->mistake / 100,
	        t->mistake % 100, t->blunder / 100, t->blunder % 100);
}

/* One marked move: "  7 Red  SPREAD(3,2,1,0)  ??  best M  63.00% ->
 * 12.50%". */
static void
review_out_move(FILE *out, const struct session *s, size_t ply,
                const struct review_move *m)
{
	const struct game_ops *ops = s->ops;
	const struct game_pos *pos = &s->positions[ply];
	char played[GAME_TEXT_MAX], best[GAME_TEXT_MAX] = "-";
	char before[16], after[16];
	ops->format_move(pos, s->moves[ply], played, sizeof played);
	if (m->pv_len > 0 && m->best != s->moves[ply])
		ops->format_move(pos, m->best, best, sizeof best);
	review_out_percent(m->chance_before, before, sizeof before);
	review_out_percent(m->chance_after, after, sizeof after);
	fprintf(out, "%4zu %-5s %-18s %-2s  best %-18s %7s -> %7s\n", ply + 1,
	        ops->side_names[ops->side_to_move(pos)], played,
	        record_mark_text(m->mark), best, before, after);
}

void
review_out_report(FILE *out, const struct session *s,
                  const struct review_move *results,
                  const struct review_limits *lim)
{
	review_out_settings(out, s, lim);
	struct review_summary sum = {0};
	for (size_t ply = 0; ply < s->ply; ply++) {
		review_summary_add(&sum, s, ply, &results[ply]);
		if (results[ply].mark != MARK_NONE)
			review_out_move(out, s, ply, &results[ply]);
	}
	for (int side = 0; side < 2; side++) {
		int acc = review_accuracy(&sum, side);
		fprintf(out,
		        "%-6s moves %3d  accuracy %d.%02d%%  ?! %d  ? %d  "
		        "?? %d\n",
		        s->ops->side_names[side], sum.moves[side], acc / 100,
		        acc % 100, sum.marks[side][MARK_INACCURACY],
		        sum.marks[side][MARK_MISTAKE],
		        sum.marks[side][MARK_BLUNDER]);
	}
}
