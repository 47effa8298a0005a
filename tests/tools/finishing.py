#!/usr/bin/env python3
"""How long won games drag (NEWS, "Win chance and reviews"; not a test).

Reads reviewed records (`tabula review GAME.rec`) and prints, per game, the
plies from the first position after a match's random opening where
either player's win chance reached THRESHOLD percent (by the game's map, scale SCALE, draw margin 0) or a
forced result was shown, to the end of the game; then the mean.

    tests/tools/finishing.py SCALE THRESHOLD REVIEWED.rec...
"""
import math
import re
import sys

REVIEW = re.compile(r"\{review (#?)([+-]?[0-9.]+)/|\{random opening\}")


def first_decided(path, scale, threshold):
    """(plies from the first decided position to the end, plies in all)"""
    text = open(path, encoding="utf-8").read()
    body = "\n".join(l for l in text.splitlines()
                     if not l.startswith(("[", "#")))
    # Variations hold review-less moves only; the main line's reviews come
    # in order, one per move.
    while re.search(r"\([^()]*\)", body):
        body = re.sub(r"\([^()]*\)", "", body)
    chances = []
    opening = 0  # positions inside the random opening: no one played them
    for m in REVIEW.finditer(body):
        mate, value = m.group(1), m.group(2)
        if value is None:
            opening = len(chances)  # from the position it left
        elif mate:
            chances.append(1.0 if float(value) > 0 else 0.0)
        else:
            score = float(value) * 100
            chances.append(1.0 / (1.0 + math.exp(-score / scale)))
    n = len(chances)
    for ply, c in enumerate(chances):
        if ply < opening:
            continue
        if max(c, 1.0 - c) * 100 >= threshold:
            return n - (ply + 1), n
    return 0, n


def main():
    scale, threshold = float(sys.argv[1]), float(sys.argv[2])
    drags = []
    for path in sys.argv[3:]:
        drag, n = first_decided(path, scale, threshold)
        drags.append(drag)
        print(f"{path}: {n} plies, {drag} after the first position at "
              f"{threshold:g}%")
    if drags:
        print(f"games {len(drags)} mean {sum(drags) / len(drags):.1f} "
              f"plies from {threshold:g}% to the end")


if __name__ == "__main__":
    main()
