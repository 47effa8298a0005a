/*
 * Non-interactive commands: each is a main-like function taking the words
 * after its name (argv[0] is the command name) and returning an exit status
 * (see EXIT STATUS in tabula(6)).  main.c dispatches to them by name.
 */
#ifndef TABULA_CLI_CLI_H
#define TABULA_CLI_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/cli-args.h"
#include "core/exit.h"
#include "core/game.h"

struct cli_command {
	const char *name;
	const char *usage;   /* the arguments, for --help and usage errors */
	const char *summary; /* one line for --help */
	int (*run)(int argc, char **argv);
	/* A command that declares its options (cli/cli-args.h) has no run:
	 * cli_run reads them and calls exec with what it read. */
	const struct cli_option *options;
	int (*exec)(const struct cli_command *self,
	            const struct cli_args *args);
	/* The usage error's reason for an unknown option or a missing value,
	 * or NULL for the usage line alone. */
	const char *bad_option;
};

/* The command named name, or NULL. */
const struct cli_command *cli_find(const char *name);

/* Runs cmd on the words after its name (argv[0] its name): run, or the
 * options read by cmd->options and then exec.  Returns an exit status. */
int cli_run(const struct cli_command *cmd, int argc, char **argv);

/* The i-th command, or NULL past the end; for --help. */
const struct cli_command *cli_at(int index);

/* Prints "usage: tabula <command> <usage>" to stdout, for an abbreviated
 * --help that main.c did not see; returns EXIT_OK. */
int cli_usage(const struct cli_command *cmd);

/* Prints "usage: tabula <command> <usage>" to stderr; returns EXIT_USAGE. */
int cli_usage_error(const struct cli_command *cmd, const char *why);

/* Prints a line of text and a newline to stdout and flushes it (ctx
 * unused): for results that arrive one line at a time. */
void cli_print_line(void *ctx, const char *text);

/* The options of the commands that declare theirs, in their files. */
extern const struct cli_option cli_bench_options[];
extern const struct cli_option cli_connect_options[];
extern const struct cli_option cli_match_options[];
extern const struct cli_option cli_perft_options[];
extern const struct cli_option cli_puzzles_options[];
extern const struct cli_option cli_replay_options[];
extern const struct cli_option cli_review_options[];
extern const struct cli_option cli_review_bench_options[];
extern const struct cli_option cli_serve_options[];
extern const struct cli_option cli_stats_options[];
extern const struct cli_option cli_tetris_options[];

int cli_bench_exec(const struct cli_command *self, const struct cli_args *args);
int cli_connect_exec(const struct cli_command *self,
                     const struct cli_args *args);
int cli_engine_main(int argc, char **argv);
int cli_match_exec(const struct cli_command *self, const struct cli_args *args);
int cli_perft_exec(const struct cli_command *self, const struct cli_args *args);
int cli_serve_exec(const struct cli_command *self, const struct cli_args *args);
int cli_stats_exec(const struct cli_command *self, const struct cli_args *args);
int cli_puzzles_exec(const struct cli_command *self,
                     const struct cli_args *args);
/* `tabula puzzles examples`: games games of ops into dir (examples-cmd.c). */
int cli_puzzles_examples(const struct game_ops *ops, const char *dir, int games,
                         uint64_t seed, int depth);
int cli_replay_exec(const struct cli_command *self,
                    const struct cli_args *args);
int cli_review_exec(const struct cli_command *self,
                    const struct cli_args *args);
int cli_review_bench_exec(const struct cli_command *self,
                          const struct cli_args *args);
int cli_tetris_exec(const struct cli_command *self,
                    const struct cli_args *args);
int cli_tune_main(int argc, char **argv);
/* Reads the options of a `tune` subcommand (argv[0] its word) by its own
 * table with the one parser: the messages and usage are tune's, with
 * bad_option as the reason for an unknown option.  Returns EXIT_OK or
 * EXIT_USAGE after the usage error (tune-cmd.c). */
int cli_tune_args(const struct cli_option *options, const char *bad_option,
                  int argc, char **argv, struct cli_args *out);
/* `tabula tune winchance GAME ...`, argv[0] being "winchance"
 * (tune-winchance.c). */
int cli_tune_winchance(int argc, char **argv);
/* `tabula tune tetris ...`, argv[0] being "tetris" (tune-tetris.c). */
int cli_tune_tetris(int argc, char **argv);

#endif
