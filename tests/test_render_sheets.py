"""Print sheets, measured from the PDF files themselves."""
import io

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.deck import load_deck
from pnp.errors import PnpError
from pnp.render.sheets import PrintOptions, SheetLayout, plan_pages, render_print_pdf

MM = 72 / 25.4
DECK = load_deck()
PNP = DECK.game("orchard-pnp")  # 9 cards, sides a/b: each back is identifiable


def _placements(page):
    """``{form name: (x_mm, y_mm from the top)}`` for every form drawn on the page."""
    h = float(page.mediabox.height)
    out = {}
    stack = [(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)]
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"q":
            stack.append(stack[-1])
        elif op == b"Q":
            stack.pop()
        elif op == b"cm":  # CTM' = M x CTM
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = stack[-1]
            stack[-1] = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
                         e * A + f * C + E, e * B + f * D + F)
        elif op == b"Do":
            x, y = stack[-1][4], stack[-1][5]
            out[str(operands[0]).split(".")[-1]] = (x / MM, (h - y) / MM)
    return out


@pytest.fixture(scope="module")
def pnp_pdf():
    return render_print_pdf(PNP, PrintOptions(paper="a4", bleed=0, back_offset=(1.0, -0.5)), deck=DECK)


def test_page_sizes():
    for paper, size in (("a4", (210, 297)), ("letter", (215.9, 279.4))):
        pdf = PdfReader(io.BytesIO(render_print_pdf(PNP, PrintOptions(paper=paper), deck=DECK)))
        for p in pdf.pages:
            assert abs(float(p.mediabox.width) / MM - size[0]) < 0.01
            assert abs(float(p.mediabox.height) / MM - size[1]) < 0.01
        # fronts, backs, calibration front and back
        assert len(pdf.pages) == 4


def test_trim_boxes_centred_3x3(pnp_pdf):
    front = _placements(PdfReader(io.BytesIO(pnp_pdf)).pages[0])
    x0, y0 = (210 - 3 * 63) / 2, (297 - 3 * 88) / 2
    for i in range(9):
        r, c = divmod(i, 3)
        x, y = front[f"art_card_{i + 1}a"]
        assert abs(x - (x0 + 63 * c)) < 0.01 and abs(y - (y0 + 88 * r)) < 0.01


def test_backs_mirrored_behind_fronts(pnp_pdf):
    pages = PdfReader(io.BytesIO(pnp_pdf)).pages
    front, back = _placements(pages[0]), _placements(pages[1])
    for n in range(1, 10):
        fx, fy = front[f"art_card_{n}a"]
        bx, by = back[f"art_card_{n}b"]
        # long-edge flip: x mirrored across the page; plus the 1.0,-0.5 mm offset
        assert abs(bx - (210 - fx - 63 + 1.0)) < 0.2 and abs(by - (fy - 0.5)) < 0.2
    short = PdfReader(io.BytesIO(render_print_pdf(PNP, PrintOptions(duplex="short"), deck=DECK))).pages
    front, back = _placements(short[0]), _placements(short[1])
    for n in range(1, 10):
        (fx, fy), (bx, by) = front[f"art_card_{n}a"], back[f"art_card_{n}b"]
        assert abs(bx - fx) < 0.2 and abs(by - (297 - fy - 88)) < 0.2


def _render(pdf: bytes, index: int, px_per_mm: float = 10):
    doc = pdfium.PdfDocument(pdf)
    img = doc[index].render(scale=px_per_mm / MM).to_pil().convert("L")
    return img, px_per_mm


def test_rendered_trim_edges_and_crop_marks(pnp_pdf):
    img, k = _render(pnp_pdf, 0)
    lay = SheetLayout.fit("a4", 63, 88, 0)
    # along a line through the middle of the top row, the card cut lines (grey) sit at the trim xs
    y = round((lay.y0 + 44) * k)
    dark = [x / k for x in range(img.width) if img.getpixel((x, y)) < 200]
    for tx in lay.trim_xs():
        near = [x for x in dark if abs(x - tx) < 0.5]
        assert near and min(abs(x - tx) for x in near) <= 0.2, tx
    # crop marks: dark on every trim line in the top margin, white near the paper edge
    for tx in lay.trim_xs():
        mark_y = lay.y0 - 1 - 2.5
        assert min(img.getpixel((round(tx * k) + d, round(mark_y * k))) for d in (-1, 0, 1)) < 100
        assert img.getpixel((round(tx * k), round(0.5 * k))) > 250
    # nothing is drawn across the cards between the marks: the mark stops before the block
    for (x1, y1), (x2, y2) in lay.crop_marks():
        for xx, yy in ((x1, y1), (x2, y2)):
            inside_x = lay.x0 - 0.01 < xx < lay.x0 + 3 * 63 + 0.01
            inside_y = lay.y0 - 0.01 < yy < lay.y0 + 3 * 88 + 0.01
            assert not (inside_x and inside_y)
            assert 2.0 <= xx <= 208 and 2.0 <= yy <= 295


def test_crop_marks_on_trim_lines_in_margin_with_bleed():
    for paper in ("a4", "letter"):
        lay = SheetLayout.fit(paper, 63, 88, 3)
        assert (lay.cols, lay.rows) == (3, 3)
        xs, ys = lay.trim_xs(), lay.trim_ys()
        marks = lay.crop_marks()
        assert marks
        # Letter's 7.7 mm top and bottom margins: the column marks are in the bleed (below)
        assert len(marks) == (16 if paper == "a4" else 8) and len(lay.bleed_marks()) == 16 - len(marks)
        for (x1, y1), (x2, y2) in marks:
            if x1 == x2:  # vertical mark: on a trim x, above or below the bleed
                assert x1 in xs
                assert max(y1, y2) <= lay.y0 - 3 or min(y1, y2) >= lay.y0 + 264 + 3
            else:
                assert y1 == y2 and y1 in ys
                assert max(x1, x2) <= lay.x0 - 3 or min(x1, x2) >= lay.x0 + 189 + 3
            assert min(x1, x2) >= 2 and max(x1, x2) <= lay.page_w - 2
            assert min(y1, y2) >= 2 and max(y1, y2) <= lay.page_h - 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [(63, 88), (44, 63), (56, 87), (70, 120), (88, 63), (40, 40)])
def test_every_cut_line_has_marks_a_home_printer_prints(paper, size):
    """Poker cards on Letter had column marks 2.0 to 3.7 mm from the paper's edge,
    where most home printers print nothing (lasers leave 4.2 mm): the cuts between
    columns were unmarked. Where the margin is that thin the marks go in the
    bleed, which the cut takes off: from the bleed's edge to 0.75 mm short of the trim."""
    from pnp.render.sheets import BLEED_MARK_GAP, MIN_SEEN, PRINTER_EDGE

    lay = SheetLayout.fit(paper, *size, 3)
    margin, bleed = lay.crop_marks(), lay.bleed_marks()
    x1_, y1_ = lay.x0 + lay.cols * size[0], lay.y0 + lay.rows * size[1]

    def printed(a, z, length):  # the part of a mark at least PRINTER_EDGE from both ends of the page
        lo, hi = max(min(a, z), PRINTER_EDGE), min(max(a, z), length - PRINTER_EDGE)
        return hi - lo

    for (ax, ay), (bx, by) in bleed:
        if ax == bx:  # a column's mark, above or below the block, within the bleed
            assert (min(ay, by), max(ay, by)) in ((lay.y0 - 3, lay.y0 - BLEED_MARK_GAP),
                                                  (y1_ + BLEED_MARK_GAP, y1_ + 3))
        else:
            assert (min(ax, bx), max(ax, bx)) in ((lay.x0 - 3, lay.x0 - BLEED_MARK_GAP),
                                                  (x1_ + BLEED_MARK_GAP, x1_ + 3))
    for xs, vertical in ((lay.trim_xs(), True), (lay.trim_ys(), False)):
        for t in xs:  # each cut line: a mark at each end, with MIN_SEEN mm at least that prints
            ends = [(a, z) for a, z in ((p[1], q[1]) if vertical else (p[0], q[0])
                                        for p, q in margin + bleed if (p[0] == q[0] == t if vertical
                                                                       else p[1] == q[1] == t))]
            assert len(ends) == 2, (t, ends)
            for a, z in ends:
                assert printed(a, z, lay.page_h if vertical else lay.page_w) >= MIN_SEEN, (t, a, z)


@pytest.mark.parametrize("paper, duplex", [("a4", "long"), ("letter", "long"), ("a4", "short")])
def test_small_cards_fill_the_sheet(paper, duplex):
    """Sheets held at most 3x3 cards whatever their size: mini cards (44x63 mm)
    left a third of the page empty. They now take 4x4 a sheet, so the market
    deck's 162 cards print on 11 sheets rather than 18, backs still under their
    fronts."""
    from dataclasses import replace

    from pnp.render.cards import card_style
    lay = SheetLayout.fit(paper, 44, 63, 3)
    assert (lay.cols, lay.rows) == (4, 4)
    assert lay.x0 - 3 >= 4 and lay.y0 - 3 >= 4  # the block and its bleed leave the marks' margin
    gd = DECK.game("orchards-market")
    st = replace(card_style(gd, DECK), width=44.0, height=63.0)
    lay, pages = plan_pages(gd, PrintOptions(paper=paper, duplex=duplex), st)
    fronts = [pg for pg in pages if pg.kind == "front"]
    assert len(fronts) == 11 and sum(len(pg.placements) for pg in fronts) == 162
    for front, back in zip(pages[0:22:2], pages[1:22:2]):  # a back page follows each front, slots mirrored
        assert (front.kind, back.kind) == ("front", "back")
        mirrored = {pl.slot: (pl.x, pl.y) for pl in back.placements}
        for pl in front.placements:
            assert mirrored[pl.slot] == ((lay.page_w - pl.x - 44, pl.y) if duplex == "long"
                                         else (pl.x, lay.page_h - pl.y - 63))


def test_bleed_only_on_outer_edges():
    lay, pages = plan_pages(PNP, PrintOptions(bleed=3), None)
    clips = {pl.slot: pl.clip for pl in pages[0].placements}
    assert clips[0] == (lay.x0 - 3, lay.y0 - 3, 66, 91)
    assert clips[4] == (lay.x0 + 63, lay.y0 + 88, 63, 88)


def test_byte_identical_rebuilds():
    a = render_print_pdf(DECK.game("grove"), PrintOptions(), deck=DECK)
    b = render_print_pdf(DECK.game("grove"), PrintOptions(), deck=DECK)
    assert a == b


def test_bad_options():
    from pnp.errors import PnpError

    for kw in ({"paper": "a5"}, {"duplex": "sideways"}, {"bleed": 30}):
        with pytest.raises(PnpError):
            PrintOptions(**kw)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [(63, 88), (44, 63), (56, 87), (70, 120), (88, 63)])
@pytest.mark.parametrize("bleed", [0, 3])
def test_no_label_or_scale_bar_crosses_a_crop_mark(paper, size, bleed):
    """The sheet's label, hint and 50 mm scale bar keep clear of the crop marks
    (the scale bar's words ran through the mark of the third column on every A4
    front; on narrow cards the hint ran through one too)."""
    _assert_margins_clear(DECK.game("orchards-market"), paper, size, bleed)  # the longest title


@pytest.mark.parametrize("size", [(63, 88), (44, 63)])
def test_a_long_title_is_cut_short_of_the_crop_marks(size):
    """A title too long for the label's room even at its smallest size ran on
    through the next column's crop mark; it is now cut, marked "…"."""
    from dataclasses import replace

    gd = replace(DECK.game("orchard"), title="The Extraordinarily Magnificent and Truly Legendary Orchard of the "
                                             "Valley of the Kings")
    labels = _assert_margins_clear(gd, "a4", size, 3)
    assert any(t.startswith("The Extraordinarily") and t.endswith("…") for t in labels), labels


def _assert_margins_clear(gd, paper, size, bleed) -> list[str]:
    """Checks a deck's first two sheets' margins; returns their labels' words."""
    from dataclasses import replace

    from figures import extents
    from pnp.render.cards import card_style
    from pnp.render.sheets import _margin_figure
    st = replace(card_style(gd, DECK), width=float(size[0]), height=float(size[1]))
    options = PrintOptions(paper=paper, bleed=bleed, back_offset=(1.5, -0.5))
    lay, pages = plan_pages(gd, options, st)
    labels = []
    for page in pages[:2]:
        fig = _margin_figure(gd, lay, page, len(pages), options)
        marks = [it.points for it in fig.walk() if getattr(it, "cls", None) == "crop"]
        assert marks or page.kind == "back"
        for it, (x0, y0, x1, y1) in extents(fig.items):
            if getattr(it, "cls", None) == "crop":
                continue
            assert -1e-6 <= x0 and x1 <= lay.page_w + 1e-6 and -1e-6 <= y0 and y1 <= lay.page_h + 1e-6
            for (ax, ay), (bx, by) in marks:
                crosses = (x0 < ax < x1 and min(ay, by) < y1 and max(ay, by) > y0) if ax == bx else \
                          (y0 < ay < y1 and min(ax, bx) < x1 and max(ax, bx) > x0)
                assert not crosses, (page.kind, type(it).__name__, getattr(it, "text", ""), ((ax, ay), (bx, by)))
        labels += [it.text for it in fig.walk() if getattr(it, "cls", None) == "label"]
    return labels


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_bleed_on_every_side_facing_an_empty_slot(duplex):
    """On a sheet only partly filled (mini cards: 16 a sheet, 18 cards, 2 on the
    second), the cards had bleed only on the full grid's outer edges: none below
    them nor right of the last, so a cut a hair off showed white paper there."""
    from dataclasses import replace

    from pnp.render.cards import card_style
    gd = DECK.game("orchard")
    st = replace(card_style(gd, DECK), width=44.0, height=63.0)
    lay, pages = plan_pages(gd, PrintOptions(bleed=3, duplex=duplex), st)
    front, back = pages[2], pages[3]
    assert (front.kind, back.kind, len(front.placements)) == ("front", "back", 2)
    a, b = front.placements
    assert a.clip == (a.x - 3, a.y - 3, 44 + 3, 63 + 6)  # left, top and below; card b on its right
    assert b.clip == (b.x, b.y - 3, 44 + 3, 63 + 6)  # top, right and below
    for pl, fr in zip(back.placements, front.placements):  # a back has bleed where its front has, mirrored
        x, y, w, h = fr.clip
        left, top = fr.x - x, fr.y - y
        right, bottom = w - 44 - left, h - 63 - top
        if duplex == "long":
            left, right = right, left
        else:
            top, bottom = bottom, top
        assert pl.clip == (pl.x - left, pl.y - top, 44 + left + right, 63 + top + bottom)
    full = {pl.slot: pl.clip for pl in pages[0].placements}  # a full sheet: the outer edges only
    assert full[5] == (lay.x0 + 44, lay.y0 + 63, 44, 63) and full[15][2:] == (47, 66)


@pytest.mark.parametrize("paper, duplex", [("a4", "long"), ("letter", "short")])
def test_the_calibration_ruler_s_labels_stand_clear(paper, duplex):
    """The back-alignment ruler labelled every 2 mm: '+2+4+6+8' ran together, the
    two rulers' labels overlapped, and '+2' touched the other ruler. Its labels
    now stand apart from each other and from both rulers' lines."""
    from figures import extents
    from pnp.render.draw import Text
    from pnp.render.sheets import calibration_figure

    lay = SheetLayout.fit(paper, 63, 88, 3)
    fig = calibration_figure(lay, PrintOptions(paper=paper, duplex=duplex), True)
    boxes = list(extents(fig.items))
    labels = [(it, b) for it, b in boxes if isinstance(it, Text) and it.text.lstrip("+-").isdigit()]
    assert sorted(int(it.text) for it, _ in labels) == [-8, -8, -5, -5, 5, 5, 8, 8]
    marks = [b for it, b in boxes if not isinstance(it, Text)]

    def meet(a, b, pad=0.2):
        return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad

    for i, (it, box) in enumerate(labels):
        assert not any(meet(box, other) for _, other in labels[i + 1:]), it.text
        assert not any(meet(box, m) for m in marks), it.text


def test_backs_printed_apart_take_no_back_offset():
    """--duplex none with --back-offset moved the backs' crop marks into the
    page's label; backs cut out on their own need no offset."""
    with pytest.raises(PnpError) as err:
        PrintOptions(duplex="none", back_offset=(3.0, 2.0))
    assert "with --duplex none each back is cut out on its own" in str(err.value)


@pytest.mark.parametrize("offset", [(0.0, 0.0)])
def test_backs_printed_apart_have_crop_marks_of_their_own(offset):
    """--duplex none put each back where its front is, but drew no crop marks on
    the back pages: nothing to cut them out on, so no way to pair them."""
    from pnp.render.sheets import _margin_figure

    gd = PNP
    opts = PrintOptions(duplex="none", back_offset=offset)
    lay, pages = plan_pages(gd, opts)
    front, back = pages[0], pages[1]
    assert [p.kind for p in pages] == ["front", "back"]  # no calibration pair

    def marks(page, options):
        return sorted(tuple(round(v, 3) for pt in it.points for v in pt)
                      for it in _margin_figure(gd, lay, page, 1, options).walk() if getattr(it, "cls", "") == "crop")
    dx, dy = offset
    on_front = marks(front, opts)
    assert on_front and marks(back, opts) == sorted((round(x1 + dx, 3), round(y1 + dy, 3), round(x2 + dx, 3),
                                                     round(y2 + dy, 3)) for x1, y1, x2, y2 in on_front)
    for f, b in zip(front.placements, back.placements):  # each back at its front's place
        assert (round(b.x, 3), round(b.y, 3)) == (round(f.x + dx, 3), round(f.y + dy, 3))
    assert marks(pages[1], PrintOptions(duplex="long")) == []  # duplex backs are cut from the front
    texts = [it.text for it in _margin_figure(gd, lay, back, 1, opts).walk() if getattr(it, "text", None)]
    assert any("glue each back behind its own front" in t for t in texts), texts


def test_two_decks_sheets_never_read_alike():
    """The print-and-play edition's sheets said "Orchard · sheet 1 of 1", as the
    Orchard deck's do: its title's "(print-and-play edition)" was cut."""
    def labels(game):  # the margin label of each page
        pages = PdfReader(io.BytesIO(render_print_pdf(DECK.game(game), PrintOptions(), deck=DECK))).pages
        lines = [[" ".join(ln.split()) for ln in p.extract_text().splitlines()] for p in pages]
        return [next(ln for ln in page if ln.startswith("Orchard ")) for page in lines]
    pnp, orchard = labels("orchard-pnp"), labels("orchard")
    assert all(ln.startswith("Orchard · orchard-pnp · ") for ln in pnp) and len(pnp) == 4, pnp
    assert all(ln.startswith("Orchard · ") and "orchard-pnp" not in ln for ln in orchard), orchard
