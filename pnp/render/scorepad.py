"""Score pads: printable forms to record games, one PDF per game.

- ``orchard`` / ``orchard-pnp`` / ``grove``: a solitaire harvest log (date,
  deal or puzzle id, score, tier, notes) with the tier table in the margin, and
  a multiplayer sheet (players × score, tokens used and dice in the orchard for
  the tie-breaks);
- ``grove`` also: a Recipe Challenge log (the two recipes, target, dice score,
  squirrel, bonuses, final, won?);
- ``orchards-market``: a score sheet per game (per player: fruit cards, buyer
  bonuses, total).

Drawn straight on a reportlab canvas in millimetres (y measured down from the
top of the page), pnp's bundled fonts embedded, invariant mode: the same deck
gives the same bytes.
"""
from __future__ import annotations

import io
from pathlib import Path

from ..deck import Deck, GameDeck
from ..fsutil import atomic_write
from .draw import PT, cut_to_fit, fit_size, fit_text, text_width
from .fonts import pdf_font
from .pdf import new_canvas
from .words import tokens_word

from .pdf import PAPERS
MARGIN = 13.0
GREEN = "#2F5E3F"
SOFT = "#EEF4E4"
RULE = "#8FA97A"
INK = "#222222"
GREY = "#666666"


class Page:
    """A canvas page with y-down millimetre helpers."""

    def __init__(self, c, W: float, H: float):
        self.c, self.W, self.H = c, W, H

    def _y(self, y: float) -> float:
        from reportlab.lib.units import mm

        return (self.H - y) * mm

    def text(self, x, y, s, size=9.0, bold=False, colour=INK, anchor="start", font="Helvetica"):
        from reportlab.lib.colors import HexColor
        from reportlab.lib.units import mm

        c = self.c
        c.setFillColor(HexColor(colour))
        c.setFont(pdf_font(font, bold), size)
        if anchor == "middle":
            c.drawCentredString(x * mm, self._y(y), s)
        elif anchor == "end":
            c.drawRightString(x * mm, self._y(y), s)
        else:
            c.drawString(x * mm, self._y(y), s)

    def rect(self, x, y, w, h, fill=None, stroke=RULE, width=0.5):
        from reportlab.lib.colors import HexColor
        from reportlab.lib.units import mm

        c = self.c
        if fill:
            c.setFillColor(HexColor(fill))
        if stroke:
            c.setStrokeColor(HexColor(stroke))
            c.setLineWidth(width)
        c.rect(x * mm, self._y(y + h), w * mm, h * mm, stroke=1 if stroke else 0, fill=1 if fill else 0)

    def line(self, x1, y1, x2, y2, colour=RULE, width=0.4):
        from reportlab.lib.colors import HexColor
        from reportlab.lib.units import mm

        c = self.c
        c.setStrokeColor(HexColor(colour))
        c.setLineWidth(width)
        c.line(x1 * mm, self._y(y1), x2 * mm, self._y(y2))

    def header(self, title: str, subtitle: str, footer: str) -> float:
        """The title band; returns the y (mm) where the content starts."""
        self.rect(0, 0, self.W, MARGIN + 13, fill=GREEN, stroke=None)
        self.rect(0, MARGIN + 13, self.W, 1.0, fill="#B8860B", stroke=None)
        self.text(MARGIN, MARGIN + 5, title, size=fit_size(title, (self.W - 2 * MARGIN) / PT, 17, bold=True),
                  bold=True, colour="#FFFDF7")
        # a long subtitle (a deck's own words) shrinks to the band's width, not off the page
        self.text(MARGIN, MARGIN + 10.5, subtitle, size=fit_size(subtitle, (self.W - 2 * MARGIN) / PT, 8.5),
                  colour="#FFFDF7")
        self.text(MARGIN, self.H - MARGIN + 4, footer, size=6.5, colour=GREY)
        return MARGIN + 20

    def table(self, x, y, widths, header, rows: int, row_h: float = 8.0, head_h: float = 9.0,
              first_col: list[str] | None = None, sizes=8.0) -> float:
        """A ruled form: a header row (text wrapped on ``\\n``) and ``rows`` blank rows.
        Returns the y below it."""
        W = sum(widths)
        self.rect(x, y, W, head_h, fill=GREEN, stroke=None)
        cx = x
        for w, h in zip(widths, header):
            lines = h.split("\n")
            for i, ln in enumerate(lines):
                yy = y + head_h / 2 + 1.1 + (i - (len(lines) - 1) / 2) * 3.3
                self.text(cx + w / 2, yy, ln, size=sizes if len(lines) == 1 else sizes - 1, bold=True,
                          colour="#FFFFFF", anchor="middle")
            cx += w
        top = y + head_h
        for r in range(rows):
            if r % 2 == 1:
                self.rect(x, top + r * row_h, W, row_h, fill=SOFT, stroke=None)
            if first_col and r < len(first_col):
                self.text(x + 2, top + r * row_h + row_h / 2 + 1.2, first_col[r], size=8, bold=True)
        bottom = top + rows * row_h
        for r in range(rows + 1):
            self.line(x, top + r * row_h, x + W, top + r * row_h)
        cx = x
        for w in widths[:-1]:
            cx += w
            self.line(cx, y + head_h, cx, bottom)
        self.rect(x, y, W, bottom - y, stroke=GREEN, width=0.8)
        return bottom

    def tier_box(self, x, y, w, gd: GameDeck) -> float:
        from ..rules import tier_rows

        rows = tier_rows(gd)
        self.text(x, y + 4, "How good was the harvest?", size=8.2, bold=True, colour=GREEN)
        y += 7
        rh = 6.8
        self.rect(x, y, w, rh * len(rows) + 2, fill="#F7F9F2", stroke=GREEN, width=0.7)
        for i, (rng, name) in enumerate(rows):
            yy = y + 1 + i * rh
            self.text(x + 2, yy + 3.0, rng, size=7.2, bold=True)
            # sizes here are points: a long tier name shrinks to the box (widths in points too)
            name, size = fit_text(name, (w - 4) / PT, 7.2, smallest=4.5)
            self.text(x + 2, yy + 6.0, name, size=size)
        return y + rh * len(rows) + 2


def _solitaire_log(p: Page, gd: GameDeck, footer: str) -> None:
    top = p.header(f"{gd.title}: harvest log", "One line per game: a deal you shuffled, or a daily puzzle id such "
                   f"as {gd.game}-2026-01-31.", footer)
    side = 44.0
    gap = 5.0
    tw = p.W - 2 * MARGIN - side - gap
    widths = [tw * s for s in (0.15, 0.3, 0.1, 0.19, 0.26)]
    rows = int((p.H - MARGIN - 8 - top - 9) // 8.0)
    p.table(MARGIN, top, widths, ["Date", "Deal or puzzle id", "Score", "Tier", "Notes"], rows)
    x = MARGIN + tw + gap
    y = p.tier_box(x, top - 4, side, gd)
    from ..games.orchard import ROTTEN_PENALTY

    cost = ("" if not gd.mismatch_tokens else f"minus {ROTTEN_PENALTY} per rotten token." if gd.game != "grove" else
            "minus the squirrel's cost." if gd.mismatch_tokens == 1 else "minus each squirrel's cost.")
    dice = ["Score = the dice and the", "wheelbarrow on trees"] if gd.game == "grove" else ["Score = the dice"]
    dice[-1] += "" if cost else "."
    notes = [*dice, cost, "", "Check a line with",
             f"pnp verify DEAL file.txt"]
    y += 6
    for n in notes:
        p.text(x, y, n, size=7.2, colour=GREY)
        y += 3.6


def _multiplayer(p: Page, gd: GameDeck, footer: str) -> None:
    tokens = "Rotten\ntokens" if gd.game != "grove" else f"{tokens_word(gd, gd.mismatch_tokens).capitalize()}\nused"
    from ..rules import place, tie_breaks

    top = p.header(f"{gd.title}: playing together", "Everyone plays the same deal. Ties go to "
                   + ", then to ".join(tie_breaks(gd)) + ".", footer)
    W = p.W - 2 * MARGIN
    if gd.mismatch_tokens:
        widths = [W * s for s in (0.34, 0.14, 0.14, 0.14, 0.1, 0.14)]
        header = ["Player", "Score", tokens, f"Dice in\n{place(gd)}", "Place", "Tier"]
    else:  # a deck without tokens has no column for them
        widths = [W * s for s in (0.38, 0.16, 0.16, 0.14, 0.16)]
        header = ["Player", "Score", f"Dice in\n{place(gd)}", "Place", "Tier"]
    block = 9 + 6 * 7.5 + 14
    n = int((p.H - MARGIN - 6 - top) // block)
    y = top
    for g in range(n):
        p.text(MARGIN, y + 3, f"Game {g + 1}    date ____________    deal or puzzle id "
               "______________________________", size=8, bold=True, colour=GREEN)
        y = p.table(MARGIN, y + 5, widths, header, 6, row_h=7.5) + 8


def _recipe_log(p: Page, gd: GameDeck, footer: str) -> None:
    squirrels = tokens_word(gd, gd.mismatch_tokens)
    top = p.header(f"{gd.title}: Recipe Challenge log", "Set aside two recipes: target = their numbers' sum. "
                   "Dice score = dice and wheelbarrow on trees; final = dice score"
                   f"{f' - {squirrels}' if gd.mismatch_tokens else ''} + bonuses.",
                   footer)
    W = p.W - 2 * MARGIN
    name = 0.19 if gd.mismatch_tokens else 0.235  # no squirrel, no column: its share goes to the recipes' names
    columns = [("Date", 0.1), ("Recipe 1\n(name, no.)", name), ("Recipe 2\n(name, no.)", name), ("Target", 0.08),
               ("Dice\nscore", 0.09), *([(f"{squirrels.capitalize()}\n(-)", 0.09)] if gd.mismatch_tokens else []),
               ("Bonuses\n(+)", 0.1), ("Final", 0.08), ("Won?", 0.08)]
    header = [h for h, _ in columns]
    widths = [W * w for _, w in columns]
    rows = int((p.H - MARGIN - 8 - top - 10 - 34) // 9.0)
    y = p.table(MARGIN, top, widths, header, rows, row_h=9.0, head_h=10)
    # the recipe numbers, for quick targets
    recipes = sorted((c for c in gd.cards if c.recipe), key=lambda c: c.id)
    p.text(MARGIN, y + 6, "Recipe numbers by card:", size=7.5, bold=True, colour=GREEN)
    per = 4
    room = (W / per - 2) / PT  # a column, in points as the sizes here are
    for i, c in enumerate(recipes):
        r, k = divmod(i, per)
        head, name, tail = f"{c.id}. ", c.recipe.name, f" {c.recipe.number}"
        size = fit_size(head + name + tail, room, 6.8, smallest=4.5)
        if text_width(head + name + tail, size) > room:  # too long even small: cut, and say so
            name = cut_to_fit(name, room - text_width(head + tail, size), size)
        p.text(MARGIN + k * (W / per), y + 10.5 + r * 3.8, head + name + tail, size=size)


def _market_sheet(p: Page, gd: GameDeck, footer: str) -> None:
    top = p.header(f"{gd.title}: score sheet", "Fruit cards in your scoring pile are worth 1 point each; add "
                   "the bonus of every buyer you sold to.", footer)
    W = p.W - 2 * MARGIN
    from ..rules import MARKET_PLAYERS
    from .words import bonus_range

    players = MARKET_PLAYERS
    label = 46.0
    widths = [label] + [(W - label) / players] * players
    header = [""] + [f"Player {i + 1}" for i in range(players)]
    rows = ["Name", "Fruit cards", "Buyers sold", "Buyer bonuses", "Total", "Winner?"]
    block = 5 + 9 + len(rows) * 8 + 10
    n = int((p.H - MARGIN - 6 - top) // block)
    y = top
    for g in range(n):  # the game's line above its table, in ink on paper, to write on
        p.text(MARGIN, y + 3, f"Game {g + 1}    date ____________", size=8, bold=True, colour=GREEN)
        y = p.table(MARGIN, y + 5, widths, header, len(rows), first_col=rows, sizes=7.6) + 10
    p.text(MARGIN, y - 4, f"Buyers pay {bonus_range(gd)}; the deck has {sum(n for _, n in gd.fruit_cards)} "
           "fruit cards.", size=7, colour=GREY)


def render_scorepad_pdf(deck: Deck | GameDeck, game: str | None = None, *, paper: str = "a4") -> bytes:
    """The score pad of ``game`` as PDF bytes (one page per form)."""
    gd = deck if isinstance(deck, GameDeck) else deck.game(game)
    W, H = PAPERS[paper]
    buf = io.BytesIO()
    c = new_canvas(buf, W, H, title=f"{gd.title}: score pad")
    footer = f"{gd.title}: score pad by pnp (pnp scorepad {gd.game}). Copy freely."
    if gd.game == "orchards-market":
        forms = [_market_sheet]
    elif gd.game == "grove":
        forms = [_solitaire_log, _recipe_log, _multiplayer]
    else:
        forms = [_solitaire_log, _multiplayer]
    for form in forms:
        form(Page(c, W, H), gd, footer)
        c.showPage()
    c.save()
    return buf.getvalue()


def scorepad_pdf_name(game: str, paper: str) -> str:
    return f"{game}-scorepad-{paper}.pdf"


def write_scorepad(deck: Deck, game: str, out_dir: str | Path, paper: str = "a4") -> Path:
    """Write ``<out_dir>/<game>-scorepad-<paper>.pdf`` atomically; returns its path."""
    return atomic_write(Path(out_dir) / scorepad_pdf_name(game, paper), render_scorepad_pdf(deck, game, paper=paper))


def write_all_scorepads(deck: Deck, out: str | Path, progress=lambda _: None) -> list[Path]:
    """Every game's score pad, A4 and Letter, into ``<out>/<game>/`` (a ``pnp build`` stage)."""
    from ..rules import GAMES
    from .pdf import write_per_game

    return write_per_game(deck, out, GAMES, write_scorepad, progress)
