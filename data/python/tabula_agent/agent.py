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
        binary = find_binary(self._settings["bin"])
        self._engine = Engine(binary, self._game)
        atexit.register(self._engine.close)

    def action(self, **referee):
        """The engine's move, searched within this move's share of the
        game's CPU."""
        s = self._settings
        left = clock.seconds_left(s["budget"], referee.get("time_remaining"),
                                  self._engine.cpu_seconds())
        go = clock.go_args(self._game, len(self._moves), left, s["level"],
                           s["movetime"], settings.DEFAULT_MOVETIME_MS)
        # Wall-clock deadline: the search's own movetime plus a margin;
        # depth 1 and node-limited levels end long before.
        ms = clock.move_time_ms(self._game, len(self._moves), left,
                                s["movetime"]) or clock.MIN_MOVETIME_MS
        text = self._engine.best_move(self._moves, go, ms / 1000.0 + 5.0)
        if os.environ.get("TABULA_VERBOSE"):
            # Standard error: standard output is the referee's channel.
            print("tabula_agent: ply %d: go %s -> %s; engine CPU %.2f s, "
                  "%.1f s were left" % (len(self._moves), go, text,
                                        self._engine.cpu_seconds(), left),
                  file=sys.stderr)
        return actions.from_text(self._game, text)

    def update(self, color, action, **referee):
        """Every action of the game, the agent's own included (Tetress)."""
        self._moves.append(actions.to_text(self._game, action))

    # Infexion's referee (2023) calls turn where Tetress's calls update.
    turn = update

    def engine_cpu_seconds(self):
        """The engine's CPU so far, for reports."""
        return self._engine.cpu_seconds()
