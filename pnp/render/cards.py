"""Card art as :class:`~pnp.render.draw.Figure` s, built from the deck model only.

- :func:`card_front` / :func:`card_back` for the solitaire games (orchard,
  orchard-pnp, grove): a 2x3 grid of square tree cells centred on the card, each
  fruit in its own colour *and* shape, the card number in two opposite corners
  (the second one turned 180 degrees); Grove backs are the recipe, in words.
- :func:`fruit_card`, :func:`buyer_card`, :func:`market_back` for Orchards market.

Every figure is the card's trim size plus ``bleed`` mm on each side (the
background runs into the bleed; everything that matters stays at least
:data:`SAFE_MM` inside the trim). With ``bleed=0`` the card gets a thin rounded
cut line. Styling comes from ``cards.yaml`` (see :class:`CardStyle`).

SVG hooks: every cell is a group with ``class="cell tree"`` or
``class="cell clearing"`` and ``id="cell-COL-ROW"``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from typing import Any

from ..deck import DEFAULT_CARD_MM, Buyer, Card, Cell, Deck, Fruit, GameDeck
from .draw import (Circle, blend, Figure, Group, Paint, Path, Polygon, Polyline, Rect, Text, regular_polygon,
                   cut_to_fit, fit_size, fit_text, star_points, text_width, wrap)
from .words import number_word, plural_name, recipe_words

SAFE_MM = 3.0  # keep text and symbols this far inside the trim
#: Text is laid out with Helvetica metrics but only this share of the room, so an
#: SVG viewer that falls back to a wider sans-serif (DejaVu Sans) still fits.
SLACK = 0.86


BUYER_BACK = "#5A3E6B"  # the market's buyer backs (its fruit backs: CardStyle.back)


@dataclass(frozen=True)
class CardStyle:
    """The look of a deck. ``cards.yaml`` keys (global ``style:`` then the game's own)::

        style:
          card: {width_mm: 63, height_mm: 88, corner_mm: 3, cell_mm: 25}
          font: Helvetica          # a standard PDF font: Helvetica, Times or Courier
          ink: "#222222"           # text and outlines
          paper: "#FFFDF7"         # card background
          colours: {ground: ..., canopy: ..., canopy_edge: ..., trunk: ...,
                    clearing: ..., grass: ..., back: ..., back_ink: ..., accent: ...}
    """

    width: float = DEFAULT_CARD_MM[0]
    height: float = DEFAULT_CARD_MM[1]
    corner: float = 3.0
    cell: float = 0.0  # 0: as large as fits with a SAFE margin for the corner numbers
    font: str = "Helvetica"
    ink: str = "#222222"
    paper: str = "#FFFDF7"
    ground: str = "#EEF4E4"
    ground_edge: str = "#B8CCA2"
    canopy: str = "#A9CF8A"
    canopy_edge: str = "#3F6B32"
    trunk: str = "#7A4E2D"
    clearing: str = "#F3E7CB"
    clearing_edge: str = "#C9B48A"
    grass: str = "#6E9A4A"
    back: str = "#2F5E3F"
    back_ink: str = "#FFFDF7"
    accent: str = "#B8860B"

    @property
    def cell_size(self) -> float:
        if self.cell:
            return self.cell
        margin = 6.5
        return min((self.width - 2 * margin) / 2, (self.height - 2 * margin) / 3)

    @classmethod
    def from_dicts(cls, *styles: dict[str, Any]) -> "CardStyle":
        kw: dict[str, Any] = {}
        names = {f.name for f in fields(cls)}
        for st in styles:
            st = _plain(st)
            card = st.get("card", {}) or {}
            for key, attr in (("width_mm", "width"), ("height_mm", "height"), ("corner_mm", "corner"),
                              ("cell_mm", "cell")):
                if isinstance(card.get(key), (int, float)) and not isinstance(card.get(key), bool):
                    kw[attr] = float(card[key])
            for key in ("font", "ink", "paper"):
                if isinstance(st.get(key), str):
                    kw[key] = st[key]
            for key, val in (st.get("colours", {}) or {}).items():
                if key in names and isinstance(val, str):
                    kw[key] = val
        return cls(**kw)


def _plain(v: Any) -> Any:
    """Style values from the loader (tuples of pairs) as dicts."""
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, tuple) and v and all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) for x in v):
        return {k: _plain(x) for k, x in v}
    return v


def card_style(gd: GameDeck, deck: Deck | None = None) -> CardStyle:
    """The game's style: the deck-wide ``style:`` overridden by the game's own."""
    return CardStyle.from_dicts(deck.style_dict() if deck is not None else {}, gd.style_dict())


def short_title(gd: GameDeck) -> str:
    return gd.title.split("(")[0].strip()


def sheet_title(gd: GameDeck) -> str:
    """The game as a loose printed sheet names it: the short title, and the game id
    where the title was shortened ("Orchard (print-and-play edition)" is "Orchard ·
    orchard-pnp"), so that two decks' sheets never read alike."""
    short = short_title(gd)
    return short if short == gd.title.strip() else f"{short}  ·  {gd.game}"


# --------------------------------------------------------------------------- shapes


def fruit_symbol(shape: str, cx: float, cy: float, r: float, colour: str, ink: str,
                 outline: float | None = None, highlight: bool = True) -> Group:
    """A fruit: its shape filled with its colour, outlined in ink, about ``2r`` across."""
    w = outline if outline is not None else max(0.2, r * 0.09)
    paint = Paint(fill=colour, stroke=ink, width=w)
    g = Group(cls=f"fruit {shape}")
    if shape == "circle":
        g.add(Circle(cx, cy, r * 0.92, paint))
        g.add(Polyline(((cx, cy - r * 0.92), (cx + r * 0.12, cy - r * 1.18)), Paint(stroke=ink, width=w * 1.3)))
    elif shape == "teardrop":
        k = 0.552
        rr, by = r * 0.68, cy + r * 0.27
        g.add(Path((("M", cx, cy - r),
                    ("C", cx + r * 0.2, cy - r * 0.62, cx + rr, by - rr * 0.9, cx + rr, by),
                    ("C", cx + rr, by + rr * k, cx + rr * k, by + rr, cx, by + rr),
                    ("C", cx - rr * k, by + rr, cx - rr, by + rr * k, cx - rr, by),
                    ("C", cx - rr, by - rr * 0.9, cx - r * 0.2, cy - r * 0.62, cx, cy - r),
                    ("Z",)), paint))
    elif shape == "diamond":
        g.add(Polygon(((cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)), paint))
    elif shape == "triangle":
        g.add(Polygon(regular_polygon(cx, cy + r * 0.18, r * 1.05, 3), paint))
    elif shape == "square":
        s = r * 1.55
        g.add(Rect(cx - s / 2, cy - s / 2, s, s, r=r * 0.18, paint=paint))
    elif shape == "hexagon":
        g.add(Polygon(regular_polygon(cx, cy, r * 0.98, 6), paint))
    elif shape == "star":
        g.add(Polygon(star_points(cx, cy + r * 0.08, r * 1.08, 0.47), paint))
    elif shape == "heart":
        g.add(Path((("M", cx, cy + r * 0.92),
                    ("C", cx - r * 1.25, cy + r * 0.05, cx - r * 0.95, cy - r * 1.05, cx, cy - r * 0.45),
                    ("C", cx + r * 0.95, cy - r * 1.05, cx + r * 1.25, cy + r * 0.05, cx, cy + r * 0.92),
                    ("Z",)), paint))
    else:  # pragma: no cover - the loader checks shapes
        g.add(Circle(cx, cy, r, paint))
    if highlight and shape not in ("star",):
        g.add(Circle(cx - r * 0.3, cy - r * 0.25, r * 0.17, Paint(fill=blend(colour, "#FFFFFF", 0.6))))
    return g


#: A quarter circle as a cubic Bézier: its control points lie this far along the tangents, times the radius.
ARC = 0.5522847498


def circle_path(cx: float, cy: float, r: float) -> tuple[tuple, ...]:
    """Path commands for a full circle (four cubic Béziers, clockwise from the top)."""
    k = ARC * r
    return (("M", cx, cy - r),
            ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy),
            ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
            ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
            ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
            ("Z",))


def circles_path(circles, paint: Paint, **kw) -> Path:
    """Many circles ``(cx, cy, r)`` as one path: same look as separate circles
    (same winding, so overlaps fill), one element to draw instead of many."""
    return Path(tuple(c for cx, cy, r in circles for c in circle_path(cx, cy, r)), paint, **kw)


def _canopy(cx: float, cy: float, r: float, st: CardStyle) -> list:
    """A cloud-shaped tree crown: the lobes outlined together, then filled together on top."""
    lobes = [(0, -0.32, 0.62), (-0.5, -0.02, 0.55), (0.5, -0.02, 0.55), (-0.28, 0.36, 0.55),
             (0.28, 0.36, 0.55), (0, 0.05, 0.7)]
    circles = [(cx + dx * r, cy + dy * r, k * r) for dx, dy, k in lobes]
    return [circles_path(circles, Paint(fill=st.canopy_edge, stroke=st.canopy_edge, width=r * 0.16)),
            circles_path(circles, Paint(fill=st.canopy), cls="canopy")]


def tree_cell(cell: Cell, fruit: Fruit | None, s: float, st: CardStyle, *, counted: bool,
              col: int = 0, row: int = 0) -> Group:
    """One square cell ``s`` mm wide at the origin: a tree with its fruit(s), or a clearing."""
    pad = 0.45
    if cell.is_clearing:
        g = Group(cls="cell clearing", id=f"cell-{col}-{row}")
        g.add(Rect(pad, pad, s - 2 * pad, s - 2 * pad, r=s * 0.09,
                   paint=Paint(fill=st.clearing, stroke=st.clearing_edge, width=0.35, dash=(1.2, 0.8))))
        # grass tufts and a few pebbles: open ground, no tree, no fruit
        tufts = []
        for fx, fy in ((0.27, 0.3), (0.7, 0.24), (0.5, 0.55), (0.22, 0.76), (0.76, 0.72)):
            x, y, h = fx * s, fy * s, s * 0.07
            tufts += [("M", x - h * 0.7, y - h), ("L", x - h * 0.25, y + h * 0.2), ("L", x, y - h * 1.3),
                      ("L", x + h * 0.25, y + h * 0.2), ("L", x + h * 0.7, y - h)]
        g.add(Path(tuple(tufts), Paint(stroke=st.grass, width=0.35), cls="grass"))
        g.add(circles_path([(fx * s, fy * s, k * s) for fx, fy, k in
                            ((0.42, 0.33, 0.032), (0.6, 0.8, 0.026), (0.35, 0.6, 0.022), (0.82, 0.47, 0.03))],
                           Paint(fill=st.clearing_edge), cls="pebbles"))
        return g
    g = Group(cls="cell tree", id=f"cell-{col}-{row}")
    g.add(Rect(pad, pad, s - 2 * pad, s - 2 * pad, r=s * 0.09,
               paint=Paint(fill=st.ground, stroke=st.ground_edge, width=0.3)))
    cx, cy = s / 2, s * 0.44
    cr = s * 0.33
    # trunk and a little shadow
    g.add(Path((("M", cx - s * 0.22, s * 0.86), ("C", cx - s * 0.1, s * 0.82, cx + s * 0.1, s * 0.82,
                                                     cx + s * 0.22, s * 0.86),
                ("C", cx + s * 0.1, s * 0.9, cx - s * 0.1, s * 0.9, cx - s * 0.22, s * 0.86), ("Z",)),
               Paint(fill=blend(st.ground_edge, st.ground, 0.2))))
    g.add(Polygon(((cx - s * 0.05, s * 0.86), (cx - s * 0.035, cy + cr * 0.3), (cx + s * 0.035, cy + cr * 0.3),
                   (cx + s * 0.05, s * 0.86)), Paint(fill=st.trunk)))
    g.add(*_canopy(cx, cy, cr, st))
    assert fruit is not None
    n = cell.count if counted else 1
    if n == 1:
        fr = s * 0.19
        g.add(fruit_symbol(fruit.shape, cx, cy + s * 0.01, fr, fruit.colour, st.ink))
    else:
        fr = s * 0.14
        g.add(fruit_symbol(fruit.shape, cx - s * 0.15, cy + s * 0.02, fr, fruit.colour, st.ink))
        g.add(fruit_symbol(fruit.shape, cx + s * 0.15, cy + s * 0.02, fr, fruit.colour, st.ink))
    return g


# --------------------------------------------------------------------------- frames


def _bleed_xy(bleed: float | tuple[float, float]) -> tuple[float, float]:
    """The bleed across and down: one number for both, or a pair."""
    return (bleed, bleed) if isinstance(bleed, (int, float)) else bleed


def _frame(st: CardStyle, bleed: float | tuple[float, float], background: str) -> tuple[Figure, Group]:
    bx, by = _bleed_xy(bleed)
    fig = Figure(st.width + 2 * bx, st.height + 2 * by)
    if bx or by:
        fig.add(Rect(0, 0, fig.width, fig.height, paint=Paint(fill=background), cls="bleed"))
    else:
        fig.add(Rect(0, 0, st.width, st.height, r=st.corner,
                     paint=Paint(fill=background, stroke="#9A9A9A", width=0.2), cls="trim"))
    body = Group(translate=(bx, by), cls="card")
    fig.add(body)
    return fig, body


#: The card size the text-heavy layouts (backs, recipes, market cards) are drawn
#: for: the default. On a card of another size the same layout is drawn on a
#: virtual card as large as this in one direction and at least as large in the
#: other, scaled to fit: down on a smaller card (mini cards, or a card turned
#: landscape), so nothing runs off it; up on a larger one (tarot or poster
#: cards), so the words and pictures grow with the card instead of keeping to
#: its top corner. Card fronts keep their own sizes (their cells must line up
#: from card to card).
DESIGN_MM = DEFAULT_CARD_MM


def _design_room(st: CardStyle, body: Group, bleed: float | tuple[float, float]
                 ) -> tuple[CardStyle, Group, float, float]:
    """Where a text-heavy layout draws: its style (the virtual card's size), the
    group to draw in, and the bleed in that group's millimetres."""
    bx, by = _bleed_xy(bleed)
    k = min(st.width / DESIGN_MM[0], st.height / DESIGN_MM[1])
    if k == 1.0:
        return st, body, bx, by
    inner = Group(scale=k, cls="scaled")
    body.add(inner)
    return replace(st, width=st.width / k, height=st.height / k, corner=st.corner / k), inner, bx / k, by / k


def _top_band(st: CardStyle, bx: float, by: float, height: float, colour: str):
    """A band of colour across the card's top: into the bleed where there is one,
    else within the trim, its top corners rounded as the card's (a square band
    covered the rounded cut line of an SVG card and squared its corners)."""
    W = st.width
    if bx or by:
        return Rect(-bx, -by, W + 2 * bx, height + by, paint=Paint(fill=colour), cls="band")
    r = min(st.corner, height, W / 2)
    k = ARC * r
    return Path((("M", 0.0, height), ("L", 0.0, r), ("C", 0.0, r - k, r - k, 0.0, r, 0.0), ("L", W - r, 0.0),
                 ("C", W - r + k, 0.0, W, r - k, W, r), ("L", W, height), ("Z",)), Paint(fill=colour), cls="band")


def _corner_labels(body: Group, st: CardStyle, label: str, colour: str, size: float = 3.6) -> None:
    x, y = SAFE_MM + 0.3, SAFE_MM + size * 0.72 + 0.1
    body.add(Text(x, y, label, size=size, font=st.font, bold=True, fill=colour, cls="number"))
    body.add(Text(st.width - x, st.height - y, label, size=size, font=st.font, bold=True, fill=colour,
                  rotate=180, cls="number"))


def _grid_origin(st: CardStyle) -> tuple[float, float, float]:
    s = st.cell_size
    return (st.width - 2 * s) / 2, (st.height - 3 * s) / 2, s


# --------------------------------------------------------------------------- solitaire cards


def card_front(gd: GameDeck, card: Card, side: str = "", *, style: CardStyle | None = None,
               bleed: float | tuple[float, float] = 0.0) -> Figure:
    """The tree side of a solitaire card (orchard, orchard-pnp sides ``a``/``b``, grove)."""
    st = style or card_style(gd)
    fig, body = _frame(st, bleed, st.paper)
    fig.title = f"{gd.title} card {card.id}{side}"
    x0, y0, s = _grid_origin(st)
    counted = gd.game == "grove"
    face = card.face(side)
    grid = Group(translate=(x0, y0), cls="grid")
    for col, row, cell in face.cells():
        fruit = None if cell.is_clearing else gd.fruit(cell.fruit)
        tile = tree_cell(cell, fruit, s, st, counted=counted, col=col, row=row)
        tile.translate = (col * s, row * s)
        grid.add(tile)
    body.add(grid)
    _corner_labels(body, st, f"{card.id}{side}", st.ink)
    # the game name, small, in the top and bottom margins
    title = short_title(gd).upper() + (f"  ·  SIDE {side.upper()}" if side else "")
    ty = y0 - 1.4
    if ty > SAFE_MM + 1.5:
        # between the corner numbers, shrunk to fit a long title
        corner = SAFE_MM + 0.3 + text_width(f"{card.id}{side}", 3.6, st.font, True) + 1.5
        size = _fit(title, st.width - 2 * corner, 2.1, st.font, False)
        body.add(Text(st.width / 2, ty, title, size=size, font=st.font, fill="#6B6B6B", anchor="middle",
                      cls="title"))
        body.add(Text(st.width / 2, st.height - ty, title, size=size, font=st.font, fill="#6B6B6B",
                      anchor="middle", rotate=180, cls="title"))
    return fig


def card_back(gd: GameDeck, card: Card | None = None, *, style: CardStyle | None = None,
              bleed: float | tuple[float, float] = 0.0) -> Figure:
    """The back: the recipe for Grove cards, side ``b`` for orchard-pnp, else the deck's back design."""
    st = style or card_style(gd)
    if card is not None and card.recipe is not None:
        return recipe_back(gd, card, style=st, bleed=bleed)
    if card is not None and gd.game == "orchard-pnp" and "b" in card.sides:
        return card_front(gd, card, "b", style=st, bleed=bleed)
    return _pattern_back(gd, st, bleed, short_title(gd), subtitle=None)


def _pattern_back(gd: GameDeck, st: CardStyle, bleed, title: str, subtitle: str | None,
                  motif: str = "crowns") -> Figure:
    fig, body = _frame(st, bleed, st.back)
    fig.title = f"{gd.title} back"
    bx = (fig.width - st.width) / 2
    by = (fig.height - st.height) / 2
    # a lattice of small tree crowns running into the bleed
    step = 9.0
    light = Paint(fill=blend(st.back, "#FFFFFF", 0.08))
    nx = int((st.width + 2 * bx) / step) + 2
    ny = int((st.height + 2 * by) / step) + 2
    dots = [(i * step + (step / 2 if j % 2 else 0) - bx + step / 2, j * step - by + step / 2, 2.6)
            for j in range(-1, ny) for i in range(-1, nx)]
    if motif == "stars":  # another lattice, so two kinds of back differ in black and white too
        body.add(Group([Polygon(star_points(x, y, r, 0.5, 5), light, cls="pattern") for x, y, r in dots],
                       cls="stars"))
    else:
        body.add(circles_path(dots, light, cls="pattern"))
    st, body, _, _ = _design_room(st, body, bleed)
    inset = SAFE_MM + 0.5
    body.add(Rect(inset, inset, st.width - 2 * inset, st.height - 2 * inset, r=st.corner,
                  paint=Paint(stroke=st.back_ink, width=0.5)))
    body.add(Rect(inset + 1.2, inset + 1.2, st.width - 2 * inset - 2.4, st.height - 2 * inset - 2.4,
                  r=max(0.5, st.corner - 1), paint=Paint(stroke=st.back_ink, width=0.2)))
    cx, cy = st.width / 2, st.height / 2
    rad = min(st.width * 0.34, st.height * 0.25)  # room for the titles above and below
    body.add(Circle(cx, cy, rad, Paint(fill=st.paper, stroke=st.accent, width=0.8)))
    body.add(Circle(cx, cy, rad - 1.4, Paint(stroke=st.accent, width=0.25)))
    # a tree in the medallion with the deck's fruits around it
    body.add(Polygon(((cx - 1.4, cy + rad * 0.62), (cx - 0.9, cy), (cx + 0.9, cy), (cx + 1.4, cy + rad * 0.62)),
                     Paint(fill=st.trunk)))
    body.add(*_canopy(cx, cy - rad * 0.12, rad * 0.5, st))
    fr = gd.fruits
    for i, f in enumerate(fr):
        a = math.radians(-90 + 360 * i / max(1, len(fr)))
        body.add(fruit_symbol(f.shape, cx + math.cos(a) * rad * 0.24, cy - rad * 0.12 + math.sin(a) * rad * 0.24,
                              rad * 0.11, f.colour, st.ink, outline=0.25))
    size = _fit(title, st.width - 2 * inset - 8, 6.0, st.font, True)
    body.add(Text(cx, cy - rad - 4, title, size=size, font=st.font, bold=True, fill=st.back_ink,
                  anchor="middle", cls="title"))
    body.add(Text(cx, cy + rad + 4 + size * 0.7, title, size=size, font=st.font, bold=True, fill=st.back_ink,
                  anchor="middle", rotate=180, cls="title"))
    if subtitle:
        body.add(Text(cx, cy + rad * 0.8, subtitle, size=3.2, font=st.font, bold=True, fill=st.ink,
                      anchor="middle", cls="subtitle"))
    return fig


def _fit(text: str, width: float, size: float, font: str, bold: bool) -> float:
    return fit_size(text, width * SLACK, size, font, bold)


def recipe_back(gd: GameDeck, card: Card, *, style: CardStyle | None = None,
                bleed: float | tuple[float, float] = 0.0) -> Figure:
    """A Grove card's back: the recipe's name, number, goal and reward in words."""
    st = style or card_style(gd)
    recipe = card.recipe
    assert recipe is not None
    words = recipe_words(recipe, gd)
    fig, body = _frame(st, bleed, st.paper)
    fig.title = f"{gd.title} recipe {recipe.name}"
    st, body, bx, by = _design_room(st, body, bleed)
    W, H = st.width, st.height
    band = 30.0
    tw = (W - 2 * SAFE_MM - 4) * SLACK
    body.add(_top_band(st, bx, by, band, st.back))
    body.add(Text(W / 2, SAFE_MM + 4.2, "RECIPE", size=2.6, font=st.font, bold=True, fill=st.back_ink,
                  anchor="middle"))
    # the name in one or two lines, smaller for a long one; three small lines
    # still clear the medallion, and only a name longer than that is cut short
    for size in (4.6, 3.8, 3.2, 2.8, 2.4):
        name_lines = wrap(recipe.name, tw, size, st.font, True)
        if len(name_lines) <= (2 if size > 2.8 else 3):
            break
    else:
        name_lines = name_lines[:2] + [cut_to_fit(name_lines[2], tw, size, st.font, True)]
    y = {1: SAFE_MM + 12.5, 2: SAFE_MM + 10.8}.get(len(name_lines), SAFE_MM + 9.6)
    for ln in name_lines:
        body.add(Text(W / 2, y, ln, size=size, font=st.font, bold=True, fill=st.back_ink, anchor="middle",
                      cls="name"))
        y += size * 1.18
    # the number: big, in a medallion on the band's edge
    cy, r = band + 1.5, 9.0
    body.add(Circle(W / 2, cy, r, Paint(fill=st.paper, stroke=st.accent, width=0.9)))
    body.add(Text(W / 2, cy + 3.8, str(recipe.number), size=10.5, font=st.font, bold=True, fill=st.ink,
                  anchor="middle", cls="recipe-number"))
    # goal and reward
    x = SAFE_MM + 2
    y = cy + r + 6
    size = 3.3
    # the note (the wheelbarrow not counting) narrows the goal: it goes under it
    blocks = [("AT THE END, IF", words.condition, words.note), ("YOU GET", words.reward, "")]
    for head, text, note in blocks:
        # the accent darkened: gold on the paper read at 3.2:1, too faint for small text
        body.add(Text(x, y, head, size=2.5, font=st.font, bold=True, fill=blend(st.accent, "#000000", 0.35),
                      cls="recipe-head"))
        y += 4.4
        for ln in wrap(text, tw, size, st.font):
            body.add(Text(x, y, ln, size=size, font=st.font, fill=st.ink, cls="words"))
            y += size * 1.25
        for ln in wrap(note, tw, 2.7, st.font) if note else ():
            body.add(Text(x, y, ln, size=2.7, font=st.font, fill="#555555", cls="words note"))
            y += 2.7 * 1.25
        y += 2.4
    # the card's number and the target rule, in two lines big enough to read
    # when printed (one line was shrunk to 1.6 mm, about 4.5 pt, in light grey)
    number = f"  ·  card {card.id}"  # what recipes=R1,R2 names: a long title is cut, never the number
    title = short_title(gd)
    room = tw * SLACK - text_width(number, 2.4, st.font)
    if text_width(title, 2.4, st.font) > room:  # cut at the line's own size, so it is not shrunk as well
        title = cut_to_fit(title, room, 2.4, st.font)
    for k, line_text in enumerate((title + number, "target = sum of two recipe numbers")):
        foot, fs = fit_text(line_text, tw * SLACK, 2.4, st.font, smallest=1.8)
        body.add(Text(W / 2, H - SAFE_MM - 1.0 - (1 - k) * 3.0, foot, size=fs, font=st.font, fill="#555555",
                      anchor="middle", cls="recipe-foot"))
    return fig


# --------------------------------------------------------------------------- Orchards market


def fruit_card(gd: GameDeck, key: str, *, style: CardStyle | None = None,
               bleed: float | tuple[float, float] = 0.0) -> Figure:
    """An Orchards market fruit card: one big fruit, its name, small fruits in the corners."""
    st = style or card_style(gd)
    f = gd.fruit(key)
    fig, body = _frame(st, bleed, st.paper)
    fig.title = f"{gd.title} fruit {f.name}"
    st, body, _, _ = _design_room(st, body, bleed)
    W, H = st.width, st.height
    inset = SAFE_MM + 0.6
    body.add(Rect(inset, inset, W - 2 * inset, H - 2 * inset, r=st.corner,
                  paint=Paint(fill=st.ground, stroke=f.colour, width=1.6)))
    body.add(Rect(inset + 1.5, inset + 1.5, W - 2 * inset - 3, H - 2 * inset - 3, r=max(0.5, st.corner - 1),
                  paint=Paint(stroke=st.ink, width=0.2)))
    body.add(*_canopy(W / 2, H / 2 - 2, 17, st))
    body.add(fruit_symbol(f.shape, W / 2, H / 2 - 1, 10.5, f.colour, st.ink, outline=0.6))
    size = _fit(f.name.upper(), W - 2 * inset - 16, 4.2, st.font, True)
    body.add(Text(W / 2, inset + 7.2, f.name.upper(), size=size, font=st.font, bold=True, fill=st.ink,
                  anchor="middle", cls="name"))
    body.add(Text(W / 2, H - inset - 7.2, f.name.upper(), size=size, font=st.font, bold=True, fill=st.ink,
                  anchor="middle", rotate=180, cls="name"))
    # the corner fruits, the lower one turned half round with the lower name,
    # as a playing card's indices are
    for (x, y), turn in (((inset + 5, inset + 5.5), 0.0), ((W - inset - 5, H - inset - 5.5), 180.0)):
        body.add(Group([fruit_symbol(f.shape, 0.0, 0.0, 2.6, f.colour, st.ink, outline=0.3, highlight=False)],
                       translate=(x, y), rotate=turn, cls="corner"))
    return fig


def buyer_card(gd: GameDeck, buyer: Buyer, *, style: CardStyle | None = None,
               bleed: float | tuple[float, float] = 0.0) -> Figure:
    """An Orchards market buyer: wants n of one fruit and m of another; bonus points."""
    st = style or card_style(gd)
    fig, body = _frame(st, bleed, st.paper)
    fig.title = f"{gd.title} buyer {buyer.id}"
    st, body, bx, by = _design_room(st, body, bleed)
    W, H = st.width, st.height
    band = 17.0
    body.add(_top_band(st, bx, by, band, st.back))
    body.add(Text(W / 2, SAFE_MM + 8.5, "BUYER", size=5.0, font=st.font, bold=True, fill=st.back_ink,
                  anchor="middle"))
    body.add(Text(W / 2, SAFE_MM + 12.2, "wants", size=2.6, font=st.font, fill=st.back_ink, anchor="middle"))
    body.add(Text(SAFE_MM + 0.5, SAFE_MM + 3.2, f"#{buyer.id}", size=2.4, font=st.font, fill=st.back_ink))
    y = band + 6
    rowh = 18.0
    for i, (key, n) in enumerate(buyer.wants):
        f = gd.fruit(key)
        top = y + i * (rowh + 6)
        body.add(Rect(SAFE_MM + 1, top, W - 2 * SAFE_MM - 2, rowh, r=2.0,
                      paint=Paint(fill=st.ground, stroke=f.colour, width=0.9), cls="want"))
        # n fruits in up to two rows; more than ten as one fruit "x n"
        if n > 10:
            body.add(fruit_symbol(f.shape, W / 2 - 4.5, top + 6.5, 3.0, f.colour, st.ink, outline=0.3,
                                  highlight=False))
            body.add(Text(W / 2 - 0.5, top + 8.0, f"× {n}", size=4.2, font=st.font, bold=True, fill=st.ink,
                          cls="count"))
        else:
            per = min(n, 5)
            rows = (n + 4) // 5
            r = 3.0 if rows == 1 else 2.4
            for k in range(n):
                rr, cc = divmod(k, per)
                cnt = per if rr < rows - 1 else n - per * (rows - 1)
                x = W / 2 + (cc - (cnt - 1) / 2) * (2 * r + 1.6)
                yy = top + (5.0 if rows == 1 else 3.2) + rr * (2 * r + 1.0)
                body.add(fruit_symbol(f.shape, x, yy + 1.5, r, f.colour, st.ink, outline=0.3, highlight=False))
        label = f"{n} {plural_name(f.name, n)}"
        body.add(Text(W / 2, top + rowh - 2.6, label, size=_fit(label, W - 2 * SAFE_MM - 6, 3.6, st.font, True),
                      font=st.font, bold=True, fill=st.ink, anchor="middle", cls="words"))
        if i == 0:
            body.add(Text(W / 2, top + rowh + 4.3, "and", size=3.4, font=st.font, fill=st.ink, anchor="middle"))
    # bonus
    cy = H - SAFE_MM - 7.5
    body.add(Polygon(star_points(W / 2, cy, 7.4, 0.66, 8), Paint(fill=st.accent, stroke=st.ink, width=0.3)))
    body.add(Text(W / 2, cy + 2.0, f"+{buyer.points}", size=5.4, font=st.font, bold=True, fill=st.ink,
                  anchor="middle", cls="points"))
    body.add(Text(SAFE_MM + 1, cy + 1, "bonus", size=2.6, font=st.font, fill="#555555"))
    word = "point" if buyer.points == 1 else "points"
    body.add(Text(W - SAFE_MM - 1, cy + 1, word, size=2.6, font=st.font, fill="#555555", anchor="end"))
    return fig


def market_back(gd: GameDeck, kind: str, *, style: CardStyle | None = None,
                bleed: float | tuple[float, float] = 0.0) -> Figure:
    """The back of Orchards market ``"fruit"`` or ``"buyer"`` cards."""
    st = style or card_style(gd)
    if kind == "buyer":  # pnp's purple beside its green; a deck's own back colour, darkened
        st = replace(st, back=BUYER_BACK if st.back == CardStyle.back else blend(st.back, "#000000", 0.4))
    return _pattern_back(gd, st, bleed, short_title(gd), subtitle="BUYER" if kind == "buyer" else "FRUIT",
                         motif="stars" if kind == "buyer" else "crowns")


# --------------------------------------------------------------------------- the deck as print items


@dataclass(frozen=True)
class PrintCard:
    """One physical card to print: a key for its front art and one for its back art
    (equal keys = identical art, so renderers can cache)."""

    front: str
    back: str
    label: str  # "7", "7a", "fruit A", "buyer 3"


def print_cards(gd: GameDeck) -> list[PrintCard]:
    """Every physical card of a game, in printing order."""
    out: list[PrintCard] = []
    if gd.game == "orchards-market":
        for key, n in gd.fruit_cards:
            out.extend(PrintCard(f"fruit-{key}", "back-fruit", f"fruit {key}") for _ in range(n))
        out.extend(PrintCard(f"buyer-{b.id}", "back-buyer", f"buyer {b.id}") for b in gd.buyers)
        return out
    for c in gd.cards:
        if gd.game == "orchard-pnp":
            out.append(PrintCard(f"card-{c.id}a", f"card-{c.id}b", f"{c.id}a/b"))
        elif c.recipe is not None:
            out.append(PrintCard(f"card-{c.id}", f"recipe-{c.id}", str(c.id)))
        else:
            out.append(PrintCard(f"card-{c.id}", "back", str(c.id)))
    return out


def art(gd: GameDeck, key: str, *, style: CardStyle | None = None,
        bleed: float | tuple[float, float] = 0.0) -> Figure:
    """The figure for an art key from :func:`print_cards`."""
    st = style or card_style(gd)
    kw = {"style": st, "bleed": bleed}
    if key == "back":
        return card_back(gd, None, **kw)
    if key.startswith("back-"):
        return market_back(gd, key[5:], **kw)
    if key.startswith("fruit-"):
        return fruit_card(gd, key[6:], **kw)
    if key.startswith("buyer-"):
        bid = int(key[6:])
        return buyer_card(gd, next(b for b in gd.buyers if b.id == bid), **kw)
    if key.startswith("recipe-"):
        return recipe_back(gd, gd.card(int(key[7:])), **kw)
    if key.startswith("card-"):
        rest = key[5:]
        side = rest[-1] if rest[-1].isalpha() else ""
        return card_front(gd, gd.card(int(rest.rstrip("ab"))), side, **kw)
    raise KeyError(key)


def art_keys(gd: GameDeck) -> list[str]:
    """Every distinct art key of a game, fronts then backs, in order."""
    seen: dict[str, None] = {}
    cards = print_cards(gd)
    for pc in cards:
        seen.setdefault(pc.front)
    for pc in cards:
        seen.setdefault(pc.back)
    return list(seen)
