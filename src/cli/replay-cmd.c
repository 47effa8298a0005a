/*
 * `tabula replay FILE`: reads a game record, replays and checks every move,
 * and prints the moves (one per line, numbered by ply) followed by the
 * final position as a diagram and a position string.  A record that does
 * not replay is reported as "FILE:LINE: message" with exit status 1.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>

#include "cli/cli.h"
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
	printf("result %s%s%s\n", meta->result[0] ? meta->result : "*",
	       st.reason ? " " : "", st.reason ? st.reason : "");
}

int
cli_replay_main(int argc, char **argv)
{
	const struct cli_command *cmd = cli_find("replay");
	static const struct option options[] = {{NULL, 0, NULL, 0}};
	if (getopt_long(argc, argv, "", options, NULL) != -1)
		return cli_usage_error(cmd, NULL);
	if (optind + 1 != argc)
		return cli_usage_error(cmd, "expected one record file");
	struct session s;
	struct record_meta meta;
	char err[1024];
	if (!record_load(argv[optind], &s, &meta, err, sizeof err)) {
		fprintf(stderr, "tabula replay: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	replay_print(&s, &meta);
	record_meta_free(&meta);
	session_free(&s);
	return fflush(stdout) == 0 ? EXIT_OK : EXIT_FAILURE_RUN;
}
