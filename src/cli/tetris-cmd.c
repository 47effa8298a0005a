/*
 * `tabula tetris`: the challenge's batch contract, the scorer and the
 * benchmark.
 *
 *   tabula tetris [--batch] [--rules R] [--design D] [--threads N]
 *                 [INPUT [OUTPUT]]
 *   tabula tetris --score INPUT OUTPUT [--rules R] [-v]
 *   tabula tetris --bench [--design D] [--threads N] [FILE]
 *
 * --threads only changes how fast the answer comes, never the answer.
 * The options are declared in cli_tetris_options and read by the one
 * parser (cli/cli-args.h), so they may come before or after the files;
 * the three modes exclude one another.
 *
 * Where the bytes come from and go to, first match wins: INPUT and OUTPUT
 * when given ("-" is stdin or stdout); INPUT without OUTPUT writes stdout;
 * no INPUT and a file named `i` in the current directory: read `i`, write
 * `o`; otherwise stdin to stdout.  (main.c starts the game instead for a
 * bare `tabula tetris` typed on a terminal.)
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/file.h"
#include "core/pool.h"
#include "core/text.h"
#include "games/tetris-bench.h"
#include "games/tetris-score.h"
#include "games/tetris-strategy.h"
#include "games/tetris-stream.h"

static const char *const TETRIS_CHALLENGE_INPUT = "i";
static const char *const TETRIS_CHALLENGE_OUTPUT = "o";
/* The longest piece stream read: far more pieces than a run can play in
 * a day, and a bound on the memory an endless input can take. */
static const size_t TETRIS_READ_MAX = (size_t)256 << 20;
/* Progress on a terminal: looked at every so many pieces, shown at most
 * every so many milliseconds. */
static const uint64_t TETRIS_PROGRESS_EVERY = 16;
static const long TETRIS_PROGRESS_MS = 250;

enum { TETRIS_CMD_MAX_FILES = 2 };

enum tetris_cmd_mode { TETRIS_MODE_PLAY, TETRIS_MODE_SCORE, TETRIS_MODE_BENCH };

/* Reads all of standard input or the regular file at path, at most
 * TETRIS_READ_MAX bytes; false (with a message) otherwise. */
static bool
tetris_cmd_read_file(const char *path, uint8_t **buf, size_t *len)
{
	char *text = NULL, err[4200];
	bool ok;
	if (strcmp(path, "-") == 0) {
		enum text_read_result res =
		        text_read_all(stdin, TETRIS_READ_MAX, &text, len);
		ok = res == TEXT_READ_OK;
		snprintf(err, sizeof err, "standard input: %s",
		         res == TEXT_READ_TOO_LARGE ? "larger than 256 MiB"
		         : res == TEXT_READ_FAILED  ? strerror(errno)
		                                    : "out of memory");
	} else {
		ok = file_read_all(path, TETRIS_READ_MAX, &text, len, err,
		                   sizeof err);
	}
	if (!ok)
		fprintf(stderr, "tabula tetris: cannot read %s\n", err);
	*buf = (uint8_t *)text;
	return ok;
}

/* Opens the batch output: standard output for "-", else a new or regular
 * file, never followed through a symbolic link (it is refused). */
static FILE *
tetris_cmd_create(const char *path)
{
	if (strcmp(path, "-") == 0)
		return stdout;
	char err[4200];
	if (!file_check_target(path, err, sizeof err)) {
		fprintf(stderr, "tabula tetris: cannot create %s\n", err);
		return NULL;
	}
	int fd = open(path,
	              O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC,
	              0666);
	FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
	if (f == NULL) {
		fprintf(stderr, "tabula tetris: cannot create %s: %s\n", path,
		        strerror(errno));
		if (fd >= 0)
			close(fd);
	}
	return f;
}

/* Progress on a terminal: pieces so far, and the share of the input when
 * its size is known; at most a few updates a second, on one line. */
struct tetris_cmd_progress {
	uint64_t total; /* pieces in the input, 0 if unknown */
	struct timespec last;
	bool shown;
};

static void
tetris_cmd_show(struct tetris_cmd_progress *p, uint64_t pieces)
{
	if (p->total > 0)
		fprintf(stderr,
		        "\rtabula tetris: %" PRIu64 " of %" PRIu64
		        " pieces (%d%%)",
		        pieces, p->total, (int)(pieces * 100 / p->total));
	else
		fprintf(stderr, "\rtabula tetris: %" PRIu64 " pieces", pieces);
	p->shown = true;
}

static void
tetris_cmd_progress(void *ctx, uint64_t pieces)
{
	struct tetris_cmd_progress *p = ctx;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	long ms = (long)(now.tv_sec - p->last.tv_sec) * 1000 +
	          (now.tv_nsec - p->last.tv_nsec) / 1000000;
	if (ms < TETRIS_PROGRESS_MS)
		return;
	p->last = now;
	tetris_cmd_show(p, pieces);
}

/* Whether the open input and the output path are one file (writing would
 * truncate what is still to be read). */
static bool
tetris_cmd_same_file(FILE *in, const char *output)
{
	struct stat si, so;
	return strcmp(output, "-") != 0 && fstat(fileno(in), &si) == 0 &&
	       stat(output, &so) == 0 && si.st_dev == so.st_dev &&
	       si.st_ino == so.st_ino;
}

/* Plays the batch contract; see the file comment for the precedence.
 * Answers are written as they come (games/tetris-stream.h). */
static int
tetris_cmd_play(const char *input, const char *output, enum tetris_rules rules,
                enum tetris_design design, int threads)
{
	if (input == NULL && access(TETRIS_CHALLENGE_INPUT, F_OK) == 0) {
		input = TETRIS_CHALLENGE_INPUT;
		output = TETRIS_CHALLENGE_OUTPUT;
	}
	input = input ? input : "-";
	output = output ? output : "-";
	char err[4200];
	FILE *in = strcmp(input, "-") == 0
	                   ? stdin
	                   : file_open_read(input, err, sizeof err);
	if (in == NULL) {
		fprintf(stderr, "tabula tetris: cannot read %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	FILE *out = NULL;
	if (tetris_cmd_same_file(in, output))
		fprintf(stderr,
		        "tabula tetris: %s: INPUT and OUTPUT are the same "
		        "file\n",
		        output);
	else
		out = tetris_cmd_create(output);
	if (out == NULL) {
		if (in != stdin)
			fclose(in);
		return EXIT_FAILURE_RUN;
	}
	struct tetris_cmd_progress progress = {0};
	bool show = isatty(STDERR_FILENO);
	struct stat st;
	if (show && fstat(fileno(in), &st) == 0 && S_ISREG(st.st_mode))
		progress.total = (uint64_t)st.st_size;
	clock_gettime(CLOCK_MONOTONIC, &progress.last);
	uint64_t pieces;
	bool ok = tetris_stream_play(in, out, rules,
	                             tetris_weights_of(design, rules),
	                             threads > 0 ? threads : pool_processors(),
	                             show ? tetris_cmd_progress : NULL,
	                             &progress, TETRIS_PROGRESS_EVERY, &pieces);
	int saved = errno;
	bool read_error = ferror(in) != 0;
	if (progress.shown) {
		tetris_cmd_show(&progress, pieces);
		fputc('\n', stderr);
	}
	if (in != stdin)
		fclose(in);
	if (out != stdout && fclose(out) != 0 && ok) {
		saved = errno;
		ok = false;
	}
	if (!ok)
		fprintf(stderr, "tabula tetris: cannot %s %s: %s\n",
		        read_error ? "read" : "write",
		        read_error ? input : output, strerror(saved));
	return ok ? EXIT_OK : EXIT_FAILURE_RUN;
}

static int
tetris_cmd_score(const char *input, const char *output, enum tetris_rules rules,
                 bool verbose)
{
	uint8_t *in = NULL, *out = NULL;
	size_t n_in, n_out;
	int rc = EXIT_FAILURE_RUN;
	if (!tetris_cmd_read_file(input, &in, &n_in) ||
	    !tetris_cmd_read_file(output, &out, &n_out))
		goto done;
	if (n_in != n_out)
		fprintf(stderr,
		        "tabula tetris: warning: %s has %zu bytes, %s %zu; "
		        "scoring %zu pieces\n",
		        input, n_in, output, n_out,
		        n_in < n_out ? n_in : n_out);
	struct tetris_score_result res;
	char err[160];
	if (!tetris_score(in, n_in, out, n_out, rules, &res, err, sizeof err)) {
		fprintf(stderr, "tabula tetris: %s: %s\n", output, err);
		goto done;
	}
	printf("%llu\n", (unsigned long long)res.score);
	if (verbose)
		printf("pieces %zu clears 1:%llu 2:%llu 3:%llu 4:%llu "
		       "resets %llu full-rows-left %d rules %s\n",
		       res.pieces, (unsigned long long)res.clears[1],
		       (unsigned long long)res.clears[2],
		       (unsigned long long)res.clears[3],
		       (unsigned long long)res.clears[4],
		       (unsigned long long)res.resets, res.full_rows_left,
		       tetris_rules_name(rules));
	rc = EXIT_OK;
done:
	free(in);
	free(out);
	return rc;
}

static int
tetris_cmd_bench(const char *file, enum tetris_design design, int threads)
{
	char err[256];
	bool ok;
	if (file == NULL) {
		ok = tetris_bench_seeded(design, threads, NULL, cli_print_line,
		                         NULL, err, sizeof err);
	} else {
		uint8_t *in;
		size_t n;
		if (!tetris_cmd_read_file(file, &in, &n))
			return EXIT_FAILURE_RUN;
		ok = tetris_bench_lines(in, n, file, design, threads, NULL,
		                        cli_print_line, NULL, err, sizeof err);
		free(in);
	}
	if (!ok)
		fprintf(stderr, "tabula: %s\n", err);
	return ok ? EXIT_OK : EXIT_FAILURE_RUN;
}

/* In the option table (cli_tetris_options), so a constant expression. */
enum { TETRIS_MAX_THREADS = 256 };

const struct cli_option cli_tetris_options[] = {
        {"batch", 0, CLI_FLAG, 0, 0, NULL},
        {"score", 0, CLI_FLAG, 0, 0, NULL},
        {"bench", 0, CLI_FLAG, 0, 0, NULL},
        {"verbose", 'v', CLI_FLAG, 0, 0, NULL},
        {"rules", 'r', CLI_TEXT, 0, 0, NULL},
        {"design", 'd', CLI_TEXT, 0, 0, NULL},
        {"threads", 't', CLI_NUMBER, 1, TETRIS_MAX_THREADS,
         "--threads takes 1..256"},
        {0},
};

/* What the command line asked for, read from the parsed options. */
struct tetris_cmd_args {
	enum tetris_cmd_mode mode;
	enum tetris_rules rules;
	enum tetris_design design;
	int threads; /* 0: one per processor */
};

/* Fills a from args; false with the usage error's reason in *why. */
static bool
tetris_cmd_read(const struct cli_args *args, struct tetris_cmd_args *a,
                const char **why)
{
	bool score = cli_args_has(args, "score");
	bool bench = cli_args_has(args, "bench");
	if (score + bench + cli_args_has(args, "batch") > 1) {
		*why = "--batch, --score and --bench exclude one another";
		return false;
	}
	a->mode = score   ? TETRIS_MODE_SCORE
	          : bench ? TETRIS_MODE_BENCH
	                  : TETRIS_MODE_PLAY;
	a->rules = TETRIS_RULES_TEXT;
	a->design = TETRIS_DESIGN_TUNED;
	const char *rules = cli_args_text(args, "rules", NULL);
	if (rules != NULL && !tetris_rules_parse(rules, &a->rules)) {
		*why = "--rules takes text or reference";
		return false;
	}
	const char *design = cli_args_text(args, "design", NULL);
	if (design != NULL && !tetris_design_parse(design, &a->design)) {
		*why = "--design takes tuned or learned";
		return false;
	}
	a->threads = (int)cli_args_number(args, "threads", 0);
	if (args->argc > TETRIS_CMD_MAX_FILES) {
		*why = "too many files";
		return false;
	}
	return true;
}

int
cli_tetris_exec(const struct cli_command *self, const struct cli_args *args)
{
	struct tetris_cmd_args a;
	const char *why = NULL;
	if (!tetris_cmd_read(args, &a, &why))
		return cli_usage_error(self, why);
	int rest = args->argc;
	char **files = args->argv;
	switch (a.mode) {
	case TETRIS_MODE_SCORE:
		if (rest != 2)
			return cli_usage_error(
			        self, "--score takes INPUT and OUTPUT");
		return tetris_cmd_score(files[0], files[1], a.rules,
		                        cli_args_has(args, "verbose"));
	case TETRIS_MODE_BENCH:
		if (rest > 1)
			return cli_usage_error(
			        self, "--bench takes at most one FILE");
		return tetris_cmd_bench(rest ? files[0] : NULL, a.design,
		                        a.threads);
	case TETRIS_MODE_PLAY:
		break;
	}
	return tetris_cmd_play(rest > 0 ? files[0] : NULL,
	                       rest > 1 ? files[1] : NULL, a.rules, a.design,
	                       a.threads);
}
