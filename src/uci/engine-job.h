/*
 * The protocol's long commands besides go (perft, bench) run on a thread
 * of their own, so that the command loop keeps reading: isready answers at
 * once, stop and quit end the job, end of input ends it after a short
 * grace (see ENGINE PROTOCOL in tabula(6)).  The command loop owns the job;
 * the job's thread reads only the copies it was started with and writes
 * only through engine_reply.
 */
#ifndef TABULA_UCI_ENGINE_JOB_H
#define TABULA_UCI_ENGINE_JOB_H

#include <stdbool.h>

#include "uci/engine.h"

/* Starts `perft depth` on the current position; the reply is
 * "perft DEPTH COUNT", or "info string perft DEPTH stopped". */
void engine_job_perft(struct engine *e, int depth);

/* Starts the bench of the current game ("bench N nodes M nps"). */
void engine_job_bench(struct engine *e);

/* Whether a job runs (or has ended and is not yet joined). */
bool engine_job_busy(const struct engine *e);

/* Waits for the running job, if any, to end by itself. */
void engine_job_wait(struct engine *e);

/* Asks the running job to stop and waits for it (perft stops at once; a
 * bench, a few seconds at most, runs to its end). */
void engine_job_stop(struct engine *e);

/* Lets the running job go on for at most ms milliseconds, then stops it. */
void engine_job_finish_within(struct engine *e, int ms);

#endif
