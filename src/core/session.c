/*
 * Sessions: a start position, the moves played and the position after each
 * one, kept in growing arrays so that undo and history stepping are O(1).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/session.h"

static const size_t SESSION_INITIAL_CAPACITY = 64;

static bool
session_reserve(struct session *s, size_t positions)
{
	if (positions <= s->capacity)
		return true;
	size_t cap = s->capacity ? s->capacity : SESSION_INITIAL_CAPACITY;
	while (cap < positions)
		cap *= 2;
	struct game_pos *p = realloc(s->positions, cap * sizeof *p);
	if (p == NULL)
		return false;
	s->positions = p;
	game_move *m = realloc(s->moves, cap * sizeof *m);
	if (m == NULL)
		return false;
	s->moves = m;
	size_t *f = realloc(s->stream_fed, cap * sizeof *f);
	if (f == NULL)
		return false;
	s->stream_fed = f;
	s->capacity = cap;
	return true;
}

/* Offers positions[ply] stream items until it holds all it may see: the
 * game decides how many that is, the session only keeps the order. */
static void
session_feed(struct session *s, size_t ply, size_t fed)
{
	struct game_pos *pos = &s->positions[ply];
	if (s->ops->reveal != NULL) {
		while (fed < s->stream_len &&
		       s->ops->reveal(pos, s->stream[fed]))
			fed++;
	}
	s->stream_fed[ply] = fed;
}

bool
session_init(struct session *s, const struct game_ops *ops,
             const struct game_setup *setup)
{
	memset(s, 0, sizeof *s);
	s->ops = ops;
	if (setup != NULL)
		s->setup = *setup;
	if (!session_reserve(s, SESSION_INITIAL_CAPACITY)) {
		session_free(s);
		return false;
	}
	ops->init(&s->positions[0], &s->setup);
	s->stream_fed[0] = 0;
	return true;
}

bool
session_copy(struct session *dst, const struct session *src, size_t ply)
{
	if (ply > src->ply)
		ply = src->ply;
	if (!session_init(dst, src->ops, &src->setup))
		return false;
	if (!session_reserve(dst, ply + 1))
		goto fail;
	if (src->stream_len > 0) {
		dst->stream = malloc(src->stream_len * sizeof *dst->stream);
		if (dst->stream == NULL)
			goto fail;
		memcpy(dst->stream, src->stream,
		       src->stream_len * sizeof *dst->stream);
		dst->stream_len = src->stream_len;
	}
	memcpy(dst->positions, src->positions,
	       (ply + 1) * sizeof *dst->positions);
	memcpy(dst->moves, src->moves, ply * sizeof *dst->moves);
	memcpy(dst->stream_fed, src->stream_fed,
	       (ply + 1) * sizeof *dst->stream_fed);
	dst->ply = ply;
	return true;
fail:
	session_free(dst);
	return false;
}

void
session_free(struct session *s)
{
	free(s->positions);
	free(s->moves);
	free(s->stream_fed);
	free(s->stream);
	memset(s, 0, sizeof *s);
}

void
session_swap(struct session *a, struct session *b)
{
	struct session t = *a;
	*a = *b;
	*b = t;
}

void
session_reset(struct session *s)
{
	s->ply = 0;
	s->ops->init(&s->positions[0], &s->setup);
	session_feed(s, 0, 0);
}

bool
session_set_fen(struct session *s, const char *fen, char *err, size_t err_size)
{
	struct game_pos pos;
	if (!s->ops->parse_pos(&pos, fen, err, err_size))
		return false;
	s->ply = 0;
	s->positions[0] = pos;
	session_feed(s, 0, 0);
	return true;
}

bool
session_set_stream(struct session *s, const char *letters, char *err,
                   size_t err_size)
{
	if (s->ops->item_from_char == NULL) {
		snprintf(err, err_size, "%s has no piece stream", s->ops->name);
		return false;
	}
	size_t len = strlen(letters);
	int *items = malloc((len ? len : 1) * sizeof *items);
	if (items == NULL) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	for (size_t i = 0; i < len; i++) {
		items[i] = s->ops->item_from_char(letters[i]);
		if (items[i] < 0) {
			snprintf(err, err_size,
			         "bad piece '%c' at position %zu of the stream",
			         letters[i], i + 1);
			free(items);
			return false;
		}
	}
	free(s->stream);
	s->stream = items;
	s->stream_len = len;
	s->ply = 0;
	session_feed(s, 0, 0);
	return true;
}

const struct game_pos *
session_current(const struct session *s)
{
	return &s->positions[s->ply];
}

bool
session_play(struct session *s, game_move move)
{
	if (!session_reserve(s, s->ply + 2))
		return false;
	struct game_pos *next = &s->positions[s->ply + 1];
	*next = s->positions[s->ply];
	s->ops->play(next, move);
	s->moves[s->ply] = move;
	s->ply++;
	session_feed(s, s->ply, s->stream_fed[s->ply - 1]);
	return true;
}

bool
session_move_legal(const struct game_ops *ops, const struct game_pos *pos,
                   game_move move)
{
	/* Thread-local: records are read and written on several threads
	 * (the UI, a review, the room server's savers). */
	static _Thread_local game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(pos, moves);
	for (int i = 0; i < n; i++)
		if (moves[i] == move)
			return true;
	return false;
}

bool
session_play_text(struct session *s, const char *text, char *err,
                  size_t err_size)
{
	game_move move;
	if (!s->ops->parse_move(session_current(s), text, &move, err, err_size))
		return false;
	if (!session_play(s, move)) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	return true;
}

bool
session_undo(struct session *s)
{
	if (s->ply == 0)
		return false;
	s->ply--;
	return true;
}

void
session_truncate(struct session *s, size_t ply)
{
	if (ply < s->ply)
		s->ply = ply;
}
