#!/usr/bin/env python3
"""Measures how steady the engine's scores are (issue 39, item 1) and how
fast it finishes won games (item 5), through `tabula engine`.

  steady-scores.py depths GAME [--max-depth N] [--seed S] [--tabula PATH]
      the score of `go depth 1..N` from the start position (a fresh table
      for each depth), and the mean absolute change from one depth to the
      next (the odd/even sawtooth), beside the change between depths of
      the same parity.

  steady-scores.py selfplay GAME [--games K] [--nodes N] [--seed S]
                   [--openings PLIES] [--decided CP] [--tabula PATH]
      K engine-against-engine games at N nodes a move (node limits keep
      the results independent of the machine's load), each opened by
      PLIES random moves drawn from seed S + game (TZAAR: also the set-up
      seed S + game).  Every position's score (from the search that plays
      its move, i.e. a review at the same budget) is turned to the first
      player's view; printed are the pooled lag-1 correlation of the
      ply-to-ply score changes (0 for a forecast that means what it says),
      the plies each game lasted after its score first reached CP (a
      decided game), and those after a mate score was first shown.

  steady-scores.py parity GAME [--games K] [--nodes N] [--max-depth D]
                   [--every P] [--seed S] [--tabula PATH]
      plays the same games and searches every P-th position of each to
      depths 1..D (a fresh table each time): the mean signed change of
      the score from depth d to d + 1, from the side to move's view.  A
      tempo that is right for the game makes both parities' means near 0;
      a side to move's score that grows with odd depths and falls with
      even ones (or the reverse) is the bias of whoever moved last.

Scores are in the protocol's cp (100 = 1.00 game unit); the correlation
takes a game's scores up to its first mate score, clipped to +-CP.  Deterministic for a given binary.
"""
import argparse
import random
import subprocess
import sys

CLIP = 3000


class Engine:
    def __init__(self, path, game):
        self.p = subprocess.Popen([path, "engine"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True,
                                  bufsize=1)
        self.send("setoption name Game value " + game)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def ask(self, line, prefix):
        self.send(line)
        while True:
            out = self.p.stdout.readline()
            if out == "":
                sys.exit("engine died after: " + line)
            if out.startswith("info string error"):
                sys.exit("engine: " + out.strip() + " after: " + line)
            if out.startswith(prefix):
                return out.split()

    def go(self, limits):
        """(best move, score in cp or None, mate plies or None)."""
        self.send("go " + limits)
        score = mate = None
        while True:
            out = self.p.stdout.readline()
            if out == "":
                sys.exit("engine died during go " + limits)
            w = out.split()
            if w and w[0] == "bestmove":
                return w[1], score, mate
            if w and w[0] == "info" and "score" in w and (
                    "multipv" not in w or w[w.index("multipv") + 1] == "1"):
                i = w.index("score")
                if w[i + 1] == "cp":
                    score, mate = int(w[i + 2]), None
                else:
                    mate = int(w[i + 2])
                    score = CLIP if mate > 0 else -CLIP

    def close(self):
        self.send("quit")
        self.p.wait()


def cmd_depths(a):
    e = Engine(a.tabula, a.game)
    if a.seed:
        e.send("setoption name Seed value %d" % a.seed)
    scores = []
    for d in range(1, a.max_depth + 1):
        e.send("ucinewgame")
        e.send("position startpos")
        _, s, _ = e.go("depth %d" % d)
        scores.append(s)
        print("%s depth %d score %+.2f" % (a.game, d, s / 100), flush=True)
    e.close()
    step = [abs(scores[i + 1] - scores[i]) for i in range(len(scores) - 1)]
    same = [abs(scores[i + 2] - scores[i]) for i in range(len(scores) - 2)]
    print("%s mean |change| next depth %.2f, same parity %.2f" %
          (a.game, mean(step) / 100, mean(same) / 100))


def mean(xs):
    return sum(xs) / len(xs) if xs else 0.0


def lag1(series_list):
    """Pooled lag-1 correlation of consecutive changes."""
    pairs = []
    for s in series_list:
        d = [s[i + 1] - s[i] for i in range(len(s) - 1)]
        pairs += [(d[i], d[i + 1]) for i in range(len(d) - 1)]
    if not pairs:
        return 0.0
    mx = mean([x for x, _ in pairs])
    my = mean([y for _, y in pairs])
    sxy = sum((x - mx) * (y - my) for x, y in pairs)
    sxx = sum((x - mx) ** 2 for x, _ in pairs)
    syy = sum((y - my) ** 2 for _, y in pairs)
    return sxy / (sxx * syy) ** 0.5 if sxx > 0 and syy > 0 else 0.0


def depth_scores(a, e):
    """Scores of go depth 1..max_depth of the engine's position."""
    fen = e.ask("d", "fen")[1:]
    scores = []
    for d in range(1, a.max_depth + 1):
        e.send("ucinewgame")
        e.send("position fen " + " ".join(fen))
        _, s, m = e.go("depth %d" % d)
        if m is not None:
            return None
        scores.append(s)
    return scores


def play_game(a, k, probes=None):
    e = Engine(a.tabula, a.game)
    if a.game == "tzaar":
        e.send("setoption name Seed value %d" % (a.seed + k))
    e.send("ucinewgame")
    e.send("position startpos")
    rng = random.Random(a.seed + k)
    series, decided, mated, ply = [], None, None, 0
    sides = []  # the side to move (1 = first player) at each scored ply
    while e.ask("query gameover", "response")[1] == "false":
        p1 = e.ask("query p1turn", "response")[1] == "true"
        if ply < a.openings:
            moves = e.ask("moves", "moves")[2:]
            move = rng.choice(moves)
        else:
            if probes is not None and ply % a.every == 0:
                fen = e.ask("d", "fen")[1:]
                got = depth_scores(a, e)
                if got is not None:
                    probes.append(got)
                e.send("ucinewgame")
                e.send("position fen " + " ".join(fen))
            move, s, m = e.go("nodes %d" % a.nodes)
            s = s if p1 else -s
            if mated is None and m is not None:
                mated = ply
            if mated is None:
                series.append(max(-a.decided, min(a.decided, s)))
                sides.append(1 if p1 else -1)
            if decided is None and abs(s) >= a.decided:
                decided = ply
        e.send("play " + move)
        ply += 1
    result = e.ask("query result", "response")[1]
    e.close()
    return (series, sides), decided, mated, ply, result


def cmd_selfplay(a):
    series_list, after_decided, after_mate = [], [], []
    drift = {True: [], False: []}
    for k in range(a.games):
        (s, sides), decided, mated, plies, result = play_game(a, k)
        series_list.append(s)
        for i in range(len(s) - 1):
            # A change from the view of the side that moved: 0 on average
            # when the evaluation is fair to the side to move.
            drift[sides[i] == sides[i + 1]].append(
                (s[i + 1] - s[i]) * sides[i])
        if decided is not None:
            after_decided.append(plies - decided)
        if mated is not None:
            after_mate.append(plies - mated)
        print("%s game %d: %d plies, %s, decided at %s, mate shown at %s,"
              " lag-1 %.2f" % (a.game, k, plies, result, decided, mated,
                               lag1([s])), flush=True)
    print("%s %d games, nodes %d: lag-1 correlation %.2f; plies after"
          " |score| >= %.2f: mean %.1f (%s); after a mate score: mean %.1f"
          " (%s)" % (a.game, a.games, a.nodes, lag1(series_list),
                     a.decided / 100, mean(after_decided),
                     " ".join(map(str, after_decided)), mean(after_mate),
                     " ".join(map(str, after_mate))))
    print("%s mean change from the mover's view: %+.2f after a turn (%d),"
          " %+.2f after a first sub-move (%d)" %
          (a.game, mean(drift[False]) / 100, len(drift[False]),
           mean(drift[True]) / 100, len(drift[True])))


def cmd_parity(a):
    probes = []
    for k in range(a.games):
        play_game(a, k, probes)
    print("%s parity over %d positions (%d games, nodes %d, every %d):" %
          (a.game, len(probes), a.games, a.nodes, a.every))
    for d in range(1, a.max_depth):
        ch = [p[d] - p[d - 1] for p in probes]
        print("  depth %d -> %d: mean change %+.2f, mean |change| %.2f" %
              (d, d + 1, mean(ch) / 100, mean([abs(c) for c in ch]) / 100))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=["depths", "selfplay", "parity"])
    ap.add_argument("game", choices=["tetress", "infexion", "tzaar"])
    ap.add_argument("--tabula", default="src/tabula")
    ap.add_argument("--max-depth", type=int, default=4)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--nodes", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--openings", type=int, default=4)
    ap.add_argument("--every", type=int, default=5)
    ap.add_argument("--decided", type=int, default=1000)
    a = ap.parse_args()
    {"depths": cmd_depths, "selfplay": cmd_selfplay,
     "parity": cmd_parity}[a.what](a)


if __name__ == "__main__":
    main()
