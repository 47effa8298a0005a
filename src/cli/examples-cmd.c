/*
 * `tabula puzzles examples GAME DIR [--games N] [--seed S] [--depth N]`:
 * example games for data/games/ (tabula(6), PUZZLES).  Two engine levels
 * play each other; before every move the engine analyses the position to
 * a fixed depth, the move played is searched one ply less deep (so both
 * scores see equally far), and the move gets its score from the mover's view
 * and the search depth as a comment ("+0.35/8", "#+3/5" for a forced win
 * in 3 plies), plus the engine's choice when it preferred another move
 * ("+0.10/4 engine F3xE4 +0.35/4") when it scored another move higher.  Each
 * game is written as a record.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "core/record.h"
#include "core/rng.h"
#include "core/session.h"
#include "search/alphabeta.h"
#include "play/player.h"
#include "search/search.h"

static const size_t EXAMPLES_HASH_MB = 16;
static const size_t EXAMPLES_MAX_PLIES = 1000;

struct examples_opts {
	const struct game_ops *ops;
	const char *dir;
	int games;
	uint64_t seed;
	int depth;
};

static void
examples_score_text(int score, int depth, char *buf, size_t size)
{
	int plies;
	if (search_score_is_mate(score, &plies))
		snprintf(buf, size, "#%+d/%d", plies, depth);
	else
		snprintf(buf, size, "%+.2f/%d", score / 100.0, depth);
}

static void
examples_analyse(struct alphabeta *ab, const struct game_ops *ops,
                 const struct game_pos *pos, int depth,
                 struct alphabeta_result *res)
{
	struct search_limits lim = {.depth = depth};
	alphabeta_clear(ab);
	alphabeta_run(ab, ops, pos, &lim, NULL, NULL, NULL, res);
}

/* The comment for move m played at pos (see the top of the file). */
static void
examples_comment(struct alphabeta *ab, const struct game_ops *ops,
                 const struct game_pos *pos, game_move m, int depth, char *buf,
                 size_t size)
{
	struct alphabeta_result best;
	examples_analyse(ab, ops, pos, depth, &best);
	if (!best.has_move || best.best == m) {
		examples_score_text(best.score, best.depth, buf, size);
		return;
	}
	struct game_pos after = *pos;
	ops->play(&after, m);
	struct alphabeta_result reply;
	struct game_status st;
	ops->status(&after, &st);
	int score, shown;
	if (st.outcome != OUTCOME_ONGOING) {
		int me = ops->side_to_move(pos);
		bool won = (st.outcome == OUTCOME_P1_WINS && me == 0) ||
		           (st.outcome == OUTCOME_P2_WINS && me == 1);
		bool lost = (st.outcome == OUTCOME_P1_WINS && me == 1) ||
		            (st.outcome == OUTCOME_P2_WINS && me == 0);
		score = won ? SEARCH_WIN - 1 : lost ? -(SEARCH_WIN - 1) : 0;
		shown = 1;
	} else {
		/* One ply less below the move: comparable with best. */
		examples_analyse(ab, ops, &after, depth - 1, &reply);
		bool same = ops->side_to_move(&after) == ops->side_to_move(pos);
		/* A forced result counts one ply more from before the move. */
		score = same ? reply.score : -reply.score;
		int plies;
		if (search_score_is_mate(score, &plies))
			score += score > 0 ? -1 : 1;
		shown = reply.depth + 1;
	}
	char mine[32], theirs[32], text[128];
	examples_score_text(score, shown, mine, sizeof mine);
	if (score >= best.score) { /* as good: nothing to say */
		snprintf(buf, size, "%s", mine);
		return;
	}
	examples_score_text(best.score, best.depth, theirs, sizeof theirs);
	ops->format_move(pos, best.best, text, sizeof text);
	snprintf(buf, size, "%s engine %s %s", mine, text, theirs);
}

/* Plays the game of s between side[0] and side[1] to its end (or
 * EXAMPLES_MAX_PLIES), each move with the engine's comment in meta;
 * false with a message in err. */
static bool
examples_play(const struct examples_opts *o, struct alphabeta *ab,
              struct player *side[2], struct rng *r, struct session *s,
              struct record_meta *meta, char *err, size_t err_size)
{
	const struct game_ops *ops = o->ops;
	bool ok = true;
	while (ok && s->ply < EXAMPLES_MAX_PLIES) {
		const struct game_pos *pos = session_current(s);
		struct game_status st;
		ops->status(pos, &st);
		if (st.outcome != OUTCOME_ONGOING) {
			snprintf(meta->termination, sizeof meta->termination,
			         "%s", st.reason != NULL ? st.reason : "");
			break;
		}
		game_move m;
		ok = player_choose(side[ops->side_to_move(pos)], ops,
		                   &s->positions[0], s->moves, s->ply, pos,
		                   rng_next(r), &m, err, err_size);
		if (!ok)
			break;
		char comment[256];
		examples_comment(ab, ops, pos, m, o->depth, comment,
		                 sizeof comment);
		size_t ply = s->ply;
		ok = session_play(s, m) &&
		     record_meta_set_comment(meta, ply, comment);
	}
	return ok;
}

/* Plays and writes game number index. */
static bool
examples_game(const struct examples_opts *o, int index, struct alphabeta *ab,
              struct player *p1, struct player *p2)
{
	const struct game_ops *ops = o->ops;
	struct rng r;
	rng_seed(&r, o->seed * 1000003ULL + (uint64_t)index);
	struct game_setup setup = {0};
	if (index % 2 == 1 && strcmp(ops->name, "tzaar") == 0)
		setup.seed = rng_next(&r) % 2147483647 + 1;
	struct session s;
	struct record_meta meta;
	if (!session_init(&s, ops, &setup))
		return false;
	record_meta_init(&meta);
	struct player *side[2] = {index % 2 == 0 ? p1 : p2,
	                          index % 2 == 0 ? p2 : p1};
	player_new_game(p1, rng_next(&r));
	player_new_game(p2, rng_next(&r));
	snprintf(meta.setup, sizeof meta.setup, "%s",
	         setup.seed != 0 ? "random" : "standard");
	/* The UI's words, so that opening the record knows the players. */
	who_format(&side[0]->who, meta.player1, sizeof meta.player1);
	who_format(&side[1]->who, meta.player2, sizeof meta.player2);
	char err[512];
	bool ok = examples_play(o, ab, side, &r, &s, &meta, err, sizeof err);
	snprintf(meta.result, sizeof meta.result, "%s",
	         record_result_token(ops, session_current(&s)));
	char path[4096];
	snprintf(path, sizeof path, "%s/%s-%d.rec", o->dir, ops->name,
	         index + 1);
	if (ok && !record_save(path, &s, &meta, err, sizeof err))
		ok = false;
	if (!ok)
		fprintf(stderr, "tabula puzzles: %s\n", err);
	else
		fprintf(stderr, "%s: %zu moves, %s\n", path, s.ply,
		        meta.result);
	record_meta_free(&meta);
	session_free(&s);
	return ok;
}

int
cli_puzzles_examples(const struct game_ops *ops, const char *dir, int games,
                     uint64_t seed, int depth)
{
	struct examples_opts o = {.ops = ops,
	                          .dir = dir,
	                          .games = games,
	                          .seed = seed,
	                          .depth = depth};
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "tabula puzzles: %s: %s\n", dir,
		        strerror(errno));
		return EXIT_FAILURE_RUN;
	}
	struct player strong = {0}, weak = {0};
	char err[512];
	struct alphabeta *ab = alphabeta_new(EXAMPLES_HASH_MB);
	bool ok = ab != NULL &&
	          player_parse(&strong, "level=7", "", err, sizeof err) &&
	          player_parse(&weak, "level=5", "", err, sizeof err) &&
	          player_open(&strong, ops, err, sizeof err) &&
	          player_open(&weak, ops, err, sizeof err);
	if (!ok)
		fprintf(stderr, "tabula puzzles: %s\n",
		        ab == NULL ? "out of memory" : err);
	for (int i = 0; ok && i < games; i++)
		ok = examples_game(&o, i, ab, &strong, &weak);
	player_close(&strong);
	player_close(&weak);
	alphabeta_free(ab);
	return ok ? EXIT_OK : EXIT_FAILURE_RUN;
}
