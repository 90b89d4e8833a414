"""Hand-built positions for the rules tests.

A position is written as rows of cells, top row first, cells split by spaces;
``-`` is empty table. Cell codes:

- Orchard: ``A`` a tree, ``A3`` a tree with a die showing 3, ``A!`` a rotten tree.
- Grove: ``O2`` a tree with two oranges, ``O2:5`` with a die showing 5,
  ``O2:W`` with the wheelbarrow, ``.`` a clearing, ``.:L4`` a clearing holding a
  lemon die showing 4, ``.:LW`` a clearing holding the lemon wheelbarrow,
  ``O2*S`` a tree with the squirrel.

``position`` starts the deal's game (so the hand and draw pile are the deal's)
and swaps in the hand-built top layer; ``rows`` writes a state back in the same
codes, so tests can compare whole orchards at a glance.
"""
from __future__ import annotations

import re
from dataclasses import replace

from pnp.games import find_game
from pnp.games.base import ROTTEN, SQUIRREL, WHEELBARROW_VALUE, Game, Spot, State, reading_key
from pnp.notation import Deal, Move

_ORCHARD = re.compile(r"^([A-Z])(\d+|!)?$")
_GROVE = re.compile(r"^(?:([A-Z])([12])|\.)(?::([A-Z]?)(\d+|W))?(\*S)?$")


def spot(code: str, counted: bool) -> Spot:
    if not counted:
        m = _ORCHARD.match(code)
        if not m:
            raise ValueError(f"bad orchard cell {code!r}")
        fruit, extra = m.group(1), m.group(2)
        if extra == "!":
            return Spot(fruit, 1, token=ROTTEN)
        if extra:
            return Spot(fruit, 1, die=int(extra), die_fruit=fruit)
        return Spot(fruit, 1)
    m = _GROVE.match(code)
    if not m:
        raise ValueError(f"bad grove cell {code!r}")
    fruit, count, die_fruit, value, squirrel = m.groups()
    count = int(count) if count else 0
    s = Spot(fruit, count)
    if value:
        die = WHEELBARROW_VALUE if value == "W" else int(value)
        s = replace(s, die=die, die_fruit=die_fruit or fruit)
    if squirrel:
        s = replace(s, token=SQUIRREL)
    return s


def code(s: Spot, counted: bool) -> str:
    if not counted:
        if s.token == ROTTEN:
            return s.fruit + "!"
        return s.fruit + (str(s.die) if s.die else "")
    out = "." if s.fruit is None else f"{s.fruit}{s.count}"
    if s.die:
        out += ":" + (s.die_fruit if s.fruit is None else "") + ("W" if s.wheelbarrow else str(s.die))
    if s.token == SQUIRREL:
        out += "*S"
    return out


def position(deal: str, layout: list[str], *, x0: int = 0, y0: int = 0,
             wheelbarrow_used: bool | None = None, game: Game | None = None) -> tuple[Game, State]:
    """The deal's game and its opening state with ``layout`` as the top layer."""
    d = Deal.parse(deal)
    game = game or find_game(d.game)
    start = game.start(d)
    top = {}
    for dy, line in enumerate(layout):
        for dx, c in enumerate(line.split()):
            if c != "-":
                top[(x0 + dx, y0 + dy)] = spot(c, game.counted)
    if wheelbarrow_used is None:
        wheelbarrow_used = any(s.wheelbarrow for s in top.values())
    state = replace(start, top=tuple(sorted(top.items(), key=lambda kv: reading_key(kv[0]))),
                    wheelbarrow_used=wheelbarrow_used, over=False)
    return game, replace(state, over=game._no_moves(state))


def rows(state: State, counted: bool | None = None) -> list[str]:
    """The top layer in the codes above, over the bounding box, ``-`` for empty."""
    if counted is None:
        counted = state.game == "grove"
    x0, y0, x1, y1 = state.bounds()
    g = state.grid
    return [" ".join(code(g[(x, y)], counted) if (x, y) in g else "-" for x in range(x0, x1 + 1))
            for y in range(y0, y1 + 1)]


def at(state: State, x: int, y: int) -> str | None:
    s = state.grid.get((x, y))
    return None if s is None else code(s, state.game == "grove")


def play(game: Game, state: State, move: str) -> State:
    return game.apply(state, Move.parse(move))


def covered(game: Game, state: State, move: Move) -> list[tuple[int, int]]:
    """The grid cells ``move`` lays its card on (covered or not)."""
    from pnp.games.base import face_cells

    ref = next(r for r in state.hand if r.id == move.card)
    return [p for p, _ in face_cells(game.face(ref), move.rot, move.x, move.y)]
