"""Where a figure's primitives land, for tests of layout (nothing runs off a card,
no label crosses a crop mark)."""
from __future__ import annotations

import math

from pnp.render.draw import Circle, Group, Path, Polygon, Polyline, Rect, Text, text_width


def extents(items, tf=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)):
    """(item, (x0, y0, x1, y1)) of every primitive in the figure's millimetres, through the
    groups' translate, rotate (clockwise, y down) and scale. Clipped groups are
    left out: they cannot spill."""
    for it in items:
        a, b, c, d, e, f = tf
        if isinstance(it, Group):
            if it.clip is None:
                tx, ty = it.translate
                ca, sa = math.cos(math.radians(it.rotate)), math.sin(math.radians(it.rotate))
                s = it.scale
                yield from extents(it.items, ((a * ca + c * sa) * s, (b * ca + d * sa) * s,
                                               (c * ca - a * sa) * s, (d * ca - b * sa) * s,
                                               a * tx + c * ty + e, b * tx + d * ty + f))
            continue
        if isinstance(it, Text):  # the em box from the ascent (0.72) to the descent (0.2)
            w = text_width(it.text, it.size, it.font, it.bold)
            x0 = {"start": 0.0, "middle": -w / 2, "end": -w}[it.anchor]
            ca, sa = math.cos(math.radians(it.rotate)), math.sin(math.radians(it.rotate))
            pts = [(it.x + x * ca - y * sa, it.y + x * sa + y * ca)
                   for x in (x0, x0 + w) for y in (-0.72 * it.size, 0.2 * it.size)]
        elif isinstance(it, Rect):
            pts = [(it.x, it.y), (it.x + it.w, it.y + it.h)]
        elif isinstance(it, Circle):
            pts = [(it.cx - it.r, it.cy - it.r), (it.cx + it.r, it.cy + it.r)]
        elif isinstance(it, (Polygon, Polyline)):
            pts = list(it.points)
        else:
            assert isinstance(it, Path)
            pts = [cmd[-2:] for cmd in it.commands if len(cmd) >= 3]
        xs = [a * x + c * y + e for x, y in pts]
        ys = [b * x + d * y + f for x, y in pts]
        yield it, (min(xs), min(ys), max(xs), max(ys))


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#RRGGBB`` colours (1 to 21; 4.5 for small text)."""
    def lum(h):
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
               for c in (int(h[i:i + 2], 16) / 255 for i in (1, 3, 5))]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
