/*
 * Room server test helpers (see roomtest.h).
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "roomtest.h"

double
rt_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static const char *
rt_binary(void)
{
	const char *t = getenv("TABULA");
	return t != NULL ? t : "src/tabula";
}

void
rt_server_init(struct rt_server *s, bool shared)
{
	memset(s, 0, sizeof *s);
	s->pid = -1;
	s->shared = shared;
	const char *tmp = getenv("TMPDIR"); /* e.g. a tmpfs, to time the
	                                       server without the disk */
	snprintf(s->dir, sizeof s->dir, "%s/tabula-rooms-XXXXXX",
	         tmp != NULL && tmp[0] == '/' && strlen(tmp) < 100 ? tmp
	                                                           : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(s->dir));
	snprintf(s->socket, sizeof s->socket, "%s/socket", s->dir);
	snprintf(s->state, sizeof s->state, "%s/state", s->dir);
}

static bool
rt_server_answers(const struct rt_server *s)
{
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	ck_assert_uint_lt(strlen(s->socket), sizeof addr.sun_path);
	memcpy(addr.sun_path, s->socket, strlen(s->socket) + 1);
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);
	bool ok = fd >= 0 && connect(fd, (void *)&addr, sizeof addr) == 0;
	if (fd >= 0)
		close(fd);
	return ok;
}

void
rt_server_start(struct rt_server *s, const char *extra)
{
	char *argv[32];
	int n = 0;
	char user[64] = "", words[512] = "";
	argv[n++] = (char *)rt_binary();
	static char serve[] = "serve", o_socket[] = "--socket",
	            o_state[] = "--state", o_shared[] = "--shared-user";
	argv[n++] = serve;
	argv[n++] = o_socket;
	argv[n++] = s->socket;
	argv[n++] = o_state;
	argv[n++] = s->state;
	if (s->shared) {
		struct passwd *pw = getpwuid(getuid());
		ck_assert_ptr_nonnull(pw);
		snprintf(user, sizeof user, "%s", pw->pw_name);
		argv[n++] = o_shared;
		argv[n++] = user;
	}
	if (extra != NULL) {
		snprintf(words, sizeof words, "%s", extra);
		for (char *w = strtok(words, " "); w != NULL && n < 30;
		     w = strtok(NULL, " "))
			argv[n++] = w;
	}
	argv[n] = NULL;
	char log[400];
	snprintf(log, sizeof log, "%s/server.log", s->dir);
	s->pid = fork();
	ck_assert_int_ge(s->pid, 0);
	if (s->pid == 0) {
		/* A test that fails mid-way takes its server with it. */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0600);
		if (fd >= 0)
			dup2(fd, STDERR_FILENO);
		struct rlimit lim;
		if (s->fsize_limit > 0 && getrlimit(RLIMIT_FSIZE, &lim) == 0) {
			lim.rlim_cur = s->fsize_limit;
			setrlimit(RLIMIT_FSIZE, &lim);
		}
		execv(argv[0], argv);
		_exit(127);
	}
	double deadline = rt_now_ms() + ROOMTEST_WAIT_MS;
	while (!rt_server_answers(s)) {
		int status;
		ck_assert_msg(waitpid(s->pid, &status, WNOHANG) == 0,
		              "the server exited (see %s)", log);
		ck_assert_msg(rt_now_ms() < deadline, "the server never "
		                                      "listened");
		usleep(10000);
	}
}

void
rt_server_stop(struct rt_server *s, int sig)
{
	if (s->pid <= 0)
		return;
	kill(s->pid, sig);
	double deadline = rt_now_ms() + ROOMTEST_WAIT_MS;
	int status;
	while (waitpid(s->pid, &status, WNOHANG) == 0) {
		if (rt_now_ms() > deadline) {
			kill(s->pid, SIGKILL);
			waitpid(s->pid, &status, 0);
			break;
		}
		usleep(5000);
	}
	s->pid = -1;
}

void
rt_server_clean(struct rt_server *s)
{
	rt_server_stop(s, SIGTERM);
	char cmd[400];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", s->dir);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", s->dir);
}

static void rt_peer_spawn(struct rt_peer *p, const struct rt_server *s,
                          const char *key, uid_t uid, gid_t gid);

void
rt_peer_start_as(struct rt_peer *p, const struct rt_server *s, uid_t uid,
                 gid_t gid)
{
	memset(p, 0, sizeof *p);
	net_inbuf_init(&p->in);
	rt_peer_spawn(p, s, NULL, uid, gid);
}

void
rt_peer_start_raw(struct rt_peer *p, const struct rt_server *s, const char *key,
                  int mode)
{
	memset(p, 0, sizeof *p);
	net_inbuf_init(&p->in);
	if (key != NULL) {
		snprintf(p->auth, sizeof p->auth, "/tmp/sshauth.XXXXXX");
		int fd = mkstemp(p->auth);
		ck_assert_int_ge(fd, 0);
		char text[300];
		int len = snprintf(text, sizeof text,
		                   "publickey ssh-ed25519 %s\n", key);
		ck_assert_int_eq(write(fd, text, (size_t)len), len);
		fchmod(fd, (mode_t)mode);
		close(fd);
	}
	rt_peer_spawn(p, s, key, (uid_t)-1, (gid_t)-1);
}

/* A copy of the program in the server's directory, for a peer run as
 * another user: the build tree may sit in a directory only its owner can
 * enter (a mktemp -d build, a private home), where that user could not
 * execute it. */
static void
rt_binary_copy(const struct rt_server *s, char *path, size_t size)
{
	snprintf(path, size, "%s/tabula-peer", s->dir);
	if (access(path, X_OK) == 0)
		return;
	int from = open(rt_binary(), O_RDONLY | O_CLOEXEC);
	ck_assert_int_ge(from, 0);
	int to = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0755);
	ck_assert_int_ge(to, 0);
	char buf[65536];
	ssize_t n;
	while ((n = read(from, buf, sizeof buf)) > 0)
		ck_assert_int_eq(write(to, buf, (size_t)n), n);
	ck_assert_int_eq(n, 0);
	close(from);
	ck_assert_int_eq(close(to), 0);
}

static void
rt_peer_spawn(struct rt_peer *p, const struct rt_server *s, const char *key,
              uid_t uid, gid_t gid)
{
	char binary[sizeof s->dir + 16];
	snprintf(binary, sizeof binary, "%s", rt_binary());
	if (uid != (uid_t)-1)
		rt_binary_copy(s, binary, sizeof binary);
	int in[2], out[2];
	/* Close-on-exec, so no other peer holds this one's pipes open. */
	ck_assert_int_eq(pipe2(in, O_CLOEXEC), 0);
	ck_assert_int_eq(pipe2(out, O_CLOEXEC), 0);
	p->pid = fork();
	ck_assert_int_ge(p->pid, 0);
	if (p->pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		dup2(in[0], STDIN_FILENO);
		dup2(out[1], STDOUT_FILENO);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		if (uid != (uid_t)-1 && (setgroups(0, NULL) != 0 ||
		                         setgid(gid) != 0 || setuid(uid) != 0))
			_exit(126);
		if (key != NULL)
			setenv("SSH_USER_AUTH", p->auth, 1);
		else
			unsetenv("SSH_USER_AUTH");
		execl(binary, binary, "connect", "--socket", s->socket,
		      (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	p->to = in[1];
	p->from = out[0];
	fcntl(p->from, F_SETFL, O_NONBLOCK);
}

void
rt_peer_start(struct rt_peer *p, const struct rt_server *s, const char *key)
{
	rt_peer_start_raw(p, s, key, 0600);
	char line[NET_LINE_MAX + 1];
	for (;;) {
		ck_assert_msg(rt_next(p, line, ROOMTEST_WAIT_MS),
		              "no welcome from the server");
		if (strncmp(line, "welcome", 7) == 0 ||
		    strcmp(line, "need-name") == 0)
			return;
		ck_assert_msg(strncmp(line, "bye", 3) != 0, "refused: %s",
		              line);
	}
}

void
rt_send(struct rt_peer *p, const char *fmt, ...)
{
	char line[4096];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	ck_assert(n >= 0 && (size_t)n < sizeof line - 1);
	line[n++] = '\n';
	/* The server allows 20 messages a second in bursts of 40 (PLAY ON
	 * THIS HOST in tabula(6)); keep to 15 a second in bursts of 30. */
	const double rate = 15.0 / 1000.0, burst = 30.0;
	double now = rt_now_ms();
	if (p->refill_ms == 0)
		p->tokens = burst;
	else
		p->tokens += (now - p->refill_ms) * rate;
	if (p->tokens > burst)
		p->tokens = burst;
	p->refill_ms = now;
	if (p->tokens < 1.0) {
		double wait_ms = (1.0 - p->tokens) / rate;
		struct timespec ts = {
		        (time_t)(wait_ms / 1000.0),
		        (long)((long long)(wait_ms * 1e6) % 1000000000LL)};
		nanosleep(&ts, NULL);
		p->tokens = 1.0;
		p->refill_ms = rt_now_ms();
	}
	p->tokens -= 1.0;
	ck_assert_int_eq(write(p->to, line, (size_t)n), n);
}

bool
rt_next(struct rt_peer *p, char *line, int timeout_ms)
{
	double deadline = rt_now_ms() + timeout_ms;
	for (;;) {
		enum net_line kind = net_inbuf_next(&p->in, line);
		if (kind == NET_LINE_OK)
			return true;
		ck_assert_int_eq(kind, NET_LINE_NONE);
		double wait = deadline - rt_now_ms();
		struct pollfd pfd = {p->from, POLLIN, 0};
		int r = poll(&pfd, 1, wait > 0 ? (int)wait + 1 : 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		long got = net_inbuf_fill(&p->in, p->from);
		if (got == 0 || got == -1)
			return false;
	}
}

void
rt_expect(struct rt_peer *p, const char *prefix, char *line)
{
	char buf[NET_LINE_MAX + 1];
	char *l = line != NULL ? line : buf;
	size_t n = strlen(prefix);
	for (;;) {
		ck_assert_msg(rt_next(p, l, ROOMTEST_WAIT_MS),
		              "waited in vain for '%s'", prefix);
		if (strncmp(l, prefix, n) == 0)
			return;
	}
}

void
rt_peer_stop(struct rt_peer *p, bool kill_it)
{
	if (p->pid <= 0)
		return;
	if (kill_it)
		kill(p->pid, SIGKILL);
	close(p->to);
	double deadline = rt_now_ms() + ROOMTEST_WAIT_MS;
	int status;
	while (waitpid(p->pid, &status, WNOHANG) == 0) {
		if (rt_now_ms() > deadline) {
			kill(p->pid, SIGKILL);
			waitpid(p->pid, &status, 0);
			break;
		}
		usleep(2000);
	}
	close(p->from);
	if (p->auth[0] != '\0')
		unlink(p->auth);
	p->pid = -1;
}

void
rt_apply_move(struct session *s, const char *line)
{
	char code[16], text[NET_LINE_MAX + 1];
	size_t ply;
	ck_assert_msg(sscanf(line, "move %15s %zu %512s", code, &ply, text) ==
	                      3,
	              "not a move line: %s", line);
	ck_assert_msg(ply == s->ply + 1, "move %zu after ply %zu", ply, s->ply);
	char err[256];
	ck_assert_msg(session_play_text(s, text, err, sizeof err), "%s: %s",
	              line, err);
}

void
rt_login(struct rt_peer *p, const struct rt_server *s, const char *key,
         const char *name)
{
	rt_peer_start(p, s, key);
	rt_send(p, "name %s", name);
	char line[NET_LINE_MAX + 1], want[64];
	rt_expect(p, "welcome", line);
	snprintf(want, sizeof want, "welcome %s", name);
	ck_assert_str_eq(line, want);
}

void
rt_write_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}
