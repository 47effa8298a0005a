/*
 * TZAAR's puzzle themes (core/game.h line_themes; tabula(6), "Puzzle
 * files"): which type ran out or why the defender could not capture, and
 * what the attacker's first turn does with its second sub-move.
 */
#include "config.h"

#include "core/puzzle.h"
#include "games/games.h"
#include "games/tzaar.h"

/* The words for a type the defender has run out of. */
static const char *const tzaar_run_out[TZAAR_TYPES] = {
        "tzaar-run-out", "tzarra-run-out", "tott-run-out"};

/* The themes of the end of the line at pos, lost by defender. */
static void
tzaar_end_themes(const struct game_pos *pos, int defender, char *themes,
                 size_t size)
{
	const struct tzaar_pos *p = tzaar_of_const(pos);
	struct game_status st;
	tzaar_game.status(pos, &st);
	if (st.outcome == OUTCOME_ONGOING)
		return;
	if (p->end == TZAAR_END_TYPE_BURIED)
		puzzle_theme_add(themes, size, "self-buried");
	else if (p->end == TZAAR_END_TYPE_CAPTURED) {
		for (int t = 0; t < TZAAR_TYPES; t++) {
			if (p->top[defender][t] == 0)
				puzzle_theme_add(themes, size,
				                 tzaar_run_out[t]);
		}
	} else
		puzzle_theme_add(themes, size, "no-capture-left");
}

void
tzaar_line_themes(const struct game_pos *start, const game_move *line, int len,
                  char *themes, size_t size)
{
	int attacker = tzaar_of_const(start)->side;
	struct game_pos pos = *start;
	for (int i = 0; i < len; i++) {
		const struct tzaar_pos *p = tzaar_of_const(&pos);
		/* The second sub-move of the attacker's first turn. */
		if (i == 1 && p->side == attacker && p->phase == TZAAR_SECOND) {
			enum tzaar_kind k = TZAAR_MOVE_KIND(line[i]);
			puzzle_theme_add(themes, size,
			                 k == TZAAR_CAPTURE ? "double-capture"
			                 : k == TZAAR_STACK ? "stack-up"
			                                    : "pass");
		}
		tzaar_game.play(&pos, line[i]);
	}
	tzaar_end_themes(&pos, 1 - attacker, themes, size);
}
