/*
 * Iterative deepening negamax alpha-beta, game-agnostic.
 *
 * Each iteration searches the root moves to one more ply.  With MultiPV K
 * the root is searched K times, line k taking the best of the moves the
 * lines before it left.  Inner nodes use principal-variation search: the
 * first move gets the full window, the others a null window and a
 * re-search only when they might be better.  Moves are ordered: the
 * transposition table's move, then moves the game calls noisy (captures,
 * line clears), then the two killer moves of the ply, then the rest by
 * history.
 *
 * A game may give the same player two plies in a row (TZAAR sub-moves), so
 * negation happens only when the side to move changes (ab_child).  Forced
 * results score SEARCH_WIN - plies from the root, so the search prefers
 * the fastest win and the slowest loss.
 *
 * In endgames a proof-number search runs before the iterations, and near
 * the end it checks each iteration's best move (search/ab-endgame.c); a
 * move it refuted scores its proven loss at the root without a search.
 *
 * Determinism: nothing here reads the clock to make a decision unless a
 * time limit was given, and the node limit is checked at every node, so a
 * depth- or node-limited search from the same table gives the same result.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/rng.h"
#include "search/ab-internal.h"
#include "search/timectl.h"

static const int AB_INFINITY = SEARCH_WIN + 1;
static const int AB_DRAW_SCORE = 0;
/* Static evaluations are clamped well inside the forced-result range. */
static const int AB_EVAL_LIMIT = SEARCH_WIN / 2;

/* Move-ordering ranks, from the first tried to the last. */
static const int64_t AB_ORDER_HASH = INT64_C(1) << 30;
static const int64_t AB_ORDER_NOISY = INT64_C(1) << 29;
static const int64_t AB_ORDER_KILLER = INT64_C(1) << 28;
static const int32_t AB_HISTORY_MAX = 1 << 24;
static const int64_t AB_ORDER_BIAS = INT64_C(1) << 31;

/* Late move reductions by one ply from this depth and move on... */
static const int AB_LMR_MIN_DEPTH = 3;
static const int AB_LMR_MIN_INDEX = 4;
/* Noisy moves (captures) only from this move on, by one ply: in games
 * where most moves are captures (TZAAR) they are the bulk of the tree. */
static const int AB_LMR_NOISY_INDEX = 8;
/* ...and quiet ones by two plies from this depth and move on. */
static const int AB_LMR_DEEP_DEPTH = 4;
static const int AB_LMR_DEEP_INDEX = 12;

/* Aspiration windows start this wide around the last score... */
static const int AB_ASPIRATION_DELTA = 50;
/* ...from this depth on, and grow this many times on each failure. */
static const int AB_ASPIRATION_MIN_DEPTH = 4;
static const int AB_ASPIRATION_GROWTH = 3;

/* The clock and the stop flag are looked at every this many nodes + 1. */
static const uint64_t AB_CHECK_MASK = 255;
/* A forced move (one legal move) searches until this share of the soft
 * time (the endgame solver takes at most a third). */
static const int64_t AB_FORCED_SHARE = 2;

/* With several threads, a node's moves other than the first are left for
 * last while another thread searches them, from this depth on and up to
 * this many moves per node. */
enum { AB_DEFER_MIN_DEPTH = 3, AB_DEFER_MAX = 64 };

/* Interval of the reports made while an iteration runs. */
static const int64_t AB_REPORT_MS = 1000;

static const int64_t AB_MS_PER_S = 1000;

static int ab_search(struct alphabeta *ab, const struct game_pos *pos,
                     int depth, int ply, int alpha, int beta, bool pv_node);

struct alphabeta *
alphabeta_new(size_t hash_mb)
{
	struct alphabeta *ab = calloc(1, sizeof *ab);
	if (ab == NULL)
		return NULL;
	if (!tt_init(&ab->table, hash_mb)) {
		free(ab);
		return NULL;
	}
	ab->tt = &ab->table;
	return ab;
}

void
alphabeta_free(struct alphabeta *ab)
{
	if (ab == NULL)
		return;
	ab_smp_free(ab->smp);
	tt_free(&ab->table);
	pns_free(&ab->pns);
	free(ab);
}

bool
alphabeta_set_hash(struct alphabeta *ab, size_t hash_mb)
{
	struct tt fresh;
	if (!tt_init(&fresh, hash_mb))
		return false;
	tt_free(&ab->table);
	ab->table = fresh;
	return true;
}

void
alphabeta_clear(struct alphabeta *ab)
{
	tt_clear(&ab->table);
}

bool
alphabeta_set_threads(struct alphabeta *ab, int threads)
{
	return ab_smp_set_threads(ab, threads);
}

int64_t
ab_elapsed_ms(const struct alphabeta *ab)
{
	return clock_now_ms() - ab->start_ms;
}

/* The nodes of the search so far: this thread's and, for the main thread,
 * what its helpers last published. */
uint64_t
ab_nodes_all(const struct alphabeta *ab)
{
	bool parallel = ab->smp != NULL && ab->shared != NULL;
	return ab->nodes + (parallel ? ab_smp_nodes(ab->smp) : 0);
}

void
ab_report_line(struct alphabeta *ab, const struct ab_line *line, int multipv,
               int depth, int seldepth)
{
	if (ab->report == NULL)
		return;
	struct search_info info = {0};
	info.depth = depth;
	info.seldepth = seldepth;
	info.multipv = multipv;
	info.score = line->score;
	info.bound = line->bound;
	info.nodes = ab_nodes_all(ab);
	info.time_ms = ab_elapsed_ms(ab);
	info.nps = info.time_ms > 0 ? info.nodes * (uint64_t)AB_MS_PER_S /
	                                      (uint64_t)info.time_ms
	                            : 0;
	info.pv_len = line->pv_len;
	memcpy(info.pv, line->pv, sizeof(game_move) * (size_t)line->pv_len);
	ab->report(ab->report_ctx, &info);
}

/* The score shown for line k of the last completed iteration: the mean of
 * its score and that of line k one iteration before, when both are exact
 * and neither is a forced result.  Whoever moves last before the horizon
 * gains a move's worth the evaluation's tempo only estimates, so scores
 * of odd and even depths differ by a bias of alternating sign; a search
 * ending at either parity (a node or time limit, moves of different
 * sizes of tree) made review graphs a sawtooth.  The mean of two
 * consecutive depths cancels that bias (man page "The search"). */
static int
ab_shown_score(const struct alphabeta *ab, int k)
{
	const struct ab_line *now = &ab->done_lines[k];
	if (k >= ab->prev_count || now->bound != BOUND_EXACT ||
	    ab_is_win_score(now->score))
		return now->score;
	const struct ab_line *before = &ab->prev_lines[k];
	if (before->bound != BOUND_EXACT || ab_is_win_score(before->score))
		return now->score;
	return (now->score + before->score) / 2;
}

/* Reports line k of the last completed iteration with its shown score. */
static void
ab_report_done(struct alphabeta *ab, int k, int depth)
{
	struct ab_line shown = ab->done_lines[k];
	shown.score = ab_shown_score(ab, k);
	ab_report_line(ab, &shown, k + 1, depth, ab->seldepth);
}

/* The last completed lines become the ones before the next. */
static void
ab_keep_previous(struct alphabeta *ab, int lines)
{
	memcpy(ab->prev_lines, ab->done_lines, sizeof ab->done_lines);
	ab->prev_count = ab->done_depth > 0 ? lines : 0;
}

/* The report made while an iteration runs: the last completed lines with
 * the counters of now. */
static void
ab_report_progress(struct alphabeta *ab)
{
	int depth = ab->done_depth > 0 ? ab->done_depth : ab->depth;
	int lines = ab->done_depth > 0 ? ab->lines_wanted : 0;
	for (int k = 0; k < lines; k++)
		ab_report_done(ab, k, depth);
}

/* Whether to abandon the search now; looks at the clock only when a time
 * limit exists, so that depth and node limits stay deterministic. */
static bool
ab_should_abort(struct alphabeta *ab)
{
	if (ab->aborted)
		return true;
	if (ab->stop != NULL &&
	    atomic_load_explicit(ab->stop, memory_order_relaxed))
		return ab->aborted = true;
	if (ab->shared != NULL && ab_smp_finished(ab->shared))
		return ab->aborted = true;
	if (ab->leave != NULL &&
	    atomic_load_explicit(ab->leave, memory_order_relaxed))
		return ab->aborted = true;
	/* A weak level (eval_noise) finishes its first iteration whatever
	 * its node budget, or it would play the best of the few moves it
	 * looked at: TZAAR's level 1 then played as a greedy player. */
	if (ab->lim.nodes > 0 && ab->nodes >= ab->lim.nodes &&
	    (ab->done_depth > 0 || ab->lim.eval_noise <= 0))
		return ab->aborted = true;
	if ((ab->nodes & AB_CHECK_MASK) != 0)
		return false;
	atomic_store_explicit(&ab->nodes_seen, ab->nodes, memory_order_relaxed);
	int64_t now = ab_elapsed_ms(ab);
	if (ab->plan.hard_ms > 0 && now >= ab->plan.hard_ms)
		return ab->aborted = true;
	if (ab_unchecked_at_end(ab, now))
		return ab->aborted = true;
	if (now >= ab->next_report_ms) {
		ab->next_report_ms = now + AB_REPORT_MS;
		ab_report_progress(ab);
	}
	return false;
}

static int
ab_terminal_score(const struct alphabeta *ab, const struct game_pos *pos,
                  const struct game_status *st, int ply)
{
	int winner;
	if (st->outcome == OUTCOME_P1_WINS)
		winner = 0;
	else if (st->outcome == OUTCOME_P2_WINS)
		winner = 1;
	else
		return AB_DRAW_SCORE;
	int win = SEARCH_WIN - ply;
	return winner == ab->ops->side_to_move(pos) ? win : -win;
}

/* A weak level's misjudgement of pos: in -eval_noise..eval_noise, more
 * often small than large (the sum of two uniform draws), and the same for
 * the same position and seed. */
static int
ab_noise(const struct alphabeta *ab, const struct game_pos *pos)
{
	struct rng r;
	rng_seed(&r, ab->ops->hash(pos) ^ ab->lim.noise_seed);
	int64_t span = 2 * (int64_t)ab->lim.eval_noise + 1;
	int64_t a = (int64_t)rng_below(&r, (uint32_t)span);
	int64_t b = (int64_t)rng_below(&r, (uint32_t)span);
	return (int)((a + b) / 2 - ab->lim.eval_noise);
}

/* The transposition table's key of pos.  A weak level's scores carry its
 * noise: its keys differ from those of exact searches, which share the
 * table in the terminal UI, so neither reads the other's scores. */
static uint64_t
ab_key(const struct alphabeta *ab, const struct game_pos *pos)
{
	uint64_t key = ab->ops->hash(pos);
	return ab->lim.eval_noise > 0 ? key ^ (ab->lim.noise_seed | 1) : key;
}

static int
ab_evaluate(const struct alphabeta *ab, const struct game_pos *pos)
{
	if (ab->ops->evaluate == NULL)
		return AB_DRAW_SCORE;
	int v = ab->ops->evaluate(pos);
	if (ab->lim.eval_noise > 0)
		v += ab_noise(ab, pos);
	if (v > AB_EVAL_LIMIT)
		return AB_EVAL_LIMIT;
	if (v < -AB_EVAL_LIMIT)
		return -AB_EVAL_LIMIT;
	return v;
}

/* Searches child (reached from a position where parent_side moved) and
 * returns its score from the parent's view: negated only when the side to
 * move changed. */
static int
ab_child(struct alphabeta *ab, int parent_side, const struct game_pos *child,
         int depth, int ply, int alpha, int beta, bool pv_node)
{
	if (ab->ops->side_to_move(child) == parent_side)
		return ab_search(ab, child, depth - 1, ply + 1, alpha, beta,
		                 pv_node);
	return -ab_search(ab, child, depth - 1, ply + 1, -beta, -alpha,
	                  pv_node);
}

static unsigned
ab_history_slot(game_move move)
{
	return (unsigned)((move * UINT32_C(2654435761)) >>
	                  (32 - AB_HISTORY_BITS));
}

static bool
ab_is_noisy(const struct alphabeta *ab, const struct game_pos *pos,
            game_move move)
{
	return ab->ops->is_noisy != NULL && ab->ops->is_noisy(pos, move);
}

/* Sort keys: rank in the high half, the move's index (inverted, so that
 * ties keep generation order) in the low half. */
static void
ab_order(struct alphabeta *ab, const struct game_pos *pos, int ply,
         const game_move *moves, int n, bool has_hash, game_move hash_move)
{
	int side = ab->ops->side_to_move(pos) & 1;
	uint64_t *keys = ab->keys[ply];
	for (int i = 0; i < n; i++) {
		game_move m = moves[i];
		int64_t rank;
		if (has_hash && m == hash_move)
			rank = AB_ORDER_HASH;
		else if (ab_is_noisy(ab, pos, m))
			rank = AB_ORDER_NOISY +
			       (ab->ops->caps.reduce_late
			                ? ab->history[side][ab_history_slot(m)]
			                : 0);
		else if (ab->killers[ply][0] == (int64_t)m)
			rank = AB_ORDER_KILLER + 1;
		else if (ab->killers[ply][1] == (int64_t)m)
			rank = AB_ORDER_KILLER;
		else
			rank = ab->history[side][ab_history_slot(m)];
		keys[i] = ((uint64_t)(rank + AB_ORDER_BIAS) << 32) |
		          (uint64_t)(UINT32_MAX - (uint32_t)i);
	}
}

static int
ab_key_compare(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? 1 : x > y ? -1 : 0;
}

/* The index of the next move to try: a scan for the first few, then one
 * sort of the rest. */
static int
ab_pick(uint64_t *keys, int n, int next)
{
	if (next < AB_PICK_SCAN) {
		int best = next;
		for (int i = next + 1; i < n; i++) {
			if (keys[i] > keys[best])
				best = i;
		}
		uint64_t t = keys[next];
		keys[next] = keys[best];
		keys[best] = t;
	} else if (next == AB_PICK_SCAN) {
		qsort(keys + next, (size_t)(n - next), sizeof *keys,
		      ab_key_compare);
	}
	return (int)(UINT32_MAX - (uint32_t)(keys[next] & UINT32_MAX));
}

static void
ab_reward(struct alphabeta *ab, const struct game_pos *pos, int ply,
          game_move move, int depth)
{
	/* Noisy moves are tried early anyway: no killer slot for them, but
	 * where the game asks for it history orders them among themselves. */
	bool noisy = ab_is_noisy(ab, pos, move);
	if (noisy && !ab->ops->caps.reduce_late)
		return;
	if (!noisy && ab->killers[ply][0] != (int64_t)move) {
		ab->killers[ply][1] = ab->killers[ply][0];
		ab->killers[ply][0] = (int64_t)move;
	}
	int side = ab->ops->side_to_move(pos) & 1;
	int32_t *h = &ab->history[side][ab_history_slot(move)];
	*h += depth * depth;
	if (*h > AB_HISTORY_MAX) {
		for (int i = 0; i < AB_HISTORY_SIZE; i++)
			ab->history[side][i] /= 2;
	}
}

static void
ab_update_pv(struct alphabeta *ab, int ply, game_move move)
{
	ab->pv[ply][0] = move;
	int len = ab->pv_len[ply + 1];
	if (len > SEARCH_MAX_PV - 1)
		len = SEARCH_MAX_PV - 1;
	memcpy(&ab->pv[ply][1], ab->pv[ply + 1],
	       sizeof(game_move) * (size_t)len);
	ab->pv_len[ply] = len + 1;
}

/* A cutoff from the table, or false to search the node. */
static bool
ab_tt_cutoff(const struct tt_entry *e, int depth, int alpha, int beta,
             int *score)
{
	if (e->depth < depth)
		return false;
	if (e->bound == BOUND_EXACT ||
	    (e->bound == BOUND_LOWER && e->score >= beta) ||
	    (e->bound == BOUND_UPPER && e->score <= alpha)) {
		*score = e->score;
		return true;
	}
	return false;
}

/* A move's score by principal-variation search: the full window for the
 * first move, a null window for the others, re-searched in a PV node when
 * the move may be better than alpha. */
static int
ab_pvs(struct alphabeta *ab, int side, const struct game_pos *child, int depth,
       int ply, int alpha, int beta, bool first, bool pv_node)
{
	if (first)
		return ab_child(ab, side, child, depth, ply, alpha, beta,
		                pv_node);
	int score =
	        ab_child(ab, side, child, depth, ply, alpha, alpha + 1, false);
	if (pv_node && score > alpha && score < beta)
		score = ab_child(ab, side, child, depth, ply, alpha, beta,
		                 true);
	return score;
}

/* Whether late moves at a node may be reduced at all: in games that ask
 * for it (game_caps.reduce_late), with depth to spare, and not where the
 * game calls the position tense (game_ops.tense).  Asked once per node. */
static bool
ab_node_reducible(const struct alphabeta *ab, const struct game_pos *pos,
                  int depth)
{
	return ab->ops->caps.reduce_late && depth >= AB_LMR_MIN_DEPTH &&
	       (ab->ops->tense == NULL || !ab->ops->tense(pos));
}

/* Late move reductions at a reducible node: a move (not a killer) tried
 * late is first searched shallower with a null window, and again at full
 * depth only if it might raise alpha; noisy moves later and less. Returns
 * the plies to take off (0: none). */
static int
ab_reduction(const struct alphabeta *ab, const struct game_pos *pos, int ply,
             game_move m, int depth, int index)
{
	if (index < AB_LMR_MIN_INDEX || ab->killers[ply][0] == (int64_t)m ||
	    ab->killers[ply][1] == (int64_t)m)
		return 0;
	if (ab_is_noisy(ab, pos, m))
		return index >= AB_LMR_NOISY_INDEX ? 1 : 0;
	if (depth >= AB_LMR_DEEP_DEPTH && index >= AB_LMR_DEEP_INDEX)
		return 2;
	return 1;
}

/* The moves of a node being searched: its window, the best so far. */
struct ab_node {
	const struct game_pos *pos;
	int side, depth, ply, alpha, beta;
	bool pv_node, reducible;
	int best;
	game_move best_move;
};

/* The score of the i-th move tried at node, reduced first if it is late. */
static int
ab_move(struct alphabeta *ab, const struct ab_node *node,
        const struct game_pos *child, game_move m, int i)
{
	int alpha = node->alpha, depth = node->depth, ply = node->ply;
	int score = alpha + 1;
	int r = node->reducible ? ab_reduction(ab, node->pos, ply, m, depth, i)
	                        : 0;
	if (r > 0)
		score = ab_child(ab, node->side, child, depth - r, ply, alpha,
		                 alpha + 1, false);
	if (score > alpha)
		score = ab_pvs(ab, node->side, child, depth, ply, alpha,
		               node->beta, i == 0, node->pv_node);
	return score;
}

/* Takes a move's score into node; true on a cutoff. */
static bool
ab_take(struct alphabeta *ab, struct ab_node *node, game_move m, int score)
{
	if (score <= node->best)
		return false;
	node->best = score;
	node->best_move = m;
	if (score <= node->alpha)
		return false;
	node->alpha = score;
	ab_update_pv(ab, node->ply, m);
	if (score < node->beta)
		return false;
	ab_reward(ab, node->pos, node->ply, m, node->depth);
	return true;
}

/* Whether another thread is searching child, which is then better left
 * for last (ABDADA's deferral: the threads of a parallel search spread
 * over a node's moves instead of all searching the same one); if not,
 * child is marked as being searched (*entered). */
static bool
ab_defer(struct alphabeta *ab, const struct ab_node *node,
         const struct game_pos *child, int i, uint64_t *key, bool *entered)
{
	*entered = false;
	if (ab->shared == NULL || i == 0 || node->depth < AB_DEFER_MIN_DEPTH)
		return false;
	*key = ab->ops->hash(child);
	*entered = ab_smp_busy_enter(ab->shared, *key);
	return !*entered;
}

/* Searches moves of a node after ordering, fail-soft; moves deferred
 * while another thread searches them come last. */
static int
ab_moves(struct alphabeta *ab, struct ab_node *node, int n)
{
	game_move deferred[AB_DEFER_MAX];
	int deferred_index[AB_DEFER_MAX], nd = 0;
	for (int i = 0; i < n; i++) {
		int ply = node->ply;
		game_move m = ab->moves[ply][ab_pick(ab->keys[ply], n, i)];
		struct game_pos child = *node->pos;
		ab->ops->play(&child, m);
		uint64_t key = 0;
		bool entered = false;
		if (nd < AB_DEFER_MAX &&
		    ab_defer(ab, node, &child, i, &key, &entered)) {
			deferred[nd] = m;
			deferred_index[nd++] = i;
			continue;
		}
		int score = ab_move(ab, node, &child, m, i);
		if (entered)
			ab_smp_busy_leave(ab->shared, key);
		if (ab->aborted)
			return 0;
		if (ab_take(ab, node, m, score))
			return node->best;
	}
	for (int j = 0; j < nd; j++) {
		struct game_pos child = *node->pos;
		ab->ops->play(&child, deferred[j]);
		int score = ab_move(ab, node, &child, deferred[j],
		                    deferred_index[j]);
		if (ab->aborted)
			return 0;
		if (ab_take(ab, node, deferred[j], score))
			break;
	}
	return node->best;
}

static int
ab_search(struct alphabeta *ab, const struct game_pos *pos, int depth, int ply,
          int alpha, int beta, bool pv_node)
{
	ab->pv_len[ply] = 0;
	if (ab_should_abort(ab))
		return 0;
	ab->nodes++;
	if (ply > ab->seldepth)
		ab->seldepth = ply;
	struct game_status st;
	ab->ops->status(pos, &st);
	if (st.outcome != OUTCOME_ONGOING)
		return ab_terminal_score(ab, pos, &st, ply);
	if (depth <= 0 || ply >= AB_MAX_PLY - 1)
		return ab_evaluate(ab, pos);

	uint64_t key = ab_key(ab, pos);
	struct tt_entry e;
	bool hit = tt_probe(ab->tt, key, ply, &e);
	int score;
	if (hit && !pv_node && ab_tt_cutoff(&e, depth, alpha, beta, &score))
		return score;
	int n = ab->ops->gen_moves(pos, ab->moves[ply]);
	if (n == 0)
		return ab_evaluate(ab, pos);
	ab_order(ab, pos, ply, ab->moves[ply], n, hit && e.has_move, e.move);

	int alpha0 = alpha;
	struct ab_node node = {
	        .pos = pos,
	        .side = ab->ops->side_to_move(pos),
	        .depth = depth,
	        .ply = ply,
	        .alpha = alpha,
	        .beta = beta,
	        .pv_node = pv_node,
	        .reducible = ab_node_reducible(ab, pos, depth),
	        .best = -AB_INFINITY,
	        .best_move = ab->moves[ply][0],
	};
	int best = ab_moves(ab, &node, n);
	game_move best_move = node.best_move;
	if (ab->aborted)
		return 0;
	enum search_bound bound = best >= beta    ? BOUND_LOWER
	                          : best > alpha0 ? BOUND_EXACT
	                                          : BOUND_UPPER;
	tt_store(ab->tt, key, ply, depth, best, bound, best_move, true);
	return best;
}

/* Puts move's line (move, then ab's line below the root) in line. */
void
ab_root_line(struct alphabeta *ab, game_move move, int score,
             enum search_bound bound, struct ab_line *line)
{
	ab_update_pv(ab, 0, move);
	line->pv_len = ab->pv_len[0];
	memcpy(line->pv, ab->pv[0], sizeof(game_move) * (size_t)line->pv_len);
	line->score = score;
	line->bound = bound;
}

/* The score of root move move at depth, searched by ab (whose root is the
 * main search's): lost_plies >= 0 is the loss the solver proved after it,
 * else principal-variation search (the whole window for the first move of
 * a line, else a null window first). */
int
ab_root_move(struct alphabeta *ab, game_move move, int lost_plies, int depth,
             int alpha, int beta, bool first)
{
	if (lost_plies >= 0) {
		ab->pv_len[1] = 0; /* its line is the move alone */
		return -(SEARCH_WIN - lost_plies);
	}
	struct game_pos child = ab->root;
	ab->ops->play(&child, move);
	int side = ab->ops->side_to_move(&ab->root);
	return ab_pvs(ab, side, &child, depth, 0, alpha, beta, first, true);
}

/* The root split of the search running, if it splits the root. */
static struct ab_split *
ab_root_split(const struct alphabeta *ab)
{
	if (ab->smp == NULL || ab->shared == NULL)
		return NULL;
	return ab_smp_split(ab->smp);
}

/* The first move searched, the threads search the others together; their
 * result is taken as if this thread had searched them.  An unfinished
 * split stops the search, but a move it finished that beat alpha counts,
 * as a move that beat alpha before a stop does on one thread. */
static void
ab_root_join(struct alphabeta *ab, struct ab_split *sp, int first, int *alpha,
             int beta, int *best, int *best_index)
{
	struct ab_split_result res;
	ab_split_close(sp, ab, *alpha, !ab->aborted && *alpha < beta, &res);
	if (res.incomplete)
		ab->aborted = true;
	if (res.best > *best) {
		*best = res.best;
		*best_index = res.best_index;
	}
	if (res.improved) {
		*alpha = res.line.score;
		ab->lines[first] = res.line;
		if (first == 0)
			ab->partial_first = true;
	}
}

/* Searches root moves [first, count) to depth; the best goes to index
 * first and its line to lines[first].  Returns its score.  With a root
 * split the moves after the first are shared out among the threads. */
static int
ab_root(struct alphabeta *ab, int depth, int first, int alpha, int beta)
{
	int best = -AB_INFINITY, best_index = first, alpha0 = alpha;
	struct ab_line *line = &ab->lines[first];
	struct ab_split *sp = ab_root_split(ab);
	if (sp != NULL)
		ab_split_open(sp, ab, depth, first, alpha, beta);
	int end = sp != NULL ? first + 1 : ab->root_count;
	for (int i = first; i < end; i++) {
		game_move move = ab->root_moves[i];
		int score = ab_root_move(ab, move, ab_lost_plies(ab, move),
		                         depth, alpha, beta, i == first);
		if (ab->aborted)
			break;
		if (score > best) {
			best = score;
			best_index = i;
		}
		if (score > alpha) {
			alpha = score;
			ab_root_line(ab, ab->root_moves[i], score,
			             score >= beta ? BOUND_LOWER : BOUND_EXACT,
			             line);
			if (first == 0)
				ab->partial_first = true;
			if (score >= beta)
				break;
		}
	}
	if (sp != NULL)
		ab_root_join(ab, sp, first, &alpha, beta, &best, &best_index);
	if (!ab->aborted && best <= alpha0) {
		/* Fail low: every move was no better than alpha0. */
		line->score = best;
		line->bound = BOUND_UPPER;
		line->pv[0] = ab->root_moves[best_index];
		line->pv_len = 1;
	}
	/* Move the best to the front, keeping the others' order. */
	game_move m = ab->root_moves[best_index];
	memmove(&ab->root_moves[first + 1], &ab->root_moves[first],
	        sizeof(game_move) * (size_t)(best_index - first));
	ab->root_moves[first] = m;
	return best;
}

/* One line of one iteration, inside an aspiration window that widens
 * until the score falls inside it. */
static void
ab_search_line(struct alphabeta *ab, int depth, int k)
{
	int prev = ab->done_lines[k].score;
	int delta = AB_ASPIRATION_DELTA;
	bool narrow = depth >= AB_ASPIRATION_MIN_DEPTH && ab->done_depth > 0 &&
	              !ab_is_win_score(prev);
	int alpha = narrow ? prev - delta : -AB_INFINITY;
	int beta = narrow ? prev + delta : AB_INFINITY;
	for (;;) {
		int score = ab_root(ab, depth, k, alpha, beta);
		if (ab->aborted)
			return;
		if (score <= alpha && alpha > -AB_INFINITY) {
			delta *= AB_ASPIRATION_GROWTH;
			alpha = prev - delta < -AB_WIN_BOUND ? -AB_INFINITY
			                                     : prev - delta;
		} else if (score >= beta && beta < AB_INFINITY) {
			delta *= AB_ASPIRATION_GROWTH;
			beta = prev + delta > AB_WIN_BOUND ? AB_INFINITY
			                                   : prev + delta;
		} else {
			return;
		}
	}
}

/* Whether another iteration could change anything or is affordable. */
static bool
ab_continue(struct alphabeta *ab, int depth)
{
	if (ab->aborted)
		return false;
	if (ab->lim.depth > 0 && depth >= ab->lim.depth)
		return false;
	if (depth >= SEARCH_MAX_DEPTH)
		return false;
	bool timed = ab->plan.soft_ms > 0;
	if (timed && ab_elapsed_ms(ab) >= ab->plan.soft_ms)
		return false;
	if (ab->lim.infinite)
		return true;
	/* A forced move is played after a short search, long enough for the
	 * score it reports to mean something. */
	if (timed && ab->root_count == 1 &&
	    ab_elapsed_ms(ab) >= ab->plan.soft_ms / AB_FORCED_SHARE)
		return false;
	/* A forced result within the depth searched is proven. */
	int plies;
	if (ab->lines_wanted == 1 &&
	    search_score_is_mate(ab->done_lines[0].score, &plies) &&
	    abs(plies) <= depth)
		return false;
	return true;
}

static void
ab_prepare(struct alphabeta *ab, const struct game_ops *ops,
           const struct game_pos *pos, const struct search_limits *lim,
           const atomic_bool *stop)
{
	ab->ops = ops;
	ab->lim = *lim;
	ab->stop = stop;
	/* A node-limited search (every level) runs on one thread, so that
	 * it plays the same move on any machine. */
	ab->shared = lim->nodes == 0 ? ab->smp : NULL;
	ab->root = *pos;
	ab->nodes = 0;
	ab->seldepth = 0;
	ab->aborted = false;
	ab->done_depth = 0;
	ab->prev_count = 0;
	ab->next_report_ms = AB_REPORT_MS;
	memset(ab->killers, 0xff, sizeof ab->killers);
	memset(ab->history, 0, sizeof ab->history);
	memset(ab->done_lines, 0, sizeof ab->done_lines);
	ab->start_ms = clock_now_ms();
	timectl_plan(lim, ops->side_to_move(pos), &ab->plan);
	tt_new_search(ab->tt);

	struct game_status st;
	ops->status(pos, &st);
	ab->root_count = st.outcome == OUTCOME_ONGOING
	                         ? ops->gen_moves(pos, ab->root_moves)
	                         : 0;
	struct tt_entry e;
	bool hit = tt_probe(ab->tt, ab_key(ab, pos), 0, &e);
	ab_order(ab, pos, 0, ab->root_moves, ab->root_count, hit && e.has_move,
	         e.move);
	game_move ordered[GAME_MAX_MOVES];
	for (int i = 0; i < ab->root_count; i++)
		ordered[i] =
		        ab->root_moves[ab_pick(ab->keys[0], ab->root_count, i)];
	memcpy(ab->root_moves, ordered,
	       sizeof(game_move) * (size_t)ab->root_count);
	int k = lim->multipv < 1 ? 1 : lim->multipv;
	if (k > SEARCH_MAX_MULTIPV)
		k = SEARCH_MAX_MULTIPV;
	ab->lines_wanted = k < ab->root_count ? k : ab->root_count;
	ab_checks_prepare(ab);
}

static void
ab_finish(struct alphabeta *ab, struct alphabeta_result *res)
{
	memset(res, 0, sizeof *res);
	res->nodes = ab_nodes_all(ab);
	res->depth = ab->done_depth;
	if (ab->root_count == 0)
		return;
	res->has_move = true;
	const struct ab_line *line = &ab->done_lines[0];
	if (line->pv_len == 0) {
		res->best = ab->root_moves[0];
		res->score = res->deep_score = AB_DRAW_SCORE;
		return;
	}
	res->best = line->pv[0];
	res->score = ab_shown_score(ab, 0);
	res->deep_score = line->score;
}

/* The main thread's search: the solver, the iterations, the checks and
 * the choice of the move. */
void
ab_run_main(struct alphabeta *ab, struct alphabeta_result *result)
{
	int lost_plies;
	if (ab_solve(ab, result, &lost_plies))
		return;
	for (int depth = 1; ab->root_count > 0; depth++) {
		ab->depth = depth;
		ab->partial_first = false;
		for (int k = 0; k < ab->lines_wanted && !ab->aborted; k++)
			ab_search_line(ab, depth, k);
		if (ab->aborted) {
			/* An interrupted iteration's first line counts when
			 * it already beat the last completed one's score. */
			if (ab->partial_first) {
				ab_note_new_best(ab, &ab->lines[0]);
				ab_keep_previous(ab, 1);
				ab->done_lines[0] = ab->lines[0];
				/* Say so, so that the last PV shown is the
				 * move played. */
				ab_report_done(ab, 0, depth);
			}
			break;
		}
		if (ab_refute_best(ab, depth)) {
			depth--; /* the same depth again, the move refuted */
			continue;
		}
		ab_note_new_best(ab, &ab->lines[0]);
		ab_keep_previous(ab, ab->lines_wanted);
		memcpy(ab->done_lines, ab->lines, sizeof ab->lines);
		ab->done_depth = depth;
		for (int k = 0; k < ab->lines_wanted; k++)
			ab_report_done(ab, k, depth);
		if (!ab_continue(ab, depth))
			break;
	}
	ab_check_played(ab);
	ab_avoid_refuted(ab);
	ab_finish(ab, result);
	if (lost_plies >= 0)
		ab_report_loss(ab, result, lost_plies);
}

void
ab_run_once(struct alphabeta *ab, const struct game_ops *ops,
            const struct game_pos *pos, const struct search_limits *lim,
            const atomic_bool *stop, search_report_fn report, void *ctx,
            struct alphabeta_result *result)
{
	ab->report = report;
	ab->report_ctx = ctx;
	ab_prepare(ab, ops, pos, lim, stop);
	if (ab->shared != NULL)
		ab_smp_run(ab, result);
	else
		ab_run_main(ab, result);
}

void
alphabeta_run(struct alphabeta *ab, const struct game_ops *ops,
              const struct game_pos *pos, const struct search_limits *lim,
              const atomic_bool *stop, search_report_fn report, void *ctx,
              struct alphabeta_result *result)
{
	struct alphabeta_result clear = {0};
	if (ab_level_sees_win(ab, ops, pos, lim, stop, &clear)) {
		/* The look's last lines are the level's thinking; a look its
		 * budget ended in its first iteration played that
		 * iteration's first line, which is then the one told (it
		 * told nothing: the UI's move had no comment). */
		ab->report = report;
		ab->report_ctx = ctx;
		if (ab->done_depth > 0)
			ab_report_progress(ab);
		else if (ab->done_lines[0].pv_len > 0)
			ab_report_done(ab, 0, ab->depth);
		*result = clear;
		return;
	}
	ab_run_once(ab, ops, pos, lim, stop, report, ctx, result);
	result->nodes += clear.nodes; /* a weak level's look without noise */
}

/* A helper starts where the main search starts, with its root moves in
 * the same order, but without the endgame solver, reports or limits of
 * its own: it searches the moves of the root splits the main search posts
 * (search/ab-split.c) until stop. */
void
ab_prepare_helper(struct alphabeta *helper, const struct alphabeta *ab,
                  const atomic_bool *stop)
{
	helper->tt = ab->tt;
	helper->shared = ab->smp;
	helper->ops = ab->ops;
	memset(&helper->lim, 0, sizeof helper->lim);
	helper->lim.infinite = true;
	/* A noisy search's scores are the noise's on every thread. */
	helper->lim.eval_noise = ab->lim.eval_noise;
	helper->lim.noise_seed = ab->lim.noise_seed;
	helper->stop = stop;
	helper->leave = NULL;
	helper->report = NULL;
	helper->root = ab->root;
	helper->start_ms = ab->start_ms;
	/* No time of its own, but a helper stops at the main search's hard
	 * limit, which the main search waiting for it cannot watch. */
	memset(&helper->plan, 0, sizeof helper->plan);
	helper->plan.hard_ms = ab->plan.hard_ms;
	helper->next_report_ms = INT64_MAX;
	helper->nodes = 0;
	atomic_store_explicit(&helper->nodes_seen, 0, memory_order_relaxed);
	helper->seldepth = 0;
	helper->aborted = false;
	helper->check_moves = false;
	helper->checked_count = 0;
	memset(helper->killers, 0xff, sizeof helper->killers);
	memset(helper->history, 0, sizeof helper->history);
}

/* A helper left its search of the moment (leave): it goes on unless the
 * search as a whole is over. */
void
ab_resume(struct alphabeta *helper)
{
	helper->aborted =
	        atomic_load_explicit(helper->stop, memory_order_relaxed) ||
	        ab_smp_finished(helper->shared);
}

bool
search_score_is_mate(int score, int *plies)
{
	if (score > AB_WIN_BOUND && score <= SEARCH_WIN) {
		*plies = SEARCH_WIN - score;
		return true;
	}
	if (score < -AB_WIN_BOUND && score >= -SEARCH_WIN) {
		*plies = -(SEARCH_WIN + score);
		return true;
	}
	return false;
}
