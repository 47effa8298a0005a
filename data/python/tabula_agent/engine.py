"""`tabula engine` on a pipe of its own, and a tally of its CPU.

The engine's output is read with select and os.read, never a blocking
readline, so a silent engine cannot hang the agent past a deadline.  Its
CPU comes from /proc/PID/stat (all its threads, and its descendants');
where that cannot be read, the wall time spent waiting for it counts
instead, which is never less while it searches on one thread.
"""

import os
import select
import shutil
import subprocess
import time


class EngineError(RuntimeError):
    """The engine could not start, died, or did not answer."""


def find_binary(configured=None):
    """The tabula program: configured (TABULA_BIN or the package options),
    else `tabula` on PATH."""
    path = configured or shutil.which("tabula")
    if not path:
        raise EngineError("no tabula program: set TABULA_BIN or put "
                          "tabula on PATH")
    return path


def _stat(pid):
    """(ppid, CPU ticks) of a process from /proc/PID/stat: its utime and
    stime and those of its waited-for children, fields 14 to 17 of
    proc(5), counted from 1, with pid and comm before the ")"."""
    with open("/proc/%s/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[1]), sum(int(v) for v in fields[11:15])


def _tree_cpu_ticks(root):
    """CPU ticks of root and its descendants, or None without /proc."""
    try:
        _, total = _stat(root)
    except (OSError, IndexError, ValueError):
        return None
    children = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                ppid, ticks = _stat(name)
            except (OSError, IndexError, ValueError):
                continue  # ended while we looked
            children.setdefault(ppid, []).append((int(name), ticks))
    todo = [root]
    while todo:
        for pid, ticks in children.get(todo.pop(), ()):
            total += ticks
            todo.append(pid)
    return total


class Engine:
    """One engine process for one game."""

    STOP_GRACE_S = 2.0

    def __init__(self, binary, game, hash_mb=None):
        try:
            # stdin and stdout are new pipes: the agent's own are the
            # referee's channel.  stderr is the agent's, which is free.
            self._proc = subprocess.Popen(
                [binary, "engine"], stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, close_fds=True)
        except OSError as e:
            raise EngineError("cannot start %s engine: %s" % (binary, e))
        self._buf = b""
        self._waited = 0.0
        self._tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        self.send("uci")
        self.expect("uciok", 30.0)
        self.send("setoption name Game value %s" % game)
        if hash_mb:
            self.send("setoption name Hash value %d" % hash_mb)
        self.send("isready")
        self.expect("readyok", 30.0)

    def send(self, line):
        try:
            self._proc.stdin.write((line + "\n").encode())
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineError("the engine stopped reading: %s" % e)

    def _read_line(self, deadline):
        while b"\n" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            fd = self._proc.stdout.fileno()
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                raise EngineError("the engine exited")
            self._buf += chunk
        line, _, self._buf = self._buf.partition(b"\n")
        return line.decode(errors="replace").strip()

    def expect(self, word, timeout):
        """The first line that starts with word, within timeout seconds;
        None when the time is up.  An `info string error:` line on the
        way raises EngineError with the engine's words."""
        start = time.monotonic()
        try:
            while True:
                line = self._read_line(start + timeout)
                if line is None:
                    return None
                if line.startswith("info string error:"):
                    raise EngineError("tabula engine: " + line[12:])
                if line == word or line.startswith(word + " "):
                    return line
        finally:
            self._waited += time.monotonic() - start

    POLL_S = 0.02

    def own_cpu_seconds(self):
        """The engine process's own CPU (all its threads) from
        /proc/PID/stat, cheap enough to read every POLL_S; None without
        /proc."""
        try:
            return _stat(self._proc.pid)[1] / self._tick
        except (OSError, IndexError, ValueError):
            return None

    def _answer_by_cpu(self, cpu_s, deadline_s):
        """The bestmove line of a search stopped once the engine's own CPU
        has grown by cpu_s (or the answer, if it comes first), within
        deadline_s of wall-clock time; None when none came."""
        start, wall = self.own_cpu_seconds(), time.monotonic()
        while time.monotonic() - wall < deadline_s:
            line = self.expect("bestmove", self.POLL_S)
            if line is not None:
                return line
            now = self.own_cpu_seconds()
            if start is None or now is None or now - start >= cpu_s:
                break
        self.send("stop")
        return self.expect("bestmove", self.STOP_GRACE_S)

    def best_move(self, moves, go_args, deadline_s, cpu_ms=None):
        """The engine's move after moves (texts) from the start, searched
        with `go go_args`; with cpu_ms, stopped when the engine has used
        that much CPU on it; stopped if it has not answered by
        deadline_s."""
        self.send("position startpos" +
                  (" moves " + " ".join(moves) if moves else ""))
        # A move the engine refuses would leave it searching another
        # position: isready first, so that its error comes before the go.
        self.send("isready")
        if self.expect("readyok", 30.0) is None:
            raise EngineError("no readyok after the position")
        self.send("go " + go_args)
        if cpu_ms is not None:
            line = self._answer_by_cpu(cpu_ms / 1000.0, deadline_s)
        else:
            line = self.expect("bestmove", deadline_s)
        if line is None:
            self.send("stop")
            line = self.expect("bestmove", self.STOP_GRACE_S)
        if line is None:
            raise EngineError("no bestmove after 'go %s'" % go_args)
        move = line[len("bestmove"):].strip()
        if not move or move == "(none)":
            raise EngineError("the engine has no move: the game is over")
        return move

    def cpu_seconds(self):
        """CPU the engine has used so far (user + system, all threads),
        with that of the processes it started (TABULA_BIN may name a
        wrapper that runs tabula as its child)."""
        ticks = _tree_cpu_ticks(self._proc.pid)
        return ticks / self._tick if ticks is not None else self._waited

    def close(self):
        if self._proc.poll() is None:
            try:
                self.send("quit")
                self._proc.stdin.close()
                self._proc.wait(timeout=self.STOP_GRACE_S)
            except (EngineError, OSError, subprocess.TimeoutExpired):
                self._proc.kill()
                self._proc.wait()
