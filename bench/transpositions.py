"""Benchmark: would merging positions equal up to translation or a turn help?

    python3 bench/transpositions.py [DEAL ...] [--nodes N]

The solver's transposition table keys a position by its visible layer on
absolute squares (plus hand, draw pile and flags). Issue 5 allows merging
layers that are the same after shifting the orchard or turning it as a whole
(cards may be played in any rotation, so such positions have the same future).
This script runs the exact search on each deal (stopping after about N
positions), puts every position it visits through both keys, and prints how
many distinct positions each key sees. Equal counts mean the wider merge
would find nothing to merge, and cost a canonical form per position.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEALS = ["orchard:4,7,8,3,14", "grove:1,2,3,4,5", "orchard:11,2,17,5,9,14", "orchard:4,7,8,3,14,18,2,10,9"]


def canonical(board: dict, row: int) -> tuple:
    """The layer up to translation and turns: the least of its four turns, each
    shifted so that its top-left corner is (0, 0)."""
    pts = [((p % row, p // row), c) for p, c in board.items()]
    forms = []
    for _ in range(4):
        mx = min(x for (x, _), _ in pts)
        my = min(y for (_, y), _ in pts)
        forms.append(tuple(sorted(((x - mx, y - my), c) for (x, y), c in pts)))
        pts = [((-y, x), c) for (x, y), c in pts]
    return min(forms)


def measure(deal: str, nodes: int) -> tuple[int, int, int, float]:
    from pnp.games import find_game
    from pnp.solver.engine import ROW
    from pnp.solver.search import Searcher

    game = find_game(deal.split(":")[0])
    absolute: set = set()
    merged: set = set()

    class Counting(Searcher):
        def dfs(self, node, cur):
            key = node.key()
            if key not in absolute:
                absolute.add(key)
                merged.add((canonical(node.board, ROW),) + key[1:])
            return super().dfs(node, cur)

    s = Counting(game, game.parse_deal(deal), node_limit=nodes)
    t = time.perf_counter()
    s.run()
    return len(absolute), len(merged), s.nodes, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("deals", nargs="*", default=DEALS)
    ap.add_argument("--nodes", type=int, default=1_500_000, help="stop each search after about N positions")
    args = ap.parse_args()
    print(f"{'deal':34} {'positions':>10} {'distinct':>9} {'merged':>9} {'sec':>6}")
    for deal in args.deals:
        distinct, merged, nodes, secs = measure(deal, args.nodes)
        print(f"{deal:34} {nodes:10,} {distinct:9,} {merged:9,} {secs:6.1f}", flush=True)


if __name__ == "__main__":
    main()
