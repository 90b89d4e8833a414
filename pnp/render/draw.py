"""A tiny, backend-neutral drawing model in millimetres.

A :class:`Figure` is a list of primitives on a ``width`` x ``height`` mm canvas,
with x growing to the right and y growing *downwards* (like SVG). Primitives are
plain frozen dataclasses; groups translate, rotate (degrees, clockwise as seen
on the page) and scale their children. Two backends draw figures:

- :func:`pnp.render.svg.figure_to_svg` -> SVG text (svgwrite);
- :func:`pnp.render.pdf.draw_figure` -> vector drawing on a reportlab canvas.

Nothing here imports a heavy library; :func:`text_width` imports reportlab's
font metrics lazily (of pnp's bundled fonts, so widths are identical on every
machine).

Example::

    fig = Figure(63, 88)
    fig.add(Rect(0, 0, 63, 88, r=3, fill="#FFFDF7", stroke="#222222"))
    fig.add(Text(31.5, 10, "Orchard", size=4, anchor="middle", bold=True))
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Sequence, Union

from .fonts import pdf_font

Point = tuple[float, float]

#: Font family used by the SVG backend for each standard PDF font: the bundled
#: Liberation font of the same letter widths first (see :mod:`pnp.render.fonts`).
SVG_FONT_FAMILIES = {
    "Helvetica": "'Liberation Sans', Helvetica, Arial, sans-serif",
    "Times": "'Liberation Serif', Times, 'Times New Roman', serif",
    "Courier": "'Liberation Mono', Courier, 'Courier New', monospace",
}
PT = 25.4 / 72  # one PostScript point in mm


@dataclass(frozen=True)
class Paint:
    """How a shape is filled and stroked. ``None`` = no fill / no stroke."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25  # stroke width, mm
    opacity: float = 1.0  # fill opacity
    dash: tuple[float, ...] = ()  # dash pattern, mm


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    r: float = 0.0  # corner radius
    paint: Paint = Paint(fill="#000000")
    id: str | None = None
    cls: str | None = None


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    paint: Paint = Paint(fill="#000000")
    id: str | None = None
    cls: str | None = None


@dataclass(frozen=True)
class Polygon:
    """A closed polygon."""

    points: tuple[Point, ...]
    paint: Paint = Paint(fill="#000000")
    id: str | None = None
    cls: str | None = None


@dataclass(frozen=True)
class Polyline:
    """An open line through the points (a single segment for two points)."""

    points: tuple[Point, ...]
    paint: Paint = Paint(stroke="#000000")
    id: str | None = None
    cls: str | None = None


@dataclass(frozen=True)
class Path:
    """A path of commands: ``("M", x, y)``, ``("L", x, y)``,
    ``("C", x1, y1, x2, y2, x, y)`` (cubic Bézier) and ``("Z",)``."""

    commands: tuple[tuple, ...]
    paint: Paint = Paint(fill="#000000")
    id: str | None = None
    cls: str | None = None


@dataclass(frozen=True)
class Text:
    """One line of text; ``(x, y)`` is on the baseline. ``anchor``: start, middle, end.
    ``rotate`` turns the text clockwise (degrees) around ``(x, y)``."""

    x: float
    y: float
    text: str
    size: float = 3.0  # font size in mm (cap-to-descender em)
    font: str = "Helvetica"
    bold: bool = False
    anchor: str = "start"
    fill: str = "#000000"
    rotate: float = 0.0
    id: str | None = None
    cls: str | None = None


@dataclass
class Group:
    """Children drawn after ``translate``, then ``rotate`` (clockwise, degrees,
    around the translated origin), then ``scale``. ``clip``: an optional rectangle
    ``(x, y, w, h)`` in the group's own coordinates outside of which nothing shows."""

    items: list = field(default_factory=list)
    translate: Point = (0.0, 0.0)
    rotate: float = 0.0
    scale: float = 1.0
    clip: tuple[float, float, float, float] | None = None
    id: str | None = None
    cls: str | None = None

    def add(self, *items: "Item") -> "Group":
        self.items.extend(items)
        return self


Item = Union[Rect, Circle, Polygon, Polyline, Path, Text, Group]


@dataclass
class Figure:
    """A drawing of ``width`` x ``height`` mm."""

    width: float
    height: float
    items: list = field(default_factory=list)
    title: str = ""

    def add(self, *items: Item) -> "Figure":
        self.items.extend(items)
        return self

    def walk(self) -> Iterable[Item]:
        """Every primitive and group, depth first."""
        stack = list(reversed(self.items))
        while stack:
            it = stack.pop()
            yield it
            if isinstance(it, Group):
                stack.extend(reversed(it.items))


# --------------------------------------------------------------------------- helpers


def line(x1: float, y1: float, x2: float, y2: float, paint: Paint = Paint(stroke="#000000"), **kw) -> Polyline:
    return Polyline(((x1, y1), (x2, y2)), paint, **kw)


def regular_polygon(cx: float, cy: float, r: float, n: int, start_deg: float = -90.0) -> tuple[Point, ...]:
    """Corners of a regular n-gon of circumradius r; the first corner at ``start_deg``
    (-90 = straight up)."""
    return tuple((cx + r * math.cos(math.radians(start_deg + 360 * i / n)),
                  cy + r * math.sin(math.radians(start_deg + 360 * i / n))) for i in range(n))


def star_points(cx: float, cy: float, r: float, inner: float = 0.45, n: int = 5) -> tuple[Point, ...]:
    pts = []
    for i in range(2 * n):
        rr = r if i % 2 == 0 else r * inner
        a = math.radians(-90 + 180 * i / n)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return tuple(pts)


def text_width(text: str, size: float, font: str = "Helvetica", bold: bool = False) -> float:
    """Width in mm of ``text`` at ``size`` mm in ``font`` (Helvetica, Times or
    Courier), measured with the bundled font that stands for it in PDFs and PNGs."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, pdf_font(font, bold), size)


def fit_size(text: str, width: float, size: float, font: str = "Helvetica", bold: bool = False,
             smallest: float = 0.0) -> float:
    """The largest size <= ``size`` at which ``text`` fits in ``width`` mm (text
    width grows in proportion to size), but never below ``smallest``."""
    w = text_width(text, size, font, bold)
    return max(smallest, size if w <= width else size * width / w)


def cut_to_fit(text: str, width: float, size: float, font: str = "Helvetica", bold: bool = False) -> str:
    """``text`` cut short at its end, marked "…", to fit ``width`` (in the unit of
    ``size``): for text known to be too long to show whole."""
    while text and text_width(text + "…", size, font, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_text(text: str, width: float, size: float, font: str = "Helvetica", bold: bool = False,
             smallest: float = 0.0) -> tuple[str, float]:
    """``text`` and the size to set it in ``width``: shrunk as :func:`fit_size`
    does (never below ``smallest``), then cut short with "…" if still too long."""
    size = fit_size(text, width, size, font, bold, smallest)
    if text_width(text, size, font, bold) > width:
        text = cut_to_fit(text, width, size, font, bold)
    return text, size


def wrap(text: str, width: float, size: float, font: str = "Helvetica", bold: bool = False) -> list[str]:
    """Greedy word wrap of ``text`` into lines no wider than ``width`` mm."""
    lines: list[str] = []
    for para in text.split("\n"):
        cur = ""
        for word in para.split():
            trial = f"{cur} {word}" if cur else word
            if cur and text_width(trial, size, font, bold) > width:
                lines.append(cur)
                cur = word
            else:
                cur = trial
        lines.append(cur)
    return lines


def blend(colour: str, other: str, t: float) -> str:
    """``colour`` mixed with ``other`` (share ``t`` of ``other``), as ``#RRGGBB``.
    Prefer this to fill opacity: opacity does not survive PDF form reuse."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02X}" for x, y in zip(a, b))


def fmt(v: float) -> str:
    """A number as short, deterministic text (at most 3 decimals)."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def bounds(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)
