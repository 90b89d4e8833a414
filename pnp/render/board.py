"""A game position (and a hand of cards) as a :class:`~pnp.render.draw.Figure`.

Reads the public model only (``State.top``, ``State.placed``), so a drawing can
never disagree with the rules engine. Two functions:

- :func:`board_figure` — the visible top layer of an orchard: square cells drawn
  like the card art (each fruit in its colour *and* shape, clearings as open
  ground), the outline of every visible card piece, dice as rounded squares
  showing their value, the wheelbarrow (15) as a gold barrow, rotten and
  squirrel tokens, and optional coordinate labels (x across the top, y down the
  left side, as in the notation ``7 r90 -1,2``).
- :func:`hand_figure` — cards in a row, small versions of the printed fronts,
  each with its number (and side) underneath: a deal, or a hand.

Both return figures in millimetres; draw them with
:func:`pnp.render.pdf.draw_figure` or :func:`pnp.render.svg.figure_to_svg`.
Example::

    game = find_game("orchard")
    state = game.replay("orchard:4,7,8,3", [Move.parse("7 r90 -1,2")])
    fig = board_figure(game.deck, state, cell=9, highlight="last")

SVG hooks: each die is a group ``class="die"`` (``"die wheelbarrow"`` for the
15) with ``id="die-X-Y"`` holding a :class:`Text` of its value; tokens are
groups ``class="token rotten"`` / ``"token squirrel"`` with ``id="token-X-Y"``.
"""
from __future__ import annotations

import re
from typing import Iterable, Sequence

from ..deck import Cell, GameDeck
from ..games.base import ROTTEN, SQUIRREL, Spot, State, turned_size
from ..notation import CardRef
from .cards import CardStyle, card_front, card_style, fruit_symbol, tree_cell
from .draw import Circle, Figure, Group, Paint, Path, Polygon, Polyline, Rect, Text, blend

__all__ = ["board_figure", "hand_figure", "die_values"]

LABEL_INK = "#555555"
ROTTEN_FILL = "#5B3A29"
SQUIRREL_FILL = "#666666"  # white on it: 5.7:1 (it was #7D7D7D, 4.1:1)


def _die(spot: Spot, pos: tuple[int, int], s: float, gd: GameDeck, st: CardStyle) -> Group:
    """A die (or the wheelbarrow) over the lower right of a cell ``s`` mm wide."""
    x, y = pos
    fruit = gd.fruit(spot.die_fruit) if spot.die_fruit in gd.fruit_keys else None
    colour = fruit.colour if fruit else st.ink
    if spot.wheelbarrow:
        g = Group(cls="die wheelbarrow", id=f"die-{x}-{y}")
        w, h = s * 0.7, s * 0.36
        x0, y0 = s * 0.24, s * 0.5
        g.add(Polygon(((x0, y0), (x0 + w, y0), (x0 + w * 0.86, y0 + h), (x0 + w * 0.14, y0 + h)),
                      Paint(fill=st.accent, stroke=st.ink, width=max(0.18, s * 0.025))))
        g.add(Circle(x0 + w * 0.5, y0 + h + s * 0.06, s * 0.075,
                     Paint(fill=st.ink, stroke=st.ink, width=0.1)))
        g.add(Polyline(((x0 - s * 0.12, y0 - s * 0.08), (x0, y0)), Paint(stroke=st.ink, width=max(0.2, s * 0.03))))
        g.add(Text(x0 + w / 2, y0 + h * 0.78, "15", size=s * 0.3, bold=True, anchor="middle",
                   fill=st.ink, cls="value"))  # ink on the gold: white on it read at 3.3:1
        if spot.fruit is None and fruit is not None:  # on a clearing: say whose it is
            g.add(fruit_symbol(fruit.shape, x0 + w * 0.1, y0 - s * 0.12, s * 0.08, fruit.colour, st.ink,
                               outline=0.12, highlight=False))
        return g
    g = Group(cls="die", id=f"die-{x}-{y}")
    d = s * 0.5
    x0, y0 = s - d - s * 0.06, s - d - s * 0.06
    # the outline is the fruit's colour darkened: a pale fruit's (Lemon) was lost in black and white
    g.add(Rect(x0, y0, d, d, r=d * 0.22, paint=Paint(fill=blend(colour, "#FFFFFF", 0.72),
                                                    stroke=blend(colour, st.ink, 0.35), width=max(0.25, s * 0.045))))
    g.add(Text(x0 + d / 2, y0 + d * 0.74, str(spot.die), size=d * (0.62 if spot.die < 10 else 0.52),
               bold=True, anchor="middle", fill=st.ink, cls="value"))
    if spot.fruit is None and fruit is not None:  # a die resting on a clearing: show its fruit
        g.add(fruit_symbol(fruit.shape, x0 - s * 0.1, y0 + s * 0.02, s * 0.1, fruit.colour, st.ink,
                           outline=0.12, highlight=False))
    return g


def _token(kind: str, pos: tuple[int, int], s: float, st: CardStyle) -> Group:
    x, y = pos
    g = Group(cls=f"token {kind}", id=f"token-{x}-{y}")
    cx, cy, r = s * 0.3, s * 0.3, s * 0.22
    if kind == ROTTEN:
        g.add(Circle(cx, cy, r, Paint(fill=ROTTEN_FILL, stroke="#FFFFFF", width=max(0.2, s * 0.03))))
        k = r * 0.5
        cross = Paint(stroke="#FFFFFF", width=max(0.3, s * 0.05))
        g.add(Polyline(((cx - k, cy - k), (cx + k, cy + k)), cross))
        g.add(Polyline(((cx - k, cy + k), (cx + k, cy - k)), cross))
    else:
        g.add(Circle(cx, cy, r, Paint(fill=SQUIRREL_FILL, stroke="#FFFFFF", width=max(0.2, s * 0.03))))
        # a curly tail and an "S": readable at any size, in black and white
        g.add(Path((("M", cx + r * 0.15, cy + r * 0.55),
                    ("C", cx + r * 0.95, cy + r * 0.45, cx + r * 0.85, cy - r * 0.75, cx + r * 0.2, cy - r * 0.6)),
                   Paint(stroke="#FFFFFF", width=max(0.2, s * 0.03))))
        g.add(Text(cx - r * 0.2, cy + r * 0.42, "S", size=r * 1.2, bold=True, anchor="middle", fill="#FFFFFF"))
    return g


def board_figure(gd: GameDeck, state: State, *, cell: float = 8.0, counted: bool | None = None,
                 highlight: str | Iterable[tuple[int, int]] | None = None, style: CardStyle | None = None,
                 coords: bool = True, numbers: bool = True, pad: float = 1.0) -> Figure:
    """Draw ``state``'s visible orchard, one grid square = ``cell`` mm.

    - ``counted``: draw one or two fruits per tree as printed (default: for Grove).
    - ``highlight``: ``"last"`` outlines the card just played; or an iterable of
      ``(x, y)`` squares to outline.
    - ``coords``: x labels along the top and y labels down the left side.
    - ``numbers``: a small card number in one corner of each visible card piece.
    - ``pad``: empty margin (mm) around everything.
    """
    st = style or card_style(gd)
    if counted is None:
        counted = gd.game == "grove"
    s = cell
    x0, y0, x1, y1 = state.bounds()
    lab = s * 0.55 if coords else 0.0
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    fig = Figure(2 * pad + lab + cols * s, 2 * pad + lab + rows * s, title=f"{gd.title}: {state.deal.format()}")
    ox, oy = pad + lab, pad + lab
    if coords:
        size = min(3.2, s * 0.34)
        for x in range(x0, x1 + 1):
            fig.add(Text(ox + (x - x0 + 0.5) * s, oy - s * 0.14, str(x), size=size, anchor="middle",
                         fill=LABEL_INK, cls="coord x"))
        for y in range(y0, y1 + 1):
            fig.add(Text(ox - s * 0.12, oy + (y - y0 + 0.5) * s + size * 0.35, str(y), size=size, anchor="end",
                         fill=LABEL_INK, cls="coord y"))
    board = Group(translate=(ox, oy), cls="board")
    fig.add(board)

    def at(x: int, y: int) -> tuple[float, float]:
        return (x - x0) * s, (y - y0) * s

    grid = state.grid
    # 1. the cells as printed
    for (x, y), spot in state.top:
        fruit = gd.fruit(spot.fruit) if spot.fruit is not None else None
        tile = tree_cell(Cell(spot.fruit, spot.count), fruit, s, st, counted=counted, col=x, row=y)
        tile.translate = at(x, y)
        tile.id = f"cell-{x}-{y}"
        board.add(tile)
    # 2. edges between different cards (and the outer edge): the visible card pieces
    edge = Paint(stroke=st.ink, width=max(0.3, s * 0.05))
    segs = []
    for (x, y), spot in state.top:
        px, py = at(x, y)
        for dx, dy, a, b in ((0, -1, (px, py), (px + s, py)), (0, 1, (px, py + s), (px + s, py + s)),
                             (-1, 0, (px, py), (px, py + s)), (1, 0, (px + s, py), (px + s, py + s))):
            other = grid.get((x + dx, y + dy))
            if other is None or other.card != spot.card:
                segs += [("M", *a), ("L", *b)]
    if segs:
        board.add(Path(tuple(segs), edge, cls="card-edges"))
    # 3. card numbers, once per visible piece (its first square in reading order), with the
    #    side for a two-sided deck ("3b"), as the cards and the notation write them; drawn
    #    last, over the tokens (a rotten token or the squirrel hid its square's number)
    tags: list = []
    if numbers:
        seen: set[int] = set()
        size = max(1.6, s * 0.24)
        names = {pl.card.id: pl.card.format() for pl in state.placed}
        for (x, y), spot in state.top:
            if spot.card in seen:
                continue
            seen.add(spot.card)
            px, py = at(x, y)
            name = names.get(spot.card, str(spot.card))
            w = size * 0.62 * len(name) + size * 0.5
            tags.append(Rect(px + s * 0.06, py + s * 0.06, w, size * 1.05, r=size * 0.2,
                             paint=Paint(fill=st.paper, stroke=st.ink, width=0.15), cls="card-number"))
            tags.append(Text(px + s * 0.06 + w / 2, py + s * 0.06 + size * 0.82, name, size=size,
                             bold=True, anchor="middle", fill=st.ink, cls="card-number"))
    # 4. highlight
    if highlight is not None:
        hl = Paint(stroke=st.accent, width=max(0.5, s * 0.08))
        if highlight == "last" and len(state.placed) > 1:
            p = state.placed[-1]
            w, h = turned_size(p.rot)
            px, py = at(p.x, p.y)
            board.add(Rect(px, py, w * s, h * s, r=s * 0.08, paint=hl, cls="highlight"))
        elif highlight != "last":
            for x, y in highlight:
                px, py = at(x, y)
                board.add(Rect(px + 0.3, py + 0.3, s - 0.6, s - 0.6, r=s * 0.08, paint=hl, cls="highlight"))
    # 5. tokens and dice on top
    for (x, y), spot in state.top:
        px, py = at(x, y)
        if spot.token in (ROTTEN, SQUIRREL):
            t = _token(spot.token, (x, y), s, st)
            t.translate = (px, py)
            board.add(t)
        if spot.die:
            d = _die(spot, (x, y), s, gd, st)
            d.translate = (px, py)
            board.add(d)
    board.add(*tags)
    return fig


def drawn_pieces(fig: Figure) -> set[str]:
    """Which of the rotten token, the squirrel and the wheelbarrow a
    :func:`board_figure` shows: a subset of ``{"rotten", "squirrel", "wheelbarrow"}``."""
    out = set()
    for it in fig.walk():
        if isinstance(it, Group) and it.cls:
            kinds = it.cls.split()
            if kinds[0] == "token" and len(kinds) > 1:
                out.add(kinds[1])
            elif kinds == ["die", "wheelbarrow"]:
                out.add("wheelbarrow")
    return out


def die_values(fig: Figure) -> dict[tuple[int, int], int]:
    """The dice drawn in a :func:`board_figure`: ``{(x, y): value}`` (15 = wheelbarrow)."""
    out = {}
    for it in fig.walk():
        if isinstance(it, Group) and it.cls and it.cls.split()[0] == "die" and it.id:
            m = re.fullmatch(r"die-(-?\d+)-(-?\d+)", it.id)
            value = next(t.text for t in it.items if isinstance(t, Text) and t.cls == "value")
            out[(int(m.group(1)), int(m.group(2)))] = int(value)
    return out


def hand_figure(gd: GameDeck, cards: Sequence[CardRef | int | str], *, card_width: float = 18.0,
                gap: float = 3.0, style: CardStyle | None = None, labels: bool = True,
                per_row: int | None = None) -> Figure:
    """Small card fronts in a row (wrapping after ``per_row`` cards), each with its
    number (and side) underneath. ``cards``: :class:`CardRef` s, numbers or ``"3b"``."""
    st = style or card_style(gd)
    refs = [c if isinstance(c, CardRef) else CardRef.parse(str(c)) for c in cards]
    k = card_width / st.width
    ch = st.height * k
    label_h = 4.2 if labels else 0.0
    n = len(refs)
    per = per_row or max(1, n)
    nrows = (n + per - 1) // per if n else 1
    ncols = min(per, n) if n else 1
    fig = Figure(ncols * card_width + (ncols - 1) * gap, nrows * (ch + label_h) + (nrows - 1) * gap,
                 title=f"{gd.title}: " + ",".join(r.format() for r in refs))
    for i, ref in enumerate(refs):
        r, c = divmod(i, per)
        x = c * (card_width + gap)
        y = r * (ch + label_h + gap)
        front = card_front(gd, gd.card(ref.id), ref.side, style=st)
        fig.add(Group(list(front.items), translate=(x, y), scale=k, cls="hand-card", id=f"card-{ref.format()}"))
        if labels:
            fig.add(Text(x + card_width / 2, y + ch + 3.3, ref.format(), size=3.2, bold=True, anchor="middle",
                         fill=st.ink, cls="card-label"))
    return fig
