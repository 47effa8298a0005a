/*
 * The figures of `tabula review-bench` (review-bench-cmd.c): what one
 * review said of each move, the totals over the games, and the outside
 * reviewer.
 */
#ifndef TABULA_CLI_REVIEW_BENCH_H
#define TABULA_CLI_REVIEW_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/record.h"
#include "core/session.h"
#include "study/winfit.h"

/* A review's word on one move: its mark and player 1's score after it
 * (mate != 0: a forced result, as in a record's review comment). */
struct rb_move {
	enum record_mark mark;
	int score, mate;
	int loss;       /* win chance lost (winchance.h units); -1: not known */
	int before;     /* the mover's win chance before it; -1: not known */
	bool known;     /* reviewed (a sampled reference leaves some out) */
	bool confirmed; /* looked at again by the confirming search */
	int first_loss; /* the first look's loss */
	int screen_drop; /* the screen's fall of the move's own line */
};

/* One player's figures, by the name in the record's Player tag. */
struct rb_player {
	char name[64];
	int games;
	double accuracy;  /* summed over games, percent */
	long open_moves;  /* made at a win chance of 5-95% */
	long open_marked; /* of those, marked */
};

enum { RB_PLAYERS = 16 };

/* Sums over the games (Pearson sums for the lag-1 correlation). */
struct rb_totals {
	const struct game_ops *ops;
	int games;
	long moves, bad, dubious; /* marked ?/??, ?! */
	long confirmed;           /* moves looked at again */
	/* Against the reference, over the moves it has: the review's ?/??
	 * the reference marks at all; the reference's ?? the review marks
	 * ? or ??; the reference's ?/?? the review marks at all.  Moves the
	 * review left unmarked may be a sample (weight 1 / sample). */
	long bad_seen, bad_held;
	double ref_blunders, ref_blunders_caught;
	double ref_bad, ref_bad_caught;
	long unmarked, unmarked_sampled, missed_sampled; /* for the interval */
	long both, only_got, only_ref;
	double sample; /* share of unmarked moves given a reference */
	struct rb_player players[RB_PLAYERS];
	int player_count;
	double start_chance, start_score; /* player 1's, summed over games */
	int *finish;                      /* plies from the first 95% on */
	size_t finish_n, finish_cap;
	int calib_every;
	FILE *move_list; /* NULL, or where each move with a reference is listed
	                  */
	double n, sx, sy, sxx, syy, sxy;
	double wall, cpu, wall_max;
	size_t plies_max;        /* of the game that took wall_max */
	struct winfit_set calib; /* side to move's scores and results */
	int *losses;             /* pairs: the review's and the reference's */
	size_t loss_n, loss_cap; /* pairs in losses */
};

bool rb_totals_init(struct rb_totals *tot);
void rb_totals_free(struct rb_totals *tot);

/* Adds one reviewed game (got) and its reference review (ref), with its
 * result token and the review's wall and CPU seconds; prints its line.
 * The moves before `first` (a match's random opening) were played by no
 * one: they count in neither the marks nor the steadiness. */
void rb_add_game(struct rb_totals *tot, const char *path,
                 const struct session *s, const struct record_meta *meta,
                 size_t first, const struct rb_move *got,
                 const struct rb_move *ref, double wall, double cpu);

/* Whether move ply of the record at path is in the sample of unmarked
 * moves given a reference (a hash of both: the same moves every run). */
bool rb_sampled(const char *path, size_t ply, double sample);

/* The moves of a recorded match's random opening: up to the move whose
 * comment says so (0 without one). */
size_t rb_opening_plies(const struct record_meta *meta);

/* Reads the reviewed record at path, a review of s, into out (with the
 * losses it stores, marked by the game's thresholds, when losses: a kept
 * reference, whose moves without a review are left unknown); false with
 * a message. */
bool rb_read_reviewed(const char *path, const struct session *s, bool losses,
                      struct rb_move *out, char *err, size_t err_size);

/* Runs `command --output OUT path` in the shell and reads OUT's marks and
 * review scores into out; false with a message. */
bool rb_review_outside(const char *command, const char *path,
                       const struct session *s, struct rb_move *out, char *err,
                       size_t err_size);

/* The marks the review would give with the game's thresholds scaled by
 * a few factors (moves reviewed in line only). */
void rb_print_thresholds(FILE *out, const struct rb_totals *tot);

/* The figures over every game added. */
void rb_print_totals(FILE *out, const struct rb_totals *tot);

#endif
