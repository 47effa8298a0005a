#!/usr/bin/env python3
"""The TZAAR games of a match against Pavel Vesely's program (the JSON
lines its match driver writes, one game a line) as tabula records, one
file a game, for `tabula review-bench` and `tabula tune winchance`:
calibration on games of another program.  Not a test.

    tests/tools/vesely-records.py OUTDIR GAMES.jsonl...
"""
import json
import os
import sys

RESULTS = {"p1win": "1-0", "p2win": "0-1"}


def record(game):
    """One game's record text: the seeded set-up, players, result and
    sub-moves (a turn's sub-moves on one line, as tabula writes them)."""
    tabula_white = game["tabula_colour"] == "white"
    lines = ["# tabula record 1", '[Game "tzaar"]']
    seed = int(game["seed"])
    if seed:
        lines += ['[Setup "random"]', '[Seed "%d"]' % seed]
    else:
        lines.append('[Setup "standard"]')
    vesely = "vesely-ai%s" % game.get("vesely_ai", 42)
    white, black = ("tabula", vesely) if tabula_white else (vesely, "tabula")
    lines += ['[Player1 "%s"]' % white, '[Player2 "%s"]' % black]
    lines.append('[Result "%s"]' % RESULTS.get(game["result"], "*"))
    lines.append("")
    moves = game["submoves"]
    # White's first turn is one sub-move, every later turn two.
    turns = [moves[:1]] + [moves[i:i + 2] for i in range(1, len(moves), 2)]
    lines += ["%d. %s" % (n + 1, " ".join(t)) for n, t in enumerate(turns)]
    lines.append(RESULTS.get(game["result"], "*"))
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: vesely-records.py OUTDIR GAMES.jsonl...")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    n = 0
    for path in sys.argv[2:]:
        with open(path) as f:
            for line in f:
                if not line.strip():
                    continue
                n += 1
                name = os.path.join(out, "%04d.rec" % n)
                with open(name, "w") as rec:
                    rec.write(record(json.loads(line)))
    print("wrote %d records to %s" % (n, out))


if __name__ == "__main__":
    main()
