/*
 * Option values as the commands read them: numbers (text_to_long), match
 * player descriptions (player_parse, never starting a program; elo=N is
 * made a level once the game is known), the
 * Tetris scoring rule names.  Whatever is accepted is in range.
 */
#include "config.h"

#include <limits.h>

#include "core/text.h"
#include "fuzz.h"
#include "games/tetris.h"
#include "play/player.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	if (text == NULL)
		return 0;
	long v = -7;
	if (text_to_long(text, -1000, 1000, &v))
		FUZZ_ASSERT(v >= -1000 && v <= 1000);
	else
		FUZZ_ASSERT(v == -7);
	text_to_long(text, LONG_MIN, LONG_MAX, &v);
	char squeezed[64];
	text_squeeze(text, squeezed, sizeof squeezed);
	FUZZ_ASSERT(strlen(squeezed) < sizeof squeezed);
	struct player p;
	char err[512];
	if (player_parse(&p, text, text, err, sizeof err)) {
		FUZZ_ASSERT(p.who.kind == WHO_PROGRAM ||
		            p.who.kind == WHO_AGENT ||
		            p.who.kind == WHO_RANDOM ||
		            p.who.kind == WHO_GREEDY || p.who.lim.depth > 0 ||
		            p.who.lim.nodes > 0 || p.who.lim.movetime_ms > 0 ||
		            p.who.level > 0 || p.who.elo > 0);
		FUZZ_ASSERT(p.who.lim.depth >= 0 && p.who.level >= 0 &&
		            p.who.elo >= 0);
	} else {
		FUZZ_ASSERT(err[0] != '\0');
	}
	enum tetris_rules rules;
	if (tetris_rules_parse(text, &rules))
		FUZZ_ASSERT(rules == TETRIS_RULES_TEXT ||
		            rules == TETRIS_RULES_REFERENCE);
	free(text);
	return 0;
}
