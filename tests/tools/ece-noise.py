#!/usr/bin/env python3
# The calibration error a perfect forecast shows on the positions of G
# games (NEWS, "Win chance and reviews"; not a test).  Usage:
#   tests/tools/ece-noise.py [PLIES]
# Expected calibration error (10 bins) of a perfectly calibrated forecast,
# measured on the positions of G games of T plies each: every game is a
# random walk, the forecast at ply t is the exact chance that the walk
# ends above 0, and the result is where it ends.  Sampling noise alone.
import math, random, sys
def phi(x): return 0.5 * (1 + math.erf(x / math.sqrt(2)))
def ece(samples, bins=10):
    tot = [0]*bins; pred = [0.0]*bins; res = [0.0]*bins
    for p, r in samples:
        b = min(bins-1, int(p*bins)); tot[b] += 1; pred[b] += p; res[b] += r
    n = len(samples)
    return 100*sum(abs(pred[b]-res[b]) for b in range(bins) if tot[b]) / n
rng = random.Random(1)
T = int(sys.argv[1]) if len(sys.argv) > 1 else 100
for G in (3, 5, 10, 20, 40, 80):
    e = []
    for trial in range(200):
        s = []
        for g in range(G):
            x = 0.0; traj = []
            for t in range(T):
                traj.append(phi(x / math.sqrt(T - t)))
                x += rng.gauss(0, 1)
            r = 1.0 if x > 0 else 0.0
            # both sides' views, as the review samples the side to move
            s += [(p, r) if t % 2 == 0 else (1-p, 1-r) for t, p in enumerate(traj)]
        e.append(ece(s))
    e.sort()
    print(f"games {G:3d} plies {T}: mean ece {sum(e)/len(e):5.1f}  median {e[len(e)//2]:5.1f}  90% {e[int(.9*len(e))]:5.1f}")
