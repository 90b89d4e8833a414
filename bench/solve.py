"""Benchmark: the exact solver on a fixed, seeded set of nine-card deals.

    python3 bench/solve.py [--time-limit S] [--cores N] [--deals-at-once N]
                           [--only orchard|grove|recipes] [--count N] [--then S]

The set: 20 ``orchard`` deals, 20 ``grove`` deals without recipes and 10
``grove`` recipe challenges, each drawn with the project's own generator from
the seed ``bench:GAME:i`` (so the set is the same on every machine). Each deal
is solved with ``solve(..., time_limit=S, jobs=--cores)`` (default: one deal
at a time on both cores; ``--cores 1 --deals-at-once 2`` runs two one-core
solves side by side, as the benchmark did before the search used both
cores). Printed per deal: best, proven, bound, gap, nodes, seconds; then per
game the median and max seconds, how many were proven, and positions per
second. ``--then S`` solves every deal the limit left open again, from
scratch, with ``S`` seconds (0 = none), and prints per game what the whole
set then takes: how many are proven, median and max seconds (a deal solved
again counts the second run's time alone). That is how far a game is from
the goal in time, where the gap in points says little.

The compiled searches (``pnp/solver/_orchard.c``, ``_grove.c``, recipe
challenges too) are used when they are built; run ``pip install
-e .`` first (the summary says whether they were). With the limit, Grove's
exact search runs as tests from the top (``Searcher.descend``).

Goal (issue 5): every deal proven, median <= 10 s and max <= 60 s per game.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def deals(only: str | None, count: int | None) -> list[tuple[str, str]]:
    from pnp.games import find_game
    from pnp.notation import CardRef, Deal
    from pnp.puzzles.rng import DealRandom

    out = []
    for kind, game_id, n in (("orchard", "orchard", 20), ("grove", "grove", 20), ("recipes", "grove", 10)):
        if only and kind != only:
            continue
        game = find_game(game_id)
        for i in range(count or n):
            ids = DealRandom(f"bench:{kind}:{i}").shuffle(sorted(game.deck.card_ids))
            if kind == "recipes":
                deal = Deal(game_id, tuple(CardRef(c) for c in ids[2:11]), tuple(ids[:2]))
            else:
                deal = Deal(game_id, tuple(CardRef(c) for c in ids[:9]))
            out.append((kind, deal.format()))
    return out


def run(job: tuple[str, str, float]) -> tuple[str, str, dict, float]:
    from pnp.games import find_game
    from pnp.notation import Deal
    from pnp.solver import solve

    kind, text, limit, cores = job
    deal = Deal.parse(text)
    game = find_game(deal.game)
    t = time.perf_counter()
    sol = solve(game, deal, time_limit=limit or None, jobs=cores)
    return kind, text, sol.to_json(), time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per deal (0 = none)")
    ap.add_argument("--cores", type=int, default=2, help="processes per solve")
    ap.add_argument("--deals-at-once", type=int, default=1, help="solves side by side")
    ap.add_argument("--only", choices=("orchard", "grove", "recipes"))
    ap.add_argument("--count", type=int, help="first N deals of each kind")
    ap.add_argument("--then", type=float, metavar="S",
                    help="then solve the deals left open again with S seconds each (0 = none)")
    args = ap.parse_args()
    if args.deals_at_once > 1 and args.cores > 1:
        ap.error("--deals-at-once needs --cores 1 (a pool's workers cannot start processes)")
    jobs = [(k, d, args.time_limit, args.cores) for k, d in deals(args.only, args.count)]
    rows: dict[str, list] = {}  # per kind: (deal, solution's JSON, seconds), in the set's order
    t0 = time.perf_counter()
    print(f"{'deal':48} {'best':>5} {'proven':>6} {'bound':>5} {'gap':>4} {'nodes':>10} {'sec':>7}")
    if args.deals_at_once > 1:
        pool = Pool(args.deals_at_once)
        results = pool.imap(run, jobs)
    else:
        pool, results = None, map(run, jobs)
    try:
        for kind, text, js, wall in results:
            rows.setdefault(kind, []).append((text, js, wall))
            print_row(text, js, wall)
    finally:
        if pool is not None:
            pool.close()
    longer = None  # with --then: `rows` with the deals left open solved again
    if args.then is not None:
        then = f"{args.then:g} s" if args.then else "no limit"
        longer = {kind: list(rs) for kind, rs in rows.items()}
        again = [(kind, i) for kind, rs in rows.items()
                 for i, (_, js, _) in enumerate(rs) if not js["proven"]]
        if again:
            print(f"\nthe {len(again)} left open, again with {then}:")
        for kind, i in again:
            text = rows[kind][i][0]
            _, _, js, wall = run((kind, text, args.then, args.cores))
            longer[kind][i] = (text, js, wall)
            print_row(text, js, wall)
    print()
    from pnp.solver import compiled
    print(f"time limit {args.time_limit:g} s per deal, {args.cores} cores per solve, "
          f"{args.deals_at_once} deals at a time, "
          f"{time.perf_counter() - t0:.0f} s in all; compiled searches: "
          f"{'yes' if compiled.available() else 'NO (not built: pip install -e .)'}")
    for kind, rs in rows.items():
        proven, secs = proven_and_seconds(rs)
        nodes = sum(js["nodes"] for _, js, _ in rs)
        gaps = [js["bound"] - js["score"] for _, js, _ in rs]
        best = statistics.median(js["score"] for _, js, _ in rs)
        print(f"{kind:8} proven {proven}/{len(rs)}  median {statistics.median(secs):6.1f} s  "
              f"max {max(secs):6.1f} s  median best {best:5.1f}  "
              f"median gap {statistics.median(gaps):5.1f}  {nodes / sum(secs):,.0f} positions/s")
    for kind, rs in (longer or {}).items():
        proven, secs = proven_and_seconds(rs)
        print(f"{kind:8} given {then} for those left open: proven {proven}/{len(rs)}  "
              f"median {statistics.median(secs):6.1f} s  max {max(secs):6.1f} s")


def proven_and_seconds(rs: list) -> tuple[int, list[float]]:
    """How many of a kind's rows are proven, and their seconds."""
    return sum(js["proven"] for _, js, _ in rs), [w for _, _, w in rs]


def print_row(text: str, js: dict, wall: float) -> None:
    gap = js["bound"] - js["score"]
    print(f"{text:48} {js['score']:5} {str(js['proven']):>6} {js['bound']:5} {gap:4} "
          f"{js['nodes']:10,} {wall:7.1f}", flush=True)


if __name__ == "__main__":
    main()
