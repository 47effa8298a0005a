/*
 * A command's options, declared once in its entry of the command table
 * (struct cli_command's options) and read by one parser, as tmux's
 * cmd_entry declares its arguments: the parser knows each option's name,
 * short letter, whether it takes a value and a number's range, so no
 * command hand-rolls its option loop.  Options and the other words may
 * come in any order; "--" ends the options.
 */
#ifndef TABULA_CLI_CLI_ARGS_H
#define TABULA_CLI_CLI_ARGS_H

#include <stdbool.h>

struct cli_command;

enum cli_option_kind {
	CLI_FLAG,   /* --name */
	CLI_TEXT,   /* --name VALUE, any text */
	CLI_NUMBER, /* --name N, an integer from min to max */
};

/* One option of a command; a table of them ends with a NULL name. */
struct cli_option {
	const char *name; /* the long form, without the dashes */
	char letter;      /* the short form (-x), 0 for none */
	enum cli_option_kind kind;
	long min, max;   /* CLI_NUMBER's range */
	const char *bad; /* CLI_NUMBER's usage error when out of range */
	bool bad_alone;  /* bad is said without the usage line */
};

/* Most options a command declares. */
enum { CLI_ARGS_MAX = 24 };

/* What the parser read: each declared option (in table order) given or
 * not, with its value; then the words that are not options. */
struct cli_args {
	const struct cli_option *options;
	bool given[CLI_ARGS_MAX];
	int times[CLI_ARGS_MAX]; /* how often each was given; the last wins */
	const char *text[CLI_ARGS_MAX];
	long number[CLI_ARGS_MAX];
	int argc;
	char **argv;
};

/* Reads argv (argv[0] the command's name) by cmd->options into out.
 * Returns EXIT_OK, or EXIT_USAGE after the usage error of an unknown
 * option or a missing value (with cmd->bad_option) or a number out of
 * range (cli_usage_error). */
int cli_args_parse(const struct cli_command *cmd, int argc, char **argv,
                   struct cli_args *out);

/* Whether word names one of options exactly: --name, --name=VALUE for an
 * option with a value, or -x; for main.c, which gives the words no
 * command declares after `tetris` to the terminal UI's game. */
bool cli_args_declares(const struct cli_option *options, const char *word);

/* Whether the option named name was given. */
bool cli_args_has(const struct cli_args *args, const char *name);

/* How many times the option named name was given: for a command that
 * refuses an option twice. */
int cli_args_times(const struct cli_args *args, const char *name);

/* The value of the CLI_TEXT option name, or fallback when not given. */
const char *cli_args_text(const struct cli_args *args, const char *name,
                          const char *fallback);

/* The value of the CLI_NUMBER option name, or fallback when not given. */
long cli_args_number(const struct cli_args *args, const char *name,
                     long fallback);

#endif
