"""``pnp build``."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..build import NOTICE, build
from . import cli
from .options import cards_option, deck_from


@cli.command("build")
@click.option("--out", "out", type=click.Path(file_okay=False), default="output", show_default=True,
              help="Folder to write into.")
@cards_option
def build_cmd(out: str, cards: str | None) -> None:
    """Build everything printable: every deck's print files, rules sheets,
    score pads and today's puzzles, into OUT (one folder per game)."""
    deck = deck_from(cards)
    notices: list[str] = []

    def progress(message: str) -> None:
        if message.startswith(NOTICE):
            notices.append(message[len(NOTICE):])
        else:
            bar.update(1)
    with click.progressbar(length=0, label="building", file=sys.stderr) as bar:
        written = build(deck, Path(out), progress=progress)
    for notice in notices:
        click.echo(f"pnp: {notice}", err=True)
    click.echo(f"wrote {len(written)} files into {out}/")
    for p in written:
        click.echo(f"  {p}")
