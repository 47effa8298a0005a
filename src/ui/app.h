/*
 * The terminal UI's state: struct ui_app holds everything the UI thread
 * owns, in parts that each have one owner: the file that writes a part is
 * named beside it, every other file only reads it.  The functions live
 * in each file's own header (play.h, analysis.h, ...); the screens are
 * tables on the stack of ui/screen.h, wired by ui.c.
 *
 * The files call one another downwards only (HACKING draws the map):
 *   ui.c, script.c -> screen.c and the screens (game-screen.c, menu.c,
 *     lobby.c, leaders.c, help.c, rules.c, library.c), which show
 *     one another through app->screens, never by name, and tell the
 *     help their keys through their help op (keytab.h's tables)
 *   game-screen.c -> keys.c, draw.c -> play.c, lines.c, review.c,
 *     online.c (the lobby) -> room.c (a room's game) -> shown.c ->
 *     analysis.c -> engine.c
 *   keys.c, draw.c, play.c -> the move input (input.c -> pick.c, piece.c,
 *     tetris.c), which builds moves with builder.c
 *   keys.c, draw.c, help.c -> drill.c (a practice), trainer.c (the
 *     puzzles; ui.c and menu.c start it) -> mistake.c -> play.c
 *   everything -> status.c, clock.c, save.c, board views, grid
 */
#ifndef TABULA_UI_APP_H
#define TABULA_UI_APP_H

#include <stdbool.h>
#include <stdint.h>

#include "core/level-progress.h"
#include "play/who.h"
#include "client/client.h"
#include "client/view.h"
#include "core/exercises.h"
#include "core/puzzle-progress.h"
#include "core/puzzle.h"
#include "core/record.h"
#include "core/session.h"
#include "study/exercise.h"
#include "search/level.h"
#include "study/library.h"
#include "study/puzzle-play.h"
#include "study/review-job.h"
#include "search/prove.h"
#include "search/search.h"
#include "ui/board.h"
#include "ui/builder.h"
#include "ui/clock.h"
#include "ui/engine.h"
#include "ui/grid.h"
#include "ui/mistake.h"
#include "ui/review.h"
#include "ui/screen.h"
#include "ui/think.h"

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
	UI_PROMPT_OVERWRITE, /* y/n: replace the file named in pending */
	UI_PROMPT_COMMENT,   /* the shown move's comment ("" removes it) */
	UI_PROMPT_SAY        /* a message to the room */
};

enum ui_search_mode { SEARCH_NONE, SEARCH_ANALYSE, SEARCH_THINK };

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
	/* --units, or %: scores in the game's units, not as win chances
	 * (tabula(6), "Win chance"); keys.c flips it. */
	bool units;
	bool analysis;      /* analysis panel on at start */
	int analysis_depth; /* 0: no depth limit */
	int analysis_time;  /* seconds an analysis runs; 0: until stopped */
	int multipv;
	size_t hash_mb;
	int threads;        /* of the analysis and reviews (0: the default) */
	const char *script; /* --screen-dump KEYS-FILE */
	int dump_width, dump_height;
	bool no_save;
	int elo; /* --elo: the engine's level by Elo; 0: none */
	/* The shared account (restricted.c): no file prompts, no paths. */
	bool restricted;
};

struct ui_app;
struct ui_input;

/* The game and its history (owner: play.c). */
struct ui_game {
	bool have; /* a game is loaded */
	struct session session;
	struct record_meta meta;
	const struct ui_board_view *view;
	const struct ui_input *input;
	/* Who plays each side: WHO_HUMAN, or WHO_ENGINE with its level
	 * (1..UI_LEVELS, or 0 for a record's limits) and the limits it
	 * searches with; the seat type of matches and rooms (play/who.h). */
	struct who players[2];
	/* The record's name of a side whose tag names no seat (a
	 * LittleGolem player's), shown and saved instead of the seat's
	 * description; "" for the others. */
	char names[2][80];
	size_t shown; /* the ply on screen (<= session.ply) */
	bool paused;  /* engine moves held (after a take-back) */
	/* `!` on a person's turn: the engine plays the move at ply
	 * once_ply - 1 as once_seat (0: not asked). */
	size_t once_ply;
	struct who once_seat;

	/* Marks that fade: cells emptied by the last move's clears. */
	int64_t flash_until_ms;
	size_t flash_ply;

	char save_path[1024];
	/* The autosave holds this game (saved, or resumed from it or its
	 * history); until then a save keeps what the autosave holds
	 * (record.h). */
	bool autosaved;
	/* The game's own file in the library's games folder, "" until it
	 * ends or when it was not opened from there (study/library.h). */
	char library_path[1024];
	bool ended_here; /* a move played in this session ended the game */
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
	struct ui_review_then then; /* fn NULL: nothing after the review */
};

/* What a mode of the game screen that sets the person's own mistakes
 * keeps beside them (the practice, the trainer; owner: the mode's file,
 * through mistake.c): the personal set the results go to, and the game
 * on the screen before, put aside. */
struct ui_mistake_home {
	struct exercise_set personal;
	char personal_path[1024];
	bool quit_at_end; /* the command line's: the end quits */
	bool stashed;
	struct ui_game stash;
};

/* Practising one player's mistakes on the game screen (owner: drill.c):
 * the exercises of a reviewed game, the one being tried and its judge. */
struct ui_drill {
	bool active;
	const struct game_ops *ops;
	struct exercise *items; /* malloc'd */
	size_t count, current;
	int player;
	struct review *judge;
	struct ui_mistake now; /* items[current] being tried */
	struct ui_mistake_home home;
};

/* The rated puzzles on the game screen (owner: trainer.c): the game's
 * puzzles and the prover that judges tries, the progress file, and the
 * puzzle being solved or the personal set's exercise being tried. */
struct ui_trainer {
	bool active;
	const struct game_ops *ops;
	struct puzzle_set set;
	struct prover *prover;
	struct puzzle_progress progress;
	char progress_path[1024];
	size_t current; /* the puzzle in set */
	struct puzzle_play play;
	bool scored;          /* its result went into the rating */
	int hints;            /* hint presses on the move to find now */
	unsigned shown;       /* puzzles and exercises shown */
	bool mine;            /* an exercise of the personal set is shown */
	size_t mine_next;     /* where the next one is looked for */
	struct review *judge; /* for those; made at the first */
	struct ui_mistake now;
	struct ui_mistake_home home;
};

/* The level offered against the engine, from the person's results
 * (owner: levels.c). */
struct ui_levels {
	bool loaded; /* the file was read (or there is none to read) */
	char path[1024];
	struct level_progress progress;
	bool counted; /* the game on screen was counted */
	/* The next game proposed to the menu, until it takes it. */
	const struct game_ops *next_ops;
	int next_who[2];
};

/* The help screen's place (owner: help.c). */
struct ui_help {
	int top;                          /* the first row shown */
	const struct ui_screen_ops *from; /* the screen it was opened over */
	bool about_help;                  /* its own keys first (? again) */
};

/* The rules screen's place (owner: rules.c). */
struct ui_rules {
	int game; /* the game whose rules are shown (registry index) */
	int top;  /* the first row shown */
};

/* Play on this host: the connection to the room server, what it has
 * said, the lobby's choices, and whether the game screen shows a room's
 * game (owner: online.c; room.c sets a room's resign_asked, muted,
 * seen_player and in_room when leaving). */
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
	bool typing;  /* the join line takes the code's letters */
	/* The key count (ui_host's keys) when R asked "again to resign?";
	 * 0: not asked. */
	unsigned long resign_asked;
	bool pointed;      /* the first list after connecting was shown */
	int64_t listed_at; /* when the lobby last asked for the list */
	bool rated_room;   /* the new room counts for the ratings */
	bool chat_room;    /* the new room takes messages */
	bool muted;        /* room messages are not shown */
	/* The room's players as last shown, to say who sat down. */
	char seen_player[2][VIEW_NAME_MAX];
	char over_text[256]; /* how the room's game ended, with names */
};

/* The leaderboard's place (owner: leaders.c). */
struct ui_leaders {
	int game; /* the game shown (registry index) */
};

/* The library of games on its screen (owner: library.c). */
struct ui_library {
	struct library_list list; /* read each time the screen is shown */
	int row;                  /* the selected game */
	int top;                  /* the first game shown */
	bool asking;              /* "delete ...?" waits for its answer */
};

/* The app's screens, wired by ui.c, the one file that knows them all:
 * a screen shows another through these, never by naming its file. */
struct ui_screens {
	const struct ui_screen_ops *game, *menu, *help, *lobby, *leaders,
	        *library, *rules;
};

struct ui_app {
	/* The screens on the stack, the grid they draw into, quit and dirty
	 * (owner: screen.c; ui/screen.h). */
	struct ui_host host;
	struct ui_screens screens; /* owner: ui.c */
	/* The options (owner: ui.c; the menu sets the analysis time). */
	struct ui_options opt;
	const struct ui_glyphs *glyphs;
	bool headless; /* script mode: no terminal */

	/* Board layout of the last draw, for the mouse (owner: draw.c). */
	int board_y, board_x;

	struct ui_menu menu;
	struct ui_game game;
	struct ui_analysis analysis;
	struct ui_prompt prompt;
	/* The legal moves of the shown position (owner: shown.c, which lists
	 * them; play.c sets the board view) and the move being built from
	 * them (owner: the game's move input, pick.c, piece.c or tetris.c). */
	struct ui_builder build;
	struct ui_piece_cursor piece;
	struct ui_tetris tetris;
	struct ui_review review;
	struct ui_lines lines;
	struct ui_online online;
	struct ui_drill drill;
	struct ui_trainer trainer;
	struct ui_think think; /* owner: think.c */
	struct ui_help help;
	struct ui_rules rules;
	struct ui_leaders leaders;
	struct ui_library library;
	struct ui_levels levels;
};

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

#endif
