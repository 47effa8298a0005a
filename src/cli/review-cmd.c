/*
 * `tabula review FILE [--movetime MS | --depth N] [--output FILE]`: reviews
 * every move of a game record (search/review.h), writes the record back
 * annotated (to FILE itself, atomically, unless --output names another
 * file or - for standard output; a record in another program's format is
 * written only with --output, as a tabula record) and prints a summary
 * per player.  On a
 * terminal, standard error shows a progress bar while it works.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/record-format.h"
#include "core/file.h"
#include "core/record.h"
#include "search/review.h"

/* Time per position when neither --depth nor --movetime is given. */
static const int64_t REVIEW_DEFAULT_MOVETIME_MS = 500;
static const int REVIEW_BAR_WIDTH = 30;
static const long REVIEW_MAX_DEPTH = SEARCH_MAX_DEPTH;
static const long REVIEW_MAX_MOVETIME_MS = 3600L * 1000;

struct review_options {
	struct review_limits lim;
	const char *input;
	const char *output; /* NULL: the input file */
};

static bool
review_parse_number(const char *text, long max, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (end == text || *end != '\0' || errno != 0 || v < 1 || v > max)
		return false;
	*out = v;
	return true;
}

static int
review_parse_args(int argc, char **argv, struct review_options *o)
{
	const struct cli_command *cmd = cli_find("review");
	static const struct option options[] = {
	        {"movetime", required_argument, NULL, 't'},
	        {"depth", required_argument, NULL, 'd'},
	        {"output", required_argument, NULL, 'o'},
	        {NULL, 0, NULL, 0}};
	memset(o, 0, sizeof *o);
	int c;
	long v;
	char why[128];
	while ((c = getopt_long(argc, argv, "", options, NULL)) != -1) {
		switch (c) {
		case 't':
			if (!review_parse_number(optarg, REVIEW_MAX_MOVETIME_MS,
			                         &v)) {
				snprintf(why, sizeof why,
				         "--movetime '%s': expected 1..%ld ms",
				         optarg, REVIEW_MAX_MOVETIME_MS);
				return cli_usage_error(cmd, why);
			}
			o->lim.movetime_ms = v;
			break;
		case 'd':
			if (!review_parse_number(optarg, REVIEW_MAX_DEPTH,
			                         &v)) {
				snprintf(why, sizeof why,
				         "--depth '%s': expected 1..%ld",
				         optarg, REVIEW_MAX_DEPTH);
				return cli_usage_error(cmd, why);
			}
			o->lim.depth = (int)v;
			break;
		case 'o':
			o->output = optarg;
			break;
		default:
			return cli_usage_error(cmd, NULL);
		}
	}
	if (o->lim.depth > 0 && o->lim.movetime_ms > 0)
		return cli_usage_error(cmd,
		                       "give --movetime or --depth, not both");
	if (o->lim.depth == 0 && o->lim.movetime_ms == 0)
		o->lim.movetime_ms = REVIEW_DEFAULT_MOVETIME_MS;
	if (optind + 1 != argc)
		return cli_usage_error(cmd, "expected one record file");
	o->input = argv[optind];
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

static void
review_print_summary(FILE *out, const struct session *s,
                     const struct review_summary *sum,
                     const struct review_options *o)
{
	const struct review_thresholds *t = review_thresholds_for(s->ops->name);
	if (o->lim.depth > 0)
		fprintf(out, "review %s: %zu moves at depth %d\n", s->ops->name,
		        s->ply, o->lim.depth);
	else
		fprintf(out, "review %s: %zu moves at %lld ms per position\n",
		        s->ops->name, s->ply, (long long)o->lim.movetime_ms);
	fprintf(out,
	        "marks by loss: ?! from %d.%02d, ? from %d.%02d, ?? from "
	        "%d.%02d\n",
	        t->inaccuracy / 100, t->inaccuracy % 100, t->mistake / 100,
	        t->mistake % 100, t->blunder / 100, t->blunder % 100);
	for (int side = 0; side < 2; side++) {
		int n = sum->moves[side];
		long avg = n > 0 ? sum->loss_sum[side] / n : 0;
		fprintf(out,
		        "%-6s moves %3d  average loss %ld.%02ld  ?! %d  ? %d  "
		        "?? %d\n",
		        s->ops->side_names[side], n, avg / 100, avg % 100,
		        sum->marks[side][MARK_INACCURACY],
		        sum->marks[side][MARK_MISTAKE],
		        sum->marks[side][MARK_BLUNDER]);
	}
}

static bool
review_write(const struct review_options *o, const struct session *s,
             const struct record_meta *meta, char *err, size_t err_size)
{
	const char *path = o->output != NULL ? o->output : o->input;
	if (strcmp(path, "-") == 0)
		return record_write(stdout, s, meta, err, err_size);
	return record_save(path, s, meta, err, err_size);
}

/* Whether the annotated record can be written where it goes, asked before
 * the review's minutes of work (it was asked only after them): the target
 * must be a regular file or nothing, in a directory we may write. */
static bool
review_check_output(const struct review_options *o, char *err, size_t err_size)
{
	const char *path = o->output != NULL ? o->output : o->input;
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
		snprintf(err, err_size, "%.900s: %s", dir, strerror(errno));
		return false;
	}
	return true;
}

int
cli_review_main(int argc, char **argv)
{
	struct review_options o;
	int status = review_parse_args(argc, argv, &o);
	if (status != EXIT_OK)
		return status;
	struct session s;
	struct record_meta meta;
	char err[1024];
	if (!record_load(o.input, &s, &meta, err, sizeof err)) {
		fprintf(stderr, "tabula review: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	status = EXIT_FAILURE_RUN;
	struct review *rv = NULL;
	if (!review_check_output(&o, err, sizeof err)) {
		fprintf(stderr, "tabula review: %s\n", err);
		goto done;
	}
	if (s.ops->players != 2) {
		fprintf(stderr,
		        "tabula review: %s: %s has one player; a review "
		        "compares two\n",
		        o.input, s.ops->title);
		goto done;
	}
	if ((rv = review_new(0)) == NULL) {
		fprintf(stderr, "tabula review: out of memory\n");
		goto done;
	}
	bool bar = isatty(STDERR_FILENO);
	struct review_summary sum = {0};
	for (size_t ply = 0; ply < s.ply; ply++) {
		if (bar)
			review_progress(ply, s.ply);
		struct review_move m;
		review_move(rv, &s, ply, &o.lim, NULL, &m);
		review_summary_add(&sum, &s, ply, &m);
		if (!review_annotate(&meta, &s, ply, &m)) {
			fprintf(stderr, "tabula review: out of memory\n");
			goto done;
		}
	}
	if (bar) {
		review_progress(s.ply, s.ply);
		fputc('\n', stderr);
	}
	if (o.output == NULL && meta.format != NULL) {
		/* Another program's record is left as it is: its format has
		 * no room for the review's comments. */
		fprintf(stderr,
		        "tabula review: %s is a %s record: left as it is "
		        "(--output FILE writes the review as a tabula "
		        "record)\n",
		        o.input, meta.format->name);
	} else if (!review_write(&o, &s, &meta, err, sizeof err)) {
		fprintf(stderr, "tabula review: %s\n", err);
		goto done;
	}
	bool to_stdout = o.output != NULL && strcmp(o.output, "-") == 0;
	review_print_summary(to_stdout ? stderr : stdout, &s, &sum, &o);
	status = fflush(stdout) == 0 ? EXIT_OK : EXIT_FAILURE_RUN;
done:
	review_free(rv);
	record_meta_free(&meta);
	session_free(&s);
	return status;
}
