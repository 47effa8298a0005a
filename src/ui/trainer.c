/*
 * The puzzle trainer's screen (ui/trainer.h).  Moves are built as on the
 * game screen: pick the cells of a move with the cursor (a set of cells
 * for Tetress, a path for the others), and the move is played when the
 * picked cells name exactly one legal move; or type it after ':'.
 */
#include "config.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/datadir.h"
#include "ui/trainer.h"

/* Smallest screen the trainer lays out in. */
enum { TRAINER_MIN_WIDTH = 78, TRAINER_MIN_HEIGHT = 24 };
enum { TRAINER_KEY_ESC = 27, TRAINER_KEY_BACKSPACE = 127 };
static const int TRAINER_PROVER_BITS = 16;

static void trainer_status(struct ui_trainer *tr, bool warn, const char *fmt,
                           ...) __attribute__((format(printf, 3, 4)));

static void
trainer_status(struct ui_trainer *tr, bool warn, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(tr->status, sizeof tr->status, fmt, ap);
	va_end(ap);
	tr->status_warn = warn;
}

/* The legal moves of the position now, with the cells each names. */
static void
trainer_refresh_moves(struct ui_trainer *tr)
{
	ui_builder_list(&tr->build, tr->ops, &tr->play.pos);
	tr->build.nsel = 0;
}

static const struct puzzle *
trainer_puzzle(const struct ui_trainer *tr)
{
	return &tr->set.items[tr->current];
}

static void
trainer_show(struct ui_trainer *tr, size_t index)
{
	tr->current = index;
	const struct puzzle *pz = trainer_puzzle(tr);
	puzzle_play_start(&tr->play, tr->ops, pz, tr->prover);
	tr->scored = false;
	tr->hint[0] = '\0';
	trainer_refresh_moves(tr);
	const struct ui_builder *b = &tr->build;
	if (b->nmoves > 0 && b->moves[0].ncells > 0)
		tr->build.cursor = b->moves[0].cells[0];
	const char *side =
	        tr->ops->side_names[tr->ops->side_to_move(&pz->start)];
	if (pz->kind == PUZZLE_WIN)
		trainer_status(tr, false, "%s to move and win within %d pl%s",
		               side, pz->plies, pz->plies == 1 ? "y" : "ies");
	else
		trainer_status(tr, false,
		               "%s to move: find the only move that holds out "
		               "for %d pl%s",
		               side, pz->plies, pz->plies == 1 ? "y" : "ies");
}

static struct puzzle_player *
trainer_player(struct ui_trainer *tr)
{
	return puzzle_progress_player(&tr->progress, tr->ops->name);
}

/* The next puzzle: near the player's rating, not tried lately. */
static void
trainer_next(struct ui_trainer *tr)
{
	struct puzzle_player *p = trainer_player(tr);
	uint64_t seed = (uint64_t)tr->progress.tried_count * 7919u +
	                (uint64_t)p->rating * 31u +
	                (uint64_t)(p->solved + p->failed);
	trainer_show(tr, puzzle_progress_pick(&tr->progress, &tr->set,
	                                      p->rating, seed));
}

static void
trainer_save(struct ui_trainer *tr)
{
	char err[1024];
	if (tr->no_save || tr->progress_path[0] == '\0')
		return;
	if (!puzzle_progress_save(tr->progress_path, &tr->progress, err,
	                          sizeof err))
		trainer_status(tr, true, "progress not saved: %s", err);
}

/* Scores the puzzle once it is over (or given up by showing the
 * solution); returns the rating change. */
static int
trainer_score(struct ui_trainer *tr, enum puzzle_outcome outcome)
{
	if (tr->scored)
		return 0;
	tr->scored = true;
	tr->last_delta = puzzle_progress_record(&tr->progress, tr->ops->name,
	                                        trainer_puzzle(tr), outcome);
	trainer_save(tr);
	return tr->last_delta;
}

/* The moves played for the other side since the player's last move. */
static void
trainer_reply_text(struct ui_trainer *tr, int from, char *buf, size_t size)
{
	struct game_pos pos = trainer_puzzle(tr)->start;
	size_t n = 0;
	buf[0] = '\0';
	for (int i = 0; i < tr->play.played_count; i++) {
		if (i >= from) {
			char text[64];
			tr->ops->format_move(&pos, tr->play.played[i], text,
			                     sizeof text);
			int w = snprintf(buf + n, size - n, "%s%s",
			                 n > 0 ? " " : "", text);
			if (w < 0 || (size_t)w >= size - n)
				break;
			n += (size_t)w;
		}
		tr->ops->play(&pos, tr->play.played[i]);
	}
}

static void
trainer_play(struct ui_trainer *tr, game_move m)
{
	char text[64], line[256];
	tr->ops->format_move(&tr->play.pos, m, text, sizeof text);
	int before = tr->play.played_count;
	enum puzzle_verdict v = puzzle_play_move(&tr->play, m);
	tr->build.nsel = 0;
	struct puzzle_player *p = trainer_player(tr);
	switch (v) {
	case PUZZLE_REFUSED:
		trainer_status(tr, true, "the puzzle is over: n for the next");
		return;
	case PUZZLE_WRONG: {
		int d = trainer_score(tr, PUZZLE_FAILED);
		puzzle_play_solution(&tr->play, line, sizeof line);
		trainer_status(tr, true,
		               "Wrong: %s does not %s. Solution: %s. Rating %d "
		               "(%+d)",
		               text,
		               trainer_puzzle(tr)->kind == PUZZLE_WIN
		                       ? "win in time"
		                       : "hold out",
		               line, p->rating, d);
		break;
	}
	case PUZZLE_COMPLETE: {
		enum puzzle_outcome o = puzzle_play_outcome(&tr->play);
		int d = trainer_score(tr, o);
		trainer_status(tr, false, "Solved%s! %s. Rating %d (%+d)",
		               o == PUZZLE_HINTED   ? " with a hint"
		               : o == PUZZLE_FAILED ? " (solution seen)"
		                                    : "",
		               text, p->rating, d);
		break;
	}
	case PUZZLE_RIGHT:
		trainer_reply_text(tr, before + 1, line, sizeof line);
		if (line[0] != '\0')
			trainer_status(
			        tr, false, "Right: %s. %s answers %s", text,
			        tr->ops->side_names[1 - tr->play.attacker],
			        line);
		else
			trainer_status(tr, false, "Right: %s. Go on", text);
		break;
	}
	tr->hint[0] = '\0';
	trainer_refresh_moves(tr);
}

bool
ui_trainer_open(struct ui_trainer *tr, const struct game_ops *ops,
                const struct ui_glyphs *glyphs, bool no_save, char *err,
                size_t err_size)
{
	memset(tr, 0, sizeof *tr);
	tr->ops = ops;
	tr->glyphs = glyphs;
	tr->no_save = no_save;
	tr->view = ui_board_find(ops->name);
	if (ops->players != 2 || tr->view == NULL) {
		snprintf(err, err_size, "%s has no puzzles", ops->name);
		return false;
	}
	char rel[64], path[4096];
	snprintf(rel, sizeof rel, "puzzles/%s.txt", ops->name);
	if (!datadir_path(rel, path, sizeof path, err, err_size) ||
	    !puzzle_load(path, ops, &tr->set, err, err_size))
		return false;
	if (tr->set.count == 0) {
		snprintf(err, err_size, "%s: no puzzles", path);
		puzzle_set_free(&tr->set);
		return false;
	}
	if (!puzzle_progress_path(tr->progress_path, sizeof tr->progress_path,
	                          !no_save, err, err_size) ||
	    !puzzle_progress_load(tr->progress_path, &tr->progress, err,
	                          err_size)) {
		puzzle_set_free(&tr->set);
		return false;
	}
	tr->prover = prover_new(ops, TRAINER_PROVER_BITS);
	bool room = ui_builder_init(&tr->build);
	tr->build.view = tr->view;
	if (tr->prover == NULL || !room) {
		snprintf(err, err_size, "out of memory");
		ui_trainer_close(tr);
		return false;
	}
	trainer_next(tr);
	return true;
}

void
ui_trainer_close(struct ui_trainer *tr)
{
	prover_free(tr->prover);
	ui_builder_free(&tr->build);
	puzzle_set_free(&tr->set);
	tr->prover = NULL;
}

/* ---- drawing --------------------------------------------------------- */

static void
trainer_marks(struct ui_trainer *tr, struct ui_board_mark *marks)
{
	memset(marks, 0, sizeof *marks * (size_t)tr->view->cells);
	/* The last move played, either side's. */
	if (tr->play.played_count > 0) {
		struct game_pos pos = trainer_puzzle(tr)->start;
		for (int i = 0; i + 1 < tr->play.played_count; i++)
			tr->ops->play(&pos, tr->play.played[i]);
		char text[64];
		int cells[UI_MOVE_CELLS];
		tr->ops->format_move(&pos,
		                     tr->play.played[tr->play.played_count - 1],
		                     text, sizeof text);
		int n = tr->view->move_cells(text, cells, UI_MOVE_CELLS);
		for (int i = 0; i < n; i++)
			marks[cells[i]].role = ROLE_LAST;
	}
	ui_builder_marks(&tr->build, marks);
}

static void
trainer_draw_panel(struct ui_trainer *tr, struct ui_grid *g, int y, int x)
{
	const struct puzzle *pz = trainer_puzzle(tr);
	const struct puzzle_player *p = trainer_player(tr);
	int w = g->width - x;
	bool over = tr->play.state != PUZZLE_PLAYING;
	ui_grid_printf(g, y++, x, w, ROLE_TITLE, "Puzzle %s", pz->id);
	ui_grid_printf(g, y++, x, w, ROLE_NORMAL, "%s, within %d pl%s",
	               pz->kind == PUZZLE_WIN ? "Win" : "Hold out", pz->plies,
	               pz->plies == 1 ? "y" : "ies");
	ui_grid_printf(g, y++, x, w, ROLE_NORMAL, "Puzzle rating %d",
	               pz->rating);
	if (over)
		ui_grid_printf(g, y++, x, w, ROLE_DIM, "Themes: %s",
		               pz->themes);
	y++;
	ui_grid_printf(g, y++, x, w, ROLE_TITLE, "Your rating %d", p->rating);
	ui_grid_printf(g, y++, x, w, ROLE_NORMAL, "solved %d  failed %d",
	               p->solved, p->failed);
	y++;
	char moves[256];
	trainer_reply_text(tr, 0, moves, sizeof moves);
	ui_grid_print(g, y++, x, w, ROLE_TITLE, "Moves");
	ui_grid_print(g, y++, x, w, ROLE_NORMAL,
	              moves[0] != '\0' ? moves : "(none yet)");
	if (tr->hint[0] != '\0') {
		y++;
		ui_grid_print(g, y++, x, w, ROLE_TITLE, "Hint");
		ui_grid_print(g, y++, x, w, ROLE_NORMAL, tr->hint);
	}
	y++;
	ui_grid_print(g, y++, x, w, ROLE_DIM, "Enter pick  : type a move");
	ui_grid_print(g, y++, x, w, ROLE_DIM, "i hint  s solution");
	ui_grid_print(g, y++, x, w, ROLE_DIM, "n next puzzle  q quit");
}

void
ui_trainer_draw(struct ui_trainer *tr, struct ui_grid *g)
{
	ui_grid_clear(g);
	if (g->width < TRAINER_MIN_WIDTH || g->height < TRAINER_MIN_HEIGHT) {
		ui_grid_printf(g, g->height / 2, 0, g->width, ROLE_WARN,
		               "terminal too small: %dx%d, want %dx%d",
		               g->width, g->height, TRAINER_MIN_WIDTH,
		               TRAINER_MIN_HEIGHT);
		return;
	}
	const struct puzzle *pz = trainer_puzzle(tr);
	int stm = tr->ops->side_to_move(&tr->play.pos);
	char title[256];
	snprintf(title, sizeof title, " tabula puzzles  %s  %s  %s to move",
	         tr->ops->title, pz->id, tr->ops->side_names[stm]);
	/* The title bar across the whole width. */
	ui_grid_printf(g, 0, 0, g->width, ROLE_TITLE, "%-*s", g->width, title);
	char fen[GAME_TEXT_MAX];
	tr->ops->format_pos(&tr->play.pos, fen, sizeof fen);
	struct ui_piece cells[UI_BOARD_MAX_CELLS];
	struct ui_board_info info;
	struct ui_board_mark marks[UI_BOARD_MAX_CELLS];
	tr->board_y = 2;
	tr->board_x = 2;
	if (tr->view->decode(fen, cells, &info)) {
		trainer_marks(tr, marks);
		ui_board_draw(g, tr->board_y, tr->board_x, tr->view, tr->glyphs,
		              cells, marks);
	}
	trainer_draw_panel(tr, g, 2, tr->board_x + tr->view->width + 4);
	if (tr->prompting) {
		ui_grid_printf(g, g->height - 2, 0, g->width, ROLE_STATUS,
		               "move: %s", tr->prompt);
		g->cursor_y = g->height - 2;
		g->cursor_x = 6 + (int)tr->prompt_len;
	}
	ui_grid_print(g, g->height - 1, 0, g->width,
	              tr->status_warn ? ROLE_WARN : ROLE_STATUS, tr->status);
}

/* ---- keys ---------------------------------------------------------- */

static void
trainer_pick(struct ui_trainer *tr, int cell)
{
	if (tr->play.state != PUZZLE_PLAYING) {
		trainer_status(tr, true, "the puzzle is over: n for the next");
		return;
	}
	int candidates;
	game_move move;
	char name[16];
	tr->view->cell_name(cell, name, sizeof name);
	switch (ui_builder_pick(&tr->build, cell, &candidates, &move)) {
	case UI_PICK_DROPPED:
		trainer_status(tr, false, "cell dropped");
		break;
	case UI_PICK_FULL:
		break;
	case UI_PICK_COMPLETE:
		trainer_play(tr, move);
		break;
	case UI_PICK_NONE:
		trainer_status(tr, true, "%s: no legal move goes on from here",
		               name);
		break;
	case UI_PICK_GOES_ON:
		trainer_status(tr, false, "%s picked: %d legal move%s go on",
		               name, candidates, candidates == 1 ? "" : "s");
		break;
	}
}

static void
trainer_typed(struct ui_trainer *tr)
{
	tr->prompting = false;
	if (tr->prompt_len == 0)
		return;
	if (tr->play.state != PUZZLE_PLAYING) {
		trainer_status(tr, true, "the puzzle is over: n for the next");
		return;
	}
	game_move m;
	char why[256];
	if (!tr->ops->parse_move(&tr->play.pos, tr->prompt, &m, why,
	                         sizeof why)) {
		trainer_status(tr, true, "%s: %s", tr->prompt, why);
		return;
	}
	trainer_play(tr, m);
}

static void
trainer_prompt_key(struct ui_trainer *tr, int key)
{
	if (key == '\n' || key == '\r' || key == KEY_ENTER)
		trainer_typed(tr);
	else if (key == TRAINER_KEY_ESC)
		tr->prompting = false;
	else if (key == KEY_BACKSPACE || key == TRAINER_KEY_BACKSPACE ||
	         key == 8) {
		if (tr->prompt_len > 0)
			tr->prompt[--tr->prompt_len] = '\0';
	} else if (key >= 32 && key < 127 &&
	           tr->prompt_len + 1 < sizeof tr->prompt) {
		tr->prompt[tr->prompt_len++] = (char)key;
		tr->prompt[tr->prompt_len] = '\0';
	}
}

static void
trainer_pass(struct ui_trainer *tr)
{
	const struct ui_builder *b = &tr->build;
	for (int i = 0; i < b->nmoves; i++) {
		if (b->moves[i].ncells == 0) {
			trainer_play(tr, b->moves[i].move);
			return;
		}
	}
	trainer_status(tr, true, "no pass here");
}

static void
trainer_solution(struct ui_trainer *tr)
{
	char line[256];
	bool playing = tr->play.state == PUZZLE_PLAYING;
	puzzle_play_solution(&tr->play, line, sizeof line);
	if (playing) {
		int d = trainer_score(tr, PUZZLE_FAILED);
		trainer_status(tr, true, "Solution: %s. Rating %d (%+d)", line,
		               trainer_player(tr)->rating, d);
	} else
		trainer_status(tr, false, "Solution: %s", line);
}

static void
trainer_hint(struct ui_trainer *tr)
{
	game_move m;
	char text[64];
	if (puzzle_play_hint(&tr->play, &m)) {
		tr->ops->format_move(&tr->play.pos, m, text, sizeof text);
		snprintf(tr->hint, sizeof tr->hint, "play %s", text);
	} else
		snprintf(tr->hint, sizeof tr->hint, "no hint now");
	trainer_status(tr, false, "Hint: %s", tr->hint);
}

void
ui_trainer_key(struct ui_trainer *tr, int key)
{
	if (tr->prompting) {
		trainer_prompt_key(tr, key);
		return;
	}
	int dy = 0, dx = 0;
	switch (key) {
	case KEY_LEFT:
	case 'h':
		dx = -1;
		break;
	case KEY_RIGHT:
	case 'l':
		dx = 1;
		break;
	case KEY_UP:
	case 'k':
		dy = -1;
		break;
	case KEY_DOWN:
	case 'j':
		dy = 1;
		break;
	case '\n':
	case '\r':
	case ' ':
	case KEY_ENTER:
		trainer_pick(tr, tr->build.cursor);
		return;
	case TRAINER_KEY_ESC:
		tr->build.nsel = 0;
		trainer_status(tr, false, "picks dropped");
		return;
	case ':':
	case 'm':
		tr->prompting = true;
		tr->prompt_len = 0;
		tr->prompt[0] = '\0';
		return;
	case 'p':
		trainer_pass(tr);
		return;
	case 'i':
		trainer_hint(tr);
		return;
	case 's':
		trainer_solution(tr);
		return;
	case 'n':
		trainer_next(tr);
		return;
	case 'q':
		tr->quit = true;
		return;
	default:
		return;
	}
	tr->build.cursor = ui_board_step(tr->view, tr->build.cursor, dy, dx);
}

void
ui_trainer_click(struct ui_trainer *tr, int y, int x)
{
	int cell = ui_board_hit(tr->view, tr->board_y, tr->board_x, y, x);
	if (cell < 0)
		return;
	tr->build.cursor = cell;
	trainer_pick(tr, cell);
}

struct ui_trainer *
ui_trainer_new(const struct game_ops *ops, const struct ui_glyphs *glyphs,
               bool no_save, char *err, size_t err_size)
{
	struct ui_trainer *tr = malloc(sizeof *tr);
	if (tr == NULL) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	if (!ui_trainer_open(tr, ops, glyphs, no_save, err, err_size)) {
		free(tr);
		return NULL;
	}
	return tr;
}

/* ---- the screen ---------------------------------------------------- */

static void
trainer_screen_close(struct ui_host *host, void *ctx)
{
	(void)host;
	ui_trainer_close(ctx);
	free(ctx);
}

static void
trainer_screen_draw(struct ui_host *host, void *ctx, struct ui_grid *g)
{
	(void)host;
	ui_trainer_draw(ctx, g);
}

static void
trainer_screen_key(struct ui_host *host, void *ctx, int key)
{
	struct ui_trainer *tr = ctx;
	ui_trainer_key(tr, key);
	if (tr->quit)
		ui_screen_pop(host);
}

static void
trainer_screen_click(struct ui_host *host, void *ctx, int y, int x)
{
	(void)host;
	ui_trainer_click(ctx, y, x);
}

/* No smallest size: the trainer says itself when the terminal is too
 * small. */
const struct ui_screen_ops ui_screen_trainer = {
        .name = "trainer",
        .close = trainer_screen_close,
        .draw = trainer_screen_draw,
        .key = trainer_screen_key,
        .click = trainer_screen_click,
};
