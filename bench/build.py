"""Time the deck stages of ``pnp build`` (print sheets, card SVGs, card PNGs) for every game.

    python3 bench/build.py [--out DIR]

Prints the total and each stage's share. Goal: under 10 s.

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
    for name, stage in STAGES:
        if name not in DECK_STAGES:
            continue
        t, c = time.perf_counter(), cpu()
        n = len(list(stage(deck, out, lambda _: None)))
        times.append((name, time.perf_counter() - t, cpu() - c, n))
    total = sum(t for _, t, _, _ in times)
    total_cpu = sum(c for _, _, c, _ in times)
    print(f"deck stages of pnp build: {total:.2f} s total (goal < 10 s), {total_cpu:.2f} s CPU on "
          f"{os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f}), into {out}")
    for name, t, c, n in times:
        print(f"  {name:14} {t:6.2f} s  {100 * t / total:5.1f} %   cpu {c:6.2f} s  {n} files")


if __name__ == "__main__":
    main()
