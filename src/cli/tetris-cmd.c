/*
 * `tabula tetris`: the challenge's batch contract, the scorer and the
 * benchmark.
 *
 *   tabula tetris [--rules R] [--threads N] [INPUT [OUTPUT]]   play
 *   tabula tetris --score INPUT OUTPUT [--rules R] [-v]
 *   tabula tetris --bench [--threads N] [FILE]
 *
 * --threads only changes how fast the answer comes, never the answer.
 *
 * Where the bytes come from and go to, first match wins: INPUT and OUTPUT
 * when given ("-" is stdin or stdout); INPUT without OUTPUT writes stdout;
 * no INPUT and a file named `i` in the current directory: read `i`, write
 * `o`; otherwise stdin to stdout.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/pool.h"
#include "core/text.h"
#include "games/tetris-bench.h"
#include "games/tetris-score.h"
#include "games/tetris-strategy.h"

static const char *const TETRIS_CHALLENGE_INPUT = "i";
static const char *const TETRIS_CHALLENGE_OUTPUT = "o";
/* A piece stream is as long as memory allows. */
static const size_t TETRIS_READ_MAX = SIZE_MAX / 4;
static const long TETRIS_MAX_THREADS = 256;

enum { TETRIS_CMD_MAX_FILES = 2 };

enum tetris_cmd_mode { TETRIS_MODE_PLAY, TETRIS_MODE_SCORE, TETRIS_MODE_BENCH };

/* Reads all of a stream; false (with a message) on error. */
static bool
tetris_cmd_read_stream(FILE *f, const char *name, uint8_t **buf, size_t *len)
{
	char *text;
	enum text_read_result res =
	        text_read_all(f, TETRIS_READ_MAX, &text, len);
	if (res != TEXT_READ_OK) {
		fprintf(stderr, "tabula tetris: cannot read %s%s\n", name,
		        res == TEXT_READ_FAILED ? "" : ": out of memory");
		return false;
	}
	*buf = (uint8_t *)text;
	return true;
}

static bool
tetris_cmd_read_file(const char *path, uint8_t **buf, size_t *len)
{
	if (strcmp(path, "-") == 0)
		return tetris_cmd_read_stream(stdin, "standard input", buf,
		                              len);
	FILE *f = fopen(path, "rb");
	if (f == NULL) {
		fprintf(stderr, "tabula tetris: cannot open %s: ", path);
		perror(NULL);
		return false;
	}
	bool ok = tetris_cmd_read_stream(f, path, buf, len);
	fclose(f);
	return ok;
}

static bool
tetris_cmd_write_file(const char *path, const uint8_t *buf, size_t len)
{
	bool to_stdout = strcmp(path, "-") == 0;
	FILE *f = to_stdout ? stdout : fopen(path, "wb");
	if (f == NULL) {
		fprintf(stderr, "tabula tetris: cannot create %s: ", path);
		perror(NULL);
		return false;
	}
	bool ok = fwrite(buf, 1, len, f) == len;
	ok = (to_stdout ? fflush(f) == 0 : fclose(f) == 0) && ok;
	if (!ok)
		fprintf(stderr, "tabula tetris: cannot write %s\n",
		        to_stdout ? "standard output" : path);
	return ok;
}

/* Plays the batch contract; see the file comment for the precedence. */
static int
tetris_cmd_play(const char *input, const char *output, enum tetris_rules rules,
                int threads)
{
	if (input == NULL && access(TETRIS_CHALLENGE_INPUT, F_OK) == 0) {
		input = TETRIS_CHALLENGE_INPUT;
		output = TETRIS_CHALLENGE_OUTPUT;
	}
	uint8_t *in;
	size_t n;
	if (!tetris_cmd_read_file(input ? input : "-", &in, &n))
		return EXIT_FAILURE_RUN;
	uint8_t *out = malloc(n ? n : 1);
	if (out == NULL) {
		free(in);
		fprintf(stderr, "tabula tetris: out of memory\n");
		return EXIT_FAILURE_RUN;
	}
	tetris_strategy_play(in, n, out, rules, tetris_weights_for(rules),
	                     threads > 0 ? threads : pool_processors());
	bool ok = tetris_cmd_write_file(output ? output : "-", out, n);
	free(in);
	free(out);
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
tetris_cmd_bench(const char *file, int threads)
{
	char err[256];
	bool ok;
	if (file == NULL) {
		ok = tetris_bench_seeded(threads, cli_print_line, NULL, err,
		                         sizeof err);
	} else {
		uint8_t *in;
		size_t n;
		if (!tetris_cmd_read_file(file, &in, &n))
			return EXIT_FAILURE_RUN;
		ok = tetris_bench_lines(in, n, file, threads, cli_print_line,
		                        NULL, err, sizeof err);
		free(in);
	}
	if (!ok)
		fprintf(stderr, "tabula: %s\n", err);
	return ok ? EXIT_OK : EXIT_FAILURE_RUN;
}

/* The command line after `tetris`: options and files in any order. */
struct tetris_cmd_args {
	enum tetris_cmd_mode mode;
	enum tetris_rules rules;
	bool verbose;
	int threads; /* 0: one per processor */
	char *files[TETRIS_CMD_MAX_FILES];
	int nfiles;
	char reason[96]; /* room for the text of a usage error */
};

/* Whether opt is the long option name (alone or as name=VALUE) or its
 * short form; if so *value is its value: after '=', else the next argument
 * (consumed), else "". */
static bool
tetris_cmd_valued(const char *opt, const char *name, const char *short_name,
                  int argc, char **argv, int *i, const char **value)
{
	size_t len = strlen(name);
	bool inline_value = strncmp(opt, name, len) == 0 && opt[len] == '=';
	if (!inline_value && strcmp(opt, name) != 0 &&
	    strcmp(opt, short_name) != 0)
		return false;
	*value = inline_value ? opt + len + 1 : *i + 1 < argc ? argv[++*i] : "";
	return true;
}

/* Reads one option at argv[*i] (advancing past its value); false with a
 * reason in *why when it is unknown or its value is wrong. */
static bool
tetris_cmd_option(int argc, char **argv, int *i, struct tetris_cmd_args *a,
                  const char **why)
{
	const char *opt = argv[*i], *value;
	if (strcmp(opt, "--score") == 0) {
		a->mode = TETRIS_MODE_SCORE;
	} else if (strcmp(opt, "--bench") == 0) {
		a->mode = TETRIS_MODE_BENCH;
	} else if (strcmp(opt, "-v") == 0 || strcmp(opt, "--verbose") == 0) {
		a->verbose = true;
	} else if (tetris_cmd_valued(opt, "--rules", "-r", argc, argv, i,
	                             &value)) {
		if (!tetris_rules_parse(value, &a->rules)) {
			*why = "--rules takes text or reference";
			return false;
		}
	} else if (tetris_cmd_valued(opt, "--threads", "-t", argc, argv, i,
	                             &value)) {
		long n;
		if (!text_to_long(value, 1, TETRIS_MAX_THREADS, &n)) {
			*why = "--threads takes 1..256";
			return false;
		}
		a->threads = (int)n;
	} else {
		snprintf(a->reason, sizeof a->reason, "unknown option '%s'",
		         opt);
		*why = a->reason;
		return false;
	}
	return true;
}

/* Options are read by hand: files and options mix in any order (as in
 * `--score in out -v`) without relying on any getopt's argument permuting. */
static bool
tetris_cmd_parse(int argc, char **argv, struct tetris_cmd_args *a,
                 const char **why)
{
	bool options_done = false;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (!options_done && strcmp(arg, "--") == 0) {
			options_done = true;
		} else if (!options_done && arg[0] == '-' && arg[1] != '\0') {
			if (!tetris_cmd_option(argc, argv, &i, a, why))
				return false;
		} else if (a->nfiles == TETRIS_CMD_MAX_FILES) {
			*why = "too many files";
			return false;
		} else {
			a->files[a->nfiles++] = argv[i];
		}
	}
	return true;
}

int
cli_tetris_main(int argc, char **argv)
{
	const struct cli_command *self = cli_find("tetris");
	struct tetris_cmd_args a = {.mode = TETRIS_MODE_PLAY,
	                            .rules = TETRIS_RULES_TEXT};
	const char *why = NULL;
	if (!tetris_cmd_parse(argc, argv, &a, &why))
		return cli_usage_error(self, why);
	int rest = a.nfiles;
	char **args = a.files;
	enum tetris_rules rules = a.rules;
	switch (a.mode) {
	case TETRIS_MODE_SCORE:
		if (rest != 2)
			return cli_usage_error(
			        self, "--score takes INPUT and OUTPUT");
		return tetris_cmd_score(args[0], args[1], rules, a.verbose);
	case TETRIS_MODE_BENCH:
		if (rest > 1)
			return cli_usage_error(
			        self, "--bench takes at most one FILE");
		return tetris_cmd_bench(rest ? args[0] : NULL, a.threads);
	case TETRIS_MODE_PLAY:
		break;
	}
	return tetris_cmd_play(rest > 0 ? args[0] : NULL,
	                       rest > 1 ? args[1] : NULL, rules, a.threads);
}
