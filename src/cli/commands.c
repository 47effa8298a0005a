/*
 * The table of commands: the one list that --help, the man page's SYNOPSIS
 * and main.c's dispatch follow.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const struct cli_command cli_commands[] = {
        {"bench", "[GAME] [--depth N] [--threads N] | --solver [--nodes N]",
         "search fixed positions: node signature and speed", NULL,
         cli_bench_options, cli_bench_exec},
        {"connect", "[--socket PATH]",
         "talk to the room server: lines from stdin, its lines to stdout", NULL,
         cli_connect_options, cli_connect_exec},
        {"engine", "", "speak the engine protocol on stdin/stdout",
         cli_engine_main},
        {"match",
         "GAME PLAYER1 PLAYER2 [--games N] [--first-game K] [--seed S] "
         "[--openings PLIES] [--random-setups] [--positions FILE] "
         "[--record DIR] [--go ARGS] "
         "[--timeout MS] [--verbose] | --merge [FILE...]",
         "play a match between engines, random, greedy, outside programs "
         "or course agents (agent:DIR)",
         NULL, cli_match_options, cli_match_exec},
        {"perft", "GAME DEPTH [--fen POSITION] [--divide] [--threads N]",
         "count move sequences of DEPTH plies", NULL, cli_perft_options,
         cli_perft_exec},
        {"serve",
         "[--socket PATH] [--state DIR] [--shared-user USER] "
         "[--max-clients N] [--max-rooms N] [--max-per-user N] "
         "[--engine-threads N] [--max-searches-per-user N] "
         "[--name-timeout SECONDS]",
         "hold rooms for people on this host to play and watch games", NULL,
         cli_serve_options, cli_serve_exec},
        {"stats", "tzaar [--games N] [--seed S] [--setup random|standard]",
         "branching statistics from random games", NULL, cli_stats_options,
         cli_stats_exec},
        {"tune",
         "tzaar [--rounds N] [--skip PLIES] [--weights W] [--only NAMES] "
         "[--mid-turn] RECORD... | winchance GAME [--nodes N] [--skip PLIES] "
         "[--every K] [--hold-out G] [--scale S] "
         "RECORD... | tetris [--rules R] [--seed S] [--rounds N] [--states N] "
         "[--spacing N] [--horizon N] [--rollouts N] [--explore P] "
         "[--prior P] [--check N]",
         "fit TZAAR's evaluation or a game's win chance to game results, "
         "or Tetris's value to play",
         cli_tune_main},
        {"puzzles",
         "generate GAME [--seed S] [--games N] [--count N] [--max-plies N] "
         "[--scan PLIES] [--per-game N] [--budget NODES] [--no-saves] "
         "[--output FILE] [--verbose] | check GAME FILE [--sample N] "
         "[--budget NODES] | merge GAME OUTPUT INPUT... | examples GAME DIR "
         "[--games N] [--seed S] [--depth N] | list GAME [FILE]",
         "find, prove and rate puzzles; prove them again; example games", NULL,
         cli_puzzles_options, cli_puzzles_exec},
        {"replay", "FILE [--format tabula|littlegolem]",
         "check a game record and print its moves, or convert it", NULL,
         cli_replay_options, cli_replay_exec},
        {"review",
         "FILE [--nodes N | --movetime MS | --depth N] "
         "[--output FILE | --in-place] [--threads N]",
         "review every move of a record: marked moves, accuracy", NULL,
         cli_review_options, cli_review_exec},
        {"review-bench",
         "[--nodes N] [--period P] [--factor F] [--confirm C] "
         "[--screen 0|1] [--reviewer COMMAND] [--keep DIR] [--sample PCT] "
         "[--calib-every K] [--moves FILE] RECORD...",
         "measure reviews: steadiness, marks, calibration, time", NULL,
         cli_review_bench_options, cli_review_bench_exec},
        {"tetris",
         "[--batch] [--rules text|reference] [--design tuned|learned] "
         "[--threads N] [INPUT [OUTPUT]] | --score INPUT OUTPUT [-v] | "
         "--bench [--design tuned|learned] [--threads N] [FILE]",
         "play, score or benchmark the Tetris strategy's batch files", NULL,
         cli_tetris_options, cli_tetris_exec},
};

static const int CLI_COMMAND_COUNT =
        (int)(sizeof cli_commands / sizeof cli_commands[0]);

const struct cli_command *
cli_find(const char *name)
{
	for (int i = 0; i < CLI_COMMAND_COUNT; i++) {
		if (strcmp(cli_commands[i].name, name) == 0)
			return &cli_commands[i];
	}
	return NULL;
}

int
cli_run(const struct cli_command *cmd, int argc, char **argv)
{
	if (cmd->exec == NULL)
		return cmd->run(argc, argv);
	struct cli_args args;
	int status = cli_args_parse(cmd, argc, argv, &args);
	return status != EXIT_OK ? status : cmd->exec(cmd, &args);
}

const struct cli_command *
cli_at(int index)
{
	return index >= 0 && index < CLI_COMMAND_COUNT ? &cli_commands[index]
	                                               : NULL;
}

void
cli_print_line(void *ctx, const char *text)
{
	(void)ctx;
	printf("%s\n", text);
	fflush(stdout);
}

int
cli_usage(const struct cli_command *cmd)
{
	printf("usage: tabula %s %s\n", cmd->name, cmd->usage);
	return EXIT_OK;
}

int
cli_usage_error(const struct cli_command *cmd, const char *why)
{
	if (why != NULL)
		fprintf(stderr, "tabula %s: %s\n", cmd->name, why);
	fprintf(stderr, "usage: tabula %s %s\n", cmd->name, cmd->usage);
	return EXIT_USAGE;
}
