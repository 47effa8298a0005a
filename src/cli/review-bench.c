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
#include "study/accuracy.h"
#include "study/review.h"
#include "search/winchance.h"

static const int RB_BINS = 10;

bool
rb_totals_init(struct rb_totals *tot)
{
	memset(tot, 0, sizeof *tot);
	tot->sample = 1.0;
	tot->calib_every = 1;
	return true;
}

void
rb_totals_free(struct rb_totals *tot)
{
	winfit_set_free(&tot->calib);
	free(tot->losses);
	free(tot->finish);
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
	return winchance_expected(&ops->caps.winchance, 0, m->score);
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
		winfit_push(&tot->calib, 0, m->score, p1);
	else
		winfit_push(&tot->calib, 1, -m->score, 1.0f - p1);
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

bool
rb_sampled(const char *path, size_t ply, double sample)
{
	if (sample >= 1.0)
		return true;
	uint64_t h = 1469598103934665603ull; /* FNV-1a of the name, then ply */
	for (const char *c = path; *c != '\0'; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ull;
	h = (h ^ (uint64_t)ply) * 1099511628211ull;
	h ^= h >> 29;
	return (double)(h % 1000000) < sample * 1000000.0;
}

static bool
rb_marked(enum record_mark mark)
{
	return mark == MARK_INACCURACY || rb_bad(mark);
}

/* One move against the reference, if the reference has it and it counts:
 * every move the review marked, and the sampled share of the rest (each
 * of those standing for 1 / sample moves). */
static void
rb_add_agreement(struct rb_totals *tot, const char *path, size_t ply,
                 const struct rb_move *got, const struct rb_move *ref)
{
	bool any = rb_marked(got->mark), bad = rb_bad(got->mark);
	if (!any)
		tot->unmarked++;
	if (!ref->known || (!any && !rb_sampled(path, ply, tot->sample)))
		return;
	double w = any ? 1.0 : 1.0 / tot->sample;
	if (bad) {
		tot->bad_seen++;
		tot->bad_held += rb_marked(ref->mark);
	}
	if (ref->mark == MARK_BLUNDER) {
		tot->ref_blunders += w;
		tot->ref_blunders_caught += bad;
	}
	if (rb_bad(ref->mark)) {
		tot->ref_bad += w;
		tot->ref_bad_caught += any;
	}
	if (!any) {
		tot->unmarked_sampled++;
		tot->missed_sampled += rb_bad(ref->mark);
	}
	tot->both += bad && rb_bad(ref->mark);
	tot->only_got += bad && !rb_bad(ref->mark);
	tot->only_ref += !bad && rb_bad(ref->mark);
	if (got->loss >= 0 && ref->loss >= 0 && (any || tot->sample >= 1.0))
		rb_keep_losses(tot, got->loss, ref->loss);
}

/* The player named name's figures (added when new; the last slot is
 * shared once the table is full). */
static struct rb_player *
rb_player(struct rb_totals *tot, const char *name)
{
	for (int i = 0; i < tot->player_count; i++)
		if (strcmp(tot->players[i].name, name) == 0)
			return &tot->players[i];
	if (tot->player_count == RB_PLAYERS)
		return &tot->players[RB_PLAYERS - 1];
	struct rb_player *p = &tot->players[tot->player_count++];
	snprintf(p->name, sizeof p->name, "%s", name);
	return p;
}

/* Each side's accuracy and marks in open positions, by player name. */
static void
rb_add_players(struct rb_totals *tot, const struct session *s,
               const struct record_meta *meta, size_t first,
               const struct rb_move *got)
{
	struct review_summary sum;
	memset(&sum, 0, sizeof sum);
	long open[2] = {0, 0}, marked[2] = {0, 0};
	for (size_t ply = first; ply < s->ply; ply++) {
		const struct rb_move *m = &got[ply];
		int side = s->ops->side_to_move(&s->positions[ply]) ? 1 : 0;
		if (m->before < 0)
			continue;
		accuracy_count(&sum, side, m->before, m->loss, m->mark);
		if (m->before >= WINCHANCE_ONE / 20 &&
		    m->before <= WINCHANCE_ONE - WINCHANCE_ONE / 20) {
			open[side]++;
			marked[side] += rb_marked(m->mark);
		}
	}
	const char *names[2] = {meta->player1, meta->player2};
	for (int side = 0; side < 2; side++) {
		if (sum.moves[side] == 0)
			continue;
		struct rb_player *p =
		        rb_player(tot, names[side][0] ? names[side] : "?");
		p->games++;
		p->accuracy += review_accuracy(&sum, side) / 100.0;
		p->open_moves += open[side];
		p->open_marked += marked[side];
	}
}

/* Plies from the first position after move first where a side's win
 * chance reached 95% (or a forced result was seen) to the end; -1 if
 * none did. */
static int
rb_finish_plies(const struct session *s, size_t first,
                const struct rb_move *got)
{
	for (size_t ply = first; ply < s->ply; ply++) {
		double c = rb_chance(s->ops, &got[ply]);
		if (got[ply].known && (c >= 0.95 || c <= 0.05))
			return (int)(s->ply - ply - 1);
	}
	return -1;
}

static void
rb_keep_finish(struct rb_totals *tot, int plies)
{
	if (plies < 0)
		return;
	if (tot->finish_n == tot->finish_cap) {
		size_t cap = tot->finish_cap ? 2 * tot->finish_cap : 64;
		int *f = realloc(tot->finish, cap * sizeof *f);
		if (f == NULL)
			return;
		tot->finish = f;
		tot->finish_cap = cap;
	}
	tot->finish[tot->finish_n++] = plies;
}

void
rb_add_game(struct rb_totals *tot, const char *path, const struct session *s,
            const struct record_meta *meta, size_t first,
            const struct rb_move *got, const struct rb_move *ref, double wall,
            double cpu)
{
	long bad = 0, dubious = 0, confirmed = 0;
	float p1;
	bool finished =
	        winfit_result(s->ops, &s->positions[0], meta->result, &p1);
	if (finished && s->ops->side_to_move(&s->positions[0]) != 0)
		p1 = 1.0f - p1;
	if (first > s->ply)
		first = s->ply;
	int every = tot->calib_every > 0 ? tot->calib_every : 1;
	for (size_t ply = 0; ply < s->ply; ply++) {
		if (finished && ply % (size_t)every == 0)
			rb_add_calib(tot, s, ply, &got[ply], p1);
		if (ply < first)
			continue;
		bad += rb_bad(got[ply].mark);
		dubious += got[ply].mark == MARK_INACCURACY;
		confirmed += got[ply].confirmed;
		rb_add_agreement(tot, path, ply, &got[ply], &ref[ply]);
		if (tot->move_list != NULL && ref[ply].known)
			fprintf(tot->move_list,
			        "%s %zu got %s %d first %d screen %d%s ref %s "
			        "%d\n",
			        path, ply + 1, record_mark_text(got[ply].mark),
			        got[ply].loss, got[ply].first_loss,
			        got[ply].screen_drop,
			        got[ply].confirmed ? " confirmed" : "",
			        record_mark_text(ref[ply].mark), ref[ply].loss);
	}
	if (finished && first < s->ply && got[first].before >= 0) {
		int mover = s->ops->side_to_move(&s->positions[first]);
		int c = got[first].before;
		tot->start_chance += mover == 0 ? c : WINCHANCE_ONE - c;
		tot->start_score += p1;
	}
	rb_add_players(tot, s, meta, first, got);
	rb_keep_finish(tot, rb_finish_plies(s, first, got));
	rb_add_changes(tot, s, first, got);
	tot->ops = s->ops;
	tot->games++;
	tot->moves += (long)(s->ply - first);
	tot->bad += bad;
	tot->dubious += dubious;
	tot->confirmed += confirmed;
	tot->wall += wall;
	tot->cpu += cpu;
	if (wall > tot->wall_max) {
		tot->wall_max = wall;
		tot->plies_max = s->ply;
	}
	printf("%s: %zu moves  ?/?? %ld  ?! %ld  confirmed %ld  %.1f s (cpu "
	       "%.1f s)\n",
	       path, s->ply - first, bad, dubious, confirmed, wall, cpu);
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
		bool known = n != NULL && n->review.present;
		/* A kept reference may be a sample; an outside review is
		 * whole. */
		ok = known || losses;
		out[ply] = (struct rb_move){
		        .mark = MARK_NONE, .loss = -1, .before = -1};
		if (!known)
			continue;
		/* A kept review is marked again by today's thresholds. */
		out[ply].mark = losses ? review_classify(s->ops, n->review.loss)
		                       : n->mark;
		out[ply].score = n->review.score;
		out[ply].mate = n->review.mate;
		out[ply].loss = n->review.loss;
		out[ply].known = true;
		/* The mover's chance before: after the move, plus its loss. */
		double p1 = rb_chance(s->ops, &out[ply]);
		int side = s->ops->side_to_move(&s->positions[ply]);
		double after = side == 0 ? p1 : 1.0 - p1;
		out[ply].before =
		        (int)lround(after * WINCHANCE_ONE) + n->review.loss;
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

/* Wilson's 95% interval of a share k of n. */
static void
rb_wilson(long k, long n, double *lo, double *hi)
{
	if (n <= 0) {
		*lo = 0.0;
		*hi = 1.0;
		return;
	}
	double z = 1.96, p = (double)k / n, z2n = z * z / n;
	double mid = (p + z2n / 2) / (1 + z2n);
	double half = z * sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n);
	*lo = mid - half > 0 ? mid - half : 0.0;
	*hi = mid + half < 1 ? mid + half : 1.0;
}

static double
rb_share(double k, double n)
{
	return n > 0 ? 100.0 * k / n : 100.0;
}

static int
rb_int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* The three agreements with the reference (man page REVIEW, "Measuring
 * a review"), with the interval of the last where the unmarked moves
 * were sampled. */
static void
rb_print_agreement(FILE *out, const struct rb_totals *tot)
{
	fprintf(out, "reference on every marked move and %.0f%% of the rest\n",
	        100.0 * tot->sample);
	fprintf(out, "?/?? the reference marks at all: %.0f%% (%ld/%ld)\n",
	        rb_share(tot->bad_held, tot->bad_seen), tot->bad_held,
	        tot->bad_seen);
	fprintf(out, "reference ?? marked ?/??: %.0f%% (%.0f/%.1f)\n",
	        rb_share(tot->ref_blunders_caught, tot->ref_blunders),
	        tot->ref_blunders_caught, tot->ref_blunders);
	double lo, hi;
	rb_wilson(tot->missed_sampled, tot->unmarked_sampled, &lo, &hi);
	double caught = tot->ref_bad_caught;
	double missed_hi = hi * tot->unmarked, missed_lo = lo * tot->unmarked;
	fprintf(out,
	        "reference ?/?? marked at all: %.0f%% (%.0f/%.1f, 95%% "
	        "interval %.0f-%.0f%%)\n",
	        rb_share(caught, tot->ref_bad), caught, tot->ref_bad,
	        rb_share(caught, caught + missed_hi),
	        rb_share(caught, caught + missed_lo));
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
	fprintf(out, "confirmed by a deeper look %.1f%% (%ld)\n",
	        100.0 * tot->confirmed / moves, tot->confirmed);
	fprintf(out,
	        "against the reference: precision %.0f%% (%ld/%ld) recall "
	        "%.0f%% (%ld/%ld)\n",
	        flagged ? 100.0 * tot->both / flagged : 100.0, tot->both,
	        flagged, real ? 100.0 * tot->both / real : 100.0, tot->both,
	        real);
	rb_print_agreement(out, tot);
	for (int i = 0; i < tot->player_count; i++) {
		const struct rb_player *p = &tot->players[i];
		fprintf(out,
		        "player %s: %d games, accuracy %.2f%%, marked %.0f%% "
		        "(%ld/%ld) of its moves at 5-95%%\n",
		        p->name, p->games, p->accuracy / p->games,
		        rb_share(p->open_marked, p->open_moves), p->open_marked,
		        p->open_moves);
	}
	if (tot->games > 0)
		fprintf(out,
		        "start: player 1's win chance %.1f%%, score %.1f%%\n",
		        tot->start_chance / tot->games / 100.0,
		        100.0 * tot->start_score / tot->games);
	int *finish = tot->finish_n > 0 ? malloc(tot->finish_n * sizeof *finish)
	                                : NULL;
	if (finish != NULL) {
		memcpy(finish, tot->finish, tot->finish_n * sizeof *finish);
		qsort(finish, tot->finish_n, sizeof *finish, rb_int_cmp);
		fprintf(out,
		        "plies from the first 95%% to the end: median %d, max "
		        "%d (%zu games)\n",
		        finish[tot->finish_n / 2], finish[tot->finish_n - 1],
		        tot->finish_n);
		free(finish);
	}
	if (tot->ops != NULL)
		fprintf(out,
		        "calibration error %.2f points on %zu positions (every "
		        "%d)\n",
		        winfit_ece(&tot->calib, &tot->ops->caps.winchance,
		                   RB_BINS),
		        tot->calib.n, tot->calib_every);
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
