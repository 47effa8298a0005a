/*
 * Tetris batch streams: the first byte picks the rule, the rest is split
 * in two halves, pieces and moves, for the scorer (any bytes: a score or
 * an error naming the piece).  When the first byte's second bit is set,
 * the strategy also plays the first pieces (at most 4: it is slow under
 * the sanitizers) through the streaming batch, and its moves must score.
 */
#include "config.h"

#include <stdio.h>

#include "fuzz.h"
#include "games/tetris-score.h"
#include "games/tetris-stream.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	enum tetris_rules rules =
	        data[0] & 1 ? TETRIS_RULES_REFERENCE : TETRIS_RULES_TEXT;
	const uint8_t *rest = data + 1;
	size_t n = (size - 1) / 2;
	struct tetris_score_result res;
	char err[256];
	if (!tetris_score(rest, n, rest + n, size - 1 - n, rules, &res, err,
	                  sizeof err))
		FUZZ_ASSERT(strncmp(err, "piece ", 6) == 0 ||
		            strstr(err, "piece") != NULL);
	size_t pieces = n < 4 ? n : 4;
	if (pieces == 0 || !(data[0] & 2))
		return 0;
	FILE *in = fmemopen((void *)rest, pieces, "rb");
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	FUZZ_ASSERT(in != NULL && out != NULL);
	uint64_t played;
	FUZZ_ASSERT(tetris_stream_play(in, out, rules, NULL, 1, NULL, NULL, 0,
	                               &played));
	fclose(in);
	fclose(out);
	FUZZ_ASSERT(played == pieces && len == pieces);
	FUZZ_ASSERT(tetris_score(rest, pieces, (const uint8_t *)buf, len, rules,
	                         &res, err, sizeof err));
	free(buf);
	return 0;
}
