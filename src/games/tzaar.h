/*
 * TZAAR: the position, the move encoding and the board geometry shared by
 * the rules engine (tzaar.c), its text forms (tzaar-text.c), the board
 * tables (tzaar-board.c), and anything above that wants to look inside a
 * TZAAR position (the stats command, a board view, a strong evaluation).
 *
 * The 60 spaces are numbered in the canonical order of POSITION STRINGS in
 * tabula(6): A1..A5, B1..B6, ..., I1..I5, skipping the hole E5.  With this
 * order every line of movement runs through strictly increasing or strictly
 * decreasing indices, so the first stack on a ray is the lowest or the highest
 * set bit of (ray & occupied): no loop over the empty spaces in between.
 */
#ifndef TABULA_GAMES_TZAAR_H
#define TABULA_GAMES_TZAAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

enum {
	TZAAR_CELLS = 60,  /* spaces on the board (61 points minus the hole) */
	TZAAR_COLUMNS = 9, /* A..I */
	TZAAR_DIRS = 6,    /* lines of movement through a space */
	TZAAR_UP_DIRS = 3, /* those along which indices grow */
	TZAAR_TYPES = 3,   /* Tzaar, Tzarra, Tott */
	TZAAR_PIECES = 30, /* pieces per player */
	TZAAR_MAX_HEIGHT = 30 /* a stack can never hold more than one army */
};

enum tzaar_color { TZAAR_WHITE, TZAAR_BLACK };
enum tzaar_type { TZAAR_TZAAR, TZAAR_TZARRA, TZAAR_TOTT };

/* Where a turn stands: White's single-capture opening, the compulsory
 * capture that starts every later turn, or the free second sub-move. */
enum tzaar_phase { TZAAR_OPEN, TZAAR_CAP, TZAAR_SECOND };

/* Why a finished game ended (TZAAR_END_NONE while it goes on). */
enum tzaar_end {
	TZAAR_END_NONE,
	TZAAR_END_TYPE_CAPTURED, /* the loser's last type was captured */
	TZAAR_END_TYPE_BURIED,   /* the loser covered his own last one */
	TZAAR_END_NO_CAPTURE     /* no capture at the start of the turn */
};

/* Sub-move kinds, bits 12..13 of a game_move; bits 0..5 hold the source
 * space and bits 6..11 the target. */
enum tzaar_kind { TZAAR_CAPTURE, TZAAR_STACK, TZAAR_PASS };

#define TZAAR_MOVE(from, to, kind)                                             \
	((game_move)(from) | (game_move)(to) << 6 | (game_move)(kind) << 12)
#define TZAAR_MOVE_FROM(m)    ((int)((m)&63u))
#define TZAAR_MOVE_TO(m)      ((int)(((m) >> 6) & 63u))
#define TZAAR_MOVE_KIND(m)    ((enum tzaar_kind)(((m) >> 12) & 3u))
#define TZAAR_MOVE_PASS_VALUE TZAAR_MOVE(0, 0, TZAAR_PASS)

/* No winner yet, in tzaar_pos.winner. */
#define TZAAR_NO_WINNER 0xFF

/*
 * A position.  own[] and top[][] are bit masks over the 60 spaces; a space
 * is in exactly one top[c][t] when it holds a stack of colour c whose top
 * piece is of type t.  height[] and kind[] are meaningful only on occupied
 * spaces.  winner/end are set by the sub-move that removes or buries a
 * player's last visible type; "no capture" is decided by tzaar_status,
 * since it depends only on the position.
 */
struct tzaar_pos {
	uint64_t own[2];
	uint64_t top[2][TZAAR_TYPES];
	uint64_t hash;
	uint8_t height[TZAAR_CELLS];
	uint8_t kind[TZAAR_CELLS];
	uint8_t side;   /* enum tzaar_color to move */
	uint8_t phase;  /* enum tzaar_phase */
	uint8_t winner; /* enum tzaar_color, or TZAAR_NO_WINNER */
	uint8_t end;    /* enum tzaar_end */
};

/* Precomputed geometry: rays stop at the edge and at the hole. */
struct tzaar_geometry {
	uint64_t ray[TZAAR_CELLS][TZAAR_DIRS]; /* spaces along each line */
	bool ray_up[TZAAR_DIRS];               /* indices grow along the ray */
	uint8_t up_dir[TZAAR_UP_DIRS];         /* the directions with ray_up */
	uint8_t column[TZAAR_CELLS];           /* 0 = A .. 8 = I */
	uint8_t row[TZAAR_CELLS];              /* 1 = bottom */
	int8_t index[TZAAR_COLUMNS][10];       /* [column][row] -> space, -1 */
	uint64_t zobrist[TZAAR_CELLS][2][TZAAR_TYPES][TZAAR_MAX_HEIGHT + 1];
	uint64_t zobrist_turn[2][3]; /* [side][phase] */
};

/* The tables, built once on first use (thread-safe). */
const struct tzaar_geometry *tzaar_geometry(void);

/* Points in column c (0..8): 5,6,7,8,9,8,7,6,5. */
int tzaar_column_size(int column);

/* Space index of a column (0..8) and row (1..), -1 off the board or the hole.
 */
int tzaar_cell_at(int column, int row);

/* Writes a space's name ("F3") into buf (at least 4 bytes). */
void tzaar_cell_name(int cell, char *buf);

/* The TZAAR position inside a generic one. */
static inline struct tzaar_pos *
tzaar_of(struct game_pos *pos)
{
	return (struct tzaar_pos *)(void *)pos->bytes;
}

static inline const struct tzaar_pos *
tzaar_of_const(const struct game_pos *pos)
{
	return (const struct tzaar_pos *)(const void *)pos->bytes;
}

/* Index of the lowest / highest set bit of a nonzero mask. */
static inline int
tzaar_bit_low(uint64_t m)
{
#if defined(__GNUC__)
	return __builtin_ctzll(m);
#else
	int i = 0;
	while (!(m & 1)) {
		m >>= 1;
		i++;
	}
	return i;
#endif
}

static inline int
tzaar_bit_high(uint64_t m)
{
#if defined(__GNUC__)
	return 63 - __builtin_clzll(m);
#else
	int i = 63;
	while (!(m >> 63)) {
		m <<= 1;
		i--;
	}
	return i;
#endif
}

static inline int
tzaar_popcount(uint64_t m)
{
#if defined(__GNUC__)
	return __builtin_popcountll(m);
#else
	int n = 0;
	for (; m; m &= m - 1)
		n++;
	return n;
#endif
}

/* The first stack along ray d from a space, or -1 when the ray is empty
 * (the only stack a stack there can capture or stack onto that way). */
static inline int
tzaar_first_on_ray(const struct tzaar_geometry *g, int from, int d,
                   uint64_t occupied)
{
	uint64_t m = g->ray[from][d] & occupied;
	if (m == 0)
		return -1;
	return g->ray_up[d] ? tzaar_bit_low(m) : tzaar_bit_high(m);
}

/* Recomputes the Zobrist key from scratch (tests compare it with the
 * incrementally kept one). */
uint64_t tzaar_hash_full(const struct tzaar_pos *p);

/* Fills the position from 60 cell codes (0 empty, else colour, type and
 * height as set by tzaar_set_cell), side and phase; derives masks, hash and
 * any finished game.  Returns false (with a reason) for an impossible
 * position. */
bool tzaar_finish_pos(struct tzaar_pos *p, char *err, size_t err_size);

/* Puts a stack on an empty space (no hash update; call tzaar_finish_pos). */
void tzaar_set_cell(struct tzaar_pos *p, int cell, int color, int type,
                    int height);

/* Number of empty spaces. */
int tzaar_empty_cells(const struct tzaar_pos *p);

/* Number of legal sub-moves (captures only at the start of a turn); 0 when
 * the game is over. */
int tzaar_count_moves(const struct tzaar_pos *p);

/* Whether the side to move has a capture. */
bool tzaar_has_capture(const struct tzaar_pos *p);

/* Writes the legal sub-moves, captures first; returns their count. */
int tzaar_gen(const struct tzaar_pos *p, game_move *moves);

/* Plays a legal sub-move. */
void tzaar_play(struct tzaar_pos *p, game_move move);

/* The standard layout as a 60-character board string. */
extern const char TZAAR_STANDARD_BOARD[];

/* Text forms (tzaar-text.c), with the game_ops signatures. */
void tzaar_format_move(const struct game_pos *pos, game_move move, char *buf,
                       size_t size);
bool tzaar_parse_move(const struct game_pos *pos, const char *text,
                      game_move *move, char *err, size_t err_size);
void tzaar_format_pos(const struct game_pos *pos, char *buf, size_t size);
bool tzaar_parse_pos(struct game_pos *pos, const char *text, char *err,
                     size_t err_size);
void tzaar_render_text(const struct game_pos *pos, char *buf, size_t size);

/* Reads a 60-cell board string (the first field of a position string) into
 * p's cells; on failure says which cell is wrong. */
bool tzaar_parse_board(struct tzaar_pos *p, const char *text, size_t *used,
                       char *err, size_t err_size);

/* Puzzle themes of a won line (core/game.h line_themes; tzaar-themes.c). */
void tzaar_line_themes(const struct game_pos *start, const game_move *line,
                       int len, char *themes, size_t size);

#endif
