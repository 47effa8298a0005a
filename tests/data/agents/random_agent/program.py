import os
import random
import subprocess

from referee.game import PlayerColor

try:
    from referee.game import PlaceAction, Coord
    GAME = "tetress"
except ImportError:
    from referee.game import SpawnAction, SpreadAction, HexPos, HexDir
    GAME = "infexion"


def to_action(text):
    """A move text of `tabula engine moves` as the referee's class."""
    if GAME == "tetress":
        cells = [Coord(*map(int, c.split("-"))) for c in text.split(",")]
        return PlaceAction(*cells)
    kind, _, args = text.partition("(")
    nums = [int(v) for v in args.rstrip(")").split(",")]
    if kind == "SPAWN":
        return SpawnAction(HexPos(nums[0], nums[1]))
    return SpreadAction(HexPos(nums[0], nums[1]), HexDir((nums[2], nums[3])))


def to_text(action):
    if GAME == "tetress":
        return ",".join("%d-%d" % (c.r, c.c) for c in
                        (action.c1, action.c2, action.c3, action.c4))
    if isinstance(action, SpawnAction):
        return "SPAWN(%d,%d)" % (action.cell.r, action.cell.q)
    d = action.direction.value
    return "SPREAD(%d,%d,%d,%d)" % (action.cell.r, action.cell.q, d.r, d.q)


class Rules:
    def __init__(self):
        binary = os.environ.get("TABULA_BIN") or os.environ["TABULA"]
        self.proc = subprocess.Popen([binary, "engine"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.ask("setoption name Game value " + GAME)

    def ask(self, line, want=None):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        while want:
            got = self.proc.stdout.readline()
            if not got:
                raise RuntimeError("tabula engine exited")
            if got.startswith(want):
                return got.split()

    def legal(self, moves):
        self.ask("position startpos moves " + " ".join(moves)
                 if moves else "position startpos")
        return self.ask("moves", "moves ")[2:]


class Agent:
    def __init__(self, color: PlayerColor, **referee):
        self.color = color
        self.moves = []
        self.rng = random.Random(int(os.environ.get("AGENT_SEED", "1"))
                                 + (color == PlayerColor.BLUE))
        self.rules = Rules()

    def action(self, **referee):
        return to_action(self.rng.choice(self.rules.legal(self.moves)))

    def update(self, color: PlayerColor, action, **referee):
        self.moves.append(to_text(action))

    turn = update
