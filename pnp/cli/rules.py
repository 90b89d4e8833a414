"""``pnp rules``: a game's rules sheet as PDF."""
from __future__ import annotations

from pathlib import Path

import click

from . import cli
from .options import cards_option, deck_from, game_deck, out_option, paper_option, warn_unprintable


@cli.command("rules", short_help="One game's rules sheet, with example turns.")
@click.argument("game")
@paper_option
@out_option()
@cards_option
def rules_cmd(game, paper, out, cards) -> None:
    """The rules sheet of GAME (orchard, orchard-pnp, grove, orchards-market) as a PDF:
    components counted from the deck, the rules in pnp's own words, an example
    game replayed by the rules engine, the tier table and the notation."""
    from ..render.rules import write_rules

    deck = deck_from(cards)
    game_deck(deck, game)
    warn_unprintable(deck, [game])
    path = write_rules(deck, game, Path(out) / game, paper=paper)
    click.echo(f"wrote {path}")
