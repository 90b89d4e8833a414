"""Experiment: a Grove bound that charges stacking pair by pair (tried, rejected).

    python3 bench/footprint.py [DEAL] [--prefix N] [--cards K ...] [--positions N]

The open lead of bench/bounds.py: the cards to play gain little from each
other, yet every bound pays for it square by square. This bound charges it
only where a later card's tree can lie on an earlier card's tree of its
fruit (or its clearing), for some rigid placement of the two cards:

- every card is credited, cell by cell, what it gains on the layer as it is
  (``gain_now``: a mismatch, a clearing and the squirrel's square count 0;
  dice stop at 10, and the wheelbarrow's 5 is added once at the end);
- a later card's trees may instead take ``gain_over`` (the most a tree can
  gain on an earlier card's cell there: a new die of two trees, or a die an
  earlier card raised) on the cells of one *mask*: the cells that, for some
  orientation and offset of the earlier cards, lie on their same-fruit trees
  or clearings (the masks of several earlier cards are united);
- the bound is the best order of play the hand allows, each card at its best
  placement on those credits.

It is admissible (checked against the exact future on every sampled
position with up to 3 cards to play; a violation is printed), but too
loose to use. On ``grove:7,6,13,16,17,14`` (25 positions a proof visits,
2026-11-25), with 2 / 3 / 4 cards to play:

    need 35.8 / 36.8 / 40.2; the proof's bound 33.5 / 46.1 / 54.2;
    this bound 30.9 / 51.9 / 72.8; exact 15.4 / 23.1 / -

The masks are no real limit: a later card lays three or four of its trees on
an earlier card's trees at some offset, and each such cell may gain 4 or 5
(a die raised past 6 shows 10). What the bound misses is that the earlier
card is credited its best placement *and* the placement that prepares the
later card; only a joint search over both placements knows better, and that
costs about as much as the search it would cut.
"""
from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bounds import exact_future, proof_positions  # noqa: E402
from pnp.solver.engine import CLEARING, ROW, SQUIRREL, TOP_DIE, count_of, die_fruit_of, die_of, fruit_of, pos_int, \
    pos_xy, token_of  # noqa: E402


def raised(v: int, n: int) -> int:
    """A die ``v`` raised by a tree of ``n`` fruits, stopping at 10 (the wheelbarrow is apart)."""
    if v >= TOP_DIE:
        return v
    return v + n if v + n <= 6 else TOP_DIE


def square(board: dict, x: int, y: int):
    """(fruit, count, token, die, die's fruit) of a square, None for empty table."""
    c = board.get(pos_int(x, y))
    return None if c is None else (fruit_of(c), count_of(c), token_of(c), die_of(c), die_fruit_of(c))


def gain_now(board: dict, x: int, y: int, f: int, n: int) -> int:
    """The most a card cell (f, n) gains on the square as it is (0 where it may not lie)."""
    s = square(board, x, y)
    if f == CLEARING or s is None or s[2] == SQUIRREL:
        return 0
    sf, sn, _, die, df = s
    if sf == CLEARING:
        return raised(die, n) if die and df == f else 0
    if sf != f:
        return 0
    return raised(die, n) - die if die else n + sn


def gain_over(board: dict, x: int, y: int, f: int, n: int, earlier: int) -> int:
    """The most a tree (f, n) gains on the square once ``earlier`` cards may have covered it
    (an earlier clearing that carried a die off a tree was credited 0 for it, not -die)."""
    now = gain_now(board, x, y, f, n)
    s = square(board, x, y)
    stacked = 5 if n == 2 else 4  # a die an earlier card raised to 5 or 6, now raised past 6
    if s is None:
        return max(now, n + 2 if earlier == 1 else stacked)
    sf, _, token, die, df = s
    if token == SQUIRREL or (die and df != f):
        return 0
    if earlier >= 2:
        return max(now, n + 2, stacked)
    if die:
        return max(now, max(raised(raised(die, m), n) - raised(die, m) for m in (1, 2)))
    if sf == CLEARING or sf == f:
        return max(now, n + 2)
    return now


def orientations(engine, card: int) -> list[list[tuple[int, int, int, int]]]:
    return [[(dp % ROW, dp // ROW, f, n) for dp, f, n in cells] for _, cells, *_ in engine.orients[card]]


def masks(earlier: list, cells: list) -> list[int]:
    """The largest sets of ``cells``' trees (bit masks) that lie on same-fruit trees or the
    clearing of one earlier card (its orientations ``earlier``) at some offset."""
    found = set()
    for other in earlier:
        under = {(dx, dy): f for dx, dy, f, _ in other}
        for ox, oy in itertools.product(range(-3, 4), repeat=2):
            m = 0
            for b, (dx, dy, f, _) in enumerate(cells):
                u = under.get((dx + ox, dy + oy))
                if f != CLEARING and u is not None and u in (f, CLEARING):
                    m |= 1 << b
            if m:
                found.add(m)
    return [m for m in found if not any(m != o and m & o == m for o in found)]


def orders(engine, node) -> list[list[int]]:
    """Every order of play the hand allows."""
    out, last = [], len(engine.refs)

    def walk(hand, drawn, seq):
        if not hand:
            out.append(seq)
        for h in hand:
            rest = [c for c in hand if c != h] + ([drawn] if drawn < last else [])
            walk(rest, drawn + (drawn < last), seq + [h])
    walk(list(node.hand), node.drawn, [])
    return out


def footprint_bound(engine, node) -> int:
    board = node.board
    xs, ys = zip(*(pos_xy(p) for p in board))
    margin = 3 * len(engine.to_play(node))
    shapes = {c: orientations(engine, c) for c in engine.to_play(node)}

    def best(card: int, before: tuple) -> int:
        top = 0
        for cells in shapes[card]:
            united = {0}
            for other in before:
                united = {u | m for u in united for m in masks(shapes[other], cells)}
            for ax in range(min(xs) - margin, max(xs) + 2):
                for ay in range(min(ys) - margin, max(ys) + 2):
                    now = [gain_now(board, ax + dx, ay + dy, f, n) for dx, dy, f, n in cells]
                    more = [gain_over(board, ax + dx, ay + dy, f, n, len(before)) - g if before and f != CLEARING
                            else 0 for (dx, dy, f, n), g in zip(cells, now)]
                    top = max(top, sum(now) + max(sum(v for b, v in enumerate(more) if m >> b & 1) for m in united))
        return top

    memo: dict = {}
    value = 0
    for seq in orders(engine, node):
        total = 0
        for t, card in enumerate(seq):
            key = (card, tuple(sorted(seq[:t])))
            if key not in memo:
                memo[key] = best(card, key[1])
            total += memo[key]
        value = max(value, total)
    return value + (0 if node.wheelbarrow_used else 5)


def main() -> None:
    from pnp.games import find_game
    from pnp.solver.search import Searcher
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("deal", nargs="?", default="grove:7,6,13,16,17,14,10,8,11")
    ap.add_argument("--prefix", type=int, default=6, help="the deal's first N cards")
    ap.add_argument("--cards", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--positions", type=int, default=25)
    ap.add_argument("--seed", type=int, default=2)
    args = ap.parse_args()
    game = find_game("grove")
    deal, best, s, seen = proof_positions(game, args.deal, args.prefix, args.cards)
    e = s.engine
    rng = random.Random(args.seed)
    print(f"{deal} (best {best})")
    print(f"{'cards':>5} {'n':>3} {'need':>6} {'proof':>6} {'this':>6} {'exact':>6}")
    for k, rows in seen.items():
        out = []
        for need, used, node in rng.sample(rows, min(args.positions, len(rows))):
            value = footprint_bound(e, node)
            exact = exact_future(Searcher(game, game.parse_deal(deal), native=False), node) if k <= 3 else None
            if exact is not None and value < exact:
                print(f"NOT A BOUND: {value} < {exact} at {sorted(node.board.items())}, hand {node.hand}")
            out.append((need, used, value, exact))
        if out:
            cols = [f"{statistics.mean(r[i] for r in out):6.1f}" if out[0][i] is not None else f"{'-':>6}"
                    for i in range(4)]
            print(f"{k:5} {len(out):3} {' '.join(cols)}", flush=True)


if __name__ == "__main__":
    main()
