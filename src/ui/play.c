/*
 * The game as the UI plays it: the session and its history, the shown ply,
 * the players, the legal moves of the shown position with the cells each
 * names, the engine's moves, and saving after every move.  Nothing here
 * draws (draw.c reads the state) and nothing here builds a move from keys
 * (the move input, pick.c or tetris.c, does).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search/level.h"
#include "ui/levels.h"
#include "play/who.h"
#include "study/library.h"
#include "ui/analysis.h"
#include "ui/app.h"
#include "ui/input.h"
#include "ui/lines.h"
#include "ui/play.h"
#include "ui/review.h"
#include "ui/save.h"
#include "ui/shown.h"
#include "ui/status.h"

/* How long cells emptied by a line clear stay marked. */
static const int64_t UI_FLASH_MS = 1500;

/* Seats an engine at a level of game ops at p (0: a human). */
static void
ui_play_seat(struct who *p, const struct game_ops *ops, int level)
{
	memset(p, 0, sizeof *p);
	p->kind = WHO_HUMAN;
	if (level <= 0)
		return;
	if (level > UI_LEVELS)
		level = UI_LEVELS;
	p->kind = WHO_ENGINE;
	p->level = level;
	level_limits(ops, level, &p->lim);
}

/* Reads a record's description back (play/who.h) for game ops; false if
 * it names no human and no engine. */
static bool
ui_play_seat_parse(const char *text, const struct game_ops *ops, struct who *p)
{
	struct who w;
	char err[256];
	if (!who_parse(text, UI_DEFAULT_LEVEL, &w, err, sizeof err))
		return false;
	if (w.kind == WHO_HUMAN) {
		ui_play_seat(p, ops, 0);
		return true;
	}
	if (w.kind != WHO_ENGINE)
		return false;
	if (w.level > 0) {
		ui_play_seat(p, ops, w.level);
	} else {
		ui_play_seat(p, ops, 1);
		p->level = 0;
		p->lim = w.lim;
	}
	return true;
}

bool
ui_play_init(struct ui_app *app)
{
	return ui_builder_init(&app->build);
}

void
ui_play_drop(struct ui_game *game)
{
	if (game->have) {
		session_free(&game->session);
		record_meta_free(&game->meta);
		game->have = false;
	}
}

void
ui_play_free(struct ui_app *app)
{
	ui_play_drop(&app->game);
	ui_builder_free(&app->build);
}

void
ui_play_close(struct ui_app *app)
{
	if (!app->game.have)
		return;
	ui_analysis_stop(app);
	ui_analysis_forget(app);
	ui_play_drop(&app->game);
}

int
ui_default_level(const struct game_ops *ops)
{
	return ops != NULL && ops->caps.default_level > 0
	               ? ops->caps.default_level
	               : UI_DEFAULT_LEVEL;
}

static void
ui_play_fill_meta(struct ui_app *app)
{
	struct ui_game *game = &app->game;
	if (game->names[0][0] == '\0')
		who_format(&game->players[0], game->meta.player1,
		           sizeof game->meta.player1);
	if (game->session.ops->players > 1 && game->names[1][0] == '\0')
		who_format(&game->players[1], game->meta.player2,
		           sizeof game->meta.player2);
	time_t now = time(NULL);
	struct tm tm;
	if (game->meta.date[0] == '\0' && localtime_r(&now, &tm) != NULL)
		strftime(game->meta.date, sizeof game->meta.date, "%Y.%m.%d",
		         &tm);
}

/* Takes over a loaded session and record. */
static void
ui_play_adopt(struct ui_app *app, struct session *s, struct record_meta *meta)
{
	struct ui_game *game = &app->game;
	if (game->have) {
		session_free(&game->session);
		record_meta_free(&game->meta);
	}
	game->session = *s;
	game->meta = *meta;
	memset(s, 0, sizeof *s);
	record_meta_init(meta);
	game->have = true;
	game->view = ui_board_find(game->session.ops->name);
	app->build.view = game->view;
	game->input = ui_input_of(game->session.ops);
	game->shown = game->session.ply;
	game->paused = false;
	game->once_ply = 0;
	game->autosaved = false;
	game->library_path[0] = '\0';
	game->ended_here = false;
	game->flash_until_ms = 0;
	ui_analysis_forget(app);
	ui_review_stop(app);
	ui_lines_forget(app);
	ui_screen_show(&app->host, app->screens.game, app);
	ui_play_fill_meta(app);
	struct game_status st;
	game->session.ops->status(session_current(&game->session), &st);
	if (st.outcome != OUTCOME_ONGOING)
		ui_status(app, false,
		          "%s: a finished game, %zu moves: { [ ] } step "
		          "through it, A reviews it",
		          game->session.ops->title, game->session.ply);
	else
		ui_status(app, false, "%s: %s", game->session.ops->title,
		          game->session.ply ? "game resumed" : "new game");
	ui_shown_refresh(app);
	game->input->start(app);
}

bool
ui_play_new(struct ui_app *app, const struct game_ops *ops,
            const struct game_setup *setup, const char *stream,
            const int who[2], char *err, size_t err_size)
{
	struct session s;
	if (!session_init(&s, ops, setup)) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	if (stream != NULL && !session_set_stream(&s, stream, err, err_size)) {
		session_free(&s);
		return false;
	}
	for (int i = 0; i < 2; i++) {
		ui_play_seat(&app->game.players[i], ops,
		             i < ops->players ? who[i] : 0);
		app->game.names[i][0] = '\0';
	}
	struct record_meta meta;
	record_meta_init(&meta);
	ui_play_adopt(app, &s, &meta);
	ui_levels_new_game(app);
	return true;
}

/* Whether path is the autosave or one of its earlier games. */
static bool
ui_play_is_autosave(const char *path)
{
	char autosave[1024], slot[1100], why[512];
	if (!ui_save_path(autosave, sizeof autosave, false, why, sizeof why))
		return false;
	for (int n = 0; n <= RECORD_HISTORY; n++) {
		if (n == 0 ? strcmp(path, autosave) == 0
		           : record_history_name(autosave, n, slot,
		                                 sizeof slot) &&
		                     strcmp(path, slot) == 0)
			return true;
	}
	return false;
}

/* Where a loaded game goes on being kept: resumed from the autosave or
 * its history, the game moves to the autosave's front (never twice in
 * the history); opened from the games folder, saves also go back to its
 * file there (a review's marks, a comment). */
static void
ui_play_where(struct ui_game *game, const char *path)
{
	char folder[1024], why[512];
	size_t len;
	game->autosaved = ui_play_is_autosave(path);
	if (library_folder(folder, sizeof folder, false, why, sizeof why) &&
	    (len = strlen(folder)) > 0 && strncmp(path, folder, len) == 0 &&
	    path[len] == '/' && strchr(path + len + 1, '/') == NULL)
		snprintf(game->library_path, sizeof game->library_path, "%s",
		         path);
}

bool
ui_play_load(struct ui_app *app, const char *path, char *err, size_t err_size)
{
	struct session s;
	struct record_meta meta;
	if (!record_load(path, &s, &meta, err, err_size))
		return false;
	struct ui_game *game = &app->game;
	const char *tags[2] = {meta.player1, meta.player2};
	for (int i = 0; i < 2; i++) {
		/* A name that is no seat (a LittleGolem player's) is kept;
		 * its side goes to you (the first) or the engine. */
		game->names[i][0] = '\0';
		if (ui_play_seat_parse(tags[i], s.ops, &game->players[i]))
			continue;
		ui_play_seat(&game->players[i], s.ops,
		             i == 0 ? 0 : ui_default_level(s.ops));
		if (i < s.ops->players && tags[i][0] != '\0' &&
		    strcmp(tags[i], "?") != 0)
			snprintf(game->names[i], sizeof game->names[i], "%s",
			         tags[i]);
	}
	ui_play_adopt(app, &s, &meta);
	ui_play_where(&app->game, path);
	return true;
}

void
ui_play_set_players(struct ui_app *app, const int who[2])
{
	for (int i = 0; i < 2; i++) {
		if (who[i] < 0)
			continue;
		ui_play_seat(&app->game.players[i], app->game.session.ops,
		             who[i]);
	}
	ui_play_fill_meta(app);
}

bool
ui_play_engine_plays(const struct ui_app *app, int i)
{
	return app->game.players[i].kind == WHO_ENGINE;
}

/* Drops the comments and notes of the moves from ply on. */
static void
ui_play_drop_comments(struct ui_game *game, size_t ply)
{
	record_meta_truncate(&game->meta, ply);
}

void
ui_play_takeback(struct ui_app *app)
{
	struct ui_game *game = &app->game;
	struct session *s = &game->session;
	if (s->ply == 0) {
		ui_status(app, true, "no move to take back");
		return;
	}
	game->once_ply = 0;
	/* Back to the last position where a human was to move. */
	do {
		session_undo(s);
	} while (s->ply > 0 &&
	         game->players[s->ops->side_to_move(session_current(s))].kind ==
	                 WHO_ENGINE);
	game->shown = s->ply;
	game->paused =
	        game->players[s->ops->side_to_move(session_current(s))].kind ==
	        WHO_ENGINE;
	ui_play_drop_comments(game, s->ply);
	char err[512];
	if (!ui_play_save(app, NULL, err, sizeof err))
		ui_status(app, true, "autosave failed: %s", err);
	else
		ui_status(app, false, "took back to ply %zu", s->ply);
	ui_shown_refresh(app);
}

void
ui_play_engine_side(struct ui_app *app)
{
	struct ui_game *game = &app->game;
	const struct game_ops *ops = game->session.ops;
	int side = ops->side_to_move(ui_shown_pos(app));
	struct who *p = &game->players[side];
	ui_play_seat(p, ops, p->kind == WHO_ENGINE ? 0 : ui_default_level(ops));
	ui_status(app, false, "%s is now played by %s", ops->side_names[side],
	          p->kind == WHO_ENGINE ? "the engine" : "you");
	game->paused = false;
	ui_analysis_restart(app);
}

void
ui_play_move_now(struct ui_app *app)
{
	struct ui_game *game = &app->game;
	if (ui_analysis_thinking(app)) {
		ui_analysis_stop(app);
		ui_status(app, false, "engine told to move now");
	} else if (app->build.nmoves == 0) {
		ui_status(app, true, "no move to play here");
	} else if (game->shown != game->session.ply) {
		ui_status(app, true, "back to the latest position first (End)");
	} else {
		/* The engine plays the side to move this once, at the
		 * game's default level (it seated the engine only for the
		 * next sync, which sat the person back before it moved). */
		game->paused = false;
		const struct game_ops *ops = game->session.ops;
		ui_play_seat(&game->once_seat, ops, ui_default_level(ops));
		game->once_ply = game->session.ply + 1;
		ui_analysis_restart(app);
		ui_status(app, false, "engine plays this move");
	}
}

void
ui_play_poll_search(struct ui_app *app)
{
	struct ui_game *game = &app->game;
	game_move move;
	char comment[64];
	if (!ui_analysis_poll(app, &move, comment, sizeof comment))
		return;
	size_t ply = game->session.ply;
	game->once_ply = 0; /* a `!` is answered */
	ui_play_move(app, move);
	if (comment[0] != '\0' && game->session.ply == ply + 1)
		record_meta_set_comment(&game->meta, ply, comment);
}

/* Marks the cells the last move emptied (line clears) for a moment. */
static void
ui_play_flash(struct ui_app *app)
{
	struct ui_game *game = &app->game;
	if (game->view == NULL || game->session.ply == 0)
		return;
	static struct ui_piece before[UI_BOARD_MAX_CELLS],
	        after[UI_BOARD_MAX_CELLS];
	struct ui_board_info info;
	char fen[GAME_TEXT_MAX];
	const struct game_ops *ops = game->session.ops;
	ops->format_pos(&game->session.positions[game->session.ply - 1], fen,
	                sizeof fen);
	if (!game->view->decode(fen, before, &info))
		return;
	ops->format_pos(session_current(&game->session), fen, sizeof fen);
	if (!game->view->decode(fen, after, &info))
		return;
	int emptied = 0;
	for (int i = 0; i < game->view->cells; i++)
		emptied += before[i].owner >= 0 && after[i].owner < 0;
	/* A move emptying many cells cleared lines (a spread empties one). */
	if (emptied >= 2) {
		game->flash_ply = game->session.ply;
		game->flash_until_ms = ui_now_ms() + UI_FLASH_MS;
	}
}

/* Whether the game has ended (a finished game is kept in the library). */
static bool
ui_play_over(const struct ui_game *game)
{
	struct game_status st;
	game->session.ops->status(session_current(&game->session), &st);
	return st.outcome != OUTCOME_ONGOING;
}

static void
ui_play_announce_end(struct ui_app *app)
{
	struct game_status st;
	const struct game_ops *ops = app->game.session.ops;
	ops->status(session_current(&app->game.session), &st);
	if (st.outcome == OUTCOME_ONGOING)
		return;
	const char *who = st.outcome == OUTCOME_P1_WINS   ? ops->side_names[0]
	                  : st.outcome == OUTCOME_P2_WINS ? ops->side_names[1]
	                                                  : NULL;
	char next[128];
	ui_levels_game_over(app, &st, next, sizeof next);
	if (who != NULL)
		ui_status(app, false, "Game over: %s wins (%s)%s", who,
		          st.reason ? st.reason : "end", next);
	else
		ui_status(app, false, "Game over: %s (%s)%s",
		          st.outcome == OUTCOME_DRAW ? "draw" : "finished",
		          st.reason ? st.reason : "end", next);
}

static void
ui_play_commit(struct ui_app *app, game_move move)
{
	struct ui_game *game = &app->game;
	const struct game_ops *ops = game->session.ops;
	char text[GAME_TEXT_MAX];
	ops->format_move(ui_shown_pos(app), move, text, sizeof text);
	int side = ops->side_to_move(ui_shown_pos(app));
	/* A move before the end keeps the later moves as a variation. */
	bool branched = game->shown < game->session.ply;
	/* A move played makes the line it extends the game's own (the
	 * engine's line too), and may move the tree under the way back. */
	ui_lines_forget(app);
	if (!record_branch(&game->session, &game->meta, game->shown, move)) {
		ui_status(app, true, "out of memory");
		return;
	}
	game->shown++;
	game->paused = false;
	ui_status(app, false, "%s played %s%s",
	          ops->side_names[side] ? ops->side_names[side] : "", text,
	          branched ? "; the other line is kept as a variation" : "");
	ui_play_flash(app);
	ui_play_announce_end(app);
	/* Only a game that ends here is kept in the library: a finished game
	 * resumed or opened again is not kept twice. */
	game->ended_here = game->ended_here || ui_play_over(game);
	char err[512];
	if (!ui_play_save(app, NULL, err, sizeof err))
		ui_status(app, true, "autosave failed: %s", err);
	ui_shown_refresh(app);
}

void
ui_play_move(struct ui_app *app, game_move move)
{
	ui_play_commit(app, move);
}

bool
ui_play_append(struct ui_app *app, game_move move)
{
	return session_play(&app->game.session, move);
}

void
ui_play_text(struct ui_app *app, const char *text)
{
	game_move move;
	char why[256];
	struct game_status st;
	const struct game_ops *ops = app->game.session.ops;
	ops->status(ui_shown_pos(app), &st);
	if (st.outcome != OUTCOME_ONGOING) {
		ui_status(app, true, "the game is over");
		return;
	}
	if (!ops->parse_move(ui_shown_pos(app), text, &move, why, sizeof why)) {
		ui_status(app, true, "illegal move '%s': %s", text, why);
		return;
	}
	ui_play_move(app, move);
}

const char *
ui_play_comment(const struct ui_app *app, size_t ply)
{
	const struct record_meta *meta = &app->game.meta;
	return ply < meta->comment_count && ply < app->game.session.ply
	               ? meta->comments[ply]
	               : NULL;
}

bool
ui_play_set_comment(struct ui_app *app, const char *text, char *err,
                    size_t err_size)
{
	struct ui_game *game = &app->game;
	if (game->shown == 0) {
		snprintf(err, err_size, "no move here to comment on");
		return false;
	}
	/* The record closes a comment at '}' (tabula(6), Game records). */
	if (strpbrk(text, "{}") != NULL) {
		snprintf(err, err_size, "a comment cannot hold { or }");
		return false;
	}
	if (!record_meta_set_comment(&game->meta, game->shown - 1,
	                             text[0] != '\0' ? text : NULL)) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	char why[512];
	if (!ui_play_save(app, NULL, why, sizeof why)) {
		snprintf(err, err_size, "autosave failed: %s", why);
		return false;
	}
	return true;
}

/* A game that has ended here goes to a file of its own in the library's
 * games folder, and a game with a file there is saved to it again
 * (tabula(6), "The library of games").  A failure there is told, not
 * fatal: the autosave holds the game. */
static void
ui_play_keep(struct ui_app *app)
{
	struct ui_game *game = &app->game;
	char why[1024];
	if ((game->library_path[0] != '\0' || game->ended_here) &&
	    !library_keep(&game->session, &game->meta, game->library_path,
	                  sizeof game->library_path, why, sizeof why))
		ui_status(app, true, "not kept in the library: %s", why);
}

bool
ui_play_save(struct ui_app *app, const char *path, char *err, size_t err_size)
{
	struct ui_game *game = &app->game;
	if (path == NULL) {
		/* A practice position or a puzzle is nobody's game
		 * (drill.c, trainer.c). */
		if (app->opt.no_save || app->drill.active ||
		    app->trainer.active)
			return true;
		if (game->save_path[0] == '\0' &&
		    !ui_save_path(game->save_path, sizeof game->save_path, true,
		                  err, err_size))
			return false;
		path = game->save_path;
	}
	ui_lines_drop_temporary(app);
	bool autosave = path == game->save_path;
	ui_play_fill_meta(app);
	game->meta.result[0] = '\0';
	if (!autosave)
		return record_save(path, &game->session, &game->meta, err,
		                   err_size);
	/* The autosave keeps the earlier games it would replace (a new game,
	 * an opened file): nothing typed is ever lost to it.  A game with
	 * no move is not saved, so it is not yet the autosave's. */
	bool ok = game->autosaved
	                  ? record_save_keeping(path, &game->session,
	                                        &game->meta, err, err_size)
	                  : record_save_new_game(path, &game->session,
	                                         &game->meta, err, err_size);
	if (ok && game->session.ply > 0)
		game->autosaved = true;
	if (ok)
		ui_play_keep(app);
	return ok;
}

bool
ui_play_position(struct ui_app *app, const struct game_ops *ops,
                 const struct game_pos *pos, char *err, size_t err_size)
{
	struct session s;
	char fen[GAME_TEXT_MAX];
	ops->format_pos(pos, fen, sizeof fen);
	if (!session_init(&s, ops, NULL)) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	if (!session_set_fen(&s, fen, err, err_size)) {
		session_free(&s);
		return false;
	}
	for (int i = 0; i < 2; i++)
		ui_play_seat(&app->game.players[i], ops, 0);
	struct record_meta meta;
	record_meta_init(&meta);
	snprintf(meta.setup, sizeof meta.setup, "position");
	ui_play_adopt(app, &s, &meta);
	return true;
}

bool
ui_play_line(struct ui_app *app, const game_move *line, int n, size_t show)
{
	struct ui_game *game = &app->game;
	ui_lines_forget(app);
	ui_play_drop_comments(game, 0);
	session_truncate(&game->session, 0);
	bool ok = true;
	for (int i = 0; ok && i < n; i++)
		ok = session_play(&game->session, line[i]);
	game->shown = show < game->session.ply ? show : game->session.ply;
	ui_shown_refresh(app);
	return ok;
}

void
ui_play_take(struct ui_app *app, struct ui_game *out)
{
	ui_analysis_stop(app);
	ui_analysis_forget(app);
	ui_review_stop(app);
	*out = app->game;
	memset(&app->game.session, 0, sizeof app->game.session);
	record_meta_init(&app->game.meta);
	app->game.have = false;
}

void
ui_play_give(struct ui_app *app, struct ui_game *in)
{
	ui_play_close(app);
	app->game = *in;
	memset(in, 0, sizeof *in);
	app->build.view = app->game.view;
	ui_lines_forget(app);
	ui_screen_show(&app->host, app->screens.game, app);
	ui_shown_refresh(app);
	app->game.input->start(app);
}
