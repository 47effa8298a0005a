/*
 * The terminal UI's state and the functions its files share.  One struct
 * ui_app holds everything the UI thread owns: the game (a session), what is
 * shown, the move being built, the analysis, and the screen.  Screens follow
 * ncdu's habit: each has a draw function and a key function; the command
 * table (keys.c) maps keys to named commands for the game screen.
 */
#ifndef TABULA_UI_APP_H
#define TABULA_UI_APP_H

#include <stdbool.h>
#include <stdint.h>

#include "core/record.h"
#include "core/session.h"
#include "search/level.h"
#include "search/search.h"
#include "ui/board.h"
#include "ui/engine.h"
#include "ui/grid.h"

/* Smallest terminal the UI lays out in (80 x 24 must work). */
#define UI_MIN_WIDTH  78
#define UI_MIN_HEIGHT 24

/* Cells a move names at most (Tetress: four). */
#define UI_MOVE_CELLS 4

/* Engine strength levels: 1 (weakest) .. UI_LEVELS (search/level.h). */
#define UI_LEVELS        LEVEL_MAX
#define UI_DEFAULT_LEVEL LEVEL_DEFAULT

/* Keys: curses key codes plus these for the script mode. */
enum {
	UI_KEY_ENTER = '\n',
	UI_KEY_ESC = 27,
	UI_KEY_CTRL_L = 12,
};

enum { UI_PROMPT_MOVE, UI_PROMPT_SAVE, UI_PROMPT_OPEN };

enum ui_screen { SCREEN_MENU, SCREEN_GAME, SCREEN_HELP };

enum ui_search_mode { SEARCH_NONE, SEARCH_ANALYSE, SEARCH_THINK };

struct ui_player {
	bool engine;
	int level;                /* 1..UI_LEVELS when engine */
	struct search_limits lim; /* what the engine searches with */
};

/* A legal move of the shown position with the cells it names. */
struct ui_move {
	game_move move;
	char text[64];
	int cells[UI_MOVE_CELLS];
	int ncells;
};

/* The menu's choices (menu.c). */
struct ui_menu {
	int row;    /* selected line */
	int game;   /* index in the registry */
	int who[2]; /* 0 human, 1..UI_LEVELS engine level */
	bool random_setup;
	uint64_t seed;
	char pieces_file[256];
};

struct ui_options {
	int color; /* UI_COLOR_* */
	bool ascii;
	bool analysis;      /* analysis panel on at start */
	int analysis_depth; /* 0: think until stopped */
	int multipv;
	size_t hash_mb;
	const char *script; /* --screen-dump KEYS-FILE */
	int dump_width, dump_height;
	bool no_save;
};

struct ui_app {
	struct ui_options opt;
	const struct ui_glyphs *glyphs;
	bool headless; /* script mode: no terminal */
	bool quit;
	int exit_status;
	enum ui_screen screen;
	struct ui_grid grid;
	int width, height;

	struct ui_menu menu;

	/* The game. */
	bool have_game;
	struct session session;
	struct record_meta meta;
	const struct ui_board_view *view;
	struct ui_player players[2];
	size_t shown; /* the ply on screen (<= session.ply) */
	bool game_over_saved;

	/* Legal moves of the shown position. */
	struct ui_move *moves;
	int nmoves;

	/* The move being built. */
	int cursor;
	int sel[UI_MOVE_CELLS];
	int nsel;
	int tetris_rot, tetris_col;

	/* Board layout of the last draw (for the mouse and the cursor). */
	int board_y, board_x;

	/* Analysis. */
	bool analysis;
	int multipv;
	struct ui_engine *engine;
	enum ui_search_mode mode;
	unsigned search_number; /* the latest start */
	size_t search_ply;      /* the ply it searches */
	size_t search_len;      /* session.ply when it started */
	struct ui_engine_view info;
	bool paused; /* engine moves held (after a take-back) */

	/* Marks that fade: cells emptied by the last move's clears. */
	int64_t flash_until_ms;
	size_t flash_ply;

	/* Status line and prompts. */
	char status[256];
	bool status_warn;
	bool prompting;
	int prompt_kind; /* UI_PROMPT_* */
	char prompt[128];
	size_t prompt_len;
	bool confirm_truncate; /* y/n asked before dropping later moves */
	game_move pending_move;

	char save_path[1024];
	bool dirty; /* the screen needs a redraw */
};

/* ---- ui.c */
/* Milliseconds of a monotonic clock. */
int64_t ui_now_ms(void);

/* ---- play.c: the game */
/* Sets up a new game of ops (players, set-up, stream); false with a
 * message. */
bool ui_play_new(struct ui_app *app, const struct game_ops *ops,
                 const struct game_setup *setup, const char *stream, char *err,
                 size_t err_size);
/* Takes over a loaded session and record. */
void ui_play_adopt(struct ui_app *app, struct session *s,
                   struct record_meta *meta);
/* Refreshes the legal moves and the search after the shown position
 * changed. */
void ui_play_changed(struct ui_app *app);
/* Starts, stops or keeps the search so it matches what is shown. */
void ui_play_sync_search(struct ui_app *app);
/* Takes in search news: new lines, or the engine's move. */
void ui_play_poll_search(struct ui_app *app);
/* Plays a move at the shown position (asks before dropping later moves). */
void ui_play_move(struct ui_app *app, game_move move);
/* Answers the "drop the later moves?" question. */
void ui_play_confirm(struct ui_app *app, bool yes);
/* Plays typed text; the status line says why when it is illegal. */
void ui_play_text(struct ui_app *app, const char *text);
/* Whether move m agrees with the picked cells (as a set or a path). */
bool ui_play_matches(const struct ui_app *app, const struct ui_move *m);
/* Picks the cell under the cursor for the move being built. */
void ui_play_select(struct ui_app *app, int cell);
/* Saves the game to the autosave file (or path); false with a message. */
bool ui_play_save(struct ui_app *app, const char *path, char *err,
                  size_t err_size);
/* Sets the status line. */
void ui_status(struct ui_app *app, bool warn, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
/* Describes a player for the record ("human", "engine level 3"). */
void ui_player_describe(const struct ui_player *p, char *buf, size_t size);
/* Reads a description back; false if it is none. */
bool ui_player_parse(const char *text, struct ui_player *p);
/* Sets a player to an engine at a level (0: human). */
void ui_player_set(struct ui_player *p, int level);
/* The shown position. */
const struct game_pos *ui_play_shown(const struct ui_app *app);
/* Tetris: the placement for the current rotation and column, or -1. */
int ui_play_tetris_index(const struct ui_app *app);
/* Tetris: the well cells a placement fills, found by playing it; returns
 * the count (0 when it cannot tell). */
int ui_play_tetris_cells(const struct ui_app *app, const struct game_pos *pos,
                         game_move move, int *cells, int max);

/* Tetris: the cells a piece letter fills when placed by move text on an
 * empty well (its shape, resting on the floor); returns the count. */
int ui_play_tetris_shape(const struct ui_app *app, const char *piece,
                         const char *text, int *cells, int max);

/* ---- draw.c */
/* Draws the current screen into app->grid. */
void ui_draw(struct ui_app *app);

/* ---- keys.c */
/* Handles one key on the current screen. */
void ui_keys_handle(struct ui_app *app, int key);
/* Handles a mouse click at screen (y, x). */
void ui_keys_click(struct ui_app *app, int y, int x);
/* Writes the help lines (key, description) through fn. */
void ui_keys_each(void (*fn)(void *ctx, const char *keys, const char *what),
                  void *ctx);

/* ---- menu.c */
void ui_menu_init(struct ui_app *app);
/* Starts a game of ops: who[i] is 0 for a human or an engine level;
 * TZAAR's set-up is random with seed when random_setup; Tetris takes its
 * pieces from pieces_file, or from the seed when it is NULL or "". */
bool ui_menu_start(struct ui_app *app, const struct game_ops *ops,
                   const int who[2], bool random_setup, uint64_t seed,
                   const char *pieces_file, char *err, size_t err_size);
void ui_menu_draw(struct ui_app *app);
void ui_menu_key(struct ui_app *app, int key);

/* ---- save.c */
/* The autosave file's path ($XDG_STATE_HOME/tabula/last.rec), creating
 * its directory; false with a message. */
bool ui_save_path(char *buf, size_t size, bool create, char *err,
                  size_t err_size);

#endif
