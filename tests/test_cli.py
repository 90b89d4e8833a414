"""The command line (SPEC §6): exit codes, one-line errors, `pnp verify` JSON."""
from __future__ import annotations

import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp import __version__
from pnp.cli import cli

DATA = Path(__file__).parent / "data"
ORCHARD_DEAL = "orchard:4,7,8,3,14,18,2,10,9"
ORCHARD_LINE = DATA / "orchard-9.txt"  # a complete line scoring 38
GROVE_DEAL = "grove:5,12,3,9,14,1,7,16,2;recipes=4,10"
GROVE_LINE = DATA / "grove-9.txt"  # a complete line scoring 66 against a target of 73
JSON_KEYS = {"legal", "complete", "score", "target", "met_target", "error"}


def run(*args, input=None):
    kw = {"mix_stderr": False} if "mix_stderr" in inspect.signature(CliRunner.__init__).parameters else {}
    return CliRunner(**kw).invoke(cli, [str(a) for a in args], input=input)


def one_line_error(result, exit_code=2) -> str:
    """Bad input: exit code, a single 'pnp: ...' line on stderr, nothing else, no traceback."""
    assert result.exit_code == exit_code, (result.exit_code, result.output)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("pnp: ")
    assert "Traceback" not in result.output
    assert result.stdout == ""
    return lines[0][len("pnp: "):]


# ----------------------------------------------------------------- the group


def test_version():
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"pnp, version {__version__}"


def test_help():
    result = run("--help")
    assert result.exit_code == 0 and "verify" in result.stdout
    assert run("-h").stdout == result.stdout


@pytest.mark.parametrize("args", [("--help",), ("puzzle", "--help")])
def test_the_command_lists_say_each_command_whole(args):
    """Without short_help, click cut each first sentence at 45 characters:
    "Print files for GAME (orchard, orchard-pnp, grove,..."."""
    out = CliRunner().invoke(cli, list(args), terminal_width=80).stdout
    listed = out.split("Commands:")[1].splitlines()[1:]
    assert listed and all(len(line) <= 80 and not line.rstrip().endswith("...") for line in listed), out
    group = cli if args == ("--help",) else cli.commands["puzzle"]
    assert len(listed) == len(group.commands)  # one line each: none wraps


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_command_has_help(name):
    result = run(name, "--help")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"Usage: cli {name}") or result.stdout.startswith(f"Usage: pnp {name}")
    assert len(result.stdout.splitlines()) > 3


@pytest.mark.parametrize("name", sorted(cli.commands["puzzle"].commands))
def test_every_puzzle_command_has_help(name):
    result = run("puzzle", name, "--help")
    assert result.exit_code == 0, result.output
    assert f"puzzle {name} [OPTIONS]" in result.stdout and "--cards FILE" in result.stdout


def test_every_command_that_reads_cards_takes_cards_option():
    for name in ("verify", "build"):
        assert "--cards FILE" in run(name, "--help").stdout


def test_unknown_command_is_a_usage_error():
    assert run("frobnicate").exit_code == 2


@pytest.mark.parametrize("args", [(), ("puzzle",)])
def test_a_group_given_no_command_shows_its_help(args):
    result = run(*args)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 2)  # click 8.1 exits 0, 8.2 and later 2
    name = " ".join(("pnp",) + args)
    assert f"Usage: {name} [OPTIONS] COMMAND" in result.output.replace("Usage: cli", "Usage: pnp")
    assert "Commands:" in result.output and "Traceback" not in result.output


# ----------------------------------------------------------------- verify: good lines


class TestVerifyGood:
    def test_text(self):
        result = run("verify", ORCHARD_DEAL, ORCHARD_LINE)
        assert result.exit_code == 0, result.output
        assert result.stdout == "38 (Good Crop)\n"

    def test_json(self):
        result = run("verify", ORCHARD_DEAL, ORCHARD_LINE, "--json")
        assert result.exit_code == 0
        data = json.loads(result.stdout)
        assert set(data) == JSON_KEYS
        assert data == {"legal": True, "complete": True, "score": 38, "target": None, "met_target": None,
                        "error": None}

    def test_solution_from_stdin(self):
        result = run("verify", ORCHARD_DEAL, "-", "--json", input=ORCHARD_LINE.read_text())
        assert result.exit_code == 0
        assert json.loads(result.stdout)["score"] == 38

    def test_incomplete_line_is_legal(self):
        first_two = "".join(ORCHARD_LINE.read_text().splitlines(keepends=True)[3:5])
        result = run("verify", ORCHARD_DEAL, "-", "--json", input=first_two)
        assert result.exit_code == 0
        data = json.loads(result.stdout)
        assert data["legal"] is True and data["complete"] is False and data["error"] is None
        assert "incomplete" in run("verify", ORCHARD_DEAL, "-", input=first_two).stdout

    def test_empty_solution(self):
        result = run("verify", ORCHARD_DEAL, "-", "--json", input="# nothing yet\n")
        assert result.exit_code == 0
        assert json.loads(result.stdout) == {"legal": True, "complete": False, "score": 0, "target": None,
                                             "met_target": None, "error": None}

    def test_target_missed_exits_1(self):
        result = run("verify", GROVE_DEAL, GROVE_LINE, "--json")
        assert result.exit_code == 1
        data = json.loads(result.stdout)
        assert data == {"legal": True, "complete": True, "score": 66, "target": 73, "met_target": False,
                        "error": None}
        text = run("verify", GROVE_DEAL, GROVE_LINE)
        assert text.exit_code == 1 and "target 73 missed" in text.stdout

    def test_a_recipe_challenge_says_which_recipes_the_line_meets(self):
        """The score of a recipe challenge includes its bonuses; the text says
        which recipes gave them (it gave the total alone)."""
        text = run("verify", GROVE_DEAL, GROVE_LINE).stdout.splitlines()
        assert text == ["66 (Grove Master) — target 73 missed",
                        "recipes: Three-Citrus Salad not met; Lemon Drizzle met, +17"]
        plain = run("verify", GROVE_DEAL.split(";")[0], GROVE_LINE).stdout  # no challenge: no recipes line
        assert plain == "49 (Juicy)\n"

    @pytest.mark.parametrize("target, code, met", [(38, 0, True), (39, 1, False)])
    def test_puzzle_file_with_target(self, tmp_path, target, code, met):
        puzzle = tmp_path / "p.yaml"
        puzzle.write_text(f"deal: '{ORCHARD_DEAL}'\ntarget: {target}\n")
        result = run("verify", puzzle, ORCHARD_LINE, "--json")
        assert result.exit_code == code
        data = json.loads(result.stdout)
        assert (data["target"], data["met_target"]) == (target, met)

    def test_show_prints_the_orchard_after_each_move(self):
        result = run("verify", ORCHARD_DEAL, ORCHARD_LINE, "--show")
        assert result.exit_code == 0
        out = result.stdout
        assert "\nstart\n" in out and "after move 1: 7 r180 1,0" in out and "after move 8: 10 r0 1,4" in out
        assert out.count("after move") == 8
        start = out.split("\nstart\n")[1].split("\n\n")[0].splitlines()
        assert [line.split() for line in start] == [["0", "1"], ["0", "L", "L"], ["1", "P", "A"], ["2", "A", "P"]]
        assert out.rstrip().endswith("38 (Good Crop)")

    def test_show_with_json_keeps_stdout_pure_json(self):
        result = run("verify", ORCHARD_DEAL, ORCHARD_LINE, "--show", "--json")
        assert result.exit_code == 0
        assert json.loads(result.stdout)["score"] == 38
        assert "after move 8" in result.stderr

    def test_show_grove(self):
        result = run("verify", GROVE_DEAL, GROVE_LINE, "--show")
        assert "after move 8" in result.stdout and ":" in result.stdout

    def test_cards_file_option(self, tmp_path):
        cards = tmp_path / "mine.yaml"
        cards.write_text((Path(__file__).parent.parent / "cards.yaml").read_text())
        result = run("verify", ORCHARD_DEAL, ORCHARD_LINE, "--cards", cards)
        assert result.exit_code == 0 and result.stdout.startswith("38")


# ----------------------------------------------------------------- verify: illegal lines (exit 1)


class TestVerifyIllegal:
    LINE = "# try\n7 r180 1,0\n\n9 r0 0,0\n8 r180 1,2\n"

    def test_text_names_file_line_move_and_reason(self, tmp_path):
        sol = tmp_path / "sol.txt"
        sol.write_text(self.LINE)
        result = run("verify", ORCHARD_DEAL, sol)
        assert result.exit_code == 1
        assert result.stdout == (f"{sol}:4: move 2 is illegal: card 9 is not drawn yet (hand: 8, 3) "
                                 "(score so far 3)\n")

    def test_json(self):
        result = run("verify", ORCHARD_DEAL, "-", "--json", input=self.LINE)
        assert result.exit_code == 1
        data = json.loads(result.stdout)
        assert set(data) == JSON_KEYS
        assert data["legal"] is False and data["complete"] is False and data["score"] == 3
        assert data["error"] == {"move": 2, "line": 4, "reason": "card 9 is not drawn yet (hand: 8, 3)"}

    def test_rule_reason(self):
        result = run("verify", "orchard:7,11,13", "-", "--json", input="11 r180 0,0\n")
        assert result.exit_code == 1
        assert json.loads(result.stdout)["error"] == {"move": 1, "line": 1,
                                                      "reason": "4 mismatches but 2 rotten tokens left"}

    def test_move_after_the_end(self):
        line = ORCHARD_LINE.read_text() + "9 r0 0,0\n"
        result = run("verify", ORCHARD_DEAL, "-", "--json", input=line)
        assert result.exit_code == 1
        data = json.loads(result.stdout)
        assert data["error"]["move"] == 9 and "the game is over" in data["error"]["reason"]
        assert data["score"] == 38


# ----------------------------------------------------------------- verify: bad input (exit 2)


class TestVerifyBadInput:
    def test_bad_move_syntax(self, tmp_path):
        sol = tmp_path / "sol.txt"
        sol.write_text("7 r180 1,0\n\n7 r45 0,0\n")
        msg = one_line_error(run("verify", ORCHARD_DEAL, sol))
        assert msg == (f"{sol}:3: move 2: cannot read move '7 r45 0,0': "
                       "'r45' is not a turn (expected r0, r90, r180 or r270)")

    def test_bad_move_syntax_on_stdin(self):
        msg = one_line_error(run("verify", ORCHARD_DEAL, "-", input="seven r0 0,0\n"))
        assert msg.startswith("<stdin>:1: move 1: cannot read move 'seven r0 0,0'")

    def test_bad_move_syntax_with_json_gives_the_verdict_first(self, tmp_path):
        """With ``--json`` a move that did not read gave no JSON at all: the verdict
        now names it as it names an illegal move; the exit code and line stay bad
        input's."""
        sol = tmp_path / "sol.txt"
        sol.write_text("7 r180 1,0\n\n7 r45 0,0\n")
        result = run("verify", ORCHARD_DEAL, sol, "--json")
        assert result.exit_code == 2
        assert result.stderr == (f"pnp: {sol}:3: move 2: cannot read move '7 r45 0,0': "
                                 "'r45' is not a turn (expected r0, r90, r180 or r270)\n")
        data = json.loads(result.stdout)
        assert set(data) == JSON_KEYS and data["legal"] is False and data["complete"] is False
        assert data["score"] == 3  # move 1 played
        assert data["error"] == {"move": 2, "line": 3, "reason": "cannot read move '7 r45 0,0': "
                                 "'r45' is not a turn (expected r0, r90, r180 or r270)"}
        # an illegal move before it is the verdict, as the replay stops there: the
        # move that does not read is never reached (the JSON said move 1 and the
        # exit code and stderr move 2; the text said move 2 alone)
        result = run("verify", ORCHARD_DEAL, "-", "--json", input="9 r0 0,0\nseven r0 0,0\n")
        assert result.exit_code == 1 and result.stderr == ""
        assert json.loads(result.stdout)["error"] == {"move": 1, "line": 1,
                                                      "reason": "card 9 is not drawn yet (hand: 7, 8)"}
        result = run("verify", ORCHARD_DEAL, "-", input="9 r0 0,0\nseven r0 0,0\n")
        assert result.exit_code == 1 and result.stdout.startswith("<stdin>:1: move 1 is illegal: card 9 is not drawn")
        # a file that is not moves at all has no verdict
        rtf = tmp_path / "line.rtf"
        rtf.write_text("{\\rtf1\\ansi 7 r180 1,0}\n")
        result = run("verify", ORCHARD_DEAL, rtf, "--json")
        assert result.exit_code == 2 and result.stdout == "" and "rich-text (RTF)" in result.stderr

    def test_unknown_card_in_deal(self):
        msg = one_line_error(run("verify", "orchard:4,7,99", ORCHARD_LINE))
        assert msg == "deal 'orchard:4,7,99': no card 99 in the orchard deck (cards: 1-18)"

    def test_bad_deal_syntax(self):
        msg = one_line_error(run("verify", "orchard:4,,7", ORCHARD_LINE))
        assert "bad card ''" in msg

    def test_unknown_game(self):
        msg = one_line_error(run("verify", "chess:1,2", ORCHARD_LINE))
        assert "unknown game 'chess'" in msg

    def test_the_market_game_is_not_played_by_pnp(self):
        """It said "unknown game 'orchards-market'", a game pnp prints."""
        for args in (("verify", "orchards-market:1,2", ORCHARD_LINE), ("solve", "orchards-market:1,2")):
            msg = one_line_error(run(*args))
            assert msg == ("'orchards-market' is printed, not played, by pnp: there is nothing to solve or verify "
                           "(playable games: orchard, orchard-pnp, grove)"), msg

    def test_a_game_the_cards_file_leaves_out(self, tmp_path):
        """`pnp deck orchard` with a cards file that has no orchard deck said "unknown
        game 'orchard'", naming no file; solve and verify named the file already."""
        import yaml

        data = yaml.safe_load((Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(
            encoding="utf-8"))
        del data["games"]["orchard"]
        cards = tmp_path / "cards.yaml"
        cards.write_text(yaml.safe_dump(data), encoding="utf-8")
        for command in ("rules", "scorepad", "deck"):
            msg = one_line_error(run(command, "orchard", "--cards", cards, "--out", tmp_path))
            assert msg == (f"{cards}: no 'orchard' deck in this cards file (it has: grove, orchard-pnp, "
                           "orchards-market)"), (command, msg)  # (safe_dump sorts the games)

    def test_a_game_in_capitals(self, tmp_path):
        # each used to fail as not a deal or not a puzzle id, which they are
        msg = one_line_error(run("verify", "Orchard:4,7,8", ORCHARD_LINE))
        assert msg == "unknown game 'Orchard' (playable games: orchard, orchard-pnp, grove; game ids are lowercase)"
        msg = one_line_error(run("verify", "GROVE-2026-12-01", ORCHARD_LINE))
        assert msg == "no daily puzzles for 'GROVE' (daily games: orchard, orchard-pnp, grove; game ids are lowercase)"
        for command in ("rules", "scorepad", "deck"):
            msg = one_line_error(run(command, "Grove", "--out", tmp_path))
            assert msg.endswith("orchards-market; game ids are lowercase)"), (command, msg)
        assert not any(tmp_path.iterdir())

    def test_not_a_puzzle(self):
        msg = one_line_error(run("verify", "nonsense", ORCHARD_LINE))
        assert "is not a puzzle id" in msg

    def test_missing_puzzle_file(self, tmp_path):
        for name in ("nope.yaml", "nope.YML"):  # it said "is not a puzzle id, a puzzle file or a deal"
            msg = one_line_error(run("verify", tmp_path / name, ORCHARD_LINE))
            assert msg == f"{tmp_path / name}: no such puzzle file"

    def test_missing_solution_file(self, tmp_path):
        msg = one_line_error(run("verify", ORCHARD_DEAL, tmp_path / "nope.txt"))
        assert msg == f"{tmp_path / 'nope.txt'}: no such file"

    def test_broken_cards_file(self, tmp_path):
        cards = tmp_path / "cards.yaml"
        cards.write_text("games:\n  orchard:\n    fruits: {A: {name: Apple\n")
        msg = one_line_error(run("verify", ORCHARD_DEAL, ORCHARD_LINE, "--cards", cards))
        assert msg.startswith(f"{cards}:") and "YAML syntax error" in msg
        line = msg[len(str(cards)) + 1:].split(":")[0]
        assert line.isdigit()

    def test_invalid_cards_file(self, tmp_path):
        text = (Path(__file__).parent.parent / "cards.yaml").read_text()
        cards = tmp_path / "cards.yaml"
        cards.write_text(text.replace('{id: 5, face: ["P L", "P A", "L A"]}', '{id: 5, face: ["P L", "P Q", "L A"]}'))
        n = next(i for i, line in enumerate(cards.read_text().splitlines(), 1) if "P Q" in line)
        msg = one_line_error(run("verify", ORCHARD_DEAL, ORCHARD_LINE, "--cards", cards))
        assert msg == f"{cards}:{n}: orchard card 5 face row 2: unknown fruit key 'Q' (known: A, L, P)"

    def test_missing_cards_file(self, tmp_path):
        msg = one_line_error(run("verify", ORCHARD_DEAL, ORCHARD_LINE, "--cards", tmp_path / "none.yaml"))
        assert msg.endswith("none.yaml: no such file")

    def test_deck_without_the_game(self, tmp_path):
        cards = tmp_path / "cards.yaml"
        cards.write_text("games:\n  orchard:\n    fruits: {A: {name: Apple, colour: '#D55E00', shape: circle}}\n"
                         "    tiers: [{min: 0, name: Low}]\n    cards: [{id: 1, face: ['A A', 'A A', 'A A']}]\n")
        msg = one_line_error(run("verify", "grove:1,2", ORCHARD_LINE, "--cards", cards))
        assert "no 'grove' deck" in msg

    def test_cards_from_the_current_folder(self, tmp_path, monkeypatch):
        (tmp_path / "cards.yaml").write_text("games: [\n")
        monkeypatch.chdir(tmp_path)
        msg = one_line_error(run("verify", ORCHARD_DEAL, ORCHARD_LINE))
        assert msg.startswith("cards.yaml:")


# ----------------------------------------------------------------- real processes


def pnp_process(*args, input=None):
    return subprocess.run([sys.executable, "-m", "pnp", *map(str, args)], input=input, capture_output=True,
                          text=True, timeout=60)


def test_process_version_and_exit_codes():
    assert pnp_process("--version").stdout.strip() == f"pnp, version {__version__}"
    good = pnp_process("verify", ORCHARD_DEAL, ORCHARD_LINE, "--json")
    assert good.returncode == 0 and json.loads(good.stdout)["score"] == 38
    bad = pnp_process("verify", ORCHARD_DEAL, "-", input="7 r180 1,0\nnot a move\n")
    assert bad.returncode == 2
    assert bad.stderr.splitlines() == [bad.stderr.strip()] and "Traceback" not in bad.stderr
    assert bad.stderr.startswith("pnp: <stdin>:2: move 2: cannot read move")


def test_verify_does_not_import_rendering_libraries():
    code = f"""
import sys
from click.testing import CliRunner
import pnp.cli
result = CliRunner().invoke(pnp.cli.cli, ["verify", {ORCHARD_DEAL!r}, {str(ORCHARD_LINE)!r}, "--show"])
assert result.exit_code == 0, result.output
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("reportlab", "svgwrite", "cairosvg", "cairocffi"))
print(",".join(heavy))
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == ""


def test_ctrl_c_during_build_exits_130_and_leaves_no_half_written_file(tmp_path):
    """Ctrl-C stops ``pnp build`` with one line and 128 + SIGINT, as shells report
    an interrupted command (click's "Aborted!" exited 1); what was written is
    whole, and no temporary file is left."""
    sys.path.insert(0, str(Path(__file__).parent))
    from interrupt import ctrl_c_after

    out_dir = tmp_path / "out"  # the Ctrl-C comes once the print sheets are being drawn on the workers
    code, out, err = ctrl_c_after(["build", "--out", str(out_dir)], 0.5,
                                  once=lambda: (out_dir / "orchards-market" / "cards.txt").exists())
    assert code == 130, err
    assert "Traceback" not in err and err.splitlines()[-1] == "pnp: interrupted", err
    written = [p for p in (tmp_path / "out").rglob("*") if p.is_file()]
    assert not [p for p in written if p.name.endswith(".tmp")]
    for pdf in (p for p in written if p.suffix == ".pdf"):
        assert pdf.read_bytes().rstrip().endswith(b"%%EOF"), pdf


@pytest.mark.parametrize("work", [
    "from pnp.render.exports import render_parallel; import time; "
    "render_parallel(time.sleep, [4, 0.1, 0.1], workers=2, chunksize=1)",  # one worker idle at the Ctrl-C
    "from pnp.puzzles.daily import make_puzzles; from pnp.games import find_game; import datetime; "
    "list(make_puzzles(find_game('orchard'), [datetime.date(2031, 1, d) for d in range(1, 9)], jobs=2))",
])
def test_workers_leave_ctrl_c_to_the_parent(work):
    """Ctrl-C reaches the workers too: they leave it to the parent, so only the
    parent's KeyboardInterrupt is raised (the CLI turns it into one line), not
    one traceback a worker over it; the jobs not started are not waited for."""
    _ctrl_c_leaves_one_traceback(work)


@pytest.mark.parametrize("work", [
    "from pnp.render.exports import render_parallel; import time; "
    "render_parallel(time.sleep, [2, 2, 0.1, 0.1], workers=2, chunksize=1)",
    "from pnp.puzzles.daily import make_puzzles; from pnp.games import find_game; import datetime; "
    "list(make_puzzles(find_game('orchard'), [datetime.date(2031, 1, d) for d in range(1, 9)], jobs=2))",
])
def test_a_second_ctrl_c_does_not_cut_the_workers_shutdown_short(work):
    """Ctrl-C twice in quick succession (or `timeout -s INT`, which signals twice):
    the second one broke off the pool's shutdown, which could leave the workers
    waiting forever (pnp deck --format png hung once in eight). It now waits out
    the shutdown, and the one KeyboardInterrupt is the first."""
    _ctrl_c_leaves_one_traceback(work, again=0.2)


def _ctrl_c_leaves_one_traceback(work, again=None):
    """Runs ``python -c work``, Ctrl-C once (or twice, ``again`` seconds apart):
    one KeyboardInterrupt, the parent's, and none from a worker."""
    sys.path.insert(0, str(Path(__file__).parent))
    from interrupt import ctrl_c_python_after

    code, out, err = ctrl_c_python_after(["-c", work], 2 if again is None else 1, again=again)
    assert code == -2 and err.rstrip().endswith("KeyboardInterrupt"), err
    assert err.count("KeyboardInterrupt") == 1, err  # not one raised while handling the first
    assert "Process" not in err, err  # a worker's "Process ForkPoolWorker-1:" heading


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["verify", "orchard:1,2,3", "-"], ["--help"], ["solve", "orchard:1,2,3,4"]])
def test_output_that_cannot_be_written_is_one_line_and_exit_2(args):
    """`pnp verify ... > /dev/full` (or a full disk) printed a traceback and exited
    1, "illegal", for a legal line."""
    with open("/dev/full", "w") as full:
        p = subprocess.run([sys.executable, "-m", "pnp", *args], stdout=full, stderr=subprocess.PIPE,
                           input=b"2 r0 -1,1\n3 r90 -2,2\n", timeout=60)  # a legal line
    err = p.stderr.decode()
    assert p.returncode == 2, err
    assert err == "pnp: cannot write the output: No space left on device\n", err


@pytest.mark.parametrize("args", [["solve", "orchard:1,2,3,4,5,6", "--time-limit", "1"], ["--help"]])
def test_a_reader_that_goes_away_ends_pnp_quietly_with_141(args):
    """`pnp solve ... | head -1` exited 1, which pnp keeps for "the thing checked
    is false"; a closed pipe is 128 + SIGPIPE, as shells report it, with nothing
    on stderr."""
    p = subprocess.Popen([sys.executable, "-m", "pnp", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()  # before pnp has written anything: it is still starting
    err = p.stderr.read()
    assert p.wait(timeout=60) == 141 and err == b"", err


def test_a_solve_done_early_leaves_its_bar_full():
    """On a terminal, a deal proven before its limit left the bar where the clock
    stopped ("50%"), above the result."""
    sys.path.insert(0, str(Path(__file__).parent))
    from terminal import run_on_a_terminal

    code, screens = run_on_a_terminal(["solve", "orchard:4,7,8,3,14,18", "--time-limit", "30", "--jobs", "1"],
                                      dict(COLUMNS="200"))
    bars = [s for s in screens if "solving" in s]
    assert code == 0 and bars, screens
    assert "100%" in bars[-1], bars[-1]


def test_a_target_is_met_only_by_a_finished_legal_line(tmp_path):
    """An illegal line said "met_target": true when its score so far reached the
    target, and a line stopped with a legal move left said "target met" and
    exited 0, though the next card may still cost points (SPEC §4.5: the final
    score wins)."""
    from pnp.puzzles import archive_path
    from pnp.puzzles.daily import load_puzzle

    p = load_puzzle(archive_path("orchard", "2026-12-02"))
    moves = [m.format() for m in p.answer]
    short = [m for i, m in enumerate(moves) if i < len(moves) - 1]
    sol = tmp_path / "line.txt"
    sol.write_text("\n".join(short) + "\n")
    data = json.loads(run("verify", p.id, str(sol), "--json").stdout)
    assert data["legal"] and not data["complete"] and data["score"] >= p.target
    r = run("verify", p.id, str(sol), "--json")
    assert r.exit_code == 1 and json.loads(r.stdout)["met_target"] is False
    text = run("verify", p.id, str(sol))
    assert text.exit_code == 1 and f"target {p.target} counts only for a finished line" in text.stdout
    assert text.stdout.count("finished") == 1 and text.stdout.rstrip().endswith("incomplete: a legal move remains")
    sol.write_text("\n".join(moves + [moves[0]]) + "\n")  # a move after the last card: illegal
    r = run("verify", p.id, str(sol), "--json")
    data = json.loads(r.stdout)
    assert r.exit_code == 1 and not data["legal"] and data["score"] >= p.target and data["met_target"] is False
    sol.write_text("\n".join(moves) + "\n")
    r = run("verify", p.id, str(sol), "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["met_target"] is True


def test_a_side_letter_in_a_one_sided_game_is_bad_input(tmp_path):
    """`13a` in Orchard was "move 1 is illegal", exit 1, where `2c` in orchard-pnp
    and `13a` in an Orchard deal are bad input (SPEC §5: only orchard-pnp cards
    carry a side)."""
    for as_json in ([], ["--json"]):
        r = run("verify", "orchard:7,13,10,2", "-", *as_json, input="13 r180 0,-1\n10a r0 0,0\n")
        assert r.exit_code == 2
        assert r.stderr == "pnp: <stdin>:2: move 2: orchard cards have one side; write 10, not 10a\n", r.stderr
        if as_json:
            assert json.loads(r.stdout)["error"] == {"move": 2, "line": 2,
                                                     "reason": "orchard cards have one side; write 10, not 10a"}


def test_a_proof_file_given_as_the_puzzle_says_what_it_is():
    """`pnp verify puzzles/proofs/orchard/2026/orchard-2026-12-02.yaml` said
    "puzzle file has no 'answer'"."""
    proof = Path(__file__).resolve().parents[1] / "puzzles" / "proofs" / "orchard" / "2026" / "orchard-2026-12-02.yaml"
    r = run("verify", str(proof), "-", input="13 r180 0,-1\n")
    assert r.exit_code == 2
    assert r.stderr == (f"pnp: {proof}: this is a proof file (pnp puzzle prove writes them), not a puzzle file: "
                        "give the puzzle id orchard-2026-12-02 or the day's file under puzzles/GAME/\n"), r.stderr


def test_the_library_checks_a_solution_file_as_the_command_does():
    """The rule of which comes first, an illegal move or one that does not read,
    lived in the command; pnp.verify.check_solution gives it to library users."""
    from pnp.games import find_game
    from pnp.verify import check_solution

    game = find_game("orchard")
    deal = game.parse_deal(ORCHARD_DEAL)
    v, lines, bad = check_solution(game, deal, "9 r0 0,0\nseven r0 0,0\n", "line.txt")
    assert bad is None and not v.legal and v.error["move"] == 1  # the illegal move ends the replay
    v, lines, bad = check_solution(game, deal, "7 r180 1,0\nseven r0 0,0\n", "line.txt")
    assert bad is not None and bad.move_number == 2 and v.error["move"] == 2 and len(lines) == 1
    assert str(bad).startswith("line.txt:2: move 2: cannot read move 'seven r0 0,0'")
