/*
 * The one parser of the commands' options (cli/cli-args.h): it builds
 * getopt_long's tables from the command's declared options, so the
 * messages for an unknown option or a missing value stay getopt's own
 * ("tabula NAME: unrecognized option ...", main.c names the command).
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli-args.h"
#include "cli/cli.h"
#include "core/text.h"

/* getopt_long's value for an option without a short letter: above every
 * character. */
enum { CLI_ARGS_LONG_ONLY = 256 };

/* Fills getopt_long's tables from options; false when there are more
 * than CLI_ARGS_MAX (a mistake in the command table). */
static bool
cli_args_tables(const struct cli_option *options, struct option *longs,
                char *shorts, int *count)
{
	int n = 0, s = 0;
	for (; options != NULL && options[n].name != NULL; n++) {
		if (n == CLI_ARGS_MAX)
			return false;
		const struct cli_option *o = &options[n];
		bool value = o->kind != CLI_FLAG;
		int val = o->letter != 0 ? o->letter : CLI_ARGS_LONG_ONLY + n;
		longs[n] = (struct option){
		        o->name, value ? required_argument : no_argument, NULL,
		        val};
		if (o->letter != 0) {
			shorts[s++] = o->letter;
			if (value)
				shorts[s++] = ':';
		}
	}
	longs[n] = (struct option){NULL, 0, NULL, 0};
	shorts[s] = '\0';
	*count = n;
	return true;
}

/* The index of the option getopt_long returned as val, or -1. */
static int
cli_args_index(const struct cli_option *options, int count, int val)
{
	if (val >= CLI_ARGS_LONG_ONLY && val < CLI_ARGS_LONG_ONLY + count)
		return val - CLI_ARGS_LONG_ONLY;
	for (int i = 0; i < count; i++) {
		if (options[i].letter != 0 && options[i].letter == val)
			return i;
	}
	return -1;
}

/* Records option i with its value; a usage error for a bad number. */
static int
cli_args_take(const struct cli_command *cmd, struct cli_args *out, int i,
              char *value)
{
	const struct cli_option *o = &out->options[i];
	out->given[i] = true;
	out->times[i]++;
	out->text[i] = value;
	if (o->kind != CLI_NUMBER ||
	    text_to_long(value, o->min, o->max, &out->number[i]))
		return EXIT_OK;
	if (!o->bad_alone)
		return cli_usage_error(cmd, o->bad);
	fprintf(stderr, "tabula %s: %s\n", cmd->name, o->bad);
	return EXIT_USAGE;
}

int
cli_args_parse(const struct cli_command *cmd, int argc, char **argv,
               struct cli_args *out)
{
	struct option longs[CLI_ARGS_MAX + 1];
	char shorts[2 * CLI_ARGS_MAX + 1];
	int count;
	*out = (struct cli_args){.options = cmd->options};
	if (!cli_args_tables(cmd->options, longs, shorts, &count)) {
		fprintf(stderr, "tabula %s: more than %d options\n", cmd->name,
		        CLI_ARGS_MAX);
		return EXIT_USAGE;
	}
	int val;
	optind = 1;
	while ((val = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		int i = cli_args_index(cmd->options, count, val);
		if (i < 0)
			return cli_usage_error(cmd, cmd->bad_option);
		int status = cli_args_take(cmd, out, i, optarg);
		if (status != EXIT_OK)
			return status;
	}
	out->argc = argc - optind;
	out->argv = argv + optind;
	return EXIT_OK;
}

bool
cli_args_declares(const struct cli_option *options, const char *word)
{
	if (word[0] != '-' || word[1] == '\0')
		return false;
	for (int i = 0; options != NULL && options[i].name != NULL; i++) {
		const struct cli_option *o = &options[i];
		if (word[1] != '-') {
			if (o->letter != 0 && word[1] == o->letter &&
			    word[2] == '\0')
				return true;
			continue;
		}
		size_t len = strlen(o->name);
		if (strncmp(word + 2, o->name, len) == 0 &&
		    (word[2 + len] == '\0' ||
		     (word[2 + len] == '=' && o->kind != CLI_FLAG)))
			return true;
	}
	return false;
}

/* The index of the option named name; -1 (a mistake in the command) when
 * the command declares none by that name. */
static int
cli_args_find(const struct cli_args *args, const char *name)
{
	for (int i = 0; args->options != NULL && args->options[i].name != NULL;
	     i++) {
		if (strcmp(args->options[i].name, name) == 0)
			return i;
	}
	return -1;
}

bool
cli_args_has(const struct cli_args *args, const char *name)
{
	int i = cli_args_find(args, name);
	return i >= 0 && args->given[i];
}

int
cli_args_times(const struct cli_args *args, const char *name)
{
	int i = cli_args_find(args, name);
	return i >= 0 ? args->times[i] : 0;
}

const char *
cli_args_text(const struct cli_args *args, const char *name,
              const char *fallback)
{
	int i = cli_args_find(args, name);
	return i >= 0 && args->given[i] ? args->text[i] : fallback;
}

long
cli_args_number(const struct cli_args *args, const char *name, long fallback)
{
	int i = cli_args_find(args, name);
	return i >= 0 && args->given[i] ? args->number[i] : fallback;
}
