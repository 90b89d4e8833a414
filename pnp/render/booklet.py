"""Printable puzzle booklets: a cover, one page per daily puzzle, a caller
sheet for groups, and the answer keys at the back.

Every page is composed as a :class:`~pnp.render.draw.Figure` the size of the
paper (millimetres, y down) and drawn with :func:`pnp.render.pdf.draw_figure`,
so the booklet reads only the public model: the deal, the cards, and the final
orchard replayed from the answer line by the rules engine.

- :func:`write_booklet` — the whole booklet as one PDF.
- :func:`write_caller_sheet` — only the caller sheet (card numbers to call in order).
- :func:`write_puzzle_sheet` — one puzzle page on its own (``pnp build``).

Output is byte-identical for the same input (reportlab invariant mode, no
dates from the clock); files are written atomically.
"""
from __future__ import annotations

import datetime as _dt
import io
import math
from pathlib import Path
from typing import Sequence

from ..deck import Deck, GameDeck
from ..errors import PnpError
from ..fsutil import atomic_write
from ..games import find_game
from ..games.base import Game, State
from ..puzzles.daily import WIDTHS, Puzzle, parse_date, tier_range
from .board import board_figure, hand_figure
from .cards import CardStyle, card_style, recipe_back
from .draw import Figure, Group, Paint, Polyline, Rect, Text, fit_size, fit_text, text_width, wrap
from .words import describe_recipe, recipe_words, tokens_word

__all__ = ["PAPERS", "write_booklet", "write_caller_sheet", "write_puzzle_sheet", "booklet_name",
           "answer_figure", "booklet_pages", "build_puzzles"]

from .pdf import PAPERS
MARGIN = 12.0
INK = "#222222"
GREY = "#666666"
LIGHT = "#C9C9C9"
PALE = "#F2F2F2"
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")
#: The sketch grid: columns x = -5..6 and rows y = -4..7 (the start card sits at 0..1, 0..2).
GRID_X = (-5, 6)
GRID_Y = (-4, 7)


# --------------------------------------------------------------------------- small helpers


def long_date(iso: str) -> str:
    """``2026-12-07`` -> ``Monday 7 December 2026`` (English, not the locale's)."""
    d = parse_date(iso)
    return f"{('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday')[d.weekday()]} " \
           f"{d.day} {MONTHS[d.month - 1]} {d.year}"


def booklet_name(game_id: str, start: _dt.date | str, days: int, paper: str = "a4") -> str:
    """``orchard-booklet-2026-12-07-7d.pdf`` (A4); ``...-7d-letter.pdf`` for Letter."""
    s = start if isinstance(start, str) else start.isoformat()
    return f"{game_id}-booklet-{s}-{days}d{'' if paper == 'a4' else '-' + paper}.pdf"


class _Page:
    """A page being composed: a figure plus a few text helpers."""

    def __init__(self, w: float, h: float, font: str = "Helvetica"):
        self.fig = Figure(w, h)
        self.w, self.h = w, h
        self.font = font

    def text(self, x, y, s, size=3.2, bold=False, anchor="start", fill=INK, mono=False, cls=None):
        self.fig.add(Text(x, y, s, size=size, bold=bold, anchor=anchor, fill=fill,
                          font="Courier" if mono else self.font, cls=cls))

    def para(self, x, y, s, width, size=3.2, bold=False, fill=INK, leading=1.35) -> float:
        """Wrapped text with its first baseline at ``y``; returns the baseline after the last line."""
        for ln in wrap(s, width, size, self.font, bold):
            self.text(x, y, ln, size, bold, fill=fill)
            y += size * leading
        return y

    def rule(self, x0, y, x1, colour=LIGHT, width=0.3):
        self.fig.add(Polyline(((x0, y), (x1, y)), Paint(stroke=colour, width=width)))

    def box(self, x, y, w, h, r=1.5, fill=None, stroke=INK, width=0.35, dash=()):
        self.fig.add(Rect(x, y, w, h, r=r, paint=Paint(fill=fill, stroke=stroke, width=width, dash=dash)))

    def embed(self, sub: Figure, x, y, scale=1.0, cls=None):
        self.fig.add(Group(list(sub.items), translate=(x, y), scale=scale, cls=cls))

    def footer(self, left: str, right: str):
        y = self.h - MARGIN + 6
        room = self.w - 2 * MARGIN - text_width(right, 2.6) - 4
        left, size = fit_text(left, room, 2.6, smallest=SMALLEST)  # a title too long even set small is cut
        self.text(MARGIN, y, left, size, fill=GREY)
        self.text(self.w - MARGIN, y, right, 2.6, fill=GREY, anchor="end")


#: The smallest text a booklet sets, in mm (about 6 pt): longer text is cut instead.
SMALLEST = 2.2


def _fit(text: str, width: float, size: float, font="Helvetica", bold=False, smallest=SMALLEST) -> float:
    """The largest size <= ``size`` at which ``text`` fits in ``width`` mm (not below :data:`SMALLEST`)."""
    return fit_size(text, width, size, font, bold, smallest)


def _footer(gd: GameDeck, puzzles: Sequence[Puzzle]) -> str:
    """The pages' running foot: the deck's title and the days the pages cover."""
    days = puzzles[0].date + (f" to {puzzles[-1].date}" if len(puzzles) > 1 else "")
    return f"pnp  ·  {gd.title} daily puzzles  ·  {days}"


def _range_label(puzzles: Sequence[Puzzle]) -> str:
    a, b = puzzles[0].date, puzzles[-1].date
    return long_date(a) if a == b else f"{long_date(a)} to {long_date(b)}"


# --------------------------------------------------------------------------- the pages


def _cover(pg: _Page, gd: GameDeck, puzzles: Sequence[Puzzle], game: Game) -> None:
    x, cw = MARGIN, pg.w - 2 * MARGIN
    title = f"{gd.title} daily puzzles"
    title, size = fit_text(title, cw, 12, bold=True, smallest=SMALLEST)
    pg.text(pg.w / 2, MARGIN + 24, title, size, bold=True, anchor="middle")
    n = len(puzzles)
    pg.text(pg.w / 2, MARGIN + 34, f"{n} puzzle{'s' if n != 1 else ''}: {_range_label(puzzles)}", 4.2,
            anchor="middle")
    pg.text(pg.w / 2, MARGIN + 41, f"game: {gd.game}   ·   puzzle ids {puzzles[0].id}"
            + (f" to {puzzles[-1].id}" if n > 1 else ""), 3.0, fill=GREY, anchor="middle")
    pg.rule(x, MARGIN + 47, x + cw)
    y = MARGIN + 57
    pg.text(x, y, "How to use this booklet", 5, bold=True)
    y += 8
    grove = gd.game == "grove"
    place = "grove" if grove else "orchard"
    steps = [
        "Each puzzle page is one day's deal. Whoever plays it that day gets the identical cards, dealt in "
        "an identical order, so scores can be compared.",
        ("Find the cards by their numbers, and turn each to the side its letter names (3b: card 3, side b "
         "up); the other side stays out of play. " if gd.game == "orchard-pnp" else
         "Find the cards by their numbers. ") +
        "Lay the start card upright in front of you; it is square (0,0) "
        "at its top-left corner. Take the two hand cards. Stack the draws " +
        ("with their named sides down" if gd.game == "orchard-pnp" else "face down") +
        " so that draw 1 is on top and draw " + str(max(1, len(puzzles[0].draws))) + " at the bottom.",
    ]
    if grove:
        steps.append("Recipe Challenge: put the two recipe cards shown on the page aside, recipe side up. "
                     "They are not part of the deal. Your target is the sum of their two numbers; reach it "
                     "to win.")
    steps += [
        "Play as usual: place one of your two hand cards, then draw the next card, until every card is "
        "placed or no hand card can be placed.",
        f"Sketch your {place} in the grid if you like, and write down each move (see the notation box on "
        "the page). Then write your score in the box and look up your tier.",
        ("The day of the week asks for a level, gentlest on Monday, hardest on Sunday, and the day's deal "
         "is the one of a few winnable deals that comes nearest it; the level printed on each page says how "
         "hard that day really is." if grove else
         "The day of the week sets how far the target reaches: on Monday, what a first greedy line scores; "
         "on Sunday, the best line found; the days between in steps from one to the other. Deals differ, so "
         "a later day's target can be lower than an earlier one's; the level printed on each page says how "
         "hard the target really is to reach.")
        + f" The answer keys at the back show the best line found, with its final {place}.",
        "Playing in a group with one set of cards each? One person reads the caller sheet aloud, card by "
        "card, and everyone lays out the same deal.",
    ]
    for i, s in enumerate(steps, 1):
        pg.text(x, y, f"{i}.", 3.4, bold=True)
        y = pg.para(x + 7, y, s, cw - 7, 3.4) + 1.8
    y += 4
    # tiers, left; the puzzles of the booklet, right
    tiers = gd.tiers  # rising: the deck loader checks it
    col2 = x + cw * 0.42
    top = y
    pg.text(x, y, "Tiers", 5, bold=True)
    y += 7
    for i, t in enumerate(tiers):
        pg.text(x, y, tier_range(tiers, i, " or more"), 3.4, fill=GREY)
        pg.text(x + 26, y, *fit_text(t.name, col2 - x - 28, 3.4, bold=True, smallest=SMALLEST), bold=True)
        y += 5.2
    y2 = top
    pg.text(col2, y2, "The puzzles", 5, bold=True)
    y2 += 7
    room = int((pg.h - MARGIN - 12 - y2) // 5.2)
    shown = puzzles if len(puzzles) <= room else puzzles[:max(0, room - 1)]
    for p in shown:
        pg.text(col2, y2, p.weekday[:3], 3.4, fill=GREY)
        pg.text(col2 + 10, y2, p.date, 3.4, bold=True)
        pg.text(col2 + 34, y2, p.level, 3.4)
        pg.text(col2 + 62, y2, f"target {p.target}", 3.4)
        y2 += 5.2
    if len(shown) < len(puzzles):
        pg.text(col2, y2, f"... and {len(puzzles) - len(shown)} more", 3.4, fill=GREY)
    y = max(y, y2) + 8
    _cover_example(pg, gd, game, x, y, cw, pg.h - MARGIN - 10 - y)


def _example(gd: GameDeck, game: Game):
    """A small worked move on the deck's first cards: (state before, move, state after)."""
    from ..notation import CardRef, Deal

    cards = [gd.card(i) for i in sorted(gd.card_ids)[:3]]
    if len(cards) < 2:  # a start card and a card to play, at least
        return None
    refs = tuple(CardRef(c.id, c.sides[0] if game.two_sided else "") for c in cards)
    try:
        deal = game.parse_deal(Deal(game.id, refs))
        state = game.start(deal)
        moves = game.legal_moves(state)
    except PnpError:  # an odd home-made deck: no example rather than no booklet
        return None
    if not moves:
        return None
    order = sorted(moves, key=lambda m: (m.rot != 90, m.card != refs[1].id, m.x >= 0, m.y <= 0, m.format()))
    spent = game.score_sheet(state).tokens_used
    # a first example that spends a rotten token or the squirrel would need the token explained
    pick = next((m for m in order if game.score_sheet(game.apply(state, m)).tokens_used == spent), order[0])
    return state, pick, game.apply(state, pick)


def _cover_example(pg: _Page, gd: GameDeck, game: Game, x: float, y: float, w: float, h: float) -> None:
    ex = _example(gd, game)
    if ex is None or h < 40:
        return
    before, move, after = ex
    pg.text(x, y, "Reading a move", 5, bold=True)
    y += 4
    fig = board_figure(gd, after, cell=11.0, highlight="last")
    k = min(1.0, (h - 6) / fig.height, (w * 0.45) / fig.width)
    pg.embed(fig, x, y, scale=k, cls="example-board")
    tx, tw = x + fig.width * k + 8, w - fig.width * k - 8
    m = move.format()
    start = before.placed[0]
    ty = y + 6
    pg.text(tx, ty, m, 6, bold=True, mono=True)
    ty += 8
    turn = {0: "not turned", 90: "turned a quarter turn clockwise", 180: "turned upside down",
            270: "turned three quarters clockwise"}[move.rot]
    ty = pg.para(tx, ty, f"Card {start.card.format()} is the start card, upright with its top-left cell on "
                         f"square 0,0. The move {m} plays card {move.card}, {turn} (r{move.rot}), with its "
                         f"top-left cell on square {move.x},{move.y}: x counts to the right, y counts down, "
                         f"and both go negative to the left of and above the start card.", tw, 3.3) + 2
    note = "The outlined card is the one just played; the numbers in the squares are dice."
    if game.score_sheet(after).tokens_used > game.score_sheet(before).tokens_used:  # no move without one
        note += (" It sends in the squirrel (S) to break a fruit rule." if game.id == "grove" else
                 " It spends a rotten token (the ringed cross) to cover a tree of another fruit.")
    pg.para(tx, ty, note, tw, 3.0, fill=GREY)


def _deal_row(pg: _Page, gd: GameDeck, p: Puzzle, st: CardStyle, x: float, y: float, cw: float) -> float:
    """The deal as small cards in play order, labelled; returns the y below it."""
    n_draw = len(p.draws)
    n = 1 + len(p.hand) + n_draw
    groups = 1 + (1 if p.hand else 0) + (1 if n_draw else 0)
    gap, group_gap = 2.4, 6.0
    card_w = min(20.0, (cw - (n - groups) * gap - (groups - 1) * group_gap) / max(1, n))
    card_h = st.height * card_w / st.width
    label_y = y + 3.2
    top = y + 5
    cx = x
    pieces = [("start", [p.start], lambda i: "start card"),
              ("hand", list(p.hand), lambda i: "in hand"),
              ("draws", list(p.draws), lambda i: f"draw {i + 1}")]
    first = True
    for kind, refs, lab in pieces:
        if not refs:
            continue
        if not first:
            sep = cx - group_gap / 2
            pg.fig.add(Polyline(((sep, top), (sep, top + card_h + 4)), Paint(stroke=LIGHT, width=0.3,
                                                                               dash=(1.0, 1.0))))
        first = False
        fig = hand_figure(gd, refs, card_width=card_w, gap=gap, style=st)
        pg.embed(fig, cx, top, cls=f"deal-{kind}")
        for i in range(len(refs)):
            size = _fit(lab(i), card_w, 2.8, bold=True)
            pg.text(cx + i * (card_w + gap) + card_w / 2, label_y, lab(i), size, bold=True, anchor="middle",
                    fill=GREY)
        cx += len(refs) * card_w + (len(refs) - 1) * gap + group_gap
    return top + card_h + 4.2 + 2


def _recipes(pg: _Page, gd: GameDeck, p: Puzzle, st: CardStyle, x: float, y: float, cw: float) -> float:
    recipes = [gd.card(r) for r in p.deal.recipes]
    if not recipes:
        return y
    total = " + ".join(str(c.recipe.number) for c in recipes)
    pg.text(x, y + 4, f"Recipe Challenge: set these two cards aside, recipe side up "
                      f"(target {total} = {p.target})", 3.6, bold=True)
    y += 7
    colw = (cw - 6) / len(recipes)
    card_w = 21.0
    bottom = y
    for i, card in enumerate(recipes):
        cx = x + i * (colw + 6)
        back = recipe_back(gd, card, style=st)
        k = card_w / back.width
        pg.embed(back, cx, y, scale=k, cls="recipe-card")
        pg.text(cx + card_w / 2, y + back.height * k + 3.3, str(card.id), 3.2, bold=True, anchor="middle")
        tx, tw = cx + card_w + 3, colw - card_w - 3
        rec = card.recipe
        words = recipe_words(rec, gd)
        name = f"{rec.name}  ({rec.number})"
        ty = y + 3.4
        name, size = fit_text(name, tw, 3.6, bold=True, smallest=SMALLEST)
        pg.text(tx, ty, name, size, bold=True)
        ty += 4.6
        pg.text(tx, ty, f"card {card.id}", 2.8, fill=GREY)
        ty += 4.0
        ty = pg.para(tx, ty, "Goal: " + words.condition, tw, 3.0)
        if words.note:  # it narrows the goal
            ty = pg.para(tx, ty, words.note, tw, 2.8, fill=GREY)
        ty = pg.para(tx, ty, "Reward: " + words.reward, tw, 3.0)
        bottom = max(bottom, ty, y + back.height * k + 5)
    return bottom + 2


def _sketch_grid(pg: _Page, p: Puzzle, game: Game, x: float, y: float, cell: float) -> float:
    """Light squares with coordinates; the start card's squares shaded. Returns its bottom."""
    (gx0, gx1), (gy0, gy1) = GRID_X, GRID_Y
    lab = 4.5
    ox, oy = x + lab, y + lab
    size = min(2.8, cell * 0.34)
    for gx in range(gx0, gx1 + 1):
        pg.text(ox + (gx - gx0 + 0.5) * cell, oy - 1.2, str(gx), size, anchor="middle", fill=GREY, cls="coord")
    for gy in range(gy0, gy1 + 1):
        pg.text(ox - 1.0, oy + (gy - gy0 + 0.5) * cell + size * 0.35, str(gy), size, anchor="end", fill=GREY,
                cls="coord")
    start = game.start(p.deal).placed[0]
    sx, sy = start.x - gx0, start.y - gy0
    pg.fig.add(Rect(ox + sx * cell, oy + sy * cell, 2 * cell, 3 * cell, paint=Paint(fill="#EAF2E0")))
    grid = []
    for i in range(gx1 - gx0 + 2):
        grid += [("M", ox + i * cell, oy), ("L", ox + i * cell, oy + (gy1 - gy0 + 1) * cell)]
    for j in range(gy1 - gy0 + 2):
        grid += [("M", ox, oy + j * cell), ("L", ox + (gx1 - gx0 + 1) * cell, oy + j * cell)]
    from .draw import Path as _Path

    pg.fig.add(_Path(tuple(grid), Paint(stroke=LIGHT, width=0.2), cls="sketch-grid"))
    pg.fig.add(Rect(ox + sx * cell, oy + sy * cell, 2 * cell, 3 * cell,
                    paint=Paint(stroke=GREY, width=0.4, dash=(1.2, 0.8))))
    pg.text(ox + (sx + 1) * cell, oy + (sy + 1.5) * cell + 1.2, f"start {p.start.format()}",
            _fit(f"start {p.start.format()}", 2 * cell - 1, 3.0), anchor="middle", fill=GREY)
    return oy + (gy1 - gy0 + 1) * cell


def _side_panel(pg: _Page, gd: GameDeck, p: Puzzle, x: float, y: float, w: float, h: float) -> float:
    # target
    pg.box(x, y, w, 20, fill=PALE, stroke=INK, width=0.4)
    pg.text(x + 4, y + 6.5, "TARGET", 3.2, bold=True, fill=GREY)
    pg.text(x + w - 4, y + 15, str(p.target), 11, bold=True, anchor="end", cls="target")
    sub = "the recipes' sum" if p.deal.recipes else f"difficulty {p.difficulty} of {len(WIDTHS)}"
    pg.text(x + 4, y + 15, sub, 2.8, fill=GREY)
    y += 26
    # tiers
    pg.text(x, y, "Tiers", 3.8, bold=True)
    y += 5.2
    tiers = gd.tiers  # rising: the deck loader checks it
    lead = min(4.6, max(3.6, (h - 26 - 5.2 - 48) / max(1, len(tiers))))
    for i, t in enumerate(tiers):
        pg.text(x, y, tier_range(tiers, i), 3.0, fill=GREY)
        pg.text(x + 15, y, *fit_text(t.name, w - 15, 3.0, bold=True, smallest=SMALLEST), bold=True)
        y += lead
    y += 3
    # score box
    pg.text(x, y, "Your score", 3.8, bold=True)
    y += 2
    pg.box(x, y, w, 13, stroke=INK, width=0.4)
    y += 19
    pg.text(x, y, "Tier reached", 3.2, bold=True)
    pg.rule(x + 22, y + 0.6, x + w, colour=GREY, width=0.3)
    y += 8
    n = gd.mismatch_tokens
    if n:  # "Squirrel used?" for one (yes or no), "Rotten tokens used" for several (how many)
        pg.text(x, y, f"{tokens_word(gd, n).capitalize()} used{'?' if n == 1 else ''}", 2.8, fill=GREY)
        pg.rule(x + w - 12, y + 0.6, x + w, colour=GREY, width=0.3)
    return y + 2


_MOVE_ROW = 7.0


def _moves_area(pg: _Page, n: int, x: float, y: float, w: float, cols: int = 4) -> float:
    """Numbered blanks to write the moves on, ``cols`` to a row."""
    pg.text(x, y + 4, "Your moves", 3.6, bold=True)
    pg.text(x + 22, y + 4, "card  rotation  x,y", 2.8, fill=GREY)
    y += 6
    colw = w / cols
    for i in range(n):
        r, c = divmod(i, cols)
        cx, cy = x + c * colw, y + r * _MOVE_ROW + 5.5
        pg.text(cx, cy, f"{i + 1}.", 3.0, fill=GREY)
        pg.rule(cx + 5, cy + 0.6, cx + colw - 4, colour=GREY, width=0.25)
    return y + _MOVE_ROW * math.ceil(n / cols)


def _notation_box(pg: _Page, p: Puzzle, game: Game, x: float, y: float, w: float) -> float:
    from ..puzzles.daily import check_command

    lines = [
        ("Write one move per line:  ", "CARD rROT X,Y  [dice X,Y ...]"),
        ("CARD is the card number" + (" (its side letter may follow: 3b)" if p.game == "orchard-pnp" else "")
         + "; rROT its clockwise turn (r0, r90, r180 or r270); X,Y the square of its "
         "top-left cell after turning. When dice run short, list the squares that get them first after "
         "\"dice\". Example: ", "7 r90 -1,2"),
        ("Check your line at a computer:  ", check_command(p, game, "line.txt", short=True)),
    ]
    inner = w - 6
    # measure
    ty = y + 5.5
    rows = []
    for plain, code in lines:
        parts = wrap(plain.rstrip(), inner, 2.9)
        last_w = text_width(parts[-1] + " ", 2.9)
        code_w = text_width(code, 2.9, "Courier", True)
        rows.append((parts, code, last_w + code_w <= inner))
    height = 4
    for parts, code, same in rows:
        height += 3.9 * (len(parts) + (0 if same else 1))
    pg.box(x, y, w, height + 2, fill=None, stroke=LIGHT, width=0.4)
    for parts, code, same in rows:
        for i, ln in enumerate(parts):
            pg.text(x + 3, ty, ln, 2.9)
            if i < len(parts) - 1:
                ty += 3.9
        if same:
            pg.text(x + 3 + text_width(parts[-1] + " ", 2.9), ty, code, 2.9, bold=True, mono=True)
        else:
            ty += 3.9
            pg.text(x + 3, ty, code, 2.9, bold=True, mono=True)
        ty += 3.9
    return y + height + 2


def _puzzle_page(pg: _Page, gd: GameDeck, game: Game, p: Puzzle, st: CardStyle, footer: str, page: int) -> None:
    x, cw = MARGIN, pg.w - 2 * MARGIN
    y = MARGIN
    pg.text(x, y + 7, p.id, 7, bold=True, cls="puzzle-id")
    pg.text(x + cw, y + 7, long_date(p.date), 4, anchor="end")
    pg.text(x, y + 13.5, f"{p.weekday}'s puzzle  ·  level: {p.level} (difficulty {p.difficulty} of "
                         f"{len(WIDTHS)})  ·  target {p.target}", 3.4, fill=GREY)
    pg.rule(x, y + 16.5, x + cw)
    y += 21
    pg.text(x, y + 3.6, "The deal", 4.2, bold=True)
    how = ("lay out the start card, take the two hand cards, stack the draws "
           + ("named side down" if gd.game == "orchard-pnp" else "face down") + " with draw 1 on top")
    pg.text(x + 20, y + 3.6, how, _fit(how, cw - 20, 3.0), fill=GREY)
    y += 5
    y = _deal_row(pg, gd, p, st, x, y, cw)
    pg.text(x, y + 2, "deal  " + p.deal.format(), _fit("deal  " + p.deal.format(), cw, 3.0, "Courier"),
            mono=True, fill=GREY)
    y += 5
    if p.deal.recipes:
        y = _recipes(pg, gd, p, st, x, y + 1, cw)
    # bottom block: notation reminder, measured first
    probe = _Page(pg.w, pg.h)
    nh = _notation_box(probe, p, game, x, 0, cw)
    bottom = pg.h - MARGIN - 2 - nh
    # middle: sketch grid left, panel right
    panel_w = 58.0
    avail_h = bottom - y - 4
    ncols, nrows = GRID_X[1] - GRID_X[0] + 1, GRID_Y[1] - GRID_Y[0] + 1
    n_moves = max(1, len(p.deal.cards) - 1)
    moves_h = _MOVE_ROW * math.ceil(n_moves / 4) + 8
    width_cell = (cw - panel_w - 6 - 4.5) / ncols
    cell = min(9.0, (avail_h - 4.5 - 5) / nrows, width_cell)
    with_moves = min(9.0, (avail_h - moves_h - 4.5 - 5) / nrows, width_cell) >= 6.5
    if with_moves:
        cell = min(9.0, (avail_h - moves_h - 4.5 - 5) / nrows, width_cell)
    pg.text(x, y + 3.6, "Sketch your grove" if game.id == "grove" else "Sketch your orchard", 3.6, bold=True)
    pg.text(x + 38, y + 3.6, "x across, y down; the shaded squares are the start card", 2.8, fill=GREY)
    grid_bottom = _sketch_grid(pg, p, game, x, y + 5, cell)
    panel_bottom = _side_panel(pg, gd, p, x + cw - panel_w, y + 1, panel_w, avail_h)
    if with_moves:
        _moves_area(pg, n_moves, x, max(grid_bottom + 3, bottom - moves_h - 2), cw)
    elif panel_bottom + 4 + 6 + _MOVE_ROW * math.ceil(n_moves / 2) <= grid_bottom:
        _moves_area(pg, n_moves, x + cw - panel_w, panel_bottom + 4, panel_w, cols=2)
    _notation_box(pg, p, game, x, bottom, cw)
    pg.footer(footer, f"page {page}")


def _caller_pages(w: float, h: float, gd: GameDeck, puzzles: Sequence[Puzzle], footer: str,
                  first_page: int) -> list[_Page]:
    pages = []
    grove = gd.game == "grove"
    row_h = 15.5 if grove else 12.0  # (at 10 the puzzle id, under the day, sat on the rule below)
    i = 0
    while i < len(puzzles) or not pages:
        pg = _Page(w, h)
        x, cw = MARGIN, w - 2 * MARGIN
        y = MARGIN
        title = f"Caller sheet: {gd.title} puzzles"
        pg.text(x, y + 8, *fit_text(title, cw, 7, bold=True, smallest=SMALLEST), bold=True)
        y += 14
        y = pg.para(x, y, "For a group that plays the same deal, each player with their own set of cards. "
                          "The caller reads out the start card and the two hand cards, then one draw at a "
                          "time when everyone has placed a card. Spoiler-free: no answers on this page.",
                    cw, 3.3) + 3
        # header
        cols = [("day", 0), ("start", 34), ("hand", 50), ("then draw, in this order: 1, 2, 3 ...", 72),
                ("target", cw)]
        for name, cx in cols:
            pg.text(x + cx, y, name, 3.0, bold=True, fill=GREY, anchor="end" if name == "target" else "start")
        y += 2
        pg.rule(x, y, x + cw, colour=INK, width=0.4)
        y += 1
        while i < len(puzzles) and y + row_h <= h - MARGIN - 8:
            p = puzzles[i]
            by = y + 6.5
            pg.text(x, by - 0.3, f"{p.weekday[:3]} {p.date}", 3.4, bold=True, cls="caller-day")
            pg.text(x, by + 3.6, p.id, 2.6, fill=GREY)
            pg.text(x + 34, by, p.start.format(), 5, bold=True)
            for k, c in enumerate(p.hand):
                pg.text(x + 50 + k * 10, by, c.format(), 5, bold=True)
            step = min(14.0, (cw - 72 - 16) / max(1, len(p.draws)))
            for k, c in enumerate(p.draws):
                pg.text(x + 72 + k * step, by, c.format(), 5, bold=True)
            pg.text(x + cw, by, str(p.target), 5, bold=True, anchor="end")
            if grove and p.deal.recipes:
                recs = "recipes set aside:  " + ",   ".join(
                    f"card {r} {gd.card(r).recipe.name} ({gd.card(r).recipe.number})" for r in p.deal.recipes)
                pg.text(x + 34, by + 6.2, recs, _fit(recs, cw - 34, 3.0), fill=GREY)
            y += row_h
            pg.rule(x, y, x + cw)
            i += 1
        pg.footer(footer, f"page {first_page + len(pages)}")
        pages.append(pg)
    return pages


def answer_figure(gd: GameDeck, game: Game, p: Puzzle, *, cell: float = 10.0) -> tuple[Figure, State]:
    """The final orchard of ``p``'s answer line, replayed by the rules engine."""
    state = game.replay(p.deal, list(p.answer))
    return board_figure(gd, state, cell=cell, highlight=None), state


def _answer_block(pg: _Page, gd: GameDeck, game: Game, p: Puzzle, x: float, y: float, w: float, h: float):
    pg.text(x, y + 5, f"Answer {p.id}", 4.6, bold=True, cls="answer-id")
    pg.text(x + w, y + 5, f"{p.weekday} · target {p.target}", 3.4, anchor="end", fill=GREY)
    y += 9
    fig, state = answer_figure(gd, game, p)
    right_w = 66.0
    max_w, max_h = w - right_w - 6, h - 12
    k = min(1.35, max_w / fig.width, max_h / fig.height)
    pg.embed(fig, x, y, scale=k, cls="answer-board")
    rx = x + w - right_w
    ty = y + 4
    pg.text(rx, ty, "The line", 3.6, bold=True)
    ty += 5.2
    for i, m in enumerate(p.answer, 1):
        pg.text(rx, ty, f"{i}.", 3.3, fill=GREY)
        pg.text(rx + 6, ty, m.format(), _fit(m.format(), right_w - 6, 3.4, "Courier", True), bold=True, mono=True,
                cls="answer-move")
        ty += 4.6
    ty += 2
    sheet = game.score_sheet(state)
    score = sheet.total
    parts = [f"dice {sheet.dice}"]
    if sheet.penalty:
        parts.append(f"- {sheet.penalty} ({tokens_word(gd, sheet.tokens_used)})")
    if sheet.bonus:
        parts.append(f"+ {sheet.bonus} (recipes)")
    pg.text(rx, ty, f"Score {score}", 4.2, bold=True)
    ty += 4.6
    pg.text(rx, ty, " ".join(parts) + f" = {score}", _fit(" ".join(parts) + f" = {score}", right_w, 3.0),
            fill=GREY)
    ty += 4.4
    for name, met, pts in sheet.recipes:
        s = f"{name}: {'met' if met else 'not met'}" + (f" (+{pts})" if met and pts else "")
        pg.text(rx, ty, s, _fit(s, right_w, 3.0), fill=GREY)
        ty += 4.0
    if p.proven:
        verdict = f"Best possible: {p.best} (proven)"
    else:
        verdict = f"Best found: {p.best}; no line beats {p.bound}"
    pg.text(rx, ty + 1, verdict, _fit(verdict, right_w, 3.2, bold=True), bold=True)
    ty += 5.6
    tier = gd.tier(score)
    tier_s = f"{'Target met' if score >= p.target else 'Target missed'}  ·  tier {tier.name}" if tier else ""
    pg.text(rx, ty, *fit_text(tier_s, right_w, 3.0, smallest=SMALLEST), fill=GREY)


def _answer_pages(w: float, h: float, gd: GameDeck, game: Game, puzzles: Sequence[Puzzle], footer: str,
                  first_page: int, per_page: int = 2) -> list[_Page]:
    pages = []
    x, cw = MARGIN, w - 2 * MARGIN
    slot = (h - 2 * MARGIN - 4) / per_page
    for start in range(0, len(puzzles), per_page):
        pg = _Page(w, h)
        for j, p in enumerate(puzzles[start:start + per_page]):
            y = MARGIN + j * slot
            if j:
                pg.rule(x, y - 2, x + cw, colour=LIGHT, width=0.4)
            _answer_block(pg, gd, game, p, x, y, cw, slot - 4)
        pg.footer(footer + "  ·  answer keys", f"page {first_page + len(pages)}")
        pages.append(pg)
    return pages


# --------------------------------------------------------------------------- PDF assembly


def _paper(paper: str) -> tuple[float, float]:
    try:
        return PAPERS[paper]
    except KeyError:
        raise PnpError(f"unknown paper {paper!r} (expected one of: {', '.join(PAPERS)})") from None


def _check(deck: Deck, game_id: str, puzzles: Sequence[Puzzle]) -> tuple[GameDeck, Game]:
    if not puzzles:
        raise PnpError("a booklet needs at least one puzzle")
    for p in puzzles:
        if p.game != game_id:
            raise PnpError(f"puzzle {p.id} is not a {game_id} puzzle")
    game = find_game(game_id, deck)
    return game.deck, game


def booklet_pages(deck: Deck, game_id: str, puzzles: Sequence[Puzzle], paper: str = "a4", *,
                  cover: bool = True, caller: bool = True, answers: bool = True) -> list[Figure]:
    """The booklet's pages as figures: cover, puzzles, caller sheet, answer keys."""
    w, h = _paper(paper)
    gd, game = _check(deck, game_id, puzzles)
    st = card_style(gd, deck)
    footer = _footer(gd, puzzles)
    pages: list[_Page] = []
    if cover:
        pg = _Page(w, h)
        _cover(pg, gd, puzzles, game)
        pages.append(pg)
    for p in puzzles:
        pg = _Page(w, h)
        _puzzle_page(pg, gd, game, p, st, footer, len(pages) + 1)
        pages.append(pg)
    if caller:
        pages += _caller_pages(w, h, gd, puzzles, footer, len(pages) + 1)
    if answers:
        pages += _answer_pages(w, h, gd, game, puzzles, footer, len(pages) + 1)
    return [pg.fig for pg in pages]


def _pdf(figs: list[Figure], w: float, h: float, title: str) -> bytes:
    from .pdf import draw_figure, new_canvas

    buf = io.BytesIO()
    c = new_canvas(buf, w, h, title=title)
    for fig in figs:
        draw_figure(c, fig, 0, 0)
        c.showPage()
    c.save()
    return buf.getvalue()


def write_booklet(deck: Deck, game_id: str, puzzles: Sequence[Puzzle], path: str | Path,
                  paper: str = "a4") -> Path:
    """The whole booklet (cover, a page per puzzle, caller sheet, answer keys) as a PDF."""
    figs = booklet_pages(deck, game_id, puzzles, paper)
    w, h = _paper(paper)
    gd = deck.game(game_id)
    return atomic_write(path, _pdf(figs, w, h, f"{gd.title} daily puzzles {puzzles[0].date}"))


def write_caller_sheet(deck: Deck, game_id: str, puzzles: Sequence[Puzzle], path: str | Path,
                       paper: str = "a4") -> Path:
    """Only the caller sheet (card numbers to call, in order, and the targets)."""
    w, h = _paper(paper)
    gd, _ = _check(deck, game_id, puzzles)
    footer = _footer(gd, puzzles)
    figs = [pg.fig for pg in _caller_pages(w, h, gd, puzzles, footer, 1)]
    return atomic_write(path, _pdf(figs, w, h, f"{gd.title} caller sheet {puzzles[0].date}"))


def write_puzzle_sheet(deck: Deck, game_id: str, puzzle: Puzzle, path: str | Path, paper: str = "a4") -> Path:
    """One puzzle page on its own (no answer)."""
    figs = booklet_pages(deck, game_id, [puzzle], paper, cover=False, caller=False, answers=False)
    w, h = _paper(paper)
    return atomic_write(path, _pdf(figs, w, h, puzzle.id))


# --------------------------------------------------------------------------- pnp build


def build_puzzles(deck: Deck, out: Path, progress=lambda _: None, *, games: Sequence[str] = ("orchard", "grove"),
                  day: _dt.date | None = None, root: Path | None = None, cards: str | None = None) -> list[Path]:
    """The ``puzzles`` stage of ``pnp build``, into ``out``: for each game, today's
    puzzle as text (as ``pnp puzzle daily`` prints it), JSON (answer included) and
    a one-page PDF, and the booklet of the week containing today (Monday to
    Sunday; A4 and Letter) with its caller sheet. Days not in the archive
    (``root``, default :func:`pnp.puzzles.archive_root`) are generated (seconds
    each); ``progress`` hears about each one. A game the cards file has no deck
    for, or whose published days its cards do not play as published, is
    skipped with a ``progress`` notice (:data:`pnp.build.NOTICE`)."""
    import json

    from ..build import NOTICE
    from ..puzzles import archive_root
    from ..puzzles.collect import gather, week_of
    from ..puzzles.daily import NotForTheseCards, describe, today

    day = day or today()
    root = archive_root() if root is None else Path(root)
    jobs = None if cards is not None or _is_default_deck(deck) else 1  # workers reload the deck from a file
    week = week_of(day)
    written: list[Path] = []
    for game_id in games:
        if game_id not in deck.game_ids:
            progress(f"{NOTICE}{game_id} puzzles skipped: the cards file has no {game_id} deck")
            continue
        game = find_game(game_id, deck)
        try:
            puzzles = gather(game, week, root, cards=cards, jobs=jobs,
                             on_made=lambda p: progress(f"generated {p.id}"))
        except NotForTheseCards as exc:
            progress(f"{NOTICE}{game_id} puzzles skipped: {exc}")
            continue
        p = puzzles[day.weekday()]
        base = out / p.id
        written.append(atomic_write(base.with_suffix(".txt"), "\n".join(describe(p, game)) + "\n"))
        written.append(atomic_write(base.with_suffix(".json"), json.dumps(p.to_json(), indent=2) + "\n"))
        written.append(write_puzzle_sheet(deck, game_id, p, base.with_suffix(".pdf")))
        progress(str(base))
        for paper in PAPERS:
            written.append(write_booklet(deck, game_id, puzzles,
                                         out / booklet_name(game_id, week[0], len(week), paper), paper))
            progress(str(written[-1]))
        written.append(write_caller_sheet(deck, game_id, puzzles,
                                          out / f"{game_id}-caller-sheet-{week[0].isoformat()}-{len(week)}d.pdf"))
    return written


def _is_default_deck(deck: Deck) -> bool:
    from ..deck import load_deck

    try:
        return load_deck(None) is deck
    except PnpError:
        return False
