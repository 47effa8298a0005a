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

#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "core/text.h"
#include "games/tetris-fit.h"
#include "games/tetris-weights.h"

/* The counts' upper bound: far beyond any useful fit. */
enum { TUNE_TETRIS_MAX = 1 << 24 };

static const char TUNE_TETRIS_BAD[] = "bad tetris fit option";

/* The seed is read here (an int64 does not fit every long), the counts by
 * the parser. */
static const struct cli_option tune_tetris_options[] = {
        {"rules", 0, CLI_TEXT, 0, 0, NULL},
        {"seed", 0, CLI_TEXT, 0, 0, NULL},
        {"rounds", 0, CLI_NUMBER, 0, TUNE_TETRIS_MAX, TUNE_TETRIS_BAD},
        {"states", 0, CLI_NUMBER, 0, TUNE_TETRIS_MAX, TUNE_TETRIS_BAD},
        {"spacing", 0, CLI_NUMBER, 0, TUNE_TETRIS_MAX, TUNE_TETRIS_BAD},
        {"horizon", 0, CLI_NUMBER, 0, TUNE_TETRIS_MAX, TUNE_TETRIS_BAD},
        {"rollouts", 0, CLI_NUMBER, 0, TUNE_TETRIS_MAX, TUNE_TETRIS_BAD},
        {"check", 0, CLI_NUMBER, 0, TUNE_TETRIS_MAX, TUNE_TETRIS_BAD},
        {"explore", 0, CLI_NUMBER, 0, TUNE_TETRIS_MAX, TUNE_TETRIS_BAD},
        {"prior", 0, CLI_NUMBER, 0, TUNE_TETRIS_MAX, TUNE_TETRIS_BAD},
        {0},
};

/* The counts into p over its defaults. */
static void
tune_tetris_counts(const struct cli_args *args, struct tetris_fit_params *p)
{
	p->rounds = (int)cli_args_number(args, "rounds", p->rounds);
	p->states = (int)cli_args_number(args, "states", p->states);
	p->spacing = (int)cli_args_number(args, "spacing", p->spacing);
	p->horizon = (int)cli_args_number(args, "horizon", p->horizon);
	p->rollouts = (int)cli_args_number(args, "rollouts", p->rollouts);
	p->check_bytes = (int)cli_args_number(args, "check", p->check_bytes);
	p->explore = (int)cli_args_number(args, "explore", p->explore);
	p->prior = (int)cli_args_number(args, "prior", p->prior);
}

/* The options into p; false on a bad rule or seed. */
static bool
tune_tetris_params(const struct cli_args *args, struct tetris_fit_params *p)
{
	const char *rules = cli_args_text(args, "rules", NULL);
	const char *seed_text = cli_args_text(args, "seed", NULL);
	int64_t seed;
	if (rules != NULL && !tetris_rules_parse(rules, &p->rules))
		return false;
	if (seed_text != NULL) {
		if (!text_to_i64(seed_text, 0, INT64_MAX, &seed))
			return false;
		p->seed = (uint64_t)seed;
	}
	tune_tetris_counts(args, p);
	return true;
}

int
cli_tune_tetris(int argc, char **argv)
{
	const struct cli_command *self = cli_find("tune");
	struct cli_args args;
	int status = cli_tune_args(tune_tetris_options, TUNE_TETRIS_BAD, argc,
	                           argv, &args);
	if (status != EXIT_OK)
		return status;
	struct tetris_fit_params p;
	tetris_fit_defaults(&p, TETRIS_RULES_TEXT);
	if (!tune_tetris_params(&args, &p))
		return cli_usage_error(self, TUNE_TETRIS_BAD);
	if (args.argc > 0)
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
