"""Card art: SVGs parse, one cell per tree, colour+shape per fruit, words from data, PNG sizes."""
import io
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.deck import load_deck
from pnp.render.cards import art, art_keys, card_style, print_cards
from pnp.render.exports import TTS_MAX, pod_size, tts_card_px, tts_decks, TTS_PER_SHEET, write_tts, _pod_job
from pnp.render.svg import figure_to_svg
from pnp.render.words import describe_buyer, describe_recipe, plural_name

from figures import contrast, extents

SVG = "{http://www.w3.org/2000/svg}"
DECK = load_deck()


def _cells(svg: str):
    root = ET.fromstring(svg)
    trees = clearings = 0
    for el in root.iter(f"{SVG}g"):
        cls = el.get("class", "").split()
        trees += "tree" in cls
        clearings += "clearing" in cls
    return root, trees, clearings


@pytest.mark.parametrize("game", ["orchard", "orchard-pnp", "grove"])
def test_every_card_svg_parses_with_one_cell_per_tree(game):
    gd = DECK.game(game)
    st = card_style(gd, DECK)
    for card in gd.cards:
        for side, face in card.faces:
            svg = figure_to_svg(art(gd, f"card-{card.id}{side}", style=st))
            root, trees, clearings = _cells(svg)
            want_trees = sum(1 for _, _, c in face.cells() if not c.is_clearing)
            assert (trees, clearings) == (want_trees, 6 - want_trees)
            assert root.get("width") == "63mm" and root.get("height") == "88mm"
            # the number is printed twice, once turned 180 degrees
            nums = [t for t in root.iter(f"{SVG}text") if t.get("class") == "number"]
            assert [t.text for t in nums] == [f"{card.id}{side}"] * 2
            assert "rotate(180" in nums[1].get("transform", "")


def test_all_art_keys_render_and_are_deterministic():
    for game, gd in DECK.games:
        st = card_style(gd, DECK)
        for key in art_keys(gd):
            a = figure_to_svg(art(gd, key, style=st))
            ET.fromstring(a)
            assert a == figure_to_svg(art(gd, key, style=st))


def test_fruit_shape_and_colour_distinct():
    for game, gd in DECK.games:
        assert len({f.shape for f in gd.fruits}) == len(gd.fruits)
        svg = figure_to_svg(art(gd, art_keys(gd)[0], style=card_style(gd, DECK)))
        assert "fruit" in svg


def test_recipe_words_come_from_data():
    gd = DECK.game("grove")
    for card in gd.cards:
        text = describe_recipe(card.recipe, gd)
        assert card.recipe.name in text and str(card.recipe.number) in text
        assert "_" not in text and "{" not in text
        svg = figure_to_svg(art(gd, f"recipe-{card.id}"))
        assert str(card.recipe.number) in svg
    m = DECK.game("orchards-market")
    assert describe_buyer(m.buyers[0], m).startswith("Wants 3 Apples and 2 Oranges")


def test_print_card_lists():
    assert len(print_cards(DECK.game("orchard"))) == 18
    pnp = print_cards(DECK.game("orchard-pnp"))
    assert (pnp[0].front, pnp[0].back) == ("card-1a", "card-1b")
    m = DECK.game("orchards-market")
    assert len(print_cards(m)) == sum(n for _, n in m.fruit_cards) + len(m.buyers)


def test_print_on_demand_png_is_825x1125():
    from PIL import Image

    gd = DECK.game("orchard")
    st = card_style(gd, DECK)
    (w, h), bleed = pod_size(st)
    assert (w, h) == (825, 1125)
    png, tts = _pod_job((gd, "card-1", st))
    img = Image.open(io.BytesIO(png))
    assert img.size == (825, 1125) and img.mode == "RGB"
    assert round(img.info["dpi"][0]) == 300
    assert png == _pod_job((gd, "card-1", st))[0]  # byte-identical renders
    # the TTS card image is the same render cut to the trim and scaled down
    assert len(tts) == 3 * tts_card_px(st)[0] * tts_card_px(st)[1]


def test_tts_card_image_same_from_png_export_or_alone():
    from pnp.render.exports import _tts_job

    gd = DECK.game("orchard-pnp")
    job = (gd, "card-1a", card_style(gd, DECK))
    assert _pod_job(job)[1] == _tts_job(job)


def test_tts_sheet_grid(tmp_path):
    from PIL import Image

    gd = DECK.game("orchard-pnp")
    st = card_style(gd, DECK)
    cw, ch = tts_card_px(st)
    assert cw * 10 <= TTS_MAX and ch * 7 <= TTS_MAX
    (d,) = write_tts(gd, tmp_path, st)
    assert d.count == 9 and d.per_sheet == (9,)
    sheet = Image.open(d.sheets[0])
    assert sheet.size == (cw * 10, ch * 7)
    assert Image.open(d.back_sheets[0]).size == sheet.size
    # slot 70 (bottom-right) holds the hidden card, empty slots stay white
    px = sheet.convert("RGB")
    assert px.getpixel((9 * cw + cw // 2, 6 * ch + ch // 2)) != (255, 255, 255)
    assert px.getpixel((5 * cw + cw // 2, 3 * ch + ch // 2)) == (255, 255, 255)
    # more than 69 cards: more sheets
    fruit = dict(tts_decks(DECK.game("orchards-market")))["fruit"]
    assert TTS_PER_SHEET == 69 and -(-len(fruit) // TTS_PER_SHEET) == 3


@pytest.mark.parametrize("game", ["grove", "orchard-pnp", "orchard"])
def test_tts_hidden_card_gives_no_card_away(tmp_path, game):
    """The hidden card (slot 70, what others see of a card in a hand) was the first
    card's back: on Grove a recipe, on orchard-pnp a playable b side. Where backs
    differ it is now the deck's plain back; where all are one back, that back."""
    from PIL import Image

    from pnp.render.exports import _tts_job

    gd = DECK.game(game)
    st = card_style(gd, DECK)
    cw, ch = tts_card_px(st)
    (d,) = write_tts(gd, tmp_path, st)
    plain = _tts_job((gd, "back", st))
    for sheet in d.sheets + d.back_sheets:
        hidden = Image.open(sheet).convert("RGB").crop((9 * cw, 6 * ch, 10 * cw, 7 * ch)).tobytes()
        assert hidden == plain
    first = print_cards(gd)[0].back
    assert (first == "back") == (game == "orchard"), first


def test_deck_cli_svg_and_bad_options(tmp_path):
    r = CliRunner().invoke(cli, ["deck", "grove", "--format", "svg", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert len(list((tmp_path / "grove" / "svg").glob("*.svg"))) == 36
    # a folder of card images is one line, as pnp build lists it (it listed 36, under "file(s)")
    assert r.output.splitlines() == [f"wrote 36 files for grove into {tmp_path / 'grove'}/",
                                     f"  {tmp_path / 'grove' / 'svg'}/  (36 SVG files)"]
    for args in (["deck", "nope"], ["deck", "orchard", "--paper", "a5"], ["deck", "orchard", "--back-offset", "1"]):
        r = CliRunner().invoke(cli, args)
        assert r.exit_code == 2
        assert len(r.output.strip().splitlines()) == 1, r.output


def test_a_card_taken_out_of_the_deck_leaves_no_image_behind(tmp_path):
    """Editing cards.yaml and exporting again kept card-15..18 in svg/ and png/,
    and the print shop got them with the rest. Files pnp did not name stay."""
    import re
    from pathlib import Path

    from pnp.render.exports import export, write_all_pod_pngs
    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    small = tmp_path / "small.yaml"
    small.write_text("\n".join(ln for ln in src.splitlines() if not re.match(r"\s+- \{id: 1[5-8], face", ln)) + "\n",
                     encoding="utf-8")
    full, cut = load_deck(), load_deck(str(small))
    out = tmp_path / "out"
    export(full.game("orchard"), out, "svg")
    (out / "svg" / "notes.txt").write_text("mine")
    assert (out / "svg" / "card-18.svg").is_file()
    written = export(cut.game("orchard"), out, "svg")
    assert sorted(p.name for p in (out / "svg").glob("*.svg")) == sorted(p.name for p in written)
    assert not (out / "svg" / "card-18.svg").exists() and (out / "svg" / "notes.txt").is_file()
    kept = type(full)(games=tuple((g, gd) for g, gd in full.games if g == "orchard"), **{
        f: getattr(full, f) for f in full.__dataclass_fields__ if f != "games"})
    write_all_pod_pngs(kept, tmp_path / "b", workers=1)
    assert (tmp_path / "b" / "orchard" / "png" / "card-18.png").is_file()
    smaller = type(cut)(games=tuple((g, gd) for g, gd in cut.games if g == "orchard"), **{
        f: getattr(cut, f) for f in cut.__dataclass_fields__ if f != "games"})
    written = write_all_pod_pngs(smaller, tmp_path / "b", workers=1)
    assert sorted((tmp_path / "b" / "orchard" / "png").glob("*.png")) == sorted(written)


# --------------------------------------------------------------- card sizes


@pytest.mark.parametrize("size", [(63, 88), (44, 63), (40, 40), (88, 63), (70, 120), (300, 40)])
def test_every_card_kind_stays_on_a_card_of_any_size_the_loader_accepts(size):
    """Text and shapes stay on the card, text at least 1 mm in from the edge: the
    text-heavy layouts scale down on a card smaller than they were drawn for (mini
    cards at 44 x 63, landscape at 88 x 63 ran their last lines off it)."""
    from dataclasses import replace

    from pnp.render.draw import Text
    w, h = size
    for gid, gd in DECK.games:
        st = replace(card_style(gd, DECK), width=float(w), height=float(h))
        for key in art_keys(gd):
            fig = art(gd, key, style=st)
            for it, (x0, y0, x1, y1) in extents(fig.items):
                if it.cls in ("trim", "bleed", "band", "pattern"):  # the card itself, and what runs into the bleed
                    continue
                room = 1.0 if isinstance(it, Text) else 0.0
                assert x0 >= room - 1e-6 and y0 >= room - 1e-6 and x1 <= w - room + 1e-6 and y1 <= h - room + 1e-6, \
                    (gid, key, size, type(it).__name__, getattr(it, "text", it.cls), (x0, y0, x1, y1))


def test_the_text_heavy_layouts_grow_with_a_larger_card():
    """On a card twice the default size (126 x 176), backs, recipes and market
    cards are the default card's drawing at twice the size (they kept to the
    card's top corner at their own size); fronts keep their cells' own size."""
    from dataclasses import replace

    def box(fig):
        got = [b for it, b in extents(fig.items) if it.cls not in ("trim", "bleed", "band", "pattern")]
        return (min(b[0] for b in got), min(b[1] for b in got), max(b[2] for b in got), max(b[3] for b in got))

    grown = 0
    for gid, gd in DECK.games:
        st = card_style(gd, DECK)
        big = replace(st, width=2 * st.width, height=2 * st.height, corner=2 * st.corner)
        for key in art_keys(gd):
            if key.startswith("card-"):
                continue
            small, large = box(art(gd, key, style=st)), box(art(gd, key, style=big))
            assert large == pytest.approx(tuple(2 * v for v in small), abs=1e-6), (gid, key, small, large)
            grown += 1
    assert grown >= 40  # every back, recipe and market card


@pytest.mark.parametrize("game", ["orchard", "orchard-pnp", "grove"])
def test_a_long_game_title_stays_between_the_corner_numbers(game):
    """A deck's own long title shrinks on the card fronts (it ran over the corner
    numbers and off the card)."""
    from dataclasses import replace

    gd = replace(DECK.game(game), title="Orchard The Extremely Long Deluxe Anniversary Collector Edition")
    st = card_style(gd, DECK)
    for key in art_keys(gd):
        if not key.startswith("card-"):
            continue
        boxes = list(extents(art(gd, key, style=st).items))
        titles = [b for it, b in boxes if it.cls == "title"]
        numbers = [b for it, b in boxes if it.cls == "number"]
        assert len(titles) == 2 and len(numbers) == 2
        for x0, y0, x1, y1 in titles:
            assert 0 <= x0 and x1 <= st.width
            for n0, m0, n1, m1 in numbers:
                assert x1 <= n0 or n1 <= x0 or y1 <= m0 or m1 <= y0, (key, (x0, y0, x1, y1), (n0, m0, n1, m1))


def test_a_long_recipe_name_is_shrunk_not_cut():
    """A recipe name too long for two lines at the smallest size used to lose its
    last words without a mark; now it shrinks (up to three small lines, clear of
    the medallion), and only a name longer than that ends in an ellipsis."""
    from dataclasses import replace

    from pnp.render.draw import Circle, Text
    gd = DECK.game("grove")
    card = gd.cards[0]

    def name_lines(name):
        card2 = replace(card, recipe=replace(card.recipe, name=name))
        gd2 = replace(gd, cards=(card2,) + gd.cards[1:])
        boxes = list(extents(art(gd2, f"recipe-{card.id}", style=card_style(gd2, DECK)).items))
        medallion_top = min(b[1] for it, b in boxes if isinstance(it, Circle))
        assert all(b[3] < medallion_top for it, b in boxes if isinstance(it, Text) and it.cls == "name")
        return [it.text for it, b in boxes if isinstance(it, Text) and it.cls == "name"]

    long = "Grandmother's Famous Slow-Simmered Triple Citrus Marmalade"
    assert " ".join(name_lines(long)) == long
    longest = long + " With Candied Peel And Honey From The Old Orchard"
    lines = name_lines(longest)
    assert len(lines) == 3 and lines[-1].endswith("…")
    assert longest.startswith(" ".join(lines)[:-1].rstrip())
    assert " ".join(name_lines("Lemon Curd")) == "Lemon Curd"


@pytest.mark.parametrize("game", ["orchard", "orchard-pnp", "grove", "orchards-market"])
def test_long_names_from_the_deck_stay_on_every_card(game):
    """A deck's own long fruit names and title stay on the card (a buyer's
    "2 Orange of the Extraordinary Valleys" ran off it)."""
    from dataclasses import replace

    from pnp.render.draw import Text
    gd = DECK.game(game)
    gd = replace(gd, title=gd.title + " The Extremely Long Anniversary Edition",
                 fruits=tuple(replace(f, name=f.name + " of the Extraordinary Valley") for f in gd.fruits))
    st = card_style(gd, DECK)
    for key in art_keys(gd):
        for it, (x0, y0, x1, y1) in extents(art(gd, key, style=st).items):
            if it.cls in ("trim", "bleed", "band", "pattern"):
                continue
            room = 1.0 if isinstance(it, Text) else 0.0
            assert room - 1e-6 <= min(x0, y0) and x1 <= st.width - room + 1e-6 and y1 <= st.height - room + 1e-6, \
                (key, getattr(it, "text", it.cls), (x0, y0, x1, y1))


@pytest.mark.parametrize("n", [1, 5, 10, 11, 99])
def test_a_buyer_wanting_many_fruits_stays_in_its_box(n):
    """Up to ten fruits are drawn in two rows; more as one fruit "x n" (wants of
    11 to 99, which the cards file allows, drew rows of fruits down the card)."""
    from dataclasses import replace

    from pnp.render.draw import Text
    gd = DECK.game("orchards-market")
    b = replace(gd.buyers[0], wants=(("A", n), ("O", 2)))
    gd = replace(gd, buyers=(b,) + gd.buyers[1:])
    st = card_style(gd, DECK)
    boxes = list(extents(art(gd, f"buyer-{b.id}", style=st).items))
    first = min((bb for it, bb in boxes if it.cls == "want"), key=lambda bb: bb[1])
    inside = [(it, bb) for it, bb in boxes if first[1] < (bb[1] + bb[3]) / 2 < first[3] and it.cls != "want"]
    assert inside
    for it, (x0, y0, x1, y1) in inside:
        assert first[0] <= x0 and x1 <= first[2] and first[1] <= y0 and y1 <= first[3], \
            (n, getattr(it, "text", type(it).__name__), (x0, y0, x1, y1), first)
    texts = [it.text for it, bb in inside if isinstance(it, Text)]
    assert f"{n} Apple{'s' if n != 1 else ''}" in texts
    assert (f"× {n}" in texts) == (n > 10)


@pytest.mark.parametrize("name, n, plural", [
    ("Apple", 1, "Apple"), ("Apple", 2, "Apples"), ("Cherry", 3, "Cherries"), ("Key", 2, "Keys"),
    ("Peach", 2, "Peaches"), ("Orange of the Valley", 2, "Oranges of the Valley"),
    ("Orange of the Valley", 1, "Orange of the Valley"), ("Blood Orange", 4, "Blood Oranges"),
])
def test_plural_name(name, n, plural):
    assert plural_name(name, n) == plural


@pytest.mark.parametrize("dice, fruit, says", [
    (5, "O", "All five Orange dice are in the grove."),
    (2, "O", "Both Orange dice are in the grove."),
    (2, "any", "Both dice of one fruit (any fruit) are in the grove."),
    (1, "O", "The one Orange die is in the grove."),
    (1, "any", "A die of any fruit (each has only one) is in the grove."),
])
def test_all_dice_in_play_reads_right_for_the_deck_s_dice(dice, fruit, says):
    """A deck with one or two dice a fruit: the recipe said "All one Orange dice"."""
    from dataclasses import replace

    from pnp.deck import Recipe
    from pnp.render.words import recipe_words
    gd = replace(DECK.game("grove"), dice_per_fruit=dice)
    assert recipe_words(Recipe("x", 30, ("all_dice_in_play", fruit), ("points", 5), True), gd).condition == says


def test_recipe_backs_carry_the_decks_own_title():
    """The recipe backs' foot said "Grove" whatever the deck's title; it now says
    the deck's title, and a long one is cut to the card."""
    from dataclasses import replace

    from pnp.render.cards import recipe_back
    gd = DECK.game("grove")
    card = next(c for c in gd.cards if c.recipe)
    feet = [it.text for it in recipe_back(replace(gd, title="Zitrushain"), card).walk()
            if getattr(it, "cls", "") == "recipe-foot"]
    assert feet == [f"Zitrushain  ·  card {card.id}", "target = sum of two recipe numbers"]
    fig = recipe_back(replace(gd, title="The Most Extraordinarily Fragrant Citrus Grove of the Golden Valley"), card)
    foot = next(it for it in fig.walk() if getattr(it, "text", "").startswith("The Most"))
    # the title is cut, never the card's number, which recipes=R1,R2 names (it was cut off)
    assert foot.text.startswith("The Most Extraordinarily") and foot.text.endswith(f"…  ·  card {card.id}"), foot.text
    assert foot.size == 2.4
    for it, (x0, _, x1, _) in extents(fig.items):
        assert -1e-6 <= x0 and x1 <= fig.width + 1e-6, getattr(it, "text", it)


def test_overlapping_circles_of_one_path_fill_solid_in_pdfs_as_in_svgs():
    """A tree's crown is its six circles as one path, filled where they overlap
    (SVG's nonzero rule). reportlab fills even-odd by default, so in every PDF
    the overlaps were holes showing the crown's dark edge: a lattice of rings."""
    import pypdfium2 as pdfium

    from pnp.render.cards import circles_path
    from pnp.render.draw import Figure, Paint
    from pnp.render.pdf import draw_figure, new_canvas

    fig = Figure(40, 20).add(circles_path([(14, 10, 8), (26, 10, 8)], Paint(fill="#00AA00")))
    buf = io.BytesIO()
    c = new_canvas(buf, 40, 20)
    draw_figure(c, fig, 0, 0)
    c.showPage()
    c.save()
    img = pdfium.PdfDocument(buf.getvalue())[0].render(scale=4).to_pil().convert("RGB")
    w, h = img.size
    for x_mm in (10, 20, 30):  # one circle alone, the overlap, the other alone
        r, g, b = img.getpixel((int(w * x_mm / 40), h // 2))
        assert g > 150 and r < 60 and b < 60, (x_mm, (r, g, b))


@pytest.mark.parametrize("which", ["recipe", "buyer"])
def test_a_top_band_keeps_the_cards_rounded_corners(which):
    """The dark band across a recipe back's or buyer's top was a square: on an SVG
    card (no bleed) it covered the rounded cut line and squared the corners. With
    bleed it still runs into the bleed."""
    import cairosvg
    from PIL import Image

    from pnp.render.cards import buyer_card, recipe_back
    market, grove = DECK.game("orchards-market"), DECK.game("grove")
    make = (lambda **kw: buyer_card(market, market.buyers[0], **kw)) if which == "buyer" else \
        (lambda **kw: recipe_back(grove, grove.cards[0], **kw))
    png = cairosvg.svg2png(bytestring=figure_to_svg(make()).encode(), output_width=630)
    img = Image.open(io.BytesIO(png)).convert("RGBA")
    w, _ = img.size
    for x in (1, w - 2):  # the top corners, outside the 3 mm rounding: nothing drawn there
        assert img.getpixel((x, 1))[3] == 0, (x, img.getpixel((x, 1)))
    assert img.getpixel((w // 2, 3))[:3] == (0x2F, 0x5E, 0x3F)  # the band itself, at the top middle
    band = [it for it in make(bleed=3.0).walk() if getattr(it, "cls", None) == "band"]
    assert len(band) == 1 and (band[0].x, band[0].y) == (-3.0, -3.0)


def test_a_recipe_backs_foot_is_legible_and_its_note_is_under_the_goal():
    """The foot ("Grove · card 7 · target = sum of two recipe numbers") was one
    line shrunk to 1.6 mm (about 4.5 pt) in light grey; the wheelbarrow note,
    which narrows the goal, stood under the reward."""
    from pnp.render.cards import recipe_back
    from pnp.render.draw import Text

    gd = DECK.game("grove")
    noted = 0
    for card in (c for c in gd.cards if c.recipe):
        texts = [it for it in recipe_back(gd, card).walk() if isinstance(it, Text)]
        feet = [t for t in texts if t.cls == "recipe-foot"]
        assert len(feet) == 2 and all(t.size >= 2.0 and t.fill == "#555555" for t in feet), feet
        words = [t for t in texts if t.cls and t.cls.startswith("words")]
        assert max(t.y for t in words) < min(t.y - t.size for t in feet), card.id  # no overlap
        notes = [t for t in texts if t.cls == "words note"]
        if notes:
            noted += 1
            you_get = next(t for t in texts if t.text == "YOU GET")
            assert all(t.y < you_get.y for t in notes), card.id
    assert noted == sum(1 for c in gd.cards if c.recipe and not c.recipe.wheelbarrow_counts) > 0


def test_a_fruit_cards_lower_corner_fruit_is_turned_with_its_name():
    """The lower name was turned half round, as a playing card's index is, but
    the fruit beside it stood upright (a heart pointing the other way)."""
    from pnp.render.cards import fruit_card
    from pnp.render.draw import Group, Text

    gd = DECK.game("orchards-market")
    for f in gd.fruits:
        items = list(fruit_card(gd, f.key).walk())
        corners = sorted((g for g in items if isinstance(g, Group) and g.cls == "corner"),
                         key=lambda g: g.translate[1])
        names = sorted((t for t in items if isinstance(t, Text) and t.cls == "name"), key=lambda t: t.y)
        assert [g.rotate for g in corners] == [0.0, 180.0] == [t.rotate for t in names], f.key


@pytest.mark.parametrize("fmt", ["svg", "png"])
def test_writing_a_decks_images_again_removes_its_old_cards_and_nothing_else(tmp_path, fmt):
    """The images of a card taken out of cards.yaml are removed (a print shop got
    them with the rest); a user's own file in the folder, even an image, stays
    (every *.svg this run had not written was removed, a logo.svg too)."""
    from pathlib import Path

    import yaml

    data = yaml.safe_load((Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text())
    data["games"] = {"orchard": data["games"]["orchard"]}
    data["games"]["orchard"]["cards"] = data["games"]["orchard"]["cards"][:3]
    cards = tmp_path / "cards.yaml"
    cards.write_text(yaml.safe_dump(data), encoding="utf-8")
    out = tmp_path / "out"
    assert CliRunner().invoke(cli, ["deck", "orchard", "--format", fmt, "--out", str(out),
                                    "--cards", str(cards)]).exit_code == 0
    folder = out / "orchard" / fmt
    assert (folder / f"card-3.{fmt}").is_file()
    (folder / f"logo.{fmt}").write_bytes(b"mine")
    (folder / "notes.txt").write_text("mine")
    data["games"]["orchard"]["cards"] = data["games"]["orchard"]["cards"][:2]
    cards.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert CliRunner().invoke(cli, ["deck", "orchard", "--format", fmt, "--out", str(out),
                                    "--cards", str(cards)]).exit_code == 0
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [f"back.{fmt}", f"card-1.{fmt}", f"card-2.{fmt}", f"logo.{fmt}", "notes.txt"])


def test_a_recipe_backs_headings_read_clearly_on_the_paper():
    """"AT THE END, IF" and "YOU GET" were the accent gold on the paper: 3.2:1 at 2.5 mm."""
    from pnp.render.cards import recipe_back
    from pnp.render.draw import Text

    gd = DECK.game("grove")
    st = card_style(gd)
    heads = [it for it in recipe_back(gd, gd.cards[0]).walk() if isinstance(it, Text) and it.cls == "recipe-head"]
    assert [h.text for h in heads] == ["AT THE END, IF", "YOU GET"]
    assert all(contrast(st.paper, h.fill) >= 4.5 for h in heads)


def test_deck_format_tts_writes_its_import_txt(tmp_path):
    """`pnp deck GAME --format tts` wrote the sheets but not tts/import.txt, so one
    left by an earlier `pnp build` went stale beside the new sheets."""
    from pnp.render.exports import export, tts_import_text

    (tmp_path / "tts").mkdir()
    (tmp_path / "tts" / "import.txt").write_text("stale\n")
    decks = export(DECK.game("grove"), tmp_path, "tts", deck=DECK)
    assert (tmp_path / "tts" / "import.txt").read_text() == "\n".join(tts_import_text(decks)) + "\n"
    assert "tts-cards-1.png" in (tmp_path / "tts" / "import.txt").read_text()


def test_the_markets_two_backs_differ_without_colour_and_follow_the_decks_back_colour(tmp_path):
    """The fruit and buyer backs differed in colour alone (the same grey in black
    and white) but for a small word; the buyer back ignored colours.back."""
    from dataclasses import replace

    from pnp.render.cards import BUYER_BACK, market_back
    from pnp.render.draw import Group, Rect

    gd = DECK.game("orchards-market")
    fruit, buyer = (list(market_back(gd, k).walk()) for k in ("fruit", "buyer"))
    assert any(isinstance(it, Group) and it.cls == "stars" for it in buyer)
    assert not any(isinstance(it, Group) and it.cls == "stars" for it in fruit)
    from pnp.render.draw import blend

    def fills(items):
        return {it.paint.fill for it in items if isinstance(it, Rect)}
    assert BUYER_BACK in fills(buyer) and BUYER_BACK not in fills(fruit)
    mine = fills(market_back(gd, "buyer", style=replace(card_style(gd), back="#204080")).walk())
    assert BUYER_BACK not in mine and blend("#204080", "#000000", 0.4) in mine
