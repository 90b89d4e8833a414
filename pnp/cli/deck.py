"""``pnp deck``: one game's print files (PDF sheets, SVG cards, PNG cards, TTS sheets)."""
from __future__ import annotations

import math
from pathlib import Path

import click
from click.core import ParameterSource

from . import cli
from .options import FOLDER, PAPER, cards_option, deck_from, game_deck, listing, warn_unprintable


class OffsetType(click.ParamType):
    name = "X,Y"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        try:
            x, y = (float(v) for v in str(value).split(","))
            if not (math.isfinite(x) and math.isfinite(y)):
                raise ValueError
        except ValueError:
            self.fail(f"{value!r} is not X,Y in millimetres (like 0.5,-1)", param, ctx)
        if abs(x) > 20 or abs(y) > 20:
            self.fail(f"{value!r}: an offset of more than 20 mm is not printer drift", param, ctx)
        return (x, y)


#: What each format writes (the print sheets are pdf's).
FORMATS = {
    "pdf": "print sheets",
    "svg": "one SVG per card, cut at the trim",
    "png": "one 300 dpi PNG per card with the print shops' 1/8 in bleed",
    "tts": "Tabletop Simulator deck sheets",
}
SHEET_OPTIONS = ("paper", "bleed", "duplex", "back_offset", "safe_zone")


@cli.command("deck", short_help="One game's cards: print sheets, SVG, PNG or Tabletop Simulator.")
@click.argument("game")
@click.option("--paper", type=PAPER, default="a4", show_default=True,
              help="Paper size of the print sheets.")
@click.option("--bleed", type=click.FloatRange(0, 10), default=3.0, show_default=True, metavar="MM",
              help="Art past the trim on the outer edges of each sheet.")
@click.option("--duplex", type=click.Choice(["long", "short", "none"], case_sensitive=False), default="long",
              show_default=True,
              help="How you flip the sheet for the backs (none: one-sided, backs with crop marks of their own, to "
                   "cut out and glue to their fronts).")
@click.option("--back-offset", type=OffsetType(), default="0,0", show_default=True,
              help="Shift back pages X mm right and Y mm down (measure with the calibration page).")
@click.option("--safe-zone", is_flag=True, help="Draw the safe-zone guide on every card (for designers).")
@click.option("--format", "fmt", type=click.Choice(list(FORMATS), case_sensitive=False), default="pdf",
              show_default=True,
              help="pdf: print sheets (the options above are theirs); " + "; ".join(
                  f"{k}: {v}" for k, v in FORMATS.items() if k != "pdf") + ".")
@click.option("--out", type=FOLDER, default="output", show_default=True,
              help="Folder to write into (a sub-folder per game).")
@cards_option
def deck_cmd(game, paper, bleed, duplex, back_offset, safe_zone, fmt, out, cards) -> None:
    """Print files for GAME (orchard, orchard-pnp, grove, orchards-market)."""
    from ..render.exports import export
    from ..render.sheets import PrintOptions

    if fmt != "pdf":  # the print sheets' options, given for a format that has no sheets: say so
        ctx = click.get_current_context()
        for name in SHEET_OPTIONS:
            if ctx.get_parameter_source(name) in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT):
                raise click.UsageError(f"--{name.replace('_', '-')} is an option of the print sheets "
                                       f"(--format pdf); --format {fmt} writes {FORMATS[fmt]}")
    deck = deck_from(cards)
    gd = game_deck(deck, game)
    if fmt != "svg":  # an SVG names its fonts: the viewer's own draw what pnp's lack
        warn_unprintable(deck, [game])
    opts = PrintOptions(paper=paper, bleed=bleed, duplex=duplex, back_offset=back_offset, safe_zone=safe_zone)
    result = export(gd, Path(out) / game, fmt, deck=deck, options=opts)
    if fmt == "tts":
        click.echo("Tabletop Simulator: Objects > Components > Custom > Deck, then enter:")
        for d in result:
            for line in d.import_lines():
                click.echo(line)
        return
    click.echo(f"wrote {len(result)} file{'s' if len(result) != 1 else ''} for {game} into {Path(out) / game}/")
    for line in listing(result):
        click.echo(f"  {line}")
