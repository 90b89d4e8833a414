"""``pnp build``."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import click

from ..build import NOTICE, STAGES, build
from . import cli
from .options import FOLDER, cards_option, deck_from, listing, warn_unprintable


#: What click's bar takes before the item: "building  [" + 36 + "]  8/8  ", and a
#: column spare so the line never reaches the edge
_BAR_WIDTH = 8 + 3 + 36 + 3 + 3 + 2 + 1


def fit_item(item: str | None, columns: int) -> str | None:
    """The bar's item cut to the terminal's width, keeping its end (the file's
    name): a bar that wraps leaves a line behind at every redraw."""
    room = max(columns - _BAR_WIDTH, 8)
    return item if item is None or len(item) <= room else "…" + item[len(item) - room + 1:]


@cli.command("build", short_help="Every deck, rules sheet, score pad and today's puzzles.")
@click.option("--out", "out", type=FOLDER, default="output", show_default=True,
              help="Folder to write into.")
@cards_option
def build_cmd(out: str, cards: str | None) -> None:
    """Build everything printable: every deck's print files, rules sheets,
    score pads and today's puzzles, into OUT (one folder per game)."""
    deck = deck_from(cards)
    warn_unprintable(deck, deck.game_ids)
    from ..puzzles.daily import today
    today()  # a bad PNP_TODAY is said before the first stage, not after all but the last
    notices: list[str] = []
    stage = [""]

    def on_stage(name: str) -> None:  # the bar moves a step a stage, and names it
        if stage[0]:
            bar.update(1)
        stage[0] = bar.current_item = name
        bar.render_progress()

    def progress(message: str) -> None:  # within a stage: the last thing written
        if message.startswith(NOTICE):
            notices.append(message[len(NOTICE):])
        else:
            path = Path(message)
            bar.current_item = f"{stage[0]}: {path.relative_to(out) if path.is_relative_to(out) else path}"
            bar.render_progress()
    columns = shutil.get_terminal_size().columns
    with click.progressbar(length=len(STAGES), label="building", file=sys.stderr, show_pos=True,
                           item_show_func=lambda item: fit_item(item, columns)) as bar:
        written = build(deck, Path(out), progress=progress, on_stage=on_stage)
        bar.update(1)
    for notice in notices:
        click.echo(f"pnp: {notice}", err=True)
    click.echo(f"wrote {len(written)} files into {Path(out)}/")
    for line in listing(written):
        click.echo(f"  {line}")
