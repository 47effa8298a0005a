/*
 * Who plays a side, as text: one grammar for the terminal UI's --p1 and
 * --p2, the Player1 and Player2 tags of game records and the players of
 * `tabula match` (WHO PLAYS in tabula(6)).  Each reader takes the kinds it
 * can use and refuses the others with a message.
 *
 *   human                          a person at the terminal
 *   engine                         the engine at the default level
 *   engine:N, engine level N       the engine at strength level N
 *   engine depth N                 the engine searching to depth N
 *   engine movetime MS             the engine searching MS milliseconds
 *   KEY=N[,KEY=N...]               engine limits; KEY is level, elo,
 *                                  depth, nodes, movetime, multipv,
 *                                  noise or threads (threads not with a
 *                                  level)
 *   random, greedy                 simple players (uniform, best at once)
 *   exec:COMMAND                   an outside program
 *   agent:DIR[:CLASS]              a COMP30024 agent package, hosted
 */
#ifndef TABULA_PLAY_WHO_H
#define TABULA_PLAY_WHO_H

#include <stdbool.h>
#include <stddef.h>

#include "search/search.h"

enum who_kind {
	WHO_OPEN, /* nobody yet: a room's open seat; never read from text */
	WHO_HUMAN,
	WHO_ENGINE,
	WHO_RANDOM,
	WHO_GREEDY,
	WHO_PROGRAM,
	WHO_AGENT
};

/* Bounds of elo= and noise= (score units), well beyond any level's. */
#define WHO_MAX_ELO   5000
#define WHO_MAX_NOISE 100000

/* Who plays a side: the one seat type of matches (play/player.h), the
 * terminal UI's game and the room server's seats, which embed it. */
struct who {
	enum who_kind kind;
	int level;                /* WHO_ENGINE: 1..LEVEL_MAX, or 0 */
	int elo;                  /* WHO_ENGINE: the level nearest, or 0 */
	struct search_limits lim; /* WHO_ENGINE: limits (with level 0) */
	int threads;              /* WHO_ENGINE: search threads, 0: one */
	const char *command;      /* WHO_PROGRAM: into the text read */
	const char *agent;        /* WHO_AGENT: DIR[:CLASS], into the text */
};

/* Reads text; "engine" alone gets default_level (0: none yet, for the
 * caller to choose).  False with a message in err for anything else. */
bool who_parse(const char *text, int default_level, struct who *w, char *err,
               size_t err_size);

/* The two spellings of a seat, both read by who_parse: a record's
 * Player tags and the room files keep WHO_FORM_RECORD ("engine level
 * N"); the room protocol and the ratings name an engine WHO_FORM_SHORT
 * ("engine:N", one word, as tabula(6), PLAY ON THIS HOST, shows it). */
enum who_form { WHO_FORM_RECORD, WHO_FORM_SHORT };

/* Writes a seat: "human", "engine level N" ("engine:N" in the short
 * form), "engine depth N" or "engine movetime MS" (other kinds: the words
 * of the grammar; an open seat: "open"). */
void who_format_as(const struct who *w, enum who_form form, char *buf,
                   size_t size);

/* who_format_as in the record's form. */
void who_format(const struct who *w, char *buf, size_t size);

#endif
