/*
 * Exercises from the player's own games (tabula(6), PUZZLES, "Your
 * mistakes"): the positions before the moves a review marked ? or ?? for
 * one player, and the judge of a try there.  A try is right when it loses
 * less win chance against the engine's best than the game's ?! threshold
 * (study/review.h measures both exactly as a review does); a wrong try
 * comes with the line that refutes it.  No terminal here.
 */
#ifndef TABULA_STUDY_EXERCISE_H
#define TABULA_STUDY_EXERCISE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "core/record.h"
#include "core/session.h"
#include "study/review.h"
#include "search/search.h"

/* One mistake to practise. */
struct exercise {
	size_t ply;          /* the mistake is move ply of the game */
	struct game_pos pos; /* the position before it */
	game_move played;    /* the move played there */
	enum record_mark mark;
};

/* Whether meta holds a review of any of s's moves. */
bool exercise_reviewed(const struct session *s, const struct record_meta *meta);

/* Reviews every move of s into meta as `tabula review` does (the game's
 * default budget, a table of its size, every core), blocking until done
 * (the command line's `tabula puzzle --from`, before the terminal is
 * taken); false with a message. */
bool exercise_review_all(const struct session *s, struct record_meta *meta,
                         char *err, size_t err_size);

/* The moves of player (0 or 1) that meta marks ? or ??, in game order;
 * writes at most max and returns how many there are. */
size_t exercise_find(const struct session *s, const struct record_meta *meta,
                     int player, struct exercise *out, size_t max);

/* What the judge found about a try. */
struct exercise_verdict {
	bool right;
	int loss; /* win chance lost against the best (winchance.h units) */
	enum record_mark mark;
	game_move best; /* the engine's move */
	/* Right: the engine's line after the try; wrong: the refutation. */
	game_move line[SEARCH_MAX_PV];
	int line_len;
	/* The engine's line from best. */
	game_move pv[SEARCH_MAX_PV];
	int pv_len;
};

/* Judges the try at pos with rv (the game's review budget, a mark
 * confirmed as a review confirms it: it can take seconds, so the TUI
 * judges on a worker thread, ui/think.h); false with a message when out
 * of memory or stopped (stop: NULL, or set to stop). */
bool exercise_judge(struct review *rv, const struct game_ops *ops,
                    const struct game_pos *pos, game_move try,
                    const atomic_bool *stop, struct exercise_verdict *out,
                    char *err, size_t err_size);

#endif
