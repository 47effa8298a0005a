#!/usr/bin/env python3
"""Convert the TZAAR oracle data (JSON) into the plain text files the Check
suite reads, so the tests need no JSON parser and never read the oracle
folder itself.

usage: tzaar-oracle.py ORACLE_DIR OUT_DIR

Writes, one record per line, fields separated by tabs:
  public.txt          setup, moves (space separated), legal counts (space
                      separated), result (WHITE/BLACK), reason, final board
  perft-positions.txt board, side, phase, perft 1..3 (space separated)
  perft-standard.txt  "perft DEPTH COUNT" lines, then
                      "opening MOVE BLACK_CAPTURES BLACK_FULL_TURNS" lines
"""
import json
import os
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(src, "public.jsonl")) as f, \
            open(os.path.join(out, "public.txt"), "w") as w:
        for line in f:
            g = json.loads(line)
            assert len(g["moves"]) == len(g["legal_counts"]) == g["plies"]
            w.write("\t".join([
                g["setup"], " ".join(g["moves"]),
                " ".join(str(c) for c in g["legal_counts"]),
                g["result"], g["reason"], g["final_board"]]) + "\n")
    with open(os.path.join(src, "perft_positions.jsonl")) as f, \
            open(os.path.join(out, "perft-positions.txt"), "w") as w:
        for line in f:
            p = json.loads(line)
            w.write("\t".join([p["board"], p["side"], p["phase"],
                               " ".join(str(c) for c in p["perft"])]) + "\n")
    with open(os.path.join(src, "perft_standard.json")) as f, \
            open(os.path.join(out, "perft-standard.txt"), "w") as w:
        p = json.load(f)
        for depth, count in sorted(p["perft"].items(), key=lambda x: int(x[0])):
            w.write(f"perft {depth} {count}\n")
        for o in p["black_full_turns_after_each_opening"]:
            w.write(f"opening {o['white_opening']} {o['black_captures']} "
                    f"{o['black_full_turns']}\n")


if __name__ == "__main__":
    main()
