"""A compact rules engine for the solver: the same rules as :mod:`pnp.games`,
built for speed.

The reference engines in :mod:`pnp.games` are written to be read; this one is
written to be searched. Positions are plain integers and dicts:

* a grid square ``(x, y)`` is the integer ``p = (y + OFF) * ROW + (x + OFF)``,
  so sorting squares sorts them in reading order and neighbours are ``p ± 1``
  and ``p ± ROW``;
* a visible square is one integer *code* (see :func:`code`): fruit (0-2, or 3
  for a clearing), fruit count, token and die (value and fruit);
* a :class:`Node` holds the visible layer, the hand, how far the draw pile
  has gone, the wheelbarrow flag and the running score, plus a 128-bit
  Zobrist hash of the layer for the transposition table.

The test suite replays random games through both engines and checks that
they agree on every legal move and every score (``tests/test_solver.py``).
"""
from __future__ import annotations

import heapq
import itertools
import math
import random
import sys
from dataclasses import dataclass, field

from ..errors import PnpError
from ..games.base import ROTTEN as _ROTTEN, SQUIRREL as _SQUIRREL, WHEELBARROW_VALUE, Game, Spot, face_cells
from ..games.grove import TOP_DIE, GroveGame
from ..games.orchard import ROTTEN_PENALTY, OrchardGame
from ..notation import ROTATIONS, CardRef, Deal, Move

ROW = 1024
OFF = 512
CLEARING = 3
MAX_FRUITS = CLEARING  # a fruit packs in 2 bits: codes 0 to 2, and 3 is the clearing
NO_TOKEN, ROTTEN, SQUIRREL = 0, 1, 2
WHEELBARROW = WHEELBARROW_VALUE  # the rules' own numbers, not copies that could drift
_TOKENS = {0: None, 1: _ROTTEN, 2: _SQUIRREL}

# Packed scans. What one card cell does to the visible square under it is one
# integer of bit fields (3 bits each, enough for a sum over six cells); the
# effect of a whole placement is the plain sum over its cells, decoded once.
# The score change sits in the top field, offset by _GAIN_OFF per covered cell
# so that it never goes negative.
_COV, _ILL, _MIS, _NEAR = 1, 1 << 3, 1 << 6, 1 << 9  # covered, forbidden, mismatches, next to the squirrel
_RET = (1 << 12, 1 << 15, 1 << 18)  # dice going back to the supply, per fruit
_TEN = (1 << 21, 1 << 24, 1 << 27)  # Grove: tens raised while the wheelbarrow is unused, per fruit
_WANT = 30  # new dice wanted: Orchard 3 bits per fruit; Grove 3 bits per (fruit, value 2..4)
_GAIN = 60
_GAIN_OFF = 16
_COVER_GAIN = _COV + (_GAIN_OFF << _GAIN)
_REACH_BIAS = 200  # Engine.reach_lanes: a lane holds this plus a one-card gain (at least -16)
# the grid offsets a card covers, upright (2 wide, 3 tall) and turned (3 wide, 2 tall)
_SHAPE_CELLS = (tuple(y * ROW + x for y in range(3) for x in range(2)),
                tuple(y * ROW + x for y in range(2) for x in range(3)))

# code layout: fruit bits 0-1, count bits 2-3, token bits 4-5, die value bits 6-10, die fruit bits 11-12


def code(fruit: int, count: int = 1, token: int = 0, die: int = 0, die_fruit: int = 0) -> int:
    return fruit | (count << 2) | (token << 4) | (die << 6) | (die_fruit << 11)


def fruit_of(c: int) -> int:
    return c & 3


def count_of(c: int) -> int:
    return (c >> 2) & 3


def token_of(c: int) -> int:
    return (c >> 4) & 3


def die_of(c: int) -> int:
    return (c >> 6) & 31


def die_fruit_of(c: int) -> int:
    return (c >> 11) & 3


def pos_int(x: int, y: int) -> int:
    return (y + OFF) * ROW + (x + OFF)


def pos_xy(p: int) -> tuple[int, int]:
    return p % ROW - OFF, p // ROW - OFF


_ZRNG = random.Random(0x9E3779B97F4A7C15)


class _Zobrist(dict):
    """``(p << 13) | c`` -> the Zobrist key of code ``c`` on square ``p``
    (128 random bits, drawn at first use). Indexing it is the resolve's hot
    path: a key met before costs one dict look-up, no call."""

    def __missing__(self, k: int) -> int:
        z = self[k] = _ZRNG.getrandbits(128)
        return z


_ZOB = _Zobrist()


def zob(p: int, c: int) -> int:
    """The Zobrist key of code ``c`` on square ``p``."""
    return _ZOB[(p << 13) | c]


@dataclass
class Node:
    """A position during search. Treat as immutable once built."""

    board: dict  # p -> code, visible squares
    hand: tuple  # indices into the deal's cards
    drawn: int
    wheelbarrow_used: bool
    tokens_used: int  # rotten tokens / squirrels on the board
    tree_dice: int  # sum of dice on trees (Orchard: all dice)
    supply: tuple  # dice left per fruit
    zhash: int
    anchors: tuple | None = field(default=None, compare=False)  # cache of Engine.anchors
    tables: list | None = field(default=None, compare=False)  # cache of Engine.tables
    lanes: dict | None = field(default=None, compare=False)  # cache of Engine.lanes
    later: dict | None = field(default=None, compare=False)  # cache of Bounder.later
    layer: tuple | None = field(default=None, compare=False)  # cache of Bounder.layer_dice
    squirrels: tuple | None = field(default=None, compare=False)  # cache of GroveEngine.squirrels

    def key(self) -> tuple:
        return (self.zhash, self.hand if len(self.hand) < 2 or self.hand[0] < self.hand[1]
                else (self.hand[1], self.hand[0]), self.drawn, self.wheelbarrow_used)


_AFTER: dict = {}  # (hand, drawn, card played, cards in the deal) -> what _after gives


def _after(hand: tuple, drawn: int, card: int, n_cards: int) -> tuple[tuple, int, tuple]:
    """The hand and the draw count after ``card`` is played and the next
    card drawn, and that hand in the order of :meth:`Node.key` (worked out once)."""
    k = (hand, drawn, card, n_cards)
    got = _AFTER.get(k)
    if got is None:
        after = tuple(h for h in hand if h != card)
        if drawn < n_cards:
            after += (drawn,)
            drawn += 1
        ordered = (after[1], after[0]) if len(after) == 2 and after[0] > after[1] else after
        got = _AFTER[k] = (after, drawn, ordered)
    return got


class Child:
    """A legal move and what it changes; the position itself is built on demand
    (:meth:`Engine.node`), so move ordering and beam ranking stay cheap."""

    __slots__ = ("card", "rot", "x", "y", "dice", "parent", "delta", "tree_dice", "tokens_used",
                 "supply", "zhash", "wheelbarrow_used", "_node")

    def __init__(self, card, rot, x, y, dice, parent, delta, tree_dice, tokens_used, supply, zhash,
                 wheelbarrow_used):
        self.card = card  # index into the deal
        self.rot = rot
        self.x = x
        self.y = y
        self.dice = dice  # chosen squares (p ints), () for the default order
        self.parent = parent
        self.delta = delta  # p -> new code
        self.tree_dice = tree_dice
        self.tokens_used = tokens_used
        self.supply = supply
        self.zhash = zhash
        self.wheelbarrow_used = wheelbarrow_used
        self._node = None

    def hand_after(self, n_cards: int) -> tuple[tuple, int]:
        hand, drawn, _ = _after(self.parent.hand, self.parent.drawn, self.card, n_cards)
        return hand, drawn

    def key(self, n_cards: int) -> tuple:
        _, drawn, hand = _after(self.parent.hand, self.parent.drawn, self.card, n_cards)
        return (self.zhash, hand, drawn, self.wheelbarrow_used)

    def get(self, p: int):
        c = self.delta.get(p)
        return self.parent.board.get(p) if c is None else c


class Engine:
    """Base of the compact engines; built from a reference :class:`Game`."""

    def __init__(self, game: Game, deal: Deal):
        self.game = game
        self.deal = deal
        keys = game.deck.fruit_keys
        self.fruit_index = {k: i for i, k in enumerate(keys)}
        self.fruit_keys = keys
        self.nfruits = len(keys)
        self.dice_per_fruit = game.deck.dice_per_fruit
        self.tokens = game.deck.mismatch_tokens
        self.refs: tuple[CardRef, ...] = deal.cards
        # orients[i] = list of (rot, cells, shape, kinds): cells = ((dp, fruit, count)...) sorted
        # by dp, shape 0 upright / 1 turned, kinds = ((dp, kind)...) for the packed scans;
        # rotations that give the very same cells are dropped
        self.orients = []
        self.card_fruits = []  # per card: count of cells per fruit
        for ref in self.refs:
            face = game.face(ref)
            seen = set()
            lst = []
            for rot in ROTATIONS:
                cells = tuple(sorted((pos_int(x, y) - pos_int(0, 0), self._fruit(c), c.count)
                                     for (x, y), c in face_cells(face, rot, 0, 0)))
                if cells in seen:
                    continue
                seen.add(cells)
                lst.append((rot, cells, 0 if rot in (0, 180) else 1,
                            tuple((dp, self.kind(f, n)) for dp, f, n in cells)))
            self.orients.append(lst)
            per = [0] * self.nfruits
            for _, _, c in face.cells():
                if c.fruit is not None:
                    per[self.fruit_index[c.fruit]] += 1
            self.card_fruits.append(tuple(per))
        self._stacked: dict = {}
        self._credits: dict = {}
        self._lane_rows: dict = {}  # (later, wheelbarrow used, squirrel left) -> code -> lane values (lanes)
        self._masks: dict = {}  # number of lanes -> _lane_masks
        # per card, per orientation: its cells as (row, column, kind), for the lane scans
        self.lane_cells = [[tuple((dp // ROW, dp % ROW, k) for dp, k in kinds) for _, _, _, kinds in lst]
                           for lst in self.orients]
        self.lane_shape = [[shape for _, _, shape, _ in lst] for lst in self.orients]

    def _fruit(self, cell) -> int:
        return CLEARING if cell.fruit is None else self.fruit_index[cell.fruit]

    # -- positions -------------------------------------------------------------
    def start(self) -> Node:
        face = self.game.face(self.refs[0])
        board = {}
        z = 0
        for (x, y), c in face_cells(face, 0, 0, 0):
            p = pos_int(x, y)
            board[p] = code(self._fruit(c), c.count)
            z ^= zob(p, board[p])
        n = len(self.refs)
        node = Node(board=board, hand=tuple(range(1, min(3, n))), drawn=min(3, n),
                    wheelbarrow_used=False, tokens_used=0, tree_dice=0,
                    supply=(self.dice_per_fruit,) * self.nfruits, zhash=z)
        return node

    def to_play(self, node: Node) -> list[int]:
        """The cards still to play from ``node``: the hand, then the draw pile."""
        return [*node.hand, *range(node.drawn, len(self.refs))]

    def score(self, node: Node, final: bool = False) -> int:
        raise NotImplementedError

    def children(self, node: Node) -> list[Child]:
        """Every legal move (with each distinct way to share scarce dice), reading order."""
        out = []
        for hi in node.hand:
            for rot, cells, a, _ in self.placements(node, hi):
                out.extend(self.outcomes(node, hi, rot, a, cells))
        return out

    def outcomes(self, node: Node, hi: int, rot: int, a: int, cells) -> list[Child]:
        """The moves of one legal placement: one per way to share scarce new dice."""
        x, y = pos_xy(a)
        return [Child(hi, rot, x, y, dice, node, delta, td, tok, sup, z, wb)
                for dice, delta, td, tok, sup, z, wb in self._resolve(node, a, cells)]

    def scored(self, node: Node, hi: int, upper: bool = False) -> list[tuple[int, int, tuple, int]]:
        """:meth:`placements` of card ``hi`` with every gain known: ``(gain, rot, cells, anchor)``
        (a placement the packed scan cannot score is resolved in full; with
        ``upper``, it gets an upper bound on its gain instead, see :meth:`decoder`)."""
        out = []
        base = None
        for rot, cells, a, gain in self.placements(node, hi, upper):
            if gain is None:
                if base is None:
                    base = self.score(node)
                gain = max(self.child_score(c) for c in self.outcomes(node, hi, rot, a, cells)) - base
            out.append((gain, rot, cells, a))
        return out

    def ranked(self, node: Node, hi: int):
        """The placements of card ``hi`` best first: ``(how many, an iterator of
        (gain, rot, cells, anchor))``, the order of :meth:`scored` sorted by
        gain (ties in the order of :meth:`placements`).

        A placement the packed scan cannot score (a Grove move that spends the
        squirrel or touches its square) waits with the upper bound on its gain
        (:meth:`decoder`) and is resolved in full only when that bound comes
        first: the last card needs the best placement or a few of the best,
        and most of those placements are never resolved."""
        exact, bound = self.decoder(node), self.decoder(node, True)
        heap = []
        for i, (rot, cells, a, s) in enumerate(self.placements(node, hi, decode=int)):
            gain = exact(s)
            heap.append((-gain, i, True, rot, cells, a) if gain is not None else (-bound(s), i, False, rot, cells, a))
        heapq.heapify(heap)
        return len(heap), self._best_first(node, hi, heap)

    def _best_first(self, node: Node, hi: int, heap: list):
        base = None
        while heap:
            key, i, sure, rot, cells, a = heap[0]
            if sure:
                heapq.heappop(heap)
                yield -key, rot, cells, a
                continue
            if base is None:
                base = self.score(node)
            gain = max(self.child_score(c) for c in self.outcomes(node, hi, rot, a, cells)) - base
            heapq.heapreplace(heap, (-gain, i, True, rot, cells, a))

    def node(self, child: Child) -> Node:
        """The position after ``child`` (built once)."""
        n = child._node
        if n is None:
            board = dict(child.parent.board)
            board.update(child.delta)
            hand, drawn = child.hand_after(len(self.refs))
            n = child._node = Node(board=board, hand=hand, drawn=drawn,
                                   wheelbarrow_used=child.wheelbarrow_used, tokens_used=child.tokens_used,
                                   tree_dice=child.tree_dice, supply=child.supply, zhash=child.zhash)
        return n

    def _resolve(self, node: Node, a: int, cells):
        """The outcomes of a legal placement of ``cells`` at anchor ``a`` (see :meth:`_outcomes`)."""
        raise NotImplementedError

    # -- packed scans --------------------------------------------------------------
    _NKINDS = 3  # table indices: one per fruit

    def kind(self, fruit: int, count: int) -> int:
        """The index of a card cell's table in :meth:`tables`."""
        return fruit

    def cell(self, kind: int) -> tuple[int, int]:
        """The card cell (fruit, count) of table index ``kind``: :meth:`kind` undone."""
        return kind, 1

    def tables(self, node: Node) -> list[dict]:
        """Per cell kind: visible square -> what a card cell of that kind does there, packed."""
        t = node.tables
        if t is None:
            t = node.tables = self._tables(node)
        return t

    def _tables(self, node: Node) -> list[dict]:
        raise NotImplementedError

    def anchors(self, node: Node) -> tuple:
        """Per card shape: every anchor at which a card covers some visible square, in reading order."""
        a = node.anchors
        if a is None:
            board = node.board
            a = node.anchors = tuple(sorted({p - dp for p in board for dp in offs}) for offs in _SHAPE_CELLS)
        return a

    def placements(self, node: Node, hi: int, upper: bool = False, decode=None):
        """Every legal placement of card ``hi``, in the order of :meth:`children`:
        ``(rot, cells, anchor, gain)``, where ``gain`` is the change of
        :meth:`score` with the best way to share scarce new dice, or ``None``
        when only the full :meth:`_resolve` can tell (a Grove move near the
        squirrel; with ``upper``, an upper bound on it instead). A ``decode``
        given replaces :meth:`decoder`'s and gets the packed sum."""
        tables = self.tables(node)
        anchors = self.anchors(node)
        if decode is None:
            decode = self.decoder(node, upper)
        left = self.tokens - node.tokens_used
        # the six look-ups are unrolled here: this is the search's innermost
        # loop, and a shared helper measured 10-15 % slower
        for rot, cells, shape, kinds in self.orients[hi]:
            (d0, k0), (d1, k1), (d2, k2), (d3, k3), (d4, k4), (d5, k5) = kinds
            g0, g1, g2 = tables[k0].get, tables[k1].get, tables[k2].get
            g3, g4, g5 = tables[k3].get, tables[k4].get, tables[k5].get
            for a in anchors[shape]:
                s = (g0(a + d0, 0) + g1(a + d1, 0) + g2(a + d2, 0) +
                     g3(a + d3, 0) + g4(a + d4, 0) + g5(a + d5, 0))
                if s & 0o70 or (s >> 6) & 7 > left:  # a square that may not be covered; too many mismatches
                    continue
                yield rot, cells, a, decode(s)

    def decoder(self, node: Node, upper: bool = False):
        """A function from a legal placement's packed sum to its gain, or None
        when the sum cannot tell; with ``upper``, an upper bound on the gain then."""
        raise NotImplementedError

    # -- a bound for the next-to-last card ---------------------------------------------
    _NEVER = -1000  # a square no card may cover again

    def reach(self, node: Node, hi: int, first: int) -> int:
        """An upper bound on the score change of playing card ``hi`` right after
        one placement of card ``first`` (anywhere, any way).

        Each square is given the most a cell of each kind could gain there after
        any one placement (:meth:`_reach_tables`); a placement of ``hi`` that
        covers some square visible now is bounded by the sum over its cells; one
        that covers only cells of ``first`` laid on empty table, by
        :meth:`stacked`.

        The sums run on lanes, as :meth:`slot_reach` does, over the anchors
        that cover some visible square (:meth:`reach_lanes`)."""
        tables, w, n, peak, shapes = self.reach_lanes(node)
        best = self.stacked(first, hi)
        top = self._lane_top(hi, tables, w, n, peak, shapes) - 6 * _REACH_BIAS
        return top if top > best else best

    def reach_lanes(self, node: Node) -> tuple[list[int], int, int, int, list[int]]:
        """:meth:`_reach_tables` as lane integers (a bias plus the value; 0
        where a cell may not go), the grid width, the number of lanes, the
        highest lane value and per card shape, every lane (16 ones) of an
        anchor at which that shape covers some visible square (kept on ``node``)."""
        w, n, masks, x0, y0 = self._geo(node)
        got = node.lanes.get("reach")
        if got is not None:
            return got
        tables, empty = self._reach_tables(node)
        every = self._lane_masks(n)[0]
        never = self._NEVER
        lanes = []
        peak = 0
        for t, e in zip(tables, empty):
            base = _REACH_BIAS + e
            lane = base * every
            for p, v in t.items():
                v = _REACH_BIAS + v if v > never else 0
                if not 0 <= v < 1 << 15:  # pragma: no cover - a gain far beyond the games'
                    raise ValueError(f"a one-card gain out of the lanes' range: {v - _REACH_BIAS}")
                if v != base:
                    lane += (v - base) << 16 * ((p // ROW - y0) * w + p % ROW - x0)
                if v > peak:
                    peak = v
            lanes.append(lane)
            peak = max(peak, base)
        visible = 0
        for m in masks.values():
            visible |= m
        shapes = []
        for offs in _SHAPE_CELLS:
            keep = 0
            for dp in offs:
                keep |= visible >> 16 * (dp // ROW * w + dp % ROW)
            shapes.append(keep * 0xFFFF)
        got = node.lanes["reach"] = (lanes, w, n, peak, shapes)
        return got

    def _reach_tables(self, node: Node) -> tuple[list[dict], list[int]]:
        """Per cell kind: square -> the most that cell could gain there after any
        one placement, and the same for a square that is empty now."""
        raise NotImplementedError

    def stacked(self, lower: int, upper: int) -> int:
        """The most card ``upper`` can gain from cells of card ``lower`` that were
        laid on empty table (so hold no die), over every way to lay one on the other."""
        key = (lower, upper)
        v = self._stacked.get(key)
        if v is None:
            v = 0
            for _, lo, _, _ in self.orients[lower]:
                under = {dp: (f, n) for dp, f, n in lo}
                for _, up, _, _ in self.orients[upper]:
                    for shift in {u - dp for u in under for dp, _, _ in up}:
                        t = 0
                        for dp, f, n in up:
                            c = under.get(shift + dp)
                            if c is not None and f != CLEARING and c[0] == f:
                                t += self._new_die(f, n + c[1])
                        v = max(v, t)
            self._stacked[key] = v
        return v

    # -- a bound for the next few cards -----------------------------------------------
    # The visible squares are laid out in a grid with a margin of two empty
    # squares, one 16-bit lane per square, packed into one Python integer per
    # cell kind: adding six shifted integers sums the six cells of a card over
    # every anchor at once, and the best lane is one max() over its bytes.

    @staticmethod
    def credit_unit(later: int) -> int:
        """Credits for ``later`` covers are whole multiples of 1/unit."""
        return math.lcm(*range(1, later + 1)) if later > 1 else 1

    def credits(self, c, later: int, wb: bool, left: bool) -> tuple:
        """Per cell kind, what a card cell of that kind is credited on a square
        showing code ``c`` (None: empty table), in 1/:meth:`credit_unit` points,
        or :attr:`_NEVER` when it may not be covered. ``left``: a mismatch is
        still allowed.

        ``later`` = 0: the most the cell gains there now. Else the credits are
        amortised over the covers to come: whatever one uncredited cover
        first, then up to ``later`` covers by any cells (dice always in the
        supply), the gains of those covers sum to at most the sum of their
        credits. A cover that leaves the square closed (a mismatch) is
        credited its best gain; every other cover the best average gain of
        a run of such covers (the ladders climb faster at the top, so a card
        late in a stack gains more than the average, and one early less)."""
        key = (c, later, wb, left)
        got = self._credits.get(key)
        if got is not None:
            return got
        kinds = range(self._NKINDS)
        never = self._NEVER
        if not later:
            got = self._credits[key] = tuple(self._cover(c, k, wb, left)[0] for k in kinds)
            return got
        moves: dict = {}  # reachable code -> [(gain, next code or None) per kind]
        todo = [c]
        while todo:
            x = todo.pop()
            if x in moves:
                continue
            moves[x] = [self._cover(x, k, wb, left) for k in kinds]
            todo.extend(y for _, y in moves[x] if y is not None and y not in moves)
        unit = self.credit_unit(later)
        starts = {c} | {y for _, y in moves[c] if y is not None}
        run = dict.fromkeys(moves, 0)  # code -> best gain of m open covers from it
        average = never * unit
        for m in range(1, later + 1):
            run = {x: max((g + run[y] for g, y in moves[x] if y is not None and run[y] > never), default=never)
                   for x in moves}
            for x in starts:
                if run[x] > never:
                    average = max(average, run[x] * unit // m)  # exact: m divides the unit
        amortised = []
        for k in kinds:
            closing = [g for x in moves for g, y in (moves[x][k],) if y is None and g > never]
            opening = any(moves[x][k][1] is not None for x in moves)
            best = max(closing) * unit if closing else never
            amortised.append(max(best, average) if opening else best)
        # the plain alternative: each cover credited the most its kind can gain
        # after up to ``later`` covers before it (kind by kind, where the
        # average is shared by every kind that keeps the square open); a
        # square takes whichever credits are smaller in total
        near = {c}
        frontier = [c]
        for _ in range(later):
            frontier = [y for x in frontier for _, y in moves[x] if y is not None and y not in near]
            near.update(frontier)
        plain = [max(moves[x][k][0] for x in near) for k in kinds]
        plain = [g * unit if g > never else never for g in plain]

        def total(credits):
            return sum(g for g in credits if g > 0)
        got = self._credits[key] = tuple(amortised if total(amortised) <= total(plain) else plain)
        return got

    def lanes(self, node: Node, later: int) -> tuple[list[int], int, int, int, int]:
        """The lane integers for ``later`` (one per cell kind: a bias plus the
        :meth:`credits` of every square), the grid width, the number of lanes,
        the bias and the highest value a lane may hold."""
        w, n, masks, _, _ = self._geo(node)
        got = node.lanes.get(later)
        if got is not None:
            return got
        wb = node.wheelbarrow_used
        left = node.tokens_used < self.tokens
        rows = self._lane_rows.get((later, wb, left))
        if rows is None:
            rows = self._lane_rows[(later, wb, left)] = {}
        every = self._lane_masks(n)[0]
        empty = rows.get(None)
        if empty is None:
            empty = rows[None] = self.lane_row(None, later, wb, left)
            rows["peak"] = max(empty)
        tables = [e * every for e in empty]
        for c, m in masks.items():
            row = rows.get(c)
            if row is None:  # per kind, the lane's value on a square showing c, less the empty square's
                values = self.lane_row(c, later, wb, left)
                rows["peak"] = max(rows["peak"], *values)
                row = rows[c] = tuple((k, v - e) for k, (v, e) in enumerate(zip(values, empty)) if v != e)
            for k, d in row:
                tables[k] += d * m
        got = node.lanes[later] = (tables, w, n, self.lane_bias(later), rows["peak"])
        return got

    def _geo(self, node: Node) -> tuple[int, int, dict, int, int]:
        """The lane grid of ``node`` (kept on it): the visible squares with a
        margin of two, as (width, lanes, code -> one 1 in the lane of every
        square showing it, left column, top row)."""
        cache = node.lanes
        if cache is None:
            cache = node.lanes = {}
        geo = cache.get("geo")
        if geo is None:
            board = node.board
            xs = [p % ROW for p in board]
            ys = [p // ROW for p in board]
            x0, y0 = min(xs) - 2, min(ys) - 2
            w = max(xs) - x0 + 3
            n = w * (max(ys) - y0 + 3)
            masks: dict = {}
            for p, c in board.items():
                masks[c] = masks.get(c, 0) | 1 << 16 * ((p // ROW - y0) * w + p % ROW - x0)
            geo = cache["geo"] = (w, n, masks, x0, y0)
        return geo

    def _lane_masks(self, n: int) -> tuple[int, int, int]:
        """For ``n`` lanes: a 1 in each, the top bit of each, and every bit of each."""
        got = self._masks.get(n)
        if got is None:
            every = ((1 << 16 * n) - 1) // 0xFFFF
            got = self._masks[n] = (every, every << 15, every * 0xFFFF)
        return got

    def lane_row(self, c, later: int, wb: bool, left: bool) -> list[int]:
        """Per cell kind, the lane's value on a square showing ``c``: bias plus credit, or 0 for never."""
        bias, never = self.lane_bias(later), self._NEVER
        return [bias + g if g > never else 0 for g in self.credits(c, later, wb, left)]

    def lane_bias(self, later: int) -> int:
        # a lane holds bias + credit, 0 for a square no card may cover: six
        # lanes fit 16 bits, and a sum with a 0 in it is below any without
        unit = self.credit_unit(later)
        if unit > 50:
            raise ValueError(f"too many cards for the lane bound: {later}")
        return 200 * unit

    def slot_reach(self, node: Node, hi: int, later: int) -> int:
        """The most card ``hi`` is credited (:meth:`credits`, in 1/unit points;
        at least 0) by a placement covering some square visible now; with
        ``later`` = 0, an upper bound on its best gain now."""
        tables, w, n, bias, peak = self.lanes(node, later)
        top = self._lane_top(hi, tables, w, n, peak) - 6 * bias
        return top if top > 0 else 0

    def _lane_top(self, hi: int, tables: list[int], w: int, n: int, peak: int, shapes=None) -> int:
        """The highest lane of card ``hi``'s six lane values summed at every
        anchor, over its orientations (``peak``: the highest value a lane of
        ``tables`` holds); with ``shapes`` (per card shape, a mask of the
        anchors to keep), the others count 0."""
        if 6 * peak >= 1 << 15:  # pragma: no cover - values far beyond the games' (a die tops out at 15)
            return max(max(memoryview(s.to_bytes(2 * n, sys.byteorder)).cast("H"))
                       for s in self._sums(hi, tables, w, shapes))
        # the orientations' sums merged lane by lane, then one look for the
        # top: of two lanes below 2^15, the first is the larger where
        # 2^15 + first - second keeps its top bit
        _, high, full = self._lane_masks(n)
        top = None
        for s in self._sums(hi, tables, w, shapes):
            if top is None:
                top = s
            else:
                ge = (((top | high) - s) & high) >> 15
                ge *= 0xFFFF
                top = (top & ge) | (s & (full ^ ge))
        return max(memoryview(top.to_bytes(2 * n, sys.byteorder)).cast("H"))

    def _sums(self, hi: int, tables: list[int], w: int, shapes=None):
        """Per orientation of card ``hi``: the lane integer of its six cells'
        lane values summed at every anchor (masked by ``shapes``)."""
        for o, cells in enumerate(self.lane_cells[hi]):
            s = 0
            for dy, dx, k in cells:
                s += tables[k] >> (16 * (dy * w + dx))
            yield s if shapes is None else s & shapes[self.lane_shape[hi][o]]


    def _cover(self, c, k: int, wb: bool, left: bool) -> tuple[int, int | None]:
        """A cell of kind ``k`` laid on a square showing code ``c`` (None:
        empty table), alone: an upper bound on its score change (dice always
        in the supply), and the code it leaves (None: a square no card may
        cover again)."""
        raise NotImplementedError

    def _new_die(self, fruit: int, fruits: int) -> int:
        return 1

    def _share(self, wants, supply):
        """Ways to hand out scarce new dice: list of (chosen tuple, [(p, fruit, value)...])."""
        by_fruit: dict[int, list] = {}
        for w in wants:
            by_fruit.setdefault(w[1], []).append(w)
        scarce = []
        default = []
        for f, ws in by_fruit.items():
            k = supply[f]
            if k >= len(ws):
                default.extend(ws)
            elif k > 0:
                scarce.append(list(itertools.combinations(ws, k)))
        if not scarce:
            return [((), default)]
        out = []
        for combo in itertools.product(*scarce):
            got = default + [w for group in combo for w in group]
            # the reading-order default is the first combination of every scarce fruit
            is_default = all(group == opts[0] for group, opts in zip(combo, scarce))
            chosen = () if is_default else tuple(sorted(w[0] for group in combo for w in group))
            out.append((chosen, got))
        return out

    def to_top(self, node: Node) -> tuple:
        """The visible layer as the reference engine writes it (``State.top``, without card ids)."""
        keys = self.fruit_keys
        top = []
        for p in sorted(node.board):
            c = node.board[p]
            f = c & 3
            d = (c >> 6) & 31
            tok = (c >> 4) & 3
            top.append((pos_xy(p), Spot(None if f == CLEARING else keys[f], (c >> 2) & 3, d,
                                        keys[(c >> 11) & 3] if d else None,
                                        _TOKENS[tok])))
        return tuple(top)

    def _outcomes(self, wants, delta, z, supply, tree_dice, tokens, wb):
        """One outcome per way of sharing new dice: (dice, delta, tree_dice, tokens, supply, zhash, wb)."""
        if not wants:
            return [((), delta, tree_dice, tokens, tuple(supply), z, wb)]
        out = []
        for chosen, got in self._share(wants, supply):
            d, zz, s, td = delta, z, supply, tree_dice
            if got:
                d = dict(delta)
                s = list(supply)
                for p, f, v in got:
                    old = d[p]
                    zz ^= zob(p, old)
                    d[p] = old | (v << 6) | (f << 11)
                    zz ^= zob(p, d[p])
                    s[f] -= 1
                    td += v
            out.append((chosen, d, td, tokens, tuple(s), zz, wb))
        return out

    # -- conversion ------------------------------------------------------------
    def move(self, child: Child) -> Move:
        ref = self.refs[child.card]
        return Move(ref.id, child.rot, child.x, child.y, ref.side if self.game.two_sided else "",
                    tuple(pos_xy(p) for p in child.dice))


class OrchardEngine(Engine):
    """``orchard`` and ``orchard-pnp``."""

    def __init__(self, game: OrchardGame, deal: Deal):
        super().__init__(game, deal)
        self.ladder = dict(game.ladder)
        self.ladder[0] = 1

    def score(self, node: Node, final: bool = False) -> int:
        return node.tree_dice - ROTTEN_PENALTY * node.tokens_used

    def child_score(self, child: Child) -> int:
        return child.tree_dice - ROTTEN_PENALTY * child.tokens_used

    def _tables(self, node: Node) -> list[dict]:
        ladder = self.ladder
        tables = []
        for f in range(self.nfruits):
            t = {}
            for p, c in node.board.items():
                v = _COVER_GAIN
                d = (c >> 6) & 31
                if c & 48:
                    v += _ILL
                elif c & 3 == f:
                    v += ((ladder[d] - d) << _GAIN) if d else 1 << (_WANT + 3 * f)
                else:
                    v += _MIS - ((d + ROTTEN_PENALTY) << _GAIN)
                    if d:
                        v += _RET[(c >> 11) & 3]
                t[p] = v
            tables.append(t)
        return tables

    def _reach_tables(self, node: Node) -> tuple[list[dict], list[int]]:
        # a die of the cell's fruit: one step now, or the next step if the first
        # placement raised it first; a tree of that fruit without a die: a new
        # die, or a raise of the die the first placement gave it; another fruit:
        # the mismatch (the first placement cannot change a fruit without a
        # token); an empty square: a new die on a tree the first placement laid
        ladder = self.ladder
        tables = []
        for f in range(self.nfruits):
            t = {}
            for p, c in node.board.items():
                d = (c >> 6) & 31
                if c & 48:
                    t[p] = self._NEVER
                elif c & 3 == f:
                    t[p] = max(ladder[d] - d, ladder[ladder[d]] - ladder[d]) if d else max(1, ladder[1] - 1)
                else:
                    t[p] = -(d + ROTTEN_PENALTY)
            tables.append(t)
        return tables, [1] * self.nfruits

    def _cover(self, c, k: int, wb: bool, left: bool) -> tuple[int, int | None]:
        if c is None:
            return 0, k | 4
        if c & 48:
            return self._NEVER, None
        d = (c >> 6) & 31
        if c & 3 != k:  # the covering tree takes a rotten token
            return (-(d + ROTTEN_PENALTY), None) if left else (self._NEVER, None)
        v = self.ladder[d]
        return v - d, k | 4 | (v << 6) | (k << 11)

    def decoder(self, node: Node, upper: bool = False):
        supply = node.supply
        fruits = range(self.nfruits)

        def decode(s: int):
            g = (s >> _GAIN) - _GAIN_OFF * (s & 7)
            w = s >> _WANT
            if w & 0o777:
                for f in fruits:
                    n = (w >> 3 * f) & 7
                    if n:
                        k = supply[f] + ((s >> (12 + 3 * f)) & 7)
                        g += n if n < k else k
            return g
        return decode

    def _resolve(self, node: Node, a: int, cells):
        board = node.board
        delta = {}
        z = node.zhash
        supply = list(node.supply)
        tree_dice = node.tree_dice
        tokens = node.tokens_used
        ladder = self.ladder
        wants = []
        for dp, f, _ in cells:
            p = a + dp
            c = board.get(p)
            if c is None:
                new = f | 4
            else:
                z ^= _ZOB[(p << 13) | c]
                d = (c >> 6) & 31
                if c & 3 != f:
                    if d:
                        supply[(c >> 11) & 3] += 1
                        tree_dice -= d
                    new = f | 4 | (ROTTEN << 4)
                    tokens += 1
                elif d:
                    nd = ladder[d]
                    tree_dice += nd - d
                    new = f | 4 | (nd << 6) | (f << 11)
                else:
                    wants.append((p, f, 1))
                    new = f | 4
            delta[p] = new
            z ^= _ZOB[(p << 13) | new]
        return self._outcomes(wants, delta, z, supply, tree_dice, tokens, False)


class GroveEngine(OrchardEngine):
    """``grove``: clearings, fruit counts, the squirrel and the wheelbarrow."""

    def __init__(self, game: GroveGame, deal: Deal):
        Engine.__init__(self, game, deal)
        self.recipes = game.recipes(deal)
        self._packs: dict = {}  # wheelbarrow used -> code -> what a cell of each kind does to it (_pack)

    def score(self, node: Node, final: bool = False) -> int:
        s = node.tree_dice
        if node.tokens_used:
            s -= self._penalty(self.squirrels(node), node.board.get)
        if final and self.recipes:
            s += self.recipe_bonus(node)
        return s

    def child_score(self, child: Child) -> int:
        if not child.tokens_used:
            return child.tree_dice
        parent = child.parent
        squirrels = self.squirrels(parent) if parent.tokens_used else ()
        if child.tokens_used > parent.tokens_used:  # this move spent one
            squirrels = squirrels + tuple(p for p, c in child.delta.items() if (c >> 4) & 3 == SQUIRREL)
        return child.tree_dice - self._penalty(squirrels, child.get)

    def squirrels(self, node: Node) -> tuple:
        """The squares holding the squirrel (kept on ``node``: no card covers them again)."""
        got = node.squirrels
        if got is None:
            got = node.squirrels = tuple(p for p, c in node.board.items() if (c >> 4) & 3 == SQUIRREL)
        return got

    @staticmethod
    def _penalty(squirrels, get) -> int:
        """What the squirrels cost (SPEC §4.4): 1 each, plus 1 per die or
        wheelbarrow on a tree next to one (``get``: square -> code or None)."""
        s = 0
        for p in squirrels:
            s += 1
            for q in (p + 1, p - 1, p + ROW, p - ROW):
                n = get(q)
                if n is not None and n >> 6 & 31 and n & 3 != CLEARING:
                    s += 1
        return s

    def recipe_bonus(self, node: Node) -> int:
        """The recipe bonuses at the end of a game; the same as
        :func:`pnp.games.grove.evaluate_recipe`, on the compact board."""
        board = node.board
        total = 0
        for r in self.recipes:
            dice = [(p, c) for p, c in board.items()
                    if (c >> 6) & 31 and (r.wheelbarrow_counts or (c >> 6) & 31 != WHEELBARROW)]
            if self._condition(r, node, dice):
                total += self._reward(r, dice)
        return total

    def _fruit_arg(self, arg: str) -> int:
        return -1 if arg == "any" else self.fruit_index[arg]

    def _condition(self, r, node: Node, dice) -> bool:
        kind, arg = r.condition
        if kind == "all_dice_in_play":
            want = self._fruit_arg(arg)
            counts = [0] * self.nfruits
            for _, c in dice:
                counts[(c >> 11) & 3] += 1
            return any(n >= self.dice_per_fruit for f, n in enumerate(counts) if want in (-1, f))
        if kind == "each_fruit_at_least":
            return all(any((c >> 11) & 3 == f and (c >> 6) & 31 >= arg for _, c in dice)
                       for f in range(self.nfruits))
        if kind == "no_dice_on_clearings":
            return not any(c & 3 == CLEARING for _, c in dice)
        if kind == "line_of_three":
            want = self._fruit_arg(arg)
            at = {p: (c >> 11) & 3 for p, c in dice}
            for p, f in at.items():
                if want not in (-1, f):
                    continue
                if (at.get(p + 1) == f and at.get(p + 2) == f) or \
                   (at.get(p + ROW) == f and at.get(p + 2 * ROW) == f):
                    return True
            return False
        if kind == "dice_at_least":
            f, n = arg
            want = self._fruit_arg(f)
            return sum(1 for _, c in dice if want in (-1, (c >> 11) & 3)) >= n
        if kind == "fruit_total_at_least":
            f, n = arg
            want = self._fruit_arg(f)
            return sum((c >> 6) & 31 for _, c in dice if want in (-1, (c >> 11) & 3)) >= n
        if kind == "squirrel_unused":
            return node.tokens_used == 0
        if kind == "wheelbarrow_used":
            return any((c >> 6) & 31 == WHEELBARROW for c in node.board.values())
        raise ValueError(kind)  # pragma: no cover - the deck admits only the vocabulary

    def _reward(self, r, dice) -> int:
        kind, arg = r.reward
        if kind == "points":
            return arg
        if kind == "double":
            f = self.fruit_index[arg]
            return sum((c >> 6) & 31 for _, c in dice if (c >> 11) & 3 == f and c & 3 != CLEARING)
        if kind == "points_per_die":
            f, n = arg
            want = self._fruit_arg(f)
            return n * sum(1 for _, c in dice if want in (-1, (c >> 11) & 3))
        raise ValueError(kind)  # pragma: no cover

    _NKINDS = 7  # a tree of 1 or 2 fruits of each fruit, and a clearing

    def kind(self, fruit: int, count: int) -> int:
        return 6 if fruit == CLEARING else 2 * fruit + count - 1

    def cell(self, kind: int) -> tuple[int, int]:
        return (CLEARING, 0) if kind == 6 else (kind // 2, kind % 2 + 1)

    def _tables(self, node: Node) -> list[dict]:
        board = node.board
        wb = node.wheelbarrow_used
        # square -> the squirrels next to it (a deck may have more than one). A card is a
        # rectangle: a square outside it is next to one of its cells at most, so a placement's
        # sum is at most the squirrels in play, and fits the three bits of _NEAR up to 7; with
        # more, each square counts 1 and the decoder allows 4 a cell (near_each)
        near: dict[int, int] = {}
        if node.tokens_used:
            most = 7 if self.tokens <= 7 else 1
            for p in self.squirrels(node):
                for q in (p + 1, p - 1, p + ROW, p - ROW):
                    near[q] = min(most, near.get(q, 0) + 1)
        packs = self._packs.get(wb)
        if packs is None:
            packs = self._packs[wb] = {}
        kinds = range(self._NKINDS)
        tables = [{} for _ in kinds]
        for p, c in board.items():
            row = packs.get(c)
            if row is None:  # the code's packed effect for every kind of cell, worked out once
                row = packs[c] = tuple(self._pack(c, *self.cell(k), wb) for k in kinds)
            if p in near:
                row = tuple(v + _NEAR * near[p] for v in row)
            for t, v in zip(tables, row):
                t[p] = v
        return tables

    @staticmethod
    def _pack(c: int, f: int, n: int, wb: bool) -> int:
        """What a card cell (fruit ``f``, ``n`` fruits) does to square code ``c``, packed."""
        v = _COVER_GAIN
        if c & 48:
            return v + _ILL
        uf = c & 3
        d = (c >> 6) & 31
        df = (c >> 11) & 3
        on_tree = uf != CLEARING
        if f != CLEARING and ((on_tree and uf != f) or (not on_tree and d and df != f)):
            v += _MIS
            if d:
                if d != WHEELBARROW:
                    v += _RET[df]
                if on_tree:
                    v -= d << _GAIN
            return v
        if f == CLEARING:
            return v - (d << _GAIN) if d and on_tree else v
        if d:
            if d == WHEELBARROW:
                nv = WHEELBARROW
            elif d == TOP_DIE:
                nv = TOP_DIE
                if not wb:
                    v += _TEN[df]
            else:
                nv = d + n if d + n <= 6 else TOP_DIE
            return v + ((nv - (d if on_tree else 0)) << _GAIN)
        if on_tree:
            return v + (1 << (_WANT + 3 * (3 * f + n + ((c >> 2) & 3) - 2)))
        return v

    def _cover(self, c, k: int, wb: bool, left: bool) -> tuple[int, int | None]:
        f, n = self.cell(k)
        new = f | (n << 2)
        if c is None:
            return 0, new
        if c & 48:
            return self._NEVER, None
        uf = c & 3
        d = (c >> 6) & 31
        df = (c >> 11) & 3
        on_tree = uf != CLEARING
        if f == CLEARING:
            # a die under it comes onto the clearing: it stops scoring (a die
            # on a tree next to the squirrel also stops costing 1)
            if not d:
                return 0, new
            return (1 - d if on_tree else 0), new | (d << 6) | (df << 11)
        if (on_tree and uf != f) or (not on_tree and d and df != f):
            # spending the squirrel costs 1, and what lay here leaves
            return (-1 - (d if on_tree else 0), None) if left else (self._NEVER, None)
        if d:
            if d == WHEELBARROW:
                v = WHEELBARROW
            elif d == TOP_DIE:
                v = TOP_DIE if wb else WHEELBARROW
            else:
                v = d + n if d + n <= 6 else TOP_DIE
            return v - (d if on_tree else 0), new | (v << 6) | (f << 11)
        if on_tree:
            v = n + ((c >> 2) & 3)
            return v, new | (v << 6) | (f << 11)
        return 0, new

    def _new_die(self, fruit: int, fruits: int) -> int:
        return fruits

    def _reach_tables(self, node: Node) -> tuple[list[dict], list[int]]:
        # a tree cell: over a die of its fruit, on a tree or a clearing, the
        # die's new value, as if it came onto a tree (the first placement may
        # lay a clearing on a tree that carries its die, or the wheelbarrow,
        # off it; raising it now, or after the first placement raised it,
        # gains less); over a tree of its fruit without a die, an empty
        # clearing or empty table, a new die on a tree of two fruits the first
        # placement may have laid; anything else, at most nothing (a clearing
        # cell never gains; a mismatch never gains)
        wb = node.wheelbarrow_used

        def up(v: int, m: int) -> int:
            if v == WHEELBARROW:
                return v
            if v == TOP_DIE:
                return TOP_DIE if wb else WHEELBARROW
            return v + m if v + m <= 6 else TOP_DIE

        tables, empty = [], []
        for k in range(self._NKINDS):
            t = {}
            if k == 6:
                for p, c in node.board.items():
                    t[p] = self._NEVER if c & 48 else 0
                tables.append(t)
                empty.append(0)
                continue
            f, n = self.cell(k)
            for p, c in node.board.items():
                if c & 48:
                    t[p] = self._NEVER
                    continue
                uf = c & 3
                d = (c >> 6) & 31
                if uf == f:
                    t[p] = up(d, n) if d else n + 2
                elif uf == CLEARING:
                    t[p] = up(d, n) if d and (c >> 11) & 3 == f else 0 if d else n + 2
                else:
                    t[p] = 0
            tables.append(t)
            empty.append(n + 2)
        return tables, empty

    def decoder(self, node: Node, upper: bool = False):
        supply = node.supply
        fruits = range(self.nfruits)
        near_each = 1 if self.tokens <= 7 else 4  # what one _NEAR counts for (_tables)

        def decode(s: int):
            g = (s >> _GAIN) - _GAIN_OFF * (s & 7)
            if s & 0o7700:  # the squirrel: only the full resolve knows the score
                if not upper:
                    return None
                # spending it costs at least 1; a cell next to squirrels can lift
                # their penalty by at most 1 each (a die leaves a tree there)
                g += ((s >> 9) & 7) * near_each - ((s >> 6) & 7)
            tens = (s >> 21) & 0o777
            w = (s >> _WANT) & 0o777777777
            if not (tens or w):
                return g
            left_dice = [supply[f] + ((s >> (12 + 3 * f)) & 7) for f in fruits]
            if tens:
                ten = [f for f in fruits if (tens >> 3 * f) & 7]
                if len(ten) > 1 and not upper:  # which ten becomes the wheelbarrow decides which die returns
                    return None
                g += WHEELBARROW - TOP_DIE
                for f in ten:  # (upper: as if each of them sent its die back)
                    left_dice[f] += 1
            if w:
                for f in fruits:
                    k = left_dice[f]
                    for value in (4, 3, 2):
                        if not k:
                            break
                        m = (w >> 3 * (3 * f + value - 2)) & 7
                        if m:
                            m = m if m < k else k
                            g += m * value
                            k -= m
            return g
        return decode

    def _resolve(self, node: Node, a: int, cells):
        board = node.board
        delta = {}
        z = node.zhash
        supply = list(node.supply)
        tree_dice = node.tree_dice
        tokens = node.tokens_used
        wb = node.wheelbarrow_used
        wants = []
        for dp, f, n in cells:
            p = a + dp
            c = board.get(p)
            new = f | (n << 2)
            if c is not None:
                z ^= _ZOB[(p << 13) | c]
                uf = c & 3
                d = (c >> 6) & 31
                df = (c >> 11) & 3
                on_tree = uf != CLEARING
                if f != CLEARING and ((on_tree and uf != f) or (not on_tree and d and df != f)):
                    # the squirrel: what lay here leaves the orchard
                    if d:
                        if d != WHEELBARROW:
                            supply[df] += 1
                        if on_tree:
                            tree_dice -= d
                    new |= SQUIRREL << 4
                    tokens += 1
                elif f == CLEARING:
                    if d:
                        new |= (d << 6) | (df << 11)
                        if on_tree:
                            tree_dice -= d
                elif d:
                    if d == WHEELBARROW:
                        v = WHEELBARROW
                    elif d == TOP_DIE:
                        if not wb:
                            wb = True
                            supply[df] += 1
                            v = WHEELBARROW
                        else:
                            v = TOP_DIE
                    else:
                        v = d + n
                        if v > 6:
                            v = TOP_DIE
                    tree_dice += v - (d if on_tree else 0)
                    new |= (v << 6) | (f << 11)
                elif on_tree:
                    wants.append((p, f, n + ((c >> 2) & 3)))
            delta[p] = new
            z ^= _ZOB[(p << 13) | new]
        return self._outcomes(wants, delta, z, supply, tree_dice, tokens, wb)


def engine_for(game: Game, deal: Deal) -> Engine:
    n = len(game.deck.fruit_keys)
    if n > CLEARING:  # a square's fruit is 2 bits, and 3 means a clearing
        raise PnpError(f"the solver handles decks of at most {CLEARING} fruits; {game.id} has {n}",
                       file=game.deck.source)
    if isinstance(game, GroveGame):
        return GroveEngine(game, deal)
    if isinstance(game, OrchardGame):
        return OrchardEngine(game, deal)
    raise TypeError(f"no solver engine for {type(game).__name__}")
