"""Bad input and awkward files at the command line: one line naming the file
(and line), exit code 2, never a traceback; files a user saves are read back."""
from __future__ import annotations

import errno
import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.deck import load_deck
from pnp.errors import DeckError, PnpError
from pnp.fsutil import atomic_write, decode_text


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def one_line_error(res, *words):
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    lines = [x for x in res.output.splitlines() if x.strip()]
    assert len(lines) == 1, res.output
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


# --------------------------------------------------------------- numbers


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-1", "abc"])
def test_solve_refuses_a_time_limit_that_is_not_seconds(value):
    one_line_error(run("solve", "orchard:1,2,3", "--time-limit", value), "--time-limit")


@pytest.mark.parametrize("args", [
    ("puzzle", "booklet"),  # click lists the choices of a missing option one a line
    ("puzzle", "daily", "--game"),
    ("puzzle", "nosuch"),
    ("deck", "grove", "--paper", "A3"),
    ("solve",),
])
def test_a_bad_option_or_argument_is_one_line(args):
    assert one_line_error(run(*args)).startswith("Error: ")


@pytest.mark.parametrize("value", ["nan,0", "0,nan", "inf,0", "30,0", "abc"])
def test_deck_refuses_a_back_offset_that_is_not_millimetres(tmp_path, value):
    one_line_error(run("deck", "orchard", "--back-offset", value, "--out", str(tmp_path)), "--back-offset")
    assert not any(tmp_path.iterdir())  # nothing written


@pytest.mark.parametrize("fmt, option", [
    ("svg", ["--bleed", "3"]), ("png", ["--paper", "letter"]), ("tts", ["--duplex", "short"]),
    ("svg", ["--back-offset", "1,0"]), ("png", ["--safe-zone"]),
])
def test_a_print_sheet_option_with_another_format_is_refused(tmp_path, fmt, option):
    """The print sheets' options were ignored without a word for svg, png and tts."""
    line = one_line_error(run("deck", "orchard", "--format", fmt, *option, "--out", str(tmp_path)),
                          f"{option[0]} is an option of the print sheets (--format pdf); --format {fmt} writes ")
    assert line.startswith("Error: ")
    assert not any(tmp_path.iterdir())


def test_print_options_refuse_a_nan_offset():
    from pnp.render.sheets import PrintOptions

    with pytest.raises(PnpError, match="within 20 mm"):
        PrintOptions(back_offset=(math.nan, 0.0))


def test_a_card_too_big_for_the_paper_says_how_big_fits_and_what_else_prints_it(tmp_path):
    import yaml

    from pnp.deck import default_cards_path
    data = yaml.safe_load(default_cards_path().read_text())
    data["style"]["card"] = {"width_mm": 250, "height_mm": 300}
    cards = tmp_path / "poster.yaml"
    cards.write_text(yaml.safe_dump(data))
    out = tmp_path / "out"
    line = one_line_error(run("deck", "orchard", "--cards", str(cards), "--out", str(out)),
                          "a 250x300 mm card with 3 mm bleed does not fit on a4 (at most 196x283 mm there)",
                          "--format svg or png")
    assert "letter (at most 201.9x265.4 mm" in one_line_error(
        run("deck", "orchard", "--cards", str(cards), "--paper", "letter", "--bleed", "3", "--out", str(out)))
    assert not out.exists()
    r = run("build", "--cards", str(cards), "--out", str(out))  # its progress says "building" first
    assert r.exit_code == 2 and r.output.splitlines()[-1].startswith("pnp: a 250x300 mm card"), r.output
    r = run("deck", "orchard", "--cards", str(cards), "--format", "svg", "--out", str(out))
    assert r.exit_code == 0, r.output
    assert 'width="250mm" ' in (out / "orchard" / "svg" / "card-1.svg").read_text()


# --------------------------------------------------------------- output folders


def test_an_output_folder_that_cannot_be_made_is_one_line(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    for args in (["rules", "orchard"], ["scorepad", "grove"], ["deck", "orchard", "--format", "svg"]):
        line = one_line_error(run(*args, "--out", str(blocker / "out")), "cannot write")
        assert str(blocker) in line


@pytest.mark.parametrize("args, says", [
    (("rules", "orchard", "--out", "{file}"), "is a file, not a folder"),
    (("build", "--out", "{file}"), "is a file, not a folder"),
    (("puzzle", "booklet", "--out", "{file}"), "is a file, not a folder"),
    (("deck", "grove", "--out", "{file}"), "is a file, not a folder"),
    (("puzzle", "daily", "--archive", "{file}"), "is a file, not a folder (the archive is a folder"),
    (("deck", "orchard", "--cards", "{folder}"), "is a folder, not a cards file"),
])
def test_a_file_given_for_a_folder_or_a_folder_for_a_file_says_which_it_is(tmp_path, args, says):
    """click's own words were "Directory 'x' is a file." for --out x, x a file."""
    (tmp_path / "a-file").write_text("x")
    args = [a.format(file=tmp_path / "a-file", folder=tmp_path) for a in args]
    line = one_line_error(run(*args), "Error: Invalid value for", says)
    assert "Directory" not in line


def test_atomic_write_names_the_path_it_cannot_write(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    with pytest.raises(PnpError) as err:
        atomic_write(blocker / "sub" / "f.txt", "data")
    assert err.value.exit_code == 2 and str(blocker) in str(err.value)


def test_atomic_write_says_a_file_is_in_the_way(tmp_path):
    blocker = tmp_path / "grove"
    blocker.write_text("x")
    with pytest.raises(PnpError) as err:
        atomic_write(blocker / "f.pdf", "data")  # was "grove: cannot write: File exists"
    assert str(err.value) == f"{blocker}: cannot write: this is a file, not a folder"


def test_a_folder_refusing_files_is_named_not_the_temporary_file(tmp_path, monkeypatch):
    """A read-only folder was reported as '.sheet.pdf.ewsn67gz.tmp', a file the
    user never saw."""
    import tempfile

    def refuse(prefix, suffix, dir):
        raise PermissionError(13, "Permission denied", f"{dir}/{prefix}x1y2z3{suffix}")
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(PnpError) as err:
        atomic_write(tmp_path / "sheet.pdf", "data")
    assert str(err.value) == f"{tmp_path}: cannot write into this folder: Permission denied"


def test_atomic_write_puts_the_bytes_on_disk_before_the_rename(tmp_path, monkeypatch):
    """A power cut after the rename must not leave an empty file: the data is
    flushed (fsync) while the file still has its temporary name."""
    import os

    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"old")
    events = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        events.append(("fsync", os.readlink(f"/proc/self/fd/{fd}")))
        real_fsync(fd)

    def replace(src, dst):
        events.append(("replace", str(src)))
        real_replace(src, dst)
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    atomic_write(target, b"new bytes")
    assert target.read_bytes() == b"new bytes"
    [(first, synced), (second, renamed)] = events
    assert (first, second) == ("fsync", "replace") and synced == renamed and synced != str(target)
    assert not [p for p in tmp_path.iterdir() if p.name != "sheet.pdf"]


def test_a_disk_that_fills_up_is_one_line(tmp_path, monkeypatch):
    """ENOSPC while a file is written was a traceback; it is one line naming the
    file meant, exit code 2, and no temporary file is left."""
    import builtins

    import pnp.fsutil

    class Full:
        def __init__(self, path, *args, **kwargs):
            self.fh = builtins.open(path, *args, **kwargs)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(pnp.fsutil, "open", Full, raising=False)
    r = run("rules", "grove", "--out", str(tmp_path))
    line = one_line_error(r, "cannot write: No space left on device")
    assert line == f"pnp: {tmp_path / 'grove' / 'grove-rules-a4.pdf'}: cannot write: No space left on device"
    assert [p.name for p in (tmp_path / "grove").iterdir()] == []


@pytest.mark.parametrize("err, written", [(errno.EINVAL, True), (errno.ENOSYS, True), (errno.EIO, False)])
def test_a_file_system_that_cannot_flush(tmp_path, monkeypatch, err, written):
    """Some network and FUSE mounts cannot fsync: the file is still written. A
    disk that fails the flush (EIO) is an error naming the file, the old file kept."""
    import os

    def fsync(fd):
        raise OSError(err, os.strerror(err))
    monkeypatch.setattr(os, "fsync", fsync)
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"old")
    if written:
        atomic_write(target, b"new")
        assert target.read_bytes() == b"new"
    else:
        with pytest.raises(PnpError) as exc:
            atomic_write(target, b"new")
        assert exc.value.exit_code == 2 and str(target) in str(exc.value) and "cannot write" in str(exc.value)
        assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


# --------------------------------------------------------------- solve -> verify


@pytest.mark.parametrize("deal", ["orchard:4,7,8,3,14", "grove:1,2,3,4;recipes=10,11"])
def test_what_solve_prints_is_a_solution_file(tmp_path, deal):
    """``pnp solve DEAL > line.txt`` then ``pnp verify DEAL line.txt``: the same score."""
    res = run("solve", deal, "--time-limit", "10")
    assert res.exit_code == 0, res.output
    score = int(next(x for x in res.output.splitlines() if x.startswith("# score ")).split()[2])
    line = tmp_path / "line.txt"
    line.write_text(res.output, encoding="utf-8")
    res = run("verify", deal, str(line), "--json")
    assert res.exit_code in (0, 1), res.output  # 1: a recipe target missed
    verdict = json.loads(res.output)
    assert verdict["legal"] and verdict["complete"] and verdict["score"] == score
    piped = run("verify", deal, "-", "--json", input=line.read_text(encoding="utf-8"))
    assert json.loads(piped.output)["score"] == score
    # a recipe challenge: solve and verify name the same recipes met by the line
    said = [x[len("# recipes: "):] for x in line.read_text(encoding="utf-8").splitlines() if x.startswith("# recipes: ")]
    checked = [x[len("recipes: "):] for x in run("verify", deal, str(line)).output.splitlines()
               if x.startswith("recipes: ")]
    assert said == checked and len(said) == (1 if "recipes=" in deal else 0), (said, checked)
    if said:  # the two recipes set aside, in the deal's order
        names = [load_deck().game("grove").card(r).recipe.name for r in (10, 11)]
        assert [part.split(" met")[0].split(" not")[0] for part in said[0].split("; ")] == names, said


# --------------------------------------------------------------- encodings


def test_a_solution_file_with_a_byte_order_mark_is_read(tmp_path):
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbf2 r0 -1,1\n")
    plain = tmp_path / "plain.txt"
    plain.write_bytes(b"2 r0 -1,1\n")
    want = json.loads(run("verify", "orchard:1,2,3", str(plain), "--json").output)
    assert json.loads(run("verify", "orchard:1,2,3", str(bom), "--json").output) == want
    piped = run("verify", "orchard:1,2,3", "-", "--json", input=b"\xef\xbb\xbf2 r0 -1,1\n")
    assert json.loads(piped.output) == want


def test_a_solution_file_that_is_not_utf8_names_the_line(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"2 r0 -1,1\n\n\xff\xfe\n")
    one_line_error(run("verify", "orchard:1,2,3", str(bad)), f"{bad}:3:", "not UTF-8")
    one_line_error(run("verify", "orchard:1,2,3", "-", input=b"\xff\n"), "<stdin>:1:", "not UTF-8")


def test_a_cards_file_that_is_not_utf8_names_the_line(tmp_path):
    bad = tmp_path / "cards.yaml"
    bad.write_bytes(b"version: 1\ngames:\n  orchard:\n    title: \xff\n")
    with pytest.raises(DeckError) as err:
        load_deck(bad)
    assert err.value.lines() == [f"{bad}:4: not UTF-8 text"]
    one_line_error(run("rules", "orchard", "--cards", str(bad), "--out", str(tmp_path)), f"{bad}:4:")


def test_decode_text():
    assert decode_text(b"\xef\xbb\xbfa\nb", "f") == "a\nb"
    with pytest.raises(PnpError) as err:
        decode_text(b"a\nb\n\x80", "f")
    assert (err.value.file, err.value.line) == ("f", 3)
    assert decode_text(b"\xfe\xff" + "a\r\nb".encode("utf-16-be"), "f") == "a\r\nb"  # big-endian, with its mark
    assert decode_text(b"\xfe\xff", "f") == ""
    with pytest.raises(PnpError) as err:
        decode_text("a\nb\n".encode("utf-16") + b"\x00\xd8\x41\x00", "f")  # a lone surrogate on line 3
    assert (err.value.file, err.value.line, err.value.message) == (
        "f", 3, "not UTF-16 text, though it starts as UTF-16 does")


def test_a_solution_saved_by_windows_powershell_is_read(tmp_path):
    """``pnp solve DEAL > line.txt`` in Windows PowerShell writes UTF-16 with a
    byte-order mark and CRLF; verify said "not UTF-8 text"."""
    line = tmp_path / "line.txt"
    line.write_bytes("# orchard:1,2,3\r\n2 r0 -1,1\r\n".encode("utf-16"))
    assert line.read_bytes()[:2] == b"\xff\xfe"
    plain = tmp_path / "plain.txt"
    plain.write_bytes(b"2 r0 -1,1\n")
    want = json.loads(run("verify", "orchard:1,2,3", str(plain), "--json").output)
    assert json.loads(run("verify", "orchard:1,2,3", str(line), "--json").output) == want


def test_a_type_error_in_the_cards_file_reads_as_english(tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text("version: 1\ngames:\n  orchard:\n    title: Orchard\n    dice_per_fruit: many\n"
                     "    fruits: {A: {name: Apple, colour: '#D55E00', shape: circle}}\n"
                     "    cards:\n      - {id: 1, face: ['A A', 'A A', 'A A']}\n", encoding="utf-8")
    with pytest.raises(DeckError) as err:
        load_deck(cards)
    assert any("dice_per_fruit must be a whole number, not 'many'" in x for x in err.value.lines()), err.value.lines()


# --------------------------------------------------------------- puzzle files


def test_problems_in_a_puzzle_file_name_the_file_and_line(tmp_path):
    moves = tmp_path / "m.txt"
    moves.write_text("1 r0 0,0\n")
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text('# my puzzle\ndeal: "grove:2,10,1,99"\ntarget: 40\n')
    one_line_error(run("verify", str(unknown), str(moves)), f"{unknown}:2:", "no card 99")
    target = tmp_path / "target.yaml"
    target.write_text('deal: "orchard:1,2,3"\ntarget: four\n')
    one_line_error(run("verify", str(target), str(moves)), f"{target}:2:", "'target' must be a whole number")
    bad = tmp_path / "bad.yaml"
    bad.write_text('\ndeal: "orchard:1,2;;"\n')
    one_line_error(run("verify", str(bad), str(moves)), f"{bad}:2:", "bad deal")


# --------------------------------------------------------------- verify's words


def test_verify_says_when_the_game_ended_with_cards_unplayed():
    from positions import position

    from pnp.cli.verify import describe
    from pnp.verify import Verdict

    _, stuck = position("orchard:7,11,13,5", ["A! P!"])  # both trees rotten: no card fits
    assert stuck.over and stuck.hand
    v = Verdict(legal=True, complete=True, score=-6, target=None, met_target=None, error=None, states=(stuck,))
    assert describe(v, "x").endswith("game over with 3 cards unplayed: no hand card can be placed")
    finished = Verdict(legal=True, complete=True, score=5, target=None, met_target=None, error=None)
    assert "game over" not in describe(finished, "x")


@pytest.mark.parametrize("score,best,proven,complete,words", [
    (48, 47, False, True, "best found 47 (not proven): your line beats it"),  # not "best possible 47"
    (40, 47, False, True, "best found 47 (not proven)"),
    (40, 47, False, False, "best found 47 (not proven)"),  # an incomplete line beats nothing yet
    (47, 47, True, True, "best possible 47"),
])
def test_verify_calls_only_a_proven_best_possible(score, best, proven, complete, words):
    from pnp.cli.verify import describe
    from pnp.verify import Verdict

    v = Verdict(legal=True, complete=complete, score=score, target=41, met_target=score >= 41, error=None,
                best=best, best_proven=proven)
    text = describe(v, "x")
    assert text.split("; ", 1)[1].split(" — ")[0] == words


# --------------------------------------------------------------- the shell around a command


def test_a_deleted_current_folder_is_one_line(tmp_path, monkeypatch):
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()  # rm -rf of the folder the shell sits in: reportlab's import raised a traceback
    one_line_error(run("rules", "orchard", "--out", str(tmp_path / "o")), "current folder no longer exists")


def test_a_bad_pnp_today_stops_the_build_before_it_writes(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_TODAY", "tomorrow")
    out = tmp_path / "o"
    one_line_error(run("build", "--out", str(out)), "PNP_TODAY", "tomorrow")
    assert not out.exists() or not any(out.rglob("*.pdf"))  # it used to write 242 files first


def test_the_builds_bar_item_fits_the_terminal():
    from pnp.cli.build import _BAR_WIDTH, fit_item

    item = "print sheets: orchards-market/orchards-market-print-letter.pdf"
    assert fit_item(item, 200) == item and fit_item(None, 80) is None
    cut = fit_item(item, 80)
    assert len(cut) + _BAR_WIDTH == 80 and cut.startswith("…") and cut.endswith("-print-letter.pdf")


@pytest.mark.parametrize("puzzle", ["orchard-2026-11-30", "orchard:4,7,8,3,14,18,2,10,9"])
def test_verify_with_its_arguments_swapped_says_so(tmp_path, puzzle):
    """The moves were read as a puzzle file: 'puzzle file is not a mapping of keys'."""
    moves = tmp_path / "mine.txt"
    moves.write_text("7 r0 0,-2\n")
    line = one_line_error(run("verify", str(moves), puzzle), "the puzzle comes first")
    assert line.endswith(f"pnp verify {puzzle} {moves}")
    assert run("verify", puzzle, str(moves)).exit_code in (0, 1)  # the right order still reads


def test_a_cards_file_without_the_games_deck_is_named_not_the_puzzle_file(tmp_path):
    """`pnp verify grove-2026-12-02 line.txt --cards orchard-only.yaml` said
    "puzzles/grove/2026/grove-2026-12-02.yaml:6: orchard-only.yaml: no 'grove' deck":
    the archive's file and its line 6 had nothing wrong with them."""
    import yaml

    data = yaml.safe_load((Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text())
    data["games"] = {"orchard": data["games"]["orchard"]}
    cards = tmp_path / "orchard-only.yaml"
    cards.write_text(yaml.safe_dump(data), encoding="utf-8")
    puzzle = tmp_path / "mine.yaml"
    puzzle.write_text('deal: "grove:1,2,3"\n', encoding="utf-8")
    for target in ("grove-2026-12-02", str(puzzle)):
        line = one_line_error(run("verify", target, "-", "--cards", str(cards), input="1 r0 0,1\n"))
        assert line == f"pnp: {cards}: no 'grove' deck in this cards file (it has: orchard)", line
    puzzle.write_text('deal: "grove:1,2,99"\n', encoding="utf-8")  # the puzzle file's own slip is still its
    assert one_line_error(run("verify", str(puzzle), "-", input="1 r0 0,1\n")).startswith(f"pnp: {puzzle}:1: ")


def test_the_builds_text_sheet_of_a_day_given_as_the_puzzle_names_the_id_to_give(tmp_path):
    """output/puzzles/orchard-2026-12-02.txt given as PUZZLE said "...:2: puzzle
    file is not valid YAML: mapping values are not allowed here"."""
    from pnp.games import find_game
    from pnp.puzzles import archive_path
    from pnp.puzzles.daily import describe, load_puzzle

    p = load_puzzle(archive_path("orchard", "2026-12-02"))
    sheet = tmp_path / "orchard-2026-12-02.txt"
    sheet.write_text("\n".join(describe(p, find_game("orchard"))) + "\n", encoding="utf-8")
    line = one_line_error(run("verify", str(sheet), "-", input="1 r0 0,1\n"))
    assert line == (f"pnp: {sheet}: this is the day's text sheet that pnp build writes, not a puzzle file: give "
                    "the puzzle id orchard-2026-12-02 (or the .json beside it)"), line


def test_choices_read_in_any_case(tmp_path):
    """The README writes "A4 or Letter"; --paper A4 and --game Orchard were refused."""
    r = run("rules", "orchard", "--paper", "A4", "--out", str(tmp_path))
    assert r.exit_code == 0 and (tmp_path / "orchard" / "orchard-rules-a4.pdf").is_file(), r.output
    r = run("deck", "orchard", "--paper", "Letter", "--duplex", "Short", "--format", "SVG", "--out", str(tmp_path))
    assert r.exit_code == 2 and "--paper" in r.output  # read, then refused as an SVG option, not as 'Letter'
    r = run("puzzle", "daily", "--game", "Orchard", "--date", "2026-12-02", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["id"] == "orchard-2026-12-02", r.output
