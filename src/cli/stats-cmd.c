/*
 * `tabula stats tzaar [--games N] [--seed S] [--setup random|standard]`:
 * answers the TZAAR assignment's question about the branching factor by
 * playing random games (every sub-move chosen uniformly) and measuring, at
 * the start of each turn, how many captures there are, how many second
 * sub-moves follow the capture played, and how many whole turns (capture
 * then second sub-move) the player could choose from.  Tables by turn
 * number and by number of empty spaces show how the branching falls as the
 * board empties.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/rng.h"
#include "games/games.h"
#include "games/tzaar.h"

static const long STATS_DEFAULT_GAMES = 200;
/* In the option table (cli_stats_options), so a constant expression. */
enum { STATS_MAX_GAMES = 1000000 };
static const uint64_t STATS_DEFAULT_SEED = 1;

/* A game removes at least one enemy stack per turn after the first, so it
 * ends within about 60 turns; the tables have room to spare. */
enum { STATS_MAX_TURNS = 128, STATS_MAX_MOVES = TZAAR_CELLS * TZAAR_DIRS + 1 };

/* Sums over every turn start that falls in one row of a table. */
struct stats_row {
	long samples;
	double captures;     /* first sub-move options */
	double seconds;      /* second sub-move options after the capture */
	long second_samples; /* turns that had a second sub-move */
	double full;         /* whole-turn options */
	long full_min, full_max;
	double empty; /* empty spaces at the start of the turn */
};

struct stats {
	struct stats_row by_turn[STATS_MAX_TURNS + 1];
	struct stats_row by_empty[TZAAR_CELLS + 1];
	long wins[2];
	long reasons[4];
	long turns, plies, submove_options;
};

static void
stats_add(struct stats_row *r, int captures, long full, int empty)
{
	if (r->samples == 0 || full < r->full_min)
		r->full_min = full;
	if (r->samples == 0 || full > r->full_max)
		r->full_max = full;
	r->samples++;
	r->captures += captures;
	r->full += (double)full;
	r->empty += empty;
}

/* Whole turns from a turn start: each capture, followed by each second
 * sub-move it allows (a capture that wins, or the single opening capture,
 * is a whole turn by itself). */
static long
stats_full_turns(const struct tzaar_pos *p, const game_move *caps, int n)
{
	if (p->phase == TZAAR_OPEN)
		return n;
	long full = 0;
	for (int i = 0; i < n; i++) {
		struct tzaar_pos child = *p;
		tzaar_play(&child, caps[i]);
		int second = tzaar_count_moves(&child);
		full += second > 0 ? second : 1;
	}
	return full;
}

/* Plays one random game, adding every turn start to the tables. */
static void
stats_game(struct stats *st, struct tzaar_pos *p, struct rng *r)
{
	game_move moves[STATS_MAX_MOVES];
	for (int turn = 1; turn <= STATS_MAX_TURNS; turn++) {
		int n = tzaar_gen(p, moves);
		if (n == 0)
			break;
		int empty = tzaar_empty_cells(p);
		long full = stats_full_turns(p, moves, n);
		stats_add(&st->by_turn[turn], n, full, empty);
		stats_add(&st->by_empty[empty], n, full, empty);
		st->turns++;
		st->plies++;
		st->submove_options += n;
		tzaar_play(p, moves[rng_below(r, (uint32_t)n)]);
		if (p->phase != TZAAR_SECOND || p->winner != TZAAR_NO_WINNER)
			continue;
		int m = tzaar_gen(p, moves);
		st->by_turn[turn].seconds += m;
		st->by_turn[turn].second_samples++;
		st->by_empty[empty].seconds += m;
		st->by_empty[empty].second_samples++;
		st->plies++;
		st->submove_options += m;
		tzaar_play(p, moves[rng_below(r, (uint32_t)m)]);
	}
	int winner = p->winner, end = p->end;
	if (winner == TZAAR_NO_WINNER) { /* stopped for want of a capture */
		winner = 1 - p->side;
		end = TZAAR_END_NO_CAPTURE;
	}
	st->wins[winner]++;
	st->reasons[end]++;
}

static double
stats_mean(double sum, long n)
{
	return n > 0 ? sum / (double)n : 0.0;
}

static void
stats_print_row(const char *label, int key, const struct stats_row *r)
{
	char second[32] = "-"; /* the opening has no second sub-move */
	if (r->second_samples > 0)
		snprintf(second, sizeof second, "%.2f",
		         stats_mean(r->seconds, r->second_samples));
	printf("%-6s%4d %6ld %9.2f %9s %10.1f %7ld %7ld %7.1f\n", label, key,
	       r->samples, stats_mean(r->captures, r->samples), second,
	       stats_mean(r->full, r->samples), r->full_min, r->full_max,
	       stats_mean(r->empty, r->samples));
}

static void
stats_print_head(const char *key, const char *samples)
{
	printf("%-10s %6s %9s %9s %10s %7s %7s %7s\n", key, samples, "captures",
	       "second", "full", "min", "max", "empty");
}

static void
stats_print(const struct stats *st, long games, uint64_t seed,
            const char *setup)
{
	printf("# tzaar: %ld random games, %s set-up, seed %" PRIu64 "\n",
	       games, setup, seed);
	printf("# captures = first sub-move options; second = options after "
	       "the capture played;\n# full = whole-turn options "
	       "(capture, then second sub-move); empty = empty spaces\n");
	stats_print_head("turn", "games");
	for (int t = 1; t <= STATS_MAX_TURNS; t++)
		if (st->by_turn[t].samples > 0)
			stats_print_row("turn", t, &st->by_turn[t]);
	printf("\n");
	stats_print_head("empty", "turns");
	for (int e = 0; e <= TZAAR_CELLS; e++)
		if (st->by_empty[e].samples > 0)
			stats_print_row("empty", e, &st->by_empty[e]);
	printf("\n# mean per game: %.1f turns, %.1f sub-moves; mean sub-move "
	       "options %.1f\n",
	       stats_mean((double)st->turns, games),
	       stats_mean((double)st->plies, games),
	       stats_mean((double)st->submove_options, st->plies));
	printf("# results: White %ld, Black %ld; type captured %ld, type "
	       "buried "
	       "%ld, no capture %ld\n",
	       st->wins[0], st->wins[1], st->reasons[TZAAR_END_TYPE_CAPTURED],
	       st->reasons[TZAAR_END_TYPE_BURIED],
	       st->reasons[TZAAR_END_NO_CAPTURE]);
}

static int
stats_run(long games, uint64_t seed, bool random_setup)
{
	struct stats *st = calloc(1, sizeof *st);
	if (st == NULL) {
		fprintf(stderr, "tabula stats: out of memory\n");
		return EXIT_FAILURE_RUN;
	}
	struct rng r, setups;
	rng_seed(&r, seed);
	rng_seed(&setups, seed ^ 0x5E7095ULL);
	for (long g = 0; g < games; g++) {
		struct game_setup setup = {.seed = 0};
		while (random_setup && setup.seed == 0)
			setup.seed = rng_next(&setups);
		struct game_pos pos;
		tzaar_game.init(&pos, &setup);
		stats_game(st, tzaar_of(&pos), &r);
	}
	stats_print(st, games, seed, random_setup ? "random" : "standard");
	free(st);
	return EXIT_OK;
}

const struct cli_option cli_stats_options[] = {
        {"games", 'g', CLI_NUMBER, 1, STATS_MAX_GAMES,
         "--games takes 1..1000000"},
        {"seed", 's', CLI_NUMBER, 0, INT32_MAX, "--seed takes 0..2147483647"},
        {"setup", 'u', CLI_TEXT, 0, 0, NULL},
        {0},
};

int
cli_stats_exec(const struct cli_command *self, const struct cli_args *args)
{
	const char *setup = cli_args_text(args, "setup", "random");
	if (strcmp(setup, "random") != 0 && strcmp(setup, "standard") != 0)
		return cli_usage_error(self,
		                       "--setup takes random or standard");
	if (args->argc != 1)
		return cli_usage_error(self, "expected GAME");
	if (strcmp(args->argv[0], "tzaar") != 0) {
		fprintf(stderr,
		        "tabula stats: only tzaar has branching "
		        "statistics, not '%s'\n",
		        args->argv[0]);
		return EXIT_USAGE;
	}
	return stats_run(
	        cli_args_number(args, "games", STATS_DEFAULT_GAMES),
	        (uint64_t)cli_args_number(args, "seed", STATS_DEFAULT_SEED),
	        strcmp(setup, "random") == 0);
}
