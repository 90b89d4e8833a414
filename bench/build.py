"""Time every stage of ``pnp build`` (decks, rules sheets, score pads, puzzles).

    python3 bench/build.py [--out DIR]

Prints each stage's time and share, the subtotal of the deck stages (issue 3's
goal: under 10 s) and the whole build. The puzzles stage reads today's week
from the archive in ``puzzles/`` (run from the repository; set PNP_TODAY to a
date in the archive): a week outside it is generated, about 12 s a puzzle.

Wall time depends on what else the machine runs (other builds, tests), so each
stage also reports its CPU time (this process plus its worker processes): on an
idle 2-core machine a stage that uses both cores takes about half its CPU time.
"""
from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from pathlib import Path

from pnp.build import STAGES
from pnp.deck import load_deck

DECK_STAGES = ("card lists", "print sheets", "card svgs", "card pngs", "tts sheets")


def cpu() -> float:
    """User + system seconds of this process and its finished children."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    t0, c0 = time.perf_counter(), cpu()
    deck = load_deck()
    times = [("load deck", time.perf_counter() - t0, cpu() - c0, 0)]
    os.chdir(Path(__file__).resolve().parent.parent)  # the archive in puzzles/
    for name, stage in STAGES:
        t, c = time.perf_counter(), cpu()
        n = len(list(stage(deck, out, lambda _: None)))
        times.append((name, time.perf_counter() - t, cpu() - c, n))
    total = sum(t for _, t, _, _ in times)
    total_cpu = sum(c for _, _, c, _ in times)
    decks = sum(t for name, t, _, _ in times if name in DECK_STAGES or name == "load deck")
    print(f"pnp build: {total:.2f} s in all, {total_cpu:.2f} s CPU on {os.cpu_count()} cores "
          f"(load average {os.getloadavg()[0]:.1f}), into {out}")
    print(f"deck stages: {decks:.2f} s (goal < 10 s)")
    for name, t, c, n in times:
        print(f"  {name:14} {t:6.2f} s  {100 * t / total:5.1f} %   cpu {c:6.2f} s  {n} files")


if __name__ == "__main__":
    main()
