/*
 * The figures of `tabula review-bench` (see review-bench.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/review-bench.h"
#include "play/match.h"
#include "study/review.h"
#include "search/winchance.h"

static const int RB_BINS = 10;

bool
rb_totals_init(struct rb_totals *tot)
{
	memset(tot, 0, sizeof *tot);
	return true;
}

void
rb_totals_free(struct rb_totals *tot)
{
	winfit_set_free(&tot->calib);
	free(tot->losses);
}

/* Keeps a move's two losses for the threshold table; false if out of
 * memory. */
static bool
rb_keep_losses(struct rb_totals *tot, int got, int ref)
{
	if (tot->loss_n == tot->loss_cap) {
		size_t cap = tot->loss_cap ? tot->loss_cap * 2 : 1024;
		int *l = realloc(tot->losses, 2 * cap * sizeof *l);
		if (l == NULL)
			return false;
		tot->losses = l;
		tot->loss_cap = cap;
	}
	tot->losses[2 * tot->loss_n] = got;
	tot->losses[2 * tot->loss_n + 1] = ref;
	tot->loss_n++;
	return true;
}

/* Player 1's win chance (0..1) after a move. */
static double
rb_chance(const struct game_ops *ops, const struct rb_move *m)
{
	if (m->mate != 0)
		return m->mate > 0 ? 1.0 : 0.0;
	return winchance_expected(&ops->caps.winchance, m->score);
}

static bool
rb_bad(enum record_mark mark)
{
	return mark == MARK_MISTAKE || mark == MARK_BLUNDER;
}

/* The pairs of consecutive changes of the win chance from move first on,
 * into the sums. */
static void
rb_add_changes(struct rb_totals *tot, const struct session *s, size_t first,
               const struct rb_move *got)
{
	for (size_t ply = first + 2; ply < s->ply; ply++) {
		double x = rb_chance(s->ops, &got[ply - 1]) -
		           rb_chance(s->ops, &got[ply - 2]);
		double y = rb_chance(s->ops, &got[ply]) -
		           rb_chance(s->ops, &got[ply - 1]);
		tot->n += 1.0;
		tot->sx += x;
		tot->sy += y;
		tot->sxx += x * x;
		tot->syy += y * y;
		tot->sxy += x * y;
	}
}

/* The position after move ply as a calibration sample: the score and
 * result from the side to move's view, as the map reads a score (p1:
 * player 1's result). */
static void
rb_add_calib(struct rb_totals *tot, const struct session *s, size_t ply,
             const struct rb_move *m, float p1)
{
	if (m->mate != 0)
		return;
	if (s->ops->side_to_move(&s->positions[ply + 1]) == 0)
		winfit_push(&tot->calib, m->score, p1);
	else
		winfit_push(&tot->calib, -m->score, 1.0f - p1);
}

size_t
rb_opening_plies(const struct record_meta *meta)
{
	size_t first = 0;
	for (size_t i = 0; i < meta->comment_count; i++)
		if (meta->comments[i] != NULL &&
		    strcmp(meta->comments[i], MATCH_OPENING_COMMENT) == 0)
			first = i + 1;
	return first;
}

void
rb_add_game(struct rb_totals *tot, const char *path, const struct session *s,
            const char *result, size_t first, const struct rb_move *got,
            const struct rb_move *ref, double wall, double cpu)
{
	long bad = 0, dubious = 0;
	float p1;
	bool finished = winfit_result(s->ops, &s->positions[0], result, &p1);
	if (finished && s->ops->side_to_move(&s->positions[0]) != 0)
		p1 = 1.0f - p1;
	if (first > s->ply)
		first = s->ply;
	for (size_t ply = 0; ply < s->ply; ply++) {
		if (finished)
			rb_add_calib(tot, s, ply, &got[ply], p1);
		if (ply < first)
			continue;
		bad += rb_bad(got[ply].mark);
		dubious += got[ply].mark == MARK_INACCURACY;
		tot->both += rb_bad(got[ply].mark) && rb_bad(ref[ply].mark);
		tot->only_got +=
		        rb_bad(got[ply].mark) && !rb_bad(ref[ply].mark);
		tot->only_ref +=
		        !rb_bad(got[ply].mark) && rb_bad(ref[ply].mark);
		if (got[ply].loss >= 0)
			rb_keep_losses(tot, got[ply].loss, ref[ply].loss);
	}
	rb_add_changes(tot, s, first, got);
	tot->ops = s->ops;
	tot->games++;
	tot->moves += (long)(s->ply - first);
	tot->bad += bad;
	tot->dubious += dubious;
	tot->wall += wall;
	tot->cpu += cpu;
	if (wall > tot->wall_max) {
		tot->wall_max = wall;
		tot->plies_max = s->ply;
	}
	printf("%s: %zu moves  ?/?? %ld  ?! %ld  %.1f s (cpu %.1f s)\n", path,
	       s->ply - first, bad, dubious, wall, cpu);
	fflush(stdout);
}

bool
rb_read_reviewed(const char *path, const struct session *s, bool losses,
                 struct rb_move *out, char *err, size_t err_size)
{
	struct session r;
	struct record_meta meta;
	if (!record_load(path, &r, &meta, err, err_size))
		return false;
	bool ok = r.ply == s->ply;
	for (size_t ply = 0; ok && ply < s->ply; ply++) {
		const struct record_note *n =
		        ply < meta.note_count ? &meta.notes[ply] : NULL;
		ok = n != NULL && n->review.present;
		/* A kept review is marked again by today's thresholds. */
		if (ok)
			out[ply] = (struct rb_move){
			        losses ? review_classify(s->ops, n->review.loss)
			               : n->mark,
			        n->review.score, n->review.mate,
			        losses ? n->review.loss : -1};
	}
	if (!ok)
		snprintf(err, err_size,
		         "%s: not the game, or a move without "
		         "a review",
		         path);
	record_meta_free(&meta);
	session_free(&r);
	return ok;
}

bool
rb_review_outside(const char *command, const char *path,
                  const struct session *s, struct rb_move *out, char *err,
                  size_t err_size)
{
	char dir[] = "/tmp/tabula-review-bench-XXXXXX", cmd[8192], out_path[64];
	if (mkdtemp(dir) == NULL) {
		snprintf(err, err_size, "cannot make a temporary directory");
		return false;
	}
	snprintf(out_path, sizeof out_path, "%s/out.rec", dir);
	snprintf(cmd, sizeof cmd, "%s --output %s '%s' >/dev/null", command,
	         out_path, path);
	bool ok = system(cmd) == 0;
	if (!ok)
		snprintf(err, err_size, "'%s' failed", cmd);
	else
		ok = rb_read_reviewed(out_path, s, false, out, err, err_size);
	unlink(out_path);
	rmdir(dir);
	return ok;
}

void
rb_print_totals(FILE *out, const struct rb_totals *tot)
{
	double n = tot->n;
	double cov = tot->sxy / n - (tot->sx / n) * (tot->sy / n);
	double vx = tot->sxx / n - (tot->sx / n) * (tot->sx / n);
	double vy = tot->syy / n - (tot->sy / n) * (tot->sy / n);
	double corr = n > 1 && vx > 0 && vy > 0 ? cov / sqrt(vx * vy) : 0.0;
	long flagged = tot->both + tot->only_got;
	long real = tot->both + tot->only_ref;
	double moves = tot->moves > 0 ? (double)tot->moves : 1.0;
	fprintf(out, "games %d moves %ld\n", tot->games, tot->moves);
	fprintf(out, "lag-1 correlation of win-chance changes %.3f\n", corr);
	fprintf(out, "marks ?/?? %.1f%% (%ld)  ?! %.1f%% (%ld)\n",
	        100.0 * tot->bad / moves, tot->bad,
	        100.0 * tot->dubious / moves, tot->dubious);
	fprintf(out,
	        "against the reference: precision %.0f%% (%ld/%ld) recall "
	        "%.0f%% (%ld/%ld)\n",
	        flagged ? 100.0 * tot->both / flagged : 100.0, tot->both,
	        flagged, real ? 100.0 * tot->both / real : 100.0, tot->both,
	        real);
	if (tot->ops != NULL)
		fprintf(out, "calibration error %.2f points on %zu positions\n",
		        winfit_ece(&tot->calib, &tot->ops->caps.winchance,
		                   RB_BINS),
		        tot->calib.n);
	fprintf(out,
	        "review time %.1f s (cpu %.1f s) in all, longest %.1f s for "
	        "%zu moves\n",
	        tot->wall, tot->cpu, tot->wall_max, tot->plies_max);
}

/* The marks the kept losses would get with the game's thresholds scaled
 * by each factor: to choose thresholds from one run. */
void
rb_print_thresholds(FILE *out, const struct rb_totals *tot)
{
	static const double factors[] = {0.5, 0.75, 1.0, 1.5,
	                                 2.0, 3.0,  4.0, 6.0};
	if (tot->loss_n == 0 || tot->ops == NULL)
		return;
	const struct game_winchance *t = &tot->ops->caps.winchance;
	for (size_t f = 0; f < sizeof factors / sizeof factors[0]; f++) {
		double mistake = t->mistake * factors[f];
		double dubious = t->inaccuracy * factors[f];
		long bad = 0, inacc = 0, both = 0, ref = 0;
		for (size_t i = 0; i < tot->loss_n; i++) {
			bool g = tot->losses[2 * i] >= mistake;
			bool r = tot->losses[2 * i + 1] >= mistake;
			bad += g;
			ref += r;
			both += g && r;
			inacc += !g && tot->losses[2 * i] >= dubious;
		}
		fprintf(out,
		        "thresholds x%.2f (?! %.2f ? %.2f): ?/?? %.1f%% ?! "
		        "%.1f%% precision %ld/%ld recall %ld/%ld\n",
		        factors[f], dubious / 100, mistake / 100,
		        100.0 * bad / tot->loss_n, 100.0 * inacc / tot->loss_n,
		        both, bad, both, ref);
	}
}
