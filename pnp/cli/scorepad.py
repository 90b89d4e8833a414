"""``pnp scorepad``: printable score forms for a game, as PDF."""
from __future__ import annotations

from pathlib import Path

import click

from . import cli
from .options import cards_option, deck_from, game_deck, out_option, paper_option, warn_unprintable


@cli.command("scorepad", short_help="One game's score pad.")
@click.argument("game")
@paper_option
@out_option()
@cards_option
def scorepad_cmd(game, paper, out, cards) -> None:
    """Score pad of GAME as a PDF: the solitaire harvest log with the tier table,
    the multiplayer sheet, the Grove recipe log, the Orchards market score sheet
    (the pages that apply to GAME)."""
    from ..render.scorepad import write_scorepad

    deck = deck_from(cards)
    game_deck(deck, game)
    warn_unprintable(deck, [game])
    path = write_scorepad(deck, game, Path(out) / game, paper=paper)
    click.echo(f"wrote {path}")
