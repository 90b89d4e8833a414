"""Puzzles for a run of days: from the archive, the missing ones generated.

Used by ``pnp puzzle booklet`` and the ``puzzles`` stage of ``pnp build``.
Archived days are read (fast); days not archived are generated exactly as
they would be published (seconds each), on several processes when there are
several of them. Nothing is written to the archive.
"""
from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Callable, Sequence

from ..games.base import Game
from . import archive_path, archive_root
from .daily import Puzzle, archived_for, make_puzzles


def week_of(day: _dt.date) -> list[_dt.date]:
    """Monday to Sunday of the week containing ``day`` (to 9999-12-31, the
    last day there is, in that year's last week)."""
    monday = day - _dt.timedelta(days=day.weekday())
    return [monday + _dt.timedelta(days=i) for i in range(min(7, (_dt.date.max - monday).days + 1))]


def missing_days(game_id: str, dates: Sequence[_dt.date], root: Path | None = None) -> list[_dt.date]:
    """The days of ``dates`` with no file in the archive ``root`` (default:
    :func:`archive_root`): they must be generated."""
    root = archive_root() if root is None else root
    return [d for d in dates if not archive_path(game_id, d.isoformat(), root).is_file()]


def gather(game: Game, dates: Sequence[_dt.date], root: Path | None = None, *, cards: str | None = None,
           jobs: int | None = None, on_made: Callable[[Puzzle], None] | None = None) -> list[Puzzle]:
    """The puzzles of ``dates`` in order, from the archive ``root`` (default:
    :func:`archive_root`, with their proof files laid over them) or generated. ``on_made`` is called after each
    generated (not archived) puzzle, e.g. to move a progress bar. With several
    days to generate, worker processes reload the deck from ``cards`` (the same
    file ``game`` was made from; ``None`` = the default cards file)."""
    root = archive_root() if root is None else root
    found: dict[_dt.date, Puzzle] = {}
    todo = []
    for d in dates:
        path = archive_path(game.id, d.isoformat(), root)
        if path.is_file():
            found[d] = archived_for(game, path, root)
        else:
            todo.append(d)
    for d, p in zip(todo, make_puzzles(game, todo, cards=cards, jobs=jobs)):
        found[d] = p
        if on_made:
            on_made(p)
    return [found[d] for d in dates]

