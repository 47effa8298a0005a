/*
 * The puzzle trainer's screen (tabula(6), PUZZLES) without a terminal: the
 * trainer takes keys and clicks and draws into a grid, so each test opens
 * it on a puzzle file of its own (TABULA_DATA_DIR, and the progress file
 * under XDG_DATA_HOME, both in a fresh directory), makes moves with the
 * cursor, with clicks and typed after ':', and checks the status line,
 * the screen and the progress file a player would see.
 */
#include "config.h"

#include <check.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/registry.h"
#include "ui/term.h"
#include "ui/trainer.h"
#include "testutil.h"

/* Puzzles from the installed sets (data/puzzles), one kind each. */
static const char TETRESS_WIN3[] =
        "tetress-1-2 | win | 3 | 1386 | quiet | "
        "bbbbrrrr.br/rrr.rrbbrrr/.........../b..rrbrbbbb/bbbb.b..rrr/"
        ".rrrr..bbb./rr...rrr.br/.rrbbr.rbbb/bbrrrrbbb.b/r...brb.bbr/"
        "rrrbb..rb.. b 59 | 2-0,2-1,2-2,2-3 2-4,2-5,2-6,2-7 "
        "4-6,4-7,5-5,5-6\n";
static const char TETRESS_SAVE1[] =
        "tetress-1-1 | save | 1 | 1011 | defence | "
        "rrrbrb.bbbr/bb..b.rrrrb/bbr.b.r.bbr/.br.b.rrrr./rbbbbrrr.r./"
        "r..b.bbr.rr/bbbb.rbrr.b/b..b.rrrbbb/rrbb..rrr.r/bb..rr.rrrb/"
        "rrrrrbbb.bb b 47 | 5-4,6-4,7-4,8-4\n";
static const char TZAAR_WIN2[] =
        "tzaar-1-1 | win | 2 | 1049 | type-captured | "
        "ccccCCbb.bCC..BABCCBccCa2BCC.....bc.cC..A2bccbB..bcb2..BBccCCCC "
        "w cap | F6xF7 F7xD6\n";

static char trainer_dir[64];

/* A fresh data directory whose puzzles/GAME.txt holds body, and an empty
 * XDG_DATA_HOME beside it. */
static void
trainer_data(const char *game, const char *body)
{
	char path[256];
	snprintf(trainer_dir, sizeof trainer_dir, "/tmp/tabula-trainer-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(trainer_dir));
	snprintf(path, sizeof path, "%s/puzzles", trainer_dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/puzzles/%s.txt", trainer_dir, game);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "# tabula puzzles 1\n%s", body);
	ck_assert_int_eq(fclose(f), 0);
	setenv("TABULA_DATA_DIR", trainer_dir, 1);
	snprintf(path, sizeof path, "%s/home", trainer_dir);
	setenv("XDG_DATA_HOME", path, 1);
}

static void
trainer_data_clean(void)
{
	testutil_remove_tree(trainer_dir);
}

static void
trainer_open(struct ui_trainer *tr, const char *game, const char *body)
{
	char err[1024];
	trainer_data(game, body);
	ck_assert_msg(ui_trainer_open(tr, registry_find(game),
	                              ui_term_glyphs(true), false, err,
	                              sizeof err),
	              "%s", err);
}

/* The screen as text, drawn at width x height. */
static char *
trainer_screen(struct ui_trainer *tr, int width, int height)
{
	struct ui_grid g = {0};
	ck_assert(ui_grid_resize(&g, width, height));
	ui_trainer_draw(tr, &g);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(f);
	ui_grid_dump(&g, f);
	fclose(f);
	ui_grid_free(&g);
	return buf;
}

static void
trainer_keys(struct ui_trainer *tr, const char *keys)
{
	for (const char *k = keys; *k != '\0'; k++)
		ui_trainer_key(tr, *k == '\n' ? KEY_ENTER : *k);
}

/* Types text after ':' and Enter. */
static void
trainer_type(struct ui_trainer *tr, const char *text)
{
	ui_trainer_key(tr, ':');
	trainer_keys(tr, text);
	ui_trainer_key(tr, KEY_ENTER);
}

/* Clicks on a cell, named in the game's notation, where it is drawn. */
static void
trainer_click(struct ui_trainer *tr, const char *name)
{
	free(trainer_screen(tr, 80, 24)); /* places the board */
	for (int c = 0; c < tr->view->cells; c++) {
		char buf[16];
		tr->view->cell_name(c, buf, sizeof buf);
		if (strcmp(buf, name) == 0) {
			int y, x;
			tr->view->cell_xy(c, &y, &x);
			ui_trainer_click(tr, tr->board_y + y, tr->board_x + x);
			ck_assert_int_eq(tr->build.cursor, c);
			return;
		}
	}
	ck_abort_msg("no cell %s", name);
}

static void
assert_status(const struct ui_trainer *tr, bool warn, const char *start)
{
	ck_assert_msg(strncmp(tr->status, start, strlen(start)) == 0,
	              "status \"%s\", want \"%s...\"", tr->status, start);
	ck_assert_int_eq(tr->status_warn, warn);
}

/* The progress file's rating line for game. */
static void
assert_progress(const char *game, int solved, int failed)
{
	char path[256], line[256], want[64];
	snprintf(path, sizeof path, "%s/home/tabula/puzzles.txt", trainer_dir);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "no progress file %s", path);
	snprintf(want, sizeof want, "rating %s ", game);
	bool found = false;
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, want, strlen(want)) != 0)
			continue;
		int rating, s, fl;
		ck_assert_int_eq(sscanf(line + strlen(want), "%d %d %d",
		                        &rating, &s, &fl),
		                 3);
		ck_assert_int_eq(s, solved);
		ck_assert_int_eq(fl, failed);
		found = true;
	}
	fclose(f);
	ck_assert_msg(found, "no rating line for %s", game);
}

/* A three-ply Tetress win made with clicks, the cursor and a typed move:
 * picks dropped and refused, a hint, the defence answered, solved. */
START_TEST(test_trainer_win_with_cursor)
{
	static struct ui_trainer tr;
	trainer_open(&tr, "tetress", TETRESS_WIN3);
	assert_status(&tr, false, "Blue to move and win within 3 plies");
	char *screen = trainer_screen(&tr, 80, 24);
	ck_assert_ptr_nonnull(
	        strstr(screen, "tabula puzzles  Tetress  tetress-1-2  Blue"));
	free(screen);

	/* A cell no move goes on from, then one picked and dropped. */
	trainer_click(&tr, "0-0");
	assert_status(&tr, true, "0-0: no legal move goes on from here");
	ck_assert_int_eq(tr.build.nsel, 0);
	trainer_click(&tr, "2-0");
	assert_status(&tr, false, "2-0 picked: ");
	ck_assert_ptr_nonnull(strstr(tr.status, "legal moves go on"));
	ui_trainer_key(&tr, KEY_ENTER); /* the cursor is on it: drop it */
	assert_status(&tr, false, "cell dropped");
	trainer_click(&tr, "2-1");
	ui_trainer_key(&tr, 27);
	assert_status(&tr, false, "picks dropped");
	ck_assert_int_eq(tr.build.nsel, 0);

	/* The cursor moves with the arrows and vi keys alike. */
	int at = tr.build.cursor;
	ui_trainer_key(&tr, KEY_RIGHT);
	ck_assert_int_ne(tr.build.cursor, at);
	ui_trainer_key(&tr, 'h');
	ck_assert_int_eq(tr.build.cursor, at);
	ui_trainer_key(&tr, 'j');
	ui_trainer_key(&tr, KEY_UP);
	ck_assert_int_eq(tr.build.cursor, at);

	ui_trainer_key(&tr, 'i');
	assert_status(&tr, false, "Hint: ");
	ui_trainer_key(&tr, 'p');
	assert_status(&tr, true, "no pass here");

	/* The first move with clicks; the defence answers at once. */
	const char *cells[] = {"2-0", "2-1", "2-2", "2-3"};
	for (int i = 0; i < 4; i++)
		trainer_click(&tr, cells[i]);
	assert_status(&tr, false,
	              "Right: 2-0,2-1,2-2,2-3. Red answers 2-4,2-5,2-6,2-7");
	screen = trainer_screen(&tr, 80, 24);
	ck_assert_ptr_nonnull(strstr(screen, "Blue to move"));
	free(screen);

	/* The last one typed, with a typo taken back. */
	ui_trainer_key(&tr, 'm');
	trainer_keys(&tr, "4-6,4-7,5-5,5-7");
	ui_trainer_key(&tr, KEY_BACKSPACE);
	trainer_keys(&tr, "6");
	screen = trainer_screen(&tr, 80, 24);
	ck_assert_ptr_nonnull(strstr(screen, "move: 4-6,4-7,5-5,5-6"));
	free(screen);
	ui_trainer_key(&tr, '\n');
	assert_status(&tr, false,
	              "Solved with a hint! 4-6,4-7,5-5,5-6. Rating");
	assert_progress("tetress", 1, 0);

	/* Over: moves are refused, the solution shown without a cost. */
	trainer_type(&tr, "0-0,0-1,0-2,0-3");
	assert_status(&tr, true, "the puzzle is over: n for the next");
	trainer_click(&tr, "1-0");
	assert_status(&tr, true, "the puzzle is over: n for the next");
	ui_trainer_key(&tr, 'i');
	assert_status(&tr, false, "Hint: no hint now");
	ui_trainer_key(&tr, 's');
	assert_status(&tr, false,
	              "Solution: 2-0,2-1,2-2,2-3 2-4,2-5,2-6,2-7 "
	              "4-6,4-7,5-5,5-6");
	assert_progress("tetress", 1, 0);

	ui_trainer_key(&tr, 'n');
	assert_status(&tr, false, "Blue to move and win within 3 plies");
	ck_assert(!tr.quit);
	ui_trainer_key(&tr, 'q');
	ck_assert(tr.quit);
	ui_trainer_close(&tr);
	trainer_data_clean();
}
END_TEST

/* A Tetress defence: a malformed move, a wrong one, then the solution
 * asked for while playing, each scored in the progress file. */
START_TEST(test_trainer_wrong_and_solution)
{
	static struct ui_trainer tr;
	trainer_open(&tr, "tetress", TETRESS_SAVE1);
	assert_status(&tr, false,
	              "Blue to move: find the only move that holds out for 1 "
	              "ply");
	trainer_type(&tr, "zz");
	assert_status(&tr, true, "zz: ");
	ck_assert_int_eq(tr.play.state, PUZZLE_PLAYING);
	/* Esc leaves the prompt without a move; an empty one does nothing. */
	ui_trainer_key(&tr, ':');
	trainer_keys(&tr, "5-4");
	ui_trainer_key(&tr, 27);
	ck_assert(!tr.prompting);
	trainer_type(&tr, "");
	assert_status(&tr, true, "zz: ");

	/* Any legal move but the solution's loses. */
	const char *wrong = NULL;
	for (int i = 0; i < tr.build.nmoves && wrong == NULL; i++)
		if (strcmp(tr.build.moves[i].text, "5-4,6-4,7-4,8-4") != 0)
			wrong = tr.build.moves[i].text;
	ck_assert_ptr_nonnull(wrong);
	char typed[64];
	snprintf(typed, sizeof typed, "%s", wrong);
	trainer_type(&tr, typed);
	char want[160];
	snprintf(want, sizeof want,
	         "Wrong: %s does not hold out. Solution: 5-4,6-4,7-4,8-4. "
	         "Rating ",
	         typed);
	assert_status(&tr, true, want);
	assert_progress("tetress", 0, 1);

	/* The next puzzle (the same, the only one): the solution on demand
	 * fails it. */
	ui_trainer_key(&tr, 'n');
	ck_assert_int_eq(tr.play.state, PUZZLE_PLAYING);
	ui_trainer_key(&tr, 's');
	assert_status(&tr, true, "Solution: 5-4,6-4,7-4,8-4. Rating ");
	assert_progress("tetress", 0, 2);
	/* Played after the solution was seen, it counts no more. */
	trainer_type(&tr, "5-4,6-4,7-4,8-4");
	assert_status(&tr, false, "Solved (solution seen)! 5-4,6-4,7-4,8-4. ");
	ck_assert_ptr_nonnull(strstr(tr.status, "(+0)"));
	assert_progress("tetress", 0, 2);
	ui_trainer_close(&tr);
	trainer_data_clean();
}
END_TEST

/* TZAAR's second sub-move may be a pass: right, then a pass that does
 * not win. */
START_TEST(test_trainer_pass)
{
	static struct ui_trainer tr;
	trainer_open(&tr, "tzaar", TZAAR_WIN2);
	trainer_type(&tr, "F6xF7");
	assert_status(&tr, false, "Right: F6xF7. Go on");
	ui_trainer_key(&tr, 'p');
	assert_status(&tr, true,
	              "Wrong: pass does not win in time. "
	              "Solution: F6xF7 F7xD6. Rating ");
	assert_progress("tzaar", 0, 1);
	ui_trainer_close(&tr);
	trainer_data_clean();
}
END_TEST

/* What cannot open says why; a small screen says what it needs. */
START_TEST(test_trainer_open_errors_and_small_screen)
{
	static struct ui_trainer tr;
	char err[1024];
	trainer_data("tetress", "");
	ck_assert(!ui_trainer_open(&tr, registry_find("tetris"),
	                           ui_term_glyphs(true), true, err,
	                           sizeof err));
	ck_assert_str_eq(err, "tetris has no puzzles");
	ck_assert(!ui_trainer_open(&tr, registry_find("tetress"),
	                           ui_term_glyphs(true), true, err,
	                           sizeof err));
	ck_assert_ptr_nonnull(strstr(err, "tetress.txt: no puzzles"));
	ck_assert(!ui_trainer_open(&tr, registry_find("infexion"),
	                           ui_term_glyphs(true), true, err,
	                           sizeof err));
	ck_assert_ptr_nonnull(strstr(err, "infexion.txt"));
	trainer_data_clean();

	trainer_open(&tr, "tetress", TETRESS_SAVE1);
	char *screen = trainer_screen(&tr, 60, 20);
	ck_assert_ptr_nonnull(
	        strstr(screen, "terminal too small: 60x20, want 78x24"));
	free(screen);
	ui_trainer_close(&tr);
	trainer_data_clean();
}
END_TEST

static Suite *
trainer_suite(void)
{
	Suite *s = suite_create("trainer");
	TCase *tc = tcase_create("trainer");
	tcase_add_test(tc, test_trainer_win_with_cursor);
	tcase_add_test(tc, test_trainer_wrong_and_solution);
	tcase_add_test(tc, test_trainer_pass);
	tcase_add_test(tc, test_trainer_open_errors_and_small_screen);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return testutil_run_suite(trainer_suite());
}
