"""Benchmark: how fast `pnp verify` answers for a 9-card solution (goal < 0.3 s).

    python3 bench/verify.py [--runs N]

Times the whole command in a fresh process (interpreter start, imports, loading
cards.yaml, replaying, printing) several times and prints the median and the
best; then the in-process parts (load the deck, parse, replay, score), and the
bare interpreter start-up for comparison.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOAL = 0.3
CASES = [  # (deal, solution file); the files are complete greedy lines
    ("orchard:4,7,8,3,14,18,2,10,9", ROOT / "tests" / "data" / "orchard-9.txt"),
    ("grove:5,12,3,9,14,1,7,16,2;recipes=4,10", ROOT / "tests" / "data" / "grove-9.txt"),
]


def greedy_line(deal: str) -> str:
    """A complete line for ``deal`` (used when the test data is missing)."""
    from pnp.games import find_game
    from pnp.notation import Deal, format_solution

    game = find_game(Deal.parse(deal).game)
    state = game.start(deal)
    while not state.over:
        state = max((game.apply(state, m) for m in game.legal_moves(state)), key=game.score)
    return format_solution(state.moves)


def command() -> list[str]:
    exe = shutil.which("pnp")
    return [exe] if exe else [sys.executable, "-m", "pnp"]


def time_process(argv: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
        times.append(time.perf_counter() - t0)
        if proc.returncode not in (0, 1):
            sys.exit(f"bench: {' '.join(argv)} failed ({proc.returncode}): {proc.stderr.strip()}")
    return times


def fmt(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1000:6.1f} ms   min {min(times) * 1000:6.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15, help="runs per measurement (default 15)")
    args = ap.parse_args()

    print(f"pnp verify benchmark, {args.runs} runs each, goal < {GOAL * 1000:.0f} ms")
    base = time_process([sys.executable, "-c", "pass"], args.runs)
    print(f"  python start-up alone                      {fmt(base)}")

    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for deal, path in CASES:
            if not path.is_file():
                path = Path(tmp) / f"{deal.split(':')[0]}.txt"
                path.write_text(greedy_line(deal))
            times = time_process(command() + ["verify", deal, str(path), "--json"], args.runs)
            worst = max(worst, statistics.median(times))
            print(f"  pnp verify {deal.split(':')[0]:8} (process, end to end) {fmt(times)}")

            # in-process: the library parts, deck cache cold then warm
            from pnp.deck import _cache, load_deck
            from pnp.games import find_game
            from pnp.notation import Deal, parse_solution
            from pnp.verify import verify

            text = path.read_text()
            cold, warm = [], []
            for i in range(args.runs):
                _cache.clear()
                t0 = time.perf_counter()
                deck = load_deck(ROOT / "cards.yaml")
                t1 = time.perf_counter()
                game = find_game(Deal.parse(deal).game, deck)
                d = game.parse_deal(deal)
                verdict = verify(game, d, parse_solution(text, str(path)))
                t2 = time.perf_counter()
                cold.append(t1 - t0)
                warm.append(t2 - t1)
            assert verdict.legal and verdict.complete
            print(f"    load cards.yaml (in process)             {fmt(cold)}")
            print(f"    parse + replay 9 cards + score            {fmt(warm)}   (score {verdict.score})")

    verdict = "OK" if worst < GOAL else "TOO SLOW"
    print(f"worst median end to end: {worst * 1000:.1f} ms — {verdict} (goal < {GOAL * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
