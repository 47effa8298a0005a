"""Unit checks of tabula_agent (run by tests/agent.test with the package
on PYTHONPATH): move texts to the referee's classes and back through the
stand-in, the stand-in's str() forms, the time policy and the settings."""

import os
import sys
import tempfile

from tabula_agent import actions, clock, settings, standin
from tabula_agent.engine import Engine, EngineError

passed = 0
failed = 0


def check(name, got, want):
    global passed, failed
    if got == want:
        passed += 1
    else:
        failed += 1
        print("FAIL: %s: got %r, want %r" % (name, got, want))


def raises(name, fn, kind):
    global passed, failed
    try:
        fn()
    except kind:
        passed += 1
        return
    failed += 1
    print("FAIL: %s: no %s" % (name, kind.__name__))


def tetress():
    standin.install("tetress")
    import referee.game as g
    check("detect tetress", actions.detect_game(g), "tetress")
    a = actions.from_text("tetress", "6-3,7-2,7-3,7-4")
    check("PlaceAction type", type(a), g.PlaceAction)
    check("PLACE str", str(a), "PLACE(6-3, 7-2, 7-3, 7-4)")
    check("place back", actions.to_text("tetress", a), "6-3,7-2,7-3,7-4")
    b = actions.from_text("tetress", "PLACE(0-10, 0-0, 1-0, 10-0)")
    check("referee form read", actions.to_text("tetress", b),
          "0-10,0-0,1-0,10-0")
    check("wrapping", g.Coord(0, 10) + g.Direction.Right, g.Coord(0, 0))
    check("Direction str", str(g.Direction.Down), "[\u2193]")
    check("colour str", str(g.PlayerColor.BLUE), "BLUE")
    check("opponent", g.PlayerColor.RED.opponent, g.PlayerColor.BLUE)
    check("colour of ply 3", actions.color_of_ply(3), g.PlayerColor.BLUE)
    raises("off the board", lambda: g.Coord(11, 0), ValueError)
    raises("three cells", lambda: actions.from_text("tetress", "0-0,0-1,0-2"),
           actions.ActionError)
    raises("a string is no action",
           lambda: actions.to_text("tetress", "PLACE(0-0, 0-1, 0-2, 0-3)"),
           actions.ActionError)


def infexion():
    standin.install("infexion")
    import referee.game as g
    check("detect infexion", actions.detect_game(g), "infexion")
    s = actions.from_text("infexion", "SPAWN(3,4)")
    check("SpawnAction", s, g.SpawnAction(g.HexPos(3, 4)))
    check("SPAWN str", str(s), "SPAWN(3, 4)")
    check("spawn back", actions.to_text("infexion", s), "SPAWN(3,4)")
    p = actions.from_text("infexion", "SPREAD(3, 4, 1, -1)")
    check("SPREAD str", str(p), "SPREAD(3, 4, 1, -1)")
    check("spread direction", p.direction, g.HexDir.Up)
    check("HexDir str", str(p.direction), "[\u2191]")
    check("HexPos str", str(p.cell), "3-4")
    check("spread back", actions.to_text("infexion", p), "SPREAD(3,4,1,-1)")
    check("hex wrapping", g.HexPos(6, 0) + g.HexDir.UpRight, g.HexPos(0, 0))
    raises("not a unit direction",
           lambda: actions.from_text("infexion", "SPREAD(3,4,2,0)"),
           actions.ActionError)
    raises("not a move", lambda: actions.from_text("infexion", "PASS"),
           actions.ActionError)


def time_policy():
    check("nothing left: depth 1",
          clock.go_args("tetress", 0, 0.0, None, None, 1000),
          ("depth 1", None))
    check("a thirtieth of what is left",
          clock.move_time_ms("tetress", 0, 90.0, None), 3000)
    check("the wish below the share",
          clock.move_time_ms("tetress", 0, 90.0, 100), 100)
    check("the last move takes all", clock.move_time_ms("tetress", 149, 9.0,
                                                         None), 9000)
    check("at least 10 ms", clock.move_time_ms("infexion", 0, 0.05, None), 10)
    check("a level under the share",
          clock.go_args("infexion", 10, 90.0, 4, None, 1000),
          ("movetime 3000 level 4", 3000))
    # CPU: the engine is stopped at 1000 ms of it; the movetime is a
    # wall-clock cap a loaded machine may need (it got 0.11-0.45 s of CPU
    # from a wall-clock second).
    check("CPU: the movetime is only a cap",
          clock.go_args("tetress", 0, 90.0, None, None, 1000, True),
          ("movetime 5000", 1000))
    # A small budget keeps a tenth for the agent, not 3 s: TABULA_BUDGET=3
    # searched to depth 1 on every move.
    check("a small budget's reserve", round(clock.reserve_s(3.0), 6), 0.3)
    check("the usual reserve", clock.reserve_s(180.0), 3.0)
    small = clock.seconds_left(3.0, None, 0.0)
    check("a budget of 3 s searches", clock.move_time_ms("tetress", 0, small,
                                                         None) > 10, True)
    left = clock.seconds_left(180.0, 20.0, 5.0)
    check("time_remaining bounds the budget", 11.0 <= left <= 12.0, True)


def options():
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "options.txt"), "w") as f:
            f.write("# comment\nlevel = 4\nmovetime=250\n")
        for key in settings.KEYS:
            os.environ.pop("TABULA_" + key.upper(), None)
        got = settings.load(d)
        check("options file", (got["level"], got["movetime"], got["budget"]),
              (4, 250, 180.0))
        os.environ["TABULA_LEVEL"] = "7"
        check("environment first", settings.load(d)["level"], 7)
        os.environ["TABULA_LEVEL"] = "11"
        raises("level out of range", lambda: settings.load(d),
               settings.SettingsError)
        del os.environ["TABULA_LEVEL"]
        with open(os.path.join(d, "options.txt"), "w") as f:
            f.write("speed = 3\n")
        raises("unknown key", lambda: settings.load(d), settings.SettingsError)


def engine():
    """The engine under test ($TABULA): a move, and a refused position
    raised, not searched as another."""
    e = Engine(os.environ["TABULA"], "tetress")
    try:
        move = e.best_move(["0-0,0-1,0-2,0-3"], "depth 1", 30)
        check("engine move is a piece", len(move.split(",")), 4)
        raises("refused position",
               lambda: e.best_move(["0-0,0-1,0-2,0-3"] * 2, "depth 1", 30),
               EngineError)
        check("engine CPU counted", e.cpu_seconds() >= 0.0, True)
        # Stopped at 300 ms of the engine's own CPU, long before its
        # movetime (a wall-clock cap of 60 s).
        before = e.own_cpu_seconds()
        move = e.best_move([], "movetime 60000", 30, cpu_ms=300)
        used = e.own_cpu_seconds() - before
        check("stopped by CPU", 0.25 <= used < 5.0 and len(move) > 0, True)
    finally:
        e.close()


def spent():
    """A spent budget is said once, on standard error."""
    import io
    from tabula_agent.agent import Agent
    a = Agent.__new__(Agent)
    a._told_spent, a._moves = False, ["0-0,0-1,0-2,0-3"]
    err, sys.stderr = sys.stderr, io.StringIO()
    try:
        a._say_spent(3.0)
        a._say_spent(3.0)
        said = sys.stderr.getvalue()
    finally:
        sys.stderr = err
    check("spent: said once", said,
          "tabula_agent: no CPU left of the game's budget (3 s): depth 1 "
          "from move 2 on\n")


tetress()
infexion()
time_policy()
options()
engine()
spent()
print("agent units: %d passed" % passed if not failed
      else "agent units: %d failed" % failed)
sys.exit(1 if failed else 0)
