"""A soak of the exact solver beyond CI: random deals, each solved twice.

    python3 bench/soak.py --against exhaustive [--cards 4] [--count N] [--seed S]
    python3 bench/soak.py --against uncapped [--cards 6] [--count N] [--seed S]

``exhaustive``: ``solve()`` (the compiled search where there is one) against
a plain exhaustive search that tries every move, merges positions only by
their whole state and uses no bound, on Grove (three in five with a recipe
pair), Orchard and orchard-pnp deals. Python's exhaustion reaches four cards
here; five run out of memory.

``uncapped``: Grove's compiled search as it runs against the same search with
every cap switched off (layer caps, move caps, children's caps, the
wheelbarrow's games apart, the recipes folded into the caps, doubled
fruits), which leaves the knapsack and the recipes' bound: the caps are the
subtlest bounds, and this reaches deals of six to eight cards. Every line
is also replayed through ``pnp.verify``.

Prints every twentieth deal with both sides' positions, each mismatch, and a
summary line; the exit status is 1 if any deal differed. One core.
"""
import argparse
import random
import sys
import time

from pnp.games import find_game
from pnp.notation import format_solution, parse_solution
from pnp.solver import solve
from pnp.solver.engine import engine_for
from pnp.solver.search import Searcher
from pnp.verify import verify

#: the compiled Grove core's knobs that turn each cap off (see _grove.c's Core_members)
CAPS_OFF = dict(cap_hi=0, mcap_hi=0, wb_split=0, folds=0, child_caps=0, doubled=0, ext_gate=0)


def random_deal(rng: random.Random, cards: int, games: tuple) -> str:
    """A random deal of ``cards`` cards of one of ``games`` (Grove with a recipe pair three times in five)."""
    gid = rng.choice(games)
    ids = sorted(find_game(gid).deck.card_ids)
    if gid == "orchard-pnp":
        return f"{gid}:" + ",".join(f"{c}{rng.choice('ab')}" for c in rng.sample(ids, cards))
    picked = rng.sample(ids, cards + 2)
    deal = f"{gid}:" + ",".join(map(str, picked[:cards]))
    if gid == "grove" and rng.random() < 0.6:
        deal += ";recipes=%d,%d" % tuple(picked[cards:])
    return deal


def exhaustive(eng, node, memo: dict) -> int:
    """The best final score from ``node``, every move tried (positions merged by their whole state)."""
    key = (frozenset(node.board.items()), tuple(sorted(node.hand)), node.drawn, node.wheelbarrow_used,
           node.tokens_used, node.supply)
    got = memo.get(key)
    if got is None:
        kids = eng.children(node)
        got = memo[key] = (eng.score(node, final=True) if not kids
                           else max(exhaustive(eng, eng.node(c), memo) for c in kids))
    return got


def line_scores(game, deal, sol) -> bool:
    """Whether ``sol``'s moves replay, through the notation, to its score on ``deal`` (parsed)."""
    verdict = verify(game, deal, parse_solution(format_solution(sol.moves)))
    return verdict.legal and verdict.score == sol.score


def against_exhaustive(deal: str) -> tuple[bool, str]:
    game = find_game(deal.split(":")[0])
    d = game.parse_deal(deal)
    sol = solve(game, d)
    eng = engine_for(game, d)
    best = exhaustive(eng, eng.start(), {})
    ok = sol.proven and sol.score == best and line_scores(game, d, sol)
    return ok, f"{sol.score} (proven {sol.proven}, {sol.nodes:,} positions) against {best} by exhaustion"


def against_uncapped(deal: str) -> tuple[bool, str]:
    game = find_game("grove")
    d = game.parse_deal(deal)
    full = Searcher(game, d).run()
    uncapped = Searcher(game, d)
    if not uncapped.make_core():
        raise SystemExit("no compiled Grove search here: nothing to compare")
    for knob, value in CAPS_OFF.items():
        setattr(uncapped.core, knob, value)
    bare = uncapped.run()
    ok = full.proven and bare.proven and full.score == bare.score and line_scores(game, d, full)
    return ok, (f"{full.score} (proven {full.proven}, {full.nodes:,} positions) against {bare.score} "
                f"without the caps (proven {bare.proven}, {bare.nodes:,} positions)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", choices=("exhaustive", "uncapped"), required=True)
    ap.add_argument("--cards", type=int, help="cards a deal (default: 4 against exhaustive, 6 against uncapped)")
    ap.add_argument("--count", type=int, default=100, help="deals (default 100)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    cards = args.cards or (4 if args.against == "exhaustive" else 6)
    games = ("grove", "grove", "grove", "orchard", "orchard-pnp") if args.against == "exhaustive" else ("grove",)
    check = against_exhaustive if args.against == "exhaustive" else against_uncapped
    rng = random.Random(args.seed)
    bad = 0
    t0 = time.perf_counter()
    for i in range(args.count):
        deal = random_deal(rng, cards, games)
        ok, said = check(deal)
        if not ok:
            bad += 1
            print("MISMATCH", deal, said, flush=True)
        elif i % 20 == 0:
            print(i, deal, said, flush=True)
    print(f"against {args.against}: {args.count} deals of {cards} cards, seed {args.seed}, "
          f"{bad} mismatches, {time.perf_counter() - t0:.0f} s", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
