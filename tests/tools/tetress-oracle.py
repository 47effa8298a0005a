#!/usr/bin/env python3
"""Converts the Tetress oracle (JSON lines from the course referee) into the
plain line format tests/check_tetress.c reads, so the C tests need no JSON
parser.  Run once when the oracle changes:

    tests/tools/tetress-oracle.py ORACLE_DIR tests/data/tetress

Output format (one record per line, words separated by tabs):
    game <name> <result RED|BLUE|DRAW|none> <end turn_limit|blocked|none>
    move <text> <legal count before> <cells cleared> <red tokens> <blue tokens>
    after <legal count after the last move>          (corner cases only)
    probe <action text> <legal|illegal>              (corner cases only)
    final <board rows>
    perft <name> <depth> <leaves>                   (perft.txt; moves precede it)
"""
import ast
import json
import sys


def game_lines(name, g):
    out = [f"game\t{name}\t{g.get('result') or 'none'}\t{g.get('end') or 'none'}"]
    for i, move in enumerate(g["actions"]):
        red, blue = g["tokens"][i]
        out.append(f"move\t{move}\t{g['legal_counts'][i]}\t{g['cleared'][i]}\t{red}\t{blue}")
    if "legal_count_after" in g:
        out.append(f"after\t{g['legal_count_after']}")
    probes = g.get("probes") or []
    if isinstance(probes, str):
        probes = ast.literal_eval(probes)
    for p in probes:
        out.append(f"probe\t{p['action']}\t{'legal' if p['legal'] else 'illegal'}")
    out.append(f"final\t{g['final_board']}")
    return out


def main(src, dst):
    with open(f"{src}/public.jsonl") as f, open(f"{dst}/games.txt", "w") as o:
        for line in f:
            g = json.loads(line)
            o.write("\n".join(game_lines(f"seed{g['seed']}", g)) + "\n")
    with open(f"{src}/corner_cases.jsonl") as f, open(f"{dst}/corner.txt", "w") as o:
        for line in f:
            g = json.loads(line)
            o.write("\n".join(game_lines(g["name"], g)) + "\n")
    perft = json.load(open(f"{src}/perft.json"))
    with open(f"{dst}/perft.txt", "w") as o:
        for p in [perft["initial"]] + perft["positions"]:
            o.write(f"game\t{p['name']}\tnone\tnone\n")
            for move in p["actions"]:
                o.write(f"move\t{move}\t-1\t-1\t-1\t-1\n")
            for d in p["perft"]:
                o.write(f"perft\t{p['name']}\t{d['depth']}\t{d['leaves']}\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
