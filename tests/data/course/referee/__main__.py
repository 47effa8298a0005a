"""python -m referee [-t SECONDS] RED BLUE: plays one game and prints
`* referee @ result: player 1 [RED]`, `... player 2 [BLUE]` or `... draw`
as its last line (the reason on the line before)."""

import os
import pickle
import subprocess
import sys

from . import game as classes

TETRESS = classes.GAME == "tetress"


class Player:
    def __init__(self, spec, color, limit):
        self.spec, self.color = spec, color
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "referee.agentproc", spec, str(limit)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.call("__init__", color)

    def call(self, method, *args):
        pickle.dump((method, args), self.proc.stdin)
        self.proc.stdin.flush()
        status, value = pickle.load(self.proc.stdout)
        if status != "ok":
            raise Lost(self, "%s: %s" % (method, value))
        return value


class Lost(Exception):
    def __init__(self, player, why):
        super().__init__(why)
        self.player = player


class Rules:
    """tabula engine as the judge of legality and of the end."""

    def __init__(self):
        binary = os.environ.get("TABULA_BIN") or os.environ["TABULA"]
        self.proc = subprocess.Popen([binary, "engine"], text=True,
                                     stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)
        self.ask("setoption name Game value " + classes.GAME)
        self.moves = []

    def ask(self, line, want=None):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        while want:
            got = self.proc.stdout.readline()
            if got.startswith(want):
                return got.split()

    def legal(self):
        self.ask("position startpos moves " + " ".join(self.moves))
        return self.ask("moves", "moves ")[2:]

    def result(self):
        self.ask("position startpos moves " + " ".join(self.moves))
        if self.ask("query gameover", "response")[1] != "true":
            return None
        return self.ask("query result", "response")[1]


def text_of(action):
    """The engine's canonical text of an action of the exact classes."""
    if TETRESS and type(action) is classes.PlaceAction:
        cells = sorted((c.r, c.c) for c in
                       (action.c1, action.c2, action.c3, action.c4))
        return ",".join("%d-%d" % rc for rc in cells)
    if not TETRESS and type(action) is classes.SpawnAction:
        return "SPAWN(%d,%d)" % (action.cell.r, action.cell.q)
    if not TETRESS and type(action) is classes.SpreadAction:
        d = action.direction.value
        return "SPREAD(%d,%d,%d,%d)" % (action.cell.r, action.cell.q,
                                        d.r, d.q)
    return None


def play(players, rules):
    update = "update" if TETRESS else "turn"
    for ply in range(10000):
        mover = players[ply % 2]
        action = mover.call("action")
        text = text_of(action)
        if text is None or text not in rules.legal():
            raise Lost(mover, "illegal action %s" % action)
        rules.moves.append(text)
        print("* referee @ %s plays %s" % (mover.color, action),
              file=sys.stderr)
        result = rules.result()
        if result is not None:
            return result
        for p in players:
            p.call(update, mover.color, action)
    return "draw"


def main(argv):
    limit = 0.0
    if argv[:1] == ["-t"]:
        limit, argv = float(argv[1]), argv[2:]
    rules = Rules()
    players = []
    try:
        for spec, color in zip(argv, classes.PlayerColor):
            players.append(Player(spec, color, limit))
        result = play(players, rules)
        reason = "end of game"
    except Lost as e:
        result = "p2win" if e.player.color.value == 0 else "p1win"
        reason = "%s loses: %s" % (e.player.spec, e)
    print("* referee @ %s" % reason)
    if result == "draw":
        print("* referee @ result: draw")
    else:
        n = 1 if result == "p1win" else 2
        print("* referee @ result: player %d [%s]" % (n, argv[n - 1]))
    for p in players:
        p.proc.stdin.close()
        p.proc.wait()
    return 0


sys.exit(main(sys.argv[1:]))
