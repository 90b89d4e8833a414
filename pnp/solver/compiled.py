"""The bridge to the compiled exact searches (``_orchard.c``, ``_grove.c``).

The C cores run :meth:`Searcher.dfs <pnp.solver.search.Searcher.dfs>` for
``orchard``, ``orchard-pnp`` and ``grove`` deals (recipe challenges too):
the same rules, the same bounds, the same transposition idea,
50 times fewer seconds or more. What a core
cannot work out alone comes from the Python engine, once per deal: the cards'
orientations and the per-square credits of the slot bound
(:meth:`Engine.credits <pnp.solver.engine.Engine.credits>`). Its best line
comes back as (card, orientation, square, dice) steps, which
:func:`replay` turns into the engine's moves, checking the score on the way.

The extensions are optional (``setup.py``): without a C compiler pnp installs
without them, :func:`core_for` answers None and the pure-Python search runs.
"""
from __future__ import annotations

from .engine import CLEARING, ROW, TOP_DIE, WHEELBARROW, Engine, GroveEngine, Node, OrchardEngine, code, pos_int, \
    pos_xy

try:
    from . import _orchard
except ImportError:  # pragma: no cover - built wherever a C compiler is
    _orchard = None
try:
    from . import _grove
except ImportError:  # pragma: no cover - built wherever a C compiler is
    _grove = None

TT_BITS = 23  # 2^23 entries of 16 bytes: 128 MiB per process
MAX_CARDS = 20  # the grid is 128 squares wide; a deal of more cards stays in Python
MAX_DICE = 15  # the cores count a fruit's dice in 4 bits; a deck with more a fruit stays in Python


def available() -> bool:
    return _orchard is not None and _grove is not None


def core_for(engine: Engine, slot_cards: int):
    """A compiled search for ``engine``'s deal, or None when there is none for it."""
    if isinstance(engine, GroveEngine):
        return grove_core(engine, slot_cards)
    if _orchard is None or not isinstance(engine, OrchardEngine):
        return None
    if len(engine.refs) > MAX_CARDS or engine.dice_per_fruit > MAX_DICE:
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


# the values a Grove die shows: a new one 2-4 (two trees' fruits), a raised one up to 6, then
# 10, and the wheelbarrow
GROVE_DICE = (2, 3, 4, 5, 6, TOP_DIE, WHEELBARROW)


def grove_codes(nfruits: int) -> list[int]:
    """Every code a Grove square can show: a tree of 1 or 2 fruits, bare, with the squirrel or
    with a die of its fruit; a clearing, bare or with a die of any fruit."""
    out = []
    for f in range(nfruits):
        for n in (1, 2):
            out += [code(f, n), code(f, n, token=2)] + [code(f, n, die=d, die_fruit=f) for d in GROVE_DICE]
    out.append(code(CLEARING, 0))
    out += [code(CLEARING, 0, die=d, die_fruit=f) for d in GROVE_DICE for f in range(nfruits)]
    return out


# the recipe vocabulary (pnp.deck) as _grove.c numbers it (its C_* and R_* names)
CONDITIONS = ("all_dice_in_play", "each_fruit_at_least", "no_dice_on_clearings", "line_of_three", "dice_at_least",
              "fruit_total_at_least", "squirrel_unused", "wheelbarrow_used")
REWARDS = ("points", "double", "points_per_die")


def grove_recipes(engine: GroveEngine) -> list[tuple] | None:
    """The deal's recipes as the Grove core reads them: (condition, its fruit or -1 for any,
    its count, reward, its fruit or -1, its count, the wheelbarrow counts); None where one of
    them has words the core does not know."""
    def fruit(arg) -> int:
        return -1 if arg == "any" else engine.fruit_index[arg]

    out = []
    for r in engine.recipes:
        kind, arg = r.condition
        rkind, rarg = r.reward
        if kind not in CONDITIONS or rkind not in REWARDS:
            return None
        cf, cn = -1, 0
        if kind in ("all_dice_in_play", "line_of_three"):
            cf = fruit(arg)
        elif kind == "each_fruit_at_least":
            cn = int(arg)
        elif kind in ("dice_at_least", "fruit_total_at_least"):
            cf, cn = fruit(arg[0]), int(arg[1])
        rf, rn = -1, 0
        if rkind == "points":
            rn = int(rarg)
        elif rkind == "double":
            rf = fruit(rarg)
        else:
            rf, rn = fruit(rarg[0]), int(rarg[1])
        out.append((CONDITIONS.index(kind), cf, cn, REWARDS.index(rkind), rf, rn, bool(r.wheelbarrow_counts)))
    return out


def grove_core(engine: GroveEngine, slot_cards: int):
    """The compiled Grove search for ``engine``'s deal (a recipe pair too), or None."""
    recipes = grove_recipes(engine)
    if _grove is None or recipes is None or len(recipes) > 4 or len(engine.refs) > MAX_CARDS or \
            engine.dice_per_fruit > MAX_DICE or \
            engine.tokens > 7:  # the core counts squirrels in 3 bits (a deck may have up to 9)
        return None
    orients = []
    for lst in engine.orients:
        cards = []
        for rot, cells_, _, _ in lst:
            if any(n not in ((0,) if f == CLEARING else (1, 2)) for _, f, n in cells_):
                return None
            cards.append((rot, [(dp // ROW, dp % ROW, f, n) for dp, f, n in cells_]))
        orients.append(cards)
    codes = [None, *grove_codes(engine.nfruits)]
    credits = [[[[(c or 0, *engine.credits(c, later, bool(wb), bool(left))) for c in codes]
                 for left in (0, 1)] for wb in (0, 1)] for later in range(slot_cards)]
    return _grove.Core(engine.nfruits, engine.dice_per_fruit, engine.tokens, orients, credits,
                       [engine.credit_unit(later) for later in range(slot_cards)], slot_cards, TT_BITS,
                       recipes, [tuple(per) for per in engine.card_fruits])


def position(engine: Engine, node: Node) -> tuple:
    """``node`` as a core's ``dfs`` and ``bounds`` read it (Grove's also takes the wheelbarrow)."""
    out = (cells(node), list(node.hand), node.drawn, node.tokens_used, node.tree_dice, list(node.supply))
    return out + (node.wheelbarrow_used,) if isinstance(engine, GroveEngine) else out


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
