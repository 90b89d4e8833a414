"""Where pnp reads the published archive from, wherever it runs (SPEC §7: the
archive is the source of truth), and where ``pnp puzzle publish`` writes.

No puzzle is generated here: ``make_puzzle`` is replaced by one that fails."""
from __future__ import annotations

import json
import runpy
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

import pnp.puzzles
from pnp.cli import cli
from pnp.puzzles import archive_root, daily
from pnp.puzzles.daily import load_puzzle
from pnp.puzzles.proofs import with_proof

ROOT = Path(__file__).resolve().parents[1]
DAY = "2026-11-25"  # archived by an older generator: generating it again gives another puzzle
REPO_FILE = ROOT / "puzzles" / "orchard" / "2026" / f"orchard-{DAY}.yaml"


@pytest.fixture
def no_generation(monkeypatch):
    def refuse(game, date):
        pytest.fail(f"generated {game.id} {date}: it should have been read from the archive")
    monkeypatch.setattr(daily, "make_puzzle", refuse)


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """A current folder with no puzzles/ (a user's folder outside the repository)."""
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    return cwd


# ----------------------------------------------------------------- archive_root()


def test_outside_the_repository_the_archive_is_still_found(elsewhere):
    root = archive_root()
    assert root.is_absolute()
    assert (root / "orchard" / "2026" / REPO_FILE.name).read_bytes() == REPO_FILE.read_bytes()


def test_a_puzzles_folder_here_comes_first(elsewhere):
    (elsewhere / "puzzles").mkdir()
    assert archive_root() == Path("puzzles")


def test_a_builds_own_puzzles_folder_is_not_an_archive(elsewhere):
    """``pnp build --out .`` (or working inside output/) leaves a flat puzzles/ of
    PDFs and text; read as the archive, every day was generated again, slower and
    without its published proof."""
    (elsewhere / "puzzles").mkdir()
    (elsewhere / "puzzles" / "orchard-2026-12-01.pdf").write_bytes(b"%PDF")
    assert archive_root() != Path("puzzles")
    assert (archive_root() / "orchard" / "2026" / REPO_FILE.name).is_file()
    (elsewhere / "puzzles" / "orchard").mkdir()  # a real archive holds GAME/ folders
    assert archive_root() == Path("puzzles")


def _fake_package(tmp_path: Path, monkeypatch, *, shipped: bool, sibling: bool, pyproject: bool) -> Path:
    top = tmp_path / "site"
    (top / "pnp").mkdir(parents=True)
    if shipped:
        (top / "pnp" / "data" / "puzzles").mkdir(parents=True)
    if sibling:
        (top / "puzzles").mkdir()
    if pyproject:
        (top / "pyproject.toml").write_text("[project]\n")
    monkeypatch.setattr(pnp.puzzles, "resources", SimpleNamespace(files=lambda name: top / name))
    return top


@pytest.mark.parametrize("shipped,sibling,pyproject,want", [
    (True, True, True, "pnp/data/puzzles"),   # an installed package: its own copy
    (False, True, True, "puzzles"),           # a source checkout / editable install
    (False, True, False, None),               # some other puzzles/ beside site-packages: not ours
    (False, False, True, None),
])
def test_lookup_order(tmp_path, elsewhere, monkeypatch, shipped, sibling, pyproject, want):
    top = _fake_package(tmp_path, monkeypatch, shipped=shipped, sibling=sibling, pyproject=pyproject)
    assert archive_root() == (top / want if want else Path("puzzles"))


def test_looked_up_when_called_not_when_imported(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    before = archive_root()
    (tmp_path / "puzzles").mkdir()
    assert before != Path("puzzles") and archive_root() == Path("puzzles")


# ----------------------------------------------------------------- the commands


def test_daily_outside_the_repository_reads_the_archive(elsewhere, no_generation):
    r = CliRunner().invoke(cli, ["puzzle", "daily", "--game", "orchard", "--date", DAY, "--json"])
    assert r.exit_code == 0, r.output
    assert "not in the archive" not in r.output
    # the archive's proof file of the day comes with it (pnp.puzzles.proofs)
    assert json.loads(r.stdout) == with_proof(load_puzzle(REPO_FILE), ROOT / "puzzles").to_json()


def test_verify_outside_the_repository_reads_the_archive(elsewhere, no_generation):
    p = load_puzzle(REPO_FILE)
    line = elsewhere / "line.txt"
    line.write_text("\n".join(m.format() for m in p.answer) + "\n")
    r = CliRunner().invoke(cli, ["verify", f"orchard-{DAY}", str(line), "--json"])
    assert r.exit_code == 0, r.output
    assert "not in the archive" not in r.output
    data = json.loads(r.stdout)
    assert (data["score"], data["target"], data["met_target"]) == (p.best, p.target, True)
    r = CliRunner().invoke(cli, ["verify", f"orchard-{DAY}", str(line)])
    proved = with_proof(p, ROOT / "puzzles")
    best = (f"best possible {proved.best}" if proved.proven else f"best found {proved.best} (not proven)")
    assert f"target {p.target} met" in r.output and best in r.output


def test_booklet_outside_the_repository_reads_the_archive(elsewhere, no_generation):
    r = CliRunner().invoke(cli, ["puzzle", "booklet", "--game", "orchard", "--from", DAY, "--days", "1"])
    assert r.exit_code == 0, r.output
    assert (elsewhere / f"orchard-booklet-{DAY}-1d.pdf").is_file()


def _archive_with_target_raised(root: Path):
    """An archive at ``root`` holding REPO_FILE's day with its target 7 higher;
    the day's puzzle as published."""
    p = load_puzzle(REPO_FILE)
    mine = root / "orchard" / "2026" / REPO_FILE.name
    mine.parent.mkdir(parents=True)
    mine.write_text(REPO_FILE.read_text(encoding="utf-8").replace(f"target: {p.target}\n", f"target: {p.target + 7}\n"),
                    encoding="utf-8")
    return p


def test_a_puzzles_folder_here_wins_over_the_shipped_archive(elsewhere, no_generation):
    p = _archive_with_target_raised(elsewhere / "puzzles")
    r = CliRunner().invoke(cli, ["puzzle", "daily", "--game", "orchard", "--date", DAY, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["target"] == p.target + 7


def test_verify_reads_the_archive_given(elsewhere, no_generation):
    # --archive, as puzzle daily and booklet take it: verify read only puzzles/ here or pnp's own
    p = _archive_with_target_raised(elsewhere / "mine")
    line = "".join(f"{m}\n" for m in p.answer)
    r = CliRunner().invoke(cli, ["verify", p.id, "-", "--json", "--archive", str(elsewhere / "mine")], input=line)
    assert r.exit_code == 1, r.output  # the answer reaches the published target, not this one
    assert json.loads(r.stdout)["target"] == p.target + 7
    r = CliRunner().invoke(cli, ["verify", p.id, "-", "--json"], input=line)
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["target"] == p.target


def test_the_generating_notice_names_the_folder_searched(elsewhere, monkeypatch):
    p = load_puzzle(REPO_FILE)
    monkeypatch.setattr(daily, "make_puzzle", lambda game, date: p)
    r = CliRunner().invoke(cli, ["puzzle", "daily", "--game", "orchard", "--date", "2031-01-01"])
    assert r.exit_code == 0, r.output
    assert f"pnp: orchard-2031-01-01 is not in the archive ({archive_root()}/); generating it" in r.stderr
    (elsewhere / "mine").mkdir()
    r = CliRunner().invoke(cli, ["puzzle", "daily", "--game", "orchard", "--date", DAY,
                                 "--archive", str(elsewhere / "mine")])
    assert f"is not in the archive ({elsewhere / 'mine'}/)" in r.stderr


@pytest.mark.parametrize("args", [["puzzle", "daily", "--game", "orchard"], ["verify", "orchard:1,2", "-"],
                                  ["puzzle", "booklet", "--game", "orchard"]])
def test_an_archive_folder_that_is_not_there_is_refused(elsewhere, args):
    """A mistyped --archive read as an empty archive: the day was generated, with
    only a notice, and verify judged the line against that."""
    r = CliRunner().invoke(cli, [*args, "--archive", str(elsewhere / "typo")], input="2 r0 0,1\n")
    assert r.exit_code == 2 and "generating" not in r.output, r.output
    assert r.output.strip() == f"Error: Invalid value for '--archive': no such folder: '{elsewhere / 'typo'}'"


def test_publish_writes_into_the_current_folder(elsewhere, monkeypatch):
    p = load_puzzle(REPO_FILE)
    before = REPO_FILE.stat().st_mtime_ns
    monkeypatch.setattr(daily, "make_puzzle", lambda game, date: p)
    r = CliRunner().invoke(cli, ["puzzle", "publish", "--game", "orchard", "--from", DAY, "--to", DAY,
                                 "--jobs", "1"])
    assert r.exit_code == 0, r.output
    written = elsewhere / "puzzles" / "orchard" / "2026" / REPO_FILE.name
    assert f"wrote {Path('puzzles') / 'orchard' / '2026' / REPO_FILE.name}" in r.output
    assert load_puzzle(written) == p
    assert REPO_FILE.stat().st_mtime_ns == before


def test_help_says_where_the_archive_is_read_from():
    r = CliRunner().invoke(cli, ["puzzle", "daily", "--help"])
    assert r.exit_code == 0 and "puzzles/ in the current folder, else the archive shipped with pnp" in " ".join(
        r.output.split())
    r = CliRunner().invoke(cli, ["puzzle", "publish", "--help"])
    assert "[default: puzzles]" in r.output


# ----------------------------------------------------------------- setup.py ships the archive


def test_build_py_copies_the_archive_into_the_package(tmp_path, monkeypatch):
    import setuptools
    from setuptools.dist import Distribution

    monkeypatch.setattr(setuptools, "setup", lambda **kw: None)
    build_py = runpy.run_path(str(ROOT / "setup.py"))["build_py_with_archive"]
    cmd = build_py(Distribution({"name": "pnp", "packages": []}))
    cmd.initialize_options()
    cmd.build_lib = str(tmp_path / "lib")
    cmd.finalize_options()
    cmd.run()
    copied = tmp_path / "lib" / "pnp" / "data" / "puzzles"
    assert (copied / "orchard" / "2026" / REPO_FILE.name).read_bytes() == REPO_FILE.read_bytes()
    assert sorted(f.relative_to(copied) for f in copied.rglob("*.yaml")) == sorted(
        f.relative_to(ROOT / "puzzles") for f in (ROOT / "puzzles").rglob("*.yaml"))
    assert set(cmd.get_outputs()) >= {str(copied / "orchard" / "2026" / REPO_FILE.name)}
    cmd.editable_mode = True  # an editable install reads the checkout's puzzles/ instead
    assert cmd.archive_files() == []
