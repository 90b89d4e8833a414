"""The compiled exact search for Orchard (``pnp/solver/_orchard.c``): it is
built, and it finds what the pure-Python search finds, position by position,
including the dice choices when the supply runs short."""
from __future__ import annotations

import random
from pathlib import Path
from dataclasses import replace

import pytest

from pnp.games import find_game
from pnp.notation import Deal
from pnp.solver import compiled, search
from pnp.solver.engine import ROTTEN
from pnp.solver.search import Searcher, solve

from proofs import check_line, keyed_alike, same_proof


def test_the_compiled_core_is_built():
    """``pip install .`` builds it wherever a C compiler is (CI has one): a
    silent fall-back to Python would cost 20x without any test noticing."""
    assert compiled.available()


def random_deals(game_id, n, count, seed):
    game = find_game(game_id)
    rng = random.Random(seed)
    for _ in range(count):
        if game_id == "orchard-pnp":
            yield f"{game_id}:" + ",".join(f"{c}{rng.choice('ab')}" for c in rng.sample(range(1, 10), n))
        else:
            yield f"{game_id}:" + ",".join(str(c) for c in rng.sample(range(1, 19), n))


@pytest.mark.parametrize("game_id,n,seed", [("orchard", 4, 1), ("orchard", 5, 2), ("orchard-pnp", 5, 3)])
def test_native_search_equals_python_search(game_id, n, seed):
    """Random deals, a one-wide beam (so the exact search finds the line
    itself): the same proven best; the native line verifies."""
    game = find_game(game_id)
    for deal in random_deals(game_id, n, 4, seed):
        same_proof(game, deal)


def played(game_id, deal, rng, moves):
    """The Python engine of ``deal``, and a position ``moves`` random moves
    (mismatches and rotten tokens included) from its start, or fewer where
    the game ends first."""
    game = find_game(game_id)
    eng = Searcher(game, game.parse_deal(deal), native=False).engine
    node = eng.start()
    for _ in range(moves):
        kids = eng.children(node)
        if not kids:
            break
        node = eng.node(rng.choice(kids))
    return eng, node


def scarce_positions(game_id, deal, count, seed):
    """Positions two moves into ``deal`` whose supply is cut to at most one
    die per fruit: the next new dice must be shared out (SPEC §3.2c)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        eng, node = played(game_id, deal, rng, 2)
        supply = tuple(min(s, rng.choice((0, 1, 1))) for s in node.supply)
        out.append(replace(node, supply=supply, anchors=None, tables=None, lanes=None, later=None))
    return eng, out


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:9,3,12,5,16,1"),
                                          ("orchard-pnp", "orchard-pnp:2a,7b,4a,9b,1a,6b")])
def test_native_search_equals_python_search_when_dice_run_short(game_id, deal):
    """From positions with scarce dice, the exact futures agree, and the
    native best line (with its named dice) replays to its score."""
    game = find_game(game_id)
    eng, nodes = scarce_positions(game_id, deal, 4, seed=0)
    chose = 0
    for node in nodes:
        cur = eng.score(node)
        py = Searcher(game, game.parse_deal(deal), native=False)
        v_py, exact_py = py.dfs(node, cur)
        nat = Searcher(game, game.parse_deal(deal))
        v_nat, exact_nat = nat.dfs(node, cur)
        assert nat.core is not None
        assert exact_py and exact_nat
        assert v_nat == v_py
        assert nat.best == cur + v_nat  # its line is the one it found: replay() checked the score
        line = [eng.move(c) for c in nat.best_line]
        chose += sum(1 for m in line if m.dice)
        end = node
        for c in nat.best_line:
            end = eng.node(c)
        assert eng.score(end) == nat.best
    assert chose, "no line named its dice: the test lost its point"


def random_positions(game_id, deal, count, seed):
    """Positions reached by random play with 1 to NATIVE_SLOT_CARDS cards
    still to play."""
    rng = random.Random(seed)
    cards = len(Deal.parse(deal).cards) - 1  # all but the start card
    out = []
    while len(out) < count:
        eng, node = played(game_id, deal, rng, cards - rng.randint(1, search.NATIVE_SLOT_CARDS))
        if node.hand and len(eng.to_play(node)) <= search.NATIVE_SLOT_CARDS:
            out.append(node)
    return eng, out


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:9,3,12,5,16,1,14"),
                                          ("orchard-pnp", "orchard-pnp:2a,7b,4a,9b,1a,6b,3a")])
def test_a_rotten_tree_is_keyed_by_its_token_alone(game_id, deal):
    """The table keys a square by what can still change the game: a rotten
    tree is never covered and holds no die, so its fruit no longer matters.
    Each position and its twin, the fruit of every rotten tree changed, have
    the same future in the Python search, which keys them apart; the compiled
    search, having solved one, answers the twin from its table at once."""
    game = find_game(game_id)
    rng = random.Random(3)
    twins = 0
    while twins < 6:
        eng, node = played(game_id, deal, rng, rng.randint(2, 4))
        rotten = {p: c & ~3 | ((c & 3) + 1) % eng.nfruits for p, c in node.board.items() if (c >> 4) & 3 == ROTTEN}
        if not rotten or not node.hand or len(eng.to_play(node)) not in (2, 3):
            continue
        twin = replace(node, board={**node.board, **rotten}, anchors=None, tables=None, lanes=None, later=None)
        keyed_alike(game, eng, compiled.core_for(eng, search.NATIVE_SLOT_CARDS), node, twin)
        twins += 1


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:5,17,2,9,14,11,6,3,10"),
                                          ("orchard-pnp", "orchard-pnp:3b,8a,1b,6a,9b,2a,5b,4a,7b")])
def test_native_bounds_equal_the_python_bounds(game_id, deal):
    """The core's knapsack and slot reaches (per card on the credits for the
    cards after the first, per hand card on the credits for now) are those of
    Bounder.fruit_gains and Engine.slot_reach, position by position: a scan
    that missed a placement, or a knapsack answer kept for the wrong
    position, would make the bound too low, and the search wrong. The same
    layer turned as a whole by a quarter, a half and three quarters gives the
    same answers: the best placement then lies at another edge of the window
    the core scans (the last anchors of a run, the first ones)."""
    eng, nodes = random_positions(game_id, deal, 60, seed=5)
    core = compiled.core_for(eng, search.NATIVE_SLOT_CARDS)
    bounder = search.Bounder(eng)
    tokens_spent = 0
    for node in nodes:
        tokens_spent += node.tokens_used > 0
        knap, later, now = core.bounds(compiled.cells(node), list(node.hand), node.drawn, node.tokens_used,
                                       node.tree_dice, list(node.supply))
        cards = eng.to_play(node)
        assert knap == sum(bounder.fruit_gains(node))
        assert later == [eng.slot_reach(node, c, len(cards) - 1) for c in cards]
        assert now == [eng.slot_reach(node, c, 0) for c in node.hand]
        cells = compiled.cells(node)
        for _ in range(3):
            cells = [(-y, x, c) for x, y, c in cells]
            assert core.bounds(cells, list(node.hand), node.drawn, node.tokens_used, node.tree_dice,
                               list(node.supply)) == (knap, later, now)
    assert tokens_spent, "no position had a rotten token: the test lost part of its point"


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:5,17,2,9,14,11,6,3,10"),
                                          ("grove", "grove:10,11,12,13,14,15,16,17,18")])
def test_native_cores_refuse_a_position_they_cannot_hold(game_id, deal):
    """Both cores read a position through the same checks (``_core.h``): a
    hand card that is not in the deal, a square off the grid or with no code,
    a square that is not (x, y, code), a dice supply a count short or with a
    count that is not a number. Each raises, not a read past the core's arrays
    or a made-up count; the position itself is answered."""
    eng, nodes = random_positions(game_id, deal, 1, seed=3)
    node = nodes[0]
    core = compiled.core_for(eng, search.NATIVE_SLOT_CARDS)
    cells, hand, *rest = compiled.position(eng, node)
    assert core.bounds(cells, hand, *rest)[0] >= 0
    with pytest.raises(ValueError, match="hand"):
        core.bounds(cells, [len(eng.refs)], *rest)
    with pytest.raises(ValueError, match="hand"):
        core.bounds(cells, [-1], *rest)
    with pytest.raises(ValueError, match="hand"):
        core.bounds(cells, hand * 3, *rest)
    x, y, c = cells[0]
    for bad in [(x + 200, y, c), (x, y - 200, c), (x, y, 0)]:
        with pytest.raises(ValueError, match="square out of range"):
            core.bounds([bad] + cells[1:], hand, *rest)
    with pytest.raises(TypeError):
        core.bounds([(x, y)] + cells[1:], hand, *rest)
    drawn, tokens, tree_dice, supply, *wb = rest
    with pytest.raises(IndexError):  # a count short
        core.bounds(cells, hand, drawn, tokens, tree_dice, supply[:-1], *wb)
    with pytest.raises(TypeError):  # a count that is not a number
        core.bounds(cells, hand, drawn, tokens, tree_dice, ["3"] + supply[1:], *wb)


def test_native_knapsack_key_off_the_ladder():
    """The core keys its knapsack answers by a word of dice counts kept move
    by move, with a place for each value a die climbs from or to; a die
    showing any other value (a position loaded from outside a game) has no
    place, as it never climbs and adds nothing. Such positions, mixed with
    the usual ones on one core (so their answers share the memo), give
    Bounder.fruit_gains's answers."""
    eng, nodes = random_positions("orchard", "orchard:5,17,2,9,14,11,6,3,10", 40, seed=11)
    core = compiled.core_for(eng, search.NATIVE_SLOT_CARDS)
    eng.ladder = {**eng.ladder, 2: 2, 4: 4, 5: 5}  # as the core reads the ladder: off it, a die stays
    bounder = search.Bounder(eng)
    odd = 0
    for node in nodes:
        variants = [node]
        dice = [p for p, c in node.board.items() if (c >> 6) & 31]
        if dice:  # the same layer with one die showing 2, 4 or 5 (no ladder value)
            p = dice[len(dice) // 2]
            for v in (2, 4, 5):
                variants.append(replace(node, board={**node.board, p: node.board[p] & ~(31 << 6) | v << 6}))
                odd += 1
        for n in variants + variants[::-1]:
            knap, _, _ = core.bounds(compiled.cells(n), list(n.hand), n.drawn, n.tokens_used, n.tree_dice,
                                     list(n.supply))
            assert knap == sum(bounder.fruit_gains(n))
    assert odd > 20, "too few positions with dice: the test lost its point"


@pytest.mark.parametrize("deal,limit", [("orchard:13,14,1,12,8,6", n) for n in (1, 100, 2000, 20000, 60000)]
                         + [("grove:2,3,17,6,14,9", n) for n in (1, 100, 2000, 20000, 100000)])
def test_native_search_stopped_anywhere_reports_a_true_bound(deal, limit):
    game = find_game(Deal.parse(deal).game)
    best = solve(game, deal).score
    s = Searcher(game, game.parse_deal(deal), node_limit=limit, beam_width=1)
    sol = s.run()
    assert s.core is not None
    assert sol.score <= best <= sol.bound
    assert sol.proven == (sol.bound == sol.score)
    check_line(game, deal, sol)


@pytest.mark.parametrize("avx2", [True, False])
@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:1,18,17,11,9,2,6"),
                                          ("orchard-pnp", "orchard-pnp:3b,8a,1b,6a,9b,2a,5b")])
def test_native_search_keeps_its_planes_true(game_id, deal, avx2, monkeypatch):
    """The core keeps the slot bound's lanes (its planes) up to date from a
    log of the squares each move changed, only when a bound reads them, and
    takes the changes back on undo. Through a whole search (lines that spend
    rotten tokens included), every plane a bound reads equals what the grid
    says, square by square: a plane left stale would make a bound too low (a
    wrong answer) or too high (a slow search), and the search alone shows
    neither. Likewise the quick slot bound (from the parent's reaches and the
    anchors on the squares the move changed, even where the move spent the
    last rotten token) is never below the later pass or the slot bound
    worked out in full, and where move generation leaves out the placements
    whose credits for now cannot beat what the position needs, it gives
    every other placement, in the same order; where there is no such bound,
    the placements it finds legal on the planes are all the legal ones. The
    layer's hash, also kept from the log only when the table is read, equals
    the hash of the layer worked out afresh, and the knapsack and the quick
    slot bound a parent works out for a child before playing its move
    (child_knapsack, child_slots) equal the child's own: child_slots scans
    tiles, 16 lanes at a time or, with AVX2, 32, and the child's own bound
    the planes themselves. Both widths are checked (PNP_NO_AVX2 keeps 16)."""
    if not avx2:
        monkeypatch.setenv("PNP_NO_AVX2", "1")
    game = find_game(game_id)
    s = Searcher(game, game.parse_deal(deal), beam_width=1)
    assert s.make_core()
    if not avx2:
        assert s.core.avx2 == 0
    elif not s.core.avx2:
        pytest.skip("this processor (or build) has no AVX2: the 32-lane scans are not run here")
    s.core.check_planes(True)
    assert s.run().proven
    read, checked, wrong = s.core.check_planes(False)
    assert read > 1000 and checked > 1000
    assert wrong == 0
    assert s.core.left_monotone  # else children that spend the last token would not be checked


@pytest.mark.parametrize("deal", ["orchard:1,18,17,11,9,2", "grove:2,3,17,6,14,9"])
def test_native_search_on_two_processes(deal):
    game = find_game(Deal.parse(deal).game)
    one = solve(game, deal)
    two = solve(game, deal, jobs=2, beam_width=1)
    assert one.proven and two.proven and one.score == two.score
    check_line(game, deal, two)


def test_native_off_runs_the_python_search(monkeypatch):
    monkeypatch.setattr(compiled, "_orchard", None)
    game = find_game("orchard")
    s = Searcher(game, game.parse_deal("orchard:4,7,8,3"))
    sol = s.run()
    assert s.core is None and sol.proven


def test_the_compiled_core_is_built_from_the_source_beside_it():
    """setup.py builds the core with the digest of _orchard.c, _core.h and _search.h; a C
    file that no longer compiles would leave an older core in place with only
    a warning (the extension is optional), and every other test would run that one."""
    import hashlib
    from pathlib import Path
    here = Path(compiled.__file__).parent
    sources = [here / "_orchard.c", here / "_core.h", here / "_search.h"]
    if not all(s.exists() for s in sources):  # an installed copy without the sources: nothing to compare
        pytest.skip("no sources beside the core")
    digest = hashlib.sha256(b"".join(s.read_bytes() for s in sources)).hexdigest()[:16]
    assert compiled._orchard.SOURCE_DIGEST == digest, \
        "the compiled core is stale: rebuild it (python3 -m pip install -e .) and read the compiler's errors"


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_timed_orchard_search_runs_the_plain_search_then_tests_from_the_top(monkeypatch, jobs):
    """With a time limit, after the beams: the plain search on every core (one
    core takes the root's moves in the same order) for ORCHARD_PROBE of the
    limit; where it does not finish, tests from the top, the first below the
    bound the stopped search proved, each floor below the one before, the last
    one point above the best. (A search stopped with root moves never started
    reported their static bound, weak for Orchard: 92 for a best of 48.)"""
    floors = []  # the floor of each search from the root: the plain search's is none
    entered = []  # the bound descend() starts below
    real_dfs, real_every, real_descend = Searcher.dfs, Searcher.on_every_core, Searcher.descend

    def dfs(self, node, cur):
        if not self.path:  # one core's tests from the top (and the first attempt)
            floors.append(self.floor)
        return real_dfs(self, node, cur)

    def on_every_core(self, start, cur, kids):  # the plain search; on two cores the tests too
        floors.append(self.floor)
        return real_every(self, start, cur, kids)

    def descend(self, start, cur, kids=None, ub=None):
        entered.append(ub)
        return real_descend(self, start, cur, kids, ub)

    monkeypatch.setattr(Searcher, "dfs", dfs)
    monkeypatch.setattr(Searcher, "on_every_core", on_every_core)
    monkeypatch.setattr(Searcher, "descend", descend)
    monkeypatch.setattr(search, "NATIVE_PROBE", 0.0)  # the first attempt stops at once
    monkeypatch.setattr(search, "ORCHARD_PROBE", 0.0)  # and the plain search
    game = find_game("orchard")
    deal = "orchard:1,18,17,11,9,2,6"
    best = solve(game, deal).score  # no limit: the plain search
    floors.clear()
    sol = Searcher(game, game.parse_deal(deal), time_limit=60, jobs=jobs, beam_width=1).run()
    assert sol.proven and sol.score == best
    check_line(game, deal, sol)
    assert floors[:2] == [-10 ** 9] * 2  # the first attempt, then the plain search on every core
    tests = floors[2:]
    # the last test asks for a point above the line found so far, and finds the best
    assert len(tests) > 2 and tests == sorted(tests, reverse=True) and tests[-1] <= best
    assert len(entered) == 1 and entered[0] > best and tests[0] < entered[0]


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:4,7,8,3,14"), ("grove", "grove:5,3,9,2,8")])
def test_a_deck_with_more_dice_than_the_cores_hold_is_solved_in_python(tmp_path, monkeypatch, game_id, deal):
    """cards.yaml allows up to 99 dice a fruit; the compiled cores count 15
    at most. `pnp solve --cards` on such a deck used to end in the core's
    ValueError (a traceback); now the deal stays in Python: proven, the
    same best as the Python search, a line that `pnp verify` replays."""
    import json

    from click.testing import CliRunner

    from pnp.cli import cli
    from pnp.deck import load_deck

    text = (Path(__file__).resolve().parents[1] / "cards.yaml").read_text()
    head, rest = text.split(f"\n  {game_id}:\n", 1)
    assert "    dice_per_fruit: 5\n" in rest
    cards = tmp_path / "cards.yaml"
    cards.write_text(f"{head}\n  {game_id}:\n" + rest.replace("    dice_per_fruit: 5\n", "    dice_per_fruit: 16\n", 1))
    game = find_game(game_id, load_deck(cards))
    assert game.deck.dice_per_fruit == 16
    eng = Searcher(game, game.parse_deal(deal), native=False).engine
    assert compiled.core_for(eng, search.NATIVE_SLOT_CARDS) is None
    best = Searcher(game, game.parse_deal(deal), time_limit=None, jobs=1, native=False).run().score

    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, ["solve", deal, "--json", "--cards", str(cards)])
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output
    out = json.loads(r.output)
    assert out["proven"] and out["score"] == out["bound"] == best
    line = tmp_path / "line.txt"
    line.write_text("\n".join(out["moves"]) + "\n")
    v = CliRunner().invoke(cli, ["verify", deal, str(line), "--json", "--cards", str(cards)])
    assert json.loads(v.output)["score"] == best, v.output
