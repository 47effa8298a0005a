/*
 * The terminal UI's state and the functions its files share.  struct ui_app
 * holds everything the UI thread owns, in parts that each have one owner:
 * the file that writes a part is named beside it, every other file only
 * reads it.  Screens follow ncdu's habit: each has a draw function and a
 * key function; the command table (keys.c) maps keys to named commands for
 * the game screen.
 *
 * The files call one another downwards only:
 *   ui.c, script.c -> keys.c -> menu.c -> online.c -> play.c -> analysis.c
 *   ui.c -> draw.c -> menu.c, online.c, keys.c (the help lines)
 *   keys.c, draw.c, play.c -> the move input (pick.c, piece.c, tetris.c)
 *   piece.c -> pick.c (its cell cursor)
 *   everything -> status.c, clock.c, save.c, board views, grid, engine
 */
#ifndef TABULA_UI_APP_H
#define TABULA_UI_APP_H

#include <stdbool.h>
#include <stdint.h>

#include "client/client.h"
#include "client/view.h"
#include "core/record.h"
#include "core/session.h"
#include "search/level.h"
#include "search/review-job.h"
#include "search/search.h"
#include "ui/board.h"
#include "ui/builder.h"
#include "ui/clock.h"
#include "ui/engine.h"
#include "ui/grid.h"
#include "ui/screen.h"

/* Smallest terminal the UI lays out in (80 x 24 must work). */
#define UI_MIN_WIDTH  78
#define UI_MIN_HEIGHT 24
/* The menu alone fits in less: its longest line and its rows. */
#define UI_MENU_MIN_WIDTH  48
#define UI_MENU_MIN_HEIGHT 20

/* Seconds an analysis runs before it stops by itself, and the most. */
#define UI_DEFAULT_ANALYSIS_TIME 30
#define UI_MAX_ANALYSIS_TIME     3600

/* Engine strength levels: 1 (weakest) .. UI_LEVELS (search/level.h). */
#define UI_LEVELS        LEVEL_MAX
#define UI_DEFAULT_LEVEL LEVEL_DEFAULT

/* Keys: curses key codes plus these for the script mode. */
enum {
	UI_KEY_ENTER = '\n',
	UI_KEY_ESC = 27,
	UI_KEY_CTRL_L = 12,
};

enum {
	UI_PROMPT_MOVE,
	UI_PROMPT_SAVE,
	UI_PROMPT_OPEN,
	UI_PROMPT_OVERWRITE /* y/n: replace the file named in pending */
};

enum ui_search_mode { SEARCH_NONE, SEARCH_ANALYSE, SEARCH_THINK };

struct ui_player {
	bool engine;
	int level;                /* 1..UI_LEVELS when engine */
	struct search_limits lim; /* what the engine searches with */
};

/* The menu's choices (owner: menu.c). */
struct ui_menu {
	int row;    /* selected line */
	int game;   /* index in the registry */
	int who[2]; /* 0 human, 1..UI_LEVELS engine level */
	bool random_setup;
	uint64_t seed;
	char pieces_file[256];
	int example; /* the example game on its line, from 0 */
};

struct ui_options {
	int color;  /* UI_COLOR_* */
	bool light; /* --theme=light: colours for a light background */
	bool ascii;
	bool analysis;      /* analysis panel on at start */
	int analysis_depth; /* 0: no depth limit */
	int analysis_time;  /* seconds an analysis runs; 0: until stopped */
	int multipv;
	size_t hash_mb;
	const char *script; /* --screen-dump KEYS-FILE */
	int dump_width, dump_height;
	bool no_save;
};

struct ui_app;

/* How a move is entered, as the game's caps.input says (struct
 * game_caps): picking cells (pick.c) or steering a placement (tetris.c).
 * The game screen reaches the move being built only through this. */
struct ui_input {
	/* A game was loaded: start from scratch. */
	void (*start)(struct ui_app *app);
	/* The shown position or its legal moves changed. */
	void (*changed)(struct ui_app *app);
	/* An arrow key, dy and dx of -1, 0 or 1: true with a move when the
	 * key plays one (Tetris: down drops the piece). */
	bool (*step)(struct ui_app *app, int dy, int dx, game_move *move);
	/* Enter on the cursor: true with the move it completes; else the
	 * status line says what happened. */
	bool (*select)(struct ui_app *app, game_move *move);
	/* A click on a cell, or NULL when clicks mean nothing. */
	bool (*click)(struct ui_app *app, int cell, game_move *move);
	/* The cells a move of pos fills or names; returns the count. */
	int (*move_cells)(const struct ui_app *app, const struct game_pos *pos,
	                  game_move move, int *cells, int max);
	/* Marks the move being built on the board; returns the cursor's
	 * cell. */
	int (*marks)(const struct ui_app *app, struct ui_board_mark *marks);
	/* The engine's first moves drawn on the board, and their overlay
	 * (NULL: the move's number on empty cells). */
	int ghost_plies;
	const char *ghost_overlay;
	/* Columns of the panel beside the board, and its drawing (NULL:
	 * none). */
	int side_width;
	void (*draw_side)(struct ui_app *app, int y, int x,
	                  const struct ui_board_info *info);
	/* Tab (delta 1) and Shift-Tab (-1): on to the next or previous
	 * legal target or placement (NULL: nothing to walk). */
	void (*next)(struct ui_app *app, int delta);
	/* Lines under the board, w columns wide (NULL: none). */
	void (*draw_below)(struct ui_app *app, int y, int x, int w);
};

/* The game and its history (owner: play.c). */
struct ui_game {
	bool have; /* a game is loaded */
	struct session session;
	struct record_meta meta;
	const struct ui_board_view *view;
	const struct ui_input *input;
	struct ui_player players[2];
	size_t shown; /* the ply on screen (<= session.ply) */
	bool paused;  /* engine moves held (after a take-back) */

	/* Marks that fade: cells emptied by the last move's clears. */
	int64_t flash_until_ms;
	size_t flash_ply;

	char save_path[1024];
};

/* The analysis and the engine's turns (owner: analysis.c). */
struct ui_analysis {
	bool on;
	int multipv;
	struct ui_engine *engine;
	enum ui_search_mode mode;
	unsigned search_number; /* the latest start */
	size_t search_ply;      /* the ply it searches */
	size_t search_len;      /* session.ply when it started */
	struct ui_engine_view info;
};

/* The status line and the line typed into it (owner: status.c). */
struct ui_prompt {
	char status[256];
	bool status_warn;
	bool active;
	int kind; /* UI_PROMPT_* */
	char text[1024];
	size_t len;
	char pending[1024]; /* UI_PROMPT_OVERWRITE: the file to replace */
	bool overflow;      /* the last key did not fit in text */
};

/* The piece steered over the board (owner: piece.c). */
struct ui_piece_cursor {
	bool cells; /* picking cells instead (v switches) */
	struct game_piece piece;
	/* Tab's walk through the legal placements: where it began and how
	 * far along it is. */
	bool walking;
	struct game_piece centre;
	int index;
};

/* The Tetris placement being steered (owner: tetris.c). */
struct ui_tetris {
	int rot, col;
	int cursor; /* the cell the terminal cursor sits on */
};

/* Lines entered from the board, the way back (owner: lines.c). */
#define UI_LINES_MAX 64
struct ui_lines {
	size_t ply[UI_LINES_MAX]; /* where each line was entered */
	/* The engine's line, removed on leaving. */
	bool temporary[UI_LINES_MAX];
	size_t shown[UI_LINES_MAX]; /* the ply shown when it was entered */
	int depth;
};

/* The review running in the background (owner: review.c). */
struct ui_review {
	struct review_job *job; /* made on first use */
	unsigned number;        /* the job's start being taken in */
	bool running;
	game_move *moves; /* the line the job reviews, from start */
	size_t len;
	const struct game_ops *ops;
	struct game_pos start;
	size_t first, next; /* next: the first result not yet taken in */
	size_t done, total;
};

/* Play on this host: the connection to the room server, what it has
 * said, the lobby's choices, and whether the game screen shows a room's
 * game (owner: online.c). */
struct ui_online {
	bool connected;
	struct net_client conn;
	struct view view;
	bool in_room;
	int row;      /* the lobby's selected line */
	int game;     /* the new room's game (registry index) */
	int opponent; /* 0 a person, else the engine's level */
	int clock;    /* the new room's clock (a choice in online.c) */
	bool analysis_room;
	bool asking; /* a new SSH key: typing a name */
	char typed[VIEW_NAME_MAX];
	size_t typed_len;
	char code[8]; /* a room code typed to join */
	bool confirm_resign;
	bool pointed;      /* the first list after connecting was shown */
	int64_t listed_at; /* when the lobby last asked for the list */
};

/* The app's screens, wired by ui.c, the one file that knows them all:
 * a screen shows another through these, never by naming its file. */
struct ui_screens {
	const struct ui_screen_ops *game, *menu, *help, *lobby;
};

struct ui_app {
	/* The screens on the stack, the grid they draw into, quit and dirty
	 * (owner: screen.c; ui/screen.h). */
	struct ui_host host;
	struct ui_screens screens; /* owner: ui.c */
	/* The options (owner: ui.c). */
	struct ui_options opt;
	const struct ui_glyphs *glyphs;
	bool headless; /* script mode: no terminal */

	/* Board layout of the last draw, for the mouse (owner: draw.c). */
	int board_y, board_x;

	struct ui_menu menu;
	struct ui_game game;
	struct ui_analysis analysis;
	struct ui_prompt prompt;
	/* The legal moves of the shown position (owner: play.c, which lists
	 * them) and the move being built from them (owner: the game's move
	 * input, pick.c, piece.c or tetris.c). */
	struct ui_builder build;
	struct ui_piece_cursor piece;
	struct ui_tetris tetris;
	struct ui_review review;
	struct ui_lines lines;
	struct ui_online online;
};

/* The screens of the terminal UI (struct ui_screen_ops), each over the
 * struct ui_app; the puzzle trainer's is in ui/trainer.h. */
extern const struct ui_screen_ops ui_screen_game;  /* game-screen.c */
extern const struct ui_screen_ops ui_screen_help;  /* help.c */
extern const struct ui_screen_ops ui_screen_menu;  /* menu.c */
extern const struct ui_screen_ops ui_screen_lobby; /* online.c */

/* The smallest terminal a screen of the app lays out in: the game needs
 * UI_MIN_*; the menu, and any screen while no game is loaded, only
 * UI_MENU_MIN_*. */
static inline void
ui_min_size(const struct ui_app *app, bool menu, int *width, int *height)
{
	menu = menu || !app->game.have;
	*width = menu ? UI_MENU_MIN_WIDTH : UI_MIN_WIDTH;
	*height = menu ? UI_MENU_MIN_HEIGHT : UI_MIN_HEIGHT;
}

/* The shown position. */
static inline const struct game_pos *
ui_shown_pos(const struct ui_app *app)
{
	return &app->game.session.positions[app->game.shown];
}

/* ---- status.c: the bottom line */
/* Sets the status line. */
void ui_status(struct ui_app *app, bool warn, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
/* Prints the status message, if any, on the grid's last line (the menu
 * and the lobby; the game screen draws its own). */
void ui_status_print(const struct ui_app *app, struct ui_grid *g);
/* The label shown before the prompt's text ("move: ", "save to: ", ...). */
const char *ui_prompt_label(int kind);
/* Opens the prompt for typing (UI_PROMPT_*). */
void ui_prompt_open(struct ui_app *app, int kind);
/* Takes one key while the prompt is open; true when it closed with text
 * to act on (app->prompt.text). */
bool ui_prompt_key(struct ui_app *app, int key);

/* ---- play.c: the game */
/* Makes room for the legal moves; false when out of memory. */
bool ui_play_init(struct ui_app *app);
/* Frees the game and the room for its moves. */
void ui_play_free(struct ui_app *app);
/* Drops the game shown (a room's, which the server keeps) with its
 * analysis; nothing is saved. */
void ui_play_close(struct ui_app *app);
/* Sets up a new game of ops with its set-up, its stream (NULL: none) and
 * its players (who[i]: 0 a human, else an engine level); false with a
 * message. */
bool ui_play_new(struct ui_app *app, const struct game_ops *ops,
                 const struct game_setup *setup, const char *stream,
                 const int who[2], char *err, size_t err_size);
/* Loads a saved game, players included (a player tag that names none
 * gives player 1 to a human, player 2 to the engine); false with a
 * message. */
bool ui_play_load(struct ui_app *app, const char *path, char *err,
                  size_t err_size);
/* Takes back to the last position where a human was to move. */
void ui_play_takeback(struct ui_app *app);
/* Hands the side to move to the engine, or back to a human. */
void ui_play_engine_side(struct ui_app *app);
/* Tells the engine to move now, or lets it play this move for a human. */
void ui_play_move_now(struct ui_app *app);
/* Takes in search news: new lines, or the engine's move. */
void ui_play_poll_search(struct ui_app *app);
/* Plays a move at the shown position (before the end: as a variation). */
void ui_play_move(struct ui_app *app, game_move move);
/* Appends a move to the game as it is, nothing else: no save, no
 * refresh (a room's moves, which the server keeps); false if illegal. */
bool ui_play_append(struct ui_app *app, game_move move);
/* Plays typed text; the status line says why when it is illegal. */
void ui_play_text(struct ui_app *app, const char *text);
/* Saves the game to the autosave file (or path); false with a message. */
bool ui_play_save(struct ui_app *app, const char *path, char *err,
                  size_t err_size);
/* The engine level offered first for the game (struct game_caps). */
int ui_default_level(const struct game_ops *ops);

/* ---- shown.c: the ply on screen */
/* Refreshes the legal moves, the move being built and the search after
 * the shown position changed. */
void ui_shown_refresh(struct ui_app *app);
/* Refreshes everything after the line on the board was rearranged. */
void ui_shown_line(struct ui_app *app);
/* Shows ply (0 .. session.ply) of the game. */
void ui_shown_go(struct ui_app *app, size_t ply);

/* ---- analysis.c: the search the UI runs */
/* Sets up the analysis from the options; false with a message. */
bool ui_analysis_init(struct ui_app *app, char *err, size_t err_size);
void ui_analysis_free(struct ui_app *app);
/* Starts, stops or keeps the search so it matches what is shown. */
void ui_analysis_sync(struct ui_app *app);
/* Forgets the running search so the next sync starts afresh. */
void ui_analysis_forget(struct ui_app *app);
/* Forgets the running search and syncs. */
void ui_analysis_restart(struct ui_app *app);
/* Analysis on or off. */
void ui_analysis_toggle(struct ui_app *app);
/* One analysis line more (+1) or fewer (-1). */
void ui_analysis_lines(struct ui_app *app, int delta);
/* Whether the engine is thinking about its move. */
bool ui_analysis_thinking(const struct ui_app *app);
/* Tells a thinking engine to move now. */
void ui_analysis_stop(struct ui_app *app);
/* Takes in search news; true when the engine chose a move for the shown
 * ply (*move, and its comment for the record). */
bool ui_analysis_poll(struct ui_app *app, game_move *move, char *comment,
                      size_t size);

/* ---- review.c: the review in the background */
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

/* ---- lines.c: variations, the engine's line, the hint */
/* Enters the next other line at the move shown. */
void ui_lines_next(struct ui_app *app);
/* Goes back to the line the last v (or x) left. */
void ui_lines_back(struct ui_app *app);
/* Keeps the line on the board as the main line. */
void ui_lines_promote(struct ui_app *app);
/* Walks the engine's line from the shown position, or leaves it. */
void ui_lines_pv(struct ui_app *app);
/* Shows the engine's move for the shown position without playing it. */
void ui_lines_hint(struct ui_app *app);
/* Leaves the engine's temporary lines (before a save: the record keeps
 * the game's own moves). */
void ui_lines_drop_temporary(struct ui_app *app);
/* Forgets the way back (a new game, a move played). */
void ui_lines_forget(struct ui_app *app);

/* ---- pick.c, piece.c, tetris.c: the move inputs */
extern const struct ui_input ui_input_cells;
extern const struct ui_input ui_input_piece;
extern const struct ui_input ui_input_placement;
/* The input for a game's caps.input (input.c). */
const struct ui_input *ui_input_of(const struct game_ops *ops);
/* Drops the picked cells (pick.c). */
void ui_pick_cancel(struct ui_app *app);
/* The piece cursor's keys (piece.c): piece cursor or cell cursor; the
 * kind named by a letter; the next (+1) or previous (-1) kind; turning
 * by quarter turns clockwise (negative: anticlockwise).  Each says on the
 * status line when the game has no piece cursor. */
void ui_piece_toggle(struct ui_app *app);
void ui_piece_choose(struct ui_app *app, char letter);
void ui_piece_cycle(struct ui_app *app, int delta);
void ui_piece_rotate(struct ui_app *app, int quarter_turns);

/* ---- draw.c */
/* Draws the game screen into app->host.grid. */
void ui_draw_game(struct ui_app *app);

/* ---- keys.c */
/* Handles one key on the game screen. */
void ui_keys_handle(struct ui_app *app, int key);
/* Handles a mouse click at screen (y, x) on the game screen. */
void ui_keys_click(struct ui_app *app, int y, int x);
/* Writes the help lines (key, description) through fn. */
void ui_keys_each(void (*fn)(void *ctx, const char *keys, const char *what),
                  void *ctx);

/* ---- menu.c (the screen ui_screen_menu) */
/* Starts a game of ops: who[i] is 0 for a human or an engine level; the
 * set-up is random with seed when random_setup and the game has random
 * set-ups; a game fed by a stream takes its pieces from pieces_file, or
 * from the seed when it is NULL or "". */
bool ui_menu_start(struct ui_app *app, const struct game_ops *ops,
                   const int who[2], bool random_setup, uint64_t seed,
                   const char *pieces_file, char *err, size_t err_size);

/* ---- online.c: play on this host (the screen ui_screen_lobby) */
/* Disconnects (a seat stays its player's). */
void ui_online_close(struct ui_app *app);
/* The connection to poll, or -1. */
int ui_online_fd(const struct ui_app *app);
/* A poll timeout no longer than a room's clock needs to tick. */
int ui_online_timeout(const struct ui_app *app, int timeout);
/* Takes in the server's lines. */
void ui_online_poll(struct ui_app *app);
/* Ticks a room's clock. */
void ui_online_tick(struct ui_app *app);
/* A key on the game screen in a room (resign, draw, leave, and the keys
 * a room's game does not take); true when taken. */
bool ui_online_game_key(struct ui_app *app, int key);
/* In a room: sends the move to the server (or says why not) and returns
 * true; false when the game screen is not a room's. */
bool ui_online_play(struct ui_app *app, game_move move);
/* Whether the game screen shows a room's game. */
bool ui_online_in_room(const struct ui_app *app);
/* The game screen's title line in a room. */
void ui_online_title(const struct ui_app *app, char *buf, size_t size);

/* ---- save.c */
/* The autosave file's path ($XDG_STATE_HOME/tabula/last.rec), creating
 * its directory; false with a message. */
bool ui_save_path(char *buf, size_t size, bool create, char *err,
                  size_t err_size);

#endif
