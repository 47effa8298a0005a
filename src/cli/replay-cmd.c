/*
 * `tabula replay FILE [--format tabula|littlegolem]`: reads a game record
 * (a tabula record, or another program's that a game reads, recognised by
 * its content), replays and checks every move, and prints the moves (one
 * per line, numbered by ply) followed by the final position as a diagram
 * and a position string; with --format, prints the record itself in that
 * format instead.  A record that does not replay is reported as
 * "FILE:LINE: message" (a tabula record) or "FILE: turn N (W): TEXT: why"
 * with exit status 1, and nothing is written.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"
#include "core/record-format.h"
#include "core/record.h"

static void
replay_print(const struct session *s, const struct record_meta *meta)
{
	char text[GAME_TEXT_MAX];
	printf("game %s\n", s->ops->name);
	for (size_t i = 0; i < s->ply; i++) {
		s->ops->format_move(&s->positions[i], s->moves[i], text,
		                    sizeof text);
		const char *side = s->ops->side_names[s->ops->side_to_move(
		        &s->positions[i])];
		printf("%zu %s %s\n", i + 1, side ? side : "", text);
	}
	s->ops->render_text(session_current(s), text, sizeof text);
	fputs(text, stdout);
	s->ops->format_pos(session_current(s), text, sizeof text);
	printf("fen %s\n", text);
	struct game_status st;
	s->ops->status(session_current(s), &st);
	const char *result =
	        meta->result[0] != '\0'
	                ? meta->result
	                : record_result_token(s->ops, session_current(s));
	printf("result %s%s%s\n", result, st.reason ? " " : "",
	       st.reason ? st.reason : "");
}

const struct cli_option cli_replay_options[] = {
        {.name = "format", .kind = CLI_TEXT},
        {0},
};

int
cli_replay_exec(const struct cli_command *cmd, const struct cli_args *args)
{
	int status = EXIT_OK;
	const char *format = cli_args_text(args, "format", NULL);
	const struct record_format *fmt = NULL;
	if (format != NULL && strcasecmp(format, "tabula") != 0 &&
	    (fmt = record_format_find(format)) == NULL) {
		char why[160];
		snprintf(why, sizeof why,
		         "--format '%.60s': expected tabula or littlegolem",
		         format);
		return cli_usage_error(cmd, why);
	}
	if (args->argc != 1)
		return cli_usage_error(cmd, "expected one record file");
	struct session s;
	struct record_meta meta;
	char err[1024];
	if (!record_load(args->argv[0], &s, &meta, err, sizeof err)) {
		fprintf(stderr, "tabula replay: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	if (format == NULL)
		replay_print(&s, &meta);
	else if (!record_format_write(stdout, fmt, &s, &meta, err,
	                              sizeof err)) {
		fprintf(stderr, "tabula replay: %s: %s\n", args->argv[0], err);
		status = EXIT_FAILURE_RUN;
	}
	record_meta_free(&meta);
	session_free(&s);
	if (fflush(stdout) != 0)
		status = EXIT_FAILURE_RUN;
	return status;
}
