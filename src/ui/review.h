/*
 * The review in the background (review.c).
 */
#ifndef TABULA_UI_REVIEW_H
#define TABULA_UI_REVIEW_H

#include <stdbool.h>

struct ui_app;

/* Starts reviewing from the first move without a review, or stops. */
void ui_review_toggle(struct ui_app *app);
/* Stops a running review behind a menu or a prompt, saying so. */
void ui_review_pause(struct ui_app *app);
/* Stops the review (a new game, a quit). */
void ui_review_stop(struct ui_app *app);
/* The descriptor to poll, or -1 before the first review. */
int ui_review_fd(const struct ui_app *app);
/* Takes in the moves reviewed since the last poll. */
void ui_review_poll(struct ui_app *app);
/* Blocks until the review ends, then polls (the headless mode only). */
void ui_review_wait(struct ui_app *app);
/* Shows the next (dir 1) or previous (-1) move with a mark, of either
 * side or of the side whose move is shown. */
void ui_review_jump(struct ui_app *app, int dir, bool same_side);
void ui_review_free(struct ui_app *app);

#endif
