"""Benchmark: how far above the truth are the solver's bounds?

    python3 bench/bounds.py [DEAL ...] [--cards K ...] [--positions N] [--seed S]
    python3 bench/bounds.py --in-proof | --reach [DEAL ...] [--prefix N] [--positions N]
    python3 bench/bounds.py --relax [DEAL ...] [--prefix N] [--cards K] [--positions N]
    python3 bench/bounds.py --joint [DEAL ...] [--prefix N] [--cards K] [--positions N]

For each deal, N positions with K cards still to play are reached by good
play (each move one of the six that score most at once, at random), and for
each the script prints the means of: the fruit-by-fruit knapsack
(``Bounder.knapsack``), the slot bound (``Bounder.slots``, with at most
four cards to play), the sum over the cards to play of each one's best
placement now (``now``: no bound, a measure of how much the cards gain from
each other) and, with at most three cards to play, the exact future from the
search. A proof cuts a position only where a bound reaches down to
what the position needs, so the gap between a bound and the exact value is
what keeps a deal from being proven. With three cards to play, the default
deals gave (2026-11-24): Orchard slots 33.0 against an exact 18.1, Grove
knapsack 46.6 and slots 67.8 against an exact 23.2; Grove's slot bound is
above its knapsack from three cards up, so it cuts only with two.

Later the same day (Grove, 30 positions, seed 1): the exact future is close
to ``now``, the sum of each card's best placement on the layer as it is
(one card 7.9 / 7.0 exact, two 15.6 / 15.0, three 22.6 / 24.1; the exact
value was at most 6 and 7 points above ``now`` with two and three cards),
where the knapsack says 20.2, 34.4 and 46.9. What the cards gain from each
other is small, but every bound so far pays for it square by square (any
square might have been prepared by an earlier card), which doubles it: a
bound that charges it pair by pair (which cells of which two cards can
meet) is the open lead.

``--in-proof`` asks the question where it matters: a proof cuts a position
only where a bound reaches down to the position's *need* (the best score
less the points so far), so it samples the positions a proof visits. Each
deal is cut to its first ``--prefix`` cards, proven by the compiled search,
then proven again by the Python search with that best as the incumbent,
which records every position with K cards to play as it reaches it. Printed
per K: the means of need, the bound the proof used (knapsack, or the slot
bound where it applies), ``now`` and (K <= 3) the exact future, then how many
of the sampled positions a bound of ``exact + X`` (or ``now + X``) would cut,
for X = 0, 5, 10, 15. On 2026-11-25, ``grove:7,6,13,16,17,14`` (best 40):
with 3 cards to play the proof's bound cut 1 of 5,601 positions; need 37.6,
bound 46.5, now 21.1, exact 22.3 (means of 40), and a bound within 10 of the
exact value would cut 97 % of them. With 4 cards to play: need 39.2, bound
54.3, now 26.7; a bound within 10 of ``now`` would cut 77 %.

``--reach`` (Grove) looks at the pair lead with three cards to play in a proof
(the same sample as ``--in-proof``): per ordered pair of cards ``X`` then ``Y``
(``X`` in the hand), ``R1``, the most ``Y`` gains in one placement after *one*
placement of ``X`` (every placement of ``X`` played, ``Y`` scanned on each), and
``reach``, the per-square bound on the same thing the slot bound uses
(``Engine.reach``: each square credited its best after *any* placement, so
``Y``'s cells may each draw on a different placement of ``X``). On 2026-11-25,
``grove:7,6,13,16,17,14`` (30 positions): ``R1`` is 3.4 above ``Y``'s best now
on average, ``reach`` 11.1. The *guide* ``now(X) + R1(Y|X) + max(now(Z),
R1(Z|X))`` over the orders (not a bound: the third card after two placements
is taken as if after one) is 28.3 against a need of 37.0, at or below the need
in 29 of 30 positions. So the slack is in charging each square apart, and an
exact one-step reach would nearly close it for the second card; what is still
missing is an admissible bound for the third card after two placements that
costs less than the search it saves. It does not come cheap: ``R1`` for one
pair needs, for each of the first card's 40 to 160 moves, the second card's
placements that overlap it (some 64 of them; the others gain what they gain
now), some 5,000 placements a pair and four pairs a position, where expanding
the position (what the bound would save) costs one knapsack look-up a child,
about 30 microseconds in all in the compiled search. Exact ``R1`` could only
pay with four or more cards to play, where the third and fourth cards need
such a bound too.

Also measured that day and dropped: the knapsack with the first card's
immediate gain capped at its best placement now (the later cards' units free)
gave 44.4 against 46.1 (need 37.4; 0 of 60 positions cut): the units move to
the later cards.

``--relax`` (Grove, the sixtieth session) bounds the same positions (four
cards to play unless ``--cards`` says otherwise; the squirrel spent) by
relaxed games solved exactly: the fruits left out become clearings
(``clearings``) or the trees of one more fruit that never gets a die
(``walls``: they still block and are blocked), one fruit kept at a time
(``one``: the sum over the fruits) or two (``pairs``: the pair's future
plus the third fruit's, the least over the three pairings); one game of a
sum may make the wheelbarrow. Every line of the real game is a line of
each relaxed game that keeps the same dice of the fruits kept (the real
game ending early, when no card has a legal placement, aside), so each is
an upper bound on the exact future; the tests check that on short deals.
Printed per position: need, the capped knapsack and the four relaxations;
then the means and how many each cuts. On 2026-11-30 (``--positions 30 --seed 3``,
as corrected the next session: the first figures had two bugs, see docs/solver.md):
``grove:7,6,13,16,17,14`` need 40.0, capped 48.6, one/clearings 44.0 (0 cut),
pairs/clearings 38.0 (28 cut), pairs/walls 33.8 (29 cut);
``grove:12,4,1,11,3,13`` need 42.2, capped 49.4, 44.0 (9), 37.5 (30), 34.5 (30).

``--joint`` (Grove, the sixty-second session) bounds the same kind of positions
(three cards to play unless ``--cards`` says otherwise; the squirrel spent) by
giving each card one placement for all fruits at once, in every order the hand
allows, each placement legal as the cards before it leave the layer, and
valuing the cells laid without their order (``joint_placements``; the tests
check it against the exact future). It is the game's own search with the
values relaxed, so it is slow (tens of thousands of combinations, seconds a
position in Python), and tight: on 2026-11-30 (``--positions 15 --seed 3``),
``grove:7,6,13,16,17,14`` need 35.5, capped 38.7, joint 23.4, exact 22.2, at
or below the need at all 15 positions.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEALS = ["orchard:6,3,2,7,16,5,8,12,14", "grove:7,6,13,16,17,14,10,8,11"]


def positions(game, deal: str, cards: int, count: int, rng: random.Random):
    """``count`` (searcher, position) pairs with ``cards`` cards to play."""
    from pnp.solver.search import Searcher
    out = []
    tries = 0
    while len(out) < count and tries < 50 * count:
        tries += 1
        s = Searcher(game, game.parse_deal(deal), native=False)
        e = s.engine
        node = e.start()
        while len(e.to_play(node)) > cards:
            kids = sorted(e.children(node), key=lambda c: -e.child_score(c))
            if not kids:
                break
            node = e.node(rng.choice(kids[:6]))
        if len(e.to_play(node)) == cards and node.hand:
            out.append((s, node))
    return out


def exact_future(s, node) -> int:
    """The most score still to come from ``node``, by the search with no incumbent."""
    s.best = s.floor = -10 ** 9
    s.tt, s.old_tt = {}, {}
    s.t0 = time.perf_counter()
    value, proven = s.dfs(node, s.engine.score(node))
    assert proven
    return value


def proof_positions(game, deal: str, prefix: int, cards: list[int]):
    """``(short deal, best, searcher, seen)``: ``deal`` cut to its first ``prefix`` cards,
    its best score (the compiled search), and per number of cards to play in ``cards``
    the ``(need, bound used, position)`` of every position a Python proof of that best
    visits (``searcher`` is that proof's, for its engine)."""
    from pnp.solver import solve
    from pnp.solver.search import Searcher
    game_id, ids = deal.split(":")
    short = f"{game_id}:{','.join(ids.split(',')[:prefix])}"
    best = solve(game, game.parse_deal(short), time_limit=None, jobs=1).score
    s = Searcher(game, game.parse_deal(short), native=False)
    e = s.engine
    seen: dict[int, list] = {k: [] for k in cards}
    future = s.bounder.future

    def recording(node, need=None):
        value = future(node, need)
        k = len(e.to_play(node))
        if need is not None and k in seen:
            seen[k].append((need, value, node))
        return value
    s.bounder.future = recording
    start = e.start()
    s.best = best  # a proof only: nothing above the best
    s.dfs(start, e.score(start))
    s.bounder.future = future
    return short, best, s, seen


def in_proof(game, deal: str, prefix: int, cards: list[int], count: int, rng: random.Random) -> None:
    """The positions a proof of ``deal``'s first ``prefix`` cards visits (see the docstring)."""
    from pnp.solver.search import Searcher
    short, best, s, seen = proof_positions(game, deal, prefix, cards)
    e = s.engine
    print(f"{short} (best {best})")
    print(f"{'cards':>5} {'seen':>7} {'cut':>6} {'n':>3} {'need':>6} {'bound':>6} {'now':>6} {'exact':>6}   "
          f"cut by exact+0/5/10/15   by now+0/5/10/15")
    for k, rows in seen.items():
        if not rows:
            continue
        sample = rng.sample(rows, min(count, len(rows)))
        out = []
        for need, bound, node in sample:
            now = sum(e.slot_reach(node, c, 0) for c in e.to_play(node))
            out.append((need, bound, now, exact_future(Searcher(game, game.parse_deal(short), native=False), node)
                        if k <= 3 else None))

        def mean(i):
            vals = [r[i] for r in out if r[i] is not None]
            return f"{statistics.mean(vals):.1f}" if vals else "-"

        def cuts(i):
            if out[0][i] is None:
                return "-"
            return "/".join(f"{sum(r[i] + x <= r[0] for r in out) * 100 // len(out)}%" for x in (0, 5, 10, 15))
        print(f"{k:5} {len(rows):7} {sum(r[1] <= r[0] for r in rows):6} {len(out):3} {mean(0):>6} {mean(1):>6} "
              f"{mean(2):>6} {mean(3):>6}   {cuts(3):>22}   {cuts(2):>16}", flush=True)


def best_now(e, node, card: int) -> int:
    """The most ``card`` gains in one placement on ``node`` as it is (0 if it has none)."""
    return max((g for g, *_ in e.scored(node, card)), default=0)


def one_step(game, deal: str, prefix: int, count: int, rng: random.Random) -> None:
    """``--reach``: with three cards to play in a proof, how much more a card can gain
    after one placement of another than on the layer as it is (see the docstring)."""
    from pnp.solver.search import Searcher
    short, best, s, seen = proof_positions(game, deal, prefix, [3])
    e = s.engine
    rows = rng.sample(seen[3], min(count, len(seen[3])))
    print(f"{short} (best {best}): {len(rows)} of {len(seen[3])} positions with 3 cards to play")
    print(f"{'need':>5} {'bound':>5} {'now':>4} {'guide':>5} {'exact':>5} {'R1-now':>6} {'reach-now':>9} "
          f"{'children':>8} {'R1 scans':>8}")
    out = []
    for need, bound, node in rows:
        left = e.to_play(node)
        now = {c: best_now(e, node, c) for c in left}
        after = {x: [e.node(c) for c in e.children(node) if c.card == x] for x in node.hand}
        r1 = {(x, y): max([now[y]] + [best_now(e, k, y) for k in after[x]])
              for x in node.hand for y in left if y != x}
        reach = {(x, y): e.reach(node, y, x) for x, y in r1}
        guide = max(now[x] + r1[x, y] + max(now[z], r1.get((x, z), now[z]))
                    for x, y in r1 for z in left if z not in (x, y))
        exact = exact_future(Searcher(game, game.parse_deal(short), native=False), node)
        row = (need, bound, sum(now.values()), guide, exact,
               statistics.mean(r1[k] - now[k[1]] for k in r1), statistics.mean(reach[k] - now[k[1]] for k in r1),
               sum(map(len, after.values())), sum(len(after[x]) for x, _ in r1))
        out.append(row)
        print(f"{row[0]:5} {row[1]:5} {row[2]:4} {row[3]:5} {row[4]:5} {row[5]:6.1f} {row[6]:9.1f} "
              f"{row[7]:8} {row[8]:8}", flush=True)
    means = " ".join(f"{statistics.mean(r[i] for r in out):.1f}" for i in range(7))
    print(f"means (need bound now guide exact R1-now reach-now): {means}; "
          f"the guide is at or below the need in {sum(r[3] <= r[0] for r in out)} of {len(out)}")


def relaxed_game(game, keep: tuple[str, ...], walls: bool):
    """``game`` (Grove) with only the fruits ``keep`` scoring: every other fruit's tree on the
    cards becomes a clearing, or (``walls``) a tree of the fruit ``X``, which never gets a die
    (the position's supply of it is 0: :func:`project`)."""
    from dataclasses import replace
    from pnp.deck import Cell, Face, Fruit
    deck = game.deck

    def cell(c):
        if c.fruit is None or c.fruit in keep:
            return c
        return Cell("X", c.count) if walls else Cell(None, 0)
    cards = tuple(replace(card, recipe=None, faces=tuple(
        (side, Face(tuple((cell(a), cell(b)) for a, b in face.rows))) for side, face in card.faces))
        for card in deck.cards)
    fruits = tuple(f for f in deck.fruits if f.key in keep)
    if walls:
        fruits += (Fruit("X", "walls", "#777777", "square"),)
    return type(game)(replace(deck, cards=cards, fruits=fruits))


def project(engine, node, relaxed, keep: tuple[str, ...], wheelbarrow_used: bool):
    """``node`` of ``engine`` as a position of ``relaxed`` (an engine of :func:`relaxed_game`):
    the fruits left out become clearings (their dice gone) or, in a game with walls, ``X``."""
    from pnp.solver.engine import CLEARING, Node, code, count_of, die_fruit_of, die_of, fruit_of, token_of, zob
    old = engine.fruit_keys
    new = {i: relaxed.fruit_index[k] for i, k in enumerate(old) if k in keep}
    wall = relaxed.fruit_index.get("X")
    board, z, dice = {}, 0, 0
    for p, c in node.board.items():
        f, n, token, d, df = fruit_of(c), count_of(c), token_of(c), die_of(c), die_fruit_of(c)
        if f in new:
            out = code(new[f], n, token, d, new[f]) if d else code(new[f], n, token)
            dice += d
        elif f == CLEARING or wall is None:
            out = code(CLEARING, 0, token, d, new[df]) if d and df in new else code(CLEARING, 0, token)
        else:
            out = code(wall, n, token)
        board[p] = out
        z ^= zob(p, out)
    supply = tuple(0 if k == "X" else node.supply[old.index(k)] for k in relaxed.fruit_keys)
    return Node(board=board, hand=node.hand, drawn=node.drawn, wheelbarrow_used=wheelbarrow_used,
                tokens_used=node.tokens_used, tree_dice=dice, supply=supply, zhash=z)


class Relaxations:
    """The relaxed games of one deal (:func:`relaxed_game`), each solved exactly from a
    position (the compiled search when it is built, else the Python one)."""

    def __init__(self, game, deal: str):
        from pnp.notation import Deal
        self.game, self.deal = game, Deal.parse(deal)
        self.keys = game.deck.fruit_keys
        self.searchers: dict = {}

    def future(self, engine, node, keep: tuple[str, ...], walls: bool, wheelbarrow_used: bool) -> int:
        """The exact future of ``node`` in the game keeping ``keep``."""
        from pnp.solver.search import Searcher
        key = (keep, walls)
        if key not in self.searchers:
            self.searchers[key] = Searcher(relaxed_game(self.game, keep, walls), self.deal)
        s = self.searchers[key]
        pos = project(engine, node, s.engine, keep, wheelbarrow_used)
        if s.make_core():
            s.core.clear()  # each position searched from scratch, as the Python search's tables are
        return exact_future(s, pos)

    def bounds(self, engine, node, walls: bool) -> tuple[int, int]:
        """(one fruit at a time, two at a time) for ``node``: upper bounds on its exact future."""
        used = node.wheelbarrow_used
        keys = self.keys

        def both(keep):  # (wheelbarrow left to this game, wheelbarrow used)
            free = self.future(engine, node, keep, walls, used)
            return free, free if used else self.future(engine, node, keep, walls, True)
        one = {k: both((k,)) for k in keys}
        one_at_a_time = sum(v[1] for v in one.values()) + max(v[0] - v[1] for v in one.values())
        pairs = []
        for h in keys:
            free, spent = both(tuple(k for k in keys if k != h))
            pairs.append(max(free + one[h][1], spent + one[h][0]))
        return one_at_a_time, min(pairs)


def past_the_caps(game, deal: str, prefix: int, k: int, count: int, rng: random.Random):
    """``(short deal, searcher, sample)``: up to ``count`` ``(need, capped knapsack, position)``
    drawn by ``rng`` from the positions with ``k`` cards to play that a proof of ``deal``'s first
    ``prefix`` cards visits, the squirrel spent, whose capped knapsack is above their need."""
    short, best, s, seen = proof_positions(game, deal, prefix, [k])
    e = s.engine
    spent = [(need, s.bounder.capped(node), node) for need, _, node in seen[k] if node.tokens_used >= e.tokens]
    rows = [row for row in spent if row[1] > row[0]]
    print(f"{short} (best {best}): {len(rows)} positions with {k} cards to play past the caps, the squirrel spent")
    return short, s, rng.sample(rows, min(count, len(rows)))


def relax(game, deal: str, prefix: int, k: int, count: int, rng: random.Random) -> None:
    """``--relax``: the relaxed games' bounds at positions a proof visits (see the docstring)."""
    short, s, sample = past_the_caps(game, deal, prefix, k, count, rng)
    e = s.engine
    r = Relaxations(game, short)
    out = []
    for need, capped, node in sample:
        row = (need, capped, *r.bounds(e, node, False), *r.bounds(e, node, True))
        out.append(row)
        print(f"need {row[0]:3}  capped {row[1]:3}  clearings: one {row[2]:3} pairs {row[3]:3}  "
              f"walls: one {row[4]:3} pairs {row[5]:3}", flush=True)
    if out:
        names = ("need", "capped", "one/clearings", "pairs/clearings", "one/walls", "pairs/walls")
        print("means: " + ", ".join(f"{n} {statistics.mean(x[i] for x in out):.1f}" for i, n in enumerate(names)))
        print("cut (at or below the need): " + ", ".join(
            f"{n} {sum(x[i] <= x[0] for x in out)}" for i, n in enumerate(names) if i) + f" of {len(out)}")


def item_gain(value: int, tree: bool, bare: bool, ns: list[int]) -> tuple[int, int | None]:
    """What the cells ``ns`` (their fruits) of an item's fruit (``layer_item``) can add to it, in
    any order: (the gain without the wheelbarrow, the gain with it made there, or None if it
    cannot be)."""
    from pnp.solver.engine import WHEELBARROW
    from pnp.solver.search import raised
    paid = value if tree and not bare else 0  # (a die on a clearing scores once a tree raises it)
    if value == WHEELBARROW:  # on a clearing
        return WHEELBARROW, None
    total = sum(ns)
    gain = raised(value, total) - paid
    # the wheelbarrow: a cell raising the die once it shows 10 (before the smallest cell at best)
    wb = WHEELBARROW - paid if value + total - min(ns) > 6 else None
    return gain, wb


def joint_value(items: dict, supply, wb_free: bool, placed) -> int:
    """An upper bound on what the tree cells ``placed`` (per card: (square, fruit, count) ...)
    add, in whatever order they come: each square the most of its item raised or made by the cells
    of its fruit, and a die of one fruit made by two or more of its cells (on any square, a bare
    tree of another fruit after a clearing included); new dice within each fruit's supply (one
    more where the wheelbarrow may free one); the wheelbarrow once. Where a square's die could
    be raised, a new die there counts against the supply only for what it adds above the raise,
    so a supply run out never drops the raise. (A square choosing among new dice of two fruits
    takes the larger, whatever the supplies: it needs two cells of each and a clearing between
    them, five cards.)"""
    from pnp.solver.engine import WHEELBARROW
    from pnp.solver.search import raised
    on: dict = {}
    for cells in placed:
        for p, f, n in cells:
            on.setdefault(p, {}).setdefault(f, []).append(n)
    fixed, news, extra = 0, [[] for _ in supply], 0
    for p, by_fruit in on.items():
        raise_, new = 0, None  # (the raise of the square's die; the best new die there: gain, fruit)
        it = items.get(p)
        if it is not None and it[0] in by_fruit:
            f, value, tree, bare = it
            gain, wb = item_gain(value, tree, bare, by_fruit[f])
            if bare:
                new = (gain, f)
            else:
                raise_ = gain
            if wb is not None and wb_free:
                extra = max(extra, wb - gain)
        for f in sorted(by_fruit):
            ns = by_fruit[f]
            if len(ns) >= 2:
                value = raised(0, sum(ns))
                if new is None or value > new[0]:
                    new = (value, f)
                if wb_free and len(ns) >= 3 and sum(ns) - min(ns) > 6:
                    extra = max(extra, WHEELBARROW - value)
        fixed += raise_
        if new is not None and new[0] > raise_:
            news[new[1]].append(new[0] - raise_)
    for f, gains in enumerate(news):
        gains.sort(reverse=True)
        fixed += sum(gains[:supply[f] + wb_free])
    return fixed + extra


def play_orders(hand, to_play) -> list[tuple]:
    """Every order the hand allows the cards ``to_play`` (the hand first, then the draws)."""
    out = set()

    def go(hand, rest, seq):
        if not hand:
            out.add(tuple(seq))
        for h in hand:
            go([x for x in hand if x != h] + rest[:1], rest[1:], seq + [h])
    hand = list(hand)
    go(hand, [c for c in to_play if c not in hand], [])
    return sorted(out)


def joint_placements(engine, node) -> tuple[int, int]:
    """``--joint`` (Grove, the squirrel spent): (the most :func:`joint_value` over every order the
    hand allows and one placement a card, each legal as the cards before it leave the layer, a
    card also left unplayed; how many combinations were valued). A tree may lie on a square that
    shows a clearing (holding no die of another fruit), nothing, or a tree or die of its fruit,
    where a square an earlier card covered shows that card's cell; never on the squirrel. Every
    line of the game is one of these, valued at least as high: a relaxation, slow as a search."""
    from pnp.solver.engine import CLEARING, ROW, die_fruit_of, die_of, fruit_of, token_of
    from pnp.solver.search import layer_item
    assert node.tokens_used >= engine.tokens, "the squirrel must be spent"
    board = node.board
    items = {p: item for p, c in board.items() if (item := layer_item(c)) is not None}
    to_play = engine.to_play(node)
    pad = 3 * len(to_play) + 1  # (a card touches the layer or a card before it)
    xs = [p % ROW for p in board]
    ys = [p // ROW for p in board]
    window = [y * ROW + x for y in range(min(ys) - pad, max(ys) + pad + 1)
              for x in range(min(xs) - pad, max(xs) + pad + 1)]

    def fits(f, s, cover):
        c0 = board.get(s)
        if c0 is not None and token_of(c0):
            return False
        if f == CLEARING:
            return True
        top = cover.get(s)
        if top is not None and top != CLEARING:
            return top == f
        if c0 is None:
            return True
        if top is None and fruit_of(c0) != CLEARING:
            return fruit_of(c0) == f
        return not die_of(c0) or die_fruit_of(c0) == f

    def options(card, cover):
        for _, cells, _, _ in engine.orients[card]:
            for a in window:
                squares = [(a + dp, f, n) for dp, f, n in cells]
                if (any(s in board or s in cover for s, _, _ in squares)
                        and all(fits(f, s, cover) for s, f, _ in squares)):
                    yield squares
    best, tried = 0, 0
    wb_free = not node.wheelbarrow_used

    def go(seq, cover, placed):
        nonlocal best, tried
        if not seq:
            tried += 1
            best = max(best, joint_value(items, node.supply, wb_free, placed))
            return
        for squares in options(seq[0], cover):
            now = dict(cover)
            now.update((s, f) for s, f, _ in squares)
            go(seq[1:], now, placed + [[c for c in squares if c[1] != CLEARING]])
        go(seq[1:], cover, placed)  # (the card not played: the game may end first)
    for seq in play_orders(node.hand, to_play):
        go(list(seq), {}, [])
    return best, tried


def joint(game, deal: str, prefix: int, k: int, count: int, rng: random.Random) -> None:
    """``--joint``: :func:`joint_placements` at positions a proof visits (see the docstring)."""
    _, s, sample = past_the_caps(game, deal, prefix, k, count, rng)
    e = s.engine
    out = []
    for need, capped, node in sample:
        t = time.perf_counter()
        value, tried = joint_placements(e, node)
        took = time.perf_counter() - t
        exact = exact_future(s, node)
        out.append((need, capped, value, exact))
        print(f"need {need:3}  capped {capped:3}  joint {value:3}  exact {exact:3}  "
              f"({tried:,} combinations, {took:.1f} s)", flush=True)
    if out:
        names = ("need", "capped", "joint", "exact")
        print("means: " + ", ".join(f"{n} {statistics.mean(x[i] for x in out):.1f}" for i, n in enumerate(names)))
        print(f"joint at or below the need: {sum(x[2] <= x[0] for x in out)} of {len(out)}; "
              f"below the exact future (a bug): {sum(x[2] < x[3] for x in out)}")


def main() -> None:
    from pnp.games import find_game
    from pnp.solver.search import SLOT_CARDS
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("deals", nargs="*", default=DEALS)
    ap.add_argument("--cards", type=int, nargs="+", help="cards to play (default 2 3 4 6; --relax: 4)")
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--in-proof", action="store_true", help="sample the positions a proof visits, with their need")
    ap.add_argument("--prefix", type=int, default=6,
                    help="with --in-proof, --relax, --joint or --reach: the deal's first N cards")
    ap.add_argument("--relax", action="store_true",
                    help="Grove: bound proof positions by relaxed games solved exactly (see the docstring)")
    ap.add_argument("--joint", action="store_true",
                    help="Grove: one placement a card for all fruits, with legality, at proof positions (docstring)")
    ap.add_argument("--reach", action="store_true",
                    help="with three cards to play in a proof: each card's one-step reach (see the docstring)")
    args = ap.parse_args()
    cards = args.cards or [2, 3, 4, 6]
    for wanted, probe, default_k in ((args.relax, relax, 4), (args.joint, joint, 3)):
        if wanted:  # (Grove deals without recipes)
            k = args.cards[0] if args.cards else default_k
            for deal in args.deals:
                if deal.startswith("grove") and ";" not in deal:
                    probe(find_game("grove"), deal, args.prefix, k, args.positions, random.Random(args.seed))
            return
    if args.reach:
        for deal in args.deals:
            if deal.startswith("grove"):
                one_step(find_game("grove"), deal, args.prefix, args.positions, random.Random(args.seed))
        return
    if args.in_proof:
        for deal in args.deals:
            in_proof(find_game(deal.split(":")[0]), deal, args.prefix, cards, args.positions,
                     random.Random(args.seed))
        return
    print(f"{'deal':44} {'cards':>5} {'n':>3} {'knapsack':>9} {'slots':>7} {'now':>7} {'exact':>7}")
    for deal in args.deals:
        game = find_game(deal.split(":")[0])
        for k in cards:
            rows = []
            for s, node in positions(game, deal, k, args.positions, random.Random(args.seed)):
                knap = s.bounder.knapsack(node)[0]
                slots = s.bounder.slots(node) if k <= SLOT_CARDS else None
                now = sum(s.engine.slot_reach(node, c, 0) for c in s.engine.to_play(node))
                exact = exact_future(s, node) if k <= 3 else None
                rows.append((knap, slots, now, exact))
            if not rows:
                continue

            def mean(i):
                vals = [r[i] for r in rows if r[i] is not None]
                return f"{statistics.mean(vals):.1f}" if vals else "-"
            print(f"{deal:44} {k:5} {len(rows):3} {mean(0):>9} {mean(1):>7} {mean(2):>7} {mean(3):>7}", flush=True)


if __name__ == "__main__":
    main()
