"""Benchmark: publishing a month of daily puzzles for orchard and grove.

    python3 bench/publish.py [--from 2027-03-01] [--days 31] [--jobs N]

Publishes into a temporary archive (the real one is not touched) with
``pnp.puzzles.daily.publish`` on ``--jobs`` processes (default: every core)
and prints the time per game, per puzzle, and the share of puzzles whose best
score is proven.
"""
from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    from pnp.games import find_game
    from pnp.puzzles import daily

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from", dest="start", default="2027-03-01")
    ap.add_argument("--days", type=int, default=31)
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--games", default="orchard,grove")
    args = ap.parse_args()
    start = daily.parse_date(args.start)
    days = [start + dt.timedelta(days=i) for i in range(args.days)]
    total = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for game_id in args.games.split(","):
            game = find_game(game_id)
            t = time.perf_counter()
            pubs = list(daily.publish(game, days, Path(tmp), jobs=args.jobs))
            secs = time.perf_counter() - t
            total += secs
            ps = [p.puzzle for p in pubs]
            levels = [p.difficulty for p in ps]
            print(f"{game_id:8} {len(ps)} puzzles in {secs:6.1f} s ({secs / len(ps):4.1f} s each, wall); "
                  f"proven {sum(p.proven for p in ps)}/{len(ps)}; median best {statistics.median(p.best for p in ps)}, "
                  f"median target {statistics.median(p.target for p in ps)}; "
                  f"difficulty mean {statistics.mean(levels):.1f}"
                  + (f"; highest candidate index {max(p.candidate for p in ps)}" if game_id == "grove" else ""))
    print(f"both games: {total:.1f} s for {args.days} days")


if __name__ == "__main__":
    main()
