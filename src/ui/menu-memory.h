/*
 * What the menu remembers between sessions (menu-memory.c; tabula(6),
 * FILES): the last game started from it, who played each side and the
 * set-up, in $XDG_STATE_HOME/tabula/menu.txt.
 */
#ifndef TABULA_UI_MENU_MEMORY_H
#define TABULA_UI_MENU_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ui_menu_memory {
	char game[32]; /* the game's name; "": nothing remembered */
	int who[2];    /* 0 a person, else the engine's level */
	bool random_setup;
	uint64_t seed;
};

/* Reads the file into m ("" game when there is none); false with
 * "PATH:LINE: why" when it is there but not one (the caller ignores it
 * and says so). */
bool ui_menu_memory_read(struct ui_menu_memory *m, char *err, size_t err_size);
/* Replaces the file with m (atomically, never through a symbolic link;
 * core/file.h); false with a message. */
bool ui_menu_memory_write(const struct ui_menu_memory *m, char *err,
                          size_t err_size);

#endif
