/*
 * The game screen's judging off the UI thread (tabula(6), PUZZLES): a
 * practice try judged, the engine's answer to a mistake found, a puzzle
 * move proved, a puzzle hint looked for.  Each is a job on a worker
 * thread of its own (core/worker.h) that works on the job's copies only
 * and comes back through the worker's descriptor, which the game screen
 * polls; the UI thread starts jobs and takes their results and never
 * searches, so the screen redraws, shows how long the judging has taken
 * and takes keys (Esc stops it) while the engine thinks.  One job at a
 * time: a mode asks ui_think_refuse before it starts another.
 *
 * Threads: a job belongs to the worker from ui_think_start until
 * ui_think_poll takes it back; what it points to that is not its own (a
 * review, a prover) is the job's for that time, and its owner does not
 * touch it while the job is out.  Every ui_think_* function is called from
 * the UI thread.
 */
#ifndef TABULA_UI_THINK_H
#define TABULA_UI_THINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/worker.h"

struct ui_app;

/* The head of every job: embed it first in a struct of plain copies (the
 * job is freed with free()). */
struct ui_think_job {
	struct worker_job head;
	/* On the worker thread: reads and writes only the job. */
	void (*run)(struct ui_think_job *job);
	/* On the UI thread, when the job is back (not when it was
	 * stopped). */
	void (*done)(struct ui_app *app, struct ui_think_job *job);
	const char *what; /* "judging your move", for the status line */
};

/* The state (owner: think.c). */
struct ui_think {
	struct worker *worker;    /* one thread, made on first use */
	struct ui_think_job *job; /* out on the worker; NULL: idle */
	bool dropped;             /* stopped: its result is not used */
	int64_t since_ms;         /* when it started */
};

/* Starts job (ownership passes to the worker); false (job freed, said on
 * the status line) when busy or out of memory. */
bool ui_think_start(struct ui_app *app, struct ui_think_job *job);

/* When busy: says so on the status line and returns true (the caller
 * then does nothing); Esc stops the job. */
bool ui_think_refuse(struct ui_app *app, int key);

/* The descriptor to poll (-1 before the first job). */
int ui_think_fd(const struct ui_app *app);

/* Takes a finished job back and runs its done. */
void ui_think_poll(struct ui_app *app);

/* Blocks until no job is out, taking it back (scripts and tests, never
 * the interactive UI). */
void ui_think_wait(struct ui_app *app);

/* timeout, or less so that the elapsed time on the status line moves. */
int ui_think_timeout(const struct ui_app *app, int timeout);

/* While busy: the status line says what is judged and for how long
 * ("judging your move... 2 s (Esc stops)"). */
void ui_think_tick(struct ui_app *app);

/* Stops the job out and takes it back once it has seen its stop flag
 * (a search ends within a few nodes): for a mode freeing what a job may
 * still be using. */
void ui_think_end(struct ui_app *app);

/* Stops the job, joins the thread, frees everything (the UI's end). */
void ui_think_free(struct ui_app *app);

#endif
