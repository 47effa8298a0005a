/*
 * The test games of toygame.h.  Plain and slow on purpose: hashes are
 * computed from scratch, every function checks its input, and legality
 * goes through parse_move like any real game.
 */
#include "config.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "toygame.h"

enum { TOY_MAX_CELLS = 25, TOY_EMPTY = 0, TOY_NIM_DEFAULT = 10 };

struct toy_board {
	int size, k;
	int side;                           /* 0 = x, 1 = o */
	unsigned char cells[TOY_MAX_CELLS]; /* TOY_EMPTY, 1 = x, 2 = o */
};
static_assert(sizeof(struct toy_board) <= GAME_POS_BYTES, "fits");

struct toy_nim {
	int pile, side, sub;
	int winner; /* who took the last stone, once pile is 0 */
};
static_assert(sizeof(struct toy_nim) <= GAME_POS_BYTES, "fits");

static const char TOY_MARKS[] = ".xo";

static uint64_t
toy_mix(uint64_t v)
{
	struct rng r;
	rng_seed(&r, v);
	return rng_next(&r);
}

/* ---- k in a row ---------------------------------------------------- */

static void
toy_board_init(struct game_pos *pos, int size, int k)
{
	memset(pos, 0, sizeof *pos);
	struct toy_board *b = (struct toy_board *)pos->bytes;
	b->size = size;
	b->k = k;
	b->side = 0;
}

static void
toy_ttt3_init(struct game_pos *pos, const struct game_setup *setup)
{
	(void)setup;
	toy_board_init(pos, 3, 3);
}

static void
toy_ttt5_init(struct game_pos *pos, const struct game_setup *setup)
{
	(void)setup;
	toy_board_init(pos, 5, 4);
}

/* Length of the run of mark through (r, c) in direction (dr, dc). */
static int
toy_run(const struct toy_board *b, int r, int c, int dr, int dc, int mark)
{
	int n = 0;
	while (r >= 0 && r < b->size && c >= 0 && c < b->size &&
	       b->cells[r * b->size + c] == mark) {
		n++;
		r += dr;
		c += dc;
	}
	return n;
}

/* The mark (1, 2) with k in a row, or 0. */
static int
toy_winner(const struct toy_board *b)
{
	static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
	for (int i = 0; i < b->size * b->size; i++) {
		int mark = b->cells[i];
		if (mark == TOY_EMPTY)
			continue;
		for (int d = 0; d < 4; d++) {
			if (toy_run(b, i / b->size, i % b->size, dirs[d][0],
			            dirs[d][1], mark) >= b->k)
				return mark;
		}
	}
	return 0;
}

static int
toy_board_cells(const struct toy_board *b)
{
	return b->size * b->size;
}

static bool
toy_board_full(const struct toy_board *b)
{
	for (int i = 0; i < toy_board_cells(b); i++) {
		if (b->cells[i] == TOY_EMPTY)
			return false;
	}
	return true;
}

static void
toy_board_status(const struct game_pos *pos, struct game_status *st)
{
	const struct toy_board *b = (const struct toy_board *)pos->bytes;
	int w = toy_winner(b);
	st->outcome = w == 1              ? OUTCOME_P1_WINS
	              : w == 2            ? OUTCOME_P2_WINS
	              : toy_board_full(b) ? OUTCOME_DRAW
	                                  : OUTCOME_ONGOING;
	st->reason = st->outcome == OUTCOME_ONGOING ? NULL
	             : w != 0                       ? "in a row"
	                                            : "board full";
}

static int
toy_board_gen(const struct game_pos *pos, game_move *moves)
{
	struct game_status st;
	toy_board_status(pos, &st);
	if (st.outcome != OUTCOME_ONGOING)
		return 0;
	const struct toy_board *b = (const struct toy_board *)pos->bytes;
	int n = 0;
	for (int i = 0; i < toy_board_cells(b); i++) {
		if (b->cells[i] == TOY_EMPTY)
			moves[n++] = (game_move)i;
	}
	return n;
}

static void
toy_board_play(struct game_pos *pos, game_move move)
{
	struct toy_board *b = (struct toy_board *)pos->bytes;
	b->cells[move] = (unsigned char)(b->side + 1);
	b->side ^= 1;
}

static int
toy_board_side(const struct game_pos *pos)
{
	return ((const struct toy_board *)pos->bytes)->side;
}

static uint64_t
toy_board_hash(const struct game_pos *pos)
{
	const struct toy_board *b = (const struct toy_board *)pos->bytes;
	uint64_t h = toy_mix((uint64_t)b->side + 1);
	for (int i = 0; i < toy_board_cells(b); i++)
		h ^= toy_mix((uint64_t)(i * 3 + b->cells[i]) << 8);
	return h;
}

/* Lines still open to one side and not the other, weighted by how full
 * they are; from the side to move's view. */
static int
toy_board_eval(const struct game_pos *pos)
{
	const struct toy_board *b = (const struct toy_board *)pos->bytes;
	static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
	int score[3] = {0, 0, 0};
	for (int i = 0; i < toy_board_cells(b); i++) {
		for (int d = 0; d < 4; d++) {
			int count[3] = {0, 0, 0}, r = i / b->size,
			    c = i % b->size;
			int j;
			for (j = 0; j < b->k; j++) {
				int rr = r + j * dirs[d][0],
				    cc = c + j * dirs[d][1];
				if (rr < 0 || rr >= b->size || cc < 0 ||
				    cc >= b->size)
					break;
				count[b->cells[rr * b->size + cc]]++;
			}
			if (j < b->k)
				continue;
			if (count[2] == 0)
				score[1] += count[1] * count[1];
			if (count[1] == 0)
				score[2] += count[2] * count[2];
		}
	}
	int v = score[1] - score[2];
	return b->side == 0 ? v : -v;
}

static void
toy_board_format_move(const struct game_pos *pos, game_move move, char *buf,
                      size_t size)
{
	(void)pos;
	snprintf(buf, size, "%u", (unsigned)move);
}

static bool
toy_board_parse_move(const struct game_pos *pos, const char *text,
                     game_move *move, char *err, size_t err_size)
{
	const struct toy_board *b = (const struct toy_board *)pos->bytes;
	char *end;
	long v = strtol(text, &end, 10);
	if (*text == '\0' || *end != '\0' || v < 0 || v >= toy_board_cells(b)) {
		snprintf(err, err_size, "'%s' is not a cell number", text);
		return false;
	}
	game_move moves[GAME_MAX_MOVES];
	int n = toy_board_gen(pos, moves);
	for (int i = 0; i < n; i++) {
		if (moves[i] == (game_move)v) {
			*move = moves[i];
			return true;
		}
	}
	snprintf(err, err_size, "cell %ld is taken or the game is over", v);
	return false;
}

static void
toy_board_format_pos(const struct game_pos *pos, char *buf, size_t size)
{
	const struct toy_board *b = (const struct toy_board *)pos->bytes;
	char text[TOY_MAX_CELLS + 3];
	int n = toy_board_cells(b);
	for (int i = 0; i < n; i++)
		text[i] = TOY_MARKS[b->cells[i]];
	text[n] = ' ';
	text[n + 1] = TOY_MARKS[b->side + 1];
	text[n + 2] = '\0';
	snprintf(buf, size, "%s", text);
}

static bool
toy_board_parse(struct game_pos *pos, const char *text, int size, int k,
                char *err, size_t err_size)
{
	struct game_pos p;
	toy_board_init(&p, size, k);
	struct toy_board *b = (struct toy_board *)p.bytes;
	int n = size * size;
	if ((int)strlen(text) != n + 2 || text[n] != ' ') {
		snprintf(err, err_size, "want %d cells, a space and a side", n);
		return false;
	}
	for (int i = 0; i <= n + 1; i++) {
		if (i == n)
			continue;
		const char *m = strchr(TOY_MARKS, text[i]);
		if (m == NULL || text[i] == '\0' ||
		    (i == n + 1 && m == TOY_MARKS)) {
			snprintf(err, err_size, "bad character at %d", i);
			return false;
		}
		if (i < n)
			b->cells[i] = (unsigned char)(m - TOY_MARKS);
		else
			b->side = (int)(m - TOY_MARKS) - 1;
	}
	*pos = p;
	return true;
}

static bool
toy_ttt3_parse_pos(struct game_pos *pos, const char *text, char *err,
                   size_t err_size)
{
	return toy_board_parse(pos, text, 3, 3, err, err_size);
}

static bool
toy_ttt5_parse_pos(struct game_pos *pos, const char *text, char *err,
                   size_t err_size)
{
	return toy_board_parse(pos, text, 5, 4, err, err_size);
}

static void
toy_board_render(const struct game_pos *pos, char *buf, size_t size)
{
	const struct toy_board *b = (const struct toy_board *)pos->bytes;
	size_t used = 0;
	buf[0] = '\0';
	for (int r = 0; r < b->size && used < size; r++) {
		for (int c = 0; c < b->size && used + 2 < size; c++)
			buf[used++] = TOY_MARKS[b->cells[r * b->size + c]];
		if (used + 1 < size)
			buf[used++] = '\n';
		buf[used] = '\0';
	}
}

#define TOY_BOARD_OPS                                                          \
	.players = 2, .side_names = {"X", "O"}, .side_letters = "xo",          \
	.pos_size = sizeof(struct toy_board), .gen_moves = toy_board_gen,      \
	.play = toy_board_play, .status = toy_board_status,                    \
	.side_to_move = toy_board_side, .hash = toy_board_hash,                \
	.evaluate = toy_board_eval, .format_move = toy_board_format_move,      \
	.parse_move = toy_board_parse_move,                                    \
	.format_pos = toy_board_format_pos, .render_text = toy_board_render

const struct game_ops toy_ttt3 = {
        .name = "ttt3",
        .title = "Tic-tac-toe",
        .init = toy_ttt3_init,
        .parse_pos = toy_ttt3_parse_pos,
        TOY_BOARD_OPS,
};

const struct game_ops toy_ttt5 = {
        .name = "ttt5",
        .title = "Four in a row on 5x5",
        .init = toy_ttt5_init,
        .parse_pos = toy_ttt5_parse_pos,
        TOY_BOARD_OPS,
};

/* ---- double nim ---------------------------------------------------- */

static void
toy_nim_init(struct game_pos *pos, const struct game_setup *setup)
{
	memset(pos, 0, sizeof *pos);
	struct toy_nim *n = (struct toy_nim *)pos->bytes;
	n->pile = setup != NULL && setup->seed > 0 ? (int)setup->seed
	                                           : TOY_NIM_DEFAULT;
}

static void
toy_nim_status(const struct game_pos *pos, struct game_status *st)
{
	const struct toy_nim *n = (const struct toy_nim *)pos->bytes;
	if (n->pile > 0) {
		st->outcome = OUTCOME_ONGOING;
		st->reason = NULL;
		return;
	}
	st->outcome = n->winner == 0 ? OUTCOME_P1_WINS : OUTCOME_P2_WINS;
	st->reason = "last stone";
}

static int
toy_nim_gen(const struct game_pos *pos, game_move *moves)
{
	const struct toy_nim *n = (const struct toy_nim *)pos->bytes;
	int count = 0;
	if (n->pile <= 0)
		return 0;
	if (n->sub == 1)
		moves[count++] = 0;
	for (int take = 1; take <= 2 && take <= n->pile; take++)
		moves[count++] = (game_move)take;
	return count;
}

static void
toy_nim_play(struct game_pos *pos, game_move move)
{
	struct toy_nim *n = (struct toy_nim *)pos->bytes;
	n->pile -= (int)move;
	if (n->pile == 0)
		n->winner = n->side;
	if (n->sub == 0) {
		n->sub = 1;
	} else {
		n->sub = 0;
		n->side ^= 1;
	}
}

static int
toy_nim_side(const struct game_pos *pos)
{
	return ((const struct toy_nim *)pos->bytes)->side;
}

static uint64_t
toy_nim_hash(const struct game_pos *pos)
{
	const struct toy_nim *n = (const struct toy_nim *)pos->bytes;
	return toy_mix(((uint64_t)n->pile << 4) | (uint64_t)(n->side << 1) |
	               (uint64_t)n->sub);
}

static int
toy_nim_eval(const struct game_pos *pos)
{
	(void)pos;
	return 0;
}

static bool
toy_nim_parse_move(const struct game_pos *pos, const char *text,
                   game_move *move, char *err, size_t err_size)
{
	game_move moves[GAME_MAX_MOVES];
	int n = toy_nim_gen(pos, moves);
	for (int i = 0; i < n; i++) {
		char want[8];
		snprintf(want, sizeof want, "%u", (unsigned)moves[i]);
		if (strcmp(want, text) == 0) {
			*move = moves[i];
			return true;
		}
	}
	snprintf(err, err_size, "'%s' is not a legal take here", text);
	return false;
}

static void
toy_nim_format_pos(const struct game_pos *pos, char *buf, size_t size)
{
	const struct toy_nim *n = (const struct toy_nim *)pos->bytes;
	snprintf(buf, size, "%d %c %d", n->pile, TOY_MARKS[n->side + 1],
	         n->sub);
}

static bool
toy_nim_parse_pos(struct game_pos *pos, const char *text, char *err,
                  size_t err_size)
{
	int pile, sub;
	char side;
	if (sscanf(text, "%d %c %d", &pile, &side, &sub) != 3 || pile < 0 ||
	    (side != 'x' && side != 'o') || (sub != 0 && sub != 1)) {
		snprintf(err, err_size, "want '<pile> <x|o> <0|1>'");
		return false;
	}
	memset(pos, 0, sizeof *pos);
	struct toy_nim *n = (struct toy_nim *)pos->bytes;
	n->pile = pile;
	n->side = side == 'x' ? 0 : 1;
	n->sub = sub;
	/* A finished game's winner: who took the last stone, the side that
	 * moved last (the side to move after a first sub-move). */
	n->winner = sub == 1 ? n->side : n->side ^ 1;
	return true;
}

static void
toy_nim_render(const struct game_pos *pos, char *buf, size_t size)
{
	toy_nim_format_pos(pos, buf, size);
	strncat(buf, "\n", size - strlen(buf) - 1);
}

const struct game_ops toy_nim2 = {
        .name = "nim2",
        .title = "Double nim",
        .players = 2,
        .side_names = {"X", "O"},
        .side_letters = "xo",
        .pos_size = sizeof(struct toy_nim),
        .init = toy_nim_init,
        .gen_moves = toy_nim_gen,
        .play = toy_nim_play,
        .status = toy_nim_status,
        .side_to_move = toy_nim_side,
        .hash = toy_nim_hash,
        .evaluate = toy_nim_eval,
        .format_move = toy_board_format_move,
        .parse_move = toy_nim_parse_move,
        .format_pos = toy_nim_format_pos,
        .parse_pos = toy_nim_parse_pos,
        .render_text = toy_nim_render,
};
