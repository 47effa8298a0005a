/*
 * The endgame solver (search/pns.h) inside the alpha-beta search.
 *
 * Before the iterations, a position the game calls solvable (an endgame)
 * gets a proof-number search for the side to move's win, then (unless the
 * first settled it) one more, each with a sixth of the time or node
 * budget: a proven win is played at once and reported as a mate; a proven
 * loss is reported as one, with the move alpha-beta finds to resist
 * longest.
 *
 * A little earlier (game_ops.near_end), each new best move of an iteration
 * is checked the same way before the iteration counts: a proof that the
 * opponent wins after it gives the move that loss as its score, sends it
 * to the back of the root moves and has the depth searched again, so the
 * search neither plays nor reports a move the solver has refuted while
 * another may hold (man page: "Endgames").  The move about to be played is
 * checked too when no iteration's check covered it: it came from an
 * iteration too shallow for the checks, or from the last one, which may
 * end too late for its check or be cut off by the clock.  A timed search
 * keeps time for that check, and a refuted move gives way to the line it
 * had displaced, reported as worth no more than the refuted one (the
 * deeper search ranked it lower).
 */
#include "config.h"

#include <string.h>

#include "core/clock.h"
#include "search/ab-internal.h"

/* The endgame solver's share of a time or node budget for each of its two
 * attempts. */
static const int AB_SOLVER_SHARE = 6;
/* Without a budget (an infinite analysis) each attempt stops here. */
static const uint32_t AB_SOLVER_ANALYSIS_NODES = UINT32_C(1) << 20;

/* Checks of the best move near the end: from this depth on (at most
 * AB_CHECK_MAX per search), each with at most 1/AB_CHECK_SHARE of the soft
 * time or node budget, all of them with at most 1/AB_CHECK_TOTAL_SHARE. */
enum { AB_CHECK_MIN_DEPTH = 5 };
static const int AB_CHECK_SHARE = 3;
static const int AB_CHECK_TOTAL_SHARE = 2;

void
ab_checks_prepare(struct alphabeta *ab)
{
	const struct game_ops *ops = ab->ops;
	ab->check_moves = ops->near_end != NULL && ab->lines_wanted == 1 &&
	                  ab->root_count > 1 && ops->near_end(&ab->root);
	ab->checked_count = 0;
	/* The solver's table is shared by this search's attempts only. */
	pns_forget(&ab->pns);
	ab->check_ms = 0;
	ab->check_nodes = 0;
	memset(&ab->fallback, 0, sizeof ab->fallback);
}

/* The check of root move, or -1 if it was not checked. */
static int
ab_checked_index(const struct alphabeta *ab, game_move move)
{
	for (int i = 0; i < ab->checked_count; i++) {
		if (ab->checked[i].move == move)
			return i;
	}
	return -1;
}

/* The plies of the loss proved after root move, or -1. */
int
ab_lost_plies(const struct alphabeta *ab, game_move move)
{
	int i = ab_checked_index(ab, move);
	return i < 0 ? -1 : ab->checked[i].lost_plies;
}

/* A node budget's share as solver positions. */
static uint32_t
ab_solver_cap(uint64_t nodes)
{
	return nodes < UINT32_MAX ? (uint32_t)nodes : UINT32_MAX;
}

/* The solver's table, made on first use; false if out of memory. */
static bool
ab_solver_ready(struct alphabeta *ab)
{
	return ab->pns.table != NULL || pns_init(&ab->pns, PNS_SEARCH_TABLE);
}

/* The limits of one solver attempt, or false when this search gets none:
 * only time-, node- or infinite searches do (a depth-limited search stays
 * pure alpha-beta). */
static bool
ab_solver_limits(struct alphabeta *ab, struct pns_limits *pl)
{
	*pl = (struct pns_limits){.stop = ab->stop};
	if (ab->ops->solvable == NULL || !ab->ops->solvable(&ab->root))
		return false;
	if (ab->root_count < 1)
		return false;
	if (ab->lim.nodes > 0) {
		pl->max_nodes = ab_solver_cap(ab->lim.nodes / AB_SOLVER_SHARE);
	} else if (ab->plan.soft_ms > 0) {
		pl->max_nodes = UINT32_MAX; /* the clock limits it */
		pl->deadline_ms =
		        clock_now_ms() + ab->plan.soft_ms / AB_SOLVER_SHARE;
	} else if (ab->lim.infinite) {
		pl->max_nodes = AB_SOLVER_ANALYSIS_NODES;
	} else {
		return false;
	}
	return ab_solver_ready(ab);
}

/* The limits of the next check of a best move, or false when this search
 * gets none (as for the solver) or the checks' budget is spent.  The check
 * of the move about to be played (played) is not held to that budget: it
 * gets one check's share of a node budget, or all the time left. */
static bool
ab_check_limits(struct alphabeta *ab, bool played, struct pns_limits *pl)
{
	*pl = (struct pns_limits){.stop = ab->stop};
	if (ab->lim.nodes > 0) {
		uint64_t total = ab->lim.nodes / AB_CHECK_TOTAL_SHARE;
		uint64_t n = ab->lim.nodes / AB_CHECK_SHARE;
		if (!played && ab->check_nodes >= total)
			return false;
		if (!played && n > total - ab->check_nodes)
			n = total - ab->check_nodes;
		pl->max_nodes = ab_solver_cap(n);
	} else if (ab->plan.soft_ms > 0) {
		int64_t left = ab->plan.hard_ms - ab_elapsed_ms(ab);
		int64_t slice = left;
		if (!played) {
			int64_t budget =
			        ab->plan.soft_ms / AB_CHECK_TOTAL_SHARE -
			        ab->check_ms;
			if (slice > ab->plan.soft_ms / AB_CHECK_SHARE)
				slice = ab->plan.soft_ms / AB_CHECK_SHARE;
			if (slice > budget)
				slice = budget;
		}
		if (slice <= 0)
			return false;
		pl->max_nodes = UINT32_MAX; /* the clock limits it */
		pl->deadline_ms = clock_now_ms() + slice;
	} else if (ab->lim.infinite) {
		pl->max_nodes = AB_SOLVER_ANALYSIS_NODES / AB_CHECK_SHARE;
	} else {
		return false;
	}
	return ab_solver_ready(ab);
}

/* Checks root move with limits pl; true when the solver proved that the
 * opponent wins after it (the move then goes to the back of the root
 * moves, and scores that loss whenever it is searched again). */
static bool
ab_check_move(struct alphabeta *ab, game_move move, const struct pns_limits *pl)
{
	struct game_pos child = ab->root;
	ab->ops->play(&child, move);
	int opponent = ab->ops->side_to_move(&ab->root) ^ 1;
	int64_t t0 = clock_now_ms();
	struct pns_result pr;
	pns_solve(&ab->pns, ab->ops, &child, opponent, pl, &pr);
	ab->check_ms += clock_now_ms() - t0;
	ab->check_nodes += pl->max_nodes;
	ab->nodes += pr.expanded;
	bool refuted = pr.outcome == PNS_PROVEN;
	ab->checked[ab->checked_count].move = move;
	ab->checked[ab->checked_count].lost_plies = refuted ? pr.plies + 1 : -1;
	ab->checked_count++;
	if (!refuted)
		return false;
	int at = 0;
	while (ab->root_moves[at] != move)
		at++;
	memmove(&ab->root_moves[at], &ab->root_moves[at + 1],
	        sizeof(game_move) * (size_t)(ab->root_count - at - 1));
	ab->root_moves[ab->root_count - 1] = move;
	return true;
}

/* Whether line's first move still wants a check (near the end, not yet
 * checked, not a forced result, room for one more). */
static bool
ab_wants_check(const struct alphabeta *ab, const struct ab_line *line)
{
	return ab->check_moves && line->pv_len > 0 &&
	       !ab_is_win_score(line->score) &&
	       ab->checked_count < AB_CHECK_MAX &&
	       ab_checked_index(ab, line->pv[0]) < 0;
}

/* Near the end, checks the best move of the iteration just completed:
 * true when the solver proved that the opponent wins after it (the move
 * then scores that loss and goes to the back of the root moves, and the
 * depth is to be searched again). */
bool
ab_refute_best(struct alphabeta *ab, int depth)
{
	const struct ab_line *line = &ab->lines[0];
	if (depth < AB_CHECK_MIN_DEPTH || !ab_wants_check(ab, line))
		return false;
	struct pns_limits pl;
	if (!ab_check_limits(ab, false, &pl))
		return false;
	return ab_check_move(ab, line->pv[0], &pl);
}

/* A new first line is about to replace the best one: the one replaced is
 * kept, in case the check of the new move refutes it at the end. */
void
ab_note_new_best(struct alphabeta *ab, const struct ab_line *line)
{
	const struct ab_line *old = &ab->done_lines[0];
	if (!ab->check_moves || old->pv_len == 0 || line->pv_len == 0 ||
	    old->pv[0] == line->pv[0] || ab_lost_plies(ab, old->pv[0]) >= 0)
		return;
	ab->fallback = *old;
	ab->fallback_depth = ab->done_depth;
	ab->fallback_cap = line->score;
}

/* The time kept at the end of a timed search near the end for the check
 * of a move no iteration's check covered. */
static int64_t
ab_final_check_ms(const struct alphabeta *ab)
{
	return ab->plan.soft_ms / AB_CHECK_SHARE;
}

/* Whether a timed search near the end is to stop now to keep time for the
 * check of the move it would play, which no check has covered: the last
 * completed line's move, or a better one the running iteration found. */
bool
ab_unchecked_at_end(const struct alphabeta *ab, int64_t now_ms)
{
	if (!ab->check_moves || ab->plan.hard_ms <= 0 ||
	    now_ms < ab->plan.hard_ms - ab_final_check_ms(ab))
		return false;
	return ab_wants_check(ab, ab->partial_first ? &ab->lines[0]
	                                            : &ab->done_lines[0]);
}

/* Near the end, the move about to be played is checked if no iteration's
 * check covered it (it was found by the last iteration, or by one the clock
 * interrupted).  A refuted move gives way to the line it displaced, when
 * that one was not refuted itself (man page: "Endgames"). */
void
ab_check_played(struct alphabeta *ab)
{
	struct ab_line *line = &ab->done_lines[0];
	if (!ab_wants_check(ab, line))
		return;
	struct pns_limits pl;
	if (!ab_check_limits(ab, true, &pl) ||
	    !ab_check_move(ab, line->pv[0], &pl))
		return;
	const struct ab_line *back = &ab->fallback;
	if (back->pv_len == 0 || ab_lost_plies(ab, back->pv[0]) >= 0)
		return;
	*line = *back;
	/* Its own score is that of a shallower search: the deeper one in
	 * which the refuted move displaced it found it worth no more than
	 * the refuted move's score then. */
	if (line->score > ab->fallback_cap) {
		line->score = ab->fallback_cap;
		line->bound = BOUND_UPPER;
	}
	ab_report_line(ab, line, 1, ab->fallback_depth, ab->seldepth);
}

/* When the search stopped before the depth was searched again without a
 * refuted move, the last completed line may still begin with it: the first
 * move not refuted replaces it, reported as no better than that line (the
 * iteration ranked it lower). */
void
ab_avoid_refuted(struct alphabeta *ab)
{
	struct ab_line *line = &ab->done_lines[0];
	if (line->pv_len == 0 || ab_lost_plies(ab, line->pv[0]) < 0 ||
	    ab_lost_plies(ab, ab->root_moves[0]) >= 0)
		return;
	line->pv[0] = ab->root_moves[0];
	line->pv_len = 1;
	line->bound = BOUND_UPPER;
	ab_report_line(ab, line, 1, ab->done_depth, ab->seldepth);
}

/* The line of a solver's proof, as a search line of the root. */
static void
ab_solver_line(const struct pns_result *pr, int score, struct ab_line *line)
{
	line->pv_len = pr->pv_len;
	memcpy(line->pv, pr->pv, sizeof(game_move) * (size_t)pr->pv_len);
	line->score = score;
	line->bound = BOUND_EXACT;
}

/* Runs the solver on the root; true when it proved a win (the result is
 * then final).  *lost_plies gets the length of a proven loss, or -1; with
 * every move lost, no best move is checked.  Two attempts: the first tries
 * to prove the win.  Without a draw met, its disproof proves the loss, and
 * the second attempt goes on with it where it stopped; otherwise the
 * second tries to prove the loss. */
bool
ab_solve(struct alphabeta *ab, struct alphabeta_result *res, int *lost_plies)
{
	*lost_plies = -1;
	struct pns_limits pl;
	if (!ab_solver_limits(ab, &pl))
		return false;
	int side = ab->ops->side_to_move(&ab->root);
	for (int attempt = 0; attempt < 2; attempt++) {
		int attacker = attempt == 1 && ab->pns.draws ? side ^ 1 : side;
		if (attempt == 1 && ab->plan.soft_ms > 0 && ab->lim.nodes == 0)
			pl.deadline_ms = clock_now_ms() +
			                 ab->plan.soft_ms / AB_SOLVER_SHARE;
		struct pns_result pr;
		pns_solve(&ab->pns, ab->ops, &ab->root, attacker, &pl, &pr);
		ab->nodes += pr.expanded;
		if (attacker == side && pr.outcome == PNS_PROVEN &&
		    pr.pv_len > 0) {
			struct ab_line line;
			ab_solver_line(&pr, SEARCH_WIN - pr.plies, &line);
			ab_report_line(ab, &line, 1, pr.plies, pr.plies);
			memset(res, 0, sizeof *res);
			res->has_move = true;
			res->best = line.pv[0];
			res->score = line.score;
			res->depth = pr.plies;
			res->nodes = ab_nodes_all(ab);
			return true;
		}
		if ((attacker == side && pr.defender_wins) ||
		    (attacker != side && pr.outcome == PNS_PROVEN)) {
			*lost_plies = pr.plies;
			/* Every move loses: none to check. */
			ab->check_moves = false;
			return false;
		}
		if (attacker != side)
			return false;
	}
	return false;
}

/* After a proven loss, the reported score says so, with the move chosen
 * (unless alpha-beta saw a loss itself). */
void
ab_report_loss(struct alphabeta *ab, struct alphabeta_result *res, int plies)
{
	int seen;
	if (!res->has_move ||
	    (search_score_is_mate(res->score, &seen) && seen < 0))
		return;
	struct ab_line line = {.pv = {res->best}, .pv_len = 1};
	line.score = -(SEARCH_WIN - plies);
	line.bound = BOUND_EXACT;
	res->score = line.score;
	ab_report_line(ab, &line, 1, res->depth, ab->seldepth);
}
