/*
 * The move builder (ui/builder.h): the legal moves with their cells, and
 * the picked cells matched against them, as a set (Tetress) or as a path
 * (Infexion, TZAAR).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ui/builder.h"

bool
ui_builder_init(struct ui_builder *b)
{
	memset(b, 0, sizeof *b);
	b->moves = malloc(GAME_MAX_MOVES * sizeof *b->moves);
	return b->moves != NULL;
}

void
ui_builder_free(struct ui_builder *b)
{
	free(b->moves);
	b->moves = NULL;
	b->nmoves = 0;
}

void
ui_builder_list(struct ui_builder *b, const struct game_ops *ops,
                const struct game_pos *pos)
{
	static game_move list[GAME_MAX_MOVES];
	b->nmoves = ops->gen_moves(pos, list);
	for (int i = 0; i < b->nmoves; i++) {
		struct ui_move *m = &b->moves[i];
		m->move = list[i];
		ops->format_move(pos, list[i], m->text, sizeof m->text);
		m->ncells = b->view != NULL
		                    ? b->view->move_cells(m->text, m->cells,
		                                          UI_MOVE_CELLS)
		                    : 0;
	}
}

bool
ui_builder_matches(const struct ui_builder *b, const struct ui_move *m)
{
	if (m->ncells < b->nsel)
		return false;
	for (int i = 0; i < b->nsel; i++) {
		bool found = false;
		if (b->view->unordered) {
			for (int k = 0; k < m->ncells; k++)
				found |= m->cells[k] == b->sel[i];
		} else {
			found = m->cells[i] == b->sel[i];
		}
		if (!found)
			return false;
	}
	return true;
}

int
ui_builder_next_cell(const struct ui_builder *b, const struct ui_move *m)
{
	if (m->ncells <= b->nsel || !ui_builder_matches(b, m))
		return -1;
	if (!b->view->unordered)
		return m->cells[b->nsel];
	for (int k = 0; k < m->ncells; k++) {
		bool picked = false;
		for (int s = 0; s < b->nsel; s++)
			picked |= m->cells[k] == b->sel[s];
		if (!picked)
			return m->cells[k];
	}
	return -1;
}

/* Drops cell from the picks when it may be dropped: anywhere in a set,
 * last on a path; true when it was. */
static bool
ui_builder_drop(struct ui_builder *b, int cell)
{
	for (int i = 0; i < b->nsel; i++) {
		if (b->sel[i] != cell ||
		    (!b->view->unordered && i != b->nsel - 1))
			continue;
		memmove(&b->sel[i], &b->sel[i + 1],
		        (size_t)(b->nsel - i - 1) * sizeof b->sel[0]);
		b->nsel--;
		return true;
	}
	return false;
}

enum ui_pick_result
ui_builder_pick(struct ui_builder *b, int cell, int *candidates,
                game_move *move)
{
	*candidates = 0;
	if (ui_builder_drop(b, cell))
		return UI_PICK_DROPPED;
	if (b->nsel >= UI_MOVE_CELLS)
		return UI_PICK_FULL;
	b->sel[b->nsel++] = cell;
	int complete = -1;
	for (int i = 0; i < b->nmoves; i++) {
		if (!ui_builder_matches(b, &b->moves[i]))
			continue;
		(*candidates)++;
		if (b->moves[i].ncells == b->nsel && complete < 0)
			complete = i;
	}
	if (complete >= 0) {
		*move = b->moves[complete].move;
		b->nsel = 0;
		return UI_PICK_COMPLETE;
	}
	if (*candidates == 0) {
		b->nsel--;
		return UI_PICK_NONE;
	}
	return UI_PICK_GOES_ON;
}

int
ui_builder_marks(const struct ui_builder *b, struct ui_board_mark *marks)
{
	for (int i = 0; i < b->nmoves && b->nsel > 0; i++) {
		const struct ui_move *m = &b->moves[i];
		bool goes_on = m->ncells > b->nsel && ui_builder_matches(b, m);
		for (int k = 0; goes_on && k < m->ncells; k++)
			if (b->view->unordered || k == b->nsel)
				marks[m->cells[k]].role = ROLE_TARGET;
	}
	for (int s = 0; s < b->nsel; s++)
		marks[b->sel[s]].role = ROLE_SELECTED;
	marks[b->cursor].role = ROLE_CURSOR;
	return b->cursor;
}
