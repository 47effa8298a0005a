/*
 * Where the game is saved (save.c).
 */
#ifndef TABULA_UI_SAVE_H
#define TABULA_UI_SAVE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/record.h"

struct ui_app;

/* The autosave file's path ($XDG_STATE_HOME/tabula/last.rec), creating
 * its directory; false with a message. */
bool ui_save_path(char *buf, size_t size, bool create, char *err,
                  size_t err_size);

/* Writes the game to a new file of its own in $TMPDIR (or /tmp), for
 * when the autosave failed at the end; its name goes to path.  False with
 * a message (and no file) when that fails too. */
bool ui_save_elsewhere(const struct session *s, const struct record_meta *meta,
                       char *path, size_t size, char *err, size_t err_size);

#endif
