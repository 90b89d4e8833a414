"""Puzzles: finding the puzzle a user names (id, file or deal)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import NotationError, PnpError, PuzzleError, known_games
from ..fsutil import decode_text
from ..notation import Deal, parse_puzzle_id

if TYPE_CHECKING:
    from ..games.base import Game

#: Where ``pnp puzzle publish`` writes: ``puzzles/`` in the current folder.
#: Reading goes through :func:`archive_root`.
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
    #: the puzzle file it was read from: errors in the deal that only the cards can
    #: find (a card the deck lacks) are reported against its ``deal:`` line
    source: str | None = field(default=None, compare=False)
    #: the archive's file of the day when :attr:`source` is a copy of it
    copy_of: str | None = field(default=None, compare=False)

    def in_source(self, exc: PnpError) -> PnpError:
        """``exc``, a problem with :attr:`deal`, reported against the puzzle file;
        one that names a file of its own (the cards file has no such deck) as it is."""
        if self.source is None or exc.file is not None:
            return exc
        return PuzzleError(exc.message, file=self.source, line=_key_line(self.source, "deal"))


def check_daily_game(game_id: str) -> None:
    if game_id not in DAILY_GAMES:
        raise PuzzleError(f"no daily puzzles for {game_id!r} {known_games(game_id, DAILY_GAMES, 'daily games')}")


#: How ``--help`` describes :func:`archive_root`.
ARCHIVE_LOOKUP = ("puzzles/ in the current folder, else the archive shipped with pnp "
                  "(in a source checkout: the checkout's puzzles/)")


def _looks_like_archive(folder: Path) -> bool:
    """An archive holds ``GAME/YYYY/`` and ``proofs/`` folders (or nothing yet);
    the build's own ``OUT/puzzles/`` holds only files."""
    if not folder.is_dir():
        return False
    children = list(folder.iterdir())
    return not children or any(child.is_dir() for child in children)


def archive_root() -> Path:
    """The archive to read, looked up when called (the current folder can change):
    ``puzzles/`` in the current folder if there is one that looks like an archive
    (empty, or holding folders: ``pnp build`` writes a flat ``puzzles/`` of
    PDFs and text into its output, which is not an archive); else the copy shipped in
    the installed package (``pnp/data/puzzles``, copied there by ``setup.py``);
    else, in a source checkout or editable install, the ``puzzles/`` beside the
    package (only when that folder also holds ``pyproject.toml``); else
    ``puzzles`` (which then does not exist: every day is generated)."""
    if _looks_like_archive(ARCHIVE):
        return ARCHIVE
    package = Path(str(resources.files("pnp")))
    shipped = package / "data" / "puzzles"
    if shipped.is_dir():
        return shipped
    checkout = package.parent
    if (checkout / "pyproject.toml").is_file() and (checkout / "puzzles").is_dir():
        return checkout / "puzzles"
    return ARCHIVE


def archive_path(game: str, date: str, root: Path | None = None) -> Path:
    """The file of a published day under ``root`` (default: :func:`archive_root`)."""
    root = archive_root() if root is None else Path(root)
    return root / game / date[:4] / f"{game}-{date}.yaml"


def yaml_quote(s: str) -> str:
    """``s`` as a double-quoted YAML scalar (the archive's files are written by hand, key by key)."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def parse_puzzle_yaml(text: str, file: str = "<puzzle>", kind: str = "puzzle file") -> dict:
    """The mapping of a puzzle file's text (or a proof file's: ``kind`` names
    it in messages); bad YAML is a ``file:line`` error."""
    import yaml

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise PuzzleError(f"{kind} is not valid YAML: {getattr(exc, 'problem', None) or exc}", file=file,
                          line=mark.line + 1 if mark else None) from None
    if not isinstance(data, dict):
        raise PuzzleError(f"{kind} is not a mapping of keys", file=file, line=1)
    return data


def read_puzzle_yaml(path: str | Path, kind: str = "puzzle file") -> dict:
    """The mapping of a puzzle file (or of a proof file, ``kind``); unreadable
    files and bad YAML are one-line errors."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise PuzzleError(f"cannot read {kind}: {exc.strerror}", file=str(p)) from None
    try:
        text = decode_text(data, str(p))
    except PnpError as exc:
        raise PuzzleError(f"{kind} is {exc.message}", file=exc.file, line=exc.line) from None
    return parse_puzzle_yaml(text, str(p), kind)


def _key_line(path: str, key: str) -> int | None:
    """The line of the top-level ``key`` of a puzzle file that :func:`read_puzzle_yaml`
    read (asked only to report a problem with that key's value)."""
    import yaml

    node = yaml.compose(decode_text(Path(path).read_bytes(), path))
    if isinstance(node, yaml.MappingNode):
        for k, _ in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == key:
                return k.start_mark.line + 1
    return None


def _text_sheet_id(path: str | Path) -> str | None:
    """The puzzle id heading one of ``pnp build``'s text sheets of a day
    ("orchard-2026-12-02 · Wednesday · ..."), else None."""
    try:
        with open(path, encoding="utf-8") as fh:
            head = fh.readline().split(" · ", 1)
    except (OSError, UnicodeDecodeError):
        return None
    return head[0] if len(head) == 2 and parse_puzzle_id(head[0]) else None


def load_puzzle_file(path: str | Path) -> PuzzleRef:
    """Read a puzzle file: a published one (``puzzles/GAME/YYYY/GAME-YYYY-MM-DD.yaml``)
    or one of a user's own with just ``deal:`` (and maybe ``target:``)."""
    p = str(path)
    try:
        data = read_puzzle_yaml(path)
    except PuzzleError:
        sheet = _text_sheet_id(path)
        if sheet is None:
            raise
        raise PuzzleError(f"this is the day's text sheet that pnp build writes, not a puzzle file: give the "
                          f"puzzle id {sheet} (or the .json beside it)", file=p) from None
    if "deal" not in data:
        raise PuzzleError("puzzle file has no 'deal:'", file=p, line=1)
    try:
        deal = Deal.parse(str(data["deal"]))
    except NotationError as exc:  # report it against the file
        raise PuzzleError(exc.message, file=p, line=_key_line(p, "deal")) from None

    def opt_int(key):
        v = data.get(key)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
            raise PuzzleError(f"puzzle file: {key!r} must be a whole number", file=p, line=_key_line(p, key))
        return v
    return PuzzleRef(deal=deal, target=opt_int("target"), best=opt_int("best"),
                     proven=data.get("proven"), id=data.get("id"), source=p)


def _published(ref: PuzzleRef) -> tuple[str, str, Path] | None:
    """``(game, date, archive root)`` when ``ref`` was read from a published day's
    file in an archive (``ROOT/GAME/YYYY/GAME-YYYY-MM-DD.yaml``), else None."""
    pid = parse_puzzle_id(str(ref.id)) if ref.id is not None and ref.source else None
    if pid is None:
        return None
    game, date = pid
    path = Path(ref.copy_of or ref.source).resolve()
    root = path.parents[2] if len(path.parents) > 2 else None
    if root is None or archive_path(game, date, root) != path:
        return None
    return game, date, root


def _as_published(ref: PuzzleRef, root: Path | None) -> PuzzleRef:
    """A puzzle file that is a byte-for-byte copy of its day's file in the archive
    ``root`` (default: :func:`archive_root`) stands for that file, so its proof
    is laid over it and its cards are checked, as when the day is named by its
    id (a copy was told 'best found 44 (not proven)' where the id said 'best
    possible 47')."""
    pid = parse_puzzle_id(str(ref.id)) if ref.id is not None and ref.source else None
    if pid is None or _published(ref) is not None:
        return ref
    original = archive_path(*pid, root)
    try:
        same = original.is_file() and original.read_bytes() == Path(ref.source).read_bytes()
    except OSError:
        return ref
    return dataclasses.replace(ref, copy_of=str(original)) if same else ref


def _with_its_proof(ref: PuzzleRef) -> PuzzleRef:
    """A puzzle file named by its path: where it is a published day, its
    archive's proof of the day is laid over it, as it is when the day is named
    by its id."""
    published = _published(ref)
    if published is None:
        return ref
    from .proofs import ref_with_proof

    return ref_with_proof(ref, *published)


def check_cards(ref: PuzzleRef, game: Game) -> None:
    """A published day is checked against the cards it is played with, as
    :func:`pnp.puzzles.daily.archived_for` does (a
    :class:`~pnp.puzzles.daily.NotForTheseCards` when they do not play it as
    published); a deal or a user's own puzzle file needs no such check."""
    published = _published(ref)
    if published is not None:
        from .daily import archived_for

        game_id, date, root = published
        archived_for(game, archive_path(game_id, date, root), root)


def resolve_puzzle(arg: str, root: Path | None = None, on_generate=None, deck=None) -> PuzzleRef:
    """A puzzle id (from the archive ``root``, default :func:`archive_root`), a
    puzzle file, or a deal. ``on_generate(id)`` is called before a puzzle id that
    is not archived is generated (seconds), from ``deck``'s cards (default:
    pnp's own), as ``pnp puzzle daily`` generates it with them."""
    pid = parse_puzzle_id(arg)
    if pid is not None:
        game, date = pid
        path = archive_path(game, date, root)
        if path.is_file():
            from .proofs import ref_with_proof

            return ref_with_proof(load_puzzle_file(path), game, date, root)
        from . import daily  # generated identically when not archived

        daily.parse_date(date)  # bad input, not a day to generate
        check_daily_game(game)
        if on_generate is not None:
            daily.check_generatable(game, date, deck)
            on_generate(f"{game}-{date}")
        return daily.puzzle_ref(game, date, deck)
    if ":" in arg and not Path(arg).is_file():
        return PuzzleRef(deal=Deal.parse(arg))
    if Path(arg).is_file():
        return _with_its_proof(_as_published(load_puzzle_file(arg), root))
    if arg.lower().endswith((".yaml", ".yml")):  # meant as a puzzle file
        raise PuzzleError("no such puzzle file", file=arg)
    raise PuzzleError(f"{arg!r} is not a puzzle id (GAME-YYYY-MM-DD), a puzzle file or a deal (GAME:C1,C2,...)")
