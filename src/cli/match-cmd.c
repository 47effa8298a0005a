/*
 * `tabula match GAME PLAYER1 PLAYER2 [options]`: plays a match and prints
 * wins, draws and losses of PLAYER1, its score and the Elo difference with
 * a 95% interval.  Players are described as in play/player.h.
 *
 * A match can be split into shards (--first-game: game K onwards, each
 * game exactly as in the whole match) run on any hosts, and their result
 * lines summed with `tabula match --merge` (man page: "match").
 */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/registry.h"
#include "play/match.h"
#include "play/match-positions.h"

/* In the option table (cli_match_options), so constant expressions. */
enum { MATCH_CMD_MAX_GAMES = 1000000, MATCH_CMD_MAX_TIMEOUT_MS = 3600000 };
static const mode_t MATCH_CMD_DIR_MODE = 0777;

static void
match_cmd_progress(void *ctx, int game, const struct match_result *r)
{
	const bool *verbose = ctx;
	if (r->forfeit[0] != '\0')
		fprintf(stderr, "tabula match: game %d: %s\n", game + 1,
		        r->forfeit);
	if (*verbose)
		fprintf(stderr, "game %d: +%d =%d -%d\n", game + 1, r->wins,
		        r->draws, r->losses);
}

static void
match_cmd_print_elo(double v)
{
	if (isinf(v))
		printf(v > 0 ? "+inf" : "-inf");
	else
		printf("%+.1f", v);
}

/* A sweep (every game won, or every game lost) has no finite estimate:
 * the bound the games do give instead, from the 95% interval of a score
 * that was never once different (Clopper-Pearson: one of the n games
 * would have gone the other way 2.5% of the time), as "elo below +72.4".
 * False when r is no sweep. */
static bool
match_cmd_print_sweep(const struct match_result *r)
{
	bool lost = r->losses == r->games, won = r->wins == r->games;
	if (r->games == 0 || (!lost && !won))
		return false;
	double edge = pow(0.025, 1.0 / r->games); /* the score's bound */
	double p = lost ? 1.0 - edge : edge;
	double bound = match_elo_of(p);
	printf("%s %+.1f (every game %s: no finite estimate)",
	       lost ? "below" : "above", bound, lost ? "lost" : "won");
	return true;
}

static void
match_cmd_report(const struct match_result *r)
{
	double score, elo, low, high;
	match_elo(r, &score, &elo, &low, &high);
	printf("games %d wins %d draws %d losses %d score %.1f%% elo ",
	       r->games, r->wins, r->draws, r->losses, 100.0 * score);
	if (!match_cmd_print_sweep(r)) {
		match_cmd_print_elo(elo);
		printf(" interval ");
		match_cmd_print_elo(low);
		printf(" ");
		match_cmd_print_elo(high);
	}
	if (r->forfeits > 0)
		printf(" forfeits %d", r->forfeits);
	printf("\n");
}

struct match_cmd_opts {
	struct match_config cfg;
	const char *go_args;
	const char *positions; /* --positions FILE, or NULL */
	int timeout_ms;        /* per answer of an outside program */
	bool verbose;
	bool merge;
};

/* Longest result line --merge reads. */
enum { MATCH_CMD_LINE_MAX = 512 };

/* Adds the result lines of one file (or standard input for "-") to sum;
 * any other line is an error naming the file and line. */
static bool
match_cmd_merge_file(const char *path, struct match_result *sum)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	if (f == NULL) {
		fprintf(stderr, "tabula match: %s: %s\n", path,
		        strerror(errno));
		return false;
	}
	char line[MATCH_CMD_LINE_MAX];
	bool ok = true;
	for (int no = 1; ok && fgets(line, sizeof line, f) != NULL; no++) {
		int games, wins, draws, losses;
		if (line[0] == '\n')
			continue;
		if (strchr(line, '\n') == NULL && !feof(f)) {
			fprintf(stderr, "tabula match: %s:%d: line too long\n",
			        path, no);
			ok = false;
		} else if (sscanf(line, "games %d wins %d draws %d losses %d",
		                  &games, &wins, &draws, &losses) != 4 ||
		           games < 0 || wins < 0 || draws < 0 || losses < 0 ||
		           wins + draws + losses != games ||
		           games > MATCH_CMD_MAX_GAMES - sum->games) {
			fprintf(stderr,
			        "tabula match: %s:%d: not a match result "
			        "line\n",
			        path, no);
			ok = false;
		} else {
			sum->games += games;
			sum->wins += wins;
			sum->draws += draws;
			sum->losses += losses;
			const char *tail = strstr(line, " forfeits ");
			int forfeits;
			if (tail != NULL &&
			    sscanf(tail, " forfeits %d", &forfeits) == 1 &&
			    forfeits > 0 && forfeits <= games)
				sum->forfeits += forfeits;
		}
	}
	if (ok && ferror(f)) {
		fprintf(stderr, "tabula match: %s: read error\n", path);
		ok = false;
	}
	if (f != stdin)
		fclose(f);
	return ok;
}

/* `tabula match --merge FILE...`: the sum of shards' result lines. */
static int
match_cmd_merge(int argc, char **argv)
{
	struct match_result sum = {0};
	static char dash[] = "-";
	char *standard_input[] = {dash};
	if (argc == 0) {
		argc = 1;
		argv = standard_input;
	}
	for (int i = 0; i < argc; i++) {
		if (!match_cmd_merge_file(argv[i], &sum))
			return EXIT_FAILURE_RUN;
	}
	match_cmd_report(&sum);
	return EXIT_OK;
}

const struct cli_option cli_match_options[] = {
        {"games", 'n', CLI_NUMBER, 1, MATCH_CMD_MAX_GAMES, "bad --games"},
        {"first-game", 'f', CLI_NUMBER, 1, MATCH_CMD_MAX_GAMES,
         "bad --first-game"},
        {"merge", 'm', CLI_FLAG, 0, 0, NULL},
        {"seed", 's', CLI_NUMBER, 0, LONG_MAX, "bad --seed"},
        {"openings", 'o', CLI_NUMBER, 0, MATCH_MAX_OPENING, "bad --openings"},
        {"random-setups", 'r', CLI_FLAG, 0, 0, NULL},
        {"positions", 'p', CLI_TEXT, 0, 0, NULL},
        {"record", 'w', CLI_TEXT, 0, 0, NULL},
        {"go", 'g', CLI_TEXT, 0, 0, NULL},
        {"verbose", 'v', CLI_FLAG, 0, 0, NULL},
        {"timeout", 't', CLI_NUMBER, 1, MATCH_CMD_MAX_TIMEOUT_MS,
         "--timeout takes 1..3600000 ms"},
        {0},
};

static void
match_cmd_options(const struct cli_args *args, struct match_cmd_opts *o)
{
	o->cfg.games = (int)cli_args_number(args, "games", 2);
	o->cfg.first_game = (int)cli_args_number(args, "first-game", 1) - 1;
	o->merge = cli_args_has(args, "merge");
	o->cfg.seed = (uint64_t)cli_args_number(args, "seed", 0);
	o->cfg.opening_plies = (int)cli_args_number(args, "openings", 0);
	o->cfg.random_setups = cli_args_has(args, "random-setups");
	o->cfg.record_dir = cli_args_text(args, "record", NULL);
	o->positions = cli_args_text(args, "positions", NULL);
	o->go_args = cli_args_text(args, "go", NULL);
	o->verbose = cli_args_has(args, "verbose");
	o->timeout_ms = (int)cli_args_number(args, "timeout", 0);
}

/* Makes the --record directory if missing; false (with a message) when
 * it is not a directory that can take files, before any game is played. */
static bool
match_cmd_record_dir(const char *dir)
{
	struct stat st;
	const char *why = NULL;
	if (mkdir(dir, MATCH_CMD_DIR_MODE) != 0 && errno != EEXIST)
		why = strerror(errno);
	else if (stat(dir, &st) != 0)
		why = strerror(errno);
	else if (!S_ISDIR(st.st_mode))
		why = "not a directory";
	else if (access(dir, W_OK | X_OK) != 0)
		why = strerror(errno);
	if (why != NULL)
		fprintf(stderr, "tabula match: --record %s: %s\n", dir, why);
	return why == NULL;
}

static int
match_cmd_play(struct match_cmd_opts *o, const char *spec_a, const char *spec_b)
{
	struct player a, b;
	char err[512];
	if (!player_parse(&a, spec_a, o->go_args, err, sizeof err) ||
	    !player_parse(&b, spec_b, o->go_args, err, sizeof err)) {
		fprintf(stderr, "tabula match: %s\n", err);
		return EXIT_USAGE;
	}
	if (o->timeout_ms > 0)
		a.timeout_ms = b.timeout_ms = o->timeout_ms;
	int status = EXIT_FAILURE_RUN;
	/* Both programs answer their handshake (within the timeout) before
	 * any game is played. */
	if (!player_open(&a, o->cfg.ops, err, sizeof err) ||
	    !player_open(&b, o->cfg.ops, err, sizeof err)) {
		fprintf(stderr, "tabula match: %s\n", err);
	} else {
		struct match_result res;
		bool ok = match_run(&o->cfg, &a, &b, match_cmd_progress,
		                    &o->verbose, &res, err, sizeof err);
		/* A match cut short reports the games played, never a
		 * result made of none. */
		if (res.games > 0)
			match_cmd_report(&res);
		if (!ok)
			fprintf(stderr, "tabula match: %s\n", err);
		else
			status = EXIT_OK;
	}
	player_close(&a);
	player_close(&b);
	return status;
}

int
cli_match_exec(const struct cli_command *self, const struct cli_args *args)
{
	struct match_cmd_opts o = {0};
	match_cmd_options(args, &o);
	if (o.merge)
		return match_cmd_merge(args->argc, args->argv);
	if (o.cfg.first_game > MATCH_CMD_MAX_GAMES - o.cfg.games)
		return cli_usage_error(self, "--first-game beyond the match");
	if (args->argc != 3)
		return cli_usage_error(self, "want GAME PLAYER1 PLAYER2");
	o.cfg.ops = registry_find(args->argv[0]);
	if (o.cfg.ops == NULL || o.cfg.ops->players != 2)
		return cli_usage_error(self, "unknown or one-player game");
	if (o.cfg.record_dir != NULL && !match_cmd_record_dir(o.cfg.record_dir))
		return EXIT_FAILURE_RUN;
	struct game_pos *positions = NULL;
	if (o.positions != NULL) {
		char err[512];
		if (!match_positions_read(o.cfg.ops, o.positions, &positions,
		                          &o.cfg.n_positions, err,
		                          sizeof err)) {
			fprintf(stderr, "tabula match: %s\n", err);
			return EXIT_FAILURE_RUN;
		}
		o.cfg.positions = positions;
		/* Each position once with each colour, unless told. */
		if (!cli_args_has(args, "games"))
			o.cfg.games =
			        o.cfg.n_positions <= MATCH_CMD_MAX_GAMES / 2
			                ? 2 * o.cfg.n_positions
			                : MATCH_CMD_MAX_GAMES;
		if (o.cfg.first_game > MATCH_CMD_MAX_GAMES - o.cfg.games)
			o.cfg.games = MATCH_CMD_MAX_GAMES - o.cfg.first_game;
	}
	int status = match_cmd_play(&o, args->argv[1], args->argv[2]);
	free(positions);
	return status;
}
