"""Proof files: the exact solver's verdict kept beside the published archive."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from interrupt import ctrl_c_after
from pnp.cli import cli
from pnp.errors import PuzzleError
from pnp.games import find_game
from pnp.notation import Deal, Move
from pnp.puzzles import archive_path
from pnp.puzzles.daily import Puzzle, daily_puzzle, load_puzzle
from pnp.puzzles.difficulty import beam_ladder
from pnp.puzzles.proofs import Proof, load_proof, proof_path, replays_to, store_proof, with_proof
from pnp.solver import solve

ROOT = Path(__file__).resolve().parents[1]
ARCHIVE = ROOT / "puzzles"
PROOF_FILES = sorted((ARCHIVE / "proofs").glob("*/*/*.yaml"))

DATE = "2030-01-07"  # far beyond the published archive
SHORT = "orchard:4,7,8,3,14"


def test_the_archive_has_proof_files():
    assert PROOF_FILES, "puzzles/proofs/ is empty"


@pytest.mark.parametrize("path", PROOF_FILES, ids=lambda p: p.stem)
def test_every_proof_file_replays_to_its_best_on_the_published_deal(path):
    proof = load_proof(path)
    game_id, date = proof.id.rsplit("-", 3)[0], path.stem[-10:]
    assert path == proof_path(game_id, date, ARCHIVE)
    published = load_puzzle(archive_path(game_id, date, ARCHIVE))
    assert proof.deal == published.deal
    assert replays_to(find_game(game_id), proof) == proof.best
    assert published.best <= proof.best <= proof.bound <= max(published.bound, proof.best)
    assert proof.best >= published.target


NINE = "grove:7,6,13,16,17,14,10,8,11"  # its proof takes 10 to 20 s on one core


def _publish(root: Path, game_id: str, date: str, deal_text: str) -> Puzzle:
    """A published day of ``deal_text`` whose answer is the first beam's line."""
    game = find_game(game_id)
    deal = game.parse_deal(deal_text)
    first = beam_ladder(game, deal)[0]
    p = Puzzle(game_id, date, deal, target=first.score, difficulty=0, greedy=first.score, best=first.score,
               proven=False, bound=first.score + 40, answer=tuple(first.moves), ladder=(first.score,))
    path = archive_path(game_id, date, root)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(p.to_yaml())
    return p


def _publish_short(root: Path) -> Puzzle:
    """A published day with a five-card deal whose answer is the greedy line
    (so that the exact solver finds better)."""
    return _publish(root, "orchard", DATE, SHORT)


@pytest.fixture
def archive(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    root = tmp_path / "puzzles"
    return root, _publish_short(root)


def test_prove_writes_a_proof_that_daily_verify_and_the_answer_key_read(archive):
    root, published = archive
    best = solve(find_game("orchard"), SHORT).score
    assert best > published.best  # the greedy line is beaten, or the test shows nothing
    r = CliRunner().invoke(cli, ["puzzle", "prove", "--game", "orchard", "--from", DATE, "--to", DATE,
                                 "--time-limit", "0", "--jobs", "1"])
    assert r.exit_code == 0, r.output
    assert f"orchard-{DATE}: best {best} (proven; published best {published.best}" in r.output
    proof = load_proof(proof_path("orchard", DATE, root))
    assert (proof.best, proof.bound, proof.proven) == (best, best, True)
    assert load_puzzle(archive_path("orchard", DATE, root)) == published  # never rewritten

    r = CliRunner().invoke(cli, ["puzzle", "daily", "--game", "orchard", "--date", DATE, "--json"])
    data = json.loads(r.output)
    assert (data["best"], data["proven"], data["bound"]) == (best, True, best)
    assert data["answer"] == [m.format() for m in proof.line]
    r = CliRunner().invoke(cli, ["puzzle", "daily", "--game", "orchard", "--date", DATE])
    assert f"best:        {best} (proven)" in r.output

    line = root.parent / "line.txt"
    line.write_text("\n".join(m.format() for m in published.answer))
    r = CliRunner().invoke(cli, ["verify", f"orchard-{DATE}", str(line)])
    assert f"best possible {best}" in r.output and "not proven" not in r.output
    # the published file named by its path reads the same proof
    by_path = CliRunner().invoke(cli, ["verify", str(archive_path("orchard", DATE, root)), str(line)])
    assert by_path.output == r.output
    # so does a copy of it elsewhere (it was told 'best found N (not proven)'); an edited copy does not
    copy = root.parent / "mine" / "day.yaml"
    copy.parent.mkdir()
    copy.write_bytes(archive_path("orchard", DATE, root).read_bytes())
    assert CliRunner().invoke(cli, ["verify", str(copy), str(line)]).output == r.output
    copy.write_text(copy.read_text().replace("\ntarget:", "\n# mine\ntarget:"))
    edited = CliRunner().invoke(cli, ["verify", str(copy), str(line)]).output
    assert f"best found {published.best} (not proven)" in edited, edited

    # a proven file is final: a second run keeps it without searching
    r = CliRunner().invoke(cli, ["puzzle", "prove", "--game", "orchard", "--from", DATE, "--to", DATE])
    assert r.exit_code == 0 and "0 new proof files, 0 made stronger, 1 kept" in r.output


def test_a_proof_file_only_gets_stronger(archive):
    root, published = archive
    game = find_game("orchard")
    sol = solve(game, SHORT)
    deal, pid = published.deal, published.id
    weak = Proof(pid, deal, published.best, published.best + 30, published.answer)
    assert store_proof(game, weak, DATE, root) == (weak, "new")
    # a lower bound alone, then a better line alone: each is merged in
    lower = Proof(pid, deal, published.best, published.best + 20, published.answer)
    assert store_proof(game, lower, DATE, root)[1] == "stronger"
    better = Proof(pid, deal, sol.score, sol.score + 25, sol.moves)
    held, status = store_proof(game, better, DATE, root)
    assert status == "stronger" and (held.best, held.bound, held.line) == (sol.score, published.best + 20, sol.moves)
    # nothing new: kept
    assert store_proof(game, weak, DATE, root)[1] == "kept"
    done = Proof(pid, deal, sol.score, sol.score, sol.moves)
    assert store_proof(game, done, DATE, root)[1] == "stronger"
    assert load_proof(proof_path("orchard", DATE, root)).proven
    assert store_proof(game, better, DATE, root)[1] == "kept"


def test_a_proof_whose_line_does_not_reach_its_best_is_never_stored(archive):
    root, published = archive
    game = find_game("orchard")
    lying = Proof(published.id, published.deal, published.best + 5, published.best + 5, published.answer)
    with pytest.raises(PuzzleError, match="does not score"):
        store_proof(game, lying, DATE, root)
    illegal = Proof(published.id, published.deal, published.best, published.best,
                    (Move.parse("14 r0 9,9"),) + published.answer[1:])
    with pytest.raises(PuzzleError, match="illegal at move 1"):
        store_proof(game, illegal, DATE, root)
    assert not proof_path("orchard", DATE, root).exists()


def test_a_proof_file_for_another_deal_is_an_error_naming_it(archive):
    root, published = archive
    other = Proof(published.id, Deal.parse("orchard:4,7,8,3,15"), 1, 1, ())
    path = proof_path("orchard", DATE, root)
    path.parent.mkdir(parents=True)
    path.write_text(other.to_yaml())
    with pytest.raises(PuzzleError, match="published deal is orchard:4,7,8,3,14"):
        with_proof(published, root)
    r = CliRunner().invoke(cli, ["puzzle", "daily", "--game", "orchard", "--date", DATE])
    assert r.exit_code == 2 and str(Path("puzzles") / "proofs") in r.output and "Traceback" not in r.output


def test_a_proof_file_that_contradicts_itself_is_refused(archive):
    root, published = archive
    path = proof_path("orchard", DATE, root)
    path.parent.mkdir(parents=True)
    text = Proof(published.id, published.deal, published.best, published.best + 3, published.answer).to_yaml()
    path.write_text(text.replace("proven: false", "proven: true"))
    r = CliRunner().invoke(cli, ["puzzle", "daily", "--game", "orchard", "--date", DATE])
    assert r.exit_code == 2 and "do not agree" in r.output


@pytest.mark.parametrize("text, says", [
    ("best: [\n", ":2: proof file is not valid YAML: "),  # it said "puzzle file"
    ("- 1\n", ":1: proof file is not a mapping of keys"),
    (b"best: \xff\n", ":1: proof file is not UTF-8 text"),
])
def test_a_broken_proof_file_is_called_a_proof_file(archive, text, says):
    root, _ = archive
    path = proof_path("orchard", DATE, root)
    path.parent.mkdir(parents=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    r = CliRunner().invoke(cli, ["puzzle", "daily", "--game", "orchard", "--date", DATE])
    assert r.exit_code == 2 and r.output.startswith(f"pnp: {Path('puzzles') / 'proofs'}") and says in r.output, r.output


def test_without_a_proof_file_the_published_puzzle_is_unchanged(archive):
    root, published = archive
    assert daily_puzzle(find_game("orchard"), DATE, root) == published


def test_prove_refuses_days_that_are_not_published(archive):
    r = CliRunner().invoke(cli, ["puzzle", "prove", "--game", "orchard", "--from", DATE, "--to", "2030-01-08"])
    assert r.exit_code == 2 and "not published" in r.output and "2030-01-08" in r.output


def test_prove_where_there_is_no_archive_says_so(tmp_path, monkeypatch):
    """Outside the repository it said "not published in puzzles: 2026-12-07
    (publish them first)" of a day daily and verify read from the shipped archive."""
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, ["puzzle", "prove", "--game", "orchard", "--from", "2026-12-07", "--to", "2026-12-07"])
    assert r.exit_code == 2 and "not published" not in r.output, r.output
    assert r.output.startswith("pnp: no archive folder puzzles/ here: prove reads the days and writes their proofs")


@pytest.mark.parametrize("limit", ["nan", "inf", "-1"])
def test_prove_refuses_a_time_limit_that_is_not_seconds(limit):
    """`--time-limit nan` (or inf) was taken, and searched each day with no limit."""
    r = CliRunner().invoke(cli, ["puzzle", "prove", "--game", "orchard", "--from", DATE, "--to", DATE,
                                 "--time-limit", limit])
    assert r.exit_code == 2 and "--time-limit" in r.output, r.output


@pytest.mark.parametrize("game_id,deal,limit,jobs", [
    ("orchard", SHORT, None, 1),
    ("grove", "grove:10,2,14,12,6,17", 60, 1),
    ("grove", "grove:10,2,14,12,6,17", 60, 2),
])
def test_a_search_from_a_known_line_keeps_it_unless_it_finds_better(game_id, deal, limit, jobs):
    """solve(known=(score, moves)) starts from that line: given the best line,
    it proves it and returns it as it is; given a weaker one, it finds the best."""
    game = find_game(game_id)
    best = solve(game, deal)
    assert best.proven
    got = solve(game, deal, time_limit=limit, jobs=jobs, known=(best.score, best.moves))
    assert got.proven and got.score == best.score and tuple(got.moves) == tuple(best.moves)
    weak = beam_ladder(game, game.parse_deal(deal))[0]
    assert weak.score < best.score
    got = solve(game, deal, time_limit=limit, jobs=jobs, known=(weak.score, weak.moves))
    assert got.proven and got.score == best.score
    assert replays_to(game, Proof("x", game.parse_deal(deal), got.score, got.score, tuple(got.moves))) == best.score


def test_a_search_cut_short_still_returns_the_known_line():
    """With no time to search (a hundredth of a second), the first beam's line
    falls short of the best; started from the best line, the search returns it."""
    game = find_game("grove")
    deal = "grove:10,2,14,12,6,17,4"
    best = solve(game, deal)
    assert solve(game, deal, time_limit=0.01).score < best.score  # or the test shows nothing
    got = solve(game, deal, time_limit=0.01, known=(best.score, best.moves))
    assert got.score == best.score and tuple(got.moves) == tuple(best.moves) and got.bound >= best.score


def test_prove_searches_from_the_best_line_the_proof_file_knows(archive, monkeypatch):
    """`pnp puzzle prove` hands the solver the best line known (the proof
    file's, where it beats the published one), so the search looks only for
    better ones; a proof file whose line does not reach its best is refused
    before any search."""
    import pnp.solver
    from pnp.puzzles.proofs import prove_day

    root, published = archive
    game = find_game("orchard")
    best = solve(game, SHORT)
    assert best.score > published.best
    store_proof(game, Proof(published.id, published.deal, best.score, best.score + 9, best.moves), DATE, root)
    given = []
    real = pnp.solver.solve

    def spy(*args, **kw):
        given.append(kw.get("known"))
        return real(*args, **kw)

    monkeypatch.setattr(pnp.solver, "solve", spy)
    _, proof, status = prove_day(game, DATE, root, time_limit=None)
    assert given == [(best.score, best.moves)]
    assert status == "stronger" and proof.proven and proof.best == best.score

    path = proof_path("orchard", DATE, root)
    lying = Proof(published.id, published.deal, published.best + 5, published.best + 9, published.answer)
    path.write_text(lying.to_yaml())
    given.clear()
    with pytest.raises(PuzzleError, match="does not score"):
        prove_day(game, DATE, root, time_limit=None)
    assert given == []


def test_a_proof_stopped_early_keeps_its_line_and_bound(tmp_path):
    """prove_day(stop=...) ends the search as a time limit would and still
    stores what it found: a line at least the published one, which replays,
    and a proven bound below the published one."""
    from pnp.puzzles.proofs import prove_day

    root = tmp_path / "puzzles"
    published = _publish(root, "grove", DATE, NINE)
    game = find_game("grove")
    asked = []
    _, proof, status = prove_day(game, DATE, root, time_limit=None, stop=lambda: asked.append(1) or True)
    assert asked and status == "new" and not proof.proven
    assert published.best <= proof.best < proof.bound < published.bound
    assert replays_to(game, proof) == proof.best
    assert load_proof(proof_path("grove", DATE, root)) == proof


def test_cli_ctrl_c_keeps_the_day_being_proven_and_tries_no_more(tmp_path):
    """Ctrl-C (SIGINT to the process group, as a terminal sends it) during
    `pnp puzzle prove`: the day being searched gets its proof file (not
    proven, with a bound), the next day is not tried, exit 0, no traceback."""
    root = tmp_path / "puzzles"
    _publish(root, "grove", DATE, NINE)
    after = "2030-01-08"
    _publish(root, "grove", after, "grove:10,2,14,12,6,17,4,9,16")
    code, out, err = ctrl_c_after(["puzzle", "prove", "--game", "grove", "--from", DATE, "--to", after,
                                   "--time-limit", "0", "--jobs", "1", "--archive", str(root)], 4, cwd=tmp_path)
    assert code == 0, err
    assert "Traceback" not in err and "stopping" in err
    proof = load_proof(proof_path("grove", DATE, root))
    assert not proof.proven and proof.bound > proof.best
    assert f"grove-{DATE}: best {proof.best} (not proven, bound {proof.bound}" in out
    assert f"stopped: 1 day not tried, {after} to {after}" in out
    assert not proof_path("grove", after, root).exists()


def test_recheck_withdraws_a_proven_file_whose_bound_was_wrong(archive):
    """A proof file that says proven at a best below the deal's (as one
    proven with an unsound bound would): `pnp puzzle prove` keeps it as
    final, `--recheck` searches again from its line and rewrites it with
    the true best, proven."""
    root, published = archive
    game = find_game("orchard")
    best = solve(game, SHORT).score
    assert best > published.best  # the file's "proven" best is wrong, or the test shows nothing
    path = proof_path("orchard", DATE, root)
    path.parent.mkdir(parents=True, exist_ok=True)
    wrong = Proof(published.id, published.deal, published.best, published.best, published.answer)
    path.write_text(wrong.to_yaml())
    args = ["puzzle", "prove", "--game", "orchard", "--from", DATE, "--to", DATE, "--time-limit", "0",
            "--jobs", "1"]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    assert load_proof(path) == wrong and "1 kept as they were" in r.output

    r = CliRunner().invoke(cli, [*args, "--recheck"])
    assert r.exit_code == 0, r.output
    proof = load_proof(path)
    assert proof.proven and proof.best == best and replays_to(game, proof) == best
    assert f"{published.id}: best {best} (proven;" in r.output
    assert "orchard: 1 proof files rechecked (1 proven), 0 new" in r.output


def test_a_recheck_stopped_early_leaves_the_file_not_proven_with_this_runs_bound(tmp_path):
    """A proven file rechecked by a search that does not finish: its line
    stays (it replays, whatever the bounds), its bound is this run's (below
    the published puzzle's, above the best), and it no longer says proven."""
    from pnp.puzzles.proofs import prove_day

    root = tmp_path / "puzzles"
    published = _publish(root, "grove", DATE, NINE)
    game = find_game("grove")
    claimed = Proof(published.id, published.deal, published.best, published.best, published.answer)
    store_proof(game, claimed, DATE, root)
    assert load_proof(proof_path("grove", DATE, root)).proven
    _, proof, status = prove_day(game, DATE, root, time_limit=None, stop=lambda: True, recheck=True)
    assert status == "rechecked" and not proof.proven
    assert published.best <= proof.best < proof.bound < published.bound
    assert replays_to(game, proof) == proof.best
    assert load_proof(proof_path("grove", DATE, root)) == proof
