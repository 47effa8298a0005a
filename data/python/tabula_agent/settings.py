"""The agent's settings: environment variables over the package's options
file, over the defaults ("Playing the course's referee" in tabula(6)).

    TABULA_BIN       the tabula program (default: tabula on PATH)
    TABULA_LEVEL     a strength level, 1 to 10
    TABULA_MOVETIME  milliseconds of the engine's CPU a move
    TABULA_BUDGET    CPU seconds a game for agent and engine (default 180)

The options file is options.txt in the package's directory, lines
`level = 3`, `movetime = 500`, `bin = /path/to/tabula`, `budget = 180`;
`#` starts a comment.  Without a level or a movetime the engine searches up
to DEFAULT_MOVETIME_MS of CPU a move.  The time policy caps either.
"""

import os

DEFAULT_MOVETIME_MS = 1000
DEFAULT_BUDGET_S = 180.0
KEYS = ("bin", "level", "movetime", "budget")


class SettingsError(ValueError):
    """A setting that is not a number in range."""


def _read_file(path):
    values = {}
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        return values
    for number, line in enumerate(lines, 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition("=")
        key = key.strip().lower()
        if not sep or key not in KEYS:
            raise SettingsError("%s:%d: want one of %s = value"
                                % (path, number, ", ".join(KEYS)))
        values[key] = value.strip()
    return values


def _number(values, key, low, high, kind):
    text = values.get(key)
    if text is None or text == "":
        return None
    try:
        value = kind(text)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise SettingsError("%s=%s: want %s to %s" % (key, text, low, high))
    return value


def load(package_dir=None):
    """The settings as a dict: bin, level, movetime (ms), budget (s)."""
    package_dir = package_dir or os.path.dirname(os.path.abspath(__file__))
    values = _read_file(os.path.join(package_dir, "options.txt"))
    for key in KEYS:
        env = os.environ.get("TABULA_" + key.upper())
        if env:
            values[key] = env
    return {
        "bin": values.get("bin") or None,
        "level": _number(values, "level", 1, 10, int),
        "movetime": _number(values, "movetime", 1, 3600000, int),
        "budget": _number(values, "budget", 1, 3600, float)
        or DEFAULT_BUDGET_S,
    }
