/*
 * Puzzle files (tabula(6), PUZZLES): one plain-text file per game,
 * data/puzzles/GAME.txt, one puzzle per line:
 *
 *     # tabula puzzles 1
 *     # any comment
 *     ID | KIND | PLIES | RATING | THEMES | POSITION | SOLUTION
 *
 * KIND is "win" (the side to move forces a win within PLIES plies, and only
 * the first move of SOLUTION does) or "save" (every move but the first of
 * SOLUTION lets the opponent force a win within PLIES plies, and that one
 * does not).  RATING is an Elo-like difficulty, THEMES comma-separated
 * words or "-", POSITION a position string, SOLUTION the moves of the main
 * line separated by blanks (the defence included).  Reading checks every
 * field, parses the position and plays the solution through it.
 */
#ifndef TABULA_CORE_PUZZLE_H
#define TABULA_CORE_PUZZLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/game.h"

#define PUZZLE_MAGIC      "# tabula puzzles 1"
#define PUZZLE_ID_MAX     32
#define PUZZLE_THEMES_MAX 64
#define PUZZLE_POS_MAX    512
#define PUZZLE_MAX_LINE   16 /* moves in a solution */
#define PUZZLE_FILE_MAX   (8u << 20)
#define PUZZLE_RATING_MIN 100
#define PUZZLE_RATING_MAX 3500

enum puzzle_kind { PUZZLE_WIN, PUZZLE_SAVE };

struct puzzle {
	char id[PUZZLE_ID_MAX];
	enum puzzle_kind kind;
	int plies;  /* the bound of the proof */
	int rating; /* difficulty, PUZZLE_RATING_MIN..MAX */
	char themes[PUZZLE_THEMES_MAX];
	char position[PUZZLE_POS_MAX];
	struct game_pos start; /* position, parsed */
	game_move line[PUZZLE_MAX_LINE];
	int line_len;
};

struct puzzle_set {
	const struct game_ops *ops;
	struct puzzle *items;
	size_t count;
};

/* "win" or "save". */
const char *puzzle_kind_name(enum puzzle_kind kind);

/* Reads one puzzle line (without its newline) for game ops; false with
 * the reason in err (what and which field). */
bool puzzle_parse_line(const struct game_ops *ops, const char *line,
                       struct puzzle *pz, char *err, size_t err_size);

/* Writes pz as one line, newline included. */
void puzzle_format_line(const struct game_ops *ops, const struct puzzle *pz,
                        FILE *out);

/* Reads a whole puzzle file (name used in messages, "name:line: ...");
 * false with the message, and set empty, on any error. */
bool puzzle_read(FILE *in, const char *name, const struct game_ops *ops,
                 struct puzzle_set *set, char *err, size_t err_size);

/* Opens and reads path (see puzzle_read). */
bool puzzle_load(const char *path, const struct game_ops *ops,
                 struct puzzle_set *set, char *err, size_t err_size);

/* Adds word to the comma-separated themes (size bytes), unless it is
 * there already or would not fit. */
void puzzle_theme_add(char *themes, size_t size, const char *word);

/* Why the game is over at pos (the status's reason), or NULL while it
 * goes on. */
const char *puzzle_end_reason(const struct game_ops *ops,
                              const struct game_pos *pos);

/* The moves the solver (the side to move at the start) makes along pz's
 * line: its turns, a TZAAR turn of two sub-moves counting once.  A win in
 * 3 plies of Tetress is 2; a save is 1. */
int puzzle_solver_moves(const struct game_ops *ops, const struct puzzle *pz);

/* Frees the puzzles of set. */
void puzzle_set_free(struct puzzle_set *set);

#endif
