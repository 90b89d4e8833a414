"""PDF print sheets: as many cards a page as fit, crop marks, bleed, duplex backs.

Layout decisions (documented for users in README, "Printing"):

- Cards are centred on the page, **butted together** (no gutters): 3x3 poker
  cards with gutters wide enough for two bleeds do not fit on A4 or Letter.
  Bleed (default 3 mm) therefore extends past the *outer* edges of the block
  only; inner edges are shared cut lines, where each card's art stops at its
  trim. Card art keeps everything important :data:`~pnp.render.cards.SAFE_MM`
  inside the trim, so a slightly missed inner cut never shows.
- Crop marks sit in the margin only, on the extension of every trim line,
  starting 1 mm outside the bleed and stopping at least 2 mm from the page
  edge. They are drawn on front pages only (cut from the front), and on the
  back pages of ``duplex="none"``, whose backs are cut out on their own.
- As many rows and columns as fit: 3x3 poker cards, 4x4 mini cards (44x63 mm),
  fewer for big cards or a big bleed.
- Backs: each front page is followed by its back page. ``duplex="long"``
  mirrors the column order (flip on the long edge), ``"short"`` the row order;
  ``"none"`` prints backs at the same places as their fronts, with crop marks
  (cut both, then glue each back to its front).
  ``back_offset=(x, y)`` mm shifts all back pages right/down (as seen on the
  back) to cancel printer drift, measured with the calibration page at the end.
- Every art is drawn once as a PDF form XObject (named after its art key) and
  placed per card, so PDFs stay small; reportlab's ``invariant`` mode makes
  rebuilds byte-identical.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field

from reportlab.lib.units import mm

from ..deck import Deck, GameDeck
from ..errors import PnpError
from .cards import SAFE_MM, CardStyle, art, card_style, print_cards, sheet_title
from .draw import Circle, Figure, Paint, Rect, Text, fit_text, line, text_width
from .pdf import draw_figure, new_canvas

from .pdf import PAPERS
DUPLEX = ("long", "short", "none")
MARK_GAP = 1.0  # crop marks start this far outside the bleed
MARK_LEN = 5.0
EDGE_CLEAR = 2.0  # crop marks stop at least this far from the paper edge
MIN_MARGIN = 4.0  # room kept outside the bleed for marks
PRINTER_EDGE = 4.5  # many home printers print nothing nearer the paper edge (lasers: 4.2 mm)
MIN_SEEN = 2.0  # a mark with less than this left to print moves into the bleed
BLEED_MARK_GAP = 0.75  # a mark in the bleed stops this far short of the trim
LABEL_INK = "#444444"
#: text a user must read on the sheet margins, in mm (6.2 pt; 5.1 and 5.7 pt before)
BAR_WORDS = 2.2  # the scale bar's "50 mm: measure ..."
RULER_LABELS = 2.2  # the calibration ruler's -8, -5, +5, +8


@dataclass(frozen=True)
class PrintOptions:
    paper: str = "a4"
    bleed: float = 3.0
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    safe_zone: bool = False
    calibration: bool = True  # add the calibration page pair (duplex long/short only)

    def __post_init__(self):
        if self.paper not in PAPERS:
            raise PnpError(f"unknown paper {self.paper!r} (expected one of: {', '.join(PAPERS)})")
        if self.duplex not in DUPLEX:
            raise PnpError(f"unknown duplex {self.duplex!r} (expected one of: {', '.join(DUPLEX)})")
        if not 0 <= self.bleed <= 10:
            raise PnpError(f"bleed must be between 0 and 10 mm, not {self.bleed:g}")
        if not all(abs(v) <= 20 for v in self.back_offset):  # NaN fails too
            raise PnpError("back offset must be within 20 mm")
        if self.duplex == "none" and self.back_offset != (0.0, 0.0):
            raise PnpError("--back-offset moves the backs of a double-sided print to meet their fronts; with "
                           "--duplex none each back is cut out on its own, so it has nothing to do")


@dataclass(frozen=True)
class SheetLayout:
    """Where cards go on a page (mm from the page's top-left corner, y down)."""

    page_w: float
    page_h: float
    card_w: float
    card_h: float
    bleed: float
    cols: int
    rows: int

    @classmethod
    def fit(cls, paper: str, card_w: float, card_h: float, bleed: float) -> "SheetLayout":
        pw, ph = PAPERS[paper]
        room = 2 * (bleed + MIN_MARGIN)
        cols = int((pw - room) // card_w)
        rows = int((ph - room) // card_h)
        if cols < 1 or rows < 1:
            raise PnpError(f"a {card_w:g}x{card_h:g} mm card with {bleed:g} mm bleed does not fit on {paper} "
                           f"(at most {pw - room:g}x{ph - room:g} mm there); its cards can be written one "
                           "to a file at any size with --format svg or png")
        return cls(pw, ph, card_w, card_h, bleed, cols, rows)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def x0(self) -> float:
        return (self.page_w - self.cols * self.card_w) / 2

    @property
    def y0(self) -> float:
        return (self.page_h - self.rows * self.card_h) / 2

    def front_slot(self, i: int) -> tuple[float, float]:
        """Trim top-left of slot ``i`` (reading order) on a front page."""
        r, c = divmod(i, self.cols)
        return self.x0 + c * self.card_w, self.y0 + r * self.card_h

    def back_slot(self, i: int, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
        """Trim top-left, on the back page, of the back of the card in front slot ``i``."""
        x, y = self.front_slot(i)
        if duplex == "long":
            x = self.page_w - x - self.card_w
        elif duplex == "short":
            y = self.page_h - y - self.card_h
        return x + offset[0], y + offset[1]

    def back_grid_pos(self, i: int, duplex: str) -> tuple[int, int]:
        r, c = divmod(i, self.cols)
        if duplex == "long":
            c = self.cols - 1 - c
        elif duplex == "short":
            r = self.rows - 1 - r
        return c, r

    def clip_for(self, col: int, row: int, x: float, y: float,
                 filled: set[tuple[int, int]] | None = None) -> tuple[float, float, float, float]:
        """The visible part of a card's art: its trim, plus the bleed on each side
        with no card next to it: the block's outer edges, and on a sheet only
        partly ``filled`` (grid spots holding a card), the sides facing empty slots."""
        def open_(c: int, r: int) -> float:
            inside = 0 <= c < self.cols and 0 <= r < self.rows
            return 0.0 if inside and (filled is None or (c, r) in filled) else self.bleed
        left, right = open_(col - 1, row), open_(col + 1, row)
        top, bottom = open_(col, row - 1), open_(col, row + 1)
        return x - left, y - top, self.card_w + left + right, self.card_h + top + bottom

    def trim_xs(self) -> list[float]:
        return [self.x0 + c * self.card_w for c in range(self.cols + 1)]

    def trim_ys(self) -> list[float]:
        return [self.y0 + r * self.card_h for r in range(self.rows + 1)]

    def crop_marks(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Crop-mark segments in the margin, on the extension of each trim line;
        where the margin is too thin for a mark a home printer prints (see
        :meth:`bleed_marks`), none on that side."""
        return self.marks()[0]

    def bleed_marks(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Crop marks drawn in the bleed, for the sides whose margin mark would lie
        almost wholly within :data:`PRINTER_EDGE` of the paper edge (the column
        marks of poker cards on Letter: 2.0 to 3.7 mm from the edge). They run
        from the bleed's outer edge to :data:`BLEED_MARK_GAP` short of the trim,
        so cutting takes them off with the bleed."""
        return self.marks()[1]

    def marks(self):
        """``(crop_marks, bleed_marks)``, worked out once."""
        b = self.bleed
        margin, bleed = [], []
        # per axis: the trim lines, the block's two edges, the page's length
        vertical = (self.trim_xs(), self.y0, self.y0 + self.rows * self.card_h, self.page_h)
        horizontal = (self.trim_ys(), self.x0, self.x0 + self.cols * self.card_w, self.page_w)
        for across, (lines, lo, hi, length) in ((False, vertical), (True, horizontal)):
            start, end = lo - b - MARK_GAP, max(EDGE_CLEAR, lo - b - MARK_GAP - MARK_LEN)
            if start - end <= 0.5:
                continue
            seen = start - max(end, PRINTER_EDGE)
            if seen < MIN_SEEN and b - BLEED_MARK_GAP >= 1.0:
                spans, into = ((lo - b, lo - BLEED_MARK_GAP), (hi + b, hi + BLEED_MARK_GAP)), bleed
            else:
                spans, into = ((start, end), (hi + b + MARK_GAP, min(length - EDGE_CLEAR, hi + b + MARK_GAP
                                                                         + MARK_LEN))), margin
            for t in lines:
                for a, z in spans:
                    into.append(((a, t), (z, t)) if across else ((t, a), (t, z)))
        return margin, bleed

    @property
    def labels_on_top(self) -> bool:
        """Labels and scale bar go in the top/bottom margins when there is room, else the sides."""
        return self.y0 - self.bleed >= 9.0


@dataclass
class Placement:
    key: str  # art key
    x: float  # trim top-left, mm from page top-left
    y: float
    clip: tuple[float, float, float, float]
    slot: int  # front slot index of the card


@dataclass
class Page:
    kind: str  # "front", "back", "calibration-front", "calibration-back"
    sheet: int  # 1-based sheet number (0 for calibration)
    placements: list[Placement] = field(default_factory=list)


def plan_pages(gd: GameDeck, options: PrintOptions, style: CardStyle | None = None) -> tuple[SheetLayout, list[Page]]:
    """Which art goes where on which page (no drawing). Tests and the PDF writer share it."""
    st = style or card_style(gd)
    lay = SheetLayout.fit(options.paper, st.width, st.height, options.bleed)
    cards = print_cards(gd)
    pages: list[Page] = []
    n = lay.per_page
    sheets = [cards[i:i + n] for i in range(0, len(cards), n)]
    for s, chunk in enumerate(sheets, 1):
        front = Page("front", s)
        back = Page("back", s)
        fronts = {divmod(i, lay.cols)[::-1] for i in range(len(chunk))}
        backs = {lay.back_grid_pos(i, options.duplex) for i in range(len(chunk))}
        for i, pc in enumerate(chunk):
            x, y = lay.front_slot(i)
            c, r = divmod(i, lay.cols)[::-1]
            front.placements.append(Placement(pc.front, x, y, lay.clip_for(c, r, x, y, fronts), i))
            bx, by = lay.back_slot(i, options.duplex, options.back_offset)
            bc, br = lay.back_grid_pos(i, options.duplex)
            back.placements.append(Placement(pc.back, bx, by, lay.clip_for(bc, br, bx, by, backs), i))
        pages.append(front)
        pages.append(back)
    if options.calibration and options.duplex != "none":
        pages.append(Page("calibration-front", 0))
        pages.append(Page("calibration-back", 0))
    return lay, pages


# --------------------------------------------------------------------------- drawing


def _form_name(key: str) -> str:
    return "art_" + "".join(ch if ch.isalnum() else "_" for ch in key)


def _define_form(canvas, name: str, fig: Figure, bleed: float) -> None:
    """An art as a form XObject whose origin is the card's trim top-left."""
    canvas.beginForm(name, lowerx=-bleed * mm, lowery=-(fig.height - bleed) * mm,
                     upperx=(fig.width - bleed) * mm, uppery=bleed * mm)
    ph = canvas._pagesize[1] / mm
    # draw_figure measures from the page top; put the art's top-left at (-bleed, +bleed) pt-space
    draw_figure(canvas, fig, -bleed, ph - bleed)
    canvas.endForm()


def _margin_figure(gd: GameDeck, lay: SheetLayout, page: Page, n_sheets: int, options: PrintOptions) -> Figure:
    fig = Figure(lay.page_w, lay.page_h)
    ink = LABEL_INK
    # duplex cards are cut from the front; backs printed apart (duplex "none")
    # are cut too, each then glued behind its front, so they have marks of their own
    if page.kind == "front" or options.duplex == "none":
        margin, bleed = lay.marks()
        for (x1, y1), (x2, y2) in margin:
            fig.add(line(x1, y1, x2, y2, Paint(stroke="#000000", width=0.2), cls="crop"))
        for (x1, y1), (x2, y2) in bleed:  # on the art: white under black, seen on any colour
            fig.add(line(x1, y1, x2, y2, Paint(stroke="#FFFFFF", width=0.7), cls="crop"))
            fig.add(line(x1, y1, x2, y2, Paint(stroke="#000000", width=0.2), cls="crop"))
    side = {"front": "fronts", "back": "backs"}[page.kind]
    label = f"{sheet_title(gd)}  ·  sheet {page.sheet} of {n_sheets}  ·  {side}"
    if page.kind == "back":
        hint = {"long": "print double-sided, flip on the long edge",
                "short": "print double-sided, flip on the short edge",
                "none": "cut out, glue each back behind its own front"}[options.duplex]
        if options.back_offset != (0.0, 0.0):
            hint += f"  ·  back offset {options.back_offset[0]:g},{options.back_offset[1]:g} mm"
    else:
        hint = "print at 100 % (actual size)  ·  cut on the marks"
    b = lay.bleed
    # the label over the first column, the hint over the last, each between two
    # crop marks (they shrink to fit narrow cards; one column holds both)
    span = lay.card_w if lay.labels_on_top else lay.card_h
    cells = lay.cols if lay.labels_on_top else lay.rows
    room = span - 4.0 if cells > 1 else (span - 8.0) / 2
    label, size = fit_text(label, room, 2.6, bold=True, smallest=1.6)
    hint, hsize = fit_text(hint, room, 2.6 * 0.85, smallest=1.6)
    if lay.labels_on_top:
        ty = lay.y0 - b - MARK_GAP - 1.8
        fig.add(Text(lay.x0 + 2, ty, label, size=size, fill=ink, bold=True, cls="label"))
        fig.add(Text(lay.x0 + lay.cols * lay.card_w - 2, ty, hint, size=hsize, fill=ink,
                     anchor="end", cls="label"))
        if page.kind == "front":
            _scale_bar(fig, lay, horizontal=True)
    else:
        # side margins, text running up the left margin, scale bar down the right one
        lx = lay.x0 - b - MARK_GAP - 2.0
        fig.add(Text(lx, lay.y0 + lay.rows * lay.card_h - 2, label, size=size, fill=ink, bold=True,
                     rotate=-90, cls="label"))
        fig.add(Text(lx, lay.y0 + 2, hint, size=hsize, fill=ink, rotate=-90, anchor="end", cls="label"))
        if page.kind == "front":
            _scale_bar(fig, lay, horizontal=False)
    return fig


def _scale_bar(fig: Figure, lay: SheetLayout, horizontal: bool) -> None:
    """A 50 mm bar with 10 mm ticks, labelled: measure it to check the print scale.
    It crosses no crop mark where the page has room (see :func:`_bar_spot`)."""
    p = Paint(stroke="#000000", width=0.25)
    words = "50 mm: measure to check 100 % scale"
    x, y, horizontal, under = _bar_spot(lay, horizontal, text_width(words, BAR_WORDS))
    if horizontal:
        fig.add(Rect(x, y, 50, 1.2, paint=Paint(fill="#FFFFFF", stroke="#000000", width=0.2), cls="scale-bar"))
        for i in range(5):
            if i % 2 == 0:
                fig.add(Rect(x + 10 * i, y, 10, 1.2, paint=Paint(fill="#000000")))
        for i in range(6):
            fig.add(line(x + 10 * i, y, x + 10 * i, y + 2.0, p))
        if under:
            fig.add(Text(x + 25, y + 4.8, words, size=BAR_WORDS, fill=LABEL_INK, anchor="middle"))
        else:
            fig.add(Text(x + 52, y + 1.6, words, size=BAR_WORDS, fill=LABEL_INK))
    else:
        fig.add(Rect(x, y, 1.2, 50, paint=Paint(fill="#FFFFFF", stroke="#000000", width=0.2), cls="scale-bar"))
        for i in range(5):
            if i % 2 == 0:
                fig.add(Rect(x, y + 10 * i, 1.2, 10, paint=Paint(fill="#000000")))
        for i in range(6):
            fig.add(line(x, y + 10 * i, x + 2.0, y + 10 * i, p))
        fig.add(Text(x + 2.6, y, words, size=BAR_WORDS, fill=LABEL_INK, rotate=90))


def _bar_spot(lay: SheetLayout, horizontal: bool, words_w: float) -> tuple[float, float, bool, bool]:
    """Where the scale bar goes: ``(x, y, horizontal, words under it)``. In the
    bottom margin (``horizontal``) it lies between two crop marks under the
    middle column, with its words under it, where that column is wide enough;
    else past the marks' ends, where the margin is deep enough; else under the
    left of the two middle columns. Failing all three it goes down the right
    margin the same way, beside a row; the right margin comes first for side
    labels."""
    out = lay.bleed + MARK_GAP  # the marks start this far out from the cards
    below = lay.y0 + lay.rows * lay.card_h + out + 1.0
    beside = lay.x0 + lay.cols * lay.card_w + out + 1.0

    def bottom() -> tuple[float, float, bool, bool] | None:
        room = lay.card_w - 4.0
        fits = room >= 50 and words_w <= room
        if lay.cols % 2 and fits:  # under the middle column, centred on the page
            return lay.page_w / 2 - 25, below, True, True
        if below + MARK_LEN + 2.5 <= lay.page_h - EDGE_CLEAR:  # past the marks' ends, words beside
            return lay.page_w / 2 - 25, below + MARK_LEN, True, False
        if fits:  # under the left of the two middle columns
            return lay.x0 + ((lay.cols - 1) // 2 + 0.5) * lay.card_w - 25, below, True, True
        return None

    def right() -> tuple[float, float, bool, bool] | None:
        fits = lay.card_h - 4.0 >= 50
        if lay.rows % 2 and fits:
            return beside, lay.page_h / 2 - 25, False, False
        if beside + MARK_LEN + 5.0 <= lay.page_w - EDGE_CLEAR:
            return beside + MARK_LEN, lay.page_h / 2 - 25, False, False
        if fits:
            return beside, lay.y0 + ((lay.rows - 1) // 2 + 0.5) * lay.card_h - 25, False, False
        return None

    first, second = (bottom, right) if horizontal else (right, bottom)
    spot = first() or second()
    if spot is None:  # no margin clear of the marks: centred under the cards, as close as it goes
        return (lay.page_w / 2 - 25, below, True, False) if horizontal else (beside, lay.page_h / 2 - 25, False, False)
    return spot


def _safe_zone(fig: Figure, pl: Placement, st: CardStyle) -> None:
    fig.add(Rect(pl.x + SAFE_MM, pl.y + SAFE_MM, st.width - 2 * SAFE_MM, st.height - 2 * SAFE_MM,
                 paint=Paint(stroke="#E0007F", width=0.2, dash=(1.0, 1.0)), cls="safe-zone"))


def calibration_figure(lay: SheetLayout, options: PrintOptions, back: bool, game: str = "") -> Figure:
    """The calibration page pair: a cross on the front; on the back a millimetre
    ruler centred where that cross should land, shifted by the current offset."""
    fig = Figure(lay.page_w, lay.page_h)
    cx, cy = lay.page_w / 2, lay.page_h / 2
    ink = "#000000"
    thin = Paint(stroke=ink, width=0.15)
    if not back:
        fig.add(line(cx - 12, cy, cx + 12, cy, Paint(stroke=ink, width=0.2)))
        fig.add(line(cx, cy - 12, cx, cy + 12, Paint(stroke=ink, width=0.2)))
        fig.add(Circle(cx, cy, 3, thin), Circle(cx, cy, 6, thin))
        lines = [
            "Back alignment check",
            "",
            "1. Print this page and the next one double-sided, at 100 % (actual size),",
            f"    flipping on the {'long' if options.duplex == 'long' else 'short'} edge, exactly as you print the cards.",
            "2. Push a pin through the centre of the cross above.",
            "3. Turn the sheet over. Read where the pin hole lies on the ruler:",
            "    X = millimetres to the right (left is negative), Y = millimetres down (up is negative),",
            "    both as you look at the back side.",
            f"4. Build again with  --back-offset X,Y  added to the current offset "
            f"({options.back_offset[0]:g},{options.back_offset[1]:g}).",
            "    Example: hole at 1.5 right and 0.5 up with offset 0,0  ->  --back-offset 1.5,-0.5",
            "",
            "Also measure the 50 mm scale bar on a card sheet: if it is not 50 mm,",
            "switch off 'fit to page' / 'scale to fit' in the print dialog.",
        ]
        y = cy + 25
        for i, ln in enumerate(lines):
            fig.add(Text(25, y, ln, size=4.2 if i == 0 else 3.2, bold=i == 0, fill=ink))
            y += 5.5 if i == 0 else 4.6
        if game:
            fig.add(Text(25, 20, f"{game}  ·  calibration (front)", size=2.6, fill=LABEL_INK))
        return fig
    ox, oy = options.back_offset
    if options.duplex == "short":
        cx, cy = cx, lay.page_h - cy
    else:
        cx = lay.page_w - cx
    cx, cy = cx + ox, cy + oy
    # millimetre rulers through the expected spot, -8..+8 mm
    for axis in ("x", "y"):
        for t in range(-8, 9):
            ln = 3.0 if t % 5 == 0 else 1.8
            if axis == "x":
                fig.add(line(cx + t, cy - ln / 2, cx + t, cy + ln / 2, thin))
            else:
                fig.add(line(cx - ln / 2, cy + t, cx + ln / 2, cy + t, thin))
            if t in (-8, -5, 5, 8):  # every 2 mm ran the labels together and into the other ruler's
                if axis == "x":
                    fig.add(Text(cx + t, cy + 3.3, f"{t:+d}", size=RULER_LABELS, anchor="middle", fill=ink))
                else:  # (the x ruler's labels sit below it, clear of the y ruler's)
                    fig.add(Text(cx + 2.3, cy + t + 0.8, f"{t:+d}", size=RULER_LABELS, fill=ink))
        # half-millimetre ticks
        for t2 in range(-15, 16, 2):
            t = t2 / 2
            if axis == "x":
                fig.add(line(cx + t, cy - 0.5, cx + t, cy + 0.5, Paint(stroke=ink, width=0.08)))
            else:
                fig.add(line(cx - 0.5, cy + t, cx + 0.5, cy + t, Paint(stroke=ink, width=0.08)))
    fig.add(line(cx - 8, cy, cx + 8, cy, thin), line(cx, cy - 8, cx, cy + 8, thin))
    fig.add(Text(cx - 8, cy + 8 + 6, "X: right +   Y: down +   (as seen on this side)", size=2.6, fill=ink))
    fig.add(Text(cx - 8, cy + 8 + 10, "Read the pin hole here, then use --back-offset X,Y", size=2.6, fill=ink))
    if game:
        fig.add(Text(25, 20, f"{game}  ·  calibration (back)", size=2.6, fill=LABEL_INK))
    return fig


def render_print_pdf(gd: GameDeck, options: PrintOptions = PrintOptions(), *, deck: Deck | None = None,
                     style: CardStyle | None = None) -> bytes:
    """The print PDF of one game, as bytes (deterministic)."""
    st = style or card_style(gd, deck)
    lay, pages = plan_pages(gd, options, st)
    buf = io.BytesIO()
    c = new_canvas(buf, lay.page_w, lay.page_h, title=f"{gd.title}: print sheets")
    defined: set[str] = set()
    n_sheets = max((p.sheet for p in pages), default=0)
    for page in pages:
        if page.kind.startswith("calibration"):
            draw_figure(c, calibration_figure(lay, options, page.kind.endswith("back"), sheet_title(gd)), 0, 0)
            c.showPage()
            continue
        for pl in page.placements:
            name = _form_name(pl.key)
            if name not in defined:
                _define_form(c, name, art(gd, pl.key, style=st, bleed=lay.bleed), lay.bleed)
                defined.add(name)
            c.saveState()
            path = c.beginPath()
            cx, cy, cw, ch = pl.clip
            path.rect(cx * mm, lay.page_h * mm - (cy + ch) * mm, cw * mm, ch * mm)
            c.clipPath(path, stroke=0, fill=0)
            c.translate(pl.x * mm, lay.page_h * mm - pl.y * mm)
            c.doForm(name)
            c.restoreState()
        margin = _margin_figure(gd, lay, page, n_sheets, options)
        if options.safe_zone and page.kind == "front":
            for pl in page.placements:
                _safe_zone(margin, pl, st)
        draw_figure(c, margin, 0, 0)
        c.showPage()
    c.save()
    return buf.getvalue()


def pdf_name(gd: GameDeck, options: PrintOptions) -> str:
    return f"{gd.game}-print-{options.paper}.pdf"

