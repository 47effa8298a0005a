/*
 * Tetress's puzzle themes (core/game.h line_themes; tabula(6), "Puzzle
 * files"): the room the first move leaves each side, the lines cleared
 * on the way, and the defender blocked or outnumbered at the turn limit.
 */
#include "config.h"

#include "core/puzzle.h"
#include "games/games.h"
#include "games/tetress.h"

/* Tokens on the board. */
static int
tetress_tokens(const struct game_pos *pos)
{
	const struct tetress_pos *p = tetress_pos_of(pos);
	return bb121_count(p->cells[TETRESS_RED]) +
	       bb121_count(p->cells[TETRESS_BLUE]);
}

/* What the first move does to the room of both sides: halves the
 * defender's placements or more (squeeze), leaves them as they were (a
 * waiting move), and whether the attacker had no more room than the
 * defender to begin with (a race for room). */
static void
tetress_room_themes(const struct game_pos *start, game_move first, char *themes,
                    size_t size)
{
	const struct tetress_pos *p = tetress_pos_of(start);
	int attacker = p->side, defender = 1 - p->side;
	int mine = tetress_mobility(p, attacker);
	int theirs = tetress_mobility(p, defender);
	struct game_pos after = *start;
	tetress_game.play(&after, first);
	int left = tetress_mobility(tetress_pos_of(&after), defender);
	if (mine <= theirs)
		puzzle_theme_add(themes, size, "room-race");
	if (left * 2 <= theirs)
		puzzle_theme_add(themes, size, "squeeze");
	else if (left >= theirs)
		puzzle_theme_add(themes, size, "waiting-move");
}

void
tetress_line_themes(const struct game_pos *start, const game_move *line,
                    int len, char *themes, size_t size)
{
	int attacker = tetress_pos_of(start)->side;
	if (len > 0)
		tetress_room_themes(start, line[0], themes, size);
	struct game_pos pos = *start;
	for (int i = 0; i < len; i++) {
		/* A placement adds 4 tokens; fewer after it: lines cleared. */
		bool mine = tetress_pos_of(&pos)->side == attacker;
		int before = tetress_tokens(&pos);
		tetress_game.play(&pos, line[i]);
		if (tetress_tokens(&pos) < before + 4)
			puzzle_theme_add(
			        themes, size,
			        mine ? (i == 0 ? "clear-first" : "line-clear")
			             : "defender-clears");
	}
	const char *why = puzzle_end_reason(&tetress_game, &pos);
	if (why != NULL)
		puzzle_theme_add(themes, size,
		                 why[0] == 'n' ? "blocked-side" : "turn-limit");
}
