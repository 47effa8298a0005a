/*
 * The screen stack and the one loop that hosts it (ui/screen.h).
 */
#include "config.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/wake.h"
#include "ui/clock.h"
#include "ui/screen.h"
#include "ui/term.h"

/* The longest the loop sleeps without looking at the terminal: a resize
 * signal that lands outside poll() interrupts nothing. */
static const int UI_SCREEN_IDLE_MS = 250;

/* The keys, the signal pipe, and each screen's descriptors. */
#define UI_SCREEN_POLL (2 + UI_SCREEN_DEPTH * UI_SCREEN_FDS)

const struct ui_screen_ops *
ui_screen_top(const struct ui_host *h)
{
	return h->depth > 0 ? h->stack[h->depth - 1].ops : NULL;
}

bool
ui_screen_push(struct ui_host *h, const struct ui_screen_ops *ops, void *ctx)
{
	if (h->depth >= UI_SCREEN_DEPTH)
		return false;
	if (ops->enter != NULL && !ops->enter(h, ctx))
		return false;
	h->stack[h->depth++] = (struct ui_screen){ops, ctx};
	h->dirty = true;
	return true;
}

void
ui_screen_pop(struct ui_host *h)
{
	if (h->depth == 0)
		return;
	struct ui_screen s = h->stack[--h->depth];
	if (s.ops->close != NULL)
		s.ops->close(h, s.ctx);
	h->dirty = true;
	if (h->depth == 0)
		h->quit = true;
}

/* The place of ops on the stack, or -1. */
static int
ui_screen_find(const struct ui_host *h, const struct ui_screen_ops *ops)
{
	for (int i = h->depth - 1; i >= 0; i--)
		if (h->stack[i].ops == ops)
			return i;
	return -1;
}

/* Pops the screens above place at. */
static void
ui_screen_pop_above(struct ui_host *h, int at)
{
	while (h->depth > at + 1)
		ui_screen_pop(h);
}

bool
ui_screen_show(struct ui_host *h, const struct ui_screen_ops *ops, void *ctx)
{
	int at = ui_screen_find(h, ops);
	if (at < 0)
		return ui_screen_push(h, ops, ctx);
	if (ops->enter != NULL && !ops->enter(h, h->stack[at].ctx))
		return false;
	ui_screen_pop_above(h, at);
	h->dirty = true;
	return true;
}

void
ui_screen_back_to(struct ui_host *h, const struct ui_screen_ops *ops, void *ctx)
{
	int at = ui_screen_find(h, ops);
	if (at >= 0)
		ui_screen_pop_above(h, at);
	else if (h->depth < UI_SCREEN_DEPTH)
		h->stack[h->depth++] = (struct ui_screen){ops, ctx};
	h->dirty = true;
}

void
ui_screen_close_all(struct ui_host *h)
{
	while (h->depth > 0)
		ui_screen_pop(h);
}

/* Whether the grid is smaller than the top screen lays out in. */
static bool
ui_screen_too_small(const struct ui_host *h, int *need_w, int *need_h)
{
	*need_w = *need_h = 0;
	const struct ui_screen *top = &h->stack[h->depth - 1];
	if (top->ops->min_size != NULL)
		top->ops->min_size(top->ctx, need_w, need_h);
	return h->grid.width < *need_w || h->grid.height < *need_h;
}

static void
ui_screen_draw_too_small(struct ui_host *h, int need_w, int need_h)
{
	struct ui_grid *g = &h->grid;
	char text[128];
	snprintf(text, sizeof text, "Terminal too small: %dx%d, need %dx%d",
	         g->width, g->height, need_w, need_h);
	int y = g->height / 2, x = (g->width - (int)strlen(text)) / 2;
	ui_grid_print(g, y > 0 ? y - 1 : 0, x > 0 ? x : 0, g->width, ROLE_WARN,
	              text);
	ui_grid_print(g, y + 1, 0, g->width, ROLE_DIM,
	              " q quits; the game goes on when the terminal grows");
}

void
ui_screen_draw(struct ui_host *h)
{
	ui_grid_clear(&h->grid);
	int need_w, need_h;
	if (h->depth == 0)
		;
	else if (ui_screen_too_small(h, &need_w, &need_h))
		ui_screen_draw_too_small(h, need_w, need_h);
	else
		h->stack[h->depth - 1].ops->draw(h, h->stack[h->depth - 1].ctx,
		                                 &h->grid);
	h->dirty = false;
}

void
ui_screen_key(struct ui_host *h, int key)
{
	int need_w, need_h;
	if (h->depth == 0)
		return;
	h->dirty = true;
	h->keys++;
	struct ui_screen top = h->stack[h->depth - 1];
	if (ui_screen_too_small(h, &need_w, &need_h)) {
		if (key == 'q')
			h->quit = true;
	} else if (top.ops->key != NULL) {
		top.ops->key(h, top.ctx, key);
	} else {
		ui_keytab_key(top.ops->keys, top.ctx, key);
	}
	/* A screen opened or closed: the ones below may stop or go on (the
	 * analysis stops behind a menu). */
	for (int i = 0; i < h->depth; i++)
		if (h->stack[i].ops->settle != NULL)
			h->stack[i].ops->settle(h, h->stack[i].ctx,
			                        i == h->depth - 1);
}

void
ui_screen_click(struct ui_host *h, int y, int x)
{
	if (h->depth == 0)
		return;
	struct ui_screen top = h->stack[h->depth - 1];
	if (top.ops->click != NULL)
		top.ops->click(h, top.ctx, y, x);
}

static void
ui_screen_resize(struct ui_host *h)
{
	int w, h_rows;
	ui_term_size(&w, &h_rows);
	if (w != h->grid.width || h_rows != h->grid.height)
		ui_grid_resize(&h->grid, w, h_rows);
	h->dirty = true;
}

/* Every key waiting, at once. */
static void
ui_screen_read_keys(struct ui_host *h)
{
	for (;;) {
		struct ui_term_event ev = ui_term_read();
		if (ev.key == ERR)
			return;
		if (ev.key == KEY_RESIZE)
			ui_screen_resize(h);
		else if (ev.click)
			ui_screen_click(h, ev.click_y, ev.click_x);
		else if (ev.key != KEY_MOUSE)
			ui_screen_key(h, ev.key);
		if (h->quit)
			return;
	}
}

/* One wait's descriptors: the keys, the signal pipe, then each screen's,
 * with the screen they were asked of (a key may change the stack before
 * they are looked at). */
struct ui_screen_poll {
	struct pollfd fds[UI_SCREEN_POLL];
	int n;
	struct ui_screen asked[UI_SCREEN_DEPTH];
	int first[UI_SCREEN_DEPTH], count[UI_SCREEN_DEPTH];
	int depth;
};

/* Asks every screen for its descriptors and timeout. */
static void
ui_screen_collect(struct ui_host *h, struct ui_screen_poll *p, int *timeout)
{
	p->n = 2;
	p->depth = h->depth;
	for (int i = 0; i < h->depth; i++) {
		const struct ui_screen *s = &h->stack[i];
		p->asked[i] = *s;
		p->first[i] = p->n;
		p->count[i] = s->ops->fds != NULL
		                      ? s->ops->fds(s->ctx, p->fds + p->n,
		                                    UI_SCREEN_FDS)
		                      : 0;
		p->n += p->count[i];
		if (s->ops->wait_ms != NULL)
			*timeout = s->ops->wait_ms(s->ctx, *timeout);
	}
}

/* Hands each screen still on the stack its ready descriptors, then lets
 * every screen tick. */
static void
ui_screen_dispatch(struct ui_host *h, const struct ui_screen_poll *p)
{
	for (int i = 0; i < p->depth && i < h->depth; i++) {
		const struct ui_screen *s = &h->stack[i];
		if (s->ops != p->asked[i].ops || s->ctx != p->asked[i].ctx)
			continue;
		bool ready = false;
		for (int k = 0; k < p->count[i]; k++)
			ready |= p->fds[p->first[i] + k].revents != 0;
		if (ready && s->ops->ready != NULL)
			s->ops->ready(h, s->ctx, p->fds + p->first[i],
			              p->count[i]);
	}
	for (int i = 0; i < h->depth; i++)
		if (h->stack[i].ops->tick != NULL)
			h->stack[i].ops->tick(h, h->stack[i].ctx);
}

bool
ui_screen_log_cuts(struct ui_host *h, const char *path, char *err,
                   size_t err_size)
{
	int fd = open(path,
	              O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC |
	                      O_NOCTTY,
	              0600);
	struct stat st;
	if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
		close(fd);
		fd = -1;
		errno = EINVAL;
	}
	if (fd < 0 || (h->cuts_log = fdopen(fd, "a")) == NULL) {
		snprintf(err, err_size, "%s: %s", path,
		         errno == EINVAL ? "not a regular file"
		                         : strerror(errno));
		if (fd >= 0)
			close(fd);
		return false;
	}
	return true;
}

/* Writes the frame's shortened texts to the log, if there is one. */
static void
ui_screen_note_cuts(struct ui_host *h)
{
	const struct ui_grid *g = &h->grid;
	if (h->cuts_log == NULL || g->cut_count == 0)
		return;
	for (int i = 0; i < g->cut_count && i < UI_GRID_CUTS; i++)
		fprintf(h->cuts_log, "cut %dx%d %d,%d: %s\n", g->width,
		        g->height, g->cuts[i].y, g->cuts[i].x, g->cuts[i].text);
	fflush(h->cuts_log);
}

/* One wait: the next frame, keys, descriptors; false when the terminal
 * or poll() failed. */
static bool
ui_screen_wait(struct ui_host *h, int signal_fd, int64_t frame_ms,
               int64_t *last_draw)
{
	int64_t now = ui_now_ms();
	int timeout = UI_SCREEN_IDLE_MS;
	if (h->dirty && *last_draw + frame_ms - now < timeout)
		timeout = (int)(*last_draw + frame_ms - now);
	struct ui_screen_poll p;
	p.fds[0] = (struct pollfd){.fd = STDIN_FILENO, .events = POLLIN};
	p.fds[1] = (struct pollfd){.fd = signal_fd, .events = POLLIN};
	ui_screen_collect(h, &p, &timeout);
	if (h->dirty && timeout <= 0) {
		ui_screen_draw(h);
		ui_screen_note_cuts(h);
		ui_term_draw(&h->grid);
		*last_draw = now;
		return true;
	}
	if (poll(p.fds, (nfds_t)p.n, timeout < 0 ? 0 : timeout) < 0 &&
	    errno != EINTR)
		return false;
	/* Keys, and KEY_RESIZE after a SIGWINCH (getch does not block: the
	 * terminal is in nodelay mode). */
	ui_screen_read_keys(h);
	if (p.fds[0].revents & (POLLHUP | POLLERR | POLLNVAL))
		return false;
	ui_screen_dispatch(h, &p);
	return true;
}

bool
ui_screen_run(struct ui_host *h, int color, bool light, int fps, char *err,
              size_t err_size)
{
	static struct wake sig_wake; /* the signal handlers' */
	if (!wake_open(&sig_wake)) {
		snprintf(err, err_size, "pipe: %s", strerror(errno));
		return false;
	}
	ui_term_signals(&sig_wake);
	if (!ui_term_open(color, light, err, err_size)) {
		ui_term_signals(NULL);
		wake_close(&sig_wake);
		return false;
	}
	int64_t last_draw = 0;
	ui_screen_resize(h);
	while (!h->quit && ui_term_signalled() == 0 &&
	       ui_screen_wait(h, wake_fd(&sig_wake), 1000 / fps, &last_draw))
		;
	ui_term_close();
	ui_term_signals(NULL);
	wake_close(&sig_wake);
	return true;
}
