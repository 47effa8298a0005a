/*
 * The piece cursor (struct game_caps: GAME_INPUT_PIECE, Tetress; KEYS in
 * tabula(6)): the cursor is a whole piece drawn as a ghost over the board.
 * Capital letters pick its kind, c and C cycle the kinds, r and R turn it,
 * the arrows slide it (around the torus, as the game's model says), Tab
 * and Shift-Tab walk the legal placements of its kind nearest first, and
 * Enter or a click on the ghost places it.  The ghost is '+' on every cell
 * when the placement is legal and '!' when it is not (a token under it in
 * capitals), so it reads without colour and apart from the engine's
 * numbered ghosts; the status line
 * names the broken rule, and the lines under the board name the piece and
 * the kinds with no legal placement at all.
 *
 * v switches to picking cells one at a time (pick.c) and back: in that
 * mode every hook hands over to the cell input.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ui/app.h"
#include "ui/input.h"
#include "ui/status.h"

/* The ghost's text on a legal and on an illegal placement. */
static const char UI_PIECE_LEGAL[] = "+";
static const char UI_PIECE_ILLEGAL[] = "!";

/* Lines under the board for the rule an illegal piece breaks (the five
 * lines below a Tetress board hold the piece, these, the kinds and the
 * kinds with no room). */
enum { UI_PIECE_WHY_ROWS = 2 };

/* The kind a new game starts with: T, the most versatile. */
static const char UI_PIECE_FIRST_KIND = 'T';

static const struct game_pieces *
ui_piece_model(const struct ui_app *app)
{
	return app->game.session.ops->caps.pieces;
}

/* Whether keys steer the piece (not picking cells). */
static bool
ui_piece_steering(const struct ui_app *app)
{
	return app->game.have && app->game.view != NULL &&
	       ui_piece_model(app) != NULL && !app->piece.cells;
}

/* The piece's cells as the board view numbers them; returns the count. */
static int
ui_piece_cells(const struct ui_app *app, int *cells, int max)
{
	const struct game_ops *ops = app->game.session.ops;
	char text[GAME_TEXT_MAX];
	ops->format_move(ui_shown_pos(app),
	                 ui_piece_model(app)->move(&app->piece.piece), text,
	                 sizeof text);
	return app->game.view->move_cells(text, cells, max);
}

/* "T 2/4 at 5-5": the kind, the turn and the anchor cell. */
static void
ui_piece_name(const struct ui_app *app, char *buf, size_t size)
{
	const struct game_pieces *model = ui_piece_model(app);
	const struct game_piece *p = &app->piece.piece;
	char where[16];
	app->game.view->cell_name(p->anchor, where, sizeof where);
	snprintf(buf, size, "%c %d/%d at %s", model->letters[p->kind],
	         p->turn + 1, model->turns(p->kind), where);
}

/* Says on the status line whether the piece may go where it is. */
static void
ui_piece_tell(struct ui_app *app)
{
	char why[256], name[64];
	ui_piece_name(app, name, sizeof name);
	if (ui_piece_model(app)->check(ui_shown_pos(app), &app->piece.piece,
	                               why, sizeof why))
		ui_status(app, false, "%s: legal, Enter places it", name);
	else
		ui_status(app, true, "%s: %s", name, why);
}

/* After the player moved, turned or changed the piece: a new Tab walk
 * starts from here. */
static void
ui_piece_moved(struct ui_app *app)
{
	app->piece.walking = false;
	app->host.dirty = true;
	ui_piece_tell(app);
}

/* Refuses a piece key when the game has no piece cursor on. */
static bool
ui_piece_ready(struct ui_app *app)
{
	if (!app->game.have || app->game.view == NULL ||
	    ui_piece_model(app) == NULL) {
		ui_status(app, true, "no piece cursor in %s",
		          app->game.have ? app->game.session.ops->title
		                         : "the menu");
		return false;
	}
	if (app->piece.cells) {
		ui_status(app, true, "picking cells: v steers a piece again");
		return false;
	}
	return true;
}

void
ui_piece_toggle(struct ui_app *app)
{
	if (!app->game.have || app->game.view == NULL ||
	    ui_piece_model(app) == NULL) {
		ui_piece_ready(app);
		return;
	}
	app->piece.cells = !app->piece.cells;
	ui_input_cells.changed(app); /* no cells picked */
	app->host.dirty = true;
	if (app->piece.cells)
		ui_status(app, false,
		          "cell cursor: Enter picks cells, v for the piece");
	else
		ui_piece_moved(app);
}

void
ui_piece_choose(struct ui_app *app, int letter)
{
	if (!ui_piece_ready(app))
		return;
	const struct game_pieces *model = ui_piece_model(app);
	const char *at = strchr(model->letters, letter);
	if (letter == '\0' || at == NULL) {
		ui_status(app, true, "no piece '%c' in %s", letter,
		          app->game.session.ops->title);
		return;
	}
	struct game_piece *p = &app->piece.piece;
	p->kind = (int)(at - model->letters);
	p->turn %= model->turns(p->kind);
	ui_piece_moved(app);
}

void
ui_piece_cycle(struct ui_app *app, int delta)
{
	if (!ui_piece_ready(app))
		return;
	const struct game_pieces *model = ui_piece_model(app);
	int kinds = (int)strlen(model->letters);
	int kind = ((app->piece.piece.kind + delta) % kinds + kinds) % kinds;
	ui_piece_choose(app, model->letters[kind]);
}

void
ui_piece_rotate(struct ui_app *app, int quarter_turns)
{
	if (!ui_piece_ready(app))
		return;
	ui_piece_model(app)->turn(&app->piece.piece, quarter_turns);
	ui_piece_moved(app);
}

/* ---- the move input */

static void
ui_piece_start(struct ui_app *app)
{
	ui_input_cells.start(app);
	struct ui_piece_cursor *pc = &app->piece;
	const struct game_pieces *model = ui_piece_model(app);
	const char *first = strchr(model->letters, UI_PIECE_FIRST_KIND);
	pc->cells = false;
	pc->walking = false;
	pc->piece.kind = first != NULL ? (int)(first - model->letters) : 0;
	pc->piece.turn = 0;
	pc->piece.anchor = app->game.view ? app->game.view->cells / 2 : 0;
}

/* The piece where the position allows it: a placement made illegal by
 * the move just played (the piece's own cells now taken) goes to the
 * nearest legal one of its kind, or of the next kind that has one, so a
 * turn does not open on a warning. */
static void
ui_piece_settle(struct ui_app *app)
{
	static struct game_piece found[GAME_MAX_MOVES];
	const struct game_pieces *model = ui_piece_model(app);
	const struct game_pos *pos = ui_shown_pos(app);
	struct game_piece *p = &app->piece.piece;
	char why[8];
	if (model->check(pos, p, why, sizeof why))
		return;
	int kinds = (int)strlen(model->letters);
	for (int k = 0; k < kinds; k++) {
		struct game_piece at = *p;
		at.kind = (p->kind + k) % kinds;
		if (k > 0)
			at.turn = 0;
		if (model->scan(pos, &at, found, GAME_MAX_MOVES) > 0) {
			*p = found[0];
			return;
		}
	}
}

static void
ui_piece_changed(struct ui_app *app)
{
	ui_input_cells.changed(app);
	app->piece.walking = false;
	if (ui_piece_steering(app))
		ui_piece_settle(app);
}

static bool
ui_piece_step(struct ui_app *app, int dy, int dx, game_move *move)
{
	if (!ui_piece_steering(app))
		return ui_input_cells.step(app, dy, dx, move);
	ui_piece_model(app)->slide(&app->piece.piece, dy, dx);
	ui_piece_moved(app);
	return false;
}

/* Enter: the piece's move when it is legal, else the status line says
 * which rule it breaks. */
static bool
ui_piece_select(struct ui_app *app, game_move *move)
{
	if (!ui_piece_steering(app))
		return ui_input_cells.select(app, move);
	const struct game_pieces *model = ui_piece_model(app);
	char why[256], name[64];
	if (!model->check(ui_shown_pos(app), &app->piece.piece, why,
	                  sizeof why)) {
		ui_piece_name(app, name, sizeof name);
		ui_status(app, true, "%s: %s", name, why);
		return false;
	}
	app->piece.walking = false;
	*move = model->move(&app->piece.piece);
	return true;
}

/* A click on the ghost places the piece; anywhere else moves it there. */
static bool
ui_piece_click(struct ui_app *app, int cell, game_move *move)
{
	if (!ui_piece_steering(app))
		return ui_input_cells.click(app, cell, move);
	int cells[UI_MOVE_CELLS];
	int n = ui_piece_cells(app, cells, UI_MOVE_CELLS);
	for (int i = 0; i < n; i++)
		if (cells[i] == cell)
			return ui_piece_select(app, move);
	app->piece.piece.anchor = cell;
	ui_piece_moved(app);
	return false;
}

/* Tab (delta 1) and Shift-Tab (-1): the next or previous legal placement
 * of the piece's kind, in the game's scan order around the place where
 * the walk began, so repeated presses visit every one, nearest first. */
static void
ui_piece_next(struct ui_app *app, int delta)
{
	static struct game_piece found[GAME_MAX_MOVES];
	if (!ui_piece_steering(app)) {
		ui_input_cells.next(app, delta);
		return;
	}
	const struct game_pieces *model = ui_piece_model(app);
	struct ui_piece_cursor *pc = &app->piece;
	char why[8];
	if (!pc->walking) {
		pc->centre = pc->piece;
		/* A legal piece is the scan's first: the walk goes on from
		 * it; otherwise it begins just before the first. */
		bool legal = model->check(ui_shown_pos(app), &pc->piece, why,
		                          sizeof why);
		pc->index = legal || delta < 0 ? 0 : -1;
	}
	int n = model->scan(ui_shown_pos(app), &pc->centre, found,
	                    GAME_MAX_MOVES);
	if (n == 0) {
		ui_status(app, true, "no legal placement for %c",
		          model->letters[pc->piece.kind]);
		return;
	}
	pc->index = ((pc->index + delta) % n + n) % n;
	pc->piece = found[pc->index];
	pc->walking = true;
	app->host.dirty = true;
	char name[64];
	ui_piece_name(app, name, sizeof name);
	ui_status(app, false, "%s: legal placement %d of %d, Enter places it",
	          name, pc->index + 1, n);
}

static int
ui_piece_move_cells(const struct ui_app *app, const struct game_pos *pos,
                    game_move move, int *cells, int max)
{
	return ui_input_cells.move_cells(app, pos, move, cells, max);
}

/* The ghost of the piece over everything else; the terminal cursor on
 * its anchor. */
static int
ui_piece_marks(const struct ui_app *app, struct ui_board_mark *marks)
{
	if (!ui_piece_steering(app))
		return ui_input_cells.marks(app, marks);
	char why[8];
	bool legal = ui_piece_model(app)->check(
	        ui_shown_pos(app), &app->piece.piece, why, sizeof why);
	static struct ui_piece board[UI_BOARD_MAX_CELLS];
	struct ui_board_info info;
	char fen[GAME_TEXT_MAX];
	app->game.session.ops->format_pos(ui_shown_pos(app), fen, sizeof fen);
	if (!app->game.view->decode(fen, board, &info))
		memset(board, 0, sizeof board);
	int cells[UI_MOVE_CELLS];
	int n = ui_piece_cells(app, cells, UI_MOVE_CELLS);
	for (int i = 0; i < n; i++) {
		/* A token under the ghost shows in capitals. */
		char token[UI_PIECE_TEXT];
		snprintf(token, sizeof token, "%s", board[cells[i]].text);
		for (char *t = token; *t != '\0'; t++)
			*t = (char)toupper((unsigned char)*t);
		ui_board_mark_set(marks, cells[i],
		                  legal ? ROLE_SELECTED : ROLE_WARN,
		                  token[0] != '\0' ? token
		                  : legal          ? UI_PIECE_LEGAL
		                                   : UI_PIECE_ILLEGAL);
	}
	return app->piece.piece.anchor;
}

/* Prints text at (y, x) in at most rows lines of w columns, broken at
 * blanks; returns the lines used. */
static int
ui_piece_wrap(struct ui_grid *g, int y, int x, int w, int rows,
              const char *text)
{
	int used = 0;
	while (*text != '\0' && used < rows && w > 0) {
		int len = (int)strlen(text), cut = len;
		if (len > w) {
			for (cut = w; cut > 0 && text[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = w;
		}
		ui_grid_printf(g, y + used++, x, cut, ROLE_WARN, "%.*s", cut,
		               text);
		text += cut;
		while (*text == ' ')
			text++;
	}
	return used;
}

/* Under the board: the piece, the rule it breaks if any, the kinds (the
 * current one bracketed) and the kinds with no legal placement at all. */
static void
ui_piece_draw_below(struct ui_app *app, int y, int x, int w)
{
	struct ui_grid *g = &app->host.grid;
	if (!ui_piece_steering(app)) {
		ui_grid_print(g, y, x, w, ROLE_DIM,
		              "Cell cursor  (v: piece cursor)");
		return;
	}
	const struct game_pieces *model = ui_piece_model(app);
	const struct game_pos *pos = ui_shown_pos(app);
	char name[64], why[256], kinds[64], none[64];
	ui_piece_name(app, name, sizeof name);
	bool legal = model->check(pos, &app->piece.piece, why, sizeof why);
	ui_grid_printf(g, y++, x, w, ROLE_TITLE, "Piece %s  %s %s", name,
	               legal ? UI_PIECE_LEGAL : UI_PIECE_ILLEGAL,
	               legal ? "legal" : "illegal:");
	if (!legal)
		y += ui_piece_wrap(g, y, x + 1, w - 1, UI_PIECE_WHY_ROWS, why);
	unsigned playable = model->kinds_playable(pos);
	size_t k = 0, m = 0;
	for (int i = 0; model->letters[i] != '\0' && k + 4 < sizeof kinds &&
	                m + 3 < sizeof none;
	     i++) {
		char c = model->letters[i];
		bool here = i == app->piece.piece.kind;
		k += (size_t)snprintf(kinds + k, sizeof kinds - k, "%c%c%c",
		                      here ? '[' : ' ', c, here ? ']' : ' ');
		if (!(playable >> i & 1))
			m += (size_t)snprintf(none + m, sizeof none - m, " %c",
			                      c);
	}
	kinds[k] = '\0';
	none[m] = '\0';
	ui_grid_printf(g, y, x, w, ROLE_NORMAL, "%s", kinds);
	if (m > 0)
		ui_grid_printf(g, y + 1, x, w, ROLE_WARN, "No room for:%s",
		               none);
}

const struct ui_input ui_input_piece = {
        .start = ui_piece_start,
        .changed = ui_piece_changed,
        .step = ui_piece_step,
        .select = ui_piece_select,
        .click = ui_piece_click,
        .next = ui_piece_next,
        .move_cells = ui_piece_move_cells,
        .marks = ui_piece_marks,
        .ghost_plies = 3,
        .ghost_overlay = NULL,
        .side_width = 0,
        .draw_side = NULL,
        .draw_below = ui_piece_draw_below,
};
