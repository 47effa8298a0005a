/*
 * The review in the background (review.c).
 */
#ifndef TABULA_UI_REVIEW_H
#define TABULA_UI_REVIEW_H

#include <stdbool.h>

struct ui_app;

/* Starts reviewing from the first move without a review, or stops. */
void ui_review_toggle(struct ui_app *app);

/* What to do once every move is reviewed (a practice of a record that
 * held no review: practise.c), with what it needs. */
struct ui_review_then {
	void (*fn)(struct ui_app *app, const struct ui_review_then *then);
	int player;
	char path[1024];
};
/* Starts reviewing the game on the screen as ui_review_toggle does, and
 * calls then->fn when every move is reviewed (not when the review is
 * stopped first); false when no review started (said). */
bool ui_review_start_then(struct ui_app *app,
                          const struct ui_review_then *then);
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
 * side or of the side whose move is shown, round the ends of the game. */
void ui_review_jump(struct ui_app *app, int dir, bool same_side);
void ui_review_free(struct ui_app *app);

#endif
