"""Daily puzzles (filled in by the puzzles issue)."""
from __future__ import annotations

from ..errors import PuzzleError


def puzzle_ref(game: str, date: str):
    raise PuzzleError(f"no published puzzle {game}-{date} in puzzles/ (daily generation is not built yet)")
