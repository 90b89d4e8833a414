"""The shared game interface and the geometry all solitaire games use.

A :class:`Game` is bound to one game's deck. States are immutable
(:class:`State`); ``apply`` returns a new one. The visible top layer of the
orchard (``State.top``) is the whole position: what lies under it never matters
again.
"""
from __future__ import annotations

import collections
import itertools
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Iterable, Iterator

from ..deck import Card, Cell, Face, GameDeck, id_ranges
from ..errors import IllegalMoveError, InvalidDealError
from ..notation import ROTATIONS, CardRef, Deal, Move, Pos, format_pos

# ----------------------------------------------------------------- geometry


def turn(col: int, row: int, rot: int) -> tuple[int, int]:
    """Where cell (col, row) of an upright 2x3 card lands after turning it
    ``rot`` degrees clockwise (offset from the turned card's top-left)."""
    if rot == 0:
        return col, row
    if rot == 90:
        return 2 - row, col
    if rot == 180:
        return 1 - col, 2 - row
    if rot == 270:
        return row, 1 - col
    raise ValueError(f"rotation must be one of {ROTATIONS}, not {rot}")


def turned_size(rot: int) -> tuple[int, int]:
    """(width, height) of a card turned ``rot`` degrees."""
    return (2, 3) if rot in (0, 180) else (3, 2)


def face_cells(face: Face, rot: int, x: int, y: int) -> list[tuple[Pos, Cell]]:
    """The grid cells a face covers when turned ``rot`` with top-left at (x, y),
    in reading order of the grid (top row first, then left to right)."""
    out = []
    for c, r, cell in face.cells():
        dx, dy = turn(c, r, rot)
        out.append(((x + dx, y + dy), cell))
    out.sort(key=lambda item: (item[0][1], item[0][0]))
    return out


def reading_key(pos: Pos) -> tuple[int, int]:
    return (pos[1], pos[0])


# ----------------------------------------------------------------- state

ROTTEN = "rotten"
SQUIRREL = "squirrel"
WHEELBARROW_VALUE = 15


@dataclass(frozen=True)
class Spot:
    """What is visible on one grid square: a tree or clearing, and what sits on it."""

    fruit: str | None  # None: a clearing
    count: int = 1  # fruits shown on the tree (Grove); 1 in Orchard
    die: int = 0  # die value, 0 when no die; 15 for the wheelbarrow
    die_fruit: str | None = None  # fruit of the die (or wheelbarrow)
    token: str | None = None  # ROTTEN or SQUIRREL
    card: int = 0  # the card this cell belongs to

    @property
    def wheelbarrow(self) -> bool:
        return self.die == WHEELBARROW_VALUE


@dataclass(frozen=True)
class Placement:
    """A card laid in the orchard: which card/side, turn and top-left cell."""

    card: CardRef
    rot: int
    x: int
    y: int


@dataclass(frozen=True)
class State:
    """A position. ``top`` lists the visible grid squares in reading order."""

    game: str
    deal: Deal
    top: tuple[tuple[Pos, Spot], ...]
    placed: tuple[Placement, ...]
    hand: tuple[CardRef, ...]
    drawn: int  # how many cards of the deal have left the draw pile
    moves: tuple[Move, ...] = ()
    wheelbarrow_used: bool = False
    over: bool = False  # set by the game: no card left to play or none can be placed

    @cached_property
    def grid(self) -> dict[Pos, Spot]:
        return dict(self.top)

    @property
    def draw_pile(self) -> tuple[CardRef, ...]:
        return self.deal.cards[self.drawn:]

    def dice(self) -> Iterator[tuple[Pos, Spot]]:
        """Squares holding a die or the wheelbarrow, in reading order."""
        return ((p, s) for p, s in self.top if s.die)

    def tokens(self, kind: str) -> int:
        return sum(1 for _, s in self.top if s.token == kind)

    def bounds(self) -> tuple[int, int, int, int]:
        xs = [p[0] for p, _ in self.top]
        ys = [p[1] for p, _ in self.top]
        return min(xs), min(ys), max(xs), max(ys)

    def key(self) -> tuple:
        """A canonical, hashable key: equal for positions that play alike
        (the top layer up to translation, the hand, the draw pile, flags)."""
        x0, y0, _, _ = self.bounds()
        top = tuple(((x - x0, y - y0), s.fruit, s.count, s.die, s.die_fruit, s.token)
                    for (x, y), s in self.top)
        return (top, tuple(sorted(self.hand)), self.drawn, self.wheelbarrow_used)


@dataclass(frozen=True)
class ScoreSheet:
    """How a score is made up."""

    dice: int  # points from dice (and the wheelbarrow) that score
    penalty: int  # points lost to rotten tokens / the squirrel (>= 0)
    bonus: int  # recipe bonuses (Grove challenge)
    total: int
    dice_in_play: int
    tokens_used: int  # rotten tokens / squirrel spent
    recipes: tuple[tuple[str, bool, int], ...] = ()  # (recipe name, condition met, points)
    target: int | None = None

    @property
    def met_target(self) -> bool | None:
        return None if self.target is None else self.total >= self.target


@dataclass(frozen=True)
class Analysis:
    """A legal placement worked out: the new top and who wants a new die."""

    cells: list[tuple[Pos, Cell]]
    wants: list[tuple[Pos, str, int]]  # (pos, fruit, value) wanting a new die, reading order
    supply: dict[str, int]  # dice left per fruit after returns and moves
    new: dict[Pos, Spot]  # the covering spots before new dice
    wheelbarrow_used: bool


# ----------------------------------------------------------------- the interface


class Game:
    """One game's rules, bound to its deck. Subclasses fill in the rule hooks."""

    id: str = ""
    counted = False  # cells carry fruit counts (Grove)
    two_sided = False  # cards have sides a/b and a deal fixes the face
    uses_recipes = False
    token_name = "rotten token"

    def __init__(self, deck: GameDeck):
        self.deck = deck
        self._cards = {c.id: c for c in deck.cards}

    # -- deals ---------------------------------------------------------------
    def parse_deal(self, text: str | Deal) -> Deal:
        deal = text if isinstance(text, Deal) else Deal.parse(text)
        self.check_deal(deal)
        return deal

    def check_deal(self, deal: Deal) -> None:
        where = deal.format()
        if deal.game != self.id:
            raise InvalidDealError(f"deal {where!r} is for {deal.game!r}, not {self.id!r}")
        seen = set()
        for ref in deal.cards:
            if ref.id not in self._cards:
                raise InvalidDealError(f"deal {where!r}: no card {ref.id} in the {self.id} deck "
                                       f"(cards: {id_ranges(self._cards)})")
            if ref.id in seen:
                raise InvalidDealError(f"deal {where!r}: card {ref.id} appears twice")
            seen.add(ref.id)
            if self.two_sided and ref.side not in self._cards[ref.id].sides:
                raise InvalidDealError(f"deal {where!r}: card {ref.id} needs its face side, like {ref.id}a or {ref.id}b")
            if not self.two_sided and ref.side:
                raise InvalidDealError(f"deal {where!r}: {self.one_side(ref.id, ref.side)}")
        if deal.recipes and not self.uses_recipes:
            raise InvalidDealError(f"deal {where!r}: {self.id} has no recipes")
        if deal.recipes:
            if len(deal.recipes) != 2 or deal.recipes[0] == deal.recipes[1]:
                raise InvalidDealError(f"deal {where!r}: a recipe challenge sets aside two different recipe cards")
            for r in deal.recipes:
                if r not in self._cards:
                    raise InvalidDealError(f"deal {where!r}: no recipe card {r}")
                if r in seen:
                    raise InvalidDealError(f"deal {where!r}: recipe card {r} is set aside, so it cannot be in the deal")

    def face(self, ref: CardRef) -> Face:
        return self._cards[ref.id].face(ref.side)

    def card(self, card_id: int) -> Card:
        return self._cards[card_id]

    # -- play ----------------------------------------------------------------
    def start(self, deal: Deal | str) -> State:
        deal = self.parse_deal(deal)
        first = deal.cards[0]
        top = tuple((pos, self._spot(cell, first.id)) for pos, cell in face_cells(self.face(first), 0, 0, 0))
        state = State(game=self.id, deal=deal, top=top, placed=(Placement(first, 0, 0, 0),),
                      hand=deal.cards[1:3], drawn=min(3, len(deal.cards)))
        return replace(state, over=self._no_moves(state))

    def _spot(self, cell: Cell, card: int) -> Spot:
        return Spot(cell.fruit, cell.count, card=card)

    def is_over(self, state: State) -> bool:
        return state.over

    def _no_moves(self, state: State) -> bool:
        return not state.hand or not any(True for _ in self._placements(state))

    def one_side(self, card: int, side: str) -> str:
        """What a side letter on a card of a one-sided game is told (in a deal or a move)."""
        return f"{self.id} cards have one side; write {card}, not {card}{side}"

    def find_in_hand(self, state: State, move: Move) -> CardRef:
        if move.side and not self.two_sided:
            raise IllegalMoveError(self.one_side(move.card, move.side))
        for ref in state.hand:
            if ref.id == move.card:
                if move.side and move.side != ref.side:
                    raise IllegalMoveError(f"card {move.card} is dealt side {ref.side}, not {move.side}")
                return ref
        hand = ", ".join(r.format() for r in state.hand) or "empty"
        played = [i for i, p in enumerate(state.placed) if p.card.id == move.card]
        if played:
            why = "the start card" if played[0] == 0 else f"played at move {played[0]}"
            raise IllegalMoveError(f"card {move.card} is already in the orchard ({why}; hand: {hand})")
        if any(r.id == move.card for r in state.deal.cards[state.drawn:]):
            raise IllegalMoveError(f"card {move.card} is not drawn yet (hand: {hand})")
        if not any(r.id == move.card for r in state.deal.cards):
            raise IllegalMoveError(f"card {move.card} is not in this deal (hand: {hand})")
        raise IllegalMoveError(f"card {move.card} is not in hand (hand: {hand})")

    def check(self, state: State, move: Move) -> Analysis:
        """The analysis of a legal move, or :class:`IllegalMoveError` saying why not."""
        if state.over:
            raise IllegalMoveError("the game is over" + (" (no card left)" if not state.hand
                                                         else " (no hand card can be placed)"))
        ref = self.find_in_hand(state, move)
        cells = face_cells(self.face(ref), move.rot, move.x, move.y)
        result = self.analyse(state, cells)
        if isinstance(result, str):
            raise IllegalMoveError(result)
        self._check_dice(result, move)
        return result

    def _check_dice(self, a: Analysis, move: Move) -> None:
        wanting = {p for p, _, _ in a.wants}
        seen = set()
        for p in move.dice:
            if p in seen:
                raise IllegalMoveError(f"dice names {format_pos(p)} twice")
            seen.add(p)
            if p not in wanting:
                raise IllegalMoveError(f"dice names {format_pos(p)}, which does not get a new die")
        fruit_of = {p: fruit for p, fruit, _ in a.wants}
        named = collections.Counter(fruit_of[p] for p in move.dice)
        for fruit, n in named.items():  # a named square left without a die went unsaid
            left = a.supply.get(fruit, 0)
            if n > left:
                name = self.deck.fruit(fruit).name
                squares = f"{n} square{'s' if n != 1 else ''}"
                have = (f"no {name} die is" if left == 0 else
                        f"only {left} {name} {'die is' if left == 1 else 'dice are'}")
                raise IllegalMoveError(f"dice names {squares} wanting a new {name} die, but {have} left in the "
                                       "supply")

    def apply(self, state: State, move: Move) -> State:
        """Play ``move``; raises :class:`IllegalMoveError` if it is not legal."""
        a = self.check(state, move)
        ref = self.find_in_hand(state, move)
        new = {p: replace(s, card=ref.id) for p, s in a.new.items()}
        for pos, fruit, value in self._assign_dice(a, move.dice):
            new[pos] = replace(new[pos], die=value, die_fruit=fruit)
        grid = dict(state.grid)
        grid.update(new)
        top = tuple(sorted(grid.items(), key=lambda kv: reading_key(kv[0])))
        hand = tuple(r for r in state.hand if r != ref)
        drawn = state.drawn
        if drawn < len(state.deal.cards):
            hand = hand + (state.deal.cards[drawn],)
            drawn += 1
        canonical = Move(move.card, move.rot, move.x, move.y, ref.side if self.two_sided else "", move.dice)
        nxt = State(game=self.id, deal=state.deal, top=top,
                    placed=state.placed + (Placement(ref, move.rot, move.x, move.y),),
                    hand=hand, drawn=drawn, moves=state.moves + (canonical,),
                    wheelbarrow_used=a.wheelbarrow_used)
        return replace(nxt, over=self._no_moves(nxt))

    def _assign_dice(self, a: Analysis, chosen: Iterable[Pos]) -> list[tuple[Pos, str, int]]:
        """Give new dice: the chosen cells first, then reading order, while the supply lasts."""
        order = {p: i for i, p in enumerate(chosen)}
        wants = sorted(a.wants, key=lambda w: (order.get(w[0], len(order)), reading_key(w[0])))
        supply = dict(a.supply)
        out = []
        for pos, fruit, value in wants:
            if supply.get(fruit, 0) > 0:
                supply[fruit] -= 1
                out.append((pos, fruit, value))
        return out

    def _placements(self, state: State) -> Iterator[tuple[CardRef, int, int, int, Analysis]]:
        """Every legal (card, rot, x, y) with its analysis."""
        x0, y0, x1, y1 = state.bounds()
        for ref in state.hand:
            face = self.face(ref)
            for rot in ROTATIONS:
                w, h = turned_size(rot)
                for y in range(y0 - h + 1, y1 + 1):
                    for x in range(x0 - w + 1, x1 + 1):
                        a = self.analyse(state, face_cells(face, rot, x, y))
                        if not isinstance(a, str):
                            yield ref, rot, x, y, a

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move, with a ``dice`` choice for each way to share scarce dice."""
        if state.over:
            return []
        out = []
        for ref, rot, x, y, a in self._placements(state):
            side = ref.side if self.two_sided else ""
            for dice in self._dice_choices(a):
                out.append(Move(ref.id, rot, x, y, side, dice))
        return out

    def _dice_choices(self, a: Analysis) -> list[tuple[Pos, ...]]:
        """Distinct ways to share scarce dice, as ``dice`` lists ((): reading order)."""
        by_fruit: dict[str, list[Pos]] = {}
        for pos, fruit, _ in a.wants:
            by_fruit.setdefault(fruit, []).append(pos)
        options = []
        for fruit, cells in by_fruit.items():
            k = a.supply.get(fruit, 0)
            if 0 < k < len(cells):
                options.append([c for c in itertools.combinations(cells, k)])
        if not options:
            return [()]
        default = {p for p, _, _ in self._assign_dice(a, ())}
        out = []
        for combo in itertools.product(*options):
            chosen = tuple(sorted((p for group in combo for p in group), key=reading_key))
            got = {p for p, _, _ in self._assign_dice(a, chosen)}
            out.append(() if got == default else chosen)
        return out

    def replay(self, deal: Deal | str, moves: Iterable[Move]) -> State:
        state = self.start(deal)
        for i, move in enumerate(moves, 1):
            try:
                state = self.apply(state, move)
            except IllegalMoveError as exc:
                raise IllegalMoveError(f"move {i} ({move.format()}): {exc.reason}", move_number=i) from None
        return state

    # -- scoring -------------------------------------------------------------
    def score(self, state: State) -> int:
        return self.score_sheet(state).total

    def tier(self, score: int):
        return self.deck.tier(score)

    def standing(self, state: State) -> tuple[int, int, int]:
        """Sort key of a player's game in the multiplayer variant (SPEC §3.6):
        the higher score wins; a tie breaks on fewer rotten tokens (Grove: the
        squirrel) spent, then on more dice in play. Larger is better."""
        sheet = self.score_sheet(state)
        return (sheet.total, -sheet.tokens_used, sheet.dice_in_play)

    def ranking(self, games: dict[str, State]) -> list[tuple[int, str]]:
        """``(place, player)`` best first; players still tied after the
        tie-breaks share a place (1, 1, 3, ...)."""
        keyed = sorted(((self.standing(st), name) for name, st in games.items()), key=lambda kn: (
            tuple(-v for v in kn[0]), kn[1]))
        out: list[tuple[int, str]] = []
        for i, (key, name) in enumerate(keyed):
            place = out[-1][0] if i and keyed[i - 1][0] == key else i + 1
            out.append((place, name))
        return out

    def target(self, deal: Deal) -> int | None:
        return None

    # -- hooks ---------------------------------------------------------------
    def analyse(self, state: State, cells: list[tuple[Pos, Cell]]) -> Analysis | str:
        """Work out a placement of ``cells``; a string says why it is illegal."""
        raise NotImplementedError

    def score_sheet(self, state: State) -> ScoreSheet:
        raise NotImplementedError

    def supply(self, state: State) -> dict[str, int]:
        """Dice left in the supply per fruit (the wheelbarrow is not a die)."""
        left = {f: self.deck.dice_per_fruit for f in self.deck.fruit_keys}
        for _, s in state.top:
            if s.die and not s.wheelbarrow:
                left[s.die_fruit] -= 1
        return left


