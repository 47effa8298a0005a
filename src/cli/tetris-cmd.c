/*
 * `tabula tetris`: the challenge's batch contract, the scorer and the
 * benchmark.
 *
 *   tabula tetris [--rules R] [INPUT [OUTPUT]]   play: one byte out per byte in
 *   tabula tetris --score INPUT OUTPUT [--rules R] [-v]
 *   tabula tetris --bench [FILE]
 *
 * Where the bytes come from and go to, first match wins: INPUT and OUTPUT
 * when given ("-" is stdin or stdout); INPUT without OUTPUT writes stdout;
 * no INPUT and a file named `i` in the current directory: read `i`, write
 * `o`; otherwise stdin to stdout.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/tetris-bench.h"
#include "games/tetris-score.h"
#include "games/tetris-strategy.h"

static const char *const TETRIS_CHALLENGE_INPUT = "i";
static const char *const TETRIS_CHALLENGE_OUTPUT = "o";
static const size_t TETRIS_READ_CHUNK = 1 << 16;

enum { TETRIS_CMD_MAX_FILES = 2 };

enum tetris_cmd_mode { TETRIS_MODE_PLAY, TETRIS_MODE_SCORE, TETRIS_MODE_BENCH };

/* Reads all of a stream; false (with a message) on error. */
static bool
tetris_cmd_read_stream(FILE *f, const char *name, uint8_t **buf, size_t *len)
{
	size_t cap = TETRIS_READ_CHUNK, n = 0;
	uint8_t *b = malloc(cap);
	while (b != NULL) {
		n += fread(b + n, 1, cap - n, f);
		if (n < cap)
			break;
		uint8_t *bigger = realloc(b, cap * 2);
		if (bigger == NULL) {
			free(b);
			b = NULL;
			break;
		}
		b = bigger;
		cap *= 2;
	}
	if (b == NULL || ferror(f)) {
		fprintf(stderr, "tabula tetris: cannot read %s%s\n", name,
			b == NULL ? ": out of memory" : "");
		free(b);
		return false;
	}
	*buf = b;
	*len = n;
	return true;
}

static bool
tetris_cmd_read_file(const char *path, uint8_t **buf, size_t *len)
{
	if (strcmp(path, "-") == 0)
		return tetris_cmd_read_stream(stdin, "standard input", buf, len);
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
tetris_cmd_play(const char *input, const char *output, enum tetris_rules rules)
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
	tetris_strategy_play(in, n, out, rules, tetris_weights_for(rules));
	bool ok = tetris_cmd_write_file(output ? output : "-", out, n);
	free(in);
	free(out);
	return ok ? EXIT_OK : EXIT_FAILURE_RUN;
}

static int
tetris_cmd_score(const char *input, const char *output,
		 enum tetris_rules rules, bool verbose)
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
			input, n_in, output, n_out, n_in < n_out ? n_in : n_out);
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
tetris_cmd_bench(const char *file)
{
	if (file == NULL)
		return tetris_bench_print(stdout) == 0 ? EXIT_OK : EXIT_FAILURE_RUN;
	uint8_t *in;
	size_t n;
	if (!tetris_cmd_read_file(file, &in, &n))
		return EXIT_FAILURE_RUN;
	int rc = tetris_bench_print_stream(stdout, in, n, file);
	free(in);
	return rc == 0 ? EXIT_OK : EXIT_FAILURE_RUN;
}

int
cli_tetris_main(int argc, char **argv)
{
	const struct cli_command *self = cli_find("tetris");
	static const struct option options[] = {
		{"rules", required_argument, NULL, 'r'},
		{"score", no_argument, NULL, 's'},
		{"bench", no_argument, NULL, 'b'},
		{"verbose", no_argument, NULL, 'v'},
		{NULL, 0, NULL, 0},
	};
	enum tetris_cmd_mode mode = TETRIS_MODE_PLAY;
	enum tetris_rules rules = TETRIS_RULES_TEXT;
	bool verbose = false;
	char *args[TETRIS_CMD_MAX_FILES + 1];
	int rest = 0;
	for (;;) {
		int opt = getopt_long(argc, argv, "r:v", options, NULL);
		if (opt == -1) {
			/* Files and options mix in any order, whatever the
			 * getopt: take one file and scan on. */
			if (optind >= argc)
				break;
			if (rest > TETRIS_CMD_MAX_FILES)
				return cli_usage_error(self, "too many files");
			args[rest++] = argv[optind++];
			continue;
		}
		switch (opt) {
		case 'r':
			if (!tetris_rules_parse(optarg, &rules))
				return cli_usage_error(
					self, "--rules takes text or reference");
			break;
		case 's':
			mode = TETRIS_MODE_SCORE;
			break;
		case 'b':
			mode = TETRIS_MODE_BENCH;
			break;
		case 'v':
			verbose = true;
			break;
		default:
			return cli_usage_error(self, NULL);
		}
	}
	switch (mode) {
	case TETRIS_MODE_SCORE:
		if (rest != 2)
			return cli_usage_error(self, "--score takes INPUT and OUTPUT");
		return tetris_cmd_score(args[0], args[1], rules, verbose);
	case TETRIS_MODE_BENCH:
		if (rest > 1)
			return cli_usage_error(self, "--bench takes at most one FILE");
		return tetris_cmd_bench(rest ? args[0] : NULL);
	case TETRIS_MODE_PLAY:
		break;
	}
	if (rest > TETRIS_CMD_MAX_FILES)
		return cli_usage_error(self, "too many files");
	return tetris_cmd_play(rest > 0 ? args[0] : NULL,
			       rest > 1 ? args[1] : NULL, rules);
}
