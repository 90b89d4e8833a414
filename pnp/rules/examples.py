"""Scripted example games for the rules sheets, replayed by the rules engine.

Each solitaire game has a short deal (start card, two hand cards, one draw) and
three moves. :func:`example_steps` replays them with
:func:`pnp.games.find_game` and writes a caption for every state from the
engine's own state (what changed on the top layer, the score so far), so the
figures and captions can never contradict the rules.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..deck import GameDeck
from ..errors import PnpError
from ..games import find_game
from ..games.base import ROTTEN, SQUIRREL, State
from ..notation import Move, format_pos

#: game id -> (deal, moves): start card + 3 turns.
EXAMPLES: dict[str, tuple[str, tuple[str, ...]]] = {
    "orchard": ("orchard:1,6,11,13", ("6 r90 1,0", "11 r0 1,-1", "13 r180 1,0")),
    "orchard-pnp": ("orchard-pnp:4a,1b,8a,3a", ("8a r90 -1,-1", "1b r270 -2,0", "3a r180 -2,0")),
    "grove": ("grove:1,2,3,4", ("3 r0 0,-2", "4 r270 -1,0", "2 r0 -1,-2")),
}


@dataclass(frozen=True)
class Step:
    """One state of the example: the move that led to it (None for the start)."""

    number: int  # 0 = the start card
    move: Move | None
    state: State
    score: int
    caption: str


def _n(k: int, one: str, many: str) -> str:
    return f"{k} {one if k == 1 else many}"


def _names(gd: GameDeck, items: list[tuple[str, int, tuple[int, int]]]) -> str:
    return "; ".join(f"{gd.fruit(f).name} {v} on {format_pos(p)}" for f, v, p in items)


def describe_change(gd: GameDeck, before: State, after: State) -> list[str]:
    """What a move did to the dice and tokens, in short sentences, from the two states."""
    old, new = before.grid, after.grid
    appeared, raised, to_clearing, returned, tokens = [], [], [], [], []
    placed = after.placed[-1]
    covered = [p for p, s in new.items() if s.card == placed.card.id]
    for p in sorted(covered, key=lambda q: (q[1], q[0])):
        s, o = new[p], old.get(p)
        if s.token and (o is None or o.token != s.token):
            tokens.append((s.token, p))
        if o is not None and o.die and not s.die:
            returned.append((o.die_fruit, o.die, p, o.wheelbarrow))
        if s.die and (o is None or not o.die):
            appeared.append((s.die_fruit, s.die, p))
        elif s.die and o is not None and o.die:
            if s.fruit is None:
                to_clearing.append((s.die_fruit, s.die, p))
            else:
                raised.append((s.die_fruit, o.die, s.die, p))
    out = []
    if appeared:
        out.append(f"New {'die' if len(appeared) == 1 else 'dice'}: {_names(gd, appeared)}.")
    for f, a, b, p in raised:
        what = f"{a} to the wheelbarrow (15)" if b == 15 and a != 15 else f"{a} to {b}"
        out.append(f"{gd.fruit(f).name} die on {format_pos(p)} rises from {what}." if b != a
                   else f"{gd.fruit(f).name} die on {format_pos(p)} stays {b}.")
    for f, v, p in to_clearing:
        out.append(f"A clearing covers the {gd.fruit(f).name} {v}: the die moves onto it and scores nothing there.")
    for f, v, p, wheelbarrow in returned:
        out.append(f"The {gd.fruit(f).name} wheelbarrow under {format_pos(p)} leaves the grove for good."
                   if wheelbarrow else
                   f"The {gd.fruit(f).name} {v} under {format_pos(p)} goes back to the supply.")
    for kind, p in tokens:
        word = "rotten token" if kind == ROTTEN else "squirrel"
        out.append(f"A {word} goes on {format_pos(p)}.")
    if not out:
        out.append("No dice this time.")
    return out


def _played_example(game, game_id: str, gd: GameDeck) -> tuple[str, tuple[str, ...]]:
    """An example for a deck the scripted one does not replay on (its own cards,
    token counts): the deck's first four cards, each turn the move that scores
    most (the first such in the engine's order). Raises the engine's error when
    the deck cannot give one (fewer than four cards)."""
    ids = sorted(c.id for c in gd.cards)[:4]
    if len(ids) < 4:
        raise PnpError(f"an example needs 4 cards, the deck has {len(ids)}")
    deal = f"{game_id}:" + ",".join(f"{i}a" if game_id == "orchard-pnp" else str(i) for i in ids)
    state = game.start(deal)
    moves = []
    while not state.over and len(moves) < 3:
        best = max(game.legal_moves(state), key=lambda m: game.score(game.apply(state, m)))
        moves.append(best.format())
        state = game.apply(state, best)
    if len(moves) < 3:
        raise PnpError(f"the game on the deck's first four cards ends after {len(moves)} turns")
    return deal, tuple(moves)


def example_line(gd: GameDeck, game_id: str | None = None) -> tuple[str, tuple[str, ...]]:
    """The deal and moves of ``gd``'s example: the scripted one where it replays
    with these cards, else one the engine plays (:func:`_played_example`)."""
    game_id = game_id or gd.game
    game = find_game(game_id, gd)
    deal, moves = EXAMPLES[game_id]
    try:
        game.replay(deal, [Move.parse(text) for text in moves])
        return deal, moves
    except PnpError:
        return _played_example(game, game_id, gd)


def example_steps(gd: GameDeck, game_id: str | None = None) -> list[Step]:
    """The example of ``gd``'s game (:func:`example_line`), replayed: the start and each turn."""
    game_id = game_id or gd.game
    deal, moves = example_line(gd, game_id)
    game = find_game(game_id, gd)
    state = game.start(deal)
    first = state.placed[0].card.format()
    hand = " and ".join(r.format() for r in state.hand)
    steps = [Step(0, None, state, game.score(state),
                  f"Start: card {first} lies upright with its top-left square on 0,0. In hand: {hand}.")]
    for i, text in enumerate(moves, 1):
        move = Move.parse(text)
        nxt = game.apply(state, move)
        sheet = game.score_sheet(nxt)
        p = nxt.placed[-1]
        turn = "upright" if p.rot == 0 else f"turned {p.rot}°"
        parts = [f"Turn {i} ({move.format()}): card {p.card.format()}, {turn}, top-left on {format_pos((p.x, p.y))}."]
        parts += describe_change(gd, state, nxt)
        on_trees = sum(1 for _, s in nxt.top if s.die and s.fruit is not None)  # dice on clearings score 0
        dice = _n(on_trees, "die", "dice") + (" on trees" if on_trees < sheet.dice_in_play else "")
        extra = f", minus {sheet.penalty}" if sheet.penalty else ""
        parts.append(f"Score so far: {sheet.total} ({dice} worth {sheet.dice}{extra}).")
        steps.append(Step(i, move, nxt, sheet.total, " ".join(parts)))
        state = nxt
    return steps
