"""Score pads: the pages each game needs, right paper, tier tables, CLI."""
from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.build import STAGES
from pnp.cli import cli
from pnp.deck import load_deck
from pnp.render.scorepad import render_scorepad_pdf
from pnp.rules import GAMES

PAGES = {"orchard": 2, "orchard-pnp": 2, "grove": 3, "orchards-market": 1}
SIZES = {"a4": (595.3, 841.9), "letter": (612.0, 792.0)}


@lru_cache(maxsize=None)
def reader(game: str, paper: str):
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(render_scorepad_pdf(load_deck(), game, paper=paper)))


def page_texts(game: str, paper: str = "a4") -> list[str]:
    return [re.sub(r"\s+", " ", p.extract_text()) for p in reader(game, paper).pages]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", sorted(SIZES))
def test_pages_and_paper(game, paper):
    pages = reader(game, paper).pages
    assert len(pages) == PAGES[game]
    w, h = SIZES[paper]
    for p in pages:
        assert abs(float(p.mediabox.width) - w) < 1 and abs(float(p.mediabox.height) - h) < 1


@pytest.mark.parametrize("game", ["orchard", "orchard-pnp", "grove"])
def test_harvest_log_has_the_tier_table(game):
    gd = load_deck().game(game)
    log = page_texts(game)[0]
    for word in ("Date", "Deal or puzzle id", "Score", "Tier", "Notes"):
        assert word in log
    for i, tier in enumerate(gd.tiers):
        assert tier.name in log
        # the lowest tier takes every lower score too (a score below 0, after the penalties)
        assert (f"up to {gd.tiers[1].min - 1} {tier.name}" in log if i == 0 else
                re.search(rf"(?<!\d){tier.min}(?!\d)", log)), tier
    together = page_texts(game)[-1]
    for word in ("Player", "Score", "Dice in", "grove" if game == "grove" else "orchard"):
        assert word in together
    # the side note gives the cost ("minus each rotten token's cost" gave no number), and
    # Grove's counts the wheelbarrow (it said "the dice on trees": 15 points left out)
    assert ("Score = the dice and the wheelbarrow on trees minus the squirrel's cost." if game == "grove" else
            "Score = the dice minus 3 per rotten token.") in log


def test_grove_recipe_log():
    gd = load_deck().game("grove")
    text = page_texts("grove")[1]
    for word in ("Recipe 1", "Recipe 2", "Target", "Dice", "Bonuses", "Final", "Won?"):
        assert word in text
    assert "Dice score = dice and wheelbarrow on trees;" in re.sub(r"\s+", " ", text)
    for card in gd.cards:
        assert card.recipe.name in text


@pytest.mark.parametrize("squirrels, words, absent", [
    (1, ["final = dice score - squirrel + bonuses.", "Squirrel (-)", "Squirrel used"], ["Squirrels"]),
    (2, ["final = dice score - squirrels + bonuses.", "Squirrels (-)", "Squirrels used"], []),
    (0, ["final = dice score + bonuses.", "Recipe 1", "Won?"], ["- squirrel", "Squirrel", "squirrel"]),
])
def test_grove_pages_name_the_squirrels_the_deck_has(tmp_path, squirrels, words, absent):
    """Two squirrels are "squirrels"; with none, the recipe log's sum has no
    squirrel in it (the pages said "squirrel" whatever the count)."""
    from pypdf import PdfReader

    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    cards = tmp_path / "cards.yaml"
    cards.write_text(src.replace("squirrels: 1", f"squirrels: {squirrels}"), encoding="utf-8")
    pages = PdfReader(io.BytesIO(render_scorepad_pdf(load_deck(str(cards)), "grove"))).pages
    text = " ".join(re.sub(r"\s+", " ", p.extract_text()) for p in pages)
    for w in words:
        assert w in text, (w, text)
    for w in absent:
        assert w not in text, (w, text)


def test_market_sheet():
    text = page_texts("orchards-market")[0]
    for word in ("Fruit cards", "Buyers sold", "Buyer bonuses", "Total", "Player 1"):
        assert word in text
    # the game and date line was white on the header's green, where a pencil does not show;
    # it is now above each table, in ink on paper (the header's first cell is empty)
    assert "Game 1 date ____" in text and "Game ____" not in text
    assert "the deck has 144 fruit cards" in text  # it said "144 in the supply"


def test_market_sheet_labels_every_row():
    """Two rows between "Buyer bonuses" and "Total" had no label."""
    from pnp.render import scorepad

    seen = []

    def table(self, x, y, widths, header, n, first_col=None, **kw):
        seen.append((header[0], list(first_col)))
        return y + 60

    real = scorepad.Page.table
    scorepad.Page.table = table
    try:
        render_scorepad_pdf(load_deck(), "orchards-market")
    finally:
        scorepad.Page.table = real
    assert seen and all(h == "" and all(label.strip() for label in rows) for h, rows in seen), seen


@pytest.mark.parametrize("game, ties", [
    ("orchard", "Ties go to fewer rotten tokens spent, then to more dice in the orchard."),
    ("grove", "Ties go to a squirrel left unused, then to more dice in the grove."),
])
def test_the_playing_together_page_breaks_ties_as_the_rules_do(game, ties):
    """Grove's page said "fewer tokens used wins": Grove has a squirrel, no tokens."""
    assert ties in page_texts(game)[-1]


def test_deterministic():
    assert render_scorepad_pdf(load_deck(), "grove") == render_scorepad_pdf(load_deck(), "grove")


def test_cli(tmp_path):
    r = CliRunner().invoke(cli, ["scorepad", "grove", "--paper", "letter", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "grove" / "grove-scorepad-letter.pdf").read_bytes()[:5] == b"%PDF-"
    r = CliRunner().invoke(cli, ["scorepad", "go", "--out", str(tmp_path)])
    assert r.exit_code == 2
    assert len(r.output.strip().splitlines()) == 1 and "'go'" in r.output
    r = CliRunner().invoke(cli, ["scorepad", "grove", "--paper", "a5"])
    assert r.exit_code == 2
    r = CliRunner().invoke(cli, ["scorepad", "--help"])
    assert r.exit_code == 0 and "--paper" in r.output


def test_build_stages(tmp_path):
    stages = dict(STAGES)
    deck = load_deck()
    written = list(stages["score pads"](deck, tmp_path, lambda _: None))
    written += list(stages["rules sheets"](deck, tmp_path, lambda _: None))
    names = {Path(p).relative_to(tmp_path).as_posix() for p in written}
    for game in GAMES:
        for paper in SIZES:
            assert f"{game}/{game}-scorepad-{paper}.pdf" in names
            assert f"{game}/{game}-rules-{paper}.pdf" in names


def test_the_card_lists_count_every_card_in_plurals(tmp_path):
    """``cards.txt``: a line per card, the market's fruit cards counted, its buyers'
    wants in plurals ("3 Apple or 2 Orange" before, and no fruit cards)."""
    from pnp.build import write_card_lists

    deck = load_deck()
    write_card_lists(deck, tmp_path, lambda _: None)
    market = (tmp_path / "orchards-market" / "cards.txt").read_text(encoding="utf-8").splitlines()
    assert market[2] == "fruit      24 Apples, 24 Oranges, 24 Limes, 24 Pears, 24 Plums, 24 Cherries"
    assert market[3] == "buyer 1    3 Apples and 2 Oranges: +1"
    assert len([x for x in market if x.startswith("buyer ")]) == len(deck.game("orchards-market").buyers)
    grove = (tmp_path / "grove" / "cards.txt").read_text(encoding="utf-8").splitlines()
    assert len([x for x in grove if x.startswith("card ")]) == 18 and "fruit" not in " ".join(grove)


@pytest.mark.parametrize("name, cut", [
    ("Extraordinarily Long Tier Name Of The Orchard", False),
    # too long even at the smallest size: cut (it ran over the box's edge)
    ("Extraordinarily Long Tier Name Of The Orchard and Only Longer Still And Longer Than That", True),
])
def test_a_long_tier_name_stays_in_the_tier_box(tmp_path, name, cut):
    """A deck's own tier names, however long, shrink to the harvest log's tier box
    (they ran over its right edge), and are cut with "…" past the smallest size."""
    import pypdfium2 as pdfium

    from pnp.render.scorepad import MARGIN
    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    cards = tmp_path / "cards.yaml"
    cards.write_text(src.replace("{min: 55, name: Legend of the Valley}", f"{{min: 55, name: {name}}}", 1),
                     encoding="utf-8")
    page = pdfium.PdfDocument(render_scorepad_pdf(load_deck(str(cards)), "orchard", paper="a4"))[0]
    text = page.get_textpage()
    whole = text.get_text_range()
    start = whole.index(name[:30])
    shown = whole[start:].splitlines()[0]
    assert shown == name if not cut else (shown.endswith("…") and name.startswith(shown[:-1])), shown
    right = max(text.get_charbox(i)[2] for i in range(start, start + len(shown)))
    box_right = page.get_width() - MARGIN * 72 / 25.4
    assert right <= box_right - 1, (right, box_right)


def test_a_long_game_title_fits_the_header(tmp_path):
    import pypdfium2 as pdfium

    from pnp.render.scorepad import MARGIN
    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    title = "Orchard The Extremely Long Deluxe Anniversary Collector Edition"
    cards = tmp_path / "cards.yaml"
    cards.write_text(src.replace("    title: Orchard\n", f"    title: {title}\n", 1), encoding="utf-8")
    page = pdfium.PdfDocument(render_scorepad_pdf(load_deck(str(cards)), "orchard", paper="a4"))[0]
    text = page.get_textpage()
    heading = f"{title}: harvest log"
    start = text.get_text_range().index(heading)
    right = max(text.get_charbox(i)[2] for i in range(start, start + len(heading)))
    assert right <= page.get_width() - MARGIN * 72 / 25.4 + 0.5


def test_long_recipe_names_keep_to_their_column(monkeypatch):
    """The Recipe Challenge log's "recipe numbers by card": each entry within its
    quarter of the page, however long the deck's recipe names (they ran into one
    another); an entry too long even when small is cut with an ellipsis."""
    from dataclasses import replace

    from pnp.render import scorepad
    from pnp.render.draw import PT, text_width
    gd = load_deck().game("grove")
    gd = replace(gd, cards=tuple(replace(c, recipe=replace(c.recipe, name="Grandmother's Famous Slow-Simmered "
                                                           + c.recipe.name)) for c in gd.cards))
    drawn = []
    real = scorepad.Page.text

    def text(self, x, y, s, size=9.0, bold=False, **kw):
        drawn.append((x, s, size, bold, self.W))
        return real(self, x, y, s, size, bold, **kw)
    monkeypatch.setattr(scorepad.Page, "text", text)
    scorepad.render_scorepad_pdf(gd, paper="a4")
    entries = [(x, s, size, W) for x, s, size, bold, W in drawn if re.match(r"\d+\. Grandmother", s)]
    assert len(entries) == len(gd.cards)
    for x, s, size, W in entries:
        column = (W - 2 * scorepad.MARGIN) / 4
        assert x + text_width(s, size) * PT <= x + column - 1.5, s
    assert any("…" in s for _, s, _, _ in entries)  # these names are long enough to be cut


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["orchard", "orchard-pnp", "grove", "orchards-market"])
def test_every_letter_of_a_score_pad_is_on_its_page(game, paper):
    """The Grove recipe log's heading ran off the A4 page ("... + bonu")."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(render_scorepad_pdf(load_deck(), game, paper=paper))
    for page in doc:
        width = page.get_width()
        text = page.get_textpage()
        for i in range(text.count_chars()):
            left, _, right, _ = text.get_charbox(i)
            assert 0 <= left and right <= width - 5, (game, paper, text.get_text_range()[max(0, i - 30):i + 1])


def test_an_orchard_deck_without_rotten_tokens_has_no_column_for_them(tmp_path):
    """Its playing-together page kept a "Rotten tokens" column to fill in."""
    from pypdf import PdfReader

    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    cards = tmp_path / "cards.yaml"
    cards.write_text(src.replace("rotten_tokens: 2", "rotten_tokens: 0", 1), encoding="utf-8")
    pages = PdfReader(io.BytesIO(render_scorepad_pdf(load_deck(str(cards)), "orchard"))).pages
    together = re.sub(r"\s+", " ", pages[-1].extract_text())
    assert "Player Score Dice in orchard Place Tier" in together and "Rotten" not in together, together
    assert "Rotten tokens" in page_texts("orchard")[-1]
