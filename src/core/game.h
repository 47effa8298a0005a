/*
 * The game interface: one `const struct game_ops` per game, registered by
 * name.  Everything above the games (session, protocol, search, command-line
 * tools, terminal UI) sees a game only through this table, so a new game is a
 * new file and one line in the registry.
 *
 * Positions are fixed-size values copied with memcpy (copy-make): they are a
 * few hundred bytes at most, copying is cheap, and a copied position can be
 * handed to another thread without any sharing.  Generic code stores them in
 * `struct game_pos`, an opaque, suitably aligned buffer; each game views it
 * through its own struct (see games/<name>.h).
 */
#ifndef TABULA_CORE_GAME_H
#define TABULA_CORE_GAME_H

#include <stdalign.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Room for the largest legal-move list of any game (Tetress: 2,299 placements).
 */
#define GAME_MAX_MOVES 2304

/* Bytes reserved for any game's position struct. */
#define GAME_POS_BYTES 256

/* Enough for any position string, move text or board diagram. */
#define GAME_TEXT_MAX 4096

/* A move: a small integer packed by its game; only that game reads it. */
typedef uint32_t game_move;

/* A position of any game; only its game interprets the bytes. */
struct game_pos {
	alignas(16) unsigned char bytes[GAME_POS_BYTES];
};

enum game_outcome {
	OUTCOME_ONGOING,
	OUTCOME_P1_WINS, /* Red (Tetress, Infexion) or White (TZAAR) */
	OUTCOME_P2_WINS, /* Blue or Black */
	OUTCOME_DRAW,
	OUTCOME_FINISHED /* single-player game whose input has run out */
};

struct game_status {
	enum game_outcome outcome;
	const char *
	        reason; /* static text, e.g. "turn limit"; NULL while ongoing */
};

/* Choices made when a game starts (from the protocol, the CLI or the TUI). */
struct game_setup {
	uint64_t
	        seed; /* TZAAR: 0 = the standard layout, else a random layout */
};

/* How a person enters a move in the terminal UI. */
enum game_input {
	GAME_INPUT_CELLS,     /* picks the cells the move names (board games) */
	GAME_INPUT_PLACEMENT, /* steers a piece: its rotation and column */
	GAME_INPUT_PIECE      /* moves a whole piece over the board (Tetress),
	                       * or picks cells: game_caps.pieces */
};

/* A piece as a player handles it, in a game whose move places one
 * (GAME_INPUT_PIECE): its kind, its turn (quarter turns clockwise) and the
 * cell its pivot is on, numbered as the game's board view numbers cells
 * (Tetress: row * 11 + column). */
struct game_piece {
	int kind, turn, anchor;
};

/* The piece model of such a game: how pieces turn and slide, which move a
 * piece is, and which placements are legal. */
struct game_pieces {
	const char *letters; /* one letter per kind, in the order keys cycle */
	int (*turns)(int kind); /* distinct turns of a kind (1, 2 or 4) */
	void (*turn)(struct game_piece *p, int quarter_turns);
	void (*slide)(struct game_piece *p, int rows, int cols);
	game_move (*move)(const struct game_piece *p);
	struct game_piece (*of_move)(game_move move);
	/* Whether p is legal; if not, the rule it breaks in one line. */
	bool (*check)(const struct game_pos *pos, const struct game_piece *p,
	              char *err, size_t err_size);
	/* The legal placements of centre's kind, nearest centre first (at
	 * most max written; returns how many there are). */
	int (*scan)(const struct game_pos *pos, const struct game_piece *centre,
	            struct game_piece *out, int max);
	/* The kinds with a legal placement: bit k for kind k. */
	unsigned (*kinds_playable)(const struct game_pos *pos);
};

/* How a game's scores read as chances (man page "Win chance"), fitted to
 * the results of the engine's own games by `tabula tune winchance`.  The
 * side to move with score s wins with 1 / (1 + e^(-(s - draw) / scale)) and
 * loses with 1 / (1 + e^(-(-s - draw) / scale)); the rest is a draw, so
 * draw = 0 in a game without draws.  Its win chance is the expected score,
 * win + draw / 2: 50% at an even score.  A review marks a move by the win
 * chance it loses, in hundredths of a percentage point: ?! from
 * inaccuracy, ? from mistake, ?? from blunder.  scale 0: no map (a game of
 * one player). */
struct game_winchance {
	int scale; /* score units per factor of e in the odds */
	int draw;  /* score units a side needs to be more likely to win than
	            * to draw */
	/* The first player's edge, in score units: an even score reads as
	 * the chance of first + 0 for the first player (negative when the
	 * second player wins more often from even positions), so that the
	 * start position reads as the engine's own games score it (man page
	 * "Win chance"). */
	int first;
	/* The score, in the side to move's view, from which a weak level's
	 * clear look plays its own move (man page "Levels"): 80% of win
	 * chance on the maps the levels were measured with, kept apart from
	 * the review's map so that a refit leaves the levels' play alone. */
	int level_won;
	int inaccuracy, mistake, blunder;
	/* The review's budget per position, in nodes (node counts, not
	 * times, so a review gives the same marks on any machine). */
	uint64_t review_nodes;
	/* A move the first look finds losing half the ?! threshold or more
	 * is looked at again at this many times review_nodes, and only that
	 * look's mark stands (man page REVIEW, "Marks confirmed"). */
	int review_confirm;
	/* > 0: plies after which the same side is to move at the same stage
	 * of its turn (2 where turns alternate ply by ply, 4 in TZAAR); a
	 * review then scores every move at a depth whose leaves fall on one
	 * class of plies modulo it (man page REVIEW).  0: the mean of two
	 * depths, as play shows; every game's default, as the other
	 * measured worse (NEWS, "Steady scores"). */
	int review_period;
};

/* What a game offers besides its rules, declared once as data so that the
 * menu, the command line, the bench and the UI ask for a capability, never
 * for a game by name.  (Whether moves feed on an input stream is told by
 * item_from_char below.) */
struct record_format; /* core/record-format.h */

/* A strength level of a game: how it searches, how it is weakened, and
 * what it measured.  The noise is in the evaluation's units; read against
 * the game's win-chance scale, one scale is a misjudgement of up to a
 * factor of e in the odds. */
struct game_level {
	uint64_t nodes; /* node budget per move */
	int depth;      /* plies at most; 0 = as deep as the nodes go */
	int noise;      /* evaluation noise, at most; 0 = exact */
	int elo;        /* measured, the uniformly random player = 0 */
};

#define GAME_LEVELS 10

struct game_caps {
	bool random_setup;     /* init draws a random layout from setup.seed */
	enum game_input input; /* how the UI builds a move */
	int bench_depth;       /* the bench's search depth; 0: its default */
	int default_level;     /* engine level offered first; 0: the default */
	/* The strength levels 1..GAME_LEVELS, tuned and measured for this
	 * game (man page "Strength levels"); NULL: search/level.c's table,
	 * without Elo. */
	const struct game_level *levels;
	/* The search may reduce late moves, noisy ones included, and orders
	 * noisy moves by history (games whose trees are mostly noisy moves,
	 * like TZAAR's captures; man page "The search"). */
	bool reduce_late;
	const struct game_pieces *pieces; /* GAME_INPUT_PIECE's model */
	/* Another program's records of this game, read and written
	 * (TZAAR: LittleGolem's); NULL: none. */
	const struct record_format *record_format;
	struct game_winchance winchance;
};

struct game_ops {
	const char *name;          /* registry key, lower case: "tetress" */
	const char *title;         /* for people: "Tetress" */
	int players;               /* 2, or 1 for Tetris */
	const char *side_names[2]; /* "Red", "Blue" */
	const char *side_letters;  /* position-string letters: "rb", "wb" */
	size_t pos_size;           /* bytes of the game's position struct */
	struct game_caps caps;

	/* Start position for the given set-up. */
	void (*init)(struct game_pos *pos, const struct game_setup *setup);

	/* Writes every legal move into moves[] (room for GAME_MAX_MOVES) and
	 * returns the count; 0 once the game is over. */
	int (*gen_moves)(const struct game_pos *pos, game_move *moves);

	/* Applies a move that gen_moves produced for this position. */
	void (*play)(struct game_pos *pos, game_move move);

	/* Whether the game is over, who won and why. */
	void (*status)(const struct game_pos *pos, struct game_status *status);

	/* 0 when player 1 is to move, 1 for player 2. */
	int (*side_to_move)(const struct game_pos *pos);

	/* Zobrist key of the position, side to move and phase included. */
	uint64_t (*hash)(const struct game_pos *pos);

	/* Static score in centipawn-like units from the side to move's view. */
	int (*evaluate)(const struct game_pos *pos);

	/* Optional: moves worth searching first (captures, line clears). */
	bool (*is_noisy)(const struct game_pos *pos, game_move move);

	/* Optional: leaf count to the given depth, faster than the generic
	 * walk (bulk counting, symmetry); must agree with core/perft.c. */
	uint64_t (*perft)(const struct game_pos *pos, int depth);

	/* Optional: whether a proof-number search of this position is worth
	 * trying before alpha-beta (an endgame with few pieces left, where a
	 * forced result may lie far beyond the alpha-beta horizon). */
	bool (*solvable)(const struct game_pos *pos);

	/* Optional: whether the game may already be decided by a forced line
	 * a proof-number search can find in a fraction of a move's time
	 * (solvable positions and a little before them).  The move alpha-beta
	 * chooses there is checked for a proven loss before it is played. */
	bool (*near_end)(const struct game_pos *pos);

	/* Optional, for games with caps.reduce_late: whether a position is
	 * too sharp for late move reductions, which would hide a short forced
	 * loss there (TZAAR: a type down to its last stack). */
	bool (*tense)(const struct game_pos *pos);

	/* Optional, for single-player games whose strategy is their own
	 * (Tetris: both known pieces placed, then an expectation over the
	 * unseen one): writes the planned line, at most pv_max moves, into
	 * pv and returns its length (0 when there is no move); *score is the
	 * plan's value in evaluate's units.  The search uses it instead of
	 * alpha-beta, and reports it the same way. */
	int (*plan)(const struct game_pos *pos, game_move *pv, int pv_max,
	            int *score);

	/* Optional, for games measured by playing rather than by searching
	 * positions (Tetris): plays the game's own benchmark, handing each
	 * result line (no newline) to line; false with a message in err,
	 * also when *stop (NULL: never) is set before the end.  `tabula
	 * bench` and the protocol's bench run it. */
	bool (*bench)(const atomic_bool *stop,
	              void (*line)(void *ctx, const char *text), void *ctx,
	              char *err, size_t err_size);

	/* Optional: the ideas of a line that wins a puzzle, as words for its
	 * themes (tabula(6), "Puzzle files"), added to themes (size bytes)
	 * with puzzle_theme_add: line is len moves from start, to the end
	 * of the game, won by the side to move at start. */
	void (*line_themes)(const struct game_pos *start, const game_move *line,
	                    int len, char *themes, size_t size);
	/* Canonical text of a legal move (NOTATION in tabula(6)). */
	void (*format_move)(const struct game_pos *pos, game_move move,
	                    char *buf, size_t size);

	/* Reads a move in any accepted spelling and checks it against the
	 * position.  On failure returns false and explains in err: malformed
	 * text, or the rule the move breaks. */
	bool (*parse_move)(const struct game_pos *pos, const char *text,
	                   game_move *move, char *err, size_t err_size);

	/* One-line position string (POSITION STRINGS in tabula(6)). */
	void (*format_pos)(const struct game_pos *pos, char *buf, size_t size);

	/* Reads a position string; on failure says what and where in err. */
	bool (*parse_pos)(struct game_pos *pos, const char *text, char *err,
	                  size_t err_size);

	/* Plain multi-line board diagram, each line ending in '\n'. */
	void (*render_text)(const struct game_pos *pos, char *buf, size_t size);

	/* Games fed by an input stream (Tetris pieces) reveal its items one at
	 * a time: item_from_char maps a stream letter to an item (-1 if not
	 * one); reveal offers the position the next item and returns false
	 * when it may not see one yet (it already holds the current and the
	 * next piece).  NULL for games without a stream. */
	int (*item_from_char)(char c);
	bool (*reveal)(struct game_pos *pos, int item);
};

#endif
