/*
 * Infexion's puzzle themes (core/game.h line_themes; tabula(6), "Puzzle
 * files"): how the line ends, what its first move is, and what the board
 * leaves the defender.
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
	if (infexion_move_dir(line[0]) == INFEXION_SPAWN_DIR)
		puzzle_theme_add(themes, size, "spawn");
	else if (infexion_stacks_won(start, line[0]) >= 2)
		puzzle_theme_add(themes, size, "spread-wins-two");
	else if (infexion_stacks_won(start, line[0]) == 0)
		puzzle_theme_add(themes, size, "quiet-spread");
	struct game_pos pos = *start;
	for (int i = 0; i < len; i++)
		infexion_game.play(&pos, line[i]);
	struct game_status st;
	infexion_game.status(&pos, &st);
	if (st.reason != NULL)
		puzzle_theme_add(themes, size,
		                 st.reason[0] == 'e' ? "elimination"
		                                     : "turn-limit");
}
