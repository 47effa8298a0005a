/*
 * The puzzles' suite: the proving solver against a brute-force solver
 * written here (no table, no ordering, no cut-offs), on tic-tac-toe and on
 * double nim (two sub-moves a turn, as in TZAAR); the puzzle line format;
 * the generator's determinism; and the committed puzzle files, read whole
 * and a sample of them proved again.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/datadir.h"
#include "core/puzzle-progress.h"
#include "core/puzzle.h"
#include "core/registry.h"
#include "search/prove.h"
#include "study/puzzle-play.h"
#include "study/puzzle-rate.h"
#include "study/puzzlegen.h"
#include "testutil.h"
#include "toygame.h"

/* Puzzles proved again per game file (`tabula puzzles check` proves them
 * all), and the budget for each question. */
static const size_t TEST_SAMPLE = 60;
static const uint64_t TEST_BUDGET = 3000000;
static const int TEST_SLOW_TIMEOUT_S = 600;

/* Whether attacker wins within plies: every move tried, nothing kept. */
static bool
brute_win(const struct game_ops *ops, const struct game_pos *pos, int attacker,
          int plies)
{
	struct game_status st;
	ops->status(pos, &st);
	if (st.outcome != OUTCOME_ONGOING)
		return prove_winner(st.outcome) == attacker;
	if (plies == 0)
		return false;
	game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(pos, moves);
	bool mine = ops->side_to_move(pos) == attacker;
	bool all = n > 0, any = false;
	for (int i = 0; i < n; i++) {
		struct game_pos child = *pos;
		ops->play(&child, moves[i]);
		bool w = brute_win(ops, &child, attacker, plies - 1);
		any = any || w;
		all = all && w;
	}
	return mine ? any : all;
}

static void
parse(const struct game_ops *ops, const char *text, struct game_pos *pos)
{
	char err[256];
	ck_assert_msg(ops->parse_pos(pos, text, err, sizeof err), "%s: %s",
	              text, err);
}

/* Compares the solver with brute force at pos for both sides and every
 * bound up to max_plies. */
static void
compare_at(struct prover *p, const struct game_ops *ops,
           const struct game_pos *pos, int max_plies)
{
	for (int attacker = 0; attacker <= 1; attacker++) {
		for (int plies = 0; plies <= max_plies; plies++) {
			bool want = brute_win(ops, pos, attacker, plies);
			enum prove_result got = prove_win(
			        p, pos, attacker, plies, UINT64_MAX / 2);
			char text[GAME_TEXT_MAX];
			ops->format_pos(pos, text, sizeof text);
			ck_assert_msg(got == (want ? PROVE_YES : PROVE_NO),
			              "%s attacker %d plies %d: got %d want %d",
			              text, attacker, plies, (int)got, want);
		}
	}
}

/* Every tic-tac-toe position after two and three moves, with a table of
 * 16 entries (collisions and replacements everywhere) and a large one. */
START_TEST(test_prove_ttt)
{
	const struct game_ops *ops = &toy_ttt3;
	for (int bits = 4; bits <= 16; bits += 12) {
		struct prover *p = prover_new(ops, bits);
		ck_assert_ptr_nonnull(p);
		struct game_pos start;
		ops->init(&start, NULL);
		game_move m1[GAME_MAX_MOVES], m2[GAME_MAX_MOVES],
		        m3[GAME_MAX_MOVES];
		int n1 = ops->gen_moves(&start, m1);
		for (int a = 0; a < n1; a++) {
			struct game_pos p1 = start;
			ops->play(&p1, m1[a]);
			int n2 = ops->gen_moves(&p1, m2);
			for (int b = 0; b < n2; b++) {
				struct game_pos p2 = p1;
				ops->play(&p2, m2[b]);
				compare_at(p, ops, &p2, 7);
				int n3 = ops->gen_moves(&p2, m3);
				for (int c = 0; c < n3; c += 3) {
					struct game_pos p3 = p2;
					ops->play(&p3, m3[c]);
					compare_at(p, ops, &p3, 6);
				}
			}
		}
		prover_free(p);
	}
}
END_TEST

/* Double nim: the attacker keeps choosing through both sub-moves. */
START_TEST(test_prove_nim2)
{
	const struct game_ops *ops = &toy_nim2;
	struct prover *p = prover_new(ops, 10);
	for (int pile = 1; pile <= 9; pile++) {
		for (int sub = 0; sub <= 1; sub++) {
			for (int side = 0; side <= 1; side++) {
				char text[32];
				snprintf(text, sizeof text, "%d %c %d", pile,
				         side ? 'o' : 'x', sub);
				struct game_pos pos;
				parse(ops, text, &pos);
				compare_at(p, ops, &pos, 9);
			}
		}
	}
	/* The fewest plies is the first bound brute force proves. */
	struct game_pos pos;
	parse(ops, "7 x 0", &pos);
	int plies = -1, want = -1;
	for (int d = 0; d <= 12 && want < 0; d++) {
		if (brute_win(ops, &pos, 0, d))
			want = d;
	}
	enum prove_result r = prove_min_plies(p, &pos, 0, 12, 1000000, &plies);
	ck_assert_int_eq(r, want >= 0 ? PROVE_YES : PROVE_NO);
	if (want >= 0)
		ck_assert_int_eq(plies, want);
	prover_free(p);
}
END_TEST

/* A budget too small gives no answer rather than a wrong one. */
START_TEST(test_prove_budget)
{
	const struct game_ops *ops = &toy_ttt5;
	struct prover *p = prover_new(ops, 12);
	struct game_pos pos;
	ops->init(&pos, NULL);
	ck_assert_int_eq(prove_win(p, &pos, 0, 7, 1000), PROVE_UNKNOWN);
	ck_assert_int_eq(prove_win(p, &pos, 0, 0, 1000), PROVE_NO);
	prover_free(p);
}
END_TEST

/* ---- the line format ------------------------------------------------ */

/* A save puzzle of data/puzzles/infexion.txt: one move holds out. */
static const char SAVE_INFEXION[] =
        "infexion-1-12 | save | 1 | 1193 | defence | "
        "...r1r1../r2r1.r1.b1./r2r1r1..../r2r2r2r2r2r3./r3r3r2r1.r2r1/"
        ".r1r1r1r2.r1/.r4r1.r1r1. b 89 | SPREAD(1,5,-1,1)";
static const char GOOD_TZAAR[] =
        "t-1 | win | 2 | 1029 | type-captured | "
        "ccc.CCbb.cCC.B...Ca2...C..CC..cAB.c.b2...Cbcc.....c...BbccA3C2.C "
        "w cap | I2xF2 F2xD1";

START_TEST(test_format_roundtrip)
{
	const struct game_ops *ops = registry_find("tzaar");
	struct puzzle pz;
	char err[512];
	ck_assert_msg(puzzle_parse_line(ops, GOOD_TZAAR, &pz, err, sizeof err),
	              "%s", err);
	ck_assert_str_eq(pz.id, "t-1");
	ck_assert_int_eq(pz.kind, PUZZLE_WIN);
	ck_assert_int_eq(pz.plies, 2);
	ck_assert_int_eq(pz.rating, 1029);
	ck_assert_int_eq(pz.line_len, 2);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	puzzle_format_line(ops, &pz, f);
	fclose(f);
	ck_assert_str_eq(buf, "t-1 | win | 2 | 1029 | type-captured | "
	                      "ccc.CCbb.cCC.B...Ca2...C..CC..cAB.c.b2...Cbcc."
	                      "....c...BbccA3C2.C w cap | I2xF2 F2xD1\n");
	free(buf);
}
END_TEST

/* Each broken field is refused with its name in the message. */
START_TEST(test_format_errors)
{
	const struct game_ops *ops = registry_find("tzaar");
	static const struct {
		const char *line, *want;
	} cases[] = {
	        {"t-1 | win | 2 | 1029 | - | x w cap", "fields"},
	        {"t 1 | win | 2 | 1029 | - | x w cap | pass", "id"},
	        {"t-1 | lose | 2 | 1029 | - | x w cap | pass", "kind"},
	        {"t-1 | win | 0 | 1029 | - | x w cap | pass", "plies"},
	        {"t-1 | win | 2 | 99999 | - | x w cap | pass", "rating"},
	        {"t-1 | win | 2 | 1029 | Bad | x w cap | pass", "themes"},
	        {"t-1 | win | 2 | 1029 | a,,b | x w cap | pass", "themes"},
	        {"t-1 | win | 2 | 1029 | a, | x w cap | pass", "themes"},
	        {"   | win | 2 | 1029 | - | x w cap | pass",
	         "id: empty or too long"},
	        {"t-1 | win | 2 | 1029 | - | x w cap | pass", "position"},
	        {"t-1 | win | 2 | 1029 | - | "
	         "ccc.CCbb.cCC.B...Ca2...C..CC..cAB.c.b2...Cbcc.....c..."
	         "BbccA3C2"
	         ".C w cap | A1xA2",
	         "solution: move 1"},
	        {"t-1 | win | 2 | 1029 | - | "
	         "ccc.CCbb.cCC.B...Ca2...C..CC..cAB.c.b2...Cbcc.....c..."
	         "BbccA3C2"
	         ".C w cap | I2xF2 F2xD1 | x",
	         "more than 7"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct puzzle pz;
		char err[512];
		ck_assert_msg(!puzzle_parse_line(ops, cases[i].line, &pz, err,
		                                 sizeof err),
		              "accepted: %s", cases[i].line);
		ck_assert_msg(strstr(err, cases[i].want) != NULL,
		              "'%s' does not name %s", err, cases[i].want);
	}
	/* A whole file: the magic line, then errors name the line. */
	char text[1024];
	snprintf(text, sizeof text, "%s\n# comment\n\n%s\nbroken\n",
	         PUZZLE_MAGIC, GOOD_TZAAR);
	FILE *f = fmemopen(text, strlen(text), "r");
	struct puzzle_set set;
	char err[512];
	ck_assert(!puzzle_read(f, "p.txt", ops, &set, err, sizeof err));
	fclose(f);
	ck_assert_msg(strncmp(err, "p.txt:5: ", 9) == 0, "%s", err);
	ck_assert_uint_eq(set.count, 0);
	f = fmemopen((char *)"hello\n", 6, "r");
	ck_assert(!puzzle_read(f, "p.txt", ops, &set, err, sizeof err));
	fclose(f);
	ck_assert_ptr_nonnull(strstr(err, "not a puzzle file"));
	/* A move longer than any move. */
	char line[1024];
	snprintf(line, sizeof line, "%.*s %0130d", (int)strlen(GOOD_TZAAR) - 11,
	         GOOD_TZAAR, 0);
	struct puzzle pz;
	ck_assert(!puzzle_parse_line(ops, line, &pz, err, sizeof err));
	ck_assert_msg(strstr(err, "solution: move 1 too long"), "%s", err);
	/* Lines ending in CR LF read; a line too long is named. */
	snprintf(text, sizeof text, "%s\r\n%s\r\n", PUZZLE_MAGIC, GOOD_TZAAR);
	f = fmemopen(text, strlen(text), "r");
	ck_assert_msg(puzzle_read(f, "p.txt", ops, &set, err, sizeof err), "%s",
	              err);
	fclose(f);
	ck_assert_uint_eq(set.count, 1);
	puzzle_set_free(&set);
	static char big[4096];
	int n = snprintf(big, sizeof big, "%s\n", PUZZLE_MAGIC);
	memset(big + n, 'x', sizeof big - (size_t)n - 1);
	f = fmemopen(big, strlen(big), "r");
	ck_assert(!puzzle_read(f, "p.txt", ops, &set, err, sizeof err));
	fclose(f);
	ck_assert_str_eq(err, "p.txt:2: line too long");
	/* A NUL byte; a file larger than any puzzle file. */
	snprintf(text, sizeof text, "%s\n%s\n", PUZZLE_MAGIC, GOOD_TZAAR);
	text[strlen(PUZZLE_MAGIC) + 3] = '\0';
	f = fmemopen(text, strlen(PUZZLE_MAGIC) + 4 + strlen(GOOD_TZAAR), "r");
	ck_assert(!puzzle_read(f, "p.txt", ops, &set, err, sizeof err));
	fclose(f);
	ck_assert_str_eq(err, "p.txt: a NUL byte in the file");
	char path[] = "/tmp/check_puzzles.XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, (off_t)PUZZLE_FILE_MAX + 1), 0);
	close(fd);
	ck_assert(!puzzle_load(path, ops, &set, err, sizeof err));
	unlink(path);
	ck_assert_msg(strstr(err, ": file too large"), "%s", err);
}
END_TEST

/* ---- solving one ---------------------------------------------------- */

static game_move
move_of(const struct game_ops *ops, const struct game_pos *pos,
        const char *text)
{
	game_move m;
	char err[256];
	ck_assert_msg(ops->parse_move(pos, text, &m, err, sizeof err), "%s: %s",
	              text, err);
	return m;
}

/* A save puzzle's wrong move is refuted by the other side's win, played
 * out on the board to its end. */
START_TEST(test_play_refutation)
{
	const struct game_ops *ops = registry_find("infexion");
	struct prover *prover = prover_new(ops, 14);
	struct puzzle pz;
	char err[512];
	ck_assert_msg(
	        puzzle_parse_line(ops, SAVE_INFEXION, &pz, err, sizeof err),
	        "%s", err);
	struct puzzle_play pp;
	puzzle_play_start(&pp, ops, &pz, prover);
	game_move moves[GAME_MAX_MOVES], line[8];
	int n = ops->gen_moves(&pp.pos, moves);
	game_move wrong = moves[0] == pz.line[0] ? moves[1] : moves[0];
	int len = puzzle_play_refutation(&pp, wrong, line, 8);
	ck_assert_int_ge(len, 1);
	ck_assert_int_gt(n, 1);
	struct game_pos pos = pp.pos;
	ops->play(&pos, wrong);
	for (int i = 0; i < len; i++)
		ops->play(&pos, line[i]);
	struct game_status st;
	ops->status(&pos, &st);
	ck_assert_int_eq(prove_winner(st.outcome), 1 - pp.attacker);
	/* pp itself is untouched. */
	ck_assert_int_eq(pp.played_count, 0);
	ck_assert_int_eq(pp.state, PUZZLE_PLAYING);
	prover_free(prover);
}
END_TEST

START_TEST(test_play_puzzle)
{
	const struct game_ops *ops = registry_find("tzaar");
	struct prover *prover = prover_new(ops, 14);
	struct puzzle pz;
	char err[512], text[512];
	ck_assert(puzzle_parse_line(ops, GOOD_TZAAR, &pz, err, sizeof err));
	struct puzzle_play pp;

	/* Solved alone: the first sub-move, then the second. */
	puzzle_play_start(&pp, ops, &pz, prover);
	ck_assert_int_eq(puzzle_play_move(&pp, move_of(ops, &pp.pos, "I2xF2")),
	                 PUZZLE_RIGHT);
	ck_assert_int_eq(puzzle_play_move(&pp, move_of(ops, &pp.pos, "F2xD1")),
	                 PUZZLE_COMPLETE);
	ck_assert_int_eq(puzzle_play_outcome(&pp), PUZZLE_SOLVED);
	ck_assert_int_eq(puzzle_play_move(&pp, 0), PUZZLE_REFUSED);

	/* Another first move fails. */
	puzzle_play_start(&pp, ops, &pz, prover);
	game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(&pp.pos, moves);
	ck_assert_int_gt(n, 1);
	game_move other = moves[0] == pz.line[0] ? moves[1] : moves[0];
	ck_assert_int_eq(puzzle_play_move(&pp, other), PUZZLE_WRONG);
	ck_assert_int_eq(puzzle_play_outcome(&pp), PUZZLE_FAILED);

	/* A hint gives the move to play (the UI says it a cell at a time);
	 * it halves the score. */
	puzzle_play_start(&pp, ops, &pz, prover);
	game_move hint;
	ck_assert(puzzle_play_hint(&pp, &hint));
	ck_assert(hint == move_of(ops, &pp.pos, "I2xF2"));
	ck_assert_int_eq(pp.hints, 1);
	puzzle_play_move(&pp, move_of(ops, &pp.pos, "I2xF2"));
	puzzle_play_move(&pp, move_of(ops, &pp.pos, "F2xD1"));
	ck_assert_int_eq(puzzle_play_outcome(&pp), PUZZLE_HINTED);

	/* A wrong first sub-move leaves the turn half made: no defence. */
	puzzle_play_start(&pp, ops, &pz, prover);
	game_move line[8];
	ck_assert_int_eq(puzzle_play_refutation(&pp, other, line, 8), 0);

	/* The solution shown first: solved, but scored as failed. */
	puzzle_play_start(&pp, ops, &pz, prover);
	puzzle_play_solution(&pp, text, sizeof text);
	ck_assert_str_eq(text, "I2xF2 F2xD1");
	puzzle_play_move(&pp, move_of(ops, &pp.pos, "I2xF2"));
	ck_assert_int_eq(puzzle_play_move(&pp, move_of(ops, &pp.pos, "F2xD1")),
	                 PUZZLE_COMPLETE);
	ck_assert_int_eq(puzzle_play_outcome(&pp), PUZZLE_FAILED);
	prover_free(prover);
}
END_TEST

/* ---- the player's progress ----------------------------------------- */

/* A fresh XDG_DATA_HOME under /tmp; its path in dir. */
static void
progress_home(char *dir, size_t size)
{
	snprintf(dir, size, "/tmp/tabula-progress-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	setenv("XDG_DATA_HOME", dir, 1);
}

static struct puzzle
progress_puzzle(const char *id, int rating)
{
	struct puzzle pz = {.rating = rating};
	snprintf(pz.id, sizeof pz.id, "%s", id);
	return pz;
}

START_TEST(test_progress_roundtrip)
{
	char dir[64], path[512], err[512];
	progress_home(dir, sizeof dir);
	ck_assert_msg(
	        puzzle_progress_path(path, sizeof path, true, err, sizeof err),
	        "%s", err);
	ck_assert_ptr_nonnull(strstr(path, "/tabula/puzzles.txt"));
	struct puzzle_progress pp;
	ck_assert(puzzle_progress_load(path, &pp, err, sizeof err));
	ck_assert_int_eq(pp.player_count, 0);
	struct puzzle easy = progress_puzzle("t-1", 800);
	struct puzzle hard = progress_puzzle("t-2", 1600);
	/* Solving raises the rating, more for a hard puzzle; failing an
	 * easy one lowers it; a hint counts half. */
	int up_easy =
	        puzzle_progress_record(&pp, "tzaar", &easy, PUZZLE_SOLVED);
	int up_hard =
	        puzzle_progress_record(&pp, "tzaar", &hard, PUZZLE_SOLVED);
	ck_assert_int_gt(up_easy, 0);
	ck_assert_int_gt(up_hard, up_easy);
	int down = puzzle_progress_record(&pp, "tzaar", &easy, PUZZLE_FAILED);
	ck_assert_int_lt(down, 0);
	int before = puzzle_progress_player(&pp, "tzaar")->rating;
	puzzle_progress_record(&pp, "tzaar", &hard, PUZZLE_HINTED);
	ck_assert_int_gt(puzzle_progress_player(&pp, "tzaar")->rating, before);
	ck_assert(puzzle_progress_save(path, &pp, err, sizeof err));
	struct puzzle_progress back;
	ck_assert_msg(puzzle_progress_load(path, &back, err, sizeof err), "%s",
	              err);
	ck_assert_int_eq(back.player_count, 1);
	ck_assert_int_eq(back.players[0].rating, pp.players[0].rating);
	ck_assert_int_eq(back.players[0].solved, 3);
	ck_assert_int_eq(back.players[0].failed, 1);
	ck_assert_int_eq(back.tried_count, 2);

	/* Never written through a link: one at the file itself is refused
	 * and its target left alone. */
	char target[600], tmp[600];
	snprintf(target, sizeof target, "%s/target", dir);
	FILE *f = fopen(target, "w");
	fputs("keep\n", f);
	fclose(f);
	unlink(path);
	ck_assert_int_eq(symlink(target, path), 0);
	ck_assert(!puzzle_progress_save(path, &pp, err, sizeof err));
	ck_assert_msg(strstr(err, "puzzles.txt") != NULL, "%s", err);
	struct stat st;
	ck_assert_int_eq(lstat(path, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	char buf[16] = "";
	f = fopen(target, "r");
	ck_assert_ptr_nonnull(fgets(buf, sizeof buf, f));
	fclose(f);
	ck_assert_str_eq(buf, "keep\n");

	/* A broken file is refused with its line. */
	unlink(path);
	f = fopen(path, "w");
	fprintf(f, "%s\nrating tzaar lots 1 2\n", PUZZLE_PROGRESS_MAGIC);
	fclose(f);
	ck_assert(!puzzle_progress_load(path, &back, err, sizeof err));
	ck_assert_msg(strstr(err, "puzzles.txt:2: ") != NULL, "%s", err);
	unlink(path);
	unlink(target);
	snprintf(tmp, sizeof tmp, "%s/tabula", dir);
	rmdir(tmp);
	rmdir(dir);
}
END_TEST

START_TEST(test_progress_pick)
{
	struct puzzle items[40];
	for (int i = 0; i < 40; i++) {
		char id[16];
		snprintf(id, sizeof id, "p-%d", i);
		items[i] = progress_puzzle(id, 500 + 50 * i);
	}
	struct puzzle_set set = {.items = items, .count = 40};
	struct puzzle_progress pp;
	memset(&pp, 0, sizeof pp);
	for (uint64_t seed = 1; seed <= 30; seed++) {
		size_t i = puzzle_progress_pick(&pp, &set, 1500, seed);
		ck_assert_int_le(abs(items[i].rating - 1500), 150);
	}
	/* Tried ones are not offered while others are near. */
	for (int i = 17; i <= 23; i++)
		puzzle_progress_record(&pp, "x", &items[i], PUZZLE_SOLVED);
	for (uint64_t seed = 1; seed <= 30; seed++) {
		size_t i = puzzle_progress_pick(&pp, &set, 1500, seed);
		ck_assert(i < 17 || i > 23);
	}
}
END_TEST

/* The data directory: $TABULA_DATA_DIR first. */
START_TEST(test_datadir)
{
	char buf[4096], err[512];
	const char *dir = getenv("TABULA_DATA_DIR");
	ck_assert_msg(dir != NULL, "TABULA_DATA_DIR is not set (make check)");
	ck_assert_msg(datadir_path("puzzles/tzaar.txt", buf, sizeof buf, err,
	                           sizeof err),
	              "%s", err);
	ck_assert_int_eq(strncmp(buf, dir, strlen(dir)), 0);
	char saved[4096];
	snprintf(saved, sizeof saved, "%s", dir);
	setenv("TABULA_DATA_DIR", "/nonexistent/tabula", 1);
	ck_assert(!datadir_find(buf, sizeof buf, err, sizeof err));
	ck_assert_ptr_nonnull(strstr(err, "TABULA_DATA_DIR"));
	/* Without it, a program run from the build tree finds the source
	 * tree's data. */
	unsetenv("TABULA_DATA_DIR");
	ck_assert_msg(datadir_find(buf, sizeof buf, err, sizeof err), "%s",
	              err);
	ck_assert_str_eq(buf, TABULA_SRCDIR "/data");
	setenv("TABULA_DATA_DIR", saved, 1);
	ck_assert(!datadir_path("puzzles/tzaar.txt", buf, 8, err, sizeof err));
	ck_assert_msg(strstr(err, "puzzles/tzaar.txt: path too long"), "%s",
	              err);
}
END_TEST

/* ---- solver moves, themes, ratings ------------------------------------ */

/* A TZAAR win in two sub-moves, and a Tetress win in three plies (found
 * by `tabula puzzles generate tetress --seed 101 --games 1 --count 1
 * --max-plies 3 --min-moves 2 --winners --variations 10`). */
static const char DEEP_TETRESS[] =
        "d-1 | win | 3 | 1615 | - | "
        "bbrb.r.r.br/bb...r.b.rr/rrr..r.bbbr/bbbbr.rr.bb/rrr.rrrbbbb/"
        "rr.brb...bb/bbbbr.brrr./.r.r.brrrr./rrbrbbrrr../r.bbbb...r./"
        "..rrbrb.... r 56 | 8-10,9-10,10-9,10-10 0-8,1-8,9-8,10-8 "
        "1-3,1-4,2-3,2-4";

static void
parse_or_fail(const char *game, const char *line, struct puzzle *pz)
{
	char err[512];
	ck_assert_msg(puzzle_parse_line(registry_find(game), line, pz, err,
	                                sizeof err),
	              "%s", err);
}

START_TEST(test_solver_moves)
{
	const struct game_ops *tzaar = registry_find("tzaar");
	struct puzzle pz;
	parse_or_fail("tzaar", GOOD_TZAAR, &pz);
	/* Capture and second sub-move: one turn, one move. */
	ck_assert_int_eq(puzzle_solver_moves(tzaar, &pz), 1);
	pz.line_len = 1;
	ck_assert_int_eq(puzzle_solver_moves(tzaar, &pz), 1);
	/* A Tetress win in 3: move, defence, move. */
	const struct game_ops *tetress = registry_find("tetress");
	parse_or_fail("tetress", DEEP_TETRESS, &pz);
	ck_assert_int_eq(puzzle_solver_moves(tetress, &pz), 2);
	pz.line_len = 2;
	ck_assert_int_eq(puzzle_solver_moves(tetress, &pz), 1);
}
END_TEST

START_TEST(test_theme_add)
{
	char t[16] = "";
	puzzle_theme_add(t, sizeof t, "quiet");
	puzzle_theme_add(t, sizeof t, "squeeze");
	puzzle_theme_add(t, sizeof t, "quiet"); /* there already */
	ck_assert_str_eq(t, "quiet,squeeze");
	puzzle_theme_add(t, sizeof t, "no-room"); /* would not fit */
	ck_assert_str_eq(t, "quiet,squeeze");
	char u[16] = "quieter";
	puzzle_theme_add(u, sizeof u, "quiet"); /* a prefix is another word */
	ck_assert_str_eq(u, "quieter,quiet");
}
END_TEST

/* The themes come from the position and the line: TZAAR's capture and
 * second capture that takes the last Tzaar. */
START_TEST(test_themes_from_line)
{
	const struct game_ops *ops = registry_find("tzaar");
	struct puzzle pz;
	parse_or_fail("tzaar", GOOD_TZAAR, &pz);
	puzzle_rate_themes(ops, &pz);
	ck_assert_msg(strstr(pz.themes, "double-capture") != NULL, "%s",
	              pz.themes);
	ck_assert_msg(strstr(pz.themes, "-run-out") != NULL, "%s", pz.themes);
	pz.kind = PUZZLE_SAVE;
	puzzle_rate_themes(ops, &pz);
	ck_assert_msg(strncmp(pz.themes, "defence", 7) == 0, "%s", pz.themes);
}
END_TEST

/* A set rated again spreads from the lowest to the highest rating in the
 * order of the raw difficulties. */
START_TEST(test_rate_spread)
{
	const struct game_ops *ops = registry_find("tzaar");
	struct puzzle_set set = {.ops = ops};
	set.items = calloc(3, sizeof *set.items);
	ck_assert_ptr_nonnull(set.items);
	parse_or_fail("tzaar", GOOD_TZAAR, &set.items[0]);
	set.items[1] = set.items[0];
	set.items[1].kind = PUZZLE_SAVE; /* a save weighs more */
	set.items[2] = set.items[0];
	set.count = 3;
	ck_assert(puzzle_rate_set(&set));
	ck_assert_int_eq(set.items[0].rating, PUZZLE_RATE_LOW);
	ck_assert_int_eq(set.items[2].rating, PUZZLE_RATE_LOW); /* a tie */
	ck_assert_int_eq(set.items[1].rating, PUZZLE_RATE_HIGH);
	puzzle_set_free(&set);
}
END_TEST

/* ---- the generator --------------------------------------------------- */

static char *
generate_text(const struct puzzlegen_config *cfg, size_t *count)
{
	struct puzzle_set set;
	struct puzzlegen_stats st;
	char err[512];
	ck_assert_msg(
	        puzzlegen_run(cfg, &set, NULL, NULL, &st, err, sizeof err),
	        "%s", err);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	for (size_t i = 0; i < set.count; i++)
		puzzle_format_line(cfg->ops, &set.items[i], f);
	fclose(f);
	*count = set.count;
	/* Everything it wrote proves again. */
	struct prover *p = prover_new(cfg->ops, 16);
	for (size_t i = 0; i < set.count; i++) {
		enum prove_result r =
		        puzzlegen_verify(p, cfg->ops, &set.items[i],
		                         cfg->budget, err, sizeof err);
		ck_assert_msg(r == PROVE_YES, "%s", err);
	}
	prover_free(p);
	puzzle_set_free(&set);
	return buf;
}

START_TEST(test_generate_deterministic)
{
	struct puzzlegen_config cfg = {.ops = registry_find("tzaar"),
	                               .seed = 3,
	                               .games = 6,
	                               .max_plies = 4,
	                               .scan_plies = 10,
	                               .per_game = 2,
	                               .budget = 200000,
	                               .saves = true};
	size_t n1, n2;
	char *a = generate_text(&cfg, &n1);
	char *b = generate_text(&cfg, &n2);
	ck_assert_uint_gt(n1, 0);
	ck_assert_uint_eq(n1, n2);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
}
END_TEST

/* ---- the committed files -------------------------------------------- */

static void
check_file(const char *game)
{
	const char *dir = getenv("TABULA_DATA_DIR");
	ck_assert_msg(dir != NULL, "TABULA_DATA_DIR is not set (make check)");
	const struct game_ops *ops = registry_find(game);
	char path[4096], err[1024];
	snprintf(path, sizeof path, "%s/puzzles/%s.txt", dir, game);
	struct puzzle_set set;
	ck_assert_msg(puzzle_load(path, ops, &set, err, sizeof err), "%s", err);
	/* At least 300 puzzles, 60% of them needing two moves or more of
	 * the solver (tabula(6), "Puzzle files"). */
	ck_assert_uint_ge(set.count, 300);
	size_t deep = 0;
	for (size_t i = 0; i < set.count; i++)
		deep += puzzle_solver_moves(ops, &set.items[i]) >= 2;
	ck_assert_msg(deep * 10 >= set.count * 6, "%s: %zu of %zu deep", game,
	              deep, set.count);
	/* Ids and positions are unique. */
	for (size_t i = 0; i < set.count; i++) {
		for (size_t j = i + 1; j < set.count; j++) {
			ck_assert_str_ne(set.items[i].id, set.items[j].id);
			ck_assert_str_ne(set.items[i].position,
			                 set.items[j].position);
		}
	}
	struct prover *p = prover_new(ops, 18);
	/* Every solution plays through the trainer: the player's moves are
	 * right, the defence played back is the solution's, and it ends
	 * solved. */
	for (size_t i = 0; i < set.count; i++) {
		const struct puzzle *pz = &set.items[i];
		struct puzzle_play pp;
		puzzle_play_start(&pp, ops, pz, p);
		enum puzzle_verdict v = PUZZLE_RIGHT;
		while (pp.played_count < pz->line_len && v == PUZZLE_RIGHT)
			v = puzzle_play_move(&pp, pz->line[pp.played_count]);
		ck_assert_msg(v == PUZZLE_COMPLETE, "%s: verdict %d after %d",
		              pz->id, (int)v, pp.played_count);
		ck_assert_int_eq(pp.played_count, pz->line_len);
		ck_assert(memcmp(pp.played, pz->line,
		                 (size_t)pz->line_len * sizeof pz->line[0]) ==
		          0);
		ck_assert_int_eq(puzzle_play_outcome(&pp), PUZZLE_SOLVED);
	}
	/* A sample spread over the file proved again from scratch (every
	 * puzzle while the file is no larger than the sample). */
	size_t step = set.count > TEST_SAMPLE ? set.count / TEST_SAMPLE : 1;
	for (size_t k = 0; k * step < set.count && k < TEST_SAMPLE; k++) {
		const struct puzzle *pz = &set.items[k * step];
		enum prove_result r = puzzlegen_verify(p, ops, pz, TEST_BUDGET,
		                                       err, sizeof err);
		ck_assert_msg(r == PROVE_YES, "%s: %s", path, err);
	}
	prover_free(p);
	puzzle_set_free(&set);
}

START_TEST(test_file_tetress)
{
	check_file("tetress");
}
END_TEST

START_TEST(test_file_infexion)
{
	check_file("infexion");
}
END_TEST

START_TEST(test_file_tzaar)
{
	check_file("tzaar");
}
END_TEST

static Suite *
puzzles_suite(void)
{
	Suite *s = suite_create("puzzles");
	TCase *tc = tcase_create("prove");
	testutil_single_thread(tc);
	tcase_add_test(tc, test_prove_ttt);
	tcase_add_test(tc, test_prove_nim2);
	tcase_add_test(tc, test_prove_budget);
	suite_add_tcase(s, tc);
	tc = tcase_create("format");
	tcase_add_test(tc, test_format_roundtrip);
	tcase_add_test(tc, test_format_errors);
	suite_add_tcase(s, tc);
	tc = tcase_create("rate");
	tcase_add_test(tc, test_solver_moves);
	tcase_add_test(tc, test_theme_add);
	tcase_add_test(tc, test_themes_from_line);
	tcase_add_test(tc, test_rate_spread);
	suite_add_tcase(s, tc);
	tc = tcase_create("play");
	tcase_add_test(tc, test_play_puzzle);
	tcase_add_test(tc, test_play_refutation);
	suite_add_tcase(s, tc);
	tc = tcase_create("progress");
	tcase_add_test(tc, test_progress_roundtrip);
	tcase_add_test(tc, test_progress_pick);
	tcase_add_test(tc, test_datadir);
	suite_add_tcase(s, tc);
	tc = tcase_create("files");
	testutil_single_thread(tc);
	tcase_set_timeout(tc, TEST_SLOW_TIMEOUT_S);
	tcase_add_test(tc, test_generate_deterministic);
	tcase_add_test(tc, test_file_tetress);
	tcase_add_test(tc, test_file_infexion);
	tcase_add_test(tc, test_file_tzaar);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return testutil_run_suite(puzzles_suite());
}
