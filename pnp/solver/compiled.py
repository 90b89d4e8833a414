"""The bridge to the compiled exact search for Orchard (``_orchard.c``).

The C core runs :meth:`Searcher.dfs <pnp.solver.search.Searcher.dfs>` for
``orchard`` and ``orchard-pnp`` deals: the same rules, the same bounds, the
same transposition idea, 50 times fewer seconds or more. What it
cannot work out alone comes from the Python engine, once per deal: the cards'
orientations and the per-square credits of the slot bound
(:meth:`Engine.credits <pnp.solver.engine.Engine.credits>`). Its best line
comes back as (card, orientation, square, dice) steps, which
:func:`replay` turns into the engine's moves, checking the score on the way.

The extension is optional (``setup.py``): without a C compiler pnp installs
without it, :func:`core_for` answers None and the pure-Python search runs.
"""
from __future__ import annotations

from .engine import CLEARING, ROW, Engine, GroveEngine, Node, OrchardEngine, pos_int, pos_xy

try:
    from . import _orchard
except ImportError:  # pragma: no cover - built wherever a C compiler is
    _orchard = None

TT_BITS = 23  # 2^23 entries of 16 bytes: 128 MiB per process
MAX_CARDS = 20  # the grid is 128 squares wide; a deal of more cards stays in Python


def available() -> bool:
    return _orchard is not None


def core_for(engine: Engine, slot_cards: int):
    """A compiled search for ``engine``'s deal, or None when there is none for it."""
    if _orchard is None or not isinstance(engine, OrchardEngine) or isinstance(engine, GroveEngine):
        return None
    if len(engine.refs) > MAX_CARDS:
        return None
    ladder = [engine.ladder.get(v, v) for v in range(32)]
    if any(not 0 <= v < 32 for v in ladder):
        return None
    orients = []
    for lst in engine.orients:
        cards = []
        for rot, cells, _, _ in lst:
            if any(f == CLEARING for _, f, _ in cells):
                return None
            cards.append((rot, [(dp // ROW, dp % ROW, f) for dp, f, _ in cells]))
        orients.append(cards)
    # every code an Orchard square can show: a tree, with a rotten token, with a die of its fruit
    codes = set()
    for f in range(engine.nfruits):
        codes.update((f | 4, f | 4 | 16))
        codes.update(f | 4 | (d << 6) | (f << 11) for d in set(engine.ladder.values()) | set(engine.ladder) if d)
    credits = []
    for later in range(slot_cards):
        credits.append([[(c or 0, *engine.credits(c, later, False, bool(left))) for c in [None, *sorted(codes)]]
                        for left in (0, 1)])
    units = [engine.credit_unit(later) for later in range(slot_cards)]
    return _orchard.Core(engine.nfruits, engine.dice_per_fruit, engine.tokens, ladder, orients,
                         engine.card_fruits, credits, units, slot_cards, TT_BITS)


def cells(node: Node) -> list[tuple[int, int, int]]:
    """The visible layer as the core reads it: (x, y, code) per square."""
    return [(*pos_xy(p), c) for p, c in node.board.items()]


def replay(engine: Engine, node: Node, steps) -> list:
    """The engine's moves (:class:`Child`) for the core's ``steps`` from ``node``."""
    out = []
    for card, o, x, y, dice in steps:
        rot, cells_, _, _ = engine.orients[card][o]
        want = () if dice is None else tuple(sorted(pos_int(*xy) for xy in dice))
        for child in engine.outcomes(node, card, rot, pos_int(x, y), cells_):
            if child.dice == want:
                break
        else:  # pragma: no cover - a bug in the core
            raise RuntimeError(f"the compiled search gave a move the engine does not know: {card, rot, x, y, dice}")
        out.append(child)
        node = engine.node(child)
    return out
