"""A random COMP30024 agent for tabula's tests, written to the course's
agent interface.  The legal moves come from `tabula engine` ($TABULA, the
program under test), which is the rules, not the player: the choice is
uniform, from a seed in $AGENT_SEED (default 1)."""

from .program import Agent

__all__ = ["Agent"]
