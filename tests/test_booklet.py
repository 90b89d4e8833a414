"""Puzzle booklets: pages, text, answer-key figures, determinism, the CLI.

Puzzles are made by hand from a real deal and a legal line (the greedy beam
player's), so the test needs neither the archive nor the slow generator.
"""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import cli
from pnp.deck import load_deck
from pnp.games import find_game
from pnp.puzzles.collect import gather, week_of
from pnp.puzzles.daily import Puzzle, candidate_deal, parse_date
from pnp.puzzles.difficulty import beam_play
from pnp.render.board import die_values
from pnp.render.draw import Rect, Text, text_width
from pnp.render.booklet import (PAPERS, answer_figure, booklet_name, booklet_pages, write_booklet,
                                write_caller_sheet, write_puzzle_sheet)

DATES = ("2026-12-07", "2026-12-08", "2026-12-09")


def _puzzle(game_id: str, date: str) -> Puzzle:
    deck = load_deck()
    game = find_game(game_id, deck)
    deal = game.parse_deal(candidate_deal(game, date, 0))
    line = beam_play(game, deal, 1)
    target = line.score if game_id != "grove" else game.target(deal)
    return Puzzle(game_id, date, deal, target, 0, line.score, line.score, False, line.score + 20,
                  tuple(line.moves), ladder=(line.score,))


@pytest.fixture(scope="module")
def orchard_puzzles():
    return [_puzzle("orchard", d) for d in DATES]


@pytest.fixture(scope="module")
def grove_puzzles():
    return [_puzzle("grove", d) for d in DATES[:2]]


def _text(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def _pages(n: int) -> int:
    """cover + one page per puzzle + caller sheet + answer keys two to a page."""
    return 1 + n + 1 + (n + 1) // 2


class TestBooklet:
    def test_pages_and_text(self, tmp_path, orchard_puzzles):
        path = write_booklet(load_deck(), "orchard", orchard_puzzles, tmp_path / "b.pdf")
        data = path.read_bytes()
        pages = _text(data)
        assert len(pages) == _pages(len(orchard_puzzles))
        reader = PdfReader(io.BytesIO(data))
        w, h = (float(v) * 25.4 / 72 for v in reader.pages[0].mediabox[2:])
        assert (round(w), round(h)) == (210, 297)
        n = len(orchard_puzzles)
        for i, p in enumerate(orchard_puzzles):
            page = pages[1 + i]
            assert p.id in page
            assert str(p.target) in page
            for c in p.deal.cards:  # every card number is printed on the page
                assert c.format() in page
            assert f"pnp verify {p.id}" in page
        keys = "\n".join(pages[n + 2:])
        for p in orchard_puzzles:
            assert p.id in keys
            for m in p.answer:
                assert m.format() in keys
            assert f"no line beats {p.bound}" in keys
        caller = pages[n + 1]
        assert "Caller sheet" in caller
        for p in orchard_puzzles:
            assert p.date in caller and not any(m.format() in caller for m in p.answer if " r" in m.format())

    def test_deterministic(self, tmp_path, orchard_puzzles):
        a = write_booklet(load_deck(), "orchard", orchard_puzzles, tmp_path / "a.pdf").read_bytes()
        b = write_booklet(load_deck(), "orchard", orchard_puzzles, tmp_path / "b.pdf").read_bytes()
        assert a == b

    def test_letter_and_grove_recipes(self, tmp_path, grove_puzzles):
        deck = load_deck()
        data = write_booklet(deck, "grove", grove_puzzles, tmp_path / "g.pdf", "letter").read_bytes()
        reader = PdfReader(io.BytesIO(data))
        assert len(reader.pages) == _pages(len(grove_puzzles))
        w, h = (float(v) * 25.4 / 72 for v in reader.pages[0].mediabox[2:])
        assert (round(w, 1), round(h, 1)) == PAPERS["letter"]
        gd = deck.game("grove")
        page = reader.pages[1].extract_text()
        for r in grove_puzzles[0].deal.recipes:
            rec = gd.card(r).recipe
            assert rec.name in page and str(rec.number) in page
        assert "Goal:" in page and "Reward:" in page

    def test_answer_figure_from_replayed_state(self, orchard_puzzles, grove_puzzles):
        deck = load_deck()
        for p in orchard_puzzles + grove_puzzles:
            game = find_game(p.game, deck)
            fig, state = answer_figure(deck.game(p.game), game, p)
            expected = {pos: spot.die for pos, spot in game.replay(p.deal, list(p.answer)).top if spot.die}
            assert die_values(fig) == expected
            assert expected  # a real line leaves dice in the orchard
            assert game.score(state) == p.best

    def test_figures_stay_on_the_page(self, orchard_puzzles, grove_puzzles):
        deck = load_deck()
        for game_id, ps in (("orchard", orchard_puzzles), ("grove", grove_puzzles)):
            for paper, (w, h) in PAPERS.items():
                for fig in booklet_pages(deck, game_id, ps, paper):
                    assert (fig.width, fig.height) == (w, h)
                    for it in fig.items:  # page-level text and boxes stay inside the margins
                        if isinstance(it, Text):
                            tw = text_width(it.text, it.size, it.font, it.bold)
                            left = it.x - {"start": 0, "middle": tw / 2, "end": tw}[it.anchor]
                            assert 5 <= left and left + tw <= w - 5, (paper, it.text)
                            assert it.size >= 2.2, it.text  # about 6 pt at least
                            assert 5 <= it.y <= h - 5, it.text
                        elif isinstance(it, Rect):
                            assert 5 <= it.x and it.x + it.w <= w - 5 and 5 <= it.y and it.y + it.h <= h - 5

    def test_the_decks_own_title_heads_the_booklet(self, tmp_path, orchard_puzzles):
        """The cover, caller sheet and feet said "Orchard" for the print-and-play
        edition too (the title cut at its bracket); they carry the deck's whole
        title, set smaller where it is long."""
        deck = load_deck()
        pnp_puzzles = [_puzzle("orchard-pnp", d) for d in DATES[:2]]
        pages = _text(write_booklet(deck, "orchard-pnp", pnp_puzzles, tmp_path / "b.pdf").read_bytes())
        assert "Orchard (print-and-play edition) daily puzzles" in pages[0]
        assert "Caller sheet: Orchard (print-and-play edition) puzzles" in pages[3]
        assert all("pnp · Orchard (print-and-play edition) daily puzzles · 2026-12-07 to 2026-12-08"
                   in " ".join(page.split()) for page in pages[1:])
        title = "The Very Long Orchard of Many Splendid Trees, Deluxe Anniversary Edition " * 2
        src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
        cards = tmp_path / "cards.yaml"
        cards.write_text(src.replace("title: Orchard\n", f"title: {title.strip()}\n", 1), encoding="utf-8")
        long_deck = load_deck(str(cards))
        figs = booklet_pages(long_deck, "orchard", orchard_puzzles)
        cover = [it for it in figs[0].items if isinstance(it, Text) and it.text.startswith("The Very")]
        assert len(cover) == 1 and 2.2 <= cover[0].size < 12
        for fig in figs:  # every title and foot stays within the margins
            for it in fig.items:
                if isinstance(it, Text) and "Very Long" in it.text:
                    tw = text_width(it.text, it.size, it.font, it.bold)
                    left = it.x - {"start": 0, "middle": tw / 2, "end": tw}[it.anchor]
                    assert 5 <= left and left + tw <= fig.width - 5, it.text

    def test_long_names_are_cut_within_the_margins(self, tmp_path, grove_puzzles):
        """A tier or recipe name, or a title, too long for its line even set small
        ran off the page (shrunk to 2.2 mm and no further); it is now cut, with "…"."""
        src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
        long = "The Most Splendid and Unbelievably Long-Winded Name Anyone Ever Gave to a Thing " * 3
        for old in ("title: Grove\n", "name: Grove Master}", "name: Sunrise Marmalade,"):
            assert old in src
            src = src.replace(old, old.replace(old.split(": ")[1].rstrip("\n},"), long.strip()), 1)
        cards = tmp_path / "cards.yaml"
        cards.write_text(src, encoding="utf-8")
        figs = booklet_pages(load_deck(str(cards)), "grove", grove_puzzles)
        cut = set()
        for fig in figs:
            for it in fig.items:
                if isinstance(it, Text):
                    tw = text_width(it.text, it.size, it.font, it.bold)
                    left = it.x - {"start": 0, "middle": tw / 2, "end": tw}[it.anchor]
                    assert 5 <= left and left + tw <= fig.width - 5, it.text
                    if it.text.startswith("The Most") and it.text.endswith("…"):
                        cut.add(it.size)
        assert cut and min(cut) >= 2.2, cut

    def test_caller_sheet_and_single_page(self, tmp_path, orchard_puzzles):
        deck = load_deck()
        data = write_caller_sheet(deck, "orchard", orchard_puzzles, tmp_path / "c.pdf").read_bytes()
        pages = _text(data)
        assert len(pages) == 1 and "Caller sheet" in pages[0]
        one = write_puzzle_sheet(deck, "orchard", orchard_puzzles[0], tmp_path / "p.pdf").read_bytes()
        pages = _text(one)
        assert len(pages) == 1 and orchard_puzzles[0].id in pages[0]
        assert not any(m.format() in pages[0] for m in orchard_puzzles[0].answer if " r" in m.format())

    def test_the_caller_sheet_keeps_each_puzzle_id_above_its_rule(self, orchard_puzzles, grove_puzzles):
        """Orchard's rows were 10 mm: the grey puzzle id under each day sat on the
        rule below it, its foot cut off."""
        from pnp.render.booklet import _caller_pages
        from pnp.render.draw import Polyline

        deck = load_deck()
        for game_id, ps in (("orchard", orchard_puzzles), ("grove", grove_puzzles)):
            fig = _caller_pages(210, 297, deck.game(game_id), ps, "foot", 1)[0].fig
            rules = sorted(it.points[0][1] for it in fig.items if isinstance(it, Polyline))
            for p in ps:
                (tid,) = [it for it in fig.items if isinstance(it, Text) and it.text == p.id]
                below = min(y for y in rules if y > tid.y - tid.size)
                assert tid.y + 0.25 * tid.size < below, (game_id, p.id, tid.y, below)  # the descenders clear it

    def test_name(self):
        assert booklet_name("grove", parse_date("2026-12-07"), 7) == "grove-booklet-2026-12-07-7d.pdf"

    def test_week_of(self):
        week = week_of(parse_date("2026-12-10"))
        assert [d.isoformat() for d in (week[0], week[-1])] == ["2026-12-07", "2026-12-13"]

    def test_the_last_days_there_are(self):
        # the week of 9999-12-31 (a Friday) and a booklet past it were tracebacks ("date value out of range")
        week = week_of(parse_date("9999-12-31"))
        assert [d.isoformat() for d in week] == ["9999-12-27", "9999-12-28", "9999-12-29", "9999-12-30",
                                                 "9999-12-31"]
        assert len(week_of(parse_date("0001-01-07"))) == 7
        r = CliRunner().invoke(cli, ["puzzle", "booklet", "--game", "orchard", "--from", "9999-12-30", "--days", "3"])
        assert r.exit_code == 2 and r.output == (
            "pnp: --days 3 from 9999-12-30 runs past 9999-12-31, the last day there is\n")

    def test_gather_reads_the_archive(self, tmp_path, orchard_puzzles):
        from pnp.puzzles import archive_path

        p = orchard_puzzles[0]
        path = archive_path("orchard", p.date, tmp_path)
        path.parent.mkdir(parents=True)
        path.write_text(p.to_yaml())
        got = gather(find_game("orchard"), [parse_date(p.date)], tmp_path, on_made=lambda _: pytest.fail("generated"))
        assert got == [p]


class TestCli:
    def test_help(self):
        r = CliRunner().invoke(cli, ["puzzle", "booklet", "--help"])
        assert r.exit_code == 0 and "--days" in r.output and "--paper" in r.output

    @pytest.mark.parametrize("bad", ["2026-13-01", "tomorrow", "2026-1-1"])
    def test_bad_date(self, bad):
        r = CliRunner().invoke(cli, ["puzzle", "booklet", "--game", "orchard", "--from", bad])
        assert r.exit_code == 2
        assert len(r.output.strip().splitlines()) == 1 and "Traceback" not in r.output

    def test_writes_from_archive(self, tmp_path, orchard_puzzles):
        from pnp.puzzles import archive_path

        for p in orchard_puzzles:
            path = archive_path("orchard", p.date, tmp_path / "arch")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(p.to_yaml())
        r = CliRunner().invoke(cli, ["puzzle", "booklet", "--game", "orchard", "--from", DATES[0], "--days", "3",
                                     "--archive", str(tmp_path / "arch"), "--out", str(tmp_path / "out"),
                                     "--paper", "letter"])
        assert r.exit_code == 0, r.output
        out = tmp_path / "out" / "orchard-booklet-2026-12-07-3d-letter.pdf"
        assert out.is_file() and str(out) in r.output
        assert len(PdfReader(str(out)).pages) == _pages(3)


class TestBuildStage:
    def test_registered(self):
        from pnp.build import STAGES

        assert "puzzles" in dict(STAGES)

    def test_today_and_the_week(self, tmp_path):
        import json

        from pnp.puzzles import archive_path
        from pnp.render.booklet import build_puzzles

        week = week_of(parse_date("2026-12-10"))
        for d in week:
            p = _puzzle("orchard", d.isoformat())
            path = archive_path("orchard", p.date, tmp_path / "arch")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(p.to_yaml())
        heard = []
        written = build_puzzles(load_deck(), tmp_path / "out", heard.append, games=("orchard",),
                                day=parse_date("2026-12-10"), root=tmp_path / "arch")
        names = sorted(p.name for p in written)
        assert names == ["orchard-2026-12-10.json", "orchard-2026-12-10.pdf", "orchard-2026-12-10.txt",
                         "orchard-booklet-2026-12-07-7d-letter.pdf", "orchard-booklet-2026-12-07-7d.pdf",
                         "orchard-caller-sheet-2026-12-07-7d.pdf"]
        out = tmp_path / "out"
        assert json.loads((out / "orchard-2026-12-10.json").read_text())["id"] == "orchard-2026-12-10"
        assert "draw order:" in (out / "orchard-2026-12-10.txt").read_text()
        assert len(PdfReader(str(out / "orchard-2026-12-10.pdf")).pages) == 1
        assert len(PdfReader(str(out / "orchard-booklet-2026-12-07-7d.pdf")).pages) == _pages(7)
        assert not any(h.startswith("generated") for h in heard)  # all from the archive


def _deck_with_tokens(tmp_path, rotten: int, squirrels: int):
    from pnp.deck import default_cards_path
    src = default_cards_path().read_text(encoding="utf-8")
    assert "rotten_tokens: 2" in src and "squirrels: 1" in src
    cards = tmp_path / f"tokens-{rotten}-{squirrels}.yaml"
    cards.write_text(src.replace("rotten_tokens: 2", f"rotten_tokens: {rotten}", 1)
                     .replace("squirrels: 1", f"squirrels: {squirrels}"), encoding="utf-8")
    return load_deck(str(cards))


@pytest.mark.parametrize("rotten, squirrels, orchard_line, grove_line", [
    (2, 1, "Rotten tokens used", "Squirrel used?"),  # pnp's own cards
    (1, 2, "Rotten token used?", "Squirrels used"),
    (0, 0, None, None),  # nothing to count: no line ("Squirrel used?" was asked all the same)
])
def test_the_puzzle_pages_ask_about_the_tokens_the_deck_has(tmp_path, rotten, squirrels, orchard_line, grove_line):
    from pnp.puzzles import archive_path
    from pnp.puzzles.daily import load_puzzle
    deck = _deck_with_tokens(tmp_path, rotten, squirrels)
    for day, line in (("orchard-2026-11-26", orchard_line), ("grove-2026-11-23", grove_line)):  # no token spent
        game = day.split("-")[0]
        puzzle = load_puzzle(archive_path(game, day[len(game) + 1:]))
        page = _text(write_booklet(deck, game, [puzzle], tmp_path / f"{game}.pdf").read_bytes())[1]
        if line:
            assert line in page, page
        else:
            assert "used" not in page and "Rotten" not in page and "Squirrel" not in page, page


def test_an_answer_key_names_one_rotten_token_as_one(tmp_path):
    """orchard-2026-11-23's answer spends one rotten token (3 points): the key
    said "- 3 (rotten tokens)"."""
    from pnp.puzzles import archive_path
    from pnp.puzzles.daily import load_puzzle
    puzzle = load_puzzle(archive_path("orchard", "2026-11-23"))
    text = " ".join(_text(write_booklet(load_deck(), "orchard", [puzzle], tmp_path / "b.pdf").read_bytes()))
    assert "- 3 (rotten token) = " in text, text


@pytest.mark.parametrize("game_id", ["orchard", "orchard-pnp", "grove"])
def test_the_cover_s_first_move_spends_no_token(tmp_path, game_id):
    """The cover's 'Reading a move' example spent a rotten token (orchard) or
    the squirrel (grove), and its caption said only that numbers are dice."""
    from pnp.render.booklet import _example

    deck = load_deck()
    game = find_game(game_id, deck)
    before, move, after = _example(deck.game(game_id), game)
    assert move.rot == 90 and game.score_sheet(after).tokens_used == 0 == game.score_sheet(before).tokens_used


def test_the_cover_says_what_the_days_targets_are(tmp_path, orchard_puzzles, grove_puzzles):
    """It said 'Targets rise through the week', which a week of real targets
    (44, 37, 46, 44, 50, 46, 60) does not do: the day sets how far between the
    greedy line and the best line found the target lies."""
    orchard = " ".join(_text(write_booklet(load_deck(), "orchard", orchard_puzzles,
                                           tmp_path / "o.pdf").read_bytes())[:1])
    grove = " ".join(_text(write_booklet(load_deck(), "grove", grove_puzzles, tmp_path / "g.pdf").read_bytes())[:1])
    assert "rise" not in orchard and "a later day's target can be lower" in " ".join(orchard.split())
    assert "with its final orchard" in " ".join(orchard.split())
    assert "Sketch your grove" in " ".join(grove.split()) and "with its final grove" in " ".join(grove.split())
    assert "orchard" not in grove.lower().replace("pnp", "")


def test_the_print_and_play_cover_says_which_side_is_up(tmp_path):
    """Its cover said only "Find the cards by their numbers ... Stack the draws
    face down", the Orchard cover's words: a deal of double-sided cards names
    the side of each (3b), and "face down" says nothing about which side."""
    pnp = " ".join(" ".join(_text(write_booklet(load_deck(), "orchard-pnp", [_puzzle("orchard-pnp", DATES[0])],
                                                tmp_path / "p.pdf").read_bytes())[:1]).split())
    assert "turn each to the side its letter names (3b: card 3, side b up)" in pnp, pnp
    assert "Stack the draws with their named sides down so that draw 1 is on top" in pnp
    pages = _text(write_booklet(load_deck(), "orchard-pnp", [_puzzle("orchard-pnp", DATES[0])],
                                tmp_path / "p.pdf").read_bytes())
    assert "stack the draws named side down with draw 1 on top" in " ".join(pages[1].split())
    orchard = " ".join(" ".join(_text(write_booklet(load_deck(), "orchard", [_puzzle("orchard", DATES[0])],
                                                    tmp_path / "o.pdf").read_bytes())[:1]).split())
    assert "Stack the draws face down so that draw 1" in orchard and "side its letter" not in orchard


def test_the_booklets_bar_counts_its_puzzles_in_english():
    from pnp.cli.puzzle import generating_label

    assert generating_label(1, "orchard") == "generating 1 orchard puzzle not archived"  # it said "1 ... puzzles"
    assert generating_label(3, "grove") == "generating 3 grove puzzles not archived"
