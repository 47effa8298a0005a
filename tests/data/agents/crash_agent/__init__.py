"""Agents that fail, for tabula's tests of forfeits: Agent raises in its
third action, Illegal plays its first action again (on occupied cells or,
in Infexion, a spawn on its own cell), Wrong returns a string, Printer
prints to standard output and then fails as Agent does, Slow uses too
much CPU, Sleeper takes a minute, Stateful keeps the game in its class."""

from .program import Agent, Illegal, Wrong, Printer, Slow, Sleeper, Stateful

__all__ = ["Agent", "Illegal", "Wrong", "Printer", "Slow", "Sleeper",
           "Stateful"]
