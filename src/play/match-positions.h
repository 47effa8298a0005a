/*
 * The start positions of a match (`tabula match --positions FILE`): one
 * position string a line, so that a match can be played from chosen
 * positions, such as won ones to see whether a level converts them (man
 * page "match" and "Strength levels").
 */
#ifndef TABULA_PLAY_MATCH_POSITIONS_H
#define TABULA_PLAY_MATCH_POSITIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"

/* Reads the positions of ops at path: a position string (POSITION
 * STRINGS in tabula(6)) a line, blank lines and lines starting with '#'
 * skipped.  On success *out is a new array of *count >= 1 positions
 * (caller frees); false with "PATH:LINE: why" (or "PATH: why") in err for
 * an unreadable file, a line that is not a position of ops, a finished
 * game, or no position at all. */
bool match_positions_read(const struct game_ops *ops, const char *path,
                          struct game_pos **out, int *count, char *err,
                          size_t err_size);

#endif
