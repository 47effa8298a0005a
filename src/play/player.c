/*
 * Match players.  The engine player calls the search synchronously (no
 * thread: a match is a batch job, and a deterministic one under depth or
 * node limits).  The program player runs an outside engine through
 * /bin/sh with two pipes and speaks the protocol of ENGINE PROTOCOL in
 * tabula(6) to it: the whole game so far as "position fen <start> moves ...",
 * then "go ...", then waits for "bestmove".  A hosted agent is such a
 * program: Python running the host script from the data directory, which
 * says why it cannot move in an `info string error:` line before
 * "bestmove (none)"; that line, or the last such line of a program that
 * ends or falls silent, is the forfeit's reason.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/clock.h"
#include "core/datadir.h"
#include "core/rng.h"
#include "search/alphabeta.h"
#include "search/level.h"
#include "play/player.h"
#include "play/who.h"
#include "core/text.h"

static const size_t PLAYER_HASH_MB = 16;
static const char PLAYER_DEFAULT_GO[] = "movetime 100";
enum { PLAYER_LINE_MAX = 1 << 16 };
/* How long a program has to exit after quit before it is killed. */
static const int PLAYER_QUIT_GRACE_MS = 1000;
static const char PLAYER_AGENT_HOST[] = "python/tabula_agent_host.py";
static const char PLAYER_NO_PYTHON[] =
        "info string error: cannot run python3 (or $TABULA_PYTHON)\n";

bool
player_parse(struct player *p, const char *spec, const char *go_args, char *err,
             size_t err_size)
{
	memset(p, 0, sizeof *p);
	p->pid = -1;
	p->from = -1;
	p->timeout_ms = PLAYER_DEFAULT_TIMEOUT_MS;
	/* Cut short, a program's command would run something else: a copy
	 * that does not fit is refused. */
	if ((size_t)snprintf(p->spec, sizeof p->spec, "%s", spec) >=
	    sizeof p->spec) {
		snprintf(err, err_size,
		         "'%.32s...': a player is at most %zu characters (a "
		         "longer command fits in a script)",
		         spec, sizeof p->spec - 1);
		return false;
	}
	const char *go = go_args != NULL ? go_args : PLAYER_DEFAULT_GO;
	if ((size_t)snprintf(p->go_args, sizeof p->go_args, "%s", go) >=
	    sizeof p->go_args) {
		snprintf(err, err_size,
		         "'go %.32s...': --go is at most %zu characters", go,
		         sizeof p->go_args - 1);
		return false;
	}
	struct who w;
	if (!who_parse(spec, LEVEL_DEFAULT, &w, err, err_size))
		return false;
	if (w.kind == WHO_OPEN || w.kind == WHO_HUMAN) {
		snprintf(err, err_size, "'%s': a match has no human player",
		         spec);
		return false;
	}
	/* The command and the agent point into the copy kept in spec. */
	p->who = w;
	if (w.command != NULL)
		p->who.command = p->spec + (w.command - spec);
	if (w.agent != NULL)
		p->who.agent = p->spec + (w.agent - spec);
	return true;
}

/* Whether p is an outside program (a command or a hosted agent). */
static bool
player_is_program(const struct player *p)
{
	return p->who.kind == WHO_PROGRAM || p->who.kind == WHO_AGENT;
}

enum player_read { PLAYER_LINE, PLAYER_EOF, PLAYER_TIMEOUT };

/* Reads one line of the program's output (without its newline, cut to
 * size) by the deadline.  The program's output is read with poll and
 * read, never a blocking stdio call, so a silent program cannot hang the
 * match. */
static enum player_read
player_read_line(struct player *p, char *line, size_t size, int64_t deadline_ms)
{
	for (;;) {
		char *nl = memchr(p->inbuf, '\n', p->inlen);
		/* A line longer than the buffer counts as a line, cut. */
		if (nl != NULL || p->inlen == PLAYER_LINE_MAX) {
			size_t n =
			        nl != NULL ? (size_t)(nl - p->inbuf) : p->inlen;
			size_t keep = n < size - 1 ? n : size - 1;
			memcpy(line, p->inbuf, keep);
			line[keep] = '\0';
			line[strcspn(line, "\r")] = '\0';
			size_t used = nl != NULL ? n + 1 : n;
			memmove(p->inbuf, p->inbuf + used, p->inlen - used);
			p->inlen -= used;
			return PLAYER_LINE;
		}
		int64_t left = deadline_ms - clock_now_ms();
		if (left <= 0)
			return PLAYER_TIMEOUT;
		struct pollfd pfd = {.fd = p->from, .events = POLLIN};
		int rc = poll(&pfd, 1, left > INT_MAX ? INT_MAX : (int)left);
		if (rc < 0 && errno == EINTR)
			continue;
		if (rc == 0)
			return PLAYER_TIMEOUT;
		ssize_t got = rc < 0 ? -1
		                     : read(p->from, p->inbuf + p->inlen,
		                            PLAYER_LINE_MAX - p->inlen);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return PLAYER_EOF;
		p->inlen += (size_t)got;
	}
}

/* Keeps what an `info string error:` line says (the reason a hosted
 * agent gives for a forfeit), without the prefix. */
static void
player_note(struct player *p, const char *line)
{
	static const char prefix[] = "info string error: ";
	if (strncmp(line, prefix, sizeof prefix - 1) != 0)
		return;
	/* Cut to fit: a reason is one line of a report. */
	const char *why = line + sizeof prefix - 1;
	size_t n = strnlen(why, sizeof p->said - 1);
	memcpy(p->said, why, n);
	p->said[n] = '\0';
	/* Escaped where it comes in: every report that quotes it (a
	 * timeout, an end, a failed first write's drain) reaches a terminal
	 * or a record. */
	text_escape_controls(p->said, sizeof p->said, "");
}

/* Reads lines from the program until one starts with want (a word),
 * within timeout_ms; returns it in line. */
static bool
player_expect(struct player *p, const char *want, char *line, size_t size,
              char *err, size_t err_size)
{
	if (p->from < 0 || p->inbuf == NULL) {
		snprintf(err, err_size, "'%s' is not running", p->spec);
		return false;
	}
	int64_t deadline_ms = clock_now_ms() + p->timeout_ms;
	size_t len = strlen(want);
	p->said[0] = '\0';
	for (;;) {
		switch (player_read_line(p, line, size, deadline_ms)) {
		case PLAYER_LINE:
			player_note(p, line);
			if (strncmp(line, want, len) == 0 &&
			    (line[len] == '\0' || line[len] == ' '))
				return true;
			continue;
		case PLAYER_TIMEOUT:
			snprintf(err, err_size,
			         "'%s' did not answer '%s' within %d ms%s%s",
			         p->spec, want, p->timeout_ms,
			         p->said[0] != '\0' ? ": " : "", p->said);
			text_escape_controls(err, err_size, "");
			return false;
		case PLAYER_EOF:
			break;
		}
		snprintf(err, err_size, "'%s' ended before answering '%s'%s%s",
		         p->spec, want, p->said[0] != '\0' ? ": " : "",
		         p->said);
		text_escape_controls(err, err_size, "");
		return false;
	}
}

/* A program that died must not kill us with SIGPIPE when we write to it:
 * the signal is blocked around the write and, if the write raised it,
 * taken back before it is unblocked.  The library leaves the caller's
 * signal dispositions as they were. */
struct player_pipe_guard {
	sigset_t set, old;
	bool was_pending;
};

static void
player_guard_begin(struct player_pipe_guard *g)
{
	sigemptyset(&g->set);
	sigaddset(&g->set, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &g->set, &g->old);
	sigset_t pending;
	sigpending(&pending);
	g->was_pending = sigismember(&pending, SIGPIPE);
}

static void
player_guard_end(struct player_pipe_guard *g)
{
	sigset_t pending;
	sigpending(&pending);
	if (!g->was_pending && sigismember(&pending, SIGPIPE)) {
		static const struct timespec now = {0, 0};
		sigtimedwait(&g->set, NULL, &now);
	}
	pthread_sigmask(SIG_SETMASK, &g->old, NULL);
}

/* Writes a line to the program. */
static bool
player_send(struct player *p, const char *line, char *err, size_t err_size)
{
	if (p->to == NULL) {
		snprintf(err, err_size, "'%s' is not running", p->spec);
		return false;
	}
	struct player_pipe_guard guard;
	player_guard_begin(&guard);
	bool ok = fprintf(p->to, "%s\n", line) >= 0 && fflush(p->to) == 0;
	player_guard_end(&guard);
	if (!ok)
		snprintf(err, err_size, "cannot write to '%s'", p->spec);
	return ok;
}

static bool
player_spawn(struct player *p, char *err, size_t err_size)
{
	const char *python = getenv("TABULA_PYTHON");
	if (python == NULL || python[0] == '\0')
		python = "python3";
	int down[2], up[2];
	if (pipe(down) != 0) {
		snprintf(err, err_size, "pipe failed");
		return false;
	}
	if (pipe(up) != 0) {
		close(down[0]);
		close(down[1]);
		snprintf(err, err_size, "pipe failed");
		return false;
	}
	p->pid = fork();
	if (p->pid == 0) {
		/* Its own process group: player_close can end the program
		 * and anything it started. */
		setpgid(0, 0);
		dup2(down[0], STDIN_FILENO);
		dup2(up[1], STDOUT_FILENO);
		close(down[0]);
		close(down[1]);
		close(up[0]);
		close(up[1]);
		if (p->who.agent != NULL) {
			execlp(python, python, p->host, p->who.agent,
			       (char *)NULL);
			ssize_t wrote = write(STDOUT_FILENO, PLAYER_NO_PYTHON,
			                      sizeof PLAYER_NO_PYTHON - 1);
			(void)wrote;
		} else {
			execl("/bin/sh", "sh", "-c", p->spec + 5, (char *)NULL);
		}
		_exit(127);
	}
	close(down[0]);
	close(up[1]);
	if (p->pid < 0) {
		close(down[1]);
		close(up[0]);
		snprintf(err, err_size, "fork failed");
		return false;
	}
	fcntl(down[1], F_SETFD, FD_CLOEXEC);
	fcntl(up[0], F_SETFD, FD_CLOEXEC);
	p->to = fdopen(down[1], "w");
	p->from = up[0];
	p->inbuf = malloc(PLAYER_LINE_MAX);
	p->inlen = 0;
	if (p->to == NULL || p->inbuf == NULL) {
		if (p->to == NULL)
			close(down[1]);
		snprintf(err, err_size, "out of memory");
		return false;
	}
	return true;
}

/* After a failed first write: what the program said before it ended
 * (a host that cannot start Python says so), added to err. */
static void
player_drain(struct player *p, char *err, size_t err_size)
{
	char line[512];
	int64_t deadline_ms = clock_now_ms() + PLAYER_QUIT_GRACE_MS;
	p->said[0] = '\0';
	while (p->from >= 0 && p->inbuf != NULL &&
	       player_read_line(p, line, sizeof line, deadline_ms) ==
	               PLAYER_LINE)
		player_note(p, line);
	if (p->said[0] != '\0') {
		size_t used = strlen(err);
		snprintf(err + used, err_size - used, ": %s", p->said);
	}
}

static bool
player_open_program(struct player *p, const struct game_ops *ops, char *err,
                    size_t err_size)
{
	char line[PLAYER_LINE_MAX];
	if (p->who.agent != NULL &&
	    !datadir_path(PLAYER_AGENT_HOST, p->host, sizeof p->host, err,
	                  err_size))
		return false;
	if (!player_spawn(p, err, err_size))
		return false;
	if (!player_send(p, "uci", err, err_size)) {
		player_drain(p, err, err_size);
		return false;
	}
	if (!player_expect(p, "uciok", line, sizeof line, err, err_size))
		return false;
	snprintf(line, sizeof line, "setoption name Game value %s", ops->name);
	if (!player_send(p, line, err, err_size) ||
	    !player_send(p, "isready", err, err_size))
		return false;
	return player_expect(p, "readyok", line, sizeof line, err, err_size);
}

bool
player_open(struct player *p, const struct game_ops *ops, char *err,
            size_t err_size)
{
	if (p->who.kind == WHO_ENGINE && p->who.elo > 0) {
		p->who.level = level_for_elo(ops, p->who.elo);
		if (p->who.level == 0) {
			snprintf(err, err_size,
			         "'%s': %s has no Elo table for its levels",
			         p->spec, ops->title);
			return false;
		}
	}
	if (p->who.kind == WHO_ENGINE) {
		p->ab = alphabeta_new(PLAYER_HASH_MB);
		if (p->ab == NULL) {
			snprintf(err, err_size, "out of memory");
			return false;
		}
		if (p->who.threads > 1 &&
		    !alphabeta_set_threads(p->ab, p->who.threads)) {
			snprintf(err, err_size,
			         "cannot start %d search threads",
			         p->who.threads);
			return false;
		}
		return true;
	}
	if (player_is_program(p))
		return player_open_program(p, ops, err, err_size);
	return true;
}

void
player_new_game(struct player *p, uint64_t noise_seed)
{
	char err[512];
	p->noise_seed = noise_seed;
	if (p->ab != NULL)
		alphabeta_clear(p->ab);
	if (p->to != NULL)
		player_send(p, "ucinewgame", err, sizeof err);
}

/* Score of a move for the greedy player: the mover's view of the position
 * it leads to, forced results first. */
static int
player_greedy_score(const struct game_ops *ops, const struct game_pos *pos,
                    game_move m)
{
	int side = ops->side_to_move(pos);
	struct game_pos child = *pos;
	ops->play(&child, m);
	struct game_status st;
	ops->status(&child, &st);
	if (st.outcome == OUTCOME_P1_WINS || st.outcome == OUTCOME_P2_WINS)
		return (st.outcome == OUTCOME_P1_WINS) == (side == 0)
		               ? SEARCH_WIN
		               : -SEARCH_WIN;
	if (st.outcome != OUTCOME_ONGOING)
		return 0;
	int v = ops->evaluate != NULL ? ops->evaluate(&child) : 0;
	return ops->side_to_move(&child) == side ? v : -v;
}

static game_move
player_greedy(const struct game_ops *ops, const struct game_pos *pos,
              const game_move *moves, int n, struct rng *r)
{
	int best = -SEARCH_WIN - 1, ties = 0;
	game_move choice = moves[0];
	for (int i = 0; i < n; i++) {
		int v = player_greedy_score(ops, pos, moves[i]);
		if (v > best) {
			best = v;
			choice = moves[i];
			ties = 1;
		} else if (v == best && rng_below(r, (uint32_t)++ties) == 0) {
			choice = moves[i]; /* uniform among the equal best */
		}
	}
	return choice;
}

static bool
player_ask_program(struct player *p, const struct game_ops *ops,
                   const struct game_pos *start, const game_move *moves,
                   size_t n, const struct game_pos *pos, game_move *move,
                   char *err, size_t err_size)
{
	char *line = malloc(PLAYER_LINE_MAX);
	if (line == NULL) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	ops->format_pos(start, line, PLAYER_LINE_MAX);
	size_t used = strlen(line);
	memmove(line + 13, line, used + 1);
	memcpy(line, "position fen ", 13);
	used += 13;
	used += (size_t)snprintf(line + used, PLAYER_LINE_MAX - used, " moves");
	struct game_pos walk = *start;
	for (size_t i = 0; i < n && used < PLAYER_LINE_MAX; i++) {
		char text[GAME_TEXT_MAX];
		ops->format_move(&walk, moves[i], text, sizeof text);
		used += (size_t)snprintf(line + used, PLAYER_LINE_MAX - used,
		                         " %s", text);
		ops->play(&walk, moves[i]);
	}
	char go[sizeof p->go_args + 4];
	snprintf(go, sizeof go, "go %s", p->go_args);
	bool ok = player_send(p, line, err, err_size) &&
	          player_send(p, go, err, err_size) &&
	          player_expect(p, "bestmove", line, PLAYER_LINE_MAX, err,
	                        err_size);
	if (ok) {
		char perr[256];
		const char *text = line + strlen("bestmove ");
		ok = ops->parse_move(pos, text, move, perr, sizeof perr);
		if (!ok && strcmp(text, "(none)") == 0)
			snprintf(err, err_size, "%s",
			         p->said[0] != '\0' ? p->said : "no move");
		else if (!ok)
			snprintf(err, err_size, "'%s' played '%s': %s", p->spec,
			         text, perr);
		/* What the program said reaches the terminal and the
		 * match's record (its forfeit) only escaped. */
		if (!ok)
			text_escape_controls(err, err_size, "");
	}
	free(line);
	return ok;
}

bool
player_choose(struct player *p, const struct game_ops *ops,
              const struct game_pos *start, const game_move *moves, size_t n,
              const struct game_pos *pos, uint64_t seed, game_move *move,
              char *err, size_t err_size)
{
	game_move list[GAME_MAX_MOVES];
	int count = ops->gen_moves(pos, list);
	if (count == 0) {
		snprintf(err, err_size, "no legal move to choose");
		return false;
	}
	struct rng r;
	rng_seed(&r, seed);
	switch (p->who.kind) {
	case WHO_OPEN:
	case WHO_HUMAN:
		break;
	case WHO_RANDOM:
		*move = list[rng_below(&r, (uint32_t)count)];
		return true;
	case WHO_GREEDY:
		*move = player_greedy(ops, pos, list, count, &r);
		return true;
	case WHO_ENGINE: {
		struct search_limits lim = p->who.lim;
		if (p->who.level > 0)
			level_limits(ops, p->who.level, &lim);
		lim.noise_seed = p->noise_seed;
		struct alphabeta_result res;
		alphabeta_run(p->ab, ops, pos, &lim, p->stop, NULL, NULL, &res);
		*move = res.best;
		return res.has_move;
	}
	case WHO_PROGRAM:
	case WHO_AGENT:
		return player_ask_program(p, ops, start, moves, n, pos, move,
		                          err, err_size);
	}
	return false;
}

/* Waits up to ms for the program to exit; true if it has. */
static bool
player_reap(struct player *p, int ms)
{
	const struct timespec tick = {0, 10 * 1000 * 1000};
	for (int waited = 0;; waited += 10) {
		pid_t r = waitpid(p->pid, NULL, WNOHANG);
		if (r == p->pid || (r < 0 && errno != EINTR))
			return true;
		if (waited >= ms)
			return false;
		nanosleep(&tick, NULL);
	}
}

void
player_close(struct player *p)
{
	alphabeta_free(p->ab);
	p->ab = NULL;
	if (p->to != NULL) {
		char err[512];
		player_send(p, "quit", err, sizeof err);
		/* fclose may flush what a failed write left behind. */
		struct player_pipe_guard guard;
		player_guard_begin(&guard);
		fclose(p->to);
		player_guard_end(&guard);
		p->to = NULL;
	}
	if (p->from >= 0) {
		close(p->from);
		p->from = -1;
	}
	free(p->inbuf);
	p->inbuf = NULL;
	p->inlen = 0;
	if (p->pid > 0) {
		if (!player_reap(p, PLAYER_QUIT_GRACE_MS)) {
			kill(-p->pid, SIGKILL);
			kill(p->pid, SIGKILL);
			waitpid(p->pid, NULL, 0);
		}
		p->pid = -1;
	}
}

bool
player_restart(struct player *p, const struct game_ops *ops, char *err,
               size_t err_size)
{
	if (!player_is_program(p))
		return true;
	player_close(p);
	return player_open(p, ops, err, err_size);
}
