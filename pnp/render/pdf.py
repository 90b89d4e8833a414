"""PDF backend for :mod:`pnp.render.draw` figures: vector drawing on a reportlab canvas.

Text is set in the bundled Liberation fonts, embedded (subset) in the PDF, so
any letter they have prints and output is identical on every machine (see
:mod:`pnp.render.fonts`). Use ``invariant=1`` on the canvas for byte-identical
rebuilds (see :func:`new_canvas`).
"""
from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import FILL_NON_ZERO

from .draw import Circle, Figure, Group, Paint, Path, Polygon, Polyline, Rect, Text
from .fonts import pdf_font

#: Paper sizes in millimetres (width, height), portrait.
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def write_per_game(deck, out, games, write_one, progress=lambda _: None) -> list:
    """Call ``write_one(deck, game_id, out/game_id, paper)`` for every game of
    ``deck`` that is in ``games`` and every paper size; the paths written."""
    from pathlib import Path

    written = []
    for game_id, _ in deck.games:
        if game_id not in games:
            continue
        for paper in PAPERS:
            written.append(write_one(deck, game_id, Path(out) / game_id, paper))
            progress(str(written[-1]))
    return written


def new_canvas(path_or_file, width_mm: float, height_mm: float, *, title: str = "", author: str = "pnp"):
    """A reportlab canvas in invariant mode (no timestamps, fixed document id)."""
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(path_or_file, pagesize=(width_mm * mm, height_mm * mm), invariant=1, pageCompression=1,
               initialFontName=pdf_font())  # else every page names Helvetica, not embedded
    c.setTitle(title)
    c.setAuthor(author)
    c.setCreator("pnp")
    c.setProducer("pnp")
    return c


def draw_figure(canvas, fig: Figure, x_mm: float, y_mm: float, mirror: bool = False) -> None:
    """Draw ``fig`` with its top-left corner at ``(x_mm, y_mm)`` measured from the
    page's top-left corner (y down). ``mirror`` flips the figure left-right in its box."""
    page_h = canvas._pagesize[1]
    canvas.saveState()
    canvas.translate(x_mm * mm, page_h - y_mm * mm)
    canvas.scale(mm, -mm)  # now: millimetres, y down
    if mirror:
        canvas.translate(fig.width, 0)
        canvas.scale(-1, 1)
    for item in fig.items:
        draw_item(canvas, item)
    canvas.restoreState()


def _colour(c: str):
    return HexColor(c)


def _apply(canvas, p: Paint) -> tuple[int, int]:
    fill = stroke = 0
    if p.fill:
        canvas.setFillColor(_colour(p.fill))
        if p.opacity < 1:
            canvas.setFillAlpha(p.opacity)
        fill = 1
    if p.stroke:
        canvas.setStrokeColor(_colour(p.stroke))
        canvas.setLineWidth(p.width)
        canvas.setLineJoin(1)
        canvas.setLineCap(0 if p.dash else 1)
        canvas.setDash(list(p.dash) if p.dash else [])
        stroke = 1
    return fill, stroke


def draw_item(canvas, item) -> None:
    """One figure item (a group with its children) on a canvas already set to the
    figure's millimetre space (as :func:`draw_figure` sets it)."""
    if isinstance(item, Group):
        canvas.saveState()
        if item.translate != (0, 0):
            canvas.translate(*item.translate)
        if item.rotate:
            canvas.rotate(item.rotate)
        if item.scale != 1:
            canvas.scale(item.scale, item.scale)
        if item.clip is not None:
            p = canvas.beginPath()
            p.rect(*item.clip)
            canvas.clipPath(p, stroke=0, fill=0)
        for child in item.items:
            draw_item(canvas, child)
        canvas.restoreState()
        return
    if isinstance(item, Text):
        canvas.saveState()
        canvas.setFillColor(_colour(item.fill))
        name = pdf_font(item.font, item.bold)
        canvas.translate(item.x, item.y)
        if item.rotate:
            canvas.rotate(item.rotate)
        canvas.scale(1, -1)
        canvas.setFont(name, item.size)
        if item.anchor == "middle":
            canvas.drawCentredString(0, 0, item.text)
        elif item.anchor == "end":
            canvas.drawRightString(0, 0, item.text)
        else:
            canvas.drawString(0, 0, item.text)
        canvas.restoreState()
        return
    canvas.saveState()
    fill, stroke = _apply(canvas, item.paint)
    if not (fill or stroke):
        canvas.restoreState()
        return
    if isinstance(item, Rect):
        if item.r:
            canvas.roundRect(item.x, item.y, item.w, item.h, item.r, stroke=stroke, fill=fill)
        else:
            canvas.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
    elif isinstance(item, Circle):
        canvas.circle(item.cx, item.cy, item.r, stroke=stroke, fill=fill)
    elif isinstance(item, (Polygon, Polyline)):
        p = canvas.beginPath()
        (x0, y0), rest = item.points[0], item.points[1:]
        p.moveTo(x0, y0)
        for x, y in rest:
            p.lineTo(x, y)
        if isinstance(item, Polygon):
            p.close()
        canvas.drawPath(p, stroke=stroke, fill=fill if isinstance(item, Polygon) else 0, fillMode=FILL_NON_ZERO)
    elif isinstance(item, Path):
        p = canvas.beginPath()
        for cmd in item.commands:
            op = cmd[0]
            if op == "M":
                p.moveTo(*cmd[1:])
            elif op == "L":
                p.lineTo(*cmd[1:])
            elif op == "C":
                p.curveTo(*cmd[1:])
            elif op == "Z":
                p.close()
        # SVG's rule (nonzero), not reportlab's default even-odd, which left the overlaps of a
        # tree's crown circles (one path, the same winding) as holes in every PDF
        canvas.drawPath(p, stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)
    else:  # pragma: no cover
        raise TypeError(f"cannot draw {type(item).__name__}")
    canvas.restoreState()
