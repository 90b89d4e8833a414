"""Options, and the Ctrl-C handling, shared by several commands."""
from __future__ import annotations

import contextlib
import math
import signal
import threading
from pathlib import Path

import click

from ..deck import Deck, load_deck

class _FileOrFolder(click.ParamType):
    """A path that must be a folder (``folder=True``) or a file where something
    is already there: click's own check says "Directory 'x' is a file.", which
    reads backwards, so the message says what the path is and what is wanted.
    ``exists``: a folder to read must be there (a typo is not an empty folder)."""

    def __init__(self, folder: bool, wanted: str, exists: bool = False):
        self.folder, self.wanted, self.exists = folder, wanted, exists
        self.name = "folder" if folder else "file"

    def convert(self, value, param, ctx):
        p = Path(value)
        if self.exists and not p.exists():
            self.fail(f"no such folder: {value!r}", param, ctx)
        if self.folder and p.exists() and not p.is_dir():
            self.fail(f"{value!r} is a file, not {self.wanted}", param, ctx)
        if not self.folder and p.is_dir():
            self.fail(f"{value!r} is a folder, not {self.wanted}", param, ctx)
        return value


FOLDER = _FileOrFolder(folder=True, wanted="a folder")
ARCHIVE_FOLDER = _FileOrFolder(folder=True, wanted="a folder (the archive is a folder of puzzle files)")
READ_ARCHIVE_FOLDER = _FileOrFolder(folder=True, wanted=ARCHIVE_FOLDER.wanted, exists=True)
CARDS_FILE = _FileOrFolder(folder=False, wanted="a cards file")

cards_option = click.option(
    "--cards", "cards", type=CARDS_FILE, default=None, metavar="FILE",
    help="Cards file (default: cards.yaml in the current folder, else the one shipped with pnp).")


def deck_from(cards: str | None) -> Deck:
    return load_deck(cards)


def warn_unprintable(deck: Deck, games) -> None:
    """Say on stderr which of the games' words have letters pnp's fonts lack."""
    from ..render.fonts import font_notices

    for note in font_notices(deck.game(g) for g in games):
        click.echo(f"pnp: {note}", err=True)


def listing(written: list[Path]) -> list[str]:
    """The files written, in order, one a line; but a folder given four files
    or more, all of one kind (an image a card), is one line that counts them."""
    by_folder: dict[Path, list[Path]] = {}
    for p in written:
        by_folder.setdefault(p.parent, []).append(p)
    crowded = {d for d, files in by_folder.items() if len(files) >= 4 and len({f.suffix for f in files}) == 1}
    lines = []
    for p in written:
        if p.parent not in crowded:
            lines.append(str(p))
        elif p == by_folder[p.parent][0]:
            kind = p.suffix.lstrip(".").upper() or "other"
            lines.append(f"{p.parent}/  ({len(by_folder[p.parent])} {kind} files)")
    return lines


def game_deck(deck: Deck, game: str):
    """The deck of ``game`` or a one-line error (:meth:`Deck.require`)."""
    return deck.require(game)


class Seconds(click.FloatRange):
    """A number of seconds, 0 or more: NaN and infinity are bad input too."""

    name = "number of seconds"

    def __init__(self):
        super().__init__(min=0)

    def convert(self, value, param, ctx):
        v = super().convert(value, param, ctx)
        if not math.isfinite(v):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return v


def read_archive_option(f):
    """``--archive DIR``: the published archive to read, as ``root`` (a Path;
    default :func:`pnp.puzzles.archive_root`, looked up when the command runs)."""
    from ..puzzles import ARCHIVE_LOOKUP, archive_root

    def to_root(ctx, param, value):
        return Path(value) if value is not None else archive_root()

    # a typo must not read as an archive without the day, which is then generated
    return click.option("--archive", "root", type=READ_ARCHIVE_FOLDER, default=None, callback=to_root,
                        help=f"Folder of the published archive to read (default: {ARCHIVE_LOOKUP}).")(f)


#: choices read in any case (A4, Letter, --game Orchard), as the README writes some of them
PAPER = click.Choice(["a4", "letter"], case_sensitive=False)

paper_option = click.option("--paper", type=PAPER, default="a4", show_default=True,
                            help="Paper size.")


def out_option(default: str = "output", help: str = "Folder to write into (a sub-folder per game)."):
    return click.option("--out", "out", type=FOLDER, default=default, show_default=True,
                        help=help)


def generating_notice(root=None):
    """An ``on_generate(puzzle_id)`` callback that tells stderr a day is being
    generated, naming the archive folder searched (default: ``archive_root()``)."""
    if root is None:
        from ..puzzles import archive_root

        root = archive_root()

    def notice(pid: str) -> None:
        click.echo(f"pnp: {pid} is not in the archive ({root}/); generating it, which takes a few seconds",
                   err=True)
    return notice


@contextlib.contextmanager
def ctrl_c_stops(err, says: str):
    """Within it, a first Ctrl-C asks the search to end with what it has (the
    callable it yields turns true) and prints ``says`` on ``err``; a second
    one aborts as usual."""
    asked = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield asked.is_set  # signals reach the main thread only
        return

    def first(signum, frame):
        asked.set()
        signal.signal(signal.SIGINT, before)
        click.echo(f"\n{says} (Ctrl-C again to abort)", file=err)

    before = signal.signal(signal.SIGINT, first)
    try:
        yield asked.is_set
    finally:
        signal.signal(signal.SIGINT, before)
