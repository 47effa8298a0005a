/*
 * Batch play as a stream (see tetris-stream.h).
 */
#include "config.h"

#include "core/pool.h"
#include "games/tetris-stream.h"

bool
tetris_stream_play(FILE *in, FILE *out, enum tetris_rules rules,
                   const struct tetris_weights *weights, int threads,
                   tetris_stream_progress_fn progress, void *ctx,
                   uint64_t every, uint64_t *pieces)
{
	if (weights == NULL)
		weights = tetris_weights_for(rules);
	struct pool *pool = threads > 1 ? pool_create(threads - 1) : NULL;
	struct tetris_well well;
	tetris_well_clear(&well);
	bool ok = true;
	*pieces = 0;
	int current = getc(in);
	while (current != EOF) {
		int next = getc(in);
		struct tetris_window win = {
		        .current = current % TETRIS_PIECES,
		        .next = next != EOF ? next % TETRIS_PIECES
		                            : TETRIS_NO_PIECE,
		};
		game_move m = tetris_strategy_choose_pooled(&well, win, rules,
		                                            weights, pool);
		tetris_well_drop(&well, win.current, m, rules);
		/* Flushed at once: the answer is out before the next piece
		 * is waited for. */
		if (putc((int)(uint8_t)m, out) == EOF || fflush(out) != 0) {
			ok = false;
			break;
		}
		++*pieces;
		if (progress != NULL && every > 0 && *pieces % every == 0)
			progress(ctx, *pieces);
		current = next;
	}
	if (ok && ferror(in))
		ok = false;
	pool_destroy(pool);
	return ok;
}
