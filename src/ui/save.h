/*
 * Where the game is saved (save.c).
 */
#ifndef TABULA_UI_SAVE_H
#define TABULA_UI_SAVE_H

#include <stdbool.h>
#include <stddef.h>

struct ui_app;

/* The autosave file's path ($XDG_STATE_HOME/tabula/last.rec), creating
 * its directory; false with a message. */
bool ui_save_path(char *buf, size_t size, bool create, char *err,
                  size_t err_size);

#endif
