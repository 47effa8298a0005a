/*
 * `tabula review-bench [--nodes N] [--period P] [--factor F] [--reviewer
 * COMMAND] [--keep DIR] RECORD...`: measures reviews against the targets
 * of tabula(6), "Win chance" (not a test: its figures depend on the games
 * given).  Each finished record is reviewed at the game's default settings
 * (or N nodes a position, or scores of period P: 0 is the mean of two
 * depths), or by an outside command (`COMMAND --output OUT
 * IN` must write the reviewed record OUT, as `tabula review` does: an
 * older tabula can be measured this way), and again in line at F times
 * the nodes and the game's own period as the reference (F 0: none, for
 * the steadiness and calibration alone; with --keep, kept in
 * DIR and read from there the next time: one reference serves several
 * reviewers).  Prints, per game and in all: the lag-1 correlation of
 * consecutive changes of the win chance, the shares of ?/?? and ?!, the
 * precision and recall of ?/?? against the reference, the expected calibration
 * error over 10 bins of the win chance after each move (the games' own results:
 * use games not fitted on), and the review's time.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/review-bench.h"
#include "core/clock.h"
#include "core/file.h"
#include "core/record.h"
#include "study/review.h"
#include "search/winchance.h"

/* In the option table (cli_review_bench_options), so constant expressions. */
enum { RB_MAX_NODES = 1000000000, RB_MAX_FACTOR = 1000, RB_MAX_PERIOD = 16 };
static const long RB_DEFAULT_FACTOR = 10;

struct rb_options {
	uint64_t nodes; /* 0: the game's default */
	int period;     /* -1: the game's default (review_limits.period) */
	int confirm;    /* -1: the game's default (review_limits.confirm) */
	int screen;     /* -1: the default (review_limits.screen), 0 or 1 */
	double sample;  /* share of unmarked moves given a reference */
	int calib_every;
	long factor;
	const char *reviewer; /* NULL: in line */
	const char *keep;     /* NULL, or where reference reviews are kept */
};

/* What a review said of move ply, as the figures need it. */
static struct rb_move
rb_move_of(const struct session *s, size_t ply, const struct review_move *m)
{
	struct rb_move out = {.mark = m->mark,
	                      .loss = m->loss,
	                      .before = m->chance_before,
	                      .known = true,
	                      .confirmed = m->confirmed,
	                      .first_loss = m->first_loss,
	                      .screen_drop = m->screen_drop};
	review_score_p1(s, ply, m->value, &out.score, &out.mate);
	return out;
}

/* Reviews the moves of s for which want[ply] (NULL: every move) in line
 * under lim into out; with meta, also annotates them (for a kept
 * reference). */
static bool
rb_review_inline(const struct session *s, const struct review_limits *lim,
                 const bool *want, struct record_meta *meta,
                 struct rb_move *out)
{
	struct review *rv = review_new(0);
	if (rv == NULL)
		return false;
	bool ok = true;
	for (size_t ply = 0; ok && ply < s->ply; ply++) {
		if (want != NULL && !want[ply])
			continue;
		struct review_move m;
		review_move(rv, s, ply, lim, NULL, &m);
		out[ply] = rb_move_of(s, ply, &m);
		ok = meta == NULL || review_annotate(meta, s, ply, &m);
	}
	review_free(rv);
	return ok;
}

/* Where the reference of the record at path is kept: its directory's
 * name and its own ("self-0001.rec.300000"), as records of different
 * sets may share a name. */
static void
rb_kept_name(const char *keep, const char *path, uint64_t nodes, char *buf,
             size_t size)
{
	const char *base = strrchr(path, '/');
	const char *dir = path;
	int dir_len = 0;
	if (base != NULL) {
		const char *p = base;
		while (p > path && p[-1] != '/')
			p--;
		dir = p;
		dir_len = (int)(base - p);
	}
	snprintf(buf, size, "%s/%.*s%s%s.%llu", keep, dir_len, dir,
	         dir_len > 0 ? "-" : "", base ? base + 1 : path,
	         (unsigned long long)nodes);
}

/* The reference review of the record at path, on the moves the figures
 * need (every move got marked, and the sample of the rest): read from
 * o->keep where kept there, the missing moves reviewed and kept. */
static bool
rb_reference(const struct rb_options *o, const char *path,
             const struct session *s, struct record_meta *meta,
             const struct review_limits *lim, const struct rb_move *got,
             bool reuse, struct rb_move *ref, char *err, size_t err_size)
{
	char kept[4096];
	bool have = false;
	if (o->keep != NULL) {
		rb_kept_name(o->keep, path, lim->nodes, kept, sizeof kept);
		if (access(kept, R_OK) == 0) {
			record_meta_free(meta);
			struct session k;
			if (!record_load(kept, &k, meta, err, err_size))
				return false;
			session_free(&k);
			if (!rb_read_reviewed(kept, s, true, ref, err,
			                      err_size))
				return false;
			have = true;
		}
	}
	bool *want = calloc(s->ply + 1, sizeof *want);
	if (want == NULL)
		return false;
	size_t missing = 0;
	for (size_t ply = 0; ply < s->ply; ply++) {
		/* A move the review confirmed at the reference's own limits
		 * was looked at exactly as the reference looks: the same
		 * search, so its result is the reference's. */
		if (got[ply].confirmed && reuse && !(have && ref[ply].known)) {
			ref[ply] = got[ply];
			continue;
		}
		bool needed = got[ply].mark != MARK_NONE ||
		              rb_sampled(path, ply, o->sample);
		want[ply] = needed && !(have && ref[ply].known);
		missing += want[ply];
	}
	bool ok = missing == 0 || rb_review_inline(s, lim, want, meta, ref);
	free(want);
	if (ok && missing > 0 && o->keep != NULL)
		ok = record_save(kept, s, meta, err, err_size);
	return ok;
}

/* CPU seconds of this process and its children so far. */
static double
rb_cpu_seconds(void)
{
	struct rusage self, kids;
	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &kids);
	double t = 0.0;
	const struct rusage *r[2] = {&self, &kids};
	for (int i = 0; i < 2; i++)
		t += (double)r[i]->ru_utime.tv_sec + r[i]->ru_stime.tv_sec +
		     (r[i]->ru_utime.tv_usec + r[i]->ru_stime.tv_usec) / 1e6;
	return t;
}

/* One record: its review, the reference, and their figures. */
static bool
rb_record(const struct rb_options *o, const char *path, struct rb_totals *tot)
{
	struct session s;
	struct record_meta meta;
	char err[1024] = "";
	if (!record_load(path, &s, &meta, err, sizeof err)) {
		fprintf(stderr, "tabula review-bench: %s\n", err);
		return false;
	}
	struct rb_move *got = calloc(s.ply + 1, sizeof *got);
	struct rb_move *ref = calloc(s.ply + 1, sizeof *ref);
	bool ok = got != NULL && ref != NULL;
	struct review_limits lim = review_default_limits(s.ops);
	if (o->nodes > 0)
		lim.nodes = o->nodes;
	if (o->period >= 0)
		lim.period = o->period;
	if (o->confirm >= 0)
		lim.confirm = o->confirm;
	if (o->screen >= 0)
		lim.screen = o->screen != 0;
	/* The reference's kept record replaces meta: keep what the figures
	 * read of the game's own first. */
	struct record_meta players;
	record_meta_init(&players);
	snprintf(players.player1, sizeof players.player1, "%s", meta.player1);
	snprintf(players.player2, sizeof players.player2, "%s", meta.player2);
	snprintf(players.result, sizeof players.result, "%s", meta.result);
	size_t first = rb_opening_plies(&meta);
	int64_t t0 = clock_now_ms();
	double c0 = rb_cpu_seconds();
	if (ok && o->reviewer != NULL)
		ok = rb_review_outside(o->reviewer, path, &s, got, err,
		                       sizeof err);
	else if (ok)
		ok = rb_review_inline(&s, &lim, NULL, NULL, got);
	double wall = (clock_now_ms() - t0) / 1000.0;
	double cpu = rb_cpu_seconds() - c0;
	/* One reference for every design measured: the game's own. */
	struct review_limits ref_lim = review_default_limits(s.ops);
	ref_lim.nodes = lim.nodes * (uint64_t)o->factor;
	ref_lim.confirm = 0; /* one look, deeper than any of the review's */
	if (ok && o->factor == 0) /* no reference: it agrees with itself */
		memcpy(ref, got, (s.ply + 1) * sizeof *ref);
	else if (ok)
		ok = rb_reference(o, path, &s, &meta, &ref_lim, got,
		                  o->reviewer == NULL &&
		                          lim.confirm == (int)o->factor &&
		                          lim.period == ref_lim.period,
		                  ref, err, sizeof err);
	if (ok)
		rb_add_game(tot, path, &s, &players, first, got, ref, wall,
		            cpu);
	else
		fprintf(stderr, "tabula review-bench: %s: %s\n", path,
		        err[0] ? err : "out of memory");
	free(got);
	free(ref);
	record_meta_free(&players);
	record_meta_free(&meta);
	session_free(&s);
	return ok;
}

const struct cli_option cli_review_bench_options[] = {
        {"nodes", 0, CLI_NUMBER, 1, RB_MAX_NODES, NULL},
        {"factor", 0, CLI_NUMBER, 0, RB_MAX_FACTOR, NULL},
        {"reviewer", 0, CLI_TEXT, 0, 0, NULL},
        {"keep", 0, CLI_TEXT, 0, 0, NULL},
        {"period", 0, CLI_NUMBER, 0, RB_MAX_PERIOD, NULL},
        {"confirm", 0, CLI_NUMBER, 0, RB_MAX_FACTOR, NULL},
        {"screen", 0, CLI_NUMBER, 0, 1, NULL},
        {"sample", 0, CLI_NUMBER, 1, 100, NULL},
        {"calib-every", 0, CLI_NUMBER, 1, 100, NULL},
        {"moves", 0, CLI_TEXT, 0, 0, NULL},
        {0},
};

int
cli_review_bench_exec(const struct cli_command *self,
                      const struct cli_args *args)
{
	if (args->argc == 0)
		return cli_usage_error(self, NULL);
	struct rb_options o = {
	        .nodes = (uint64_t)cli_args_number(args, "nodes", 0),
	        .period = (int)cli_args_number(args, "period", -1),
	        .factor = cli_args_number(args, "factor", RB_DEFAULT_FACTOR),
	        .reviewer = cli_args_text(args, "reviewer", NULL),
	        .keep = cli_args_text(args, "keep", NULL),
	        .confirm = (int)cli_args_number(args, "confirm", -1),
	        .screen = (int)cli_args_number(args, "screen", -1),
	        .sample = cli_args_number(args, "sample", 100) / 100.0,
	        .calib_every = (int)cli_args_number(args, "calib-every", 1),
	};
	struct rb_totals tot;
	if (!rb_totals_init(&tot))
		return EXIT_FAILURE_RUN;
	tot.sample = o.sample;
	tot.calib_every = o.calib_every;
	const char *moves = cli_args_text(args, "moves", NULL);
	char why[1024];
	if (moves != NULL && (!file_check_target(moves, why, sizeof why) ||
	                      (tot.move_list = fopen(moves, "w")) == NULL)) {
		fprintf(stderr, "tabula review-bench: %s\n",
		        tot.move_list == NULL && why[0] ? why : moves);
		rb_totals_free(&tot);
		return EXIT_FAILURE_RUN;
	}
	int status = EXIT_OK;
	for (int i = 0; i < args->argc && status == EXIT_OK; i++)
		if (!rb_record(&o, args->argv[i], &tot))
			status = EXIT_FAILURE_RUN;
	if (status == EXIT_OK) {
		rb_print_thresholds(stdout, &tot);
		rb_print_totals(stdout, &tot);
	}
	if (tot.move_list != NULL && fclose(tot.move_list) != 0) {
		fprintf(stderr, "tabula review-bench: %s: not written\n",
		        moves);
		status = EXIT_FAILURE_RUN;
	}
	rb_totals_free(&tot);
	return status;
}
