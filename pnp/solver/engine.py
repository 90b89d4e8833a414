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

import itertools
import random
from dataclasses import dataclass

from ..games.base import ROTTEN as _ROTTEN, SQUIRREL as _SQUIRREL, Game, Spot, State, face_cells
from ..games.grove import GroveGame
from ..games.orchard import ROTTEN_PENALTY, OrchardGame
from ..notation import ROTATIONS, CardRef, Deal, Move

ROW = 1024
OFF = 512
CLEARING = 3
NO_TOKEN, ROTTEN, SQUIRREL = 0, 1, 2
WHEELBARROW = 15
_TOKENS = {0: None, 1: _ROTTEN, 2: _SQUIRREL}
TOP_DIE = 10

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
_ZOB: dict[int, int] = {}


def zob(p: int, c: int) -> int:
    """The Zobrist key of code ``c`` on square ``p`` (deterministic, 128 bits)."""
    k = (p << 13) | c
    z = _ZOB.get(k)
    if z is None:
        z = _ZOB[k] = _ZRNG.getrandbits(128)
    return z


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

    def key(self) -> tuple:
        return (self.zhash, self.hand if len(self.hand) < 2 or self.hand[0] < self.hand[1]
                else (self.hand[1], self.hand[0]), self.drawn, self.wheelbarrow_used)


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
        hand = tuple(h for h in self.parent.hand if h != self.card)
        drawn = self.parent.drawn
        if drawn < n_cards:
            hand = hand + (drawn,)
            drawn += 1
        return hand, drawn

    def key(self, n_cards: int) -> tuple:
        hand, drawn = self.hand_after(n_cards)
        if len(hand) == 2 and hand[0] > hand[1]:
            hand = (hand[1], hand[0])
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
        # orients[i] = list of (rot, [(dp, fruit, count)...] sorted by dp), duplicates of shape removed
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
                lst.append((rot, cells))
            self.orients.append(lst)
            per = [0] * self.nfruits
            for _, _, c in face.cells():
                if c.fruit is not None:
                    per[self.fruit_index[c.fruit]] += 1
            self.card_fruits.append(tuple(per))

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

    def score(self, node: Node, final: bool = False) -> int:
        raise NotImplementedError

    def children(self, node: Node) -> list[Child]:
        """Every legal move (with each distinct way to share scarce dice), reading order."""
        out = []
        board = node.board
        for hi in node.hand:
            for rot, cells in self.orients[hi]:
                anchors = set()
                for p in board:
                    for dp, _, _ in cells:
                        anchors.add(p - dp)
                for a in sorted(anchors):
                    res = self.resolve(node, hi, a, cells)
                    if res is None:
                        continue
                    x, y = pos_xy(a)
                    for dice, delta, td, tok, sup, z, wb in res:
                        out.append(Child(hi, rot, x, y, dice, node, delta, td, tok, sup, z, wb))
        return out

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

    def has_move(self, node: Node) -> bool:
        board = node.board
        for hi in node.hand:
            for _, cells in self.orients[hi]:
                anchors = set()
                for p in board:
                    for dp, _, _ in cells:
                        anchors.add(p - dp)
                for a in anchors:
                    if self.legal(node, a, cells):
                        return True
        return False

    def legal(self, node: Node, a: int, cells) -> bool:
        raise NotImplementedError

    def resolve(self, node: Node, hi: int, a: int, cells):
        raise NotImplementedError

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

    def to_state(self, node: Node):
        """A reference-engine view of the visible layer (enough for scoring)."""
        return State(game=self.game.id, deal=self.deal, top=self.to_top(node), placed=(), hand=(),
                     drawn=node.drawn, wheelbarrow_used=node.wheelbarrow_used)

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

    def legal(self, node: Node, a: int, cells) -> bool:
        board = node.board
        left = self.tokens - node.tokens_used
        covered = 0
        for dp, f, _ in cells:
            c = board.get(a + dp)
            if c is None:
                continue
            covered += 1
            if c & 48:
                return False
            if c & 3 != f:
                left -= 1
                if left < 0:
                    return False
        return covered > 0

    def resolve(self, node: Node, hi: int, a: int, cells):
        if not self.legal(node, a, cells):
            return None
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
                z ^= zob(p, c)
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
            z ^= zob(p, new)
        return self._outcomes(wants, delta, z, supply, tree_dice, tokens, False)


class GroveEngine(OrchardEngine):
    """``grove``: clearings, fruit counts, the squirrel and the wheelbarrow."""

    def __init__(self, game: GroveGame, deal: Deal):
        Engine.__init__(self, game, deal)
        self.recipes = game.recipes(deal)

    def score(self, node: Node, final: bool = False) -> int:
        s = node.tree_dice
        if node.tokens_used:
            board = node.board
            for p, c in board.items():
                if (c >> 4) & 3 == SQUIRREL:
                    s -= 1
                    for q in (p + 1, p - 1, p + ROW, p - ROW):
                        n = board.get(q)
                        if n is not None and n >> 6 & 31 and n & 3 != CLEARING:
                            s -= 1
        if final and self.recipes:
            s += self.recipe_bonus(node)
        return s

    def child_score(self, child: Child) -> int:
        if child.tokens_used:
            return self.score(self.node(child))
        return child.tree_dice

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

    def legal(self, node: Node, a: int, cells) -> bool:
        board = node.board
        left = self.tokens - node.tokens_used
        covered = 0
        for dp, f, _ in cells:
            c = board.get(a + dp)
            if c is None:
                continue
            covered += 1
            if c & 48:
                return False
            if f == CLEARING:
                continue
            uf = c & 3
            if (uf != CLEARING and uf != f) or (uf == CLEARING and c >> 6 & 31 and (c >> 11) & 3 != f):
                left -= 1
                if left < 0:
                    return False
        return covered > 0

    def resolve(self, node: Node, hi: int, a: int, cells):
        if not self.legal(node, a, cells):
            return None
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
                z ^= zob(p, c)
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
            z ^= zob(p, new)
        return self._outcomes(wants, delta, z, supply, tree_dice, tokens, wb)


def engine_for(game: Game, deal: Deal) -> Engine:
    if isinstance(game, GroveGame):
        return GroveEngine(game, deal)
    if isinstance(game, OrchardGame):
        return OrchardEngine(game, deal)
    raise TypeError(f"no solver engine for {type(game).__name__}")
