/*
 * `tabula review FILE [--nodes N | --movetime MS | --depth N] [--output FILE
 * | --in-place] [--threads N]`: reviews every move of a game record on the
 * workers the TUI uses (study/review-job.h, one per processor unless
 * --threads says otherwise; the same marks either way), prints each
 * marked move and a summary per player, and writes the annotated record to
 * a new file (FILE with ".reviewed" before its extension) unless
 * --output or --in-place says otherwise (never over another program's
 * record: its format has no room for comments).  The output is checked
 * before the review starts.  On a terminal, standard error shows a progress
 * bar.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/review-out.h"
#include "core/record-format.h"
#include "core/record.h"
#include "core/text.h"
#include "study/review-job.h"

static const int REVIEW_BAR_WIDTH = 30;
static const long REVIEW_MAX_DEPTH = SEARCH_MAX_DEPTH;
static const int64_t REVIEW_MAX_MOVETIME_MS = 3600L * 1000;
static const int64_t REVIEW_MAX_NODES = 1000000000000LL;
static const size_t REVIEW_HASH_MB = 16;
/* In the option table (cli_review_options), so a constant expression. */
enum { REVIEW_MAX_THREADS = 256 };

struct review_options {
	struct review_limits lim;
	bool limited; /* a limit was given (else the game's default) */
	bool in_place;
	int threads; /* 0: one per processor */
	const char *input;
	const char *output; /* NULL: made from the input's name */
};

/* Reads the one limit option given (nodes, movetime or depth, named by
 * name) into o; false if out of range. */
static bool
review_parse_limit(const char *name, const char *text, struct review_options *o)
{
	int64_t v;
	o->limited = true;
	if (strcmp(name, "nodes") == 0) {
		if (!text_to_i64(text, 1, REVIEW_MAX_NODES, &v))
			return false;
		o->lim.nodes = (uint64_t)v;
	} else if (strcmp(name, "movetime") == 0) {
		if (!text_to_i64(text, 1, REVIEW_MAX_MOVETIME_MS, &v))
			return false;
		o->lim.movetime_ms = v;
	} else {
		if (!text_to_i64(text, 1, REVIEW_MAX_DEPTH, &v))
			return false;
		o->lim.depth = (int)v;
	}
	return true;
}

/* The limit options: at most one of them, once.  Their values are read
 * here rather than by the parser because a 64-bit node count does not fit
 * every long. */
static const char *const REVIEW_LIMITS[] = {"nodes", "movetime", "depth"};

/* Reads the limit into o; false when two are given or the one is out of
 * range. */
static bool
review_read_limit(const struct cli_args *args, struct review_options *o)
{
	const char *name = NULL;
	int given = 0;
	for (size_t i = 0; i < sizeof REVIEW_LIMITS / sizeof *REVIEW_LIMITS;
	     i++) {
		int times = cli_args_times(args, REVIEW_LIMITS[i]);
		if (times > 0)
			name = REVIEW_LIMITS[i];
		given += times;
	}
	if (given == 0)
		return true;
	return given == 1 &&
	       review_parse_limit(name, cli_args_text(args, name, NULL), o);
}

const struct cli_option cli_review_options[] = {
        {"nodes", 0, CLI_TEXT, 0, 0, NULL},
        {"movetime", 0, CLI_TEXT, 0, 0, NULL},
        {"depth", 0, CLI_TEXT, 0, 0, NULL},
        {"output", 0, CLI_TEXT, 0, 0, NULL},
        {"in-place", 0, CLI_FLAG, 0, 0, NULL},
        {"threads", 0, CLI_NUMBER, 1, REVIEW_MAX_THREADS, "--threads 1..256"},
        {0},
};

static int
review_read_args(const struct cli_command *cmd, const struct cli_args *args,
                 struct review_options *o)
{
	memset(o, 0, sizeof *o);
	if (!review_read_limit(args, o)) {
		char why[160];
		snprintf(why, sizeof why,
		         "one of --nodes 1..%lld, --movetime 1..%lld or "
		         "--depth 1..%ld",
		         (long long)REVIEW_MAX_NODES,
		         (long long)REVIEW_MAX_MOVETIME_MS, REVIEW_MAX_DEPTH);
		return cli_usage_error(cmd, why);
	}
	o->output = cli_args_text(args, "output", NULL);
	o->in_place = cli_args_has(args, "in-place");
	o->threads = (int)cli_args_number(args, "threads", 0);
	if (o->in_place && o->output != NULL)
		return cli_usage_error(cmd, "give --output or --in-place, "
		                            "not both");
	if (args->argc != 1)
		return cli_usage_error(cmd, "expected one record file");
	o->input = args->argv[0];
	return EXIT_OK;
}

/* "[#########.........] 12/40" on standard error, redrawn in place. */
static void
review_progress(size_t done, size_t total)
{
	int fill = total > 0 ? (int)(done * (size_t)REVIEW_BAR_WIDTH / total)
	                     : REVIEW_BAR_WIDTH;
	fputs("\rreview [", stderr);
	for (int i = 0; i < REVIEW_BAR_WIDTH; i++)
		fputc(i < fill ? '#' : '.', stderr);
	fprintf(stderr, "] %zu/%zu moves", done, total);
	fflush(stderr);
}

/* Reviews every move of s on a job, into results[ply]; false with a
 * message in err. */
static bool
review_run(const struct session *s, const struct review_limits *lim,
           int threads, struct review_move *results, char *err, size_t err_size)
{
	struct review_job *job =
	        review_job_new(REVIEW_HASH_MB, threads, err, err_size);
	if (job == NULL)
		return false;
	bool bar = isatty(STDERR_FILENO), ok = true;
	if (review_job_start(job, s, 0, lim, 0) == 0) {
		snprintf(err, err_size, "out of memory");
		review_job_free(job);
		return false;
	}
	struct review_job_state st;
	for (;;) {
		review_job_state(job, &st);
		if (bar)
			review_progress(st.done, s->ply);
		if (!st.running)
			break;
		struct pollfd pfd = {.fd = review_job_fd(job),
		                     .events = POLLIN};
		if (poll(&pfd, 1, -1) < 0 && errno != EINTR) {
			snprintf(err, err_size, "poll: %s", strerror(errno));
			ok = false;
			break;
		}
		review_job_drain(job);
	}
	if (bar)
		fputc('\n', stderr);
	review_job_stop(job);
	review_job_wait(job);
	for (size_t ply = 0; ok && ply < s->ply; ply++) {
		if (!review_job_result(job, ply, &results[ply])) {
			snprintf(err, err_size, "move %zu was not reviewed",
			         ply + 1);
			ok = false;
		}
	}
	review_job_free(job);
	return ok;
}

/* Reviews, annotates meta and prints the report; the exit status. */
static int
review_game(const struct review_options *o, char *output, size_t output_size,
            bool made, struct session *s, struct record_meta *meta)
{
	char err[1024];
	/* A limit given replaces the game's budget; the confirmation stays,
	 * at the game's factor of the nodes given. */
	struct review_limits lim = review_default_limits(s->ops);
	if (o->limited) {
		lim.nodes = o->lim.nodes;
		lim.depth = o->lim.depth;
		lim.movetime_ms = o->lim.movetime_ms;
	}
	struct review_move *results = calloc(s->ply + 1, sizeof *results);
	if (results == NULL) {
		fprintf(stderr, "tabula review: out of memory\n");
		return EXIT_FAILURE_RUN;
	}
	int status = EXIT_FAILURE_RUN;
	if (!review_run(s, &lim, o->threads, results, err, sizeof err)) {
		fprintf(stderr, "tabula review: %s\n", err);
		goto done;
	}
	for (size_t ply = 0; ply < s->ply; ply++) {
		if (!review_annotate(meta, s, ply, &results[ply])) {
			fprintf(stderr, "tabula review: out of memory\n");
			goto done;
		}
	}
	bool to_stdout = strcmp(output, "-") == 0;
	bool saved =
	        to_stdout ? record_write(stdout, s, meta, err, sizeof err)
	        : made ? review_out_save_made(o->input, output, output_size, s,
	                                      meta, err, sizeof err)
	               : record_save(output, s, meta, err, sizeof err);
	if (!saved) {
		fprintf(stderr, "tabula review: %s\n", err);
		goto done;
	}
	review_out_report(to_stdout ? stderr : stdout, s, results, &lim);
	if (!to_stdout)
		printf("wrote %s\n", output);
	status = fflush(stdout) == 0 ? EXIT_OK : EXIT_FAILURE_RUN;
done:
	free(results);
	return status;
}

int
cli_review_exec(const struct cli_command *self, const struct cli_args *args)
{
	struct review_options o;
	int status = review_read_args(self, args, &o);
	if (status != EXIT_OK)
		return status;
	struct session s;
	struct record_meta meta;
	char err[1024], made[4096];
	if (!record_load(o.input, &s, &meta, err, sizeof err)) {
		fprintf(stderr, "tabula review: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	/* A name made from the input's is a new file's: an earlier review
	 * is never written over (it was, silently). */
	bool making = !o.in_place && o.output == NULL;
	const char *output =
	        o.in_place ? o.input
	        : o.output ? o.output
	                   : review_out_name(o.input, made, sizeof made);
	if (output != NULL && !making)
		snprintf(made, sizeof made, "%s", output);
	status = EXIT_FAILURE_RUN;
	if (s.ops->players != 2)
		fprintf(stderr,
		        "tabula review: %s: %s has one player; a review "
		        "compares two\n",
		        o.input, s.ops->title);
	else if (output == NULL)
		fprintf(stderr,
		        "tabula review: %s: no name for its review (too long, "
		        "or 99 reviews there): give --output FILE\n",
		        o.input);
	else if (o.in_place && meta.format != NULL)
		fprintf(stderr,
		        "tabula review: %s is a %s record, which has no room "
		        "for a review: not --in-place\n",
		        o.input, meta.format->name);
	else if (!review_out_check(output, err, sizeof err))
		fprintf(stderr, "tabula review: %s\n", err);
	else
		status = review_game(&o, made, sizeof made, making, &s, &meta);
	record_meta_free(&meta);
	session_free(&s);
	return status;
}
