/*
 * The studio's parts of the game screen (draw-review.c), called by draw.c.
 */
#ifndef TABULA_UI_DRAW_REVIEW_H
#define TABULA_UI_DRAW_REVIEW_H

#include <stdbool.h>
#include <stddef.h>

struct game_ops;
struct ui_app;

/* A score from the first player's view in words: "+0.35", or "Red wins in
 * 5" / "Red loses in 2" for a forced result (mate: plies, signed). */
void ui_dr_score_text(int score, int mate, const char *p1, char *buf,
                      size_t size);

/* The win chance at score (search units, no forced result) in whole
 * percents as the screen shows it: 1..99, 0% and 100% being for forced
 * results. */
int ui_dr_percent(const struct game_ops *ops, int score);

/* A score from the first player's view as the screen shows it (tabula(6),
 * "Win chance"): "Red 63%", the first player's win chance, or with the
 * game's units chosen (%, --units) "Red +1.11"; "Red wins in 5" for a
 * forced result.  With name false the side's name is left out. */
void ui_dr_view_text(const struct ui_app *app, int score, int mate, bool name,
                     char *buf, size_t size);

/* What the move list adds after move ply (0-based): its mark, its review
 * score and "(+N)" for N variations; "" when nothing. */
void ui_dr_history_suffix(const struct ui_app *app, size_t ply, char *buf,
                          size_t size);

/* The other lines at move ply (0-based), one row each from row y, at
 * most rows; returns the rows used. */
int ui_dr_variations(struct ui_app *app, size_t ply, int y, int x, int w,
                     int rows);

/* The review's progress, the graph and the shown move's loss from row y;
 * returns the next free row (y when there is no review). */
int ui_dr_review(struct ui_app *app, int y, int x, int w);

/* The numbers that decide the game and, at its end, who won and why;
 * returns the next free row. */
int ui_dr_facts(struct ui_app *app, int y, int x, int w);

/* At a marked move, the engine's better move as ghosts ('*'). */
void ui_dr_best_ghost(const struct ui_app *app, const struct ui_piece *cells,
                      struct ui_board_mark *marks);

#endif
