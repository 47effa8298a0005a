"""tabula as an agent for the COMP30024 referee (Tetress 2024, Infexion 2023).

`python -m referee tabula_agent their_agent` plays tabula's engine against a
student's agent.  The package starts `tabula engine` on a pipe of its own,
never writes to its own standard output (the referee's channel), keeps a
tally of the engine's CPU, which the referee does not count, and spends from
`time_remaining` so that the game stays inside the course's 180 s.  Settings
and the time policy: "Playing the course's referee" in tabula(6).
"""

from .agent import Agent

__all__ = ["Agent"]
