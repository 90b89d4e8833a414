"""Rules sheets as PDF: the :class:`pnp.rules.Sheet` of a game laid out with
reportlab platypus.

A4 or Letter, a title band on the first page, two columns of text, sections
that may start a one-column page (the Grove recipe appendix). Figures (the
scripted example, drawn by :func:`pnp.render.board.board_figure` from states
the rules engine replayed; Orchards market cards) are :mod:`pnp.render.draw`
figures placed as flowables. pnp's bundled Liberation fonts, embedded
(:mod:`pnp.render.fonts`), invariant mode: the same deck gives the same bytes.
"""
from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (BaseDocTemplate, CondPageBreak, Flowable, Frame, KeepTogether, ListFlowable,
                                ListItem, NextPageTemplate, PageBreak, PageTemplate, Paragraph, Spacer)
from reportlab.platypus import Table as RLTable
from reportlab.platypus import TableStyle

from ..deck import Deck, GameDeck
from ..fsutil import atomic_write
from ..rules import (Box, Bullets, Example, MarketCards, MarketPlanting, Para, Section, Sheet, Table,
                     planting_caption, rules_sheet)
from .draw import Figure, Group, fit_text, text_width
from .fonts import pdf_font
from .pdf import draw_item

from .pdf import PAPERS
MARGIN = 13.0  # mm
GUTTER = 7.0  # mm between the columns
BAND = 26.0  # title band height, mm
GREEN = colors.HexColor("#2F5E3F")
ACCENT = colors.HexColor("#B8860B")
INK = colors.HexColor("#222222")
SOFT = colors.HexColor("#EEF4E4")
RULE = colors.HexColor("#B8CCA2")


SANS, SANS_BOLD, MONO = pdf_font("Helvetica"), pdf_font("Helvetica", True), pdf_font("Courier")


def _para(text: str, style: ParagraphStyle) -> Paragraph:
    """A paragraph of the rules' markup, its ``<font name='Courier'>`` in the embedded mono font."""
    return Paragraph(text.replace("name='Courier'", f"name='{MONO}'"), style)


def styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("body", fontName=SANS, fontSize=8.6, leading=11.0, textColor=INK,
                          alignment=TA_LEFT, spaceAfter=3.2)
    return {
        "body": base,
        "lead": ParagraphStyle("lead", parent=base, fontSize=9.0, leading=11.6, textColor=GREEN),
        "small": ParagraphStyle("small", parent=base, fontSize=7.2, leading=8.8, spaceAfter=1.5),
        "cell": ParagraphStyle("cell", parent=base, fontSize=7.8, leading=9.4, spaceAfter=0),
        "cellhead": ParagraphStyle("cellhead", parent=base, fontName=SANS_BOLD, fontSize=7.8, leading=9.4,
                                   spaceAfter=0, textColor=colors.white),
        "caption": ParagraphStyle("caption", parent=base, fontSize=7.0, leading=8.5, spaceAfter=0),
        "h": ParagraphStyle("h", parent=base, fontName=SANS_BOLD, fontSize=10.6, leading=13, textColor=GREEN,
                            spaceBefore=5, spaceAfter=2.5, keepWithNext=1),
        "boxtitle": ParagraphStyle("boxtitle", parent=base, fontName=SANS_BOLD, fontSize=8.8, leading=11,
                                   textColor=GREEN, spaceAfter=2),
        "box": ParagraphStyle("box", parent=base, fontSize=8.0, leading=10.2, spaceAfter=2.6),
    }


class FigureFlowable(Flowable):
    """A :class:`~pnp.render.draw.Figure` as a flowable, shrunk to fit ``max_w`` x ``max_h`` mm."""

    def __init__(self, fig: Figure, max_w: float | None = None, max_h: float | None = None):
        super().__init__()
        self.fig = fig
        k = 1.0
        if max_w:
            k = min(k, max_w / fig.width)
        if max_h:
            k = min(k, max_h / fig.height)
        self.k = k

    def wrap(self, aw, ah):
        k = min(self.k, aw / (self.fig.width * mm)) if aw else self.k
        self._k = k
        return self.fig.width * mm * k, self.fig.height * mm * k

    def draw(self):
        c = self.canv
        k = getattr(self, "_k", self.k)
        c.saveState()
        c.translate(0, self.fig.height * mm * k)
        c.scale(mm * k, -mm * k)
        for item in self.fig.items:
            draw_item(c, item)
        c.restoreState()


# --------------------------------------------------------------------------- blocks


def _table_style(rules: list) -> TableStyle:
    """``rules`` with the cells' own font the embedded sans (reportlab's default
    is Helvetica, which would be named on the page, not embedded)."""
    return TableStyle([("FONTNAME", (0, 0), (-1, -1), SANS)] + rules)


def _table(block: Table, width: float, st) -> RLTable:
    shares = block.widths or tuple(1 / len(block.header) for _ in block.header)
    cols = [width * s for s in shares]
    data = [[_para(h, st["cellhead"]) for h in block.header]]
    for row in block.rows:
        data.append([_para(c, st["cell"]) for c in row])
    t = RLTable(data, colWidths=cols, repeatRows=1, hAlign="LEFT")
    style = [
        ("BACKGROUND", (0, 0), (-1, 0), GREEN),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 1), (-1, -1), 0.3, RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 2.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.4),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
    for i in range(1, len(data)):
        if i % 2 == 0:
            style.append(("BACKGROUND", (0, i), (-1, i), SOFT))
    t.setStyle(_table_style(style))
    return t


def _box(block: Box, width: float, st) -> RLTable:
    inner = [_para(block.title, st["boxtitle"])] + [_para(line, st["box"]) for line in block.lines]
    t = RLTable([[inner]], colWidths=[width], hAlign="LEFT")
    t.setStyle(_table_style([
        ("BOX", (0, 0), (-1, -1), 0.9, GREEN),
        ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#F7F9F2")),
        ("LEFTPADDING", (0, 0), (-1, -1), 6), ("RIGHTPADDING", (0, 0), (-1, -1), 6),
        ("TOPPADDING", (0, 0), (-1, -1), 5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    return t


def _bullets(block: Bullets, st) -> ListFlowable:
    items = [ListItem(_para(t, st["body"]), leftIndent=11) for t in block.items]
    if block.numbered:
        return ListFlowable(items, bulletType="1", bulletFontName=SANS_BOLD, bulletFontSize=8.6,
                            bulletColor=GREEN, leftIndent=11, bulletDedent=11)
    return ListFlowable(items, bulletType="bullet", start="•", bulletFontName=SANS, bulletFontSize=8.6,
                        bulletColor=GREEN, leftIndent=11, bulletDedent=9)


def example_figures(gd: GameDeck, game: str, cell: float = 6.2):
    """[(board figure, caption)] for the scripted example: the figures are drawn
    from the states the rules engine produced."""
    from ..rules.examples import example_steps
    from .board import board_figure
    from .cards import card_style

    st = card_style(gd)
    return [(board_figure(gd, step.state, cell=cell, highlight="last" if step.number else None, style=st),
             step.caption) for step in example_steps(gd, game)]


def _example(block: Example, gd: GameDeck, width: float, st) -> list[Flowable]:
    """One small table per step (figure left, caption right); the legend comes
    last and names only the pieces drawn. Its section is kept in one column
    (:func:`section_flowables`) where it fits."""
    from ..errors import PnpError
    from .board import drawn_pieces

    figw = 0.5 * width
    out: list[Flowable] = []
    try:
        figures = example_figures(gd, block.game, cell=7.0)
    except PnpError as exc:  # no example of its own can be played: say why, do not fail
        return [_para(f"(No example is drawn for this cards file: pnp's scripted example uses cards it does not "
                      f"have or play the same, and none of its own can be played: {exc}.)", st["small"])]
    shown = set().union(*(drawn_pieces(fig) for fig, _ in figures))
    for fig, caption in figures:
        t = RLTable([[FigureFlowable(fig, max_w=figw / mm, max_h=46), _para(caption, st["caption"])]],
                    colWidths=[figw + 2 * mm, width - figw - 2 * mm], hAlign="LEFT")
        t.setStyle(_table_style([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                 ("RIGHTPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                                 ("TOPPADDING", (0, 0), (-1, -1), 3), ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE)]))
        out.append(t)
    pieces = {"rotten": "a ringed cross is a rotten token", "squirrel": "a grey S is the squirrel",
              "wheelbarrow": "the gold barrow is the wheelbarrow (15)"}
    told = "".join(f"{words}; " for kind, words in pieces.items() if kind in shown)  # only what is drawn
    out.append(_para(f"Drawn by replaying the moves with pnp's rules engine. Numbers along the edges are the "
                     f"x and y of each square; small tags give card numbers; dice show their values; {told}"
                     f"the gold frame marks the card just played.", st["small"]))
    return out


def _market_cards(gd: GameDeck, width: float) -> Flowable:
    from .cards import buyer_card, card_style, fruit_card, market_back

    st = card_style(gd)
    figs = [fruit_card(gd, f.key, style=st) for f in gd.fruits]
    figs += [buyer_card(gd, gd.buyers[0], style=st), market_back(gd, "fruit", style=st)]
    per, gap = 4, 2.5
    cw = (width / mm - (per - 1) * gap) / per
    k = cw / st.width
    ch = st.height * k
    rows = (len(figs) + per - 1) // per
    out = Figure(width / mm, rows * ch + (rows - 1) * gap)
    for i, f in enumerate(figs):
        r, c = divmod(i, per)
        out.add(Group(list(f.items), translate=(c * (cw + gap), r * (ch + gap)), scale=k,
                      clip=(0, 0, st.width, st.height)))
    return FigureFlowable(out)


def planting_figure(gd: GameDeck, block: MarketPlanting) -> Figure:
    """The planting diagram: the start block in two rows lined up on the right,
    a new card on the right straddling both rows (gold frame), what it grows."""
    from .cards import card_style, fruit_symbol
    from .draw import Paint, Polygon, Polyline, Rect, Text

    st = card_style(gd)
    w, h, gap = 14.0, 19.6, 1.0
    cols = len(block.top)
    fig = Figure((cols + 1) * (w + gap) + 24, 2 * (h + gap) + 2)

    def card(x, y, key, frame=None):
        f = gd.fruit(key)
        fig.add(Rect(x, y, w, h, r=1.2, paint=Paint(fill=st.ground, stroke=frame or f.colour,
                                                   width=1.0 if frame else 0.6)))
        fig.add(fruit_symbol(f.shape, x + w / 2, y + h / 2, 4.2, f.colour, st.ink, outline=0.3))
        name, size = fit_text(f.name, w - 1.2, 2.3, smallest=1.4)  # a long name shrinks, then is cut
        fig.add(Text(x + w / 2, y + h - 2.0, name, size=size, anchor="middle", fill=st.ink))

    for r, row in enumerate((block.top, block.bottom)):
        for c, key in enumerate(row, cols - len(row)):
            card(1 + c * (w + gap), 1 + r * (h + gap), key)
    nx, ny = 1 + cols * (w + gap), 1 + (h + gap) / 2
    card(nx, ny, block.planted, frame=st.accent)
    # the long edge it shares with two cards
    fig.add(Polyline(((nx - gap / 2, ny), (nx - gap / 2, ny + h)), Paint(stroke=st.accent, width=0.9)))
    ax = nx + w + 3
    for r in (0, 1):
        y = 1 + r * (h + gap) + h / 2
        label, size = fit_text(f"+1 {gd.fruit((block.top, block.bottom)[r][-1]).name}", fig.width - ax - 0.5, 2.8,
                               bold=True, smallest=1.8)
        fig.add(Text(ax, y + 1, label, size=size, bold=True, fill=st.ink))
    fig.add(Polygon(((nx + w / 2 - 1.6, ny - 2.8), (nx + w / 2 + 1.6, ny - 2.8), (nx + w / 2, ny - 0.6)),
                    Paint(fill=st.accent)))
    return fig


def section_flowables(sec: Section, gd: GameDeck, width: float, st) -> list[Flowable]:
    out: list[Flowable] = []
    body: list[Flowable] = []
    for b in sec.blocks:
        if isinstance(b, Para):
            body.append(_para(b.text, st[b.style]))
        elif isinstance(b, Bullets):
            body.append(_bullets(b, st))
        elif isinstance(b, Table):
            body.append(_table(b, width, st))
            body.append(Spacer(1, 2 * mm))
        elif isinstance(b, Box):
            body.append(_box(b, width, st))
        elif isinstance(b, Example):
            body.extend(_example(b, gd, width, st))
        elif isinstance(b, MarketPlanting):
            body.append(Spacer(1, 1 * mm))
            body.append(FigureFlowable(planting_figure(gd, b), max_w=width / mm))
            body.append(_para(planting_caption(gd, b), st["caption"]))
            body.append(Spacer(1, 2 * mm))
        elif isinstance(b, MarketCards):
            body.append(_market_cards(gd, width))
            body.append(Spacer(1, 2 * mm))
    head = _para(sec.title, st["h"])
    if any(isinstance(b, Example) for b in sec.blocks):
        # a worked example read across a page turn loses its thread: the whole
        # of it goes to the next column when it does not fit this one
        return [KeepTogether([head] + body)]
    first = body[:1]
    # keep a heading with (at least) its first block
    out.append(KeepTogether([head] + first))
    out.extend(body[1:])
    return out


# --------------------------------------------------------------------------- document


def render_rules_pdf(deck: Deck | GameDeck, game: str | None = None, *, paper: str = "a4") -> bytes:
    """The rules sheet of ``game`` as PDF bytes."""
    gd = deck if isinstance(deck, GameDeck) else deck.game(game)
    sheet = rules_sheet(gd)
    return render_sheet(sheet, gd, paper=paper)


def render_sheet(sheet: Sheet, gd: GameDeck, *, paper: str = "a4") -> bytes:
    W, H = PAPERS[paper]
    st = styles()
    buf = io.BytesIO()
    doc = BaseDocTemplate(buf, pagesize=(W * mm, H * mm), leftMargin=MARGIN * mm, rightMargin=MARGIN * mm,
                          topMargin=MARGIN * mm, bottomMargin=MARGIN * mm, title=f"{sheet.title}: rules",
                          author="pnp", creator="pnp", producer="pnp", subject=f"Rules of {sheet.title}",
                          invariant=1, pageCompression=1, initialFontName=SANS)
    colw = (W - 2 * MARGIN - GUTTER) / 2
    foot = 8.0

    def frames(top_skip: float):
        h = H - 2 * MARGIN - top_skip - foot
        y = (MARGIN + foot) * mm
        return [Frame(MARGIN * mm, y, colw * mm, h * mm, id="left", leftPadding=0, rightPadding=0,
                      topPadding=0, bottomPadding=0),
                Frame((MARGIN + colw + GUTTER) * mm, y, colw * mm, h * mm, id="right", leftPadding=0,
                      rightPadding=0, topPadding=0, bottomPadding=0)]

    def wide_frame():
        h = H - 2 * MARGIN - foot
        return [Frame(MARGIN * mm, (MARGIN + foot) * mm, (W - 2 * MARGIN) * mm, h * mm, id="wide",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)]

    def footer(c, doc):
        c.saveState()
        c.setStrokeColor(RULE)
        c.setLineWidth(0.5)
        c.line(MARGIN * mm, (MARGIN + 4) * mm, (W - MARGIN) * mm, (MARGIN + 4) * mm)
        c.setFont(SANS, 7)
        c.setFillColor(colors.HexColor("#666666"))
        page = f"page {doc.page}"
        room = (W - 2 * MARGIN) * mm - text_width(page, 7) - 12
        left, size = fit_text(f"{sheet.title}: rules as pnp plays them", room, 7, smallest=5)  # a long title is cut
        c.setFont(SANS, size)
        c.drawString(MARGIN * mm, MARGIN * mm, left)
        c.setFont(SANS, 7)
        c.drawRightString((W - MARGIN) * mm, MARGIN * mm, page)
        c.restoreState()

    def first_page(c, doc):
        c.saveState()
        c.setFillColor(GREEN)
        top = H * mm
        c.rect(0, top - (MARGIN + BAND - 4) * mm, W * mm, (MARGIN + BAND - 4) * mm, stroke=0, fill=1)
        c.setFillColor(colors.HexColor("#FFFDF7"))
        # the deck's own title, as long as a user writes it: smaller rather than off the page, cut past 12 pt
        title, size = fit_text(sheet.title, (W - 2 * MARGIN) * mm, 24, bold=True, smallest=12)
        c.setFont(SANS_BOLD, size)
        c.drawString(MARGIN * mm, top - (MARGIN + 6) * mm, title)
        c.setFont(SANS, 9.5)
        c.drawString(MARGIN * mm, top - (MARGIN + 13) * mm, sheet.tagline)
        c.setFillColor(ACCENT)
        c.rect(0, top - (MARGIN + BAND - 4) * mm, W * mm, 1.2 * mm, stroke=0, fill=1)
        c.restoreState()
        footer(c, doc)

    doc.addPageTemplates([
        PageTemplate("first", frames(BAND), onPage=first_page),
        PageTemplate("cols", frames(0), onPage=footer),
        PageTemplate("wide", wide_frame(), onPage=footer),
    ])
    story: list[Flowable] = [NextPageTemplate("cols")]
    for sec in sheet.sections:
        if sec.new_page:
            story.append(NextPageTemplate("wide" if sec.wide else "cols"))
            story.append(PageBreak())
        width = (W - 2 * MARGIN) * mm if sec.wide else colw * mm
        story.append(CondPageBreak(22 * mm))
        story.extend(section_flowables(sec, gd, width, st))
    doc.build(story)
    return buf.getvalue()


def rules_pdf_name(game: str, paper: str) -> str:
    return f"{game}-rules-{paper}.pdf"


def write_rules(deck: Deck, game: str, out_dir: str | Path, paper: str = "a4") -> Path:
    """Write ``<out_dir>/<game>-rules-<paper>.pdf`` atomically; returns its path."""
    data = render_rules_pdf(deck, game, paper=paper)
    return atomic_write(Path(out_dir) / rules_pdf_name(game, paper), data)


def write_all_rules(deck: Deck, out: str | Path, progress=lambda _: None) -> list[Path]:
    """Every game's rules sheet, A4 and Letter, into ``<out>/<game>/`` (a ``pnp build`` stage)."""
    from ..rules import GAMES
    from .pdf import write_per_game

    return write_per_game(deck, out, GAMES, write_rules, progress)
