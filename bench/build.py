"""Time the deck stages of ``pnp build`` (print sheets, card SVGs, card PNGs) for every game.

    python3 bench/build.py [--out DIR]

Prints the total and each stage's share. Goal: under 10 s.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from pnp.build import STAGES
from pnp.deck import load_deck

DECK_STAGES = ("card lists", "print sheets", "card svgs", "card pngs")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    t0 = time.perf_counter()
    deck = load_deck()
    times = [("load deck", time.perf_counter() - t0, 0)]
    for name, stage in STAGES:
        if name not in DECK_STAGES:
            continue
        t = time.perf_counter()
        n = len(list(stage(deck, out, lambda _: None)))
        times.append((name, time.perf_counter() - t, n))
    total = sum(t for _, t, _ in times)
    print(f"deck stages of pnp build: {total:.2f} s total (goal < 10 s), into {out}")
    for name, t, n in times:
        print(f"  {name:14} {t:6.2f} s  {100 * t / total:5.1f} %  {n} files")


if __name__ == "__main__":
    main()
