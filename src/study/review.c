/*
 * Game review (see review.h).  A move's loss compares two searches of the
 * same depth from the position before it: the engine's best line (depth d
 * from there) and the move played followed by a depth d - 1 search of the
 * position after it.  Comparing equal depths keeps the odd/even swing of
 * the evaluation out of the loss; a move that is the engine's own choice
 * loses nothing by definition.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "search/alphabeta.h"
#include "study/review.h"
#include "search/winchance.h"

enum { REVIEW_HASH_MB_DEFAULT = 16 };

/* TABULA_REVIEW_NODES' range: below 100 nodes a look sees nothing; above
 * 10^9 one position would take hours. */
#define REVIEW_ENV_NODES_MIN 100ULL
#define REVIEW_ENV_NODES_MAX 1000000000ULL

struct review {
	struct alphabeta *ab;
	struct search_info last; /* the last report of line 1 */
	atomic_bool *expire;     /* set once the deadline has passed */
	int64_t deadline_ms;     /* on review_clock_ms; 0: none */
};

int64_t
review_clock_ms(void)
{
	return clock_now_ms();
}

void
review_set_deadline(struct review *rv, atomic_bool *flag, int64_t deadline_ms)
{
	rv->expire = flag;
	rv->deadline_ms = deadline_ms;
}

/* TABULA_REVIEW_NODES, when it is a number in range, replaces every game's
 * review_nodes (man page ENVIRONMENT): a slow host's reviews, or a test's,
 * take less; 0 when unset or not a number. */
static uint64_t
review_nodes_from_env(void)
{
	const char *env = getenv("TABULA_REVIEW_NODES");
	if (env == NULL || *env < '0' || *env > '9')
		return 0;
	char *end;
	unsigned long long n = strtoull(env, &end, 10);
	if (*end != '\0' || n < REVIEW_ENV_NODES_MIN ||
	    n > REVIEW_ENV_NODES_MAX)
		return 0;
	return n;
}

struct review_limits
review_default_limits(const struct game_ops *ops)
{
	const struct game_winchance *t = &ops->caps.winchance;
	uint64_t nodes = review_nodes_from_env();
	return (struct review_limits){.nodes = nodes ? nodes : t->review_nodes,
	                              .period = t->review_period,
	                              .confirm = t->review_confirm,
	                              .confirm_from = t->inaccuracy / 2,
	                              .screen = true};
}

struct review *
review_new(size_t hash_mb)
{
	struct review *rv = calloc(1, sizeof *rv);
	if (rv == NULL)
		return NULL;
	rv->ab = alphabeta_new(hash_mb ? hash_mb : REVIEW_HASH_MB_DEFAULT);
	if (rv->ab == NULL) {
		free(rv);
		return NULL;
	}
	return rv;
}

bool
review_set_threads(struct review *rv, int threads)
{
	return alphabeta_set_threads(rv->ab, threads);
}

void
review_free(struct review *rv)
{
	if (rv == NULL)
		return;
	alphabeta_free(rv->ab);
	free(rv);
}

static void
review_on_report(void *ctx, const struct search_info *info)
{
	struct review *rv = ctx;
	if (info->multipv <= 1)
		rv->last = *info;
}

/* Whether the deadline has passed (and if so, says so through the flag). */
static bool
review_expired(struct review *rv)
{
	if (rv->expire == NULL || rv->deadline_ms <= 0 ||
	    review_clock_ms() < rv->deadline_ms)
		return false;
	atomic_store(rv->expire, true);
	return true;
}

/* Searches pos; false if stopped or out of time (a cut search is not a
 * result: the move is reviewed again later, in full). */
static bool
review_search(struct review *rv, const struct game_ops *ops,
              const struct game_pos *pos, const struct search_limits *lim,
              const atomic_bool *stop, struct alphabeta_result *res,
              game_move *pv, int *pv_len)
{
	struct search_limits l = *lim;
	if (rv->expire != NULL && rv->deadline_ms > 0) {
		/* The deadline as a time limit, so it holds to the node. */
		int64_t left = rv->deadline_ms - review_clock_ms();
		if (left <= 0) {
			atomic_store(rv->expire, true);
			return false;
		}
		if (l.movetime_ms == 0 || l.movetime_ms > left)
			l.movetime_ms = left;
	}
	memset(&rv->last, 0, sizeof rv->last);
	alphabeta_run(rv->ab, ops, pos, &l, stop, review_on_report, rv, res);
	if ((stop != NULL && atomic_load(stop)) || review_expired(rv))
		return false;
	*pv_len = 0;
	if (!res->has_move)
		return true;
	if (rv->last.pv_len > 0 && rv->last.pv[0] == res->best) {
		*pv_len = rv->last.pv_len;
		memcpy(pv, rv->last.pv, sizeof *pv * (size_t)*pv_len);
	} else {
		pv[0] = res->best;
		*pv_len = 1;
	}
	return true;
}

/* The mover's view of a game that ended with the move: a win in one ply,
 * a loss, or a draw. */
static int
review_terminal_value(const struct game_status *st, int mover)
{
	if (st->outcome == OUTCOME_P1_WINS || st->outcome == OUTCOME_P2_WINS) {
		bool p1 = st->outcome == OUTCOME_P1_WINS;
		return p1 == (mover == 0) ? SEARCH_WIN - 1 : -(SEARCH_WIN - 1);
	}
	return 0;
}

/* A score of the position after the move (its side to move's view) as
 * the mover's view of the move, counted from before it. */
static int
review_value_from_after(int score, bool same_side)
{
	int plies;
	if (search_score_is_mate(score, &plies)) {
		bool wins = (plies > 0) == same_side;
		int n = abs(plies) + 1;
		return wins ? SEARCH_WIN - n : -(SEARCH_WIN - n);
	}
	return same_side ? score : -score;
}

enum record_mark
review_classify(const struct game_ops *ops, int loss)
{
	const struct game_winchance *t = &ops->caps.winchance;
	if (loss >= t->blunder)
		return MARK_BLUNDER;
	if (loss >= t->mistake)
		return MARK_MISTAKE;
	if (loss >= t->inaccuracy)
		return MARK_INACCURACY;
	return MARK_NONE;
}

/* Search limits for the position before the move. */
static struct search_limits
review_search_limits(const struct review_limits *lim)
{
	struct search_limits sl = {.multipv = 1};
	if (lim->depth > 0)
		sl.depth = lim->depth;
	else if (lim->nodes > 0)
		sl.nodes = lim->nodes;
	else
		sl.movetime_ms = lim->movetime_ms > 0 ? lim->movetime_ms : 1000;
	return sl;
}

/* Fills the win chances of mover (0 or 1) and the loss from best_score
 * and value. */
static void
review_grade(const struct game_ops *ops, int mover, bool engine_move,
             struct review_move *out)
{
	out->chance_before = winchance_of(ops, mover, out->best_score);
	out->chance_after = winchance_of(ops, mover, out->value);
	int loss = out->chance_before - out->chance_after;
	out->loss = engine_move || loss < 0 ? 0 : loss;
	out->mark = review_classify(ops, out->loss);
}

/* The move played's value: a search of the position after it, one ply
 * shallower than the search before it (the same depth from before the
 * move); false if stopped. */
static bool
review_played(struct review *rv, const struct session *s, size_t ply,
              const struct search_limits *sl, const struct review_limits *lim,
              const struct alphabeta_result *res, const atomic_bool *stop,
              struct review_move *out)
{
	const struct game_ops *ops = s->ops;
	const struct game_pos *after = &s->positions[ply + 1];
	int mover = ops->side_to_move(&s->positions[ply]);
	struct search_limits after_lim = *sl;
	int plies, d = lim->depth > 0 ? lim->depth : res->depth;
	if (lim->depth == 0 && search_score_is_mate(res->score, &plies))
		d = 0; /* a forced result ends the search early: give the
		          move played the budget, not that depth */
	after_lim.depth = d > 1 ? d - 1 : d;
	struct alphabeta_result r2;
	if (!review_search(rv, ops, after, &after_lim, stop, &r2, out->reply,
	                   &out->reply_len))
		return false;
	out->value = review_value_from_after(lim->period > 0 ? r2.deep_score
	                                                     : r2.score,
	                                     ops->side_to_move(after) == mover);
	return true;
}

/* The deepest depth up to reached whose leaves, seen from move ply, lie
 * on game plies of one class modulo period; 0 if none (a search this
 * shallow keeps its shown score: a deeper one could take any time). */
static int
review_parity_depth(size_t ply, int reached, int period)
{
	return reached - (int)((ply + (size_t)reached) % (size_t)period);
}

/* The second design of steady scores (man page "Win chance"): the
 * position before the move searched again to the depth that puts every
 * move's leaves on the same class of game plies, so that consecutive
 * moves' scores share their horizon's side and phase and no tempo bias
 * alternates between them.  The first search filled the table, so the
 * second costs little.  res becomes that depth's own score; sl the
 * limits the move played is searched under.  False if stopped. */
static bool
review_same_parity(struct review *rv, const struct session *s, size_t ply,
                   const struct review_limits *lim, const atomic_bool *stop,
                   struct alphabeta_result *res, struct search_limits *sl,
                   struct review_move *out)
{
	int plies;
	if (lim->period <= 0 || lim->depth > 0 || !res->has_move ||
	    search_score_is_mate(res->score, &plies))
		return true;
	int d = review_parity_depth(ply, res->depth, lim->period);
	if (d < 1)
		return true;
	*sl = (struct search_limits){.depth = d, .multipv = 1};
	if (!review_search(rv, s->ops, &s->positions[ply], sl, stop, res,
	                   out->pv, &out->pv_len))
		return false;
	if (!search_score_is_mate(res->score, &plies))
		res->score = res->deep_score;
	return true;
}

/* One look at move ply under lim (see review_move). */
static bool
review_look(struct review *rv, const struct session *s, size_t ply,
            const struct review_limits *lim, const atomic_bool *stop,
            struct review_move *out)
{
	const struct game_ops *ops = s->ops;
	const struct game_pos *before = &s->positions[ply];
	const struct game_pos *after = &s->positions[ply + 1];
	game_move played = s->moves[ply];
	int mover = ops->side_to_move(before);
	memset(out, 0, sizeof *out);
	/* Each position from an empty table, so that the marks do not
	 * depend on the order of the moves or on which worker took which
	 * (review-job.c). */
	alphabeta_clear(rv->ab);
	struct search_limits sl = review_search_limits(lim);
	struct alphabeta_result res;
	if (!review_search(rv, ops, before, &sl, stop, &res, out->pv,
	                   &out->pv_len) ||
	    !review_same_parity(rv, s, ply, lim, stop, &res, &sl, out))
		return false;
	out->best = res.best;
	out->best_score = res.score;
	out->depth = res.depth;
	struct game_status st;
	ops->status(after, &st);
	if (st.outcome != OUTCOME_ONGOING) {
		out->value = review_terminal_value(&st, mover);
	} else if (res.has_move && played == res.best) {
		out->value = res.score;
		out->reply_len = out->pv_len - 1;
		memcpy(out->reply, out->pv + 1,
		       sizeof *out->reply * (size_t)out->reply_len);
	} else if (!review_played(rv, s, ply, &sl, lim, &res, stop, out)) {
		return false;
	}
	review_grade(ops, mover ? 1 : 0,
	             played == res.best && st.outcome == OUTCOME_ONGOING, out);
	return true;
}

/* The screen for a refutation beyond the first look's horizon: the
 * position after the move searched with the whole budget, so that the
 * move's own line is seen a ply or more deeper than the first look saw
 * it; what the mover's win chance falls by from the first look's best,
 * 0 when it does not fall (or the game ended with the move).  False if
 * stopped. */
static bool
review_screen(struct review *rv, const struct session *s, size_t ply,
              const struct review_limits *lim, const atomic_bool *stop,
              const struct review_move *first, int *drop)
{
	const struct game_ops *ops = s->ops;
	const struct game_pos *after = &s->positions[ply + 1];
	int mover = ops->side_to_move(&s->positions[ply]) ? 1 : 0;
	struct game_status st;
	ops->status(after, &st);
	*drop = 0;
	if (st.outcome != OUTCOME_ONGOING)
		return true;
	alphabeta_clear(rv->ab);
	struct search_limits sl = review_search_limits(lim);
	struct alphabeta_result res;
	game_move pv[SEARCH_MAX_PV];
	int pv_len;
	if (!review_search(rv, ops, after, &sl, stop, &res, pv, &pv_len))
		return false;
	int value = review_value_from_after(
	        res.score, (ops->side_to_move(after) ? 1 : 0) == mover);
	int fall = first->chance_before - winchance_of(ops, mover, value);
	*drop = fall > 0 ? fall : 0;
	return true;
}

/* Marks confirmed by a deeper look (man page REVIEW): a move the first
 * look finds losing enough to be marked, or nearly, or whose own line
 * falls that far when searched from the position after it (a refutation
 * the first look did not reach, which even the engine's own choice may
 * meet), is looked at again at the confirming budget, where the best
 * move and the move played are compared at one depth, and only that
 * look's loss and mark stand.  So a mark is never the first look's
 * horizon alone. */
bool
review_move(struct review *rv, const struct session *s, size_t ply,
            const struct review_limits *lim, const atomic_bool *stop,
            struct review_move *out)
{
	if (!review_look(rv, s, ply, lim, stop, out))
		return false;
	out->first_loss = out->loss;
	out->screen_drop = 0;
	if (lim->confirm <= 1 || lim->depth > 0 || lim->nodes == 0)
		return true;
	if (out->loss < lim->confirm_from && lim->screen) {
		struct review_move first = *out;
		if (!review_screen(rv, s, ply, lim, stop, &first,
		                   &out->screen_drop))
			return false;
	}
	if (out->loss < lim->confirm_from &&
	    out->screen_drop < lim->confirm_from)
		return true;
	struct review_limits deeper = *lim;
	deeper.nodes = lim->nodes * (uint64_t)lim->confirm;
	deeper.confirm = 0;
	int first = out->loss, drop = out->screen_drop;
	if (!review_look(rv, s, ply, &deeper, stop, out))
		return false;
	out->first_loss = first;
	out->screen_drop = drop;
	out->confirmed = true;
	return true;
}

void
review_score_p1(const struct session *s, size_t ply, int value, int *score,
                int *mate)
{
	int mover = s->ops->side_to_move(&s->positions[ply]);
	int sign = mover == 0 ? 1 : -1;
	int plies;
	*score = 0;
	*mate = 0;
	if (search_score_is_mate(value, &plies))
		*mate = sign * plies;
	else
		*score = sign * value;
}

/* Whether a mark is one a review gives (and may take back). */
static bool
review_owns_mark(enum record_mark mark)
{
	return mark == MARK_NONE || mark == MARK_INACCURACY ||
	       mark == MARK_MISTAKE || mark == MARK_BLUNDER;
}

bool
review_annotate(struct record_meta *meta, const struct session *s, size_t ply,
                const struct review_move *m)
{
	struct record_note *note = record_meta_note(meta, ply);
	if (note == NULL)
		return false;
	bool differs = m->pv_len > 0 && m->best != s->moves[ply];
	note->review = (struct record_review){
	        .present = true,
	        .depth = m->depth,
	        .loss = m->loss,
	        .has_best = differs,
	        .best = m->best,
	};
	review_score_p1(s, ply, m->value, &note->review.score,
	                &note->review.mate);
	if (review_owns_mark(note->mark))
		note->mark = m->mark;
	if (!differs)
		return true;
	/* The engine's line replaces an earlier review's line for the same
	 * move; other variations stay. */
	for (size_t v = 0; v < note->var_count; v++) {
		struct record_line *var = &note->vars[v];
		if (var->len > 0 && var->moves[0] == m->best) {
			record_line_free(var);
			memmove(var, var + 1,
			        (note->var_count - v - 1) * sizeof *var);
			note->var_count--;
			break;
		}
	}
	struct record_line *var = record_note_add_var(note);
	if (var == NULL)
		return false;
	for (int i = 0; i < m->pv_len; i++) {
		if (!record_line_push(var, m->pv[i]))
			return false;
	}
	return true;
}

void
review_summary_add(struct review_summary *sum, const struct session *s,
                   size_t ply, const struct review_move *m)
{
	int side = s->ops->side_to_move(&s->positions[ply]) ? 1 : 0;
	accuracy_count(sum, side, m->chance_before, m->loss, m->mark);
}

void
review_summary_add_note(struct review_summary *sum, const struct session *s,
                        size_t ply, const struct record_note *note)
{
	const struct record_review *r = &note->review;
	if (!r->present)
		return;
	int side = s->ops->side_to_move(&s->positions[ply]) ? 1 : 0;
	int p1 = r->mate != 0 ? (r->mate > 0 ? WINCHANCE_ONE : 0)
	                      : winchance_of(s->ops, 0, r->score);
	int after = side == 0 ? p1 : WINCHANCE_ONE - p1;
	accuracy_count(sum, side, after + r->loss, r->loss, note->mark);
}
