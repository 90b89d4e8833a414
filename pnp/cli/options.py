"""Options shared by several commands."""
from __future__ import annotations

import click

from ..deck import Deck, load_deck

cards_option = click.option(
    "--cards", "cards", type=click.Path(dir_okay=False), default=None, metavar="FILE",
    help="Cards file (default: cards.yaml in the current folder, else the one shipped with pnp).")


def deck_from(cards: str | None) -> Deck:
    return load_deck(cards)


paper_option = click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
                            help="Paper size.")


def out_option(default: str = "output", help: str = "Folder to write into (a sub-folder per game)."):
    return click.option("--out", "out", type=click.Path(file_okay=False), default=default, show_default=True,
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
