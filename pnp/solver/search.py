"""Exact, anytime search for the best score of a deal.

The search is a depth-first branch and bound over the compact engine
(:mod:`pnp.solver.engine`):

* **Incumbent first.** A beam search finds a strong line in a fraction of a
  second; the exact search only has to beat it.
* **Values are future gains.** ``V(position)`` is the most score still to come
  from a position. It depends on the position only (the visible layer, the
  hand, the draw pile, the flags), so it is stored in a transposition table
  keyed by a 128-bit Zobrist hash; an entry is either the exact value or a
  proven upper bound. The key uses absolute squares: merging layers
  equal up to a shift or a turn of the whole orchard was measured and finds
  nothing to merge (``bench/transpositions.py``).
* **Admissible bounds only.** A position is cut when an optimistic estimate
  of its future gain (:meth:`Bounder.future`) cannot beat the incumbent. The
  estimate relaxes the rules, never tightens them: each remaining card can
  raise or create at most as many dice of a fruit as it shows trees of that
  fruit, each die climbs its ladder in order and at most one step per card,
  a new die needs a tree under it, and the supply is never exceeded (see
  :class:`Bounder`). In Grove a die climbs by the fruits of the trees laid
  on it, so the cards' fruits are shared out instead of their cells
  (:meth:`Bounder.grove_gains`); then whole cells again, at most one a card
  to a die, and the wheelbarrow only where a die can still become it
  (:meth:`Bounder.cell_share`).
* **The layer cap** (Grove, compiled search): a die never leaves its square
  but to leave the orchard, so the cells that raise the layer's dice, or make
  new dice on its bare trees, are cells laid on those squares, and one
  placement of a card lays only so many of its cells there
  (:meth:`Bounder.layer_caps`: of each fruit, of each pair of fruits and
  of all, per card at most what one placement lays there). The knapsack
  splits each fruit's cells between the layer and trees laid later
  (:meth:`Bounder.cell_table`), and the caps bound the split
  (:meth:`Bounder.capped`). With two to five cards
  to play it cuts most positions the knapsack leaves (a seven-card proof:
  19.1 million positions became 7.5).
* **A bound with geometry** for the last few cards (:meth:`Bounder.slots`):
  a tree laid on a tree must match its fruit (a mismatch closes the square
  for good), so a card gains only where its cells fit the squares under
  them, and what a square can still give depends on what it shows now. The
  first card gains at most its best placement now; every other card at most
  its best placement on per-square *credits* (:meth:`Engine.credits`),
  amortised so that a stack of cards on one square is paid for once. With
  this, moves are skipped unresolved when their gain and what the other
  cards can add after them cannot win (:meth:`Bounder.rest`).
* **The last two cards** are not expanded into positions: the first card's
  placements come from the engine's packed scan, best first, and each is
  followed by the exact best of the last card until the placement's gain plus
  :meth:`Engine.reach` (what the last card can add after any one placement)
  cannot win (:meth:`Searcher.two`, :meth:`Searcher.last`).
* **Anytime.** On a time limit the search unwinds, and every open position
  reports the bound of what it had not finished; the root's bound is a proven
  upper bound on the best score.
* **Compiled.** For ``orchard``, ``orchard-pnp`` and ``grove`` (recipe
  challenges too), :meth:`Searcher.dfs` hands the position to a C core
  (:mod:`pnp.solver.compiled`, ``_orchard.c``, ``_grove.c``): the same
  search with the same bounds (the slot credits come from
  :meth:`Engine.credits`; the recipes' bound is :meth:`Bounder.recipes_bound`),
  50 times fewer seconds or more, and one transposition table in shared
  memory for every process. It visits the last two cards as ordinary
  positions (the packed scan makes them cheap) instead of
  :meth:`Searcher.two`. The beam and the parallel driver stay in Python,
  and so does everything where the extensions were not built.
* **Tests from the top.** With a time limit, Grove's exact search asks
  "is there a line scoring T or more?" for T falling from the bound
  (:meth:`Searcher.descend`), so a search that runs out of time still
  leaves a bound a few points above its line.
"""
from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field

from ..games.base import Game
from ..notation import Deal, Move
from . import compiled, parallel
from .engine import CLEARING, ROW, TOP_DIE, WHEELBARROW, Child, Engine, GroveEngine, Node, engine_for


@dataclass(frozen=True)
class Solution:
    """What ``pnp solve`` reports (SPEC §6)."""

    deal: Deal
    score: int
    proven: bool
    bound: int
    moves: tuple[Move, ...]
    nodes: int
    seconds: float
    target: int | None = None  # a Grove recipe challenge's target (SPEC §4.5), else None

    @property
    def reachable(self) -> bool | None:
        """Whether some line reaches the target: True when this line does,
        False when the bound proves none can, None when neither is known (or
        the deal has no target)."""
        if self.target is None:
            return None
        if self.score >= self.target:
            return True
        return False if self.bound < self.target else None

    def to_json(self) -> dict:
        return {"score": self.score, "proven": self.proven, "bound": self.bound,
                "moves": [m.format() for m in self.moves], "nodes": self.nodes,
                "seconds": round(self.seconds, 3)}


TABLE_SIZE = 3_000_000  # transposition entries per generation (about 340 bytes each); two are kept
PROBE = 0.1  # with a time limit: the share of it for a first exact attempt
WIDEN = 0.3  # then about this share for ever wider beams (better lines to prune with)
# the same for the compiled search, whose exact attempt proves short deals in a
# moment and improves lines faster: more of the limit goes to the search on every core
# (the attempt runs on one core; measured: 2 % of a minute made nine-card proofs 4-15 %
# slower than ½ %, and 7-card deals are proven within ½ % all the same)
NATIVE_PROBE = 0.005
NATIVE_WIDEN = 0.01
# with a time limit, these games run the exact search as tests from the top (Searcher.descend):
# a nine-card Grove proof takes far longer than any limit, and the tests bring the bound down
# nearer the best line (bench/solve.py at 20 s: a median gap of 27 points went to 12);
# Orchard's proofs fit a minute, where tests from the top would make them a third longer
DESCEND_GAMES = ("grove",)
# with a time limit, beams grow no wider than this. Grove's compiled beam ranks positions by their
# score plus the knapsack's bound (deals without recipes, twenty-fifth session): 6144 wide, its
# line is at least the score-ranked 24576-wide beam's on each of the bench's twenty nine-card
# deals, in about 1 s of a worker instead of 2.7 (two cores, free); ranked, 24576 wide found
# nothing better on the eighteen deals proven and made the proofs slower (docs/solver.md). Since
# the thirtieth session, 1536 (the same as PROOF_BEAM; on two cores that beam now runs in a worker
# while the other searches): 6144 wide, the line was better by a point on 4 of the twenty deals,
# but its 0.8 s of a core cost more than it saved; the median deals' proofs are 5 % faster without
# it, the others within the machine's noise (docs/solver.md)
TIMED_BEAM = 1536
# without a time limit, the compiled beam this wide runs before the exact search (where the core
# has one: Grove's): a better line to prune with (grove:10,2,14,12,6,17,4: the first beam's 41
# became the best, 46, and the proof took 44 million positions, not 76). Ranked by the knapsack
# too, 1536 wide finds the proven best of 15 of the bench's 18 proven nine-card Grove deals in
# 0.4 to 0.6 s, where the score-ranked 6144-wide beam found 9 in 0.9 to 1.3 s (one core, the
# other busy)
PROOF_BEAM = 1536
# the same two widths where the compiled beam ranks by the score alone: recipe challenges, whose
# recipes the knapsack does not count (ranked by it, or by a bound on the recipes too, the beams
# found better lines on some of the bench's pairs and worse on others), keep what was tuned then
SCORED_TIMED_BEAM = 24576
SCORED_PROOF_BEAM = 6144
# ... except that with a time limit the widest of those beams, and without one a second beam as wide
# as that widest (fifty-fourth session; as wide as the first before), rank positions by their score
# plus the knapsack's bound on the rest (recipes apart, and without the cut at the incumbent that
# bound makes where no recipe scores: it would drop lines the recipes lift), and the last card's
# positions by their final score, recipes included (Core.beam's `ranked` 2; thirty-first session).
# On the bench's ten pairs the widest beam so ranked found a better line than the score-ranked ones
# on three (16,13: 88, not 85, its best; 13,2: 84, not 82, its best, whose proof then takes 39 s
# instead of 77; 10,17: 94, not 93) and a worse one than the score-ranked 6144-wide beam before it
# on two (13,6 and 14,7: a point or two), for 3.7 s of a worker instead of 2.2
RECIPE_RANKED = 2
# a descent jumps to the last test (one point above the best line: the plain search) once
# that test is predicted to take at most this share of the time left (Searcher.next_test;
# the predictions measured run 1.5 times long on seven-card deals, so this leaves a margin);
# the prediction needs a last test of DESCEND_TRUST seconds at least, and three of the last
# four above DESCEND_NOISE (shorter ones are mostly set-up): on a nine-card deal two tests
# 0.24 and 0.29 s long once gave a ratio of 1.2 a point where the next ten average 1.7
DESCEND_FIT = 0.8
# ... and each point down is taken to cost at least this many times the one before: the first
# tests of a nine-card deal say 1.3 (0.12, 0.17, 0.21 s at 84, 83, 82 on grove:10,2,14,12,6,17,4,9,16)
# where the rest cost 1.7, so with a minute it jumped from 82 to the last test at 66 (300 s), which
# left the bound at 81 where descending to the end gave 73 in 20 s; seven-card deals cost 1.3 to 1.5
DESCEND_RATIO = 1.5
# Grove's compiled search on several cores with a time limit: after the beams, the plain search
# (the last test) runs for this share of the limit, then tests from the top for the rest (bench at
# a minute, eighteenth session: 0.9 proves grove:11,6,7,5,2,16,8,1,13;recipes=10,17 in 49 s, whose
# plain search needs 50 s and which 0.75 left 2 or 3 points short, and recipes 6 of 10 for 5; the
# deals not proven keep 6 s of tests instead of 15 and end 1 to 3 points further from their line)
DESCEND_PROBE = 0.9
# Orchard's compiled search with a time limit: the plain search for this share of it, then tests
# from the top for the rest. A nine-card proof mostly fits a minute; where one does not, the root's
# moves never started report their static bound, which is weak for Orchard (a minute, two cores:
# orchard:4,2,17,10,13,15,11,1,7 and orchard:2,3,17,1,18,13,8,10,16, best 48 and 49, reported 92
# and 93 with 44 of 102 root moves never started). The tests answer the moves already searched
# from the table and cut the rest at once far above the line: in the last 6 s those two came down
# to 58 and 64-66, about 25 points in the first 2 s. 0.95 keeps the proofs of up to 57 s of a minute
# (the bench's slowest, 52 s on the thirty-ninth session's slow machine), for a bound some 20
# points nearer. With short limits the tests get less done (the table holds less): at 5 s, 93 where
# 0.6 gives 80-82; at 20 s, 85 where 0.8 gives 75. A larger share costs proofs that just fit (the
# last test resumes the plain search, but not always in time): at 10 s, 0.75 took the bound of
# orchard:2,3,17,... from 90 to 77 and lost the proof of orchard:15,13,10,... (8.0 s at 0.95)
ORCHARD_PROBE = 0.95
DESCEND_TRUST = 0.2
DESCEND_NOISE = 0.05
SLOT_CARDS = 4  # Bounder.slots is tried with at most this many cards to play (measured: 3 and 5 are slower)
NATIVE_SLOT_CARDS = 4  # the same for the compiled search
# the same for the compiled Grove search: with three cards to play or more the slot bound
# seldom cuts, and its scans cost more than the moves it skips (measured on 7-card proofs:
# 2 was 2-5 % faster than 3 or 4); since the move cap, with two cards to play too: it is off
# (0 is 3.5 to 7 % faster than 2 on eight- and nine-card proofs, for 2-4 % more positions; 1
# is the same as 0, the last card going to last()). Tests still run it at 2.
NATIVE_GROVE_SLOT_CARDS = 0
# Grove's knapsack shares whole cells rather than fruits with at most this many cards to play
# (Bounder.cell_share; _grove.c's CELL_CARDS), and each count of cells at most CELLS_MAX (a
# nine-card deal, on a test from the top at 77: 94 million positions with three cards, 42 with
# four, 36 with five or more; proofs gain nearly all with three)
CELL_CARDS = 9
CELLS_MAX = 15


class _Timeout(Exception):
    def __init__(self, bound: int = 0):
        self.bound = bound


# ----------------------------------------------------------------- bounds


def raised(value: int, n: int) -> int:
    """What a Grove die of ``value`` shows raised by ``n`` fruits (SPEC §4.3b):
    above 6 it shows 10; the wheelbarrow stays 15 (on a clearing it is the
    knapsack's one item that starts from it: a tree of its fruit puts it back
    on a tree)."""
    if value == WHEELBARROW:
        return WHEELBARROW
    return value + n if value + n <= 6 else TOP_DIE


def counted_die(c: int) -> bool:
    """Whether Grove cell code ``c`` holds a die the bounds count: any but the
    wheelbarrow on a tree (it gains nothing more); on a clearing, a tree of
    its fruit puts its 15 back on a tree (:func:`raised`)."""
    d = (c >> 6) & 31
    return bool(d) and (d != WHEELBARROW or (c & 3) == CLEARING)


def layer_item(c: int) -> tuple[int, int, bool, bool] | None:
    """What the Grove square showing ``c`` is to the bounds, as (fruit, value,
    on a tree, bare): a die they count (:func:`counted_die`), or a tree with
    neither die nor token (bare; its value: its fruits), a cell of whose fruit
    makes a new die; else None."""
    d = (c >> 6) & 31
    if d:
        return ((c >> 11) & 3, d, (c & 3) != CLEARING, False) if counted_die(c) else None
    if not c & 48 and (c & 3) != CLEARING:
        return (c & 3, (c >> 2) & 3, False, True)
    return None


def _chain(step, value: int, contributes: bool, k: int) -> list[int]:
    """Score increments of one die climbing ``k`` times, each time as far as it can."""
    out = []
    now = value if contributes else 0
    for _ in range(k):
        value = step(value)
        out.append(value - now)
        now = value
    return out


def _best_choice(items: list[list[tuple[int, int]]], capacity: int) -> int:
    """A knapsack where each item takes at most one of its ``(cost, gain)``
    options: the most gain within ``capacity``."""
    best = [0] * (capacity + 1)  # best[c]: the most with at most c spent
    for options in items:
        nxt = best[:]
        for cost, gain in options:
            if gain <= 0:
                continue
            for c in range(cost, capacity + 1):
                v = best[c - cost] + gain
                if v > nxt[c]:
                    nxt[c] = v
        best = nxt
    return best[capacity]


class Bounder:
    """Admissible upper bounds on the future gain of a position."""

    def __init__(self, engine: Engine):
        self.e = engine
        self.grove = isinstance(engine, GroveEngine)
        if self.grove:
            def step(v: int) -> int:  # the furthest a die can climb in one covering
                if v == 0:
                    return 4  # a new die: two trees of two fruits each
                if v >= TOP_DIE:
                    return v  # the wheelbarrow is counted once, apart
                return v + 2 if v + 2 <= 6 else TOP_DIE
        else:
            ladder = dict(engine.ladder)

            def step(v: int) -> int:
                return ladder[v]
        self.step = step
        self._chains: dict = {}
        self._shares: dict = {}
        # Grove: per card, per fruit, its fruits (a cell of two counts two)
        self.card_units = [tuple(sum(n for _, f, n in lst[0][1] if f == g) for g in range(engine.nfruits))
                           for lst in engine.orients]
        # Grove: per card, per fruit, its cells of two fruits and of one
        self.card_cells = [tuple((sum(1 for _, f, n in lst[0][1] if f == g and n == 2),
                                  sum(1 for _, f, n in lst[0][1] if f == g and n == 1)) for g in range(engine.nfruits))
                           for lst in engine.orients]
        # Grove: per card, per fruit, the most fruits of one of its trees (the most it raises a die by)
        self.card_top = [tuple(max([n for _, f, n in lst[0][1] if f == g], default=0) for g in range(engine.nfruits))
                         for lst in engine.orients]
        # Grove: per card, per fruit, the most of its trees one placement lays on one line of three
        # squares (such a line meets a card in one of its rows or columns)
        self.line_reach = [tuple(max(sum(1 for dp, f, _ in cells if f == g and (dp // ROW if rows else dp % ROW) == at)
                                     for _, cells, _, _ in lst for rows in (0, 1) for at in range(3))
                                 for g in range(engine.nfruits))
                           for lst in engine.orients]

    def chain(self, value: int, contributes: bool, k: int) -> list[int]:
        key = (value, contributes, k)
        c = self._chains.get(key)
        if c is None:
            c = self._chains[key] = [x for x in _chain(self.step, value, contributes, k) if x > 0]
        return c

    def cells_left(self, node: Node) -> tuple[list[int], int]:
        """Per fruit, its cells on the cards still to play; and how many cards those are."""
        e = self.e
        remaining = e.to_play(node)
        covers = [0] * e.nfruits
        for i in remaining:
            for f, n in enumerate(e.card_fruits[i]):
                covers[f] += n
        return covers, len(remaining)

    def fruit_gains(self, node: Node, spare: int = 0) -> list[int]:
        """Per fruit: the most its dice can still add to the score.

        A relaxation of the rules, fruit by fruit: every cell of that fruit on
        the cards still to play is one *event* (it raises or creates one die),
        placed anywhere. Each die climbs its ladder in order, at most once per
        card; a new die needs a tree of its fruit without a die under it: one
        visible now, or a cell of a later card laid without making an event
        (so it costs one more cell). The best share of the events among the
        dice is a small knapsack over the dice (:meth:`best_share`). Grove
        counts fruits rather than cells (:meth:`grove_gains`)."""
        if self.grove:
            return self.grove_gains(node, spare)
        e = self.e
        covers, k = self.cells_left(node)
        nf = e.nfruits
        dice, bases = self.layer_dice(node)
        supply = [n + spare for n in node.supply]
        return [self.best_share(dice[f], supply[f], min(len(bases[f]), supply[f]),
                                covers[f], k) for f in range(nf)]

    def layer_dice(self, node: Node) -> tuple[list[tuple], list[tuple]]:
        """Per fruit: its dice as (value, on a tree) pairs, lowest first (the
        wheelbarrow too where it lies on a clearing: a tree of its fruit puts
        its 15 back on a tree; not on a tree, where it gains nothing more);
        and the fruit counts of its trees with neither die nor token, highest
        first (kept on the node)."""
        if node.layer is not None:
            return node.layer
        nf = self.e.nfruits
        dice: list[list] = [[] for _ in range(nf)]
        bases: list[list] = [[] for _ in range(nf)]
        for c in node.board.values():
            item = layer_item(c)
            if item is not None:
                f, value, tree, bare = item
                if bare:
                    bases[f].append(value)
                else:
                    dice[f].append((value, tree))
        got = node.layer = ([tuple(sorted(x)) for x in dice], [tuple(sorted(x, reverse=True)) for x in bases])
        return got

    def grove_gains(self, node: Node, spare: int = 0) -> list[int]:
        """:meth:`fruit_gains` for Grove, where a tree cell of one fruit
        raises a die by 1 and one of two by 2 (SPEC §4.3b): per fruit, the
        fruits on its cells still to play are a pool of *units*. A die given
        ``S`` units shows ``v + S``, or 10 above 6, so only the sum matters,
        not the order; it takes at most two a card. A new die on a visible
        tree of ``b`` fruits shows ``b + S`` (``S`` >= 1); one on a tree a
        later card lays shows ``S``, the base cell's fruits included
        (``S`` >= 2). Dice on clearings count whole once raised (they come
        onto a tree), the wheelbarrow apart (:meth:`knapsack`). Relaxed:
        the units of any cells may go to any die. With at most
        :data:`CELL_CARDS` cards to play, whole cells are shared out instead
        (:meth:`cell_share`)."""
        return [g for g, _ in self.grove_shares(node, spare)]

    def grove_shares(self, node: Node, spare: int = 0) -> list[tuple[int, int | None]]:
        """Per fruit, :meth:`grove_gains`'s bound and, with whole cells, the
        bound where one of its dice becomes the wheelbarrow (None: none can,
        or the cells are not counted one by one)."""
        e = self.e
        nf = e.nfruits
        remaining = e.to_play(node)
        dice, bases = self.layer_dice(node)
        cells = self.cells_of(remaining)
        if cells is not None:
            return [self.cell_share(dice[f], bases[f], node.supply[f] + spare, cells[f]) for f in range(nf)]
        units = [0] * nf
        for i in remaining:
            for f, n in enumerate(self.card_units[i]):
                units[f] += n
        k = len(remaining)
        return [(self.unit_share(dice[f], bases[f], node.supply[f] + spare, units[f], k), None) for f in range(nf)]

    def cells_of(self, cards) -> list[tuple] | None:
        """Per fruit, the cells of ``cards`` as :meth:`cell_share` takes them
        (of two fruits, of one; the cards with some of two, of one, of
        either), or None where the knapsack shares units instead (more than
        :data:`CELL_CARDS` cards, or more than :data:`CELLS_MAX` cells of one kind)."""
        if len(cards) > CELL_CARDS:
            return None
        out = []
        for f in range(self.e.nfruits):
            n2 = n1 = c2 = c1 = ca = 0
            for i in cards:
                a, b = self.card_cells[i][f]
                n2, n1, c2, c1, ca = n2 + a, n1 + b, c2 + (a > 0), c1 + (b > 0), ca + (a + b > 0)
            if n2 > CELLS_MAX or n1 > CELLS_MAX:
                return None
            out.append((n2, n1, c2, c1, ca))
        return out

    def cell_share(self, dice: tuple, bases: tuple, supply: int, cells: tuple) -> tuple[int, int | None]:
        """The most whole cells add to ``dice``, to the visible trees of
        ``bases`` and to ``supply`` new dice (:meth:`unit_share`, cell by
        cell): ``cells`` is ``(n2, n1, c2, c1, ca)``, ``n2`` cells of two
        fruits and ``n1`` of one on the cards to play, ``c2`` of which have
        one of two, ``c1`` one of one, ``ca`` either. A die takes at most one
        cell a card: at most ``c2`` of two, ``c1`` of one, ``ca`` in all (so a
        cell of two never splits its fruits between two dice, and a card adds
        nothing to a die it has no cell for). The cells' sum is what counts, in
        any order.

        Returns the most without the wheelbarrow, and the most where one of
        these dice becomes it (None if none can): a die that shows 10 before
        its last cell (the smallest) gets 15, and the die it sends back to
        the supply may be a new one (the next visible tree, or a later one)."""
        key = ("cells", dice, bases, supply, cells)
        got = self._shares.get(key)
        if got is not None:
            return got
        items = self.cell_items(dice, bases, supply)
        best = {(0, 0, 0): 0}  # (cells of two used, of one, the wheelbarrow made) -> the most
        for i, item in enumerate(items):
            best = self.share_step(best, item, i == len(items) - 1, cells)
        without = max(b for (_, _, w), b in best.items() if not w)
        got = self._shares[key] = (without, max((b for (_, _, w), b in best.items() if w), default=None))
        return got

    @staticmethod
    def cell_items(dice: tuple, bases: tuple, supply: int, ready: int | None = None) -> list[tuple]:
        """:meth:`cell_share`'s items, each ``(the value it starts from, what
        it scores now, the cells that make it show, a new die, on the layer)``:
        the dice, the new dice on visible trees the supply allows (at most
        ``ready`` of them, where given), the new dice on trees laid later,
        then the die the wheelbarrow frees (the next visible tree, or a later
        one)."""
        b2, b1 = bases.count(2), bases.count(1)
        ready = supply if ready is None else ready
        r2 = min(b2, ready)
        r1 = min(b1, ready - r2)
        items = [(v, v if tree else 0, 1, False, True) for v, tree in dice]
        items += [(2, 0, 1, True, True)] * r2 + [(1, 0, 1, True, True)] * r1
        items += [(0, 0, 2, True, False)] * (supply - r2 - r1)
        items.append((2, 0, 1, True, False) if b2 > r2 else (1, 0, 1, True, False) if b1 > r1
                     else (0, 0, 2, True, False))
        return items

    @staticmethod
    def share_step(best: dict, item: tuple, is_freed: bool, cells: tuple) -> dict:
        """:meth:`cell_share`'s states after one more item: ``best`` maps
        (cells of two used, of one, the wheelbarrow made) to the most."""
        n2, n1, c2, c1, ca = cells
        v, paid, least, new, _ = item
        nxt = dict(best)
        for a2 in range(min(c2, n2) + 1):
            for a1 in range(min(c1, n1) + 1):
                used, n = a2 + a1, 2 * a2 + a1
                if not 0 < used <= ca or used < least:
                    continue
                gain = raised(v, n) - paid
                # the wheelbarrow: the die (a new one made first) shows 10 before its last cell
                # (the smallest) raises it
                barrow = WHEELBARROW - paid if (not is_freed and used >= least + new
                                                and v + n - (1 if a1 else 2) > 6) else None
                for (u2, u1, w), b in best.items():
                    if u2 + a2 > n2 or u1 + a1 > n1 or (is_freed and not w):
                        continue
                    to = (u2 + a2, u1 + a1, w)
                    if gain > 0 and b + gain > nxt.get(to, -1):
                        nxt[to] = b + gain
                    if not w and barrow is not None and b + barrow > nxt.get(to[:2] + (1,), -1):
                        nxt[to[:2] + (1,)] = b + barrow
        return nxt

    def cell_table(self, dice: tuple, bases: tuple, supply: int, cells: tuple) -> list[list[int | None]]:
        """:meth:`cell_share` split by the cells that go to the layer as it
        is (its dice and the new dice on its bare trees): ``V[w][t]``, the most
        with at most ``t`` of them (``t`` up to ``2 * CELLS_MAX``), without the
        wheelbarrow (``w`` 0) and where one of these dice becomes it (1; None
        where none can). The layer's items come first, so a state's cells when
        they are done are its cells on the layer; the later items are shared
        out apart, from no cells, per wheelbarrow made before them.

        A way may leave ready trees bare and make its new dice later instead
        (the caps bound the cells on the layer, not those): so the table is
        the most over the ways with at most ``r`` of the supply's new dice on
        ready trees and the rest later, for ``r`` from all the ready trees the
        supply allows down to where the rest are as many later dice as the
        cells can make (two cells each). With all of them only (until the
        forty-second session), a move cap was found below the exact value
        where a fruit's bare trees took its whole supply."""
        key = ("table", dice, bases, supply, cells)
        got = self._shares.get(key)
        if got is not None:
            return got
        n2, n1 = cells[:2]
        top = 2 * CELLS_MAX
        table: list[list[int | None]] = [[None] * (top + 1) for _ in (0, 1)]
        ready = min(bases.count(2) + bases.count(1), supply)
        least = min(max(supply - (n2 + n1) // 2, 0), ready)
        for r in range(ready, least - 1, -1):
            items = self.cell_items(dice, bases, supply, r)
            on_layer = [it for it in items[:-1] if it[4]]
            layer = {(0, 0, 0): 0}
            for item in on_layer:
                layer = self.share_step(layer, item, False, cells)
            later = {}
            for w in (0, 1):
                states = {(0, 0, w): 0}
                for i in range(len(on_layer), len(items)):
                    states = self.share_step(states, items[i], i == len(items) - 1, cells)
                later[w] = states
            for (u2, u1, w), b in layer.items():
                for (x2, x1, wo), rest in later[w].items():
                    if u2 + x2 <= n2 and u1 + x1 <= n1:
                        t = u2 + u1
                        if table[wo][t] is None or b + rest > table[wo][t]:
                            table[wo][t] = b + rest
        for row in table:
            for t in range(1, top + 1):
                if row[t - 1] is not None and (row[t] is None or row[t - 1] > row[t]):
                    row[t] = row[t - 1]
        self._shares[key] = table
        return table

    #: the layer caps (:meth:`layer_caps`): per fruit, per pair of fruits, in all
    CAP_PAIRS = ((0, 1), (0, 2), (1, 2))

    @classmethod
    def caps_of_counts(cls, n: list[int]) -> list[int]:
        """The seven caps one placement gives, from the cells ``n[f]`` it lays
        on the layer's squares of each fruit: per fruit, per pair of fruits
        (:data:`CAP_PAIRS`), in all."""
        n = list(n) + [0] * (3 - len(n))
        return n[:3] + [n[f] + n[g] for f, g in cls.CAP_PAIRS] + [sum(n)]

    def layer_caps(self, node: Node, placed: tuple | None = None) -> list[int]:
        """How many cells of the cards still to play can go to the layer as
        it is: per fruit, per pair of fruits and in all (:meth:`caps_of_counts`;
        fruits a deck lacks count 0), for :meth:`capped`.

        A die never leaves its square but to leave the orchard, so a cell
        raises a die of the layer, or makes a new die on a tree bare now,
        only on the square it stands on. Per card: the most of its tree cells
        one placement lays on squares of their fruit's dice and bare trees
        (any placement, legal now or not: earlier cards may change the layer
        first), of each fruit, of each pair of fruits and of all of them (so
        a card whose best placement for one fruit is not its best for
        another is not counted at both); summed over the cards.

        ``placed``: ``(card, anchor, cells)``, a hand card about to be played
        there (:meth:`Engine.placements`); its counts are then the cells that
        placement lays on those squares (the move cap)."""
        e = self.e
        nf = e.nfruits
        squares: list[set] = [set() for _ in range(nf)]
        for p, c in node.board.items():
            item = layer_item(c)
            if item is not None:
                squares[item[0]].add(p)
        caps = [0] * 7
        for card in e.to_play(node):
            if placed is not None and card == placed[0]:
                _, a, cells = placed
                n = [0] * nf
                for dp, f, _ in cells:
                    if f != CLEARING and a + dp in squares[f]:
                        n[f] += 1
                caps = [x + y for x, y in zip(caps, self.caps_of_counts(n))]
                continue
            most = [0] * 7
            for _, cells, _, _ in e.orients[card]:
                counts: dict[int, list[int]] = {}
                for dp, f, _ in cells:
                    if f == CLEARING:
                        continue
                    for p in squares[f]:
                        n = counts.setdefault(p - dp, [0] * nf)
                        n[f] += 1
                for n in counts.values():
                    most = [max(a, b) for a, b in zip(most, self.caps_of_counts(n))]
            caps = [a + b for a, b in zip(caps, most)]
        return caps

    def capped(self, node: Node, placed: tuple | None = None) -> int:
        """The knapsack (:meth:`knapsack`, recipes apart) with the layer's
        caps (:meth:`layer_caps`): each fruit's :meth:`cell_table` gives the
        layer some of its cells, within every cap (of the fruit, of each pair
        it is in, of all), and one fruit at most gets the wheelbarrow. Only
        with whole cells (else the knapsack itself).

        With ``placed`` (:meth:`layer_caps`), the move cap: a bound on what
        that placement gains and on all that can follow it, since the card
        played now lays on the layer's dice and bare trees just the cells
        that placement puts on them (the core tries it on each move before
        resolving it, ``move_cap``)."""
        e = self.e
        remaining = e.to_play(node)
        cells = self.cells_of(remaining)
        if cells is None:
            return self.knapsack(node)[0]
        dice, bases = self.layer_dice(node)
        caps = self.layer_caps(node, placed)
        top = 2 * CELLS_MAX
        tables = [self.cell_table(dice[f], bases[f], node.supply[f], cells[f]) for f in range(e.nfruits)]
        best = 0
        for t in itertools.product(*(range(min(caps[f], top) + 1) for f in range(e.nfruits))):
            if any(x > c for x, c in zip(self.caps_of_counts(t)[3:], caps[3:])):
                continue
            if any(table[0][x] is None for table, x in zip(tables, t)):
                continue
            value = sum(table[0][x] for table, x in zip(tables, t))
            if not node.wheelbarrow_used:  # (to the fruit it helps most)
                value += max([0] + [table[1][x] - table[0][x] for table, x in zip(tables, t) if table[1][x] is not None])
            best = max(best, value)
        return best

    def unit_share(self, dice: tuple, bases: tuple, supply: int, units: int, k: int) -> int:
        """The most ``units`` can add to ``dice`` ((value, on a tree) pairs)
        and to ``supply`` new dice, on the visible trees of ``bases`` fruits
        first (:meth:`grove_gains`)."""
        key = ("units", dice, bases, supply, units, k)
        v = self._shares.get(key)
        if v is not None:
            return v
        top = min(2 * k, units)
        ready = bases[:supply]
        items = [[(n, raised(v, n) - (v if tree else 0)) for n in range(1, top + 1)] for v, tree in dice]
        items += [[(n, raised(b, n)) for n in range(1, top + 1)] for b in ready]
        items += [[(n, raised(0, n)) for n in range(2, top + 1)]] * (supply - len(ready))
        v = self._shares[key] = _best_choice(items, units)
        return v

    def knapsack(self, node: Node) -> tuple[int, list[int]]:
        """The knapsack's bound on the score still to come (recipes apart), and
        per fruit a bound on what its dice can add.

        Grove: while the wheelbarrow is unused it adds at most 5 once, and the
        die it replaces goes back to the supply, where a new die may take it
        (SPEC §4.3b-c). Only one fruit gets that die: the total takes the
        fruit it helps most; each fruit's own bound allows it. With whole
        cells (:meth:`cell_share`) the wheelbarrow counts only for a fruit one
        of whose dice can still become it."""
        if not self.grove:
            gains = self.fruit_gains(node)
            return sum(gains), gains
        shares = self.grove_shares(node)
        total = sum(g for g, _ in shares)
        if node.wheelbarrow_used:
            return total, [g for g, _ in shares]
        freed = self.grove_gains(node, spare=1)
        if self.cells_of(self.e.to_play(node)) is not None:
            return total + max([w - g for g, w in shares if w is not None] + [0]), freed
        return total + WHEELBARROW - TOP_DIE + max(a - g for a, (g, _) in zip(freed, shares)), freed

    def best_share(self, dice: tuple, supply: int, bases: int, events: int, k: int) -> int:
        """The most ``events`` climbs can add to ``dice`` ((value, on a tree)
        pairs) and to ``supply`` new dice, ``bases`` of which have a tree ready."""
        key = (dice, supply, bases, events, k)
        v = self._shares.get(key)
        if v is not None:
            return v
        items = [(self.chain(d, tree, k), 0) for d, tree in dice]
        items += [(self.chain(0, True, k), 0)] * bases
        items += [(self.chain(0, True, k - 1), 1)] * (supply - bases)
        # a die climbing n times costs n events (and a new one on a later tree one more)
        v = self._shares[key] = _best_choice(
            [[(n + extra, sum(chain[:n])) for n in range(1, len(chain) + 1)] for chain, extra in items], events)
        return v

    def later(self, node: Node) -> tuple[dict, int]:
        """Card still to play -> the most it is credited by a placement when
        some other card is played first (:meth:`Engine.credits`, amortised
        over the cards still to play), and the unit of those credits."""
        got = node.later
        if got is None:
            e = self.e
            cards = e.to_play(node)
            n = len(cards) - 1
            got = node.later = ({c: e.slot_reach(node, c, n) for c in cards}, e.credit_unit(n))
        return got

    def slots(self, node: Node, need: int | None = None) -> int:
        """An upper bound on the score the cards still to play can add (recipes
        apart), with geometry: the first card is one of the hand and gains at
        most its best placement now; the others together at most the sum of
        their best credited placements (:meth:`later`). Where the rules fix a
        square's fruit, a card has to match it there, which the fruit-by-fruit
        knapsack of :meth:`knapsack` cannot see. A card's credits are never
        below what it gains now, so the sum of all credits is a bound too: it
        comes back at once when it is already at most ``need``."""
        later, unit = self.later(node)
        total = sum(later.values())
        if need is not None and total // unit <= need:
            return total // unit
        return max((self.e.slot_reach(node, c, 0) * unit + total - later[c]) // unit for c in node.hand)

    def rest(self, node: Node) -> dict | None:
        """With at most :data:`SLOT_CARDS` cards to play: hand card -> an upper
        bound on what all cards but it (and the recipes) can add after it is
        played, however; else None."""
        if len(self.e.to_play(node)) > SLOT_CARDS:
            return None
        later, unit = self.later(node)
        total = sum(later.values())
        bonus = self.recipes_bound(node)
        return {c: (total - later[c]) // unit + bonus for c in node.hand}

    def future(self, node: Node, need: int | None = None) -> int:
        """An upper bound on the score still to come from ``node`` (recipes included).

        The fruit-by-fruit knapsack (:meth:`knapsack`) comes first; with
        ``need`` and at most :data:`SLOT_CARDS` cards to play, when it does not
        reach down to ``need``, the geometric bound of :meth:`slots` is tried
        too."""
        total, gains = self.knapsack(node)
        bonus = self.recipes_bound(node, gains) if self.grove else 0
        if need is not None and total + bonus > need and len(self.e.to_play(node)) <= SLOT_CARDS:
            slots = self.slots(node, need - bonus)
            if slots < total:
                total = slots
        return total + bonus

    def recipes_bound(self, node: Node, gains: list[int] | None = None) -> int:
        """An upper bound on the recipe bonuses at the end of any game from ``node``."""
        return sum(self.recipe_bounds(node, gains))

    def recipe_bounds(self, node: Node, gains: list[int] | None = None) -> list[int]:
        """Per recipe, an upper bound on what it adds at the end of any game
        from ``node`` (:meth:`recipe_max`)."""
        e = self.e
        if not self.grove or not e.recipes:
            return []
        if gains is None:
            gains = self.knapsack(node)[1]
        nf = e.nfruits
        sums = [0] * nf  # per fruit: dice values on trees, the wheelbarrow too
        totals = [0] * nf  # per fruit: every die (clearings too), the wheelbarrow apart
        values: list[list[int]] = [[] for _ in range(nf)]  # per fruit: the dice, the wheelbarrow apart
        barrow = None  # the wheelbarrow's fruit, once it is in the orchard
        bare = [[] for _ in range(nf)]  # per fruit: its bare trees' fruits (no die, no squirrel)
        for c in node.board.values():
            d = (c >> 6) & 31
            if d:
                f = (c >> 11) & 3
                if d == WHEELBARROW:
                    barrow = f
                else:
                    values[f].append(d)
                    totals[f] += d
                if (c & 3) != CLEARING:
                    sums[f] += d
            elif (c & 3) != CLEARING and not (c >> 4) & 3:
                bare[c & 3].append((c >> 2) & 3)
        covers, k = self.cells_left(node)
        cards = e.to_play(node)
        reach = [sum(self.line_reach[i][f] for i in cards) for f in range(nf)]
        tops = [[self.card_top[i][f] for i in cards if self.card_top[i][f]] for f in range(nf)]
        state = (sums, totals, values, barrow, covers, gains, k, reach, bare, tops)
        return [self.recipe_max(r, node, state) for r in e.recipes]

    def line_possible(self, node: Node, f: int, counted: bool, k: int, reach: int, fresh: int) -> bool:
        """Whether a line of three dice of fruit ``f`` can still be in the
        orchard at the end, with ``k`` cards to play that lay at most ``reach``
        trees of ``f`` on one line between them and make at most ``fresh`` new
        dice of ``f``. Dice never move off their square, so each square of the
        line needs a die of ``f`` there now (0 cells; the wheelbarrow where the
        recipe counts it), a bare tree of ``f`` (1 cell of ``f`` on it), an
        empty square or a clearing (2: a tree of ``f``, then one on it, from
        two cards) or a bare tree of another fruit (3: a tree of ``f`` may not
        cover it, so a clearing first, then two trees of ``f``, from three
        cards; one clearing a card); the squirrel's square and a die of
        another fruit never hold one. A line on squares bare now needs two
        cards with three trees of ``f`` in a row."""
        if k >= 2 and reach >= 6 and fresh >= 3:
            return True
        board = node.board

        def need(p: int) -> int | None:
            c = board.get(p)
            if c is None:
                return 2
            if (c >> 4) & 3:
                return None  # the squirrel's square
            d = (c >> 6) & 31
            if d:
                return 0 if (c >> 11) & 3 == f and (counted or d != WHEELBARROW) else None
            return 1 if c & 3 == f else 2 if c & 3 == CLEARING else 3

        for p in board:
            if need(p) not in (0, 1):
                continue
            for step in (1, ROW):
                for start in (p - 2 * step, p - step, p):
                    needs = [need(start + i * step) for i in range(3)]
                    if None in needs:
                        continue
                    a, b, c = needs.count(1), needs.count(2), needs.count(3)
                    if (b and k < 2) or (a and k < 1) or (c and c > k - 2):
                        continue
                    if a + 2 * (b + c) <= reach and a + b + c <= fresh:
                        return True
        return False

    def recipe_max(self, recipe, node: Node, state) -> int:
        """The most ``recipe`` can add at the end: 0 when its condition is out of
        reach, else the most its reward can be."""
        e = self.e
        sums, totals, values, barrow, covers, gains, k, reach, bare, tops = state
        wb = 0 if node.wheelbarrow_used else WHEELBARROW - TOP_DIE
        counted = recipe.wheelbarrow_counts
        spare = 0 if node.wheelbarrow_used else 1  # raising a 10 to the wheelbarrow frees a die

        def fresh(f: int) -> int:
            # a new die needs a die from the supply and a tree of its fruit on a bare tree of
            # it, or two (from two cards) on any other square
            on_bare = min(len(bare[f]), covers[f])
            return min(on_bare + ((covers[f] - on_bare) // 2 if k >= 2 else 0), node.supply[f] + spare)

        def most_dice(f: int) -> int:
            n = len(values[f]) + fresh(f)
            return n + 1 if counted and barrow == f else n

        def climbs(f: int) -> list[tuple[int, int]]:
            # per die of the fruit (and a new one, 0, if one can still come):
            # its value and how often it can still climb (once per card, one
            # cell of the fruit each time)
            starts = values[f] + ([0] if covers[f] and node.supply[f] + spare else [])
            return [(v, min(k, covers[f])) for v in starts]

        def highest(f: int) -> int:
            top = 0
            for v, n in climbs(f):
                for _ in range(n):
                    v = self.step(v)
                top = max(top, v)
            # and each card raises a die at most by its largest tree of the fruit: the highest die
            # by all of them, a new one on a bare tree of the fruit (one card at least) or on a
            # square without one (two) from the tree's fruits
            raise_by = sum(tops[f])  # (tops: per card that has a tree of f, its largest)
            h = max(values[f]) + raise_by if values[f] else 0
            new = node.supply[f] + spare > 0
            if new and bare[f] and tops[f]:
                h = max(h, max(bare[f]) + raise_by)
            if new and len(tops[f]) >= 2:
                h = max(h, raise_by)
            return min(top, h if h <= 6 else TOP_DIE)

        def barrow_possible() -> bool:
            if barrow is not None:
                return True
            if node.wheelbarrow_used:
                return False  # it was in the orchard and the squirrel took it
            for f in range(e.nfruits):
                for v, n in climbs(f):
                    while n and v < TOP_DIE:
                        v, n = self.step(v), n - 1
                    if v >= TOP_DIE and n:  # at the top with a climb to spare
                        return True
            return False

        def fruits(arg) -> range | tuple:
            return range(e.nfruits) if arg == "any" else (e.fruit_index[arg],)

        kind, arg = recipe.condition
        if kind == "squirrel_unused" and node.tokens_used:
            return 0
        if kind == "dice_at_least" and sum(most_dice(f) for f in fruits(arg[0])) < arg[1]:
            return 0
        if kind == "all_dice_in_play" and all(most_dice(f) < e.dice_per_fruit for f in fruits(arg)):
            return 0
        if kind == "line_of_three" and not any(
                most_dice(f) >= 3 and self.line_possible(node, f, counted, k, reach[f], fresh(f))
                for f in fruits(arg)):
            return 0
        if kind == "each_fruit_at_least" and not all(
                highest(f) >= arg or (counted and barrow == f and WHEELBARROW >= arg) for f in range(e.nfruits)):
            return 0
        if kind == "wheelbarrow_used" and not barrow_possible():
            return 0
        if kind == "fruit_total_at_least":
            # every climb of a die of the fruit is one of its events (gains); a
            # die on a clearing is counted in the total already, so this overshoots
            top = sum(totals[f] + gains[f] + wb + (WHEELBARROW if barrow == f else 0)
                      for f in fruits(arg[0])) if counted else \
                sum(totals[f] + gains[f] for f in fruits(arg[0]))
            if top < arg[1]:
                return 0
        rkind, rarg = recipe.reward
        if rkind == "points":
            return rarg
        if rkind == "double":
            f = e.fruit_index[rarg]
            return sums[f] + gains[f] + wb  # sums has the wheelbarrow, if it is on a tree
        if rkind == "points_per_die":
            f, n = rarg
            return n * sum(most_dice(g) for g in fruits(f))
        raise ValueError(rkind)  # pragma: no cover


# ----------------------------------------------------------------- search


@dataclass
class _Entry:
    value: int
    exact: bool


@dataclass
class Searcher:
    game: Game
    deal: Deal
    time_limit: float | None = None
    beam_width: int = 24
    progress: object = None  # called as progress(nodes, best, seconds) now and then
    node_limit: int | None = None  # stop after about this many positions (deterministic)
    widths: tuple = ()  # with node_limit: the beam widths to run first
    jobs: int = 1  # processes for the exact search (see :mod:`pnp.solver.parallel`)
    native: bool = True  # the compiled exact search where there is one (:mod:`pnp.solver.compiled`)
    stop: object = None  # called now and then: True ends the search as a time limit would (Ctrl-C)
    known: tuple | None = None  # (score, moves): a line known to reach that score (a puzzle's proof
    # file), the search's line from the start: only better ones are looked for
    engine: Engine = field(init=False)

    def __post_init__(self):
        self.engine = engine_for(self.game, self.deal)
        self.bounder = Bounder(self.engine)
        self.tt: dict = {}
        self.old_tt: dict = {}  # the table before it last filled up (looked up, never written)
        self.nodes = 0
        self.best = -10 ** 9
        self.best_line: list[Child] = []
        self.found: tuple | None = None  # (score, moves): a line found in a worker process (on_every_core)
        self.path: list[Child] = []
        self.deadline = None
        self.next_check = 0
        self.floor = -10 ** 9  # the best score another process has found (parallel search)
        self.share = None  # set in a worker process: called at each check with the own best
        self.core = None  # the compiled search, built at the first dfs (a beam needs none)
        self.deferred: int | None = None  # a beam's width left for on_every_core (widen)
        if self.known is not None:
            score, moves = self.known
            self.best, self.found = score, (score, tuple(moves))

    # -- helpers ---------------------------------------------------------------
    def stopped(self) -> bool:
        """Whether the caller asked the search to end now (:attr:`stop`)."""
        return self.stop is not None and bool(self.stop())

    def expired(self, now: float) -> bool:
        """Whether the search must end at this check: the deadline passed, the
        node limit is reached, or the caller asked it to stop."""
        return (self.deadline is not None and now > self.deadline) or \
            (self.node_limit is not None and self.nodes >= self.node_limit) or self.stopped()

    def cut_short(self, now: float) -> bool:
        """Whether a beam must end at this check: the deadline passed or the
        caller asked the search to stop (Ctrl-C). Not the node limit: the
        daily puzzles' search, node-limited, runs its beams whole, and so
        stays as it was."""
        return (self.deadline is not None and now > self.deadline) or self.stopped()

    def incumbent(self) -> int:
        """The best score found, here or (a parallel search) by any process."""
        return self.best if self.best > self.floor else self.floor

    def terminal_bonus(self, node: Node) -> int:
        e = self.engine
        return e.score(node, final=True) - e.score(node)

    def ordered(self, node: Node, cur: int) -> list[tuple[int, Child]]:
        e = self.engine
        kids = [(e.child_score(c) - cur, c) for c in e.children(node)]
        kids.sort(key=lambda gc: -gc[0])
        return kids

    def line_first(self, kids: list[tuple[int, Child]]) -> list[tuple[int, Child]]:
        """The root's moves ``kids`` with the first move of the best line so far
        (the beams') first: the lines near it are often better, and the first
        worker finds them at once (a line of the widest beam stays open there)."""
        if self.best_line:
            n = len(self.engine.refs)
            head = self.best_line[0].key(n)
            for i, (_, c) in enumerate(kids):
                if c.key(n) == head:
                    return [kids[i]] + kids[:i] + kids[i + 1:]
        return kids

    def moves(self, node: Node) -> list[tuple[int, int, int, tuple, int]]:
        """The placements of both hand cards, best first, not yet resolved:
        ``(gain, card, rot, cells, anchor)``; ``gain`` is the best of the
        placement's outcomes, or an upper bound on it (:meth:`Engine.scored`)."""
        out = []
        for hi in node.hand:
            for gain, rot, cells, a in self.engine.scored(node, hi, upper=True):
                out.append((gain, hi, rot, cells, a))
        out.sort(key=lambda m: -m[0])
        return out

    # -- beam search (the first incumbent) ---------------------------------------
    def beam(self, width: int, whole: bool = False) -> bool:
        """Keep the ``width`` best positions after each turn (best: score so far).
        True when nothing was ever dropped: then the beam saw every position and
        its best line is the proven best. It ends early, False, at the deadline
        or a stop (:meth:`cut_short`), unless ``whole`` (the first beam, which
        gives the search its first line)."""
        complete = True
        e = self.engine
        n = len(e.refs)
        frontier = [(e.score(e.start()), e.start(), [])]
        while frontier:
            nxt = {}
            for i, (cur, node, line) in enumerate(frontier):
                if not whole and i % 64 == 0 and self.cut_short(time.perf_counter()):
                    return False
                kids = self.ordered(node, cur)
                if not kids:
                    total = cur + self.terminal_bonus(node)
                    if total > self.best:
                        self.best, self.best_line = total, line
                    continue
                for g, c in kids:
                    k = c.key(n)
                    if k not in nxt:
                        nxt[k] = (cur + g, c, line)
            ranked = sorted(nxt.values(), key=lambda t: -t[0])
            complete = complete and len(ranked) <= width
            frontier = [(sc, e.node(c), line + [c]) for sc, c, line in ranked[:width]]
            self.nodes += len(nxt)
        return complete

    def wide_beam(self, width: int, by_recipes: bool = False, whole: bool = False) -> bool:
        """:meth:`beam` in the compiled core where it has one (Grove's), else
        in Python. The same search, except that a position reached twice in
        one turn keeps its higher score (Python keeps the first), and that
        without recipes it ranks positions by their score plus the knapsack's
        bound on the rest, dropping those that cannot beat the incumbent
        (``beam()`` in ``_grove.c``), so the lines differ; only :meth:`run`
        uses it, never the puzzles' yardstick. ``by_recipes``: a recipe
        challenge's beam ranks by the score plus the knapsack's bound, and
        the last card by the final score (:data:`RECIPE_RANKED`), not by the
        score alone. ``whole`` as for :meth:`beam`."""
        if not self.compiled_beam():
            return self.beam(width, whole)
        e = self.engine
        start = e.start()
        cur = e.score(start)
        ranked = RECIPE_RANKED if by_recipes and self.recipe_beam() else 1
        complete, _, _, nodes, best, line = self.core.beam(*compiled.position(e, start), cur, self.best, width, 0,
                                                           ranked, None if whole else self._beam_tick)
        self.nodes += nodes
        if line is not None and best > self.best:
            self.best, self.best_line = best, self.core_line(start, cur, best, line)
        return bool(complete)

    def _beam_tick(self, nodes: int, best: int) -> int | None:
        """The compiled beam's call back: None (stop: the beam is not complete)
        once the deadline passed or the caller asked to stop (Ctrl-C), which the
        widest beams, seconds long, did not hear until they ended."""
        return None if self.cut_short(time.perf_counter()) else 0

    def beam_widths(self) -> tuple[int, int]:
        """The widest beam under a time limit and the beam before a proof
        without one: :data:`TIMED_BEAM` and :data:`PROOF_BEAM` for the
        compiled beam ranked by the knapsack too (``Core.ranks``: where no recipe
        scores, as the core decides); where the beam ranks by the
        score alone (recipe challenges, and the Python beam of any game)
        :data:`SCORED_TIMED_BEAM` and :data:`SCORED_PROOF_BEAM`."""
        if self.compiled_beam() and self.core.ranks:
            return TIMED_BEAM, PROOF_BEAM
        return SCORED_TIMED_BEAM, SCORED_PROOF_BEAM

    def compiled_beam(self) -> bool:
        """Whether the compiled core is in use and has a beam (Grove's)."""
        return self.native and self.core is not None and hasattr(self.core, "beam")

    def recipe_beam(self) -> bool:
        """Whether the compiled beam may rank by the recipes too (a recipe
        challenge, where it ranks by the score alone otherwise)."""
        return self.compiled_beam() and not self.core.ranks and bool(getattr(self.engine, "recipes", None))

    def core_line(self, node: Node, cur: int, best: int, line) -> list:
        """The engine's moves for a line the core found from ``node`` (``cur``
        points so far), checked to score the ``best`` it claims."""
        kids = compiled.replay(self.engine, node, line)
        e = self.engine
        end = e.node(kids[-1]) if kids else node  # the end of a game: its recipes score
        scored = cur + e.score(end, final=True) - e.score(node)
        if scored != best:  # pragma: no cover - a bug in the core
            raise RuntimeError(f"the compiled search claimed {best}, its line scores {scored}")
        return kids

    # -- exact search ------------------------------------------------------------
    def dfs(self, node: Node, cur: int) -> tuple[int, bool]:
        """The most score still to come from ``node`` (``cur`` points so far):
        ``(value, exact)``, where a value that is not exact is a proven upper
        bound at most the incumbent's need; raises :class:`_Timeout` with a
        bound when time or the node limit runs out."""
        if self.native and self.make_core():
            return self.native_dfs(node, cur)
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.next_check = self.nodes + 1024
            now = time.perf_counter()
            if self.progress is not None:
                self.progress(self.nodes, self.best, now - self.t0)
            if self.share is not None:
                self.floor = self.share(self.best, self.nodes)
            if len(self.tt) > TABLE_SIZE:  # bounded memory: two generations, the oldest dropped
                self.old_tt, self.tt = self.tt, {}
            if self.expired(now):
                raise _Timeout(self.bounder.future(node))
        key = node.key()
        entry = self.tt.get(key)
        if entry is None and self.old_tt:
            entry = self.old_tt.get(key)
        need = self.incumbent() - cur
        if entry is not None and (entry.exact or entry.value <= need):
            return entry.value, entry.exact
        if node.drawn == len(self.engine.refs):
            if len(node.hand) == 2:
                return self.two(node, cur, key, need)
            if len(node.hand) == 1:
                return self.last(node, cur, key, need)
        e = self.engine
        ub = self.bounder.future(node, need)  # before the moves: a cut position needs none
        if ub <= need:
            self.tt[key] = _Entry(ub, False)
            return ub, False
        moves = self.moves(node)
        if not moves:
            return self._game_over(node, cur, key)
        # with few cards left, a move is skipped, unresolved, when its gain and
        # what the other cards can add after it (Bounder.later) cannot win
        rest = self.bounder.rest(node)
        best_exact = None
        max_open = -10 ** 9
        i = 0
        try:
            for i, (gain, hi, rot, cells, a) in enumerate(moves):
                after = rest[hi] if rest is not None else None
                if after is not None and gain + after <= self.incumbent() - cur:
                    if gain + after > max_open:
                        max_open = gain + after
                    continue
                for child in e.outcomes(node, hi, rot, a, cells):
                    g = e.child_score(child) - cur
                    if after is not None and g + after <= self.incumbent() - cur:
                        if g + after > max_open:
                            max_open = g + after
                        continue
                    self.path.append(child)
                    try:
                        v, exact = self.dfs(e.node(child), cur + g)
                    finally:
                        self.path.pop()
                    t = g + v
                    if exact:
                        if best_exact is None or t > best_exact:
                            best_exact = t
                    elif t > max_open:
                        max_open = t
        except _Timeout as stop:
            # the open move reported its bound (its other outcomes are bounded
            # like the moves not yet tried); the moves not yet tried report theirs
            value = max(max_open, best_exact if best_exact is not None else -10 ** 9,
                        moves[i][0] + stop.bound)
            for gain, hi, rot, cells, a in moves[i:]:
                if rest is not None:
                    value = max(value, gain + rest[hi])
                    continue
                for child in e.outcomes(node, hi, rot, a, cells):
                    value = max(value, e.child_score(child) - cur + self.bounder.future(e.node(child)))
            raise _Timeout(min(value, ub)) from None
        return self._settle(key, best_exact, max_open, ub)

    def make_core(self) -> bool:
        """Build the compiled search once (False when there is none for this deal)."""
        if self.core is None and self.native:
            grove = isinstance(self.engine, GroveEngine)
            self.core = compiled.core_for(self.engine, NATIVE_GROVE_SLOT_CARDS if grove else NATIVE_SLOT_CARDS)
            self.native = self.core is not None
        return self.core is not None

    def native_dfs(self, node: Node, cur: int) -> tuple[int, bool]:
        """:meth:`dfs` in the compiled core; it calls back now and then for
        the checks :meth:`dfs` makes itself (progress, the shared incumbent,
        and :meth:`expired`: the deadline, the node limit, a stop)."""
        base = self.nodes

        def tick(nodes: int, best: int):
            self.nodes = base + nodes
            now = time.perf_counter()
            best = max(best, self.best)
            if self.progress is not None:
                self.progress(self.nodes, best, now - self.t0)
            if self.share is not None:
                self.floor = self.share(best, self.nodes)
            if self.expired(now):
                return None
            return max(self.floor, -10 ** 9)

        value, exact, stopped, nodes, best, line = self.core.dfs(
            *compiled.position(self.engine, node), cur, max(self.best, -10 ** 9), max(self.floor, -10 ** 9), tick)
        self.nodes = base + nodes
        if line is not None and best > self.best:
            self.best, self.best_line = best, self.path + self.core_line(node, cur, best, line)
        if stopped:
            raise _Timeout(value)
        return value, bool(exact)

    def _settle(self, key, best: int | None, open_bound: int, ub: int) -> tuple[int, bool]:
        """Store and return a position's value: exact when the best exact child
        is at least every bound of what was cut or left open."""
        if best is not None and best >= open_bound:
            self.tt[key] = _Entry(best, True)
            return best, True
        value = min(ub, max(open_bound, best if best is not None else -10 ** 9))
        self.tt[key] = _Entry(value, False)
        return value, False

    def _game_over(self, node: Node, cur: int, key) -> tuple[int, bool]:
        """The value of a position where no card can be placed (recipes scored)."""
        v = self.terminal_bonus(node)
        if cur + v > self.best:
            self.best, self.best_line = cur + v, list(self.path)
        if key is not None:
            self.tt[key] = _Entry(v, True)
        return v, True

    def two(self, node: Node, cur: int, key, need: int) -> tuple[int, bool]:
        """The future of a position with two cards left: for each order of the
        two, the first card's placements best first, each followed by the exact
        best of the last card; a placement is skipped once its gain plus
        :meth:`Engine.reach` (a bound on what the last card can add after it)
        cannot beat the best found or ``need``."""
        e = self.engine
        ub = self.bounder.future(node, need)
        if ub <= need:
            self.tt[key] = _Entry(ub, False)
            return ub, False
        best = None  # the best exact value found
        skipped = -10 ** 9  # the best bound of what was not looked at
        bonus = self.bounder.recipes_bound(node)
        for first, last in (node.hand, node.hand[::-1]):
            reach = e.reach(node, last, first) + bonus
            moves = e.scored(node, first, upper=True)  # the gains order and cut; children are exact
            moves.sort(key=lambda m: -m[0])
            self.nodes += len(moves)
            for gain, rot, cells, a in moves:
                bar = need if best is None or best < need else best
                if gain + reach <= bar:
                    skipped = max(skipped, gain + reach)
                    break
                for child in e.outcomes(node, first, rot, a, cells):
                    g = e.child_score(child) - cur
                    bar = need if best is None or best < need else best
                    if g + reach <= bar:
                        skipped = max(skipped, g + reach)
                        continue
                    self.path.append(child)
                    try:
                        v, exact = self.last(e.node(child), cur + g, None, bar - g)
                    finally:
                        self.path.pop()
                    if not exact:
                        skipped = max(skipped, g + v)
                    elif best is None or g + v > best:
                        best = g + v
        if best is None and skipped == -10 ** 9:  # neither card can be placed
            return self._game_over(node, cur, key)
        return self._settle(key, best, skipped, ub)

    def last(self, node: Node, cur: int, key, need: int) -> tuple[int, bool]:
        """The exact future of a position with one card left to play: the best
        single placement, scanned without building the positions. With recipes,
        placements are tried best first and each is finished (its recipe bonus
        on the final board) until the bound on the bonus cannot close the gap."""
        e = self.engine
        ub = self.bounder.future(node)
        if ub <= need:
            if key is not None:
                self.tt[key] = _Entry(ub, False)
            return ub, False
        hi = node.hand[0]
        n, moves = e.ranked(node, hi)  # best first: only the first few are ever needed
        self.nodes += n
        if not n:  # no legal placement: the game is over
            return self._game_over(node, cur, key)
        bonus = self.bounder.recipes_bound(node)
        best_v, best_child = None, None
        if not bonus:
            best_v, rot, cells, a = next(moves)
            best_child = (rot, a, cells)
            moves = ()
        for gain, rot, cells, a in moves:
            if best_v is not None and gain + bonus <= best_v:
                break
            if gain + bonus <= need:
                # no placement left can beat ``need``: the caller only needs a bound
                value = gain + bonus if best_v is None or best_v < gain + bonus else best_v
                if key is not None:
                    self.tt[key] = _Entry(value, False)
                return value, False
            for child in e.outcomes(node, hi, rot, a, cells):
                v = e.child_score(child) - cur + self.terminal_bonus(e.node(child))
                if best_v is None or v > best_v:
                    best_v, best_child = v, child
        if cur + best_v > self.best:
            child = best_child
            if not bonus:
                child = max(e.outcomes(node, hi, *best_child), key=e.child_score)
            self.best, self.best_line = cur + best_v, self.path + [child]
        if key is not None:
            self.tt[key] = _Entry(best_v, True)
        return best_v, True

    def run(self) -> Solution:
        t0 = self.t0 = time.perf_counter()
        if self.time_limit is not None:
            self.deadline = t0 + self.time_limit
        e = self.engine
        start = e.start()
        cur = e.score(start)
        native = self.make_core()  # built before any fork: parallel workers share its table
        # the first beam in the core where it has one (Grove's: 0.02 s of a nine-card deal, where
        # the Python beam took 0.18 s before the other core had anything to do)
        began = time.perf_counter()
        if (self.wide_beam if self.compiled_beam() else self.beam)(self.beam_width, whole=True):
            return self._solution(True, self.best, t0)
        first = time.perf_counter() - began  # what the first beam took (the wider ones grow from its width)
        for width in self.widths:
            if self.beam(width):
                return self._solution(True, self.best, t0)
        if self.time_limit is None and self.compiled_beam() and self.wide_beam(self.beam_widths()[1]):
            return self._solution(True, self.best, t0)
        if self.time_limit is None and self.recipe_beam():
            # the widest beam ranked by the recipes too as wide as with a limit (widen), before the
            # proof: with the root's moves line_first() too, the proof of
            # grove:11,6,7,5,2,16,8,1,13;recipes=10,17 on two cores took 71 s, not 95 (6144 wide
            # and the root's moves by gain); run by a worker while the other searched, 83 s
            if self.wide_beam(self.beam_widths()[0], by_recipes=True):
                return self._solution(True, self.best, t0)
        if self.time_limit is not None:
            quick = native and self.game.id not in DESCEND_GAMES
            if native and not quick:
                # Grove's compiled search, on any number of cores: the beams first (the line the
                # proof prunes with), then the plain search (the last test from the top) for most
                # of the limit; where it does not finish, tests from the top for the rest bring the
                # bound down (the table is kept, so they use what it proved). On several cores the
                # widest beam runs in one worker while the others search; on one core a short first
                # attempt comes before the beams (five- and six-card deals are proven in it). One
                # core used to descend for most of the limit: nine-card proofs that fit took twice
                # as long (docs/solver.md)
                fork = self.forks()
                got = None if fork else self.attempt(start, cur, NATIVE_PROBE)
                if got is None:
                    got = self.widen(first, WIDEN, defer=fork)
                if got is not None:
                    return got
                # the root's moves in the order line_first() gives them, on every core (one core
                # too: a fifth off two recipe pairs whose beams miss the best line, docs/solver.md)
                return self.plain_then_descend(start, cur, self.line_first(self.ordered(start, cur)), DESCEND_PROBE)
            # a short exact attempt first: short deals are proven here, before
            # any time goes into wider beams (the table it fills stays valid)
            # (here: Orchard's compiled search, or the pure-Python search of any game)
            got = self.attempt(start, cur, NATIVE_PROBE if quick else PROBE)
            if got is not None:
                return got
            # then widen the beam while that is cheap next to the time left: the
            # depth-first search improves its line slowly, a wider beam fast
            # (tests from the top cut every line below the score they test, so the lines of
            # the games that descend come from the beams: they keep the Python shares)
            got = self.widen(first, NATIVE_WIDEN if quick else WIDEN)
            if got is not None:
                return got
            if quick:
                # the plain search on every core (one core takes the root's moves in the same
                # order), then tests from the top for the last twentieth: they bring the bound down
                # from the static bounds of the root's moves never started (ORCHARD_PROBE)
                return self.plain_then_descend(start, cur, self.ordered(start, cur), ORCHARD_PROBE)
        if self.time_limit is not None and self.game.id in DESCEND_GAMES:
            return self.descend(start, cur)
        if self.forks() or self.compiled_beam():
            # the root's moves on every core; with the compiled beams (Grove's), the beams' first
            # move first, as with a limit, on one core too (in_order)
            kids = self.ordered(start, cur)
            if self.compiled_beam():
                kids = self.line_first(kids)
            if len(kids) > 1 and not (start.drawn == len(e.refs) and len(start.hand) <= 2):
                return self.on_every_core(start, cur, kids)
        proven = False
        bound = cur + self.bounder.future(start)
        try:
            v, exact = self.dfs(start, cur)
            proven = True
            bound = self.best
        except _Timeout as stop:
            bound = max(self.best, cur + stop.bound)
            proven = bound == self.best
        return self._solution(proven, bound, t0)

    def attempt(self, start: Node, cur: int, share: float, kids: list | None = None) -> Solution | None:
        """The plain exact search from ``start`` for ``share`` of the time
        limit: its proven solution, or None where time ran out first (the
        table keeps what it proved, and the deadline is the whole limit's
        again). Where ``kids``, the root's moves, are given, on every core,
        and its solution either way: where time ran out, its bound is what the
        search proved."""
        self.deadline = self.t0 + self.time_limit * share
        got = None
        if kids is not None:
            got = self.on_every_core(start, cur, kids)
        else:
            try:
                self.dfs(start, cur)
                got = self._solution(True, self.best, self.t0)
            except _Timeout:
                pass
        self.deadline = self.t0 + self.time_limit
        return got

    def plain_then_descend(self, start: Node, cur: int, kids: list, share: float) -> Solution:
        """The plain search on every core, the root's moves ``kids`` in that
        order, for ``share`` of the time limit (:meth:`attempt`); where it
        does not finish, tests from the top for the rest (:meth:`descend`),
        the first below the bound it proved."""
        got = self.attempt(start, cur, share, kids)
        return got if got.proven else self.descend(start, cur, kids, ub=got.bound)

    def widen(self, first: float, share: float, defer: bool = False) -> Solution | None:
        """Ever wider beams (four times the width each) while the next is
        predicted to take at most ``share`` of the time limit, and no wider
        than :meth:`beam_widths` says: the next beam takes about four times what the
        wider ones took so far; the first wider one, four times the first beam
        (``first`` seconds): for a nine-card Orchard deal and a minute that
        already rules it out, where running it anyway made proofs 9 % slower.
        The proven solution where a beam saw every position, else None.

        With ``defer``, the last beam it would run (the one whose next width
        is above that) is left in :attr:`deferred` instead, for
        :meth:`on_every_core`, whose first worker runs it while the others
        search: on two cores one core waited 2 to 3 s a nine-card deal for
        it (bench/solve.py, six Grove deals: 5 to 14 % faster)."""
        width = self.beam_width
        widest = self.beam_widths()[0]
        spent = 0.0
        self.deferred = None
        while True:
            width *= 4
            if 4 * (spent or first) > self.time_limit * share or self.stopped() or width > widest:
                return None
            if defer and width * 4 > widest:
                self.deferred = width
                return None
            begin = time.perf_counter()
            if self.wide_beam(width, by_recipes=width * 4 > widest):
                return self._solution(True, self.best, self.t0)
            spent += time.perf_counter() - begin

    def forks(self) -> bool:
        """Whether the exact search runs on several processes (:mod:`parallel`)."""
        return self.jobs > 1 and self.node_limit is None and parallel.available()

    def on_every_core(self, start: Node, cur: int, kids: list) -> Solution:
        """The exact search from ``start`` with its moves ``kids`` shared out
        among :attr:`jobs` processes, until it ends or the deadline passes; a
        beam :meth:`widen` deferred runs first in one of them. On one core
        (:meth:`forks` false) the moves are searched here, in that order
        (:meth:`in_order`)."""
        if not self.forks():
            return self.in_order(start, cur, kids)
        first = None
        if self.deferred is not None:  # (widen)
            width, self.deferred = self.deferred, None
            first = lambda: self.wide_beam(width, by_recipes=True)  # noqa: E731 (the widest: widen)
        best, moves, bound, proven, nodes = parallel.search_root(self, start, cur, kids, self.jobs, first=first)
        self.nodes += nodes
        if moves is not None and best > self.best:
            self.best, self.found = best, (best, tuple(moves))
        return self._solution(proven, bound, self.t0, moves)

    def in_order(self, start: Node, cur: int, kids: list) -> Solution:
        """The exact search from ``start`` with its moves ``kids`` ((gain,
        child) pairs) searched one after the other in this process, in their
        order, as one worker of :meth:`on_every_core` takes them, until the
        deadline passes: the root's own search (:meth:`dfs`) orders them by
        gain, and :meth:`line_first` puts the beams' first move first."""
        e = self.engine
        bound = self.best
        stopped = False
        for g, child in kids:
            node = e.node(child)
            if stopped:  # never started: its static bound
                bound = max(bound, cur + g + self.bounder.future(node))
                continue
            self.path.append(child)
            try:
                v, _ = self.dfs(node, cur + g)
            except _Timeout as stop:
                v, stopped = stop.bound, True
            finally:
                self.path.pop()
            bound = max(bound, cur + g + v)
        bound = max(bound, self.best)
        return self._solution(bound == self.best, bound, self.t0)

    def descend(self, start: Node, cur: int, kids: list | None = None, ub: int | None = None) -> Solution:
        """The exact search as a run of tests from the top, until time runs out.

        A test at ``T`` asks whether some line scores ``T`` or more: it is the
        exact search with the incumbent's floor at ``T - 1`` (:meth:`incumbent`),
        so every position whose bound cannot reach ``T`` is cut. When it
        finishes, what it returns is a proven upper bound (or, where it found a
        line of ``T`` or more, the exact best); the next test asks for one point
        less than the bound so far. A test far above the best line is cut early
        and everywhere, so the bound falls fast at first; each point costs
        about 1.7 times the one before (nine-card Grove deals). The last test,
        one point above the best line, is the plain exact search; the table
        keeps what the earlier tests proved. Where time runs out, the bound is
        the lowest one proven. A test cuts every line below its ``T``, so it
        seldom finds a better line: those come from the beams before it.
        Once the last test is predicted to fit the time left, it comes next
        (:meth:`next_test`): a deal whose proof fits the limit is not
        descended point by point. ``kids``: the root's moves, where the
        caller has them (:meth:`ordered`); ``ub``: a bound already proven
        (a stopped :meth:`attempt`'s), where there is one: the first test is
        below it."""
        static = cur + self.bounder.future(start)
        ub = static if ub is None else min(ub, static)
        fork = self.forks()
        done: list[tuple[int, float]] = []  # the finished tests: (score tested, seconds)
        while ub > self.best:
            test = self.next_test(ub, done)
            self.floor = test - 1
            began = time.perf_counter()
            stopped = False
            try:
                if fork:
                    kids = kids if kids is not None else self.ordered(start, cur)
                    bound = self.on_every_core(start, cur, kids).bound
                    stopped = self.expired(time.perf_counter())
                else:
                    value, exact = self.dfs(start, cur)
                    bound = cur + value
            except _Timeout as stop:
                bound, stopped = cur + stop.bound, True
            ub = min(ub, max(self.best, bound))
            if stopped:
                break
            done.append((test, time.perf_counter() - began))
        self.floor = -10 ** 9
        ub = max(ub, self.best)
        return self._solution(ub == self.best, ub, self.t0)

    def next_test(self, ub: int, done: list[tuple[int, float]]) -> int:
        """The score the next test of :meth:`descend` asks for: the bound so
        far (one point down); or one point above the best line (the last
        test, which settles the deal) when that is predicted to take at most
        :data:`DESCEND_FIT` of the time left. The prediction: from the last
        test on, each point down costs what it did on average over the last
        few tests (a ratio taken between :data:`DESCEND_RATIO` and 2.5;
        measured: about 1.2 to 1.5 on seven-card deals, 1.7 on nine, where the
        first few tests say 1.3)."""
        last = self.best + 1
        if self.deadline is None or ub <= last:
            return ub
        trusted = [(t, s) for t, s in done[-4:] if s >= DESCEND_NOISE]
        if len(trusted) < 3 or trusted[-1][1] < DESCEND_TRUST:
            return ub
        (t1, s1), (t2, s2) = trusted[0], trusted[-1]
        ratio = min(2.5, max(DESCEND_RATIO, (s2 / s1) ** (1 / (t1 - t2))))
        predicted = s2 * ratio ** (t2 - last)
        left = self.deadline - time.perf_counter()
        return last if predicted <= DESCEND_FIT * left else ub

    def _solution(self, proven: bool, bound: int, t0: float, moves=None) -> Solution:
        if moves is None:
            # the best line is the one a worker process found (as moves) unless a better one came after
            found = self.found if self.found is not None and self.found[0] == self.best else None
            moves = found[1] if found else [self.engine.move(c) for c in self.best_line]
        moves = tuple(moves)
        return Solution(self.deal, self.best, proven, bound, moves, self.nodes, time.perf_counter() - t0,
                        self.game.target(self.deal))


def solve(game: Game, deal: Deal | str, *, time_limit: float | None = None, beam_width: int = 24,
          progress=None, jobs: int = 1, stop=None, known=None) -> Solution:
    """The best line for ``deal`` (proven best unless ``time_limit`` ran out first).

    ``progress(nodes, best, seconds)`` is called now and then during the search;
    ``jobs`` > 1 shares the exact search out among that many processes; when
    ``stop()``, asked now and then, is true, the search ends as if its time
    were up (the best line so far, with a proven bound). ``known``, a
    ``(score, moves)`` pair whose moves are a legal line of the deal reaching
    that score, starts the search with that line: the search then looks only
    for better ones (the result is that line where it finds none)."""
    deal = game.parse_deal(deal)
    return Searcher(game, deal, time_limit=time_limit, beam_width=beam_width, progress=progress,
                    jobs=jobs, stop=stop, known=known).run()
