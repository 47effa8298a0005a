/*
 * What the menu remembers (see menu-memory.h): a small text file of the
 * user's, read with the one reader of such files and replaced with the
 * one writer (core/file.h), so a corrupt or planted file is refused by
 * name and line and never written through.
 *
 *     # tabula menu 1
 *     game tzaar
 *     player1 human
 *     player2 engine 3
 *     setup random
 *     seed 42
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/file.h"
#include "core/registry.h"
#include "core/text.h"
#include "search/level.h"
#include "ui/menu-memory.h"

static const char UI_MENU_MEMORY_NAME[] = "menu.txt";
static const char UI_MENU_MEMORY_MAGIC[] = "# tabula menu 1";
/* Far more than the file ever holds. */
static const size_t UI_MENU_MEMORY_MAX = 4096;

static bool
ui_menu_memory_path(char *buf, size_t size, bool create, char *err,
                    size_t err_size)
{
	return file_xdg_path("XDG_STATE_HOME", ".local/state",
	                     UI_MENU_MEMORY_NAME, create, buf, size, err,
	                     err_size);
}

/* "human", or "engine N" with N a level. */
static bool
ui_menu_memory_who(char *rest, int *who)
{
	char *word = text_next_word(&rest, " ");
	long level;
	if (word != NULL && strcmp(word, "human") == 0) {
		*who = 0;
		return text_next_word(&rest, " ") == NULL;
	}
	if (word == NULL || strcmp(word, "engine") != 0 ||
	    (word = text_next_word(&rest, " ")) == NULL ||
	    !text_to_long(word, LEVEL_MIN, LEVEL_MAX, &level))
		return false;
	*who = (int)level;
	return text_next_word(&rest, " ") == NULL;
}

/* "standard" or "random". */
static bool
ui_menu_memory_setup(char *rest, struct ui_menu_memory *m)
{
	char *word = text_next_word(&rest, " ");
	if (word == NULL ||
	    (strcmp(word, "standard") != 0 && strcmp(word, "random") != 0))
		return false;
	m->random_setup = strcmp(word, "random") == 0;
	return text_next_word(&rest, " ") == NULL;
}

/* The seed of a random set-up and of the Tetris pieces. */
static bool
ui_menu_memory_seed(char *rest, struct ui_menu_memory *m)
{
	char *word = text_next_word(&rest, " ");
	long seed;
	if (word == NULL || !text_to_long(word, 0, 0x7fffffffL, &seed))
		return false;
	m->seed = (uint64_t)seed;
	return text_next_word(&rest, " ") == NULL;
}

static bool
ui_menu_memory_line(void *ctx, char *text, char *why, size_t why_size)
{
	struct ui_menu_memory *m = ctx;
	char *rest = text, *key = text_next_word(&rest, " ");
	bool ok = true;
	if (key == NULL) {
		return true; /* an empty line */
	} else if (strcmp(key, "game") == 0) {
		char *name = text_next_word(&rest, " ");
		ok = name != NULL && registry_find(name) != NULL &&
		     text_next_word(&rest, " ") == NULL;
		if (ok)
			snprintf(m->game, sizeof m->game, "%s", name);
	} else if (strcmp(key, "player1") == 0 || strcmp(key, "player2") == 0) {
		ok = ui_menu_memory_who(rest, &m->who[key[6] - '1']);
	} else if (strcmp(key, "setup") == 0) {
		ok = ui_menu_memory_setup(rest, m);
	} else if (strcmp(key, "seed") == 0) {
		ok = ui_menu_memory_seed(rest, m);
	} else {
		snprintf(why, why_size, "unknown line '%s'", key);
		return false;
	}
	if (!ok)
		snprintf(why, why_size, "bad %s line", key);
	return ok;
}

bool
ui_menu_memory_read(struct ui_menu_memory *m, char *err, size_t err_size)
{
	char path[1024];
	memset(m, 0, sizeof *m);
	if (!ui_menu_memory_path(path, sizeof path, false, err, err_size))
		return false;
	if (file_read_lines(path, UI_MENU_MEMORY_MAX, UI_MENU_MEMORY_MAGIC,
	                    "menu file", ui_menu_memory_line, m, err, err_size))
		return true;
	memset(m, 0, sizeof *m);
	return false;
}

static void
ui_menu_memory_put_who(FILE *f, const char *key, int who)
{
	if (who > 0)
		fprintf(f, "%s engine %d\n", key, who);
	else
		fprintf(f, "%s human\n", key);
}

static bool
ui_menu_memory_put(FILE *f, const void *ctx, char *why, size_t why_size)
{
	const struct ui_menu_memory *m = ctx;
	fprintf(f, "%s\ngame %s\n", UI_MENU_MEMORY_MAGIC, m->game);
	ui_menu_memory_put_who(f, "player1", m->who[0]);
	ui_menu_memory_put_who(f, "player2", m->who[1]);
	fprintf(f, "setup %s\nseed %" PRIu64 "\n",
	        m->random_setup ? "random" : "standard", m->seed);
	if (ferror(f)) {
		snprintf(why, why_size, "write error");
		return false;
	}
	return true;
}

bool
ui_menu_memory_write(const struct ui_menu_memory *m, char *err, size_t err_size)
{
	char path[1024];
	return ui_menu_memory_path(path, sizeof path, true, err, err_size) &&
	       file_replace(path, ui_menu_memory_put, m, err, err_size);
}
