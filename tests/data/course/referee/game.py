"""The action classes of the game in $COURSE_GAME, written to the agent
interface (names, fields, str() forms)."""

import os
from dataclasses import dataclass
from enum import Enum

GAME = os.environ.get("COURSE_GAME", "tetress")


class PlayerColor(Enum):
    """Red moves first; str() is the name."""
    RED, BLUE = 0, 1

    def __str__(self):
        return ("RED", "BLUE")[self.value]

    opponent = property(lambda self: PlayerColor(1 - self.value))


if GAME == "tetress":
    @dataclass(frozen=True)
    class Coord:
        r: int
        c: int

        def __post_init__(self):
            if not (0 <= self.r <= 10 and 0 <= self.c <= 10):
                raise ValueError("off the board: %r" % (self,))

        def __str__(self):
            return f"{self.r}-{self.c}"

    @dataclass(frozen=True)
    class PlaceAction:
        c1: Coord
        c2: Coord
        c3: Coord
        c4: Coord

        def __str__(self):
            return f"PLACE({self.c1}, {self.c2}, {self.c3}, {self.c4})"

    Action = PlaceAction
else:
    @dataclass(frozen=True)
    class HexVec:
        r: int
        q: int

    class _Directions(Enum):
        """Found by their (dr, dq) too, as HexDir((1, -1))."""
        @classmethod
        def _missing_(cls, value):
            return next((d for d in cls if (d.value.r, d.value.q) == value),
                        None)

    # The six unit directions, named by where they point on the page.
    HexDir = _Directions("HexDir", [
        (name, HexVec(dr, dq)) for name, dr, dq in (
            ("E", 0, 1), ("SE", -1, 1), ("SW", -1, 0),
            ("W", 0, -1), ("NW", 1, -1), ("NE", 1, 0))])

    @dataclass(frozen=True)
    class HexPos:
        r: int
        q: int

    @dataclass(frozen=True)
    class SpawnAction:
        cell: HexPos

        def __str__(self):
            return f"SPAWN({self.cell.r}, {self.cell.q})"

    @dataclass(frozen=True)
    class SpreadAction:
        cell: HexPos
        direction: HexDir

        def __str__(self):
            d = self.direction.value
            return f"SPREAD({self.cell.r}, {self.cell.q}, {d.r}, {d.q})"
