"""The referee's action classes, to tabula's move text and back.

Move texts are those of NOTATION in tabula(6): Tetress `6-3,7-2,7-3,7-4`,
Infexion `SPAWN(3,4)` and `SPREAD(3,4,1,-1)`, without spaces, since the
engine protocol separates moves by spaces; the referee's own forms
(`PLACE(6-3, 7-2, 7-3, 7-4)`, `SPREAD(3, 4, 1, -1)`) are read too.  The
classes come from whichever `referee.game` is importable: the
referee's own, or the stand-in of tabula_agent.standin.
"""

import enum
import importlib

TETRESS = "tetress"
INFEXION = "infexion"
GAMES = (TETRESS, INFEXION)


class ActionError(ValueError):
    """An action that is not one of the referee's, or a text that is not
    a move of the game."""


def referee_game():
    """The module referee.game, imported on first use."""
    return importlib.import_module("referee.game")


def detect_game(module=None):
    """Which game the referee's classes are for: tetress when it has
    PlaceAction, infexion when it has SpawnAction."""
    module = module or referee_game()
    if hasattr(module, "PlaceAction"):
        return TETRESS
    if hasattr(module, "SpawnAction"):
        return INFEXION
    raise ActionError("referee.game has neither PlaceAction (Tetress) "
                      "nor SpawnAction (Infexion)")


def _ints(text, prefix, count):
    """The count integers inside PREFIX(...), or None."""
    text = text.replace(" ", "")
    if not (text.upper().startswith(prefix + "(") and text.endswith(")")):
        return None
    try:
        values = [int(v) for v in text[len(prefix) + 1:-1].split(",")]
    except ValueError:
        return None
    return values if len(values) == count else None


def _direction_vector(direction):
    """(dr, dq) of a HexDir (an Enum whose value has r and q) or of any
    object with r and q."""
    value = direction.value if isinstance(direction, enum.Enum) else direction
    return int(value.r), int(value.q)


def to_text(game, action, module=None):
    """The move text of action; ActionError if it is not an action of the
    game's referee classes (checked by exact type, as the referee does)."""
    module = module or referee_game()
    try:
        if game == TETRESS and type(action) is module.PlaceAction:
            cells = (action.c1, action.c2, action.c3, action.c4)
            return ",".join("%d-%d" % (int(c.r), int(c.c)) for c in cells)
        if game == INFEXION and type(action) is module.SpawnAction:
            return "SPAWN(%d,%d)" % (int(action.cell.r), int(action.cell.q))
        if game == INFEXION and type(action) is module.SpreadAction:
            dr, dq = _direction_vector(action.direction)
            return "SPREAD(%d,%d,%d,%d)" % (
                int(action.cell.r), int(action.cell.q), dr, dq)
    except (AttributeError, TypeError, ValueError) as e:
        raise ActionError("malformed action %r: %s" % (action, e))
    raise ActionError("%r is not an action of referee.game for %s"
                      % (action, game))


def _tetress_action(text, module):
    cells = []
    body = text.replace(" ", "")
    if body.upper().startswith("PLACE(") and body.endswith(")"):
        body = body[len("PLACE("):-1]
    for cell in body.split(","):
        r, sep, c = cell.partition("-")
        if not sep or not r.isdigit() or not c.isdigit():
            raise ActionError("'%s': not a Tetress move" % text)
        cells.append(module.Coord(int(r), int(c)))
    if len(cells) != 4:
        raise ActionError("'%s': a piece has four cells" % text)
    return module.PlaceAction(*cells)


def from_text(game, text, module=None):
    """The referee's action for a move text of tabula."""
    module = module or referee_game()
    try:
        if game == TETRESS:
            return _tetress_action(text, module)
        spawn = _ints(text, "SPAWN", 2)
        if spawn is not None:
            return module.SpawnAction(module.HexPos(*spawn))
        spread = _ints(text, "SPREAD", 4)
        if spread is not None:
            return module.SpreadAction(module.HexPos(*spread[:2]),
                                       module.HexDir(tuple(spread[2:])))
    except (TypeError, ValueError) as e:
        raise ActionError("'%s': %s" % (text, e))
    raise ActionError("'%s': not an Infexion move" % text)


def color_of_ply(ply, module=None):
    """The colour that makes action number ply (0 first): Red, then
    alternately (neither game passes)."""
    module = module or referee_game()
    return module.PlayerColor.RED if ply % 2 == 0 else module.PlayerColor.BLUE
