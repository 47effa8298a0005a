"""The Agent class the referee instantiates: one engine per game."""

import atexit
import os
import sys

from . import actions, clock, settings
from .engine import Engine, find_binary


class Agent:
    """tabula's engine as a COMP30024 agent, for Tetress (update) and
    Infexion (turn)."""

    def __init__(self, color, **referee):
        self._color = color
        self._game = actions.detect_game()
        self._settings = settings.load()
        self._moves = []
        self._told_spent = False
        binary = find_binary(self._settings["bin"])
        self._engine = Engine(binary, self._game)
        atexit.register(self._engine.close)

    def action(self, **referee):
        """The engine's move, searched within this move's share of the
        game's CPU."""
        s = self._settings
        left = clock.seconds_left(s["budget"], referee.get("time_remaining"),
                                  self._engine.cpu_seconds())
        # CPU, as the referee counts the students' agents: the engine is
        # stopped at its share of CPU when its CPU can be read.
        by_cpu = self._engine.own_cpu_seconds() is not None
        go, cpu_ms = clock.go_args(self._game, len(self._moves), left,
                                   s["level"], s["movetime"],
                                   settings.DEFAULT_MOVETIME_MS, by_cpu)
        if cpu_ms is None:
            self._say_spent(s["budget"])
        # Wall-clock deadline: past the search's own movetime, a cap;
        # depth 1 and node-limited levels end long before.
        cap = clock.wall_cap_ms(cpu_ms or clock.MIN_MOVETIME_MS)
        text = self._engine.best_move(self._moves, go, cap / 1000.0 + 5.0,
                                      cpu_ms if by_cpu else None)
        if os.environ.get("TABULA_VERBOSE"):
            # Standard error: standard output is the referee's channel.
            stop = (" (stopped at %d ms of CPU)" % cpu_ms
                    if by_cpu and cpu_ms is not None else "")
            print("tabula_agent: ply %d: go %s%s -> %s; engine CPU %.2f s, "
                  "%.1f s were left" % (len(self._moves), go, stop, text,
                                        self._engine.cpu_seconds(), left),
                  file=sys.stderr)
        return actions.from_text(self._game, text)

    def _say_spent(self, budget):
        """Says once, on standard error (standard output is the
        referee's channel), that the budget is spent: from here on the
        engine searches to depth 1."""
        if self._told_spent:
            return
        self._told_spent = True
        print("tabula_agent: no CPU left of the game's budget (%g s): depth "
              "1 from move %d on" % (budget, len(self._moves) + 1),
              file=sys.stderr)

    def update(self, color, action, **referee):
        """Every action of the game, the agent's own included (Tetress)."""
        self._moves.append(actions.to_text(self._game, action))

    # Infexion's referee (2023) calls turn where Tetress's calls update.
    turn = update

    def engine_cpu_seconds(self):
        """The engine's CPU so far, for reports."""
        return self._engine.cpu_seconds()
