/*
 * The UI's pure parts, without a terminal: the virtual grid and its text
 * dump, and every registered game's board view against the game itself.
 * For random positions of each game, the view must decode the position
 * string, name the cells of every legal move, and spell those cells back
 * into text that parse_move reads as the same move; cursor steps must stay
 * on the board; and a click on a cell's text must find that cell.  Then
 * the parts every screen shares: the screen stack (push, pop, show, back
 * to, the "too small" notice, settling after a key), the move builder
 * (picking the cells of every legal move builds that move) and the list
 * keys.
 */
#include "config.h"

#include <check.h>
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "core/rng.h"
#include "core/session.h"
#include "ui/board.h"
#include "ui/builder.h"
#include "ui/grid.h"
#include "ui/keytab.h"
#include "ui/list.h"
#include "ui/screen.h"
#include "testutil.h"

/* Random positions visited per game. */
static const int POSITIONS_PER_GAME = 30;

START_TEST(test_grid_print_and_dump)
{
	struct ui_grid g = {0};
	ck_assert(ui_grid_resize(&g, 6, 2));
	ck_assert_int_eq(ui_grid_print(&g, 0, 1, -1, ROLE_P1,
	                               "ab\xc2\xb7"
	                               "cdef"),
	                 5);
	ck_assert_int_eq(ui_grid_at(&g, 0, 3)->role, ROLE_P1);
	ck_assert_str_eq(ui_grid_at(&g, 0, 3)->glyph, "\xc2\xb7");
	ck_assert_ptr_null(ui_grid_at(&g, 2, 0));
	ck_assert_int_eq(ui_grid_printf(&g, 1, 0, 2, ROLE_DIM, "%d", 12345), 2);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ui_grid_dump(&g, f);
	fclose(f);
	ck_assert_str_eq(buf, " ab\xc2\xb7"
	                      "cd\n12\n");
	free(buf);
	ui_grid_free(&g);
}
END_TEST

/* Plays `plies` random moves from the start; returns the position. */
static struct game_pos
random_position(const struct game_ops *ops, uint64_t seed, int plies)
{
	static game_move moves[GAME_MAX_MOVES];
	struct session s;
	struct game_setup setup = {.seed = 0};
	ck_assert(session_init(&s, ops, &setup));
	if (ops->item_from_char != NULL) {
		char err[128];
		ck_assert(session_set_stream(&s, "TIOLJSZTIOLJSZTIOLJSZTIOLJSZ",
		                             err, sizeof err));
	}
	struct rng r;
	rng_seed(&r, seed);
	for (int i = 0; i < plies; i++) {
		int n = ops->gen_moves(session_current(&s), moves);
		if (n == 0)
			break;
		ck_assert(session_play(&s, moves[rng_below(&r, (uint32_t)n)]));
	}
	struct game_pos pos = *session_current(&s);
	session_free(&s);
	return pos;
}

/* Every legal move's cells spell a text that parses to the same move. */
static void
check_moves_round_trip(const struct game_ops *ops,
                       const struct ui_board_view *v,
                       const struct game_pos *pos)
{
	static game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(pos, moves);
	for (int i = 0; i < n; i++) {
		char text[GAME_TEXT_MAX], spelt[128], err[256];
		int cells[4];
		ops->format_move(pos, moves[i], text, sizeof text);
		int k = v->move_cells(text, cells, 4);
		if (k == 0)
			continue; /* a pass, or a Tetris placement */
		for (int c = 0; c < k; c++)
			ck_assert_msg(cells[c] >= 0 && cells[c] < v->cells,
			              "%s: %s: cell %d", ops->name, text,
			              cells[c]);
		ck_assert_msg(v->spell(cells, k, spelt, sizeof spelt),
		              "%s: cannot spell %s", ops->name, text);
		game_move back;
		ck_assert_msg(
		        ops->parse_move(pos, spelt, &back, err, sizeof err),
		        "%s: %s spelt %s: %s", ops->name, text, spelt, err);
		ck_assert_msg(back == moves[i],
		              "%s: %s spelt %s is another move", ops->name,
		              text, spelt);
	}
}

START_TEST(test_views_against_games)
{
	int games = 0;
	for (size_t gi = 0; registry_at(gi) != NULL; gi++) {
		const struct game_ops *ops = registry_at(gi);
		const struct ui_board_view *v = ui_board_find(ops->name);
		ck_assert_msg(v != NULL, "no board view for %s", ops->name);
		ck_assert_int_le(v->cells, UI_BOARD_MAX_CELLS);
		games++;
		for (int p = 0; p < POSITIONS_PER_GAME; p++) {
			struct game_pos pos =
			        random_position(ops, (uint64_t)p, p);
			char fen[GAME_TEXT_MAX];
			ops->format_pos(&pos, fen, sizeof fen);
			struct ui_piece cells[UI_BOARD_MAX_CELLS];
			struct ui_board_info info;
			ck_assert_msg(v->decode(fen, cells, &info),
			              "%s cannot decode %s", ops->name, fen);
			check_moves_round_trip(ops, v, &pos);
		}
	}
	ck_assert_int_gt(games, 0);
}
END_TEST

/* Broken position strings are refused, never read past their end. */
START_TEST(test_views_refuse_bad_positions)
{
	static const char *const bad[] = {"",  "x", "r/b/", "...........",
	                                  "#", "A1"};
	const struct ui_board_view *views[] = {
	        &ui_board_tetress, &ui_board_infexion, &ui_board_tzaar,
	        &ui_board_tetris};
	for (size_t i = 0; i < sizeof views / sizeof views[0]; i++) {
		for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
			struct ui_piece cells[UI_BOARD_MAX_CELLS];
			struct ui_board_info info;
			ck_assert_msg(!views[i]->decode(bad[k], cells, &info),
			              "%s accepted '%s'", views[i]->game,
			              bad[k]);
		}
	}
}
END_TEST

/* Cells never overlap on screen, clicks find them, steps stay inside. */
START_TEST(test_view_geometry)
{
	const struct ui_board_view *views[] = {
	        &ui_board_tetress, &ui_board_infexion, &ui_board_tzaar,
	        &ui_board_tetris};
	const struct ui_board_view *v = views[_i];
	for (int i = 0; i < v->cells; i++) {
		int y, x;
		v->cell_xy(i, &y, &x);
		ck_assert_msg(y >= 0 && y < v->height && x >= 0 &&
		                      x + v->cell_width <= v->width,
		              "%s cell %d at %d,%d outside %dx%d", v->game, i,
		              y, x, v->width, v->height);
		ck_assert_int_eq(ui_board_hit(v, 5, 7, y + 5, x + 7), i);
		static const int dirs[4][2] = {
		        {-1, 0}, {1, 0}, {0, -1}, {0, 1}};
		for (int d = 0; d < 4; d++) {
			int to = ui_board_step(v, i, dirs[d][0], dirs[d][1]);
			ck_assert(to >= 0 && to < v->cells);
			ck_assert_msg(to != i, "%s: cell %d cannot move %d,%d",
			              v->game, i, dirs[d][0], dirs[d][1]);
		}
	}
	ck_assert_int_eq(ui_board_hit(v, 0, 0, -1, -1), -1);
}
END_TEST

/* TZAAR's coordinates lie outside the board, as on a printed board: no
 * letter or top number has a cell on its own screen row within a
 * column's step (they sat among the neighbouring columns' pieces, "A   C
 * B"), and the sides' numbers stand beside columns A and I. */
START_TEST(test_tzaar_labels_outside)
{
	const struct ui_board_view *v = &ui_board_tzaar;
	static const struct ui_glyphs gl = {.hole = "( )"};
	struct ui_grid g = {0};
	ck_assert(ui_grid_resize(&g, v->width, v->height));
	v->frame(&g, 0, 0, &gl, NULL, NULL);
	int labels = 0, min_x = v->width, max_x = 0;
	for (int i = 0; i < v->cells; i++) {
		int cy, cx;
		v->cell_xy(i, &cy, &cx);
		min_x = cx < min_x ? cx : min_x;
		max_x = cx > max_x ? cx : max_x;
	}
	for (int y = 0; y < v->height; y++) {
		for (int x = 0; x < v->width; x++) {
			const char *glyph = ui_grid_at(&g, y, x)->glyph;
			if (strcmp(glyph, " ") == 0 || strchr("()", glyph[0]))
				continue;
			labels++;
			/* The sides' numbers stand beside columns A and I. */
			if (x < min_x || x > max_x)
				continue;
			for (int i = 0; i < v->cells; i++) {
				int cy, cx;
				v->cell_xy(i, &cy, &cx);
				ck_assert_msg(
				        cy != y || abs(cx - x) > 4,
				        "label '%s' at %d,%d beside cell %d "
				        "at %d,%d",
				        glyph, y, x, i, cy, cx);
			}
		}
	}
	/* A..I, the top numbers 5 6 7 8 9 8 7 6 5, the sides' 1..5 twice. */
	ck_assert_int_eq(labels, 9 + 9 + 10);
	ui_grid_free(&g);
}
END_TEST

/* Known cells: the notation's names land where the rules put them. */
START_TEST(test_view_cell_names)
{
	int cells[4];
	char name[16];
	ck_assert_int_eq(
	        ui_board_tetress.move_cells("0-0,0-10,10-0,10-10", cells, 4),
	        4);
	ck_assert_int_eq(cells[1], 10);
	ck_assert_int_eq(cells[3], 120);
	ui_board_tetress.cell_name(120, name, sizeof name);
	ck_assert_str_eq(name, "10-10");
	ck_assert_int_eq(
	        ui_board_infexion.move_cells("SPREAD(6,0,1,-1)", cells, 4), 2);
	ck_assert_int_eq(cells[0], 42);
	ck_assert_int_eq(cells[1], 0 * 7 + 6); /* wraps to (0, 6) */
	ck_assert_int_eq(ui_board_tzaar.move_cells("E4xE6", cells, 4), 2);
	ui_board_tzaar.cell_name(cells[0], name, sizeof name);
	ck_assert_str_eq(name, "E4");
	ui_board_tzaar.cell_name(cells[1], name, sizeof name);
	ck_assert_str_eq(name, "E6");
	ui_board_tzaar.cell_name(59, name, sizeof name);
	ck_assert_str_eq(name, "I5");
	ck_assert_int_eq(ui_board_tzaar.move_cells("E5xE6", cells, 4), 0);
	ck_assert_int_eq(ui_board_tzaar.move_cells("pass", cells, 4), 0);
}
END_TEST

/* The eight direction keys: arrows and the keypad's corners. */
static const int KEY_DIRS[8][2] = {{-1, 0},  {1, 0},  {0, -1}, {0, 1},
                                   {-1, -1}, {-1, 1}, {1, -1}, {1, 1}};

/* Keys from the picked source to the target t of a two-cell move, the
 * way pick.c builds it: a direction key to the nearest cell that way
 * where a legal move goes on, else Tab through those cells in board
 * order; then Enter. */
static int
keys_to_target(const struct ui_board_view *v, int source, int t,
               const bool *targets)
{
	for (int d = 0; d < 8; d++)
		if (ui_board_step_among(v, source, KEY_DIRS[d][0],
		                        KEY_DIRS[d][1], targets) == t)
			return 1 + 1;
	int tabs = 0;
	for (int c = source + 1;; c++) {
		c %= v->cells;
		tabs += targets[c];
		if (c == t)
			return tabs + 1;
	}
}

/* Direction keys (arrows, keypad corners) from cell a to cell b. */
static int
keys_between(const struct ui_board_view *v, int a, int b)
{
	static int dist[UI_BOARD_MAX_CELLS], queue[UI_BOARD_MAX_CELLS];
	for (int i = 0; i < v->cells; i++)
		dist[i] = -1;
	int head = 0, tail = 0;
	dist[a] = 0;
	queue[tail++] = a;
	while (head < tail && dist[b] < 0) {
		int c = queue[head++];
		for (int d = 0; d < 8; d++) {
			int to = ui_board_step(v, c, KEY_DIRS[d][0],
			                       KEY_DIRS[d][1]);
			if (dist[to] < 0) {
				dist[to] = dist[c] + 1;
				queue[tail++] = to;
			}
		}
	}
	return dist[b];
}

/* Keys per move in Infexion and TZAAR, made the way a player makes them
 * with the cursor (source, then target or direction), over random games:
 * once the cursor is on the source a move takes Enter (a spawn) or Enter,
 * one direction key and Enter, except a TZAAR target that is not the
 * nearest one in any direction (Tab then).  The counts are printed for
 * the record; the test holds the bounds. */
START_TEST(test_keys_per_move)
{
	static const char *const names[] = {"infexion", "tzaar"};
	const char *name = names[_i];
	const struct game_ops *ops = registry_find(name);
	ck_assert_ptr_nonnull(ops);
	const struct ui_board_view *v = ui_board_find(name);
	static game_move moves[GAME_MAX_MOVES];
	long count[8] = {0}, travel_sum = 0, travel_moves = 0, total = 0;
	for (uint64_t game = 0; game < 20; game++) {
		struct session s;
		struct game_setup setup = {.seed = 0};
		ck_assert(session_init(&s, ops, &setup));
		struct rng r;
		rng_seed(&r, game + 1);
		int cursor[2] = {v->cells / 2, v->cells / 2};
		for (int ply = 0; ply < 200; ply++) {
			const struct game_pos *pos = session_current(&s);
			int n = ops->gen_moves(pos, moves);
			if (n == 0)
				break;
			game_move m = moves[rng_below(&r, (uint32_t)n)];
			char text[GAME_TEXT_MAX];
			int mc[4];
			ops->format_move(pos, m, text, sizeof text);
			int k = v->move_cells(text, mc, 4);
			int side = ops->side_to_move(pos);
			if (k >= 1) {
				int keys = 1; /* Enter on the source */
				if (k == 2) {
					static bool targets[UI_BOARD_MAX_CELLS];
					memset(targets, 0, sizeof targets);
					for (int i = 0; i < n; i++) {
						char t[GAME_TEXT_MAX];
						int c[4];
						ops->format_move(pos, moves[i],
						                 t, sizeof t);
						if (v->move_cells(t, c, 4) ==
						            2 &&
						    c[0] == mc[0])
							targets[c[1]] = true;
					}
					keys += keys_to_target(v, mc[0], mc[1],
					                       targets);
				}
				count[keys < 7 ? keys : 7]++;
				total++;
				travel_sum +=
				        keys_between(v, cursor[side], mc[0]);
				travel_moves++;
				cursor[side] = mc[k - 1];
			}
			ck_assert(session_play(&s, m));
		}
		session_free(&s);
	}
	fprintf(stderr,
	        "%s: %ld moves made with the cursor: keys from the source "
	        "1: %ld, 2: %ld, 3: %ld, 4: %ld, 5: %ld, 6: %ld, 7+: %ld; "
	        "direction keys to reach the source: %.1f on average\n",
	        name, total, count[1], count[2], count[3], count[4], count[5],
	        count[6], count[7], (double)travel_sum / (double)travel_moves);
	ck_assert_int_gt(total, 100);
	/* No move takes two keys: it is Enter, or Enter key Enter. */
	ck_assert_int_eq(count[2], 0);
	if (strcmp(name, "infexion") == 0)
		ck_assert_int_eq(count[1] + count[3], total);
	else
		ck_assert_int_ge(count[3] * 100, total * 90);
}
END_TEST

/* A screen for the stack's tests: it counts what the host asks of it. */
struct fake_screen {
	bool refuse; /* enter fails */
	int entered, closed, keys, settled, settled_on_top, drawn;
	int last_key;
	int min_w, min_h;
};

static bool
fake_enter(struct ui_host *h, void *ctx)
{
	(void)h;
	struct fake_screen *f = ctx;
	f->entered++;
	return !f->refuse;
}

static void
fake_close(struct ui_host *h, void *ctx)
{
	(void)h;
	((struct fake_screen *)ctx)->closed++;
}

static void
fake_min_size(void *ctx, int *w, int *h)
{
	const struct fake_screen *f = ctx;
	*w = f->min_w;
	*h = f->min_h;
}

static void
fake_draw(struct ui_host *h, void *ctx, struct ui_grid *g)
{
	(void)h;
	((struct fake_screen *)ctx)->drawn++;
	ui_grid_print(g, 0, 0, -1, ROLE_NORMAL, "fake");
}

static void
fake_key(struct ui_host *h, void *ctx, int key)
{
	struct fake_screen *f = ctx;
	f->keys++;
	f->last_key = key;
	if (key == 'x')
		ui_screen_pop(h);
}

static void
fake_settle(struct ui_host *h, void *ctx, bool on_top)
{
	(void)h;
	struct fake_screen *f = ctx;
	f->settled++;
	f->settled_on_top += on_top;
}

/* Two screens of the same kind, told apart by their tables. */
#define FAKE_SCREEN(label)                                                     \
	{                                                                      \
		.name = label, .enter = fake_enter, .close = fake_close,       \
		.min_size = fake_min_size, .draw = fake_draw, .key = fake_key, \
		.settle = fake_settle,                                         \
	}
static const struct ui_screen_ops fake_a = FAKE_SCREEN("a");
static const struct ui_screen_ops fake_b = FAKE_SCREEN("b");

START_TEST(test_screen_stack)
{
	struct ui_host h = {0};
	struct fake_screen a = {0}, b = {0}, c = {.refuse = true};
	ck_assert(ui_grid_resize(&h.grid, 40, 10));
	ck_assert(ui_screen_push(&h, &fake_a, &a));
	ck_assert(ui_screen_push(&h, &fake_b, &b));
	ck_assert_msg(!ui_screen_push(&h, &fake_b, &c),
	              "a screen whose enter fails is not pushed");
	ck_assert_int_eq(h.depth, 2);
	ck_assert_ptr_eq(ui_screen_top(&h), &fake_b);
	/* Keys go to the top; every screen settles, told if on top. */
	ui_screen_key(&h, 'k');
	ck_assert_int_eq(b.keys, 1);
	ck_assert_int_eq(a.keys, 0);
	ck_assert_int_eq(a.settled, 1);
	ck_assert_int_eq(a.settled_on_top, 0);
	ck_assert_int_eq(b.settled_on_top, 1);
	/* show() of a screen below pops the ones above and enters it. */
	ck_assert(ui_screen_show(&h, &fake_a, &a));
	ck_assert_int_eq(h.depth, 1);
	ck_assert_int_eq(b.closed, 1);
	ck_assert_int_eq(a.entered, 2);
	/* back_to() pushes without entering, and pops without entering. */
	ui_screen_back_to(&h, &fake_b, &b);
	ck_assert_int_eq(b.entered, 1);
	ck_assert_int_eq(h.depth, 2);
	ui_screen_back_to(&h, &fake_a, &a);
	ck_assert_int_eq(a.entered, 2);
	ck_assert_int_eq(h.depth, 1);
	/* Too small for the top: the notice, and keys but q do nothing. */
	a.min_w = 50;
	ui_screen_draw(&h);
	ck_assert_int_eq(a.drawn, 0);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(f);
	ui_grid_dump(&h.grid, f);
	fclose(f);
	ck_assert_msg(strstr(buf, "too small: 40x10, need 50x0") != NULL,
	              "no notice in:\n%s", buf);
	free(buf);
	ui_screen_key(&h, 'k');
	ck_assert_int_eq(a.keys, 0);
	a.min_w = 0;
	ui_screen_draw(&h);
	ck_assert_int_eq(a.drawn, 1);
	ck_assert(!h.dirty);
	/* The last screen popping itself ends the loop. */
	ck_assert(!h.quit);
	ui_screen_key(&h, 'x');
	ck_assert_int_eq(h.depth, 0);
	ck_assert(h.quit);
	ck_assert_int_eq(a.closed, 1);
	ui_grid_free(&h.grid);
}
END_TEST

/* Picking the cells of each legal move, in order, builds that move (or
 * one naming the same cells); the same cell picked again on a path is
 * dropped; a cell no move starts at is refused. */
START_TEST(test_builder_picks_every_move)
{
	static const char *const names[] = {"tetress", "infexion", "tzaar"};
	const struct game_ops *ops = registry_find(names[_i]);
	ck_assert_ptr_nonnull(ops);
	struct ui_builder b;
	ck_assert(ui_builder_init(&b));
	b.view = ui_board_find(ops->name);
	ck_assert_ptr_nonnull(b.view);
	struct session s;
	struct game_setup setup = {.seed = 0};
	ck_assert(session_init(&s, ops, &setup));
	struct rng r;
	rng_seed(&r, 7);
	static game_move moves[GAME_MAX_MOVES];
	for (int ply = 0; ply < 12; ply++) {
		const struct game_pos *pos = session_current(&s);
		ui_builder_list(&b, ops, pos);
		if (b.nmoves == 0)
			break;
		for (int i = 0; i < b.nmoves; i++) {
			const struct ui_move *m = &b.moves[i];
			if (m->ncells == 0)
				continue;
			b.nsel = 0;
			int candidates;
			game_move built = 0;
			enum ui_pick_result res = UI_PICK_NONE;
			for (int k = 0; k < m->ncells; k++)
				res = ui_builder_pick(&b, m->cells[k],
				                      &candidates, &built);
			ck_assert_msg(res == UI_PICK_COMPLETE,
			              "%s: picking %s's cells gave %d",
			              ops->name, m->text, (int)res);
			char text[GAME_TEXT_MAX];
			ops->format_move(pos, built, text, sizeof text);
			int cells[UI_MOVE_CELLS];
			int n = b.view->move_cells(text, cells, UI_MOVE_CELLS);
			ck_assert_int_eq(n, m->ncells);
			ck_assert_int_eq(b.nsel, 0);
		}
		int n = ops->gen_moves(pos, moves);
		ck_assert(session_play(&s, moves[rng_below(&r, (uint32_t)n)]));
	}
	/* A cell where no legal move starts is refused, not kept. */
	ui_builder_list(&b, ops, session_current(&s));
	for (int cell = 0; cell < b.view->cells; cell++) {
		bool starts = false;
		for (int i = 0; i < b.nmoves; i++)
			starts |= b.moves[i].ncells > 0 &&
			          (b.view->unordered
			                   ? ui_builder_next_cell(
			                             &b, &b.moves[i]) >= 0
			                   : b.moves[i].cells[0] == cell);
		if (b.view->unordered || starts)
			continue;
		int candidates;
		game_move built;
		ck_assert_int_eq(ui_builder_pick(&b, cell, &candidates, &built),
		                 UI_PICK_NONE);
		ck_assert_int_eq(b.nsel, 0);
		break;
	}
	session_free(&s);
	ui_builder_free(&b);
}
END_TEST

/* A key table's bindings: the first that holds the key and applies is
 * taken; one that does not apply is neither taken nor listed; classes
 * hold their keys; the footer keeps the help's hint. */
static int keytab_ran, keytab_arg;
static bool keytab_typing;

static void
keytab_run(struct ui_app *app)
{
	(void)app;
	keytab_ran++;
}

static void
keytab_run_arg(struct ui_app *app, int arg)
{
	(void)app;
	keytab_arg = arg;
}

static bool
keytab_typing_applies(const struct ui_app *app)
{
	(void)app;
	return keytab_typing;
}

static void
keytab_count(void *ctx, const char *keys, const char *what)
{
	(void)keys;
	(void)what;
	(*(int *)ctx)++;
}

static const struct ui_key KEYTAB_KEYS[] = {
        {{UI_KEYS_TEXT},
         "letters",
         "type",
         NULL,
         NULL,
         keytab_run_arg,
         UI_KEY_PRESSED,
         keytab_typing_applies},
        {{'q', 27}, "q Esc", "quit", "q quit", keytab_run},
        {{'j', KEY_DOWN}, "j Down", "down", "j down", NULL, keytab_run_arg, 7},
        {{'?'}, "?", "help", "? keys", keytab_run},
};

START_TEST(test_keytab)
{
	static const struct ui_keytab t =
	        UI_KEYTAB("test", "Test", "here", KEYTAB_KEYS, NULL);
	struct ui_app *app = (struct ui_app *)&keytab_ran; /* never read */
	keytab_typing = false;
	ck_assert(ui_keytab_take(&t, app, 'q'));
	ck_assert_int_eq(keytab_ran, 1);
	ck_assert(ui_keytab_take(&t, app, KEY_DOWN));
	ck_assert_int_eq(keytab_arg, 7);
	ck_assert(!ui_keytab_take(&t, app, 'x')); /* typing does not apply */
	ck_assert_ptr_nonnull(ui_keytab_any(&t, 'x'));
	int listed = 0;
	ui_keytab_each(&t, app, keytab_count, &listed);
	ck_assert_int_eq(listed, 3);
	keytab_typing = true;
	ck_assert(ui_keytab_take(&t, app, 'q')); /* typed, not quit */
	ck_assert_int_eq(keytab_arg, 'q');
	ck_assert_int_eq(keytab_ran, 1);
	ck_assert(!ui_keytab_take(&t, app, ' ')); /* no class holds it */
	ck_assert(ui_keytab_take(&t, app, '?'));  /* never typed */
	ck_assert_int_eq(keytab_ran, 2);
	keytab_typing = false;
	char foot[64];
	ui_keytab_footer(&t, app, 80, foot, sizeof foot);
	ck_assert_str_eq(foot, "q quit  j down  ? keys");
	ui_keytab_footer(&t, app, 15, foot, sizeof foot);
	ck_assert_str_eq(foot, "q quit  ? keys");
}
END_TEST

START_TEST(test_list_step)
{
	ck_assert_int_eq(ui_list_step(0, 5, -1), 4); /* round the top */
	ck_assert_int_eq(ui_list_step(4, 5, 1), 0);  /* round the bottom */
	ck_assert_int_eq(ui_list_step(2, 5, 1), 3);
	ck_assert_int_eq(ui_list_step(3, 0, 1), 0); /* an empty list */
}
END_TEST

static Suite *
ui_suite(void)
{
	Suite *s = suite_create("ui");
	TCase *tc = tcase_create("ui");
	tcase_add_test(tc, test_grid_print_and_dump);
	tcase_add_test(tc, test_views_against_games);
	tcase_add_test(tc, test_views_refuse_bad_positions);
	tcase_add_loop_test(tc, test_view_geometry, 0, 4);
	tcase_add_test(tc, test_view_cell_names);
	tcase_add_test(tc, test_tzaar_labels_outside);
	tcase_add_loop_test(tc, test_keys_per_move, 0, 2);
	tcase_add_test(tc, test_screen_stack);
	tcase_add_loop_test(tc, test_builder_picks_every_move, 0, 3);
	tcase_add_test(tc, test_list_step);
	tcase_add_test(tc, test_keytab);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return testutil_run_suite(ui_suite());
}
