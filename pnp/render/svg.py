"""SVG backend for :mod:`pnp.render.draw` figures (svgwrite).

Output is deterministic: numbers are rounded to 3 decimals, ids come only from
the figure (clip paths get ``clip1``, ``clip2``... in drawing order), and there
is no timestamp. Units are millimetres (``viewBox`` in mm, ``width``/``height``
with ``mm``).
"""
from __future__ import annotations

import svgwrite

from .draw import (SVG_FONT_FAMILIES, Circle, Figure, Group, Paint, Path, Polygon, Polyline, Rect,
                   Text, fmt)


def figure_to_svg(fig: Figure) -> str:
    """The figure as a standalone SVG document (text)."""
    dwg = svgwrite.Drawing(size=(f"{fmt(fig.width)}mm", f"{fmt(fig.height)}mm"), profile="full", debug=False)
    dwg.viewbox(0, 0, fig.width, fig.height)
    if fig.title:
        dwg.set_desc(title=fig.title)
    state = {"clips": 0}
    for item in fig.items:
        dwg.add(_element(dwg, item, state))
    return dwg.tostring() + "\n"


def _paint(el, p: Paint, stroke_default: bool = False) -> None:
    el["fill"] = p.fill if p.fill else "none"
    if p.fill and p.opacity < 1:
        el["fill-opacity"] = fmt(p.opacity)
    if p.stroke:
        el["stroke"] = p.stroke
        el["stroke-width"] = fmt(p.width)
        el["stroke-linejoin"] = "round"
        el["stroke-linecap"] = "round"
        if p.dash:
            el["stroke-dasharray"] = " ".join(fmt(d) for d in p.dash)
            el["stroke-linecap"] = "butt"


def _ids(el, item) -> None:
    if getattr(item, "id", None):
        el["id"] = item.id
    if getattr(item, "cls", None):
        el["class"] = item.cls


def _pts(points) -> list[tuple[str, str]]:
    return [(fmt(x), fmt(y)) for x, y in points]


def path_data(commands) -> str:
    out = []
    for c in commands:
        out.append(c[0] + " ".join(fmt(v) for v in c[1:]))
    return " ".join(out)


def _element(dwg, item, state):
    if isinstance(item, Rect):
        el = dwg.rect(insert=(fmt(item.x), fmt(item.y)), size=(fmt(item.w), fmt(item.h)))
        if item.r:
            el["rx"] = el["ry"] = fmt(item.r)
        _paint(el, item.paint)
    elif isinstance(item, Circle):
        el = dwg.circle(center=(fmt(item.cx), fmt(item.cy)), r=fmt(item.r))
        _paint(el, item.paint)
    elif isinstance(item, Polygon):
        el = dwg.polygon(points=_pts(item.points))
        _paint(el, item.paint)
    elif isinstance(item, Polyline):
        el = dwg.polyline(points=_pts(item.points))
        _paint(el, item.paint)
    elif isinstance(item, Path):
        el = dwg.path(d=path_data(item.commands))
        _paint(el, item.paint)
    elif isinstance(item, Text):
        el = dwg.text(item.text, insert=(fmt(item.x), fmt(item.y)))
        el["font-family"] = SVG_FONT_FAMILIES.get(item.font, f"{item.font}, sans-serif")
        el["font-size"] = fmt(item.size)
        if item.bold:
            el["font-weight"] = "bold"
        if item.anchor != "start":
            el["text-anchor"] = item.anchor
        el["fill"] = item.fill
        if item.rotate:
            el["transform"] = f"rotate({fmt(item.rotate)} {fmt(item.x)} {fmt(item.y)})"
    elif isinstance(item, Group):
        el = dwg.g()
        tf = []
        if item.translate != (0, 0) and item.translate != (0.0, 0.0):
            tf.append(f"translate({fmt(item.translate[0])} {fmt(item.translate[1])})")
        if item.rotate:
            tf.append(f"rotate({fmt(item.rotate)})")
        if item.scale != 1:
            tf.append(f"scale({fmt(item.scale)})")
        if tf:
            el["transform"] = " ".join(tf)
        target = el
        if item.clip is not None:
            state["clips"] += 1
            cid = f"clip{state['clips']}"
            cp = dwg.clipPath(id=cid)
            x, y, w, h = item.clip
            cp.add(dwg.rect(insert=(fmt(x), fmt(y)), size=(fmt(w), fmt(h))))
            el.add(cp)
            inner = dwg.g()
            inner["clip-path"] = f"url(#{cid})"
            el.add(inner)
            target = inner
        for child in item.items:
            target.add(_element(dwg, child, state))
    else:  # pragma: no cover
        raise TypeError(f"cannot draw {type(item).__name__}")
    _ids(el, item)
    return el
