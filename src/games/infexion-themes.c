/*
 * Infexion's puzzle themes (core/game.h line_themes; tabula(6), "Puzzle
 * files"): how the line ends, what its first and last moves take, stacks
 * made to vanish, and what the board leaves the defender.
 */
#include "config.h"

#include "core/puzzle.h"
#include "games/infexion.h"

/* Stacks of the defender the attacker's move m takes from pos. */
static int
infexion_stacks_won(const struct game_pos *pos, game_move m)
{
	const struct infexion_pos *p = infexion_cpos_of(pos);
	int defender = 1 - p->side;
	struct game_pos after = *pos;
	infexion_game.play(&after, m);
	return p->stacks[defender] - infexion_cpos_of(&after)->stacks[defender];
}

/* Power on the board: a spread keeps it unless a stack goes past 6 and
 * vanishes. */
static int
infexion_total_power(const struct game_pos *pos)
{
	const struct infexion_pos *p = infexion_cpos_of(pos);
	return p->power[0] + p->power[1];
}

/* Whether the spread m from pos crosses an edge of the board (the board
 * is a torus), and its length (the stack's power). */
static bool
infexion_spread_wraps(const struct game_pos *pos, game_move m, int *length)
{
	const struct infexion_pos *p = infexion_cpos_of(pos);
	int cell = infexion_move_cell(m), dir = infexion_move_dir(m) - 1;
	int r = cell / INFEXION_N, q = cell % INFEXION_N;
	*length = infexion_cell_power(p->cell[cell]);
	bool wraps = false;
	for (int i = 1; i <= *length; i++) {
		int rr = r + i * infexion_dir_dr[dir];
		int qq = q + i * infexion_dir_dq[dir];
		wraps = wraps || rr < 0 || rr >= INFEXION_N || qq < 0 ||
		        qq >= INFEXION_N;
	}
	return wraps;
}

/* The themes of the attacker's moves along the line: a stack made to
 * vanish (overflow), and the last move taking two or more stacks. */
static void
infexion_move_themes(const struct game_pos *start, const game_move *line,
                     int len, char *themes, size_t size)
{
	int attacker = infexion_cpos_of(start)->side;
	struct game_pos pos = *start;
	for (int i = 0; i < len; i++) {
		bool mine = infexion_cpos_of(&pos)->side == attacker;
		int before = infexion_total_power(&pos);
		if (mine && i == len - 1 && i > 0 &&
		    infexion_stacks_won(&pos, line[i]) >= 2)
			puzzle_theme_add(themes, size, "double-finish");
		bool spawn = infexion_move_dir(line[i]) == INFEXION_SPAWN_DIR;
		int length = 0;
		if (mine && !spawn &&
		    infexion_spread_wraps(&pos, line[i], &length))
			puzzle_theme_add(themes, size, "wrap-around");
		if (mine && i == 0 && length >= 3)
			puzzle_theme_add(themes, size, "long-spread");
		infexion_game.play(&pos, line[i]);
		if (mine && !spawn && infexion_total_power(&pos) < before)
			puzzle_theme_add(themes, size, "overflow");
	}
}

void
infexion_line_themes(const struct game_pos *start, const game_move *line,
                     int len, char *themes, size_t size)
{
	const struct infexion_pos *p = infexion_cpos_of(start);
	if (len <= 0)
		return;
	/* At 49 power on the board no one may spawn: the defender cannot
	 * bring a new stack in. */
	if (p->power[0] + p->power[1] >= INFEXION_MAX_TOTAL_POWER)
		puzzle_theme_add(themes, size, "no-spawn");
	if (p->stacks[1 - p->side] == 1)
		puzzle_theme_add(themes, size, "last-stack");
	int won = infexion_stacks_won(start, line[0]);
	if (infexion_move_dir(line[0]) == INFEXION_SPAWN_DIR)
		puzzle_theme_add(themes, size, "spawn");
	else if (won >= 3)
		puzzle_theme_add(themes, size, "spread-wins-three");
	else if (won == 2)
		puzzle_theme_add(themes, size, "spread-wins-two");
	else if (won == 0)
		puzzle_theme_add(themes, size, "quiet-spread");
	infexion_move_themes(start, line, len, themes, size);
	struct game_pos pos = *start;
	for (int i = 0; i < len; i++)
		infexion_game.play(&pos, line[i]);
	const char *why = puzzle_end_reason(&infexion_game, &pos);
	if (why != NULL)
		puzzle_theme_add(themes, size,
		                 why[0] == 'e' ? "elimination" : "turn-limit");
}
