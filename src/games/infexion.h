/*
 * Infexion (COMP30024, 2023) as the course's official referee plays it: a
 * 7x7 hexagonal torus in axial coordinates (r, q), SPAWN and SPREAD actions,
 * stacks that vanish above power 6, and a result decided by a power lead of
 * at least 2.  RULES in tabula(6) holds every corner case.
 *
 * The position is a 49-byte cell array (one byte per cell: power in the low
 * bits, owner above) plus running totals, so that move generation, the
 * bulk perft count and the evaluation never need to scan the board for
 * sums.  Board views and evaluations read the struct directly through
 * infexion_cpos_of().
 *
 * Bitboards were measured against this array: occupancy per colour and
 * three bit-sliced power planes, where a SPREAD adds 1 to a ray mask in a
 * few word operations.  The Zobrist update still has to visit each changed
 * cell, and over a perft(4) with every leaf played from a move-60 position
 * both did about 34 million moves a second; the array needs no
 * compiler-specific bit-scan, so it stayed.
 */
#ifndef TABULA_GAMES_INFEXION_H
#define TABULA_GAMES_INFEXION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

enum {
	INFEXION_N = 7,                /* cells per side of the torus */
	INFEXION_CELLS = 49,           /* INFEXION_N * INFEXION_N */
	INFEXION_DIRS = 6,             /* hex directions */
	INFEXION_MAX_POWER = 6,        /* a stack above this vanishes */
	INFEXION_MAX_TOTAL_POWER = 49, /* SPAWN needs a board total below */
	INFEXION_MAX_TURNS = 343,      /* actions by both players together */
	INFEXION_WIN_LEAD = 2,         /* power lead needed to win */
	INFEXION_RED = 0,              /* player 1, moves first */
	INFEXION_BLUE = 1,             /* player 2 */
	INFEXION_OWNER_SHIFT = 3,      /* cell byte: owner bit above power */
	INFEXION_POWER_MASK = 7,       /* cell byte: power bits */
	INFEXION_SPAWN_DIR = 0,        /* move direction field of a SPAWN */
	INFEXION_MOVE_CELL_BITS = 6,   /* move: cell index in the low bits */
};

/* Direction vectors (dr, dq) in the referee's enum order. */
extern const int8_t infexion_dir_dr[INFEXION_DIRS];
extern const int8_t infexion_dir_dq[INFEXION_DIRS];

/*
 * A position.  cell[r * 7 + q] is 0 when empty, otherwise
 * power | owner << INFEXION_OWNER_SHIFT.  power[] and stacks[] are the
 * totals per colour, kept in step by play; hash is the Zobrist key of the
 * whole struct (board, side to move, actions played).
 */
struct infexion_pos {
	uint64_t hash;
	uint8_t cell[INFEXION_CELLS];
	uint8_t side;      /* INFEXION_RED or INFEXION_BLUE to move */
	uint8_t stacks[2]; /* occupied cells per colour */
	uint16_t power[2]; /* total power per colour */
	uint16_t turns;    /* actions played by both players */
};

extern const struct game_ops infexion_game;

/* The game's view of a generic position. */
static inline struct infexion_pos *
infexion_pos_of(struct game_pos *pos)
{
	return (struct infexion_pos *)(void *)pos->bytes;
}

/* Read-only view of a generic position. */
static inline const struct infexion_pos *
infexion_cpos_of(const struct game_pos *pos)
{
	return (const struct infexion_pos *)(const void *)pos->bytes;
}

/* Packs a move: dir 0 = SPAWN at cell, dir 1..6 = SPREAD in direction dir-1. */
static inline game_move
infexion_move_make(int cell, int dir)
{
	return (game_move)cell | (game_move)dir << INFEXION_MOVE_CELL_BITS;
}

/* The cell (0..48) a move starts from. */
static inline int
infexion_move_cell(game_move m)
{
	return (int)(m & ((1u << INFEXION_MOVE_CELL_BITS) - 1));
}

/* 0 for SPAWN, 1..6 for SPREAD in direction (value - 1). */
static inline int
infexion_move_dir(game_move m)
{
	return (int)(m >> INFEXION_MOVE_CELL_BITS);
}

/* Power of a cell byte (0 = empty). */
static inline int
infexion_cell_power(uint8_t c)
{
	return c & INFEXION_POWER_MASK;
}

/* Owner of a non-empty cell byte (INFEXION_RED or INFEXION_BLUE). */
static inline int
infexion_cell_owner(uint8_t c)
{
	return c >> INFEXION_OWNER_SHIFT;
}

/* Builds the shared Zobrist and ray tables (once; thread-safe). */
void infexion_tables_ready(void);

/* The empty board, Red to move, no actions played. */
void infexion_pos_clear(struct infexion_pos *p);

/* Sets one cell byte, keeping totals and hash in step (set-up, tests). */
void infexion_set_cell(struct infexion_pos *p, int cell, uint8_t v);

/* Plays a legal move on the game's own struct (copy-make search, perft). */
void infexion_play_move(struct infexion_pos *p, game_move m);

/* Zobrist key computed from scratch (tests compare it with the running one). */
uint64_t infexion_hash_scratch(const struct infexion_pos *p);

/* Number of legal moves without listing them (0 once the game is over). */
int infexion_count_moves(const struct infexion_pos *p);

/* Whether the game is over at p (never before two actions). */
bool infexion_is_over(const struct infexion_pos *p);

/* The cell index reached from cell by steps in direction dir (wrapping). */
int infexion_step(int cell, int dir, int steps);

/* Text forms (games/infexion-text.c), NOTATION and POSITION STRINGS in
 * tabula(6). */
void infexion_text_format_move(const struct game_pos *pos, game_move move,
                               char *buf, size_t size);
bool infexion_text_parse_move(const struct game_pos *pos, const char *text,
                              game_move *move, char *err, size_t err_size);
void infexion_text_format_pos(const struct game_pos *pos, char *buf,
                              size_t size);
bool infexion_text_parse_pos(struct game_pos *pos, const char *text, char *err,
                             size_t err_size);
void infexion_text_render(const struct game_pos *pos, char *buf, size_t size);

/* Puzzle themes of a won line (core/game.h line_themes; infexion-themes.c). */
void infexion_line_themes(const struct game_pos *start, const game_move *line,
                          int len, char *themes, size_t size);

#endif
