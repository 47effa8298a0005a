#!/usr/bin/env python3
"""Makes tests/data/tetris/: seeded piece streams and move files, and the
scores an independent scorer gives them (scores.txt), which check_tetris.c
compares with tabula's scorer.

usage: tetris-make-data.py ORACLE_SCORER TABULA OUTDIR

ORACLE_SCORER is a build of an independent implementation of the challenge's
scorer taking `[-s] [-v] INPUT OUTPUT` (-s: the text rule); TABULA supplies
the strategy's own output as one of the move files.  Run once; the files are
committed, so the tests need neither program."""
import os
import re
import subprocess
import sys

MASK = (1 << 64) - 1
WIDTHS = [[2, 1, 3, 2, 2, 3, 3], [2, 4, 2, 3, 3, 2, 2]] * 2


def splitmix(seed):
    state = seed
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield (z ^ (z >> 31)) >> 56


def main():
    oracle, tabula, out = sys.argv[1:4]
    g = splitmix(424242)
    pieces = bytes(next(g) for _ in range(2048))
    moves = []
    for p in pieces:
        r = next(g) % 4
        moves.append(r * 16 + next(g) % (11 - WIDTHS[r][p % 7]))
    wild = bytes((next(g) % 4) * 16 + next(g) % 16 for _ in pieces)
    files = {"in-2k.bin": pieces, "out-random.bin": bytes(moves),
             "out-wild.bin": wild}
    for name, data in files.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    for rules in ("text", "reference"):
        subprocess.run([tabula, "tetris", "--rules", rules,
                        os.path.join(out, "in-2k.bin"),
                        os.path.join(out, "out-strategy-%s.bin" % rules)],
                       check=True)
    lines = []
    for name in ("out-random.bin", "out-wild.bin", "out-strategy-text.bin",
                 "out-strategy-reference.bin"):
        for rules in ("text", "reference"):
            if name == "out-wild.bin" and rules == "text":
                continue  # invalid columns: the text rule rejects them
            args = [oracle] + (["-s"] if rules == "text" else []) + \
                ["-v", os.path.join(out, "in-2k.bin"), os.path.join(out, name)]
            res = subprocess.run(args, capture_output=True, text=True,
                                 check=True)
            m = re.search(r"n=1:(\d+) n=2:(\d+) n=3:(\d+) n=4:(\d+).*"
                          r"resets (\d+)", res.stderr)
            lines.append(" ".join([name, rules, res.stdout.strip()] +
                                  list(m.groups())))
    with open(os.path.join(out, "scores.txt"), "w") as f:
        f.write("# move-file rules score clears1 clears2 clears3 clears4 "
                "resets (input in-2k.bin)\n")
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
