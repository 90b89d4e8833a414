"""Options shared by several commands."""
from __future__ import annotations

import click

from ..deck import Deck, load_deck

cards_option = click.option(
    "--cards", "cards", type=click.Path(dir_okay=False), default=None, metavar="FILE",
    help="Cards file (default: cards.yaml in the current folder, else the one shipped with pnp).")


def deck_from(cards: str | None) -> Deck:
    return load_deck(cards)
