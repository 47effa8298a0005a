/*
 * Record annotations: variations (nested), move marks and review notes
 * round-trip exactly through record_write and record_read for every game,
 * a hand-written PGN-style record reads, and broken variations are refused
 * with "name:line: message".
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "core/record.h"
#include "core/registry.h"
#include "core/rng.h"
#include "testutil.h"

/* Plies of the main line of each random game (fewer if it ends first). */
static const int MAIN_PLIES = 24;

/* Longest random variation. */
static const int VAR_PLIES = 5;

/* Reads text as a record named "v.rec". */
static bool
read_text(const char *text, struct session *s, struct record_meta *meta,
          char *err, size_t err_size)
{
	return testutil_record_read_text("v.rec", text, s, meta, err, err_size);
}

static game_move
random_move(struct rng *r, const struct game_pos *pos,
            const struct game_ops *ops, bool *has)
{
	static game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(pos, moves);
	*has = n > 0;
	return n > 0 ? moves[rng_below(r, (uint32_t)n)] : 0;
}

/* Fills var with up to VAR_PLIES random moves played on branch, with a
 * mark, a comment and (at depth 0) a nested variation of its own. */
static void
random_line(struct rng *r, struct session *branch, struct record_line *var,
            int depth)
{
	int plies = 1 + (int)rng_below(r, (uint32_t)VAR_PLIES);
	for (int i = 0; i < plies; i++) {
		bool has;
		game_move m = random_move(r, session_current(branch),
		                          branch->ops, &has);
		if (!has)
			break;
		ck_assert(record_line_push(var, m));
		var->notes[var->len - 1].mark =
		        (enum record_mark)rng_below(r, MARK_COUNT);
		if (i == 1)
			var->comments[var->len - 1] = strdup("a (side) line");
		if (depth == 0 && i == 0) {
			struct session sub;
			ck_assert(session_copy(&sub, branch, branch->ply));
			struct record_line *v2 =
			        record_note_add_var(&var->notes[var->len - 1]);
			ck_assert_ptr_nonnull(v2);
			random_line(r, &sub, v2, depth + 1);
			session_free(&sub);
		}
		ck_assert(session_play(branch, m));
	}
}

static void
assert_same_lines(const struct record_line *a, const struct record_line *b)
{
	ck_assert_uint_eq(a->len, b->len);
	for (size_t i = 0; i < a->len; i++) {
		ck_assert_uint_eq(a->moves[i], b->moves[i]);
		ck_assert_int_eq(a->notes[i].mark, b->notes[i].mark);
		ck_assert_uint_eq(a->notes[i].var_count, b->notes[i].var_count);
		for (size_t v = 0; v < a->notes[i].var_count; v++)
			assert_same_lines(&a->notes[i].vars[v],
			                  &b->notes[i].vars[v]);
	}
}

START_TEST(test_variations_round_trip)
{
	const struct game_ops *ops = registry_at((size_t)_i);
	ck_assert_ptr_nonnull(ops);
	struct session s, back;
	struct game_setup setup = {.seed = 7};
	ck_assert(session_init(&s, ops, &setup));
	if (ops->item_from_char != NULL) {
		char letters[201], err[256];
		record_stream_from_seed(ops, 8, letters, 200);
		ck_assert(session_set_stream(&s, letters, err, sizeof err));
	}
	struct rng r;
	rng_seed(&r, 1234 + (uint64_t)_i);
	for (int i = 0; i < MAIN_PLIES; i++) {
		bool has;
		game_move m = random_move(&r, session_current(&s), ops, &has);
		if (!has)
			break;
		ck_assert(session_play(&s, m));
	}
	ck_assert_uint_gt(s.ply, 4);
	struct record_meta meta, meta_back;
	record_meta_init(&meta);
	for (size_t ply = 1; ply < s.ply; ply += 3) {
		struct record_note *note = record_meta_note(&meta, ply);
		ck_assert_ptr_nonnull(note);
		note->mark = (enum record_mark)(1 + ply % (MARK_COUNT - 1));
		note->review = (struct record_review){
		        .present = true,
		        .score = -(int)ply * 37,
		        .depth = 4,
		        .loss = (int)ply * 11,
		};
		struct session branch;
		ck_assert(session_copy(&branch, &s, ply));
		struct record_line *var = record_note_add_var(note);
		ck_assert_ptr_nonnull(var);
		random_line(&r, &branch, var, 0);
		session_free(&branch);
		note->review.has_best = var->len > 0;
		note->review.best = var->len > 0 ? var->moves[0] : 0;
	}
	ck_assert(record_meta_set_comment(&meta, 0, "first"));
	struct record_note *mate = record_meta_note(&meta, 2);
	ck_assert_ptr_nonnull(mate);
	mate->review = (struct record_review){
	        .present = true, .mate = -5, .depth = 6, .loss = 250};
	char *text = testutil_record_write_text(&s, &meta);
	char err[512];
	ck_assert_msg(read_text(text, &back, &meta_back, err, sizeof err),
	              "%s: %s\n%s", ops->name, err, text);
	ck_assert_msg(strchr(text, '(') != NULL, "%s", text);
	ck_assert_uint_eq(s.ply, back.ply);
	for (size_t i = 0; i < s.ply; i++)
		ck_assert_uint_eq(s.moves[i], back.moves[i]);
	ck_assert_str_eq(meta_back.comments[0], "first");
	for (size_t ply = 0; ply < meta.note_count; ply++) {
		const struct record_note *a = &meta.notes[ply],
		                         *b = &meta_back.notes[ply];
		ck_assert_int_eq(a->mark, b->mark);
		ck_assert_int_eq(a->review.present, b->review.present);
		ck_assert_int_eq(a->review.score, b->review.score);
		ck_assert_int_eq(a->review.mate, b->review.mate);
		ck_assert_int_eq(a->review.loss, b->review.loss);
		ck_assert_int_eq(a->review.has_best, b->review.has_best);
		ck_assert_uint_eq(a->review.best, b->review.best);
		ck_assert_uint_eq(a->var_count, b->var_count);
		for (size_t v = 0; v < a->var_count; v++)
			assert_same_lines(&a->vars[v], &b->vars[v]);
	}
	/* Writing what was read gives the same text again, byte for byte. */
	char *again = testutil_record_write_text(&back, &meta_back);
	ck_assert_str_eq(text, again);
	free(again);
	free(text);
	record_meta_free(&meta);
	record_meta_free(&meta_back);
	session_free(&s);
	session_free(&back);
}
END_TEST

/* A record written by hand, PGN style: marks glued or apart, a nested
 * variation, a review note; it reads, and its canonical form is stable. */
START_TEST(test_hand_written)
{
	static const char text[] =
	        "# tabula record 1\n[Game \"infexion\"]\n\n"
	        "1. SPAWN(0,0) SPAWN(3,3)?! {review -0.50/4 loss 0.60 best "
	        "SPAWN(1,1)}\n"
	        "  ( 1... SPAWN(1,1) 2. SPAWN(2,2) (2. spread(0,0,0,1) !?) )\n"
	        "2. SPAWN(0, 3) ?? *\n";
	struct session s;
	struct record_meta meta;
	char err[512];
	ck_assert_msg(read_text(text, &s, &meta, err, sizeof err), "%s", err);
	ck_assert_uint_eq(s.ply, 3);
	ck_assert_uint_ge(meta.note_count, 3);
	ck_assert_int_eq(meta.notes[1].mark, MARK_INACCURACY);
	ck_assert_int_eq(meta.notes[2].mark, MARK_BLUNDER);
	ck_assert(meta.notes[1].review.present);
	ck_assert_int_eq(meta.notes[1].review.score, -50);
	ck_assert_int_eq(meta.notes[1].review.loss, 60);
	ck_assert(meta.notes[1].review.has_best);
	ck_assert_uint_eq(meta.notes[1].var_count, 1);
	const struct record_line *v = &meta.notes[1].vars[0];
	ck_assert_uint_eq(v->len, 2);
	ck_assert_uint_eq(v->notes[1].var_count, 1);
	ck_assert_int_eq(v->notes[1].vars[0].notes[0].mark, MARK_INTERESTING);
	char *once = testutil_record_write_text(&s, &meta);
	char *flat = strdup(once); /* lines joined: wrapping is not the point */
	ck_assert_ptr_nonnull(flat);
	for (char *p = flat; *p != '\0'; p++)
		*p = *p == '\n' ? ' ' : *p;
	ck_assert_msg(strstr(flat, "SPAWN(3,3)?! {review -0.50/4 loss 0.60 "
	                           "best SPAWN(1,1)} (1... SPAWN(1,1) 2. "
	                           "SPAWN(2,2) (2. SPREAD(0,0,0,1)!?)) 2. "
	                           "SPAWN(0,3)??") != NULL,
	              "%s", once);
	free(flat);
	struct session s2;
	struct record_meta meta2;
	ck_assert_msg(read_text(once, &s2, &meta2, err, sizeof err), "%s", err);
	char *twice = testutil_record_write_text(&s2, &meta2);
	ck_assert_str_eq(once, twice);
	free(once);
	free(twice);
	record_meta_free(&meta);
	record_meta_free(&meta2);
	session_free(&s);
	session_free(&s2);
}
END_TEST

static const struct {
	const char *movetext;
	const char *error;
} BAD_VARIATIONS[] = {
        {"1. SPAWN(0,0) ) *\n", "v.rec:4: ')' without '('"},
        {"( SPAWN(0,0) ) *\n", "v.rec:4: a variation before any move"},
        {"1. SPAWN(0,0) (SPAWN(1,1)\n*\n",
         "v.rec:5: result '*' inside a variation"},
        {"1. SPAWN(0,0) (SPAWN(1,1)\n", "v.rec:5: a variation without"},
        {"1. SPAWN(0,0) SPAWN(1,1)\n(SPAWN(9,9)) *\n",
         "v.rec:5: move 2 'SPAWN(9,9)'"},
};

START_TEST(test_bad_variations)
{
	char text[512], err[512];
	snprintf(text, sizeof text,
	         "# tabula record 1\n[Game \"infexion\"]\n\n%s",
	         BAD_VARIATIONS[_i].movetext);
	struct session s;
	struct record_meta meta;
	ck_assert(!read_text(text, &s, &meta, err, sizeof err));
	ck_assert_msg(strstr(err, BAD_VARIATIONS[_i].error) == err,
	              "got '%s', want '%s'", err, BAD_VARIATIONS[_i].error);
}
END_TEST

/* Nesting deeper than RECORD_MAX_NESTING is refused, not recursed into. */
START_TEST(test_deep_nesting)
{
	size_t depth = RECORD_MAX_NESTING + 5;
	char *text = malloc(100 + depth * 16);
	ck_assert_ptr_nonnull(text);
	strcpy(text, "# tabula record 1\n[Game \"infexion\"]\n\n1. SPAWN(0,0)");
	for (size_t i = 0; i < depth; i++)
		strcat(text, " (SPAWN(1,1)");
	strcat(text, "\n");
	struct session s;
	struct record_meta meta;
	char err[512];
	ck_assert(!read_text(text, &s, &meta, err, sizeof err));
	ck_assert_msg(strstr(err, "nested more than") != NULL, "%s", err);
	free(text);
}
END_TEST

/* Playing another move at an earlier ply keeps the old moves as a
 * variation; swapping back restores the game exactly; playing a move that
 * is already a variation enters it. */
START_TEST(test_branch_and_swap)
{
	const struct game_ops *ops = registry_at((size_t)_i);
	if (ops->players != 2)
		return; /* a one-player stream game has no alternatives here */
	struct session s;
	ck_assert(session_init(&s, ops, NULL));
	struct rng r;
	rng_seed(&r, 99 + (uint64_t)_i);
	for (int i = 0; i < 12; i++) {
		bool has;
		game_move m = random_move(&r, session_current(&s), ops, &has);
		ck_assert(has);
		ck_assert(session_play(&s, m));
	}
	struct record_meta meta;
	record_meta_init(&meta);
	ck_assert(record_meta_set_comment(&meta, 5, "five"));
	ck_assert_ptr_nonnull(record_meta_note(&meta, 7));
	meta.notes[7].mark = MARK_MISTAKE;
	char *before = testutil_record_write_text(&s, &meta);
	game_move old[12];
	memcpy(old, s.moves, sizeof old);
	/* Another move at ply 4. */
	static game_move moves[GAME_MAX_MOVES];
	int n = ops->gen_moves(&s.positions[4], moves);
	game_move other = moves[0] == old[4] ? moves[1] : moves[0];
	ck_assert(record_branch(&s, &meta, 4, other));
	ck_assert_uint_eq(s.ply, 5);
	ck_assert_uint_eq(s.moves[4], other);
	ck_assert_uint_eq(meta.notes[4].var_count, 1);
	const struct record_line *v = &meta.notes[4].vars[0];
	ck_assert_uint_eq(v->len, 8);
	ck_assert_uint_eq(v->moves[0], old[4]);
	ck_assert_str_eq(v->comments[1], "five");
	ck_assert_int_eq(v->notes[3].mark, MARK_MISTAKE);
	/* The branched game round-trips through a record. */
	char *branched = testutil_record_write_text(&s, &meta);
	struct session back;
	struct record_meta meta_back;
	char err[512];
	ck_assert_msg(read_text(branched, &back, &meta_back, err, sizeof err),
	              "%s\n%s", err, branched);
	char *again = testutil_record_write_text(&back, &meta_back);
	ck_assert_str_eq(branched, again);
	/* Playing the old move again enters the old line. */
	ck_assert(record_branch(&s, &meta, 4, old[4]));
	ck_assert_uint_eq(s.ply, 12);
	ck_assert_mem_eq(s.moves, old, sizeof old);
	ck_assert_uint_eq(meta.notes[4].var_count, 1);
	ck_assert_uint_eq(meta.notes[4].vars[0].moves[0], other);
	/* Swapping twice changes nothing. */
	ck_assert(record_swap_variation(&s, &meta, 4, 0));
	ck_assert(record_swap_variation(&s, &meta, 4, 0));
	ck_assert_mem_eq(s.moves, old, sizeof old);
	/* What cannot be done changes nothing: no such variation, a ply
	 * beyond the game, the move already played there. */
	ck_assert(!record_swap_variation(&s, &meta, 4, 1));
	ck_assert(!record_swap_variation(&s, &meta, 13, 0));
	ck_assert(!record_branch(&s, &meta, 13, old[0]));
	ck_assert(record_branch(&s, &meta, 4, old[4]));
	ck_assert_uint_eq(s.ply, 12);
	ck_assert_uint_eq(meta.notes[4].var_count, 1);
	/* A variation that does not replay is not entered. */
	n = ops->gen_moves(&s.positions[5], moves);
	bool tried = false;
	for (int i = 0; i < n && !tried; i++) {
		if (session_move_legal(ops, &s.positions[4], moves[i]))
			continue;
		tried = true;
		struct record_line *bad = record_note_add_var(&meta.notes[4]);
		ck_assert_ptr_nonnull(bad);
		ck_assert(record_line_push(bad, moves[i]));
		ck_assert(!record_swap_variation(&s, &meta, 4, 1));
		ck_assert_uint_eq(s.ply, 12);
		ck_assert_mem_eq(s.moves, old, sizeof old);
	}
	ck_assert(tried); /* the other side's moves are not all legal */
	/* Without the variation, the record is the one before. */
	record_note_free(&meta.notes[4]);
	char *after = testutil_record_write_text(&s, &meta);
	ck_assert_str_eq(before, after);
	ck_assert(!record_swap_variation(&s, &meta, 4, 0));
	/* At the end of the game, a branch is a move. */
	n = ops->gen_moves(session_current(&s), moves);
	ck_assert_int_gt(n, 0);
	ck_assert(record_branch(&s, &meta, 12, moves[0]));
	ck_assert_uint_eq(s.ply, 13);
	ck_assert_uint_eq(s.moves[12], moves[0]);
	free(before);
	free(branched);
	free(again);
	free(after);
	record_meta_free(&meta);
	record_meta_free(&meta_back);
	session_free(&s);
	session_free(&back);
}
END_TEST

static Suite *
variations_suite(void)
{
	Suite *suite = suite_create("variations");
	TCase *tc = tcase_create("core");
	tcase_add_loop_test(tc, test_variations_round_trip, 0,
	                    (int)registry_count());
	tcase_add_test(tc, test_hand_written);
	tcase_add_loop_test(tc, test_branch_and_swap, 0, (int)registry_count());
	tcase_add_loop_test(
	        tc, test_bad_variations, 0,
	        (int)(sizeof BAD_VARIATIONS / sizeof BAD_VARIATIONS[0]));
	tcase_add_test(tc, test_deep_nesting);
	suite_add_tcase(suite, tc);
	return suite;
}

int
main(void)
{
	return testutil_run_suite(variations_suite());
}
