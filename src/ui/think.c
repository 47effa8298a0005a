/*
 * Judging off the UI thread (see think.h): one worker thread, one job out
 * at a time, its progress on the status line.
 */
#include "config.h"

#include <stdlib.h>

#include "ui/app.h"
#include "ui/clock.h"
#include "ui/status.h"
#include "ui/think.h"

/* How often the status line's elapsed time moves while busy. */
static const int UI_THINK_TICK_MS = 500;

/* On the worker thread. */
static void
ui_think_run(struct worker_job *head)
{
	struct ui_think_job *job = (struct ui_think_job *)head;
	job->run(job);
}

static void
ui_think_free_job(struct worker_job *head)
{
	free(head);
}

/* The status line while busy. */
static void
ui_think_say(struct ui_app *app)
{
	const struct ui_think *t = &app->think;
	int64_t s = (ui_now_ms() - t->since_ms) / 1000;
	if (s < 1)
		ui_status(app, false, "%s... (Esc stops)", t->job->what);
	else
		ui_status(app, false, "%s... %lld s (Esc stops)", t->job->what,
		          (long long)s);
}

bool
ui_think_start(struct ui_app *app, struct ui_think_job *job)
{
	struct ui_think *t = &app->think;
	if (t->job != NULL) {
		free(job);
		ui_think_refuse(app, 0);
		return false;
	}
	if (t->worker == NULL && (t->worker = worker_new(1)) == NULL) {
		free(job);
		ui_status(app, true, "no thread to judge on: out of resources");
		return false;
	}
	job->head.run = ui_think_run;
	atomic_init(&job->head.stop, false);
	if (!worker_submit(t->worker, &job->head)) {
		free(job);
		ui_status(app, true, "out of memory");
		return false;
	}
	t->job = job;
	t->dropped = false;
	t->since_ms = ui_now_ms();
	ui_think_say(app);
	return true;
}

/* Stops the job out, if any: its result is dropped. */
static void
ui_think_stop(struct ui_app *app)
{
	struct ui_think *t = &app->think;
	if (t->job == NULL || t->dropped)
		return;
	worker_cancel(t->worker, &t->job->head);
	t->dropped = true;
	ui_status(app, false, "stopped %s", t->job->what);
}

bool
ui_think_refuse(struct ui_app *app, int key)
{
	struct ui_think *t = &app->think;
	if (t->job == NULL)
		return false;
	if (key == UI_KEY_ESC)
		ui_think_stop(app);
	else if (!t->dropped)
		ui_status(app, true, "still %s: wait, or Esc stops it",
		          t->job->what);
	else
		ui_status(app, true, "stopping: a moment");
	return true;
}

int
ui_think_fd(const struct ui_app *app)
{
	return app->think.worker != NULL ? worker_fd(app->think.worker) : -1;
}

void
ui_think_poll(struct ui_app *app)
{
	struct ui_think *t = &app->think;
	if (t->worker == NULL)
		return;
	struct worker_job *head;
	while ((head = worker_take(t->worker)) != NULL) {
		struct ui_think_job *job = (struct ui_think_job *)head;
		bool use = job == t->job && !t->dropped;
		if (job == t->job)
			t->job = NULL;
		if (use) {
			app->prompt.status[0] = '\0';
			job->done(app, job);
		}
		free(job);
		app->host.dirty = true;
	}
}

void
ui_think_wait(struct ui_app *app)
{
	while (app->think.job != NULL) {
		worker_wait(app->think.worker, -1);
		ui_think_poll(app);
	}
}

void
ui_think_end(struct ui_app *app)
{
	if (app->think.job == NULL)
		return;
	ui_think_stop(app);
	ui_think_wait(app);
}

int
ui_think_timeout(const struct ui_app *app, int timeout)
{
	if (app->think.job == NULL)
		return timeout;
	return timeout < 0 || timeout > UI_THINK_TICK_MS ? UI_THINK_TICK_MS
	                                                 : timeout;
}

void
ui_think_tick(struct ui_app *app)
{
	if (app->think.job != NULL && !app->think.dropped)
		ui_think_say(app);
}

void
ui_think_free(struct ui_app *app)
{
	struct ui_think *t = &app->think;
	if (t->worker == NULL)
		return;
	if (t->job != NULL)
		worker_cancel(t->worker, &t->job->head);
	worker_free(t->worker, false, ui_think_free_job);
	t->worker = NULL;
	t->job = NULL;
}
