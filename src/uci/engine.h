/*
 * The engine protocol (ENGINE PROTOCOL in tabula(6)) (`tabula engine`): a
 * UCI/UGI dialect read line by line.  Each command is one entry in a table of
 * handlers; replies are whole lines written under a lock, so lines from the
 * search thread and from the command loop never interleave.
 */
#ifndef TABULA_UCI_ENGINE_H
#define TABULA_UCI_ENGINE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

#include "core/attrs.h"
#include "core/session.h"
#include "uci/engine-input.h"

struct searcher;
struct engine_go;
struct engine_job;

/* How long a perft, bench or search may go on after the end of input. */
#define ENGINE_EOF_GRACE_MS 2000

/* UCI_Elo's default and bound: the Elo scale of "Strength levels" in
 * tabula(6), where the random player is 0. */
#define ENGINE_DEFAULT_ELO 1000
#define ENGINE_MAX_ELO     4000

struct engine_options {
	int hash_mb;
	int multipv;
	int threads;
	long seed;
	bool limit_strength; /* UCI_LimitStrength: play at UCI_Elo's level */
	int elo;             /* UCI_Elo */
};

/* One protocol conversation.  Owned by the thread running engine_run; only
 * `out` (through engine_reply) may be used from the search thread. */
struct engine {
	FILE *out;
	pthread_mutex_t out_lock; /* guards writes to out */
	struct session session;   /* the current game and its moves */
	struct engine_options options;
	struct searcher *searcher; /* NULL until the first go */
	struct engine_go *go;   /* what the search thread reads (engine-go.c) */
	struct engine_job *job; /* a running perft or bench (engine-job.c) */
	struct engine_input *input; /* the command lines, or NULL when they
	                               come from engine_handle_line's caller */
	bool quit;
};

/* Reads commands from in until quit or end of input, answering on out.
 * Returns 0, or 1 if the engine could not start (out of memory). */
int engine_run(FILE *in, FILE *out);

/* Handles one command line (no newline); sets e->quit on quit. */
void engine_handle_line(struct engine *e, char *line);

/* Writes one formatted line (a newline is added) to the engine's output and
 * flushes it; safe from any thread. */
void engine_reply(struct engine *e, const char *fmt, ...) TABULA_PRINTF(2, 3);

/* Writes "info string error: ..." for a failed command. */
void engine_error(struct engine *e, const char *fmt, ...) TABULA_PRINTF(2, 3);

#endif
