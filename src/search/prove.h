/*
 * The proving solver: decides exactly whether a side can force a win within
 * a number of plies, for any game behind struct game_ops.  It is a plain
 * AND/OR search (a depth-limited alpha-beta on the values win / not win)
 * with no pruning beyond the cut-offs of the logic itself: a move ordering
 * and a table of results already proved change how fast the answer comes,
 * never the answer.  The table compares whole positions, not only their
 * hash keys, so a hash collision cannot turn into a wrong proof.
 *
 * "A forced win within N plies" means: whatever the other side does, the
 * game reaches an end whose status (ops->status) names the attacker as the
 * winner, after at most N plies.  Draws and unfinished games are not wins.
 * A ply is one call of ops->play, so a TZAAR turn is two plies (capture,
 * then the second sub-move) and the attacker keeps choosing while the side
 * to move stays his.  Turn limits are the games' own: a Tetress position at
 * action 150 or an Infexion one at action 343 is over, and whoever leads
 * (by the game's rule) has won; a tie is a draw, so not a win.
 *
 * Every question carries a node budget; when it runs out the answer is
 * PROVE_UNKNOWN, never a guess.
 */
#ifndef TABULA_SEARCH_PROVE_H
#define TABULA_SEARCH_PROVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

/* Deepest question the solver takes, in plies. */
#define PROVE_MAX_PLIES 16

enum prove_result { PROVE_NO, PROVE_YES, PROVE_UNKNOWN };

struct prover;

/* A solver for game ops with a table of 2^table_bits positions; NULL if
 * out of memory. */
struct prover *prover_new(const struct game_ops *ops, int table_bits);

/* Frees the solver. */
void prover_free(struct prover *p);

/* Whether side attacker (0 or 1) can force a win from pos within plies
 * plies (0..PROVE_MAX_PLIES), spending at most budget more nodes (one node
 * per position visited). */
enum prove_result prove_win(struct prover *p, const struct game_pos *pos,
                            int attacker, int plies, uint64_t budget);

/* The fewest plies, up to max_plies, within which attacker forces a win
 * from pos: *plies set and PROVE_YES; PROVE_NO when there is no forced win
 * within max_plies; PROVE_UNKNOWN when the budget ran out first. */
enum prove_result prove_min_plies(struct prover *p, const struct game_pos *pos,
                                  int attacker, int max_plies, uint64_t budget,
                                  int *plies);

/* Nodes visited since the solver was made. */
uint64_t prover_nodes(const struct prover *p);

/* Forgets every proved result (the table), e.g. between unrelated games. */
void prover_clear(struct prover *p);

/* The side, 0 or 1, whose win outcome is: 0 for OUTCOME_P1_WINS, 1 for
 * OUTCOME_P2_WINS, -1 for anything else. */
int prove_winner(enum game_outcome outcome);

#endif
