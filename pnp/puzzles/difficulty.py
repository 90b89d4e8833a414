"""Measuring how hard a puzzle is: how much search a simple player needs.

The yardstick is a family of *beam players*. A beam player of width ``w``
keeps the ``w`` best positions after each turn (best = highest score so far;
ties keep the order in which moves are generated, which is fixed), tries every
legal move from each, and at the end plays the best finished line it saw.
Width 1 is the plain greedy player: it always takes the move that scores most
at once.

The puzzle's **difficulty** is the rung of the narrowest beam, among
:data:`WIDTHS`, that reaches the target: 0 when the greedy player already
reaches it, 1 for width 2, ... up to ``len(WIDTHS) - 1``; and ``len(WIDTHS)``
when none of them does (only a deep search finds a winning line). It is a
measure of the deal and target, not a label: the same number comes out on
every machine.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..games.base import Game
from ..notation import Deal, Move

WIDTHS = (1, 2, 4, 8, 16)
LEVEL_NAMES = ("gentle", "easy", "steady", "tricky", "hard", "fiendish")


@dataclass(frozen=True)
class BeamResult:
    width: int
    score: int
    moves: tuple[Move, ...]


def beam_play(game: Game, deal: Deal, width: int) -> BeamResult:
    """The best finished line a beam player of ``width`` finds."""
    from ..solver.search import Searcher

    s = Searcher(game, game.parse_deal(deal))
    s.beam(width)
    return BeamResult(width, s.best, tuple(s.engine.move(c) for c in s.best_line))


def beam_ladder(game: Game, deal: Deal, widths=WIDTHS) -> list[BeamResult]:
    """One :class:`BeamResult` per width, in order."""
    return [beam_play(game, deal, w) for w in widths]


def difficulty_of(scores: Sequence[int], target: int) -> int:
    """The rung of the narrowest beam player that reaches ``target``, given the
    ladder's scores (narrowest first)."""
    for i, score in enumerate(scores):
        if score >= target:
            return i
    return len(scores)


def level_name(level: int) -> str:
    return LEVEL_NAMES[min(level, len(LEVEL_NAMES) - 1)]
