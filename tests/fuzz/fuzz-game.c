/*
 * One game's move and position readers (the game is FUZZ_GAME, fixed at
 * build time: one target per game).  The input's lines are a position
 * string (first line, if it parses) then moves, one per line, played in
 * turn; every position that parses must format to text that parses back
 * to the same text, and every move that parses must be legal and format
 * to text that parses back to the same move.
 */
#include "config.h"

#include <stdio.h>

#include "core/registry.h"
#include "core/session.h"
#include "fuzz.h"

#ifndef FUZZ_GAME
#error "FUZZ_GAME names the game"
#endif

static void
fuzz_round_trip_pos(const struct game_ops *ops, const struct game_pos *pos)
{
	char text[GAME_TEXT_MAX], again[GAME_TEXT_MAX], err[256];
	ops->format_pos(pos, text, sizeof text);
	struct game_pos back;
	FUZZ_ASSERT(ops->parse_pos(&back, text, err, sizeof err));
	ops->format_pos(&back, again, sizeof again);
	FUZZ_ASSERT(strcmp(text, again) == 0);
}

static void
fuzz_round_trip_move(const struct game_ops *ops, const struct game_pos *pos,
                     game_move m)
{
	char text[GAME_TEXT_MAX], err[256];
	ops->format_move(pos, m, text, sizeof text);
	game_move back;
	FUZZ_ASSERT(ops->parse_move(pos, text, &back, err, sizeof err));
	FUZZ_ASSERT(back == m);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct game_ops *ops = registry_find(FUZZ_GAME);
	FUZZ_ASSERT(ops != NULL);
	char *text = fuzz_text(data, size);
	if (text == NULL)
		return 0;
	struct session s;
	if (!session_init(&s, ops, NULL)) {
		free(text);
		return 0;
	}
	char err[512];
	char *save = NULL;
	char *line = strtok_r(text, "\n", &save);
	if (line != NULL && session_set_fen(&s, line, err, sizeof err)) {
		fuzz_round_trip_pos(ops, session_current(&s));
		line = strtok_r(NULL, "\n", &save);
	}
	for (int n = 0; line != NULL && n < 64;
	     line = strtok_r(NULL, "\n", &save), n++) {
		const struct game_pos *pos = session_current(&s);
		game_move m;
		if (!ops->parse_move(pos, line, &m, err, sizeof err))
			continue;
		fuzz_round_trip_move(ops, pos, m);
		FUZZ_ASSERT(session_play(&s, m));
		fuzz_round_trip_pos(ops, session_current(&s));
	}
	session_free(&s);
	free(text);
	return 0;
}
