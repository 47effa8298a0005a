/*
 * The engine's level as the person's results choose it (man page
 * "Strength levels"): a newcomer is offered a level meant to be beaten,
 * and each finished game against the engine offers the next level up after
 * a win, down after a loss.  --elo chooses by Elo instead.
 */
#ifndef TABULA_UI_LEVELS_H
#define TABULA_UI_LEVELS_H

#include "ui/app.h"

/* The level offered first to someone who never played the engine. */
#define UI_NEWCOMER_LEVEL 1

/* The level to offer at game ops: --elo's, else the one the person's
 * results led to, else UI_NEWCOMER_LEVEL. */
int ui_levels_offer(struct ui_app *app, const struct game_ops *ops);
/* The same with fallback instead of UI_NEWCOMER_LEVEL (the level the menu
 * remembers). */
int ui_levels_offer_or(struct ui_app *app, const struct game_ops *ops,
                       int fallback);

/* "level 4 (Elo 1100)": a level's words for the menu and the status line
 * (the Elo rounded to 50, when the game measured one: above a random
 * mover of that game, so games' scales differ; tabula(6), Strength
 * levels). */
void ui_levels_describe(const struct game_ops *ops, int level, char *buf,
                        size_t size);

/* The next game a finished one proposed (its game, and who plays: 0 a
 * person, else a level), once: false when there is none. */
bool ui_levels_take_next(struct ui_app *app, const struct game_ops **ops,
                         int who[2]);

/* A new game on screen: not counted yet. */
void ui_levels_new_game(struct ui_app *app);

/* The game on screen ended: a person against the engine counts, the next
 * game at the next level is proposed to the menu, and the words for the
 * status line go to buf ("" when nothing counted). */
void ui_levels_game_over(struct ui_app *app, const struct game_status *st,
                         char *buf, size_t size);

#endif
