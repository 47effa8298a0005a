/*
 * Puzzle ratings and themes (study/puzzle-rate.h).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "study/puzzle-rate.h"

/* How many of the shallow searches (depth 1 and 2) prefer another first
 * move than best: 0, 1 or 2. */
static int
puzzle_rate_tempted(const struct game_ops *ops, struct alphabeta *ab,
                    const struct game_pos *pos, game_move best)
{
	int tempted = 0;
	for (int depth = 1; depth <= 2; depth++) {
		struct search_limits lim = {.depth = depth};
		struct alphabeta_result res;
		alphabeta_clear(ab);
		alphabeta_run(ab, ops, pos, &lim, NULL, NULL, NULL, &res);
		if (res.has_move && res.best != best)
			tempted++;
	}
	return tempted;
}

/* Whether the first move is quiet while some other move is noisy. */
static bool
puzzle_rate_quiet(const struct game_ops *ops, const struct puzzle *pz)
{
	const struct game_pos *pos = &pz->start;
	if (ops->is_noisy == NULL || ops->is_noisy(pos, pz->line[0]))
		return false;
	game_move *moves = malloc(GAME_MAX_MOVES * sizeof *moves);
	if (moves == NULL)
		return false;
	int n = ops->gen_moves(pos, moves);
	bool noisy = false;
	for (int i = 0; i < n && !noisy; i++)
		noisy = ops->is_noisy(pos, moves[i]);
	free(moves);
	return noisy;
}

/* The legal moves at the start and at the first defence of the line (1
 * when there is none). */
static void
puzzle_rate_widths(const struct game_ops *ops, const struct puzzle *pz,
                   int *first, int *defence)
{
	game_move *moves = malloc(GAME_MAX_MOVES * sizeof *moves);
	*first = 1;
	*defence = 1;
	if (moves == NULL)
		return;
	struct game_pos pos = pz->start;
	int me = ops->side_to_move(&pos);
	*first = ops->gen_moves(&pos, moves);
	for (int i = 0; i < pz->line_len; i++) {
		if (ops->side_to_move(&pos) != me) {
			int n = ops->gen_moves(&pos, moves);
			*defence = n > 0 ? n : 1;
			break;
		}
		ops->play(&pos, pz->line[i]);
	}
	free(moves);
}

int
puzzle_rate_raw(const struct game_ops *ops, struct alphabeta *ab,
                const struct puzzle *pz)
{
	int first, defence;
	puzzle_rate_widths(ops, pz, &first, &defence);
	int moves = puzzle_solver_moves(ops, pz);
	double r =
	        250.0 * (moves - 1) +
	        150.0 * puzzle_rate_tempted(ops, ab, &pz->start, pz->line[0]) +
	        45.0 * log2((double)(first > 1 ? first : 1)) +
	        30.0 * log2((double)defence);
	if (puzzle_rate_quiet(ops, pz))
		r += 100.0;
	if (pz->kind == PUZZLE_SAVE)
		r += 80.0;
	return (int)lround(r);
}

/* Whether some defender's turn along the line had one legal move only. */
static bool
puzzle_rate_forced(const struct game_ops *ops, const struct puzzle *pz)
{
	game_move *moves = malloc(GAME_MAX_MOVES * sizeof *moves);
	if (moves == NULL)
		return false;
	struct game_pos pos = pz->start;
	int me = ops->side_to_move(&pos);
	bool forced = false;
	for (int i = 0; i < pz->line_len && !forced; i++) {
		if (ops->side_to_move(&pos) != me)
			forced = ops->gen_moves(&pos, moves) == 1;
		ops->play(&pos, pz->line[i]);
	}
	free(moves);
	return forced;
}

/* The status reason of the line's end as one word ("type captured"
 * becomes type-captured), for games without line_themes. */
static void
puzzle_rate_reason(const struct game_ops *ops, struct puzzle *pz)
{
	struct game_pos pos = pz->start;
	for (int i = 0; i < pz->line_len; i++)
		ops->play(&pos, pz->line[i]);
	const char *why = puzzle_end_reason(ops, &pos);
	if (why == NULL)
		return;
	char word[PUZZLE_THEMES_MAX];
	size_t n = 0;
	for (const char *c = why; *c != '\0' && n + 1 < sizeof word; c++) {
		char ch = *c;
		if (ch >= 'A' && ch <= 'Z')
			ch = (char)(ch - 'A' + 'a');
		if ((ch >= 'a' && ch <= 'z') || ch == '-')
			word[n++] = ch;
		else if (ch == ' ' && n > 0 && word[n - 1] != '-')
			word[n++] = '-';
	}
	word[n] = '\0';
	if (n > 0)
		puzzle_theme_add(pz->themes, sizeof pz->themes, word);
}

void
puzzle_rate_themes(const struct game_ops *ops, struct puzzle *pz)
{
	pz->themes[0] = '\0';
	if (pz->kind == PUZZLE_SAVE)
		puzzle_theme_add(pz->themes, sizeof pz->themes, "defence");
	else if (ops->line_themes != NULL)
		ops->line_themes(&pz->start, pz->line, pz->line_len, pz->themes,
		                 sizeof pz->themes);
	else
		puzzle_rate_reason(ops, pz);
	if (puzzle_rate_quiet(ops, pz))
		puzzle_theme_add(pz->themes, sizeof pz->themes, "quiet");
	if (pz->kind == PUZZLE_WIN && puzzle_rate_forced(ops, pz))
		puzzle_theme_add(pz->themes, sizeof pz->themes, "forced-reply");
	if (pz->themes[0] == '\0')
		snprintf(pz->themes, sizeof pz->themes, "-");
}

struct puzzle_rate_rank {
	int raw;
	size_t index;
};

static int
puzzle_rate_cmp(const void *a, const void *b)
{
	const struct puzzle_rate_rank *x = a, *y = b;
	if (x->raw != y->raw)
		return x->raw < y->raw ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

bool
puzzle_rate_set(struct puzzle_set *set)
{
	if (set->count == 0)
		return true;
	struct puzzle_rate_rank *rank = malloc(set->count * sizeof *rank);
	struct alphabeta *ab = alphabeta_new(4);
	bool ok = rank != NULL && ab != NULL;
	for (size_t i = 0; ok && i < set->count; i++) {
		puzzle_rate_themes(set->ops, &set->items[i]);
		rank[i] = (struct puzzle_rate_rank){
		        .raw = puzzle_rate_raw(set->ops, ab, &set->items[i]),
		        .index = i};
	}
	if (ok) {
		/* Equal raw difficulties share the rating of the first. */
		qsort(rank, set->count, sizeof *rank, puzzle_rate_cmp);
		size_t span = set->count > 1 ? set->count - 1 : 1, at = 0;
		for (size_t k = 0; k < set->count; k++) {
			if (k > 0 && rank[k].raw != rank[k - 1].raw)
				at = k;
			set->items[rank[k].index].rating =
			        PUZZLE_RATE_LOW +
			        (int)((PUZZLE_RATE_HIGH - PUZZLE_RATE_LOW) *
			              at / span);
		}
	}
	free(rank);
	alphabeta_free(ab);
	return ok;
}
