#!/usr/bin/env python3
"""Hosts a student's COMP30024 agent for `tabula match` (the player kind
agent:DIR[:Class] of tabula(6), "Playing the course's referee").

    tabula_agent_host.py [--game GAME] DIR[:CLASS]

It speaks tabula's engine protocol on its standard input and output and
plays the agent the way the course's referee does: Agent(color, **referee),
action(**referee), and update(...) (Tetress) or turn(...) (Infexion) after
every action of either player but the last, with time_remaining counted
from the agent's CPU in this game.  An exception, an action that is not one
of the referee's classes, or CPU beyond the limit (TABULA_AGENT_CPU
seconds a game, default 180, 0 for none) answers `info string error: WHY`
and `bestmove (none)`: the match scores a forfeit and restarts the host.

The agent imports `referee` from DIR's parent directory when a referee
package is there (as students' repositories carry it), else the stand-in
of tabula_agent.standin.  Each game runs in a fresh interpreter (the host
executes itself again on ucinewgame), as each runs in a fresh process under
the referee, so state an agent keeps in its module does not leak into the
next game.  The agent's prints (its standard output and error) go to the
file TABULA_AGENT_LOG names, appended, or nowhere without it, so they never
mix with the match's lines.  Python 3 standard library only.
"""

import importlib
import os
import stat
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tabula_agent import actions, standin  # noqa: E402

del sys.path[0]

DEFAULT_CPU_LIMIT_S = 180.0


class Forfeit(Exception):
    """The agent loses the game: the reason."""


class Channel:
    """The protocol's lines on file descriptors of their own.  Input is
    read a byte at a time so that nothing is read ahead of the line that
    makes the host execute itself again."""

    def __init__(self, fd_in, fd_out):
        self.fd_in, self.fd_out = fd_in, fd_out

    def read_line(self):
        data = bytearray()
        while True:
            byte = os.read(self.fd_in, 1)
            if not byte:
                return None if not data else data.decode(errors="replace")
            if byte == b"\n":
                return data.decode(errors="replace").rstrip("\r")
            data += byte

    def say(self, line):
        data = (line + "\n").encode()
        while data:
            data = data[os.write(self.fd_out, data):]


def describe(exc):
    """'ValueError: bad (at program.py:12)' for an exception."""
    where = ""
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        where = " (at %s:%d)" % (os.path.basename(frames[-1].filename),
                                 frames[-1].lineno)
    text = str(exc).splitlines()[0] if str(exc) else ""
    return "%s%s%s" % (type(exc).__name__, ": " + text if text else "",
                       where)


def split_spec(spec):
    """DIR and CLASS of DIR[:CLASS] (default Agent)."""
    head, sep, tail = spec.rpartition(":")
    if sep and tail.isidentifier() and not os.path.isdir(spec):
        return head, tail
    return spec, "Agent"


def load_agent_class(spec, game):
    """Imports the agent's package with the referee beside it, or the
    stand-in; the class, or a message."""
    directory, class_name = split_spec(spec)
    directory = os.path.abspath(directory.rstrip("/") or "/")
    parent, package = os.path.split(directory)
    if not os.path.isfile(os.path.join(directory, "__init__.py")):
        raise Forfeit("%s: not a Python package (no __init__.py)" % directory)
    sys.path.insert(0, parent)
    if not os.path.isfile(os.path.join(parent, "referee", "__init__.py")):
        standin.install(game)
    try:
        referee_game = importlib.import_module("referee.game")
        have = actions.detect_game(referee_game)
        if have != game:
            raise Forfeit("the referee beside %s is for %s, not %s"
                          % (directory, have, game))
        module = importlib.import_module(package)
        return getattr(module, class_name)
    except Forfeit:
        raise
    except BaseException as e:
        raise Forfeit("cannot load %s:%s: %s" % (directory, class_name,
                                                 describe(e)))


class Game:
    """One game of the agent: its instance, its colour, the actions it
    has been told of and the CPU it has used."""

    def __init__(self, game, agent_class, cpu_limit, cpu_base):
        self.game, self.agent_class = game, agent_class
        self.cpu_limit, self.cpu_base = cpu_limit, cpu_base
        self.agent = self.color = None
        self.told = []  # move texts passed to update or turn

    def referee_kwargs(self):
        if self.cpu_limit <= 0:
            remaining = None
        else:
            remaining = self.cpu_limit - (time.process_time() - self.cpu_base)
        return {"time_remaining": remaining, "space_remaining": None,
                "space_limit": None}

    def call(self, what, fn, *args):
        try:
            result = fn(*args, **self.referee_kwargs())
        except (Exception, SystemExit) as e:
            raise Forfeit("%s raised %s" % (what, describe(e)))
        used = time.process_time() - self.cpu_base
        if 0 < self.cpu_limit < used:
            raise Forfeit("out of time: %s brought its CPU to %.1f s of %g s"
                          % (what, used, self.cpu_limit))
        return result

    def tell(self, moves):
        """Passes the actions since the last call to update or turn."""
        if moves[:len(self.told)] != self.told:
            raise Forfeit("the game went back: an agent cannot take back")
        method = "update" if self.game == actions.TETRESS else "turn"
        for ply in range(len(self.told), len(moves)):
            color = actions.color_of_ply(ply)
            try:
                action = actions.from_text(self.game, moves[ply])
            except actions.ActionError as e:
                raise Forfeit("cannot pass move %d to the agent: %s"
                              % (ply + 1, e))
            self.call("%s.%s" % (self.agent_class.__name__, method),
                      getattr(self.agent, method), color, action)
            self.told.append(moves[ply])

    def choose(self, moves):
        """The agent's action after moves, as a move text; Forfeit."""
        name = self.agent_class.__name__
        if self.agent is None:
            self.color = actions.color_of_ply(len(moves))
            self.agent = self.call(name, self.agent_class, self.color)
        elif actions.color_of_ply(len(moves)) != self.color:
            raise Forfeit("asked to move for the other side")
        self.tell(moves)
        action = self.call(name + ".action", self.agent.action)
        try:
            text = actions.to_text(self.game, action)
            shown = str(action)
        except actions.ActionError as e:
            raise Forfeit("%s.action: %s" % (name, e))
        except Exception:  # the agent's own str() failed: show ours
            shown = text
        return text, shown


def start_is_empty(words):
    """Whether `position fen ...` gives the empty start board: the
    course's agents always start there."""
    return (len(words) >= 3 and set(words[0]) <= set("./")
            and words[1] == "r" and words[2] == "0")


class Host:
    """The engine protocol's side of the host."""

    def __init__(self, channel, spec, game, cpu_limit):
        self.channel, self.spec, self.cpu_limit = channel, spec, cpu_limit
        self.game = self.agent_class = self.current = None
        self.moves = []
        self.position_error = None
        if game is not None:
            self.set_game(game)

    def say(self, line):
        self.channel.say(line)

    def set_game(self, game):
        if game not in actions.GAMES:
            raise Forfeit("the course's agents play tetress or infexion, "
                          "not %s" % game)
        if self.game not in (None, game):
            raise Forfeit("this agent is loaded for %s" % self.game)
        # The referee counts the import of the agent's package too.
        cpu_base = time.process_time()
        if self.agent_class is None:
            self.agent_class = load_agent_class(self.spec, game)
        self.game = game
        self.current = Game(game, self.agent_class, self.cpu_limit, cpu_base)

    def new_game(self):
        """A fresh interpreter for the next game, once the agent has played
        in this one."""
        if self.current is None or self.current.agent is None:
            return
        os.dup2(self.channel.fd_in, 0)
        os.dup2(self.channel.fd_out, 1)
        os.execv(sys.executable, [sys.executable, os.path.abspath(__file__),
                                  "--game", self.game, self.spec])

    def position(self, words):
        self.position_error = None
        if "moves" in words:
            at = words.index("moves")
            words, self.moves = words[:at], words[at + 1:]
        else:
            self.moves = []
        if words[:1] == ["fen"] and not start_is_empty(words[1:]):
            self.position_error = "the course's agents start from the empty board"

    def go(self):
        try:
            if self.current is None:
                raise Forfeit("no game: want setoption name Game value GAME")
            if self.position_error:
                raise Forfeit(self.position_error)
            text, shown = self.current.choose(self.moves)
        except Forfeit as f:
            self.say("info string error: %s" % f)
            self.say("bestmove (none)")
            return
        self.say("info string action %s" % shown)
        self.say("bestmove %s" % text)

    def command(self, line):
        """Carries out one line; False on quit."""
        words = line.split()
        if not words:
            return True
        head, rest = words[0], words[1:]
        if head == "quit":
            return False
        if head in ("uci", "ugi"):
            self.say("id name agent:%s" % self.spec)
            self.say("id author the agent's authors, hosted by tabula")
            self.say("uciok" if head == "uci" else "ugiok")
        elif head == "isready":
            self.say("readyok")
        elif head == "setoption" and rest[:1] == ["name"] and "value" in rest:
            name = " ".join(rest[1:rest.index("value")])
            value = " ".join(rest[rest.index("value") + 1:])
            if name.lower() == "game":
                self.set_game(value.lower())
        elif head in ("ucinewgame", "uginewgame"):
            self.new_game()
        elif head == "position":
            self.position(rest)
        elif head == "go":
            self.go()
        elif head != "stop":
            self.say("info string error: unknown command '%s'" % head)
        return True


def parse_args(argv):
    game = None
    if len(argv) == 4 and argv[1] == "--game":
        game, argv = argv[2], [argv[0], argv[3]]
    if len(argv) != 2:
        sys.stderr.write("usage: tabula_agent_host.py [--game GAME] "
                         "DIR[:CLASS]\n")
        sys.exit(2)
    return argv[1], game


def cpu_limit():
    text = os.environ.get("TABULA_AGENT_CPU", "")
    try:
        return float(text) if text else DEFAULT_CPU_LIMIT_S
    except ValueError:
        sys.stderr.write("TABULA_AGENT_CPU=%s: want seconds\n" % text)
        sys.exit(2)


def agent_output():
    """Where the agent's prints go: TABULA_AGENT_LOG, appended (a regular
    file, never through a symbolic link), else /dev/null."""
    path = os.environ.get("TABULA_AGENT_LOG", "")
    if path:
        flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT
                 | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NOCTTY", 0))
        try:
            fd = os.open(path, flags, 0o600)
            if stat.S_ISREG(os.fstat(fd).st_mode):
                return fd
            os.close(fd)
            why = "not a regular file"
        except OSError as e:
            why = e.strerror
        sys.stderr.write("tabula_agent_host.py: TABULA_AGENT_LOG=%s: %s; "
                         "the agent's prints are dropped\n" % (path, why))
    return os.open(os.devnull, os.O_WRONLY)


def main(argv):
    spec, game = parse_args(argv)
    # The protocol keeps the real descriptors; the agent's prints go to
    # its log (or nowhere) and any reading of its standard input meets
    # /dev/null.
    channel = Channel(os.dup(0), os.dup(1))
    out = agent_output()
    os.dup2(out, 1)
    os.dup2(out, 2)
    os.close(out)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    try:
        host = Host(channel, spec, game, cpu_limit())
        while True:
            line = channel.read_line()
            if line is None or not host.command(line):
                return 0
    except Forfeit as f:
        # The agent cannot be loaded: said once, then the host ends, and
        # the match reports what it said.
        channel.say("info string error: %s" % f)
        return 1
    except BrokenPipeError:
        return 0  # the match has gone (or given up on a slow agent)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
