"""Puzzles: finding the puzzle a user names (id, file or deal)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import PuzzleError
from ..notation import Deal, parse_puzzle_id

ARCHIVE = Path("puzzles")
#: Games with a daily puzzle, and those whose archive is published in ``puzzles/``.
DAILY_GAMES = ("orchard", "orchard-pnp", "grove")
ARCHIVED_GAMES = ("orchard", "grove")


@dataclass(frozen=True)
class PuzzleRef:
    """What ``pnp verify`` needs to know about a puzzle."""

    deal: Deal
    target: int | None = None
    best: int | None = None
    proven: bool | None = None
    id: str | None = None


def archive_path(game: str, date: str, root: Path = ARCHIVE) -> Path:
    return root / game / date[:4] / f"{game}-{date}.yaml"


def load_puzzle_file(path: str | Path) -> PuzzleRef:
    """Read a published puzzle file (``puzzles/GAME/YYYY/GAME-YYYY-MM-DD.yaml``)."""
    import yaml

    p = Path(path)
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise PuzzleError(f"cannot read puzzle file: {exc.strerror}", file=str(p)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise PuzzleError(f"puzzle file is not valid YAML: {getattr(exc, 'problem', exc)}", file=str(p),
                          line=mark.line + 1 if mark else None) from None
    if not isinstance(data, dict) or "deal" not in data:
        raise PuzzleError("puzzle file has no 'deal:'", file=str(p), line=1)
    try:
        deal = Deal.parse(str(data["deal"]))
    except PuzzleError:
        raise
    except Exception as exc:  # NotationError: report it against the file
        raise PuzzleError(str(exc), file=str(p)) from None
    def opt_int(key):
        v = data.get(key)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
            raise PuzzleError(f"puzzle file: {key!r} must be a whole number", file=str(p))
        return v
    return PuzzleRef(deal=deal, target=opt_int("target"), best=opt_int("best"),
                     proven=data.get("proven"), id=data.get("id"))


def resolve_puzzle(arg: str, root: Path = ARCHIVE, on_generate=None) -> PuzzleRef:
    """A puzzle id (from the archive), a puzzle file, or a deal. ``on_generate(id)``
    is called before a puzzle id that is not archived is generated (seconds)."""
    pid = parse_puzzle_id(arg)
    if pid is not None:
        game, date = pid
        path = archive_path(game, date, root)
        if path.is_file():
            return load_puzzle_file(path)
        from . import daily  # generated identically when not archived

        daily.parse_date(date)  # bad input, not a day to generate
        if game not in DAILY_GAMES:
            raise PuzzleError(f"no daily puzzles for {game!r} (daily games: {', '.join(DAILY_GAMES)})")
        if on_generate is not None:
            on_generate(f"{game}-{date}")
        return daily.puzzle_ref(game, date)
    if ":" in arg and not Path(arg).is_file():
        return PuzzleRef(deal=Deal.parse(arg))
    if Path(arg).is_file():
        return load_puzzle_file(arg)
    raise PuzzleError(f"{arg!r} is not a puzzle id (GAME-YYYY-MM-DD), a puzzle file or a deal (GAME:C1,C2,...)")
