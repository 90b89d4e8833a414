"""Rules sheets: numbers from the deck, examples from the engine, words of our own."""
from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.deck import load_deck
from pnp.games import find_game
from pnp.notation import Move
from pnp.render.board import die_values
from pnp.render.rules import example_figures, render_rules_pdf
from pnp.rules import GAMES, rules_sheet
from pnp.rules.examples import EXAMPLES, example_steps

SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"


@lru_cache(maxsize=None)
def pdf_bytes(game: str, paper: str = "a4") -> bytes:
    return render_rules_pdf(load_deck(), game, paper=paper)


@lru_cache(maxsize=None)
def pdf_text(game: str) -> str:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf_bytes(game)))
    return "\n".join(page.extract_text() for page in reader.pages)


def pages(game: str, paper: str = "a4"):
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(pdf_bytes(game, paper))).pages


def has_number(text: str, n: int) -> bool:
    return re.search(rf"(?<![\d]){n}(?![\d])", text) is not None


@pytest.mark.parametrize("game", GAMES)
def test_tiers_in_the_pdf(game):
    gd = load_deck().game(game)
    text = pdf_text(game)
    for i, tier in enumerate(gd.tiers):
        assert tier.name in text, tier.name
        assert has_number(text, tier.min) if i else \
            f"up to {gd.tiers[1].min - 1} {tier.name}" in re.sub(r"\s+", " ", text), tier


@pytest.mark.parametrize("game", GAMES)
def test_component_counts_in_the_pdf(game):
    gd = load_deck().game(game)
    text = pdf_text(game)
    if game == "orchards-market":
        counts = [sum(n for _, n in gd.fruit_cards), len(gd.buyers)] + [n for _, n in gd.fruit_cards]
        for f in gd.fruits:
            assert f.name in text
    else:
        counts = [len(gd.cards), gd.dice_per_fruit * len(gd.fruits), gd.dice_per_fruit, gd.mismatch_tokens]
        assert re.search(rf"{len(gd.cards)} (double-sided )?(orchard|grove) cards", text)
        assert f"{gd.dice_per_fruit * len(gd.fruits)} dice" in text
    for n in counts:
        assert has_number(text, n), n


def test_grove_lists_every_recipe():
    gd = load_deck().game("grove")
    text = re.sub(r"\s+", " ", pdf_text("grove"))
    for card in gd.cards:
        assert card.recipe.name in text


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_example_replays_and_figures_show_the_engines_dice(game):
    gd = load_deck().game(game)
    deal, moves = EXAMPLES[game]
    steps = example_steps(gd)
    assert len(steps) == 1 + len(moves) == 4
    final = find_game(game, gd).replay(deal, [Move.parse(m) for m in moves])  # legal, else raises
    assert steps[-1].state == final
    figures = example_figures(gd, game)
    assert any(dict(s.state.dice()) for s in steps[1:])
    for step, (fig, caption) in zip(steps, figures):
        assert die_values(fig) == {p: s.die for p, s in step.state.dice()}
        assert f"Score so far: {step.score}" in caption or step.number == 0
    # the captions are in the PDF too
    text = re.sub(r"\s+", " ", pdf_text(game))
    assert f"Score so far: {steps[-1].score}" in text


def _words(text: str) -> list[str]:
    return re.sub(r"[^\w]+", " ", text.lower().replace("’", "'").replace("'", "")).split()


def _grams(words: list[str], n: int = 8) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="no ../shared/seeds folder")
@pytest.mark.parametrize("game", GAMES)
def test_no_sentences_copied_from_the_sources(game):
    seed = set()
    for f in sorted(SEEDS.rglob("*")):
        if f.is_file():
            seed |= _grams(_words(f.read_text(encoding="utf-8", errors="replace")))
    ours = _grams(_words(rules_sheet(load_deck().game(game)).text())) | _grams(_words(pdf_text(game)))
    copied = sorted(" ".join(g) for g in ours & seed)
    assert not copied, copied[:5]


@pytest.mark.parametrize("game", GAMES)
def test_pages_and_paper(game):
    for paper, (w, h) in (("a4", (595.3, 841.9)), ("letter", (612.0, 792.0))):
        ps = pages(game, paper)
        assert 2 <= len(ps) <= 4
        box = ps[0].mediabox
        assert abs(float(box.width) - w) < 1 and abs(float(box.height) - h) < 1


def test_deterministic():
    assert render_rules_pdf(load_deck(), "orchard") == pdf_bytes("orchard")


def test_cli(tmp_path):
    r = CliRunner().invoke(cli, ["rules", "orchard-pnp", "--paper", "letter", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "orchard-pnp" / "orchard-pnp-rules-letter.pdf").read_bytes()[:5] == b"%PDF-"
    r = CliRunner().invoke(cli, ["rules", "chess", "--out", str(tmp_path)])
    assert r.exit_code == 2
    assert len(r.output.strip().splitlines()) == 1 and "chess" in r.output
    r = CliRunner().invoke(cli, ["rules", "--help"])
    assert r.exit_code == 0 and "--paper" in r.output


def test_edited_deck_without_the_example_cards(tmp_path):
    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    lines = [ln for ln in src.splitlines() if not re.match(r"\s+- \{id: 1[0-8], face", ln)]
    cards = tmp_path / "cards.yaml"
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    deck = load_deck(str(cards))
    assert len(deck.game("orchard").cards) == 9
    from pypdf import PdfReader

    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(render_rules_pdf(deck, "orchard"))).pages)
    text = re.sub(r"\s+", " ", text)
    # the scripted example (cards 1, 6, 11, 13) cannot be dealt: the engine plays one on cards 1 to 4
    # (the sheet said only that the example did not replay)
    assert "does not replay" not in text
    assert "Start: card 1 lies upright" in text and "In hand: 2 and 3." in text
    assert all(f"Turn {i} (" in text for i in (1, 2, 3)), text
    assert re.search(r"9 orchard cards", text)
    # the notation box quotes that example's deal and first move, not the scripted one's cards
    from pnp.rules.examples import example_line
    deal, moves = example_line(deck.game("orchard"))
    assert f"Deal {deal},..." in text and f"Move {moves[0]}:" in text and "orchard:1,6,11,13" not in text


@pytest.mark.parametrize("game, edit", [
    ("orchard", ("rotten_tokens: 2", "rotten_tokens: 0")),  # the scripted example spends a rotten token
    ("grove", ("squirrels: 1", "squirrels: 0")),
    ("orchard-pnp", ("{id: 4, a:", "{id: 44, a:")),  # its card 4 renumbered
])
def test_a_deck_the_scripted_example_does_not_replay_on_gets_one_played_by_the_engine(tmp_path, game, edit):
    from pnp.games import find_game
    from pnp.rules.examples import EXAMPLES, example_line, example_steps
    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    assert edit[0] in src
    cards = tmp_path / "cards.yaml"
    cards.write_text(src.replace(edit[0], edit[1], 1), encoding="utf-8")
    gd = load_deck(str(cards)).game(game)
    deal, moves = example_line(gd)
    assert len(moves) == 3 and len(example_steps(gd)) == 4
    if game == "grove":  # its scripted example spends no squirrel: it replays, and is kept
        assert (deal, moves) == EXAMPLES[game]
        return
    assert deal != EXAMPLES[game][0]
    g = find_game(game, gd)  # the line replays, and each move scores the most it can
    state = g.start(deal)
    for text in moves:
        move = next(m for m in g.legal_moves(state) if m.format() == text)
        assert g.score(g.apply(state, move)) == max(g.score(g.apply(state, m)) for m in g.legal_moves(state))
        state = g.apply(state, move)


def test_a_deck_too_small_for_an_example_says_so(tmp_path):
    cards = tmp_path / "tiny.yaml"
    cards.write_text("games:\n  orchard:\n    fruits: {A: {name: Apple, colour: \"#D55E00\", shape: circle}}\n"
                     "    tiers: [{min: 0, name: Any}]\n"
                     "    cards: [{id: 1, face: [\"A A\", \"A A\", \"A A\"]}, {id: 2, face: [\"A A\", \"A A\", "
                     "\"A A\"]}]\n", encoding="utf-8")
    from pypdf import PdfReader
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(render_rules_pdf(load_deck(str(cards)),
                                                                                   "orchard"))).pages)
    text = re.sub(r"\s+", " ", text)
    assert "none of its own can be played: an example needs 4 cards, the deck has 2" in text
    # the notation box quotes this deck's cards, not the scripted example's 6, 11 and 13
    assert "orchard:1,2,..." in text and "Move 2 r90 1,0" in text and "orchard:1,6,11,13" not in text
    assert "overlapping fruit trees. 1 fruit, dice ladder" in text  # it said "1 fruits"
    assert "A two-card solitaire" in text


def test_token_counts_read_as_english(tmp_path):
    """A deck's own token counts: one rotten token, two squirrels (the sheet said
    "1 rotten fruit tokens" and "2 squirrel token")."""
    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    cards = tmp_path / "cards.yaml"
    cards.write_text(src.replace("rotten_tokens: 2", "rotten_tokens: 1", 1).replace("squirrels: 1", "squirrels: 2"),
                     encoding="utf-8")
    deck = load_deck(str(cards))
    from pypdf import PdfReader

    def text(game):
        return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in
                                            PdfReader(io.BytesIO(render_rules_pdf(deck, game))).pages))
    orchard, grove = text("orchard"), text("grove")
    assert "1 rotten fruit token (" in orchard and "You have 1 rotten token for the whole game. It lets" in orchard
    assert "both may be spent" not in orchard
    assert "You have 2 rotten tokens for the whole game. Each one lets" in re.sub(r"\s+", " ", pdf_text("orchard"))
    assert "2 squirrel tokens and 1 wheelbarrow token" in grove
    assert "This deck has two squirrels. Each one breaks a rule once" in grove
    # nothing else in the sheet says once per game (it did, in two places)
    assert "once per game" not in grove.lower() and "Up to two times per game you may break" in grove
    assert "The squirrels " in grove and "subtract the cost of each squirrel you used." in grove
    assert "a squirrel stays on the covering tree" in grove
    assert "once per game" in pdf_text("grove").lower()
    assert "1 squirrel token" in re.sub(r"\s+", " ", pdf_text("grove"))
    assert "This deck has" not in pdf_text("grove")
    cards.write_text(src.replace("squirrels: 1", "squirrels: 0"), encoding="utf-8")
    deck = load_deck(str(cards))
    assert "This deck has no squirrel: every square you cover must follow the rules above." in text("grove")
    cards.write_text(src.replace("rotten_tokens: 2", "rotten_tokens: 0", 1), encoding="utf-8")
    deck = load_deck(str(cards))
    assert "This deck has no rotten tokens: every tree you cover must be of the same fruit" in text("orchard")
    assert "0 rotten fruit token" not in text("orchard")  # "0 rotten fruit tokens (coins or cubes are fine)"
    assert "Put the dice within reach" in text("orchard")  # "and the rotten tokens"
    cards.write_text(src.replace("squirrels: 1", "squirrels: 0"), encoding="utf-8")
    deck = load_deck(str(cards))
    assert "0 squirrel" not in text("grove") and "1 wheelbarrow token (this deck has no squirrel)." in text("grove")
    assert "(those on clearings count 0). " in text("grove") and "subtract" not in text("grove")


def test_one_die_a_fruit_reads_as_one_die(tmp_path):
    """A deck with one die of each fruit: the sheets said "1 dice of each fruit"."""
    import yaml
    from pypdf import PdfReader

    data = yaml.safe_load((Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text())
    data["games"]["orchard"]["dice_per_fruit"] = 1
    cards = tmp_path / "cards.yaml"
    cards.write_text(yaml.safe_dump(data), encoding="utf-8")
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in
                                       PdfReader(io.BytesIO(render_rules_pdf(load_deck(str(cards)), "orchard"))).pages))
    assert "3 dice: 1 for each fruit" in text and "The supply holds only 1 die of each fruit." in text, text
    assert "1 dice" not in text
    assert "The supply holds only 5 dice of each fruit." in re.sub(r"\s+", " ", pdf_text("orchard"))


def test_cards_numbered_as_the_deck_numbers_them(tmp_path):
    """A deck whose numbers have a gap (18 renumbered 25): the sheet said "numbered 1 to 18"."""
    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    old = '      - {id: 18, face: ["A P", "A P", "L L"]}'
    assert old in src
    cards = tmp_path / "cards.yaml"
    cards.write_text(src.replace(old, old.replace("id: 18", "id: 25")), encoding="utf-8")
    from pypdf import PdfReader

    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in
                                         PdfReader(io.BytesIO(render_rules_pdf(load_deck(str(cards)), "orchard"))).pages))
    assert "18 orchard cards, numbered 1-17, 25," in text
    assert "18 orchard cards, numbered 1 to 18," in re.sub(r"\s+", " ", pdf_text("orchard"))


def test_the_decks_own_title_heads_its_rules_sheet(tmp_path):
    """The sheet said "Orchard" whatever the deck's ``title:`` (its cards and
    score pads use it); a long title is set smaller, not run off the page."""
    from pypdf import PdfReader

    from pnp.render.draw import text_width
    title = "The Very Long Orchard of Many Splendid Trees, Deluxe Anniversary Edition"
    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    cards = tmp_path / "cards.yaml"
    cards.write_text(src.replace("title: Orchard\n", f"title: {title}\n", 1)
                     .replace("title: Grove\n", "title: Citrus Grove\n", 1), encoding="utf-8")
    deck = load_deck(str(cards))

    def headings(game):
        page = PdfReader(io.BytesIO(render_rules_pdf(deck, game))).pages[0]
        runs = []
        page.extract_text(visitor_text=lambda text, cm, tm, font, size: runs.append((text.strip(), tm[4], size)))
        runs = [run for run in runs if run[0]]
        top = max(size for _, _, size in runs)
        return [(text, x, size) for text, x, size in runs if size == top], float(page.mediabox.width)

    [(text, x, size)], width = headings("orchard")
    assert text == title and 8 < size < 24
    assert x + text_width(title, size, bold=True) <= width - x + 0.01  # within the margins
    [(text, _, size)], _ = headings("grove")
    assert (text, size) == ("Citrus Grove", 24)
    assert f"{title}: rules as pnp plays them" in " ".join(
        p.extract_text() for p in PdfReader(io.BytesIO(render_rules_pdf(deck, "orchard"))).pages)


def test_the_squirrels_die_goes_back_to_the_supply():
    """SPEC §4.3a: a die under the squirrel's tree returns to the supply. The Grove
    sheet said only that it "leaves the grove" / "goes away", as if set aside for good."""
    text = re.sub(r"\s+", " ", pdf_text("grove"))
    assert "a die under that square goes back to the supply (the wheelbarrow leaves the grove for good)" in text
    assert "Whatever die was underneath goes back to the supply" in text
    assert "goes away" not in text


def test_a_caption_says_the_wheelbarrow_under_the_squirrel_leaves_the_grove():
    """The example captions said "The Orange 15 ... goes back to the supply" for the
    wheelbarrow, which leaves the game instead (SPEC §4.3a)."""
    from positions import play, position

    from pnp.rules.examples import describe_change

    gd = load_deck().game("grove")
    game, state = position("grove:1,2,3,4", ["L1:W - - O2:10"])
    after = play(game, state, "2 r0 0,0")  # O1 over the lemon wheelbarrow: the squirrel
    lines = describe_change(gd, state, after)
    assert "The Lemon wheelbarrow under 0,0 leaves the grove for good." in lines, lines
    assert not any("15" in line for line in lines), lines
    game, state = position("grove:1,2,3,4", ["L1:3"])
    lines = describe_change(gd, state, play(game, state, "2 r0 0,0"))
    assert "The Lemon 3 under 0,0 goes back to the supply." in lines, lines


def test_long_fruit_names_stay_on_the_planting_diagrams_cards():
    """A long market fruit name ran out of its 14 mm card in the planting diagram
    (and under the next card); names now shrink, then are cut, as do the "+1" labels."""
    from dataclasses import replace

    from figures import extents
    from pnp.render.rules import planting_figure
    from pnp.rules import _planting

    gd = load_deck().game("orchards-market")
    long = "Pomegranate of Granada"
    gd = replace(gd, fruits=tuple(replace(f, name=long) if i == 0 else f for i, f in enumerate(gd.fruits)))
    fig = planting_figure(gd, _planting(gd))
    texts = [(it, box) for it, box in extents(fig.items) if getattr(it, "text", None)]
    assert any(it.text.startswith("Pomegranate") and it.text.endswith("…") for it, _ in texts), texts
    cards = [(it.x, it.x + it.w) for it in fig.walk() if type(it).__name__ == "Rect"]
    for it, (x0, _, x1, _) in texts:
        assert x1 <= fig.width + 1e-6, it.text
        if not it.text.startswith("+1"):  # a name on a card: within that card
            assert any(a - 1e-6 <= x0 and x1 <= b + 1e-6 for a, b in cards), (it.text, x0, x1)


def test_the_sheets_say_what_the_score_is_and_who_wins_a_tie(tmp_path):
    """Three slips in the sheets' wording: "Your score is the fruit the dice show"
    (every solitaire sheet); "all orchards begin with the same card" on the Grove
    sheet; "the player who used fewer squirrels" with one squirrel in the deck."""
    orchard, grove = (re.sub(r"\s+", " ", pdf_text(g)) for g in ("orchard", "grove"))
    assert "Your score is what the dice add up to at the end." in orchard
    assert "Your score is what the dice on trees add up to at the end." in grove
    assert "the fruit the dice show" not in orchard + grove
    assert "so that all groves begin with the same card" in grove
    assert "so that all orchards begin with the same card" in orchard
    assert "Where scores are equal, the edge goes to a squirrel left unused, and then to more dice in the grove; " \
           "beyond that the players share the win." in grove
    assert "Where scores are equal, the edge goes to fewer rotten tokens spent, and then to more dice in the " \
           "orchard;" in orchard
    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    cards = tmp_path / "cards.yaml"
    cards.write_text(src.replace("squirrels: 1", "squirrels: 0"), encoding="utf-8")
    text = re.sub(r"\s+", " ", rules_sheet(load_deck(str(cards)).game("grove")).text())
    assert "Where scores are equal, the edge goes to more dice in the grove; beyond that" in text
    assert "squirrel unused" not in text


def test_a_market_buyer_wants_both_fruits():
    """A buyer wants a number of one fruit and a number of another: claimed with
    either, sold only with both, the rest from anyone at the table. The sheet and
    the cards said "or", so every claim was a whole order and selling never took
    anyone else's cards."""
    from pnp.render.cards import buyer_card

    text = re.sub(r"\s+", " ", pdf_text("orchards-market"))
    assert "Each asks for a number of one fruit and a number of another" in text
    assert "if your harvested cards already cover one of its two wants (either one)" in text
    assert "the cards under it cover one want; the other is filled with free harvested cards of its fruit " \
           "from anyone at the table" in text
    assert "if your own harvested cards cover both its wants" in text
    assert " or " not in text.split("buyer cards.")[1].split("A pencil")[0]
    gd = load_deck().game("orchards-market")
    words = [it.text for it in buyer_card(gd, gd.buyers[0]).walk() if getattr(it, "text", None)]
    assert "and" in words and "or" not in words, words
    assert "An orchard card is shut in when other orchard cards run the full length of each of its four edges." \
        in text and "Every card shut in now goes back to its pile, and its fruit is harvested" in text


@pytest.mark.parametrize("game", ["orchard", "grove"])
def test_playing_together_says_a_stuck_player_stops(game):
    """SPEC §3.3: a game ends at once when neither hand card can be placed; played
    together, the sheet said only that the game runs until the last card."""
    text = re.sub(r"\s+", " ", pdf_text(game))
    assert "a player neither of whose two cards fits anywhere stops there and keeps the score they have" in text


@pytest.mark.parametrize("game, keep, says", [
    ("orchard", 8, ["A game uses all of them", "Shuffle the eight cards, face down: that is your stack for this "
                    "game (this deck makes a game of eight cards, not nine)."]),
    ("orchard", 12, ["A game uses nine of them", "count off nine, face down: that is your stack for this game. "
                     "The other three sit out"]),
    ("orchard-pnp", 5, ["Mix the five cards both ways up"]),
    ("grove", 10, ["count off nine, recipe sides up", "The other one sits out until your next game.",
                   "(A challenge takes eleven cards, nine and two recipes; this deck has ten, so its challenge plays "
                   "the eight left.)"]),
])
def test_the_set_up_counts_the_decks_own_cards(tmp_path, game, keep, says):
    """The sheets said "count off nine" and "the other nine sit out" whatever the
    deck held: an 8-card deck cannot give nine, a 12-card one leaves three out."""
    import yaml

    data = yaml.safe_load((Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text())
    data["games"][game]["cards"] = data["games"][game]["cards"][:keep]
    cards = tmp_path / "cards.yaml"
    cards.write_text(yaml.safe_dump(data), encoding="utf-8")
    text = re.sub(r"\s+", " ", rules_sheet(load_deck(str(cards)).game(game)).text())
    for s in says:
        assert s in text, s
    shipped = re.sub(r"\s+", " ", rules_sheet(load_deck().game(game)).text())
    assert "eleven cards" not in shipped and "not nine" not in shipped


def test_a_very_long_title_is_cut_in_the_band_and_the_foot(tmp_path):
    """A 480-character title shrank the band's title past reading and ran the
    foot over "page 1" and off the page; both are now cut, with "…"."""
    import pypdfium2 as pdfium

    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    title = "The Very Long Orchard of Many Splendid Trees " * 10
    cards = tmp_path / "cards.yaml"
    cards.write_text(src.replace("title: Orchard\n", f"title: {title.strip()}\n", 1), encoding="utf-8")
    pdf = pdfium.PdfDocument(render_rules_pdf(load_deck(str(cards)), "orchard"))
    for i in range(len(pdf)):
        page = pdf[i]
        text = page.get_textpage()
        n = text.count_chars()
        boxes = [text.get_charbox(k) for k in range(n)]
        assert all(0 <= b[0] and b[2] <= page.get_width() for b in boxes), i
        whole = text.get_text_range()
        cut = [ln for ln in whole.splitlines() if ln.startswith("The Very Long")]
        assert cut and all("…" in ln for ln in cut), cut
        assert f"page {i + 1}" in whole


def _edited_sheet_text(tmp_path, game, edit) -> str:
    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    if edit:
        assert edit[0] in src
        src = src.replace(edit[0], edit[1], 1)
    cards = tmp_path / "cards.yaml"
    cards.write_text(src, encoding="utf-8")
    return re.sub(r"\s+", " ", rules_sheet(load_deck(str(cards)).game(game)).text())


@pytest.mark.parametrize("game, edit, gone, kept", [
    ("grove", ("squirrels: 1", "squirrels: 0"),
     ["by sending in the squirrel", "If you broke a rule", "subtract the squirrel", "with a squirrel,"],
     ["This deck has no squirrel", "a wheelbarrow and a recipe challenge"]),
    ("orchard", ("rotten_tokens: 2", "rotten_tokens: 0"),
     ["except where you spend a rotten token", "Mismatches first"],
     ["no rotten tokens", "must be the same fruit as the tree that covers it."]),
    ("grove", None, [], ["by sending in the squirrel", "If you broke a rule", "subtract the squirrel's cost"]),
])
def test_a_deck_without_tokens_is_not_told_to_spend_them(tmp_path, game, edit, gone, kept):
    text = _edited_sheet_text(tmp_path, game, edit)
    assert not [g for g in gone if g in text] and all(k in text for k in kept), text


def test_a_deck_of_eight_plays_eight_everywhere_on_its_sheet(tmp_path):
    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    lines = [ln for ln in src.splitlines() if not re.match(r"\s+- \{id: (9|1[0-8]), face", ln)]
    cards = tmp_path / "cards.yaml"
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    gd = load_deck(str(cards)).game("orchard")
    assert len(gd.cards) == 8
    text = re.sub(r"\s+", " ", rules_sheet(gd).text())
    assert "counts off nine" not in text and "shuffles their 8 cards and reveals them one at a time" in text
    assert "nine" not in text.replace("not nine", ""), text
    stock = re.sub(r"\s+", " ", rules_sheet(load_deck().game("grove")).text())
    assert "when your last card is down" in stock and "counts off nine face down" in stock


def test_grove_sheet_counts_only_dice_on_trees_and_quotes_its_deals():
    """A new player's reading of the Grove sheet: the example's third turn said
    '6 dice worth 17' with one of them on a clearing (it scores 0); the check
    command printed a deal unquoted (a recipe deal's ; ends a shell command);
    the challenge's final score read as taking the squirrel off twice, and did
    not say which score the tiers rate."""
    text = re.sub(r"\s+", " ", rules_sheet(load_deck().game("grove")).text())
    printed = re.sub(r"\s+", " ", pdf_text("grove"))  # the example's captions are in the figure
    assert "Score so far: 17 (5 dice on trees worth 17)." in printed and "6 dice worth 17" not in printed
    assert 'pnp verify "grove:..." game.txt' in text and "keep the deal in quotes on a command line" in text
    assert "Your final score is the usual score plus the rewards, and the tiers rate that final score." in text
    assert "minus the squirrel" not in text


def test_the_market_sheet_follows_the_deck_s_fruits_buyers_and_players(tmp_path):
    """A market deck of five fruits and three buyers all paying 2: the sheet said
    "two rows of three" and drew six start cards (two fruits twice), "pays 2 to
    2 bonus points", and "turn the top four face up" with three buyers; it never
    said a planted card may lie sideways, and promised any number of players
    where the score sheet has six columns."""
    from pnp.render.rules import planting_figure
    from pnp.rules import MARKET_PLAYERS, _planting

    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    head, _, rest = src.partition("  orchards-market:\n")
    mine = (head + "  orchards-market:\n    title: Small market\n    fruits:\n"
            "      A: {name: Apple, colour: \"#D55E00\", shape: circle}\n"
            "      O: {name: Orange, colour: \"#E69F00\", shape: hexagon}\n"
            "      M: {name: Lime, colour: \"#009E73\", shape: diamond}\n"
            "      P: {name: Pear, colour: \"#F0E442\", shape: teardrop}\n"
            "      L: {name: Plum, colour: \"#CC79A7\", shape: heart}\n"
            "    fruit_cards: {A: 20, O: 20, M: 20, P: 20, L: 20}\n    buyers:\n"
            "      - {id: 1, wants: {A: 3, O: 2}, points: 2}\n"
            "      - {id: 2, wants: {M: 3, P: 2}, points: 2}\n"
            "      - {id: 3, wants: {L: 3, A: 2}, points: 2}\n")
    cards = tmp_path / "cards.yaml"
    cards.write_text(mine, encoding="utf-8")
    gd = load_deck(str(cards)).game("orchards-market")
    text = re.sub(r"\s+", " ", rules_sheet(gd).text())
    assert "a row of three over a row of two, lined up on the right, say" in text and "rows of three" not in text
    assert "3 buyer cards. Each asks" in text and "pays 2 bonus points." in text and "2 to 2" not in text
    assert "Lay all three buyer cards face up" in text and "top four" not in text
    block = _planting(gd)
    assert block.top == ("A", "O", "M") and block.bottom == ("P", "L") and block.planted == "L"
    fig = planting_figure(gd, block)
    assert sum(type(it).__name__ == "Rect" for it in fig.walk()) == 5 + 1  # one card a fruit, and the new one
    stock = re.sub(r"\s+", " ", rules_sheet(load_deck().game("orchards-market")).text())
    assert "two rows of three, say" in stock and "turn the top four face up" in stock
    assert "It may stand upright or lie sideways" in stock and "pays 1 to 3 bonus points" in stock
    assert f"a card game for two to {['', '', 'two', 'three', 'four', 'five', 'six'][MARKET_PLAYERS]} players" in stock


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["orchard", "orchard-pnp", "grove"])
def test_the_example_is_read_on_one_page(game, paper):
    """The A4 sheets began the example at the foot of page 1 and ended it on
    page 2 (Grove's start alone on page 1): a reader turned the page mid-game.
    Kept whole, it comes after the rules, so that they fill the first page (a
    third of its second column was left blank before them)."""
    texts = [re.sub(r"\s+", " ", p.extract_text()) for p in pages(game, paper)]
    assert ("Recipe Challenge" if game == "grove" else "Playing together") in texts[0], texts[0][-300:]
    steps = [c for _, c in example_figures(load_deck().game(game), game)]
    marks = ["Example: a start and", "Drawn by replaying the moves"] + [re.sub(r"\s+", " ", c)[:30] for c in steps]
    on = {m: [i for i, t in enumerate(texts) if m in t] for m in marks}
    assert all(len(v) == 1 for v in on.values()), on
    assert len({v[0] for v in on.values()}) == 1, on


@pytest.mark.parametrize("game", ["orchard", "orchard-pnp", "grove"])
def test_the_examples_legend_names_only_the_pieces_it_draws(game):
    """The Grove legend explained the squirrel and the wheelbarrow, and
    orchard-pnp's the rotten token, though no turn of theirs shows one."""
    from pnp.render.board import drawn_pieces

    shown = set().union(*(drawn_pieces(fig) for fig, _ in example_figures(load_deck().game(game), game)))
    legend = re.sub(r"\s+", " ", pdf_text(game)).split("Drawn by replaying the moves")[1][:400]
    assert ("a ringed cross is a rotten token" in legend) == ("rotten" in shown)
    assert ("a grey S is the squirrel" in legend) == ("squirrel" in shown)
    assert ("the gold barrow is the wheelbarrow (15)" in legend) == ("wheelbarrow" in shown)
    assert "dice show their values; " in legend and "the gold frame marks the card just played" in legend
    if game == "orchard":
        assert shown == {"rotten"}  # its third turn spends a token: the legend must say what the cross is


def test_the_grove_sheet_says_which_trees_get_new_dice():
    """A tree laid on another fruit's tree with the squirrel gets no die; the sheet
    said only "A tree laid on a tree without a die: a die of that fruit"."""
    grove = re.sub(r"\s+", " ", pdf_text("grove"))
    assert "New dice. A tree laid on a tree of its own fruit without a die: a die of that fruit" in grove
    assert "the squirrel stays on the covering tree, which gets no die." in grove
    assert "The square with the squirrel can never be covered." in grove


def test_what_a_deck_without_tokens_or_with_two_squirrels_leaves_out(tmp_path):
    """A deck of no rotten tokens still took off 3 for each token at scoring; one
    of two squirrels still read "The square with the squirrel" and its recipe
    "You never spent the squirrel"."""
    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    cards = tmp_path / "cards.yaml"

    def text(edit, game):
        cards.write_text(edit(src), encoding="utf-8")
        return re.sub(r"\s+", " ", rules_sheet(load_deck(str(cards)).game(game)).text())
    orchard = text(lambda s: s.replace("rotten_tokens: 2", "rotten_tokens: 0", 1), "orchard")
    assert "Add up the values of all dice in the orchard. Find your harvest" in orchard
    assert "take off" not in orchard
    assert "take off 3 for every rotten token you used" in re.sub(r"\s+", " ", pdf_text("orchard"))
    two = text(lambda s: s.replace("squirrels: 1", "squirrels: 2"), "grove")
    assert "A square with a squirrel can never be covered." in two and "The square with the squirrel" not in two
    assert "You spent none of the squirrels." in two and "You never spent the squirrel." not in two
    none = text(lambda s: s.replace("squirrels: 1", "squirrels: 0"), "grove")
    assert "can never be covered" not in none and "Always met: this deck has no squirrel to spend." in none
    assert "You never spent the squirrel." in re.sub(r"\s+", " ", pdf_text("grove"))


def test_the_recipe_tables_wheelbarrow_note_limits_the_goal():
    """"The wheelbarrow does not count as a die here." stood in the Reward
    column, though it narrows the goal ("Your Lime dice add up to 18 or more")."""
    from pnp.rules import Table as SheetTable

    gd = load_deck().game("grove")
    rows = [r for sec in rules_sheet(gd).sections for b in sec.blocks if isinstance(b, SheetTable)
            and b.kind == "recipes" for r in b.rows]
    noted = [r for r in rows if "does not count as a die here" in " ".join(r)]
    assert len(noted) == sum(1 for c in gd.cards if c.recipe and not c.recipe.wheelbarrow_counts) > 0
    assert all("does not count as a die here" in r[3] and "wheelbarrow" not in r[4] for r in noted), noted


def test_a_custom_decks_sheet_speaks_of_its_own_fruits_cards_and_squirrels(tmp_path):
    """Words fixed to the shipped decks: "citrus" for any fruits, "A eight-card",
    "with a squirrel" for two or none, the squirrel's rules with none, recipes=4,12
    in an eight-card deck, a Lime in the market's harvest whatever the fruits, and
    a market refilled from a buyer pile that is not there."""
    import yaml

    data = yaml.safe_load((Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text())
    grove = data["games"]["grove"]
    for key, name in zip(grove["fruits"], ("Cherry", "Blueberry", "Gooseberry")):
        grove["fruits"][key]["name"] = name
    grove["cards"] = grove["cards"][:8]
    grove["squirrels"] = 2
    market = data["games"]["orchards-market"]
    for f in market["fruits"].values():
        if f["name"] == "Lime":
            f["name"] = "Passion Fruit"
    market["buyers"] = market["buyers"][:3]
    orchard = data["games"]["orchard"]
    orchard["cards"] = orchard["cards"][:8]
    cards = tmp_path / "cards.yaml"
    cards.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    deck = load_deck(str(cards))

    def text(game):
        sheet = rules_sheet(deck.game(game))
        return re.sub(r"\s+", " ", sheet.tagline + " " + sheet.text())
    g = text("grove")
    assert g.startswith("An eight-card fruit solitaire with two squirrels, a wheelbarrow and a recipe challenge.")
    assert "A grove of fruit trees grows from eight cards." in g and "citrus" not in g
    assert "recipes=1,2" in g and "recipes=4,12" not in g
    assert text("orchard").startswith("An eight-card solitaire of overlapping fruit trees.")
    m = text("orchards-market")
    assert "(Say an Apple card ends up" in m and "back to the Apple pile" in m and "out their Apples" in m
    assert "Lime" not in m
    assert "Refill the market" not in m
    grove["squirrels"] = 0
    cards.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    none = re.sub(r"\s+", " ", rules_sheet(load_deck(str(cards)).game("grove")).text())
    assert "The squirrel lets" not in none and "This deck has no squirrel" in none
    shipped = rules_sheet(load_deck().game("grove")).tagline
    assert shipped.startswith("A nine-card citrus solitaire with a squirrel, a wheelbarrow")
    assert "Refill the market from the buyer pile while it lasts." in re.sub(r"\s+", " ", pdf_text("orchards-market"))
