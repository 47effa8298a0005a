"""How long the engine may think for one move.

The referee counts only the agent's own CPU in time_remaining; the engine's
runs in another process.  So what is left for the game is the smaller of
the referee's time_remaining and the budget less the agent's own CPU,
less the engine's CPU so far, less a reserve for the agent's own work.
That is shared out over the moves the agent may still have to make,
counted to the game's turn limit but at most SPREAD_MOVES, so that early
moves do not starve (games rarely last to the limit).  The reserve is a
tenth of a small budget, so that a budget of a few seconds still buys
searches.  Once nothing is left the engine searches to depth 1, which is
the cheapest legal move it knows and costs milliseconds.

A move's time is CPU, as the referee counts the students' agents': the
engine is stopped once its own CPU reaches the share (engine.py), and its
movetime is only a wall-clock cap, WALL_FACTOR times that and a second,
so that a loaded machine does not cut the engine's thinking short (with a
wall-clock movetime of 1000 ms it got 0.11 to 0.45 s of CPU).
"""

import time

TURN_LIMITS = {"tetress": 150, "infexion": 343}
SPREAD_MOVES = 30
RESERVE_S = 3.0
RESERVE_SHARE = 0.1
MIN_MOVETIME_MS = 10
WALL_FACTOR = 4
WALL_SLACK_MS = 1000


def reserve_s(budget):
    """CPU kept for the agent's own work: 3 s, or a tenth of a small
    budget (a fixed 3 s left a budget of 3 s nothing: depth 1 every
    move)."""
    return min(RESERVE_S, RESERVE_SHARE * budget)


def seconds_left(budget, time_remaining, engine_cpu):
    """CPU seconds the game has left for the engine."""
    left = budget - time.process_time()
    if time_remaining is not None:
        left = min(left, float(time_remaining))
    return left - engine_cpu - reserve_s(budget)


def wall_cap_ms(cpu_ms):
    """The engine's movetime for a search of cpu_ms of CPU: a cap that a
    loaded machine reaches long after the CPU stop comes."""
    return cpu_ms * WALL_FACTOR + WALL_SLACK_MS


def move_time_ms(game, ply, left_s, wanted_ms):
    """Milliseconds for the move at ply: wanted_ms (None: no wish) capped
    by the share of left_s; 0 when nothing is left (search to depth 1)."""
    if left_s <= 0:
        return 0
    own_moves_left = max(1, (TURN_LIMITS.get(game, 150) - ply + 1) // 2)
    share_ms = int(1000 * left_s / min(own_moves_left, SPREAD_MOVES))
    if wanted_ms is not None:
        share_ms = min(share_ms, wanted_ms)
    return max(MIN_MOVETIME_MS, share_ms)


def go_args(game, ply, left_s, level, movetime_ms, default_ms, cpu=False):
    """The words after `go` for the move at ply, and the CPU milliseconds
    it may take (None: depth 1).  With cpu, the caller stops the engine
    at that CPU and the movetime is only the wall-clock cap."""
    wanted = movetime_ms
    if wanted is None and level is None:
        wanted = default_ms
    ms = move_time_ms(game, ply, left_s, wanted)
    if ms == 0:
        return "depth 1", None
    wall = wall_cap_ms(ms) if cpu else ms
    if level is not None:
        # The level's node limit, the time share as a cap; level_limits
        # leaves a movetime given before it.
        return "movetime %d level %d" % (wall, level), ms
    return "movetime %d" % wall, ms
