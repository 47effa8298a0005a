/*
 * `tabula tune tetris [--rules R] [--seed S] [--rounds N] [--states N]
 * [--spacing N] [--horizon N] [--rollouts N] [--explore P] [--prior P]
 * [--check N]`: fits the Tetris strategy's learned weights from play (man
 * page: "tune"; the method is in games/tetris-fit.c).  It starts from the tuned
 * set of the rule, prints a line per round with the points the round's set
 * scores on the check stream, then the best set as the C initialiser
 * tetris-weights.c holds. Without options it reproduces the committed learned
 * set of the rule.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "core/text.h"
#include "games/tetris-fit.h"
#include "games/tetris-weights.h"

/* Stores a count option's value in *out; false if it is not a number in
 * 0..max. */
static bool
tune_tetris_count(const char *text, long max, int *out)
{
	long v;
	if (!text_to_long(text, 0, max, &v))
		return false;
	*out = (int)v;
	return true;
}

static bool
tune_tetris_option(int opt, const char *arg, struct tetris_fit_params *p)
{
	const long MAX = 1L << 24;
	int64_t seed;
	switch (opt) {
	case 'R':
		return tetris_rules_parse(arg, &p->rules);
	case 's':
		if (!text_to_i64(arg, 0, INT64_MAX, &seed))
			return false;
		p->seed = (uint64_t)seed;
		return true;
	case 'r':
		return tune_tetris_count(arg, MAX, &p->rounds);
	case 'n':
		return tune_tetris_count(arg, MAX, &p->states);
	case 'p':
		return tune_tetris_count(arg, MAX, &p->spacing);
	case 'h':
		return tune_tetris_count(arg, MAX, &p->horizon);
	case 'o':
		return tune_tetris_count(arg, MAX, &p->rollouts);
	case 'c':
		return tune_tetris_count(arg, MAX, &p->check_bytes);
	case 'e':
		return tune_tetris_count(arg, MAX, &p->explore);
	case 'P':
		return tune_tetris_count(arg, MAX, &p->prior);
	default:
		return false;
	}
}

int
cli_tune_tetris(int argc, char **argv)
{
	const struct cli_command *self = cli_find("tune");
	static const struct option options[] = {
	        {"rules", required_argument, NULL, 'R'},
	        {"seed", required_argument, NULL, 's'},
	        {"rounds", required_argument, NULL, 'r'},
	        {"states", required_argument, NULL, 'n'},
	        {"spacing", required_argument, NULL, 'p'},
	        {"horizon", required_argument, NULL, 'h'},
	        {"rollouts", required_argument, NULL, 'o'},
	        {"check", required_argument, NULL, 'c'},
	        {"explore", required_argument, NULL, 'e'},
	        {"prior", required_argument, NULL, 'P'},
	        {NULL, 0, NULL, 0},
	};
	struct tetris_fit_params p;
	tetris_fit_defaults(&p, TETRIS_RULES_TEXT);
	int opt;
	optind = 0;
	while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1)
		if (!tune_tetris_option(opt, optarg, &p))
			return cli_usage_error(self, "bad tetris fit option");
	if (optind < argc)
		return cli_usage_error(self, "tune tetris takes no file");
	struct tetris_weights out;
	char err[256];
	if (!tetris_fit(&p, tetris_weights_for(p.rules), &out, cli_print_line,
	                NULL, err, sizeof err)) {
		fprintf(stderr, "tabula tune: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	tetris_fit_print(&out,
	                 p.rules == TETRIS_RULES_TEXT
	                         ? "tetris_weights_learned_text"
	                         : "tetris_weights_learned_reference",
	                 cli_print_line, NULL);
	return EXIT_OK;
}
