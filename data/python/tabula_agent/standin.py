"""A minimal stand-in for the course referee's `referee.game`, for agents
whose repository does not carry the referee.

It is not the course's code: only the action classes and what they are
built from, with the names, fields and str() forms the agent interface
has ("Playing the course's referee" in tabula(6)), and the board constants.
Agents that import more of the referee (its board, its exceptions) need
the real `referee` package beside them.
"""

import dataclasses
import enum
import sys
import types
import typing


class PlayerColor(enum.Enum):
    RED = 0
    BLUE = 1

    def __str__(self):
        return self.name

    @property
    def opponent(self):
        return PlayerColor.BLUE if self is PlayerColor.RED else PlayerColor.RED


class _Cell:
    """A cell (r, and the field named by SECOND) of the SIZE x SIZE board,
    printed r-x; adding or taking away a direction or vector wraps around
    the edges.  Subclasses are frozen dataclasses."""
    SIZE = 0
    SECOND = ""

    def _pair(self):
        return self.r, getattr(self, self.SECOND)

    def __post_init__(self):
        r, x = self._pair()
        if not (isinstance(r, int) and isinstance(x, int)
                and 0 <= r < self.SIZE and 0 <= x < self.SIZE):
            raise ValueError("%s(%r, %r) is off the %dx%d board"
                             % (type(self).__name__, r, x, self.SIZE,
                                self.SIZE))

    def __str__(self):
        return "%d-%d" % self._pair()

    def _moved(self, other, sign):
        r, x = self._pair()
        return type(self)((r + sign * other.r) % self.SIZE,
                          (x + sign * getattr(other, self.SECOND))
                          % self.SIZE)

    def __add__(self, other):
        return self._moved(other, 1)

    def __sub__(self, other):
        return self._moved(other, -1)


_ARROWS = {
    "Down": "[\u2193]", "Up": "[\u2191]", "Left": "[\u2190]",
    "Right": "[\u2192]", "DownRight": "[\u2198]", "DownLeft": "[\u2199]",
    "UpLeft": "[\u2196]", "UpRight": "[\u2197]",
}

# Tetress (2024): an 11x11 board whose edges wrap.
TETRESS_N = 11


@dataclasses.dataclass(frozen=True, order=True)
class Vector2:
    r: int
    c: int

    def __add__(self, other):
        return Vector2(self.r + other.r, self.c + other.c)


class Direction(enum.Enum):
    """The four directions; str() gives an arrow, as the course's does."""
    Down = Vector2(1, 0)
    Up = Vector2(-1, 0)
    Left = Vector2(0, -1)
    Right = Vector2(0, 1)

    def __str__(self):
        return _ARROWS[self.name]

    @property
    def r(self):
        return self.value.r

    @property
    def c(self):
        return self.value.c


@dataclasses.dataclass(frozen=True, order=True)
class Coord(_Cell):
    r: int
    c: int
    SIZE = TETRESS_N
    SECOND = "c"


@dataclasses.dataclass(frozen=True)
class PlaceAction:
    c1: Coord
    c2: Coord
    c3: Coord
    c4: Coord

    @property
    def coords(self):
        return [self.c1, self.c2, self.c3, self.c4]

    def __str__(self):
        return "PLACE(%s)" % ", ".join(str(c) for c in self.coords)


# Infexion (2023): a 7x7 board of hexagons in axial (r, q), edges wrapping.
INFEXION_N = 7


@dataclasses.dataclass(frozen=True, order=True)
class HexVec:
    r: int
    q: int

    def __add__(self, other):
        return HexVec(self.r + other.r, self.q + other.q)

    def __neg__(self):
        return HexVec(-self.r, -self.q)

    def __mul__(self, n):
        return HexVec(self.r * n, self.q * n)


class HexDir(enum.Enum):
    """The six unit directions; HexDir((dr, dq)) finds one; str() gives
    an arrow, as the course's does (agents parse it)."""
    DownRight = HexVec(0, 1)
    Down = HexVec(-1, 1)
    DownLeft = HexVec(-1, 0)
    UpLeft = HexVec(0, -1)
    Up = HexVec(1, -1)
    UpRight = HexVec(1, 0)

    @classmethod
    def _missing_(cls, value):
        for d in cls:
            if tuple(value) == (d.value.r, d.value.q):
                return d
        return None

    @property
    def r(self):
        return self.value.r

    @property
    def q(self):
        return self.value.q

    def __mul__(self, n):
        return self.value * n

    def __str__(self):
        return _ARROWS[self.name]


@dataclasses.dataclass(frozen=True, order=True)
class HexPos(_Cell):
    r: int
    q: int
    SIZE = INFEXION_N
    SECOND = "q"


@dataclasses.dataclass(frozen=True)
class SpawnAction:
    cell: HexPos

    def __str__(self):
        return "SPAWN(%d, %d)" % (self.cell.r, self.cell.q)


@dataclasses.dataclass(frozen=True)
class SpreadAction:
    cell: HexPos
    direction: HexDir

    def __str__(self):
        return "SPREAD(%d, %d, %d, %d)" % (self.cell.r, self.cell.q,
                                           self.direction.r, self.direction.q)


_GAME_NAMES = {
    "tetress": dict(GAME_NAME="Tetress", NUM_PLAYERS=2, BOARD_N=TETRESS_N,
                    MAX_TURNS=150, Coord=Coord,
                    Direction=Direction, Vector2=Vector2,
                    PlaceAction=PlaceAction, Action=PlaceAction),
    "infexion": dict(GAME_NAME="Infexion", NUM_PLAYERS=2,
                     BOARD_N=INFEXION_N, MAX_TURNS=343, MAX_TOTAL_POWER=49,
                     MAX_CELL_POWER=6, WIN_POWER_DIFF=2,
                     HexPos=HexPos, HexDir=HexDir, HexVec=HexVec,
                     SpawnAction=SpawnAction, SpreadAction=SpreadAction,
                     Action=typing.Union[SpawnAction, SpreadAction]),
}


def install(game):
    """Makes `import referee` and `from referee.game import ...` give the
    stand-in for game ("tetress" or "infexion")."""
    game_module = types.ModuleType("referee.game", __doc__)
    game_module.PlayerColor = PlayerColor
    for name, value in _GAME_NAMES[game].items():
        setattr(game_module, name, value)
    game_module.__all__ = ["PlayerColor"] + list(_GAME_NAMES[game])
    package = types.ModuleType("referee", __doc__)
    package.__path__ = []
    package.game = game_module
    package.STANDIN = True
    sys.modules["referee"] = package
    sys.modules["referee.game"] = game_module
