"""bench/solve.py's and bench/soak.py's own logic (the benchmark itself is not run here: its figures
go in notes)."""
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "solve.py"


def test_then_solves_the_deals_left_open_again_and_sums_up_the_whole_set():
    proc = subprocess.run([sys.executable, str(BENCH), "--only", "grove", "--count", "1", "--cores", "1",
                           "--time-limit", "0.3", "--then", "0.3"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    deal = "grove:7,6,13,16,17,14,10,8,11"  # the first seeded Grove deal: far from proven in 0.3 s
    rows = [line.split() for line in out if line.startswith(deal)]
    assert len(rows) == 2 and all(r[2] == "False" for r in rows)  # the first pass, then the second
    assert out.index("the 1 left open, again with 0.3 s:") == 3
    assert out[-2].split()[:4] == ["grove", "proven", "0/1", "median"]
    assert out[-1].split()[:9] == ["grove", "given", "0.3", "s", "for", "those", "left", "open:", "proven"]
    assert out[-1].split()[9] == "0/1"


def load_bench(script: Path = BENCH):
    """``script`` (bench/solve.py unless told) loaded as a module."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench_" + script.stem, script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_then_counts_the_second_run_in_the_whole_set(monkeypatch, capsys):
    bench = load_bench()
    deals = [("grove", "grove:1,2,3"), ("grove", "grove:4,5,6"), ("orchard", "orchard:1,2,3")]
    monkeypatch.setattr(bench, "deals", lambda only, count: deals)
    runs = []

    def fake_run(job):  # grove:1,2,3 is proven at once; the others only without a limit, in 50 s
        kind, text, limit, cores = job
        runs.append((text, limit))
        proven = text == "grove:1,2,3" or limit == 0
        wall = 2.0 if text == "grove:1,2,3" else 50.0 if proven else limit
        js = {"score": 40, "proven": proven, "bound": 40 if proven else 45, "nodes": 1000}
        return kind, text, js, wall

    monkeypatch.setattr(bench, "run", fake_run)
    monkeypatch.setattr(sys, "argv", ["solve.py", "--time-limit", "10", "--then", "0"])
    bench.main()
    out = capsys.readouterr().out.splitlines()
    assert runs == [("grove:1,2,3", 10), ("grove:4,5,6", 10), ("orchard:1,2,3", 10),
                    ("grove:4,5,6", 0), ("orchard:1,2,3", 0)]
    assert "the 2 left open, again with no limit:" in out
    summary = {tuple(line.split()[:2]): line.split() for line in out if line.split()[:1] in (["grove"], ["orchard"])}
    assert summary["grove", "proven"][2:7] == ["1/2", "median", "6.0", "s", "max"]
    assert summary["grove", "given"][8:15] == ["proven", "2/2", "median", "26.0", "s", "max", "50.0"]
    assert summary["orchard", "given"][8:10] == ["proven", "1/1"]


def test_without_then_nothing_is_run_again(monkeypatch, capsys):
    bench = load_bench()
    monkeypatch.setattr(bench, "deals", lambda only, count: [("grove", "grove:4,5,6")])
    runs = []
    monkeypatch.setattr(bench, "run", lambda job: runs.append(job) or (
        "grove", job[1], {"score": 40, "proven": False, "bound": 45, "nodes": 10}, 10.0))
    monkeypatch.setattr(sys, "argv", ["solve.py", "--time-limit", "10"])
    bench.main()
    out = capsys.readouterr().out
    assert len(runs) == 1 and "left open" not in out and "given" not in out


def load_soak():
    return load_bench(BENCH.parent / "soak.py")


@pytest.mark.parametrize("against,cards", [("exhaustive", 3), ("uncapped", 4)])
def test_the_soak_agrees_with_its_reference_on_short_deals(against, cards, capsys):
    soak = load_soak()
    assert soak.main(["--against", against, "--cards", str(cards), "--count", "3", "--seed", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("0 ") and "MISMATCH" not in "\n".join(out)
    if against == "uncapped":  # the knobs took: the caps cut positions even with four cards
        capped, uncapped = (int(n.replace(",", "")) for n in re.findall(r"([\d,]+) positions", out[0]))
        assert uncapped > capped
    assert out[-1].startswith(f"against {against}: 3 deals of {cards} cards, seed 5, 0 mismatches")


@pytest.mark.parametrize("against", ["exhaustive", "uncapped"])
def test_the_soak_reports_a_search_that_is_a_point_off(against, monkeypatch, capsys):
    """A solver that claims one point more than the truth is caught: exit 1, the deal named."""
    soak = load_soak()
    if against == "exhaustive":
        real = soak.solve

        def solve(game, d):
            sol = real(game, d)
            return replace(sol, score=sol.score + 1)

        monkeypatch.setattr(soak, "solve", solve)
    else:
        real_run = soak.Searcher.run
        calls = []

        def run(self):  # the first solve of each deal (the caps on) a point high
            sol = real_run(self)
            calls.append(1)
            return replace(sol, score=sol.score + 1) if len(calls) % 2 else sol

        monkeypatch.setattr(soak.Searcher, "run", run)
    assert soak.main(["--against", against, "--cards", "3", "--count", "2", "--seed", "5"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert sum(line.startswith("MISMATCH ") for line in out) == 2
    assert out[-1].startswith(f"against {against}: 2 deals of 3 cards, seed 5, 2 mismatches")


def squirrel_spent_positions(e, k: int, count: int, seed: int):
    """``count`` positions of ``e``'s deal with ``k`` cards to play and the squirrel spent,
    each reached by random moves, one that spends the squirrel as soon as there is one."""
    import random
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        node = e.start()
        while len(e.to_play(node)) > k:
            kids = e.children(node)
            spend = [c for c in kids if c.tokens_used > node.tokens_used]
            if not kids:
                break
            node = e.node(rng.choice(spend or kids))
        if len(e.to_play(node)) == k and node.tokens_used >= e.tokens:
            out.append(node)
    return out


def test_the_relaxed_games_bound_the_exact_future_and_each_other():
    """bench/bounds.py --relax: each relaxed game is a bound on the exact future; keeping two
    fruits is at most keeping each apart, walls at most clearings; keeping every fruit is the
    game itself."""
    from pnp.games import find_game
    from pnp.notation import Deal
    from pnp.solver.search import Searcher
    bounds = load_bench(BENCH.parent / "bounds.py")
    game, deal = find_game("grove"), "grove:12,4,1,11,3,13"
    e = Searcher(game, Deal.parse(deal), native=False).engine
    relaxed = bounds.Relaxations(game, deal)
    for node in squirrel_spent_positions(e, 3, 3, seed=1):
        exact = bounds.exact_future(Searcher(game, Deal.parse(deal), native=False), node)
        assert relaxed.future(e, node, game.deck.fruit_keys, False, node.wheelbarrow_used) == exact
        one_c, pairs_c = relaxed.bounds(e, node, walls=False)
        one_w, pairs_w = relaxed.bounds(e, node, walls=True)
        assert exact <= pairs_w <= pairs_c <= one_c
        assert pairs_w <= one_w <= one_c


def test_a_relaxed_position_keeps_the_dice_of_the_fruits_kept():
    from pnp.games import find_game
    from pnp.notation import Deal
    from pnp.solver.engine import CLEARING, die_fruit_of, die_of, fruit_of
    from pnp.solver.search import Searcher
    bounds = load_bench(BENCH.parent / "bounds.py")
    game, deal = find_game("grove"), "grove:12,4,1,11,3,13"
    e = Searcher(game, Deal.parse(deal), native=False).engine
    node = squirrel_spent_positions(e, 3, 1, seed=2)[0]
    lemon = e.fruit_index["L"]
    for walls in (False, True):
        r = Searcher(bounds.relaxed_game(game, ("L",), walls), Deal.parse(deal), native=False).engine
        pos = bounds.project(e, node, r, ("L",), node.wheelbarrow_used)
        assert pos.board.keys() == node.board.keys()  # the layer's shape is kept
        kept = {p: c for p, c in node.board.items() if fruit_of(c) == lemon or (die_of(c) and die_fruit_of(c) == lemon)}
        assert sum(die_of(c) for c in kept.values() if fruit_of(c) == lemon) == pos.tree_dice
        for p, c in pos.board.items():
            if die_of(c):  # only lemon dice are left, where they were, showing the same
                assert p in kept and die_of(c) == die_of(kept[p])
            if fruit_of(c) not in (CLEARING, r.fruit_index["L"]):
                assert walls and r.fruit_keys[fruit_of(c)] == "X"
        assert pos.supply[r.fruit_index["L"]] == node.supply[lemon]
        assert r.fruit_keys == (("L", "X") if walls else ("L",))
        assert (pos.supply[-1] == 0) if walls else (len(pos.supply) == 1)


def test_the_search_solves_a_relaxed_game_exactly():
    """bench/bounds.py --relax: the search's answer in a relaxed game is the best over every line
    of it (a relaxed deck's clearings are clearings to the engine: no fruit count, as a parsed
    deck's)."""
    from pnp.games import find_game
    from pnp.notation import Deal
    from pnp.solver.search import Searcher
    from test_solver import exhaustive_compact as best
    bounds = load_bench(BENCH.parent / "bounds.py")
    game, deal = find_game("grove"), "grove:12,4,1,11,3,13"
    e = Searcher(game, Deal.parse(deal), native=False).engine
    relaxed = bounds.Relaxations(game, deal)
    for walls in (False, True):
        for card in bounds.relaxed_game(game, ("O",), walls).deck.cards:
            for _, face in card.faces:
                assert all(c.count == 0 for _, _, c in face.cells() if c.is_clearing)
    for node in squirrel_spent_positions(e, 2, 3, seed=4):
        real = bounds.exact_future(Searcher(game, Deal.parse(deal), native=False), node)
        assert real == best(e, node) - e.score(node)  # what is still to come, not the final score
        for keep in (("O",), ("L", "M")):
            for walls in (False, True):
                got = relaxed.future(e, node, keep, walls, True)
                r = relaxed.searchers[keep, walls].engine
                pos = bounds.project(e, node, r, keep, True)
                assert got == best(r, pos) - r.score(pos)


def test_the_orders_a_hand_allows():
    bounds = load_bench(BENCH.parent / "bounds.py")
    assert bounds.play_orders((4, 7), [4, 7, 9]) == [(4, 7, 9), (4, 9, 7), (7, 4, 9), (7, 9, 4)]
    assert bounds.play_orders((4, 7), [4, 7]) == [(4, 7), (7, 4)]
    assert bounds.play_orders((4,), [4]) == [(4,)]


def test_what_cells_add_in_any_order():
    """bench/bounds.py --joint's value of the cells laid: a die climbs past 6 to 10 and to the
    wheelbarrow only with a cell to spare; a die wherever two cells of a fruit meet, within the
    supply; an item's square may take another fruit's die instead (after a clearing)."""
    from pnp.solver.engine import pos_int
    bounds = load_bench(BENCH.parent / "bounds.py")
    assert bounds.item_gain(6, True, False, [1]) == (4, None)  # 6 -> 10, not past it
    assert bounds.item_gain(6, True, False, [1, 1]) == (4, 9)  # 10 first, then the wheelbarrow
    assert bounds.item_gain(2, False, True, [2]) == (4, None)  # a new die on a bare tree of 2
    assert bounds.item_gain(3, False, False, [1]) == (4, None)  # a die on a clearing back on a tree
    p, q = pos_int(0, 0), pos_int(1, 0)
    two = [[(p, 0, 1)], [(p, 0, 2)]]
    assert bounds.joint_value({}, (1, 1, 1), False, two) == 3
    assert bounds.joint_value({}, (0, 1, 1), False, two) == 0  # no orange die left
    assert bounds.joint_value({}, (0, 1, 1), True, two) == 3  # the one the wheelbarrow frees
    # a bare lemon tree of 1 under two orange cells: a lemon die of 2 there, or an orange die of 3
    assert bounds.joint_value({p: (1, 1, False, True)}, (1, 1, 1), False, two) == 3
    # a die of 6 raised by two cells: 10, and the wheelbarrow's 5 on top where it is unused
    items = {q: (0, 6, True, False)}
    assert bounds.joint_value(items, (0, 0, 0), False, [[(q, 0, 1)], [(q, 0, 1)]]) == 4
    assert bounds.joint_value(items, (0, 0, 0), True, [[(q, 0, 1)], [(q, 0, 1)]]) == 9
    # cells of 2, 2 and 1 on it: 10 (4), or a new die of 5 there, which only a supply can take
    three = [[(q, 0, 2)], [(q, 0, 2)], [(q, 0, 1)]]
    assert bounds.joint_value(items, (0, 0, 0), False, three) == 4
    assert bounds.joint_value(items, (1, 0, 0), False, three) == 5


@pytest.mark.parametrize("deal,k,seed", [("grove:12,4,1,11,3,13", 2, 5), ("grove:7,6,13,16,17,14", 2, 6),
                                         ("grove:3,8,6,17,11", 2, 7), ("grove:16,7,8,9,13", 3, 8)])
def test_one_placement_a_card_for_all_fruits_bounds_the_exact_future(deal, k, seed):
    """bench/bounds.py --joint is a relaxation: at positions with the squirrel spent it is at or
    above the exact future (the search's), and not merely as high as the knapsack."""
    from pnp.games import find_game
    from pnp.notation import Deal
    from pnp.solver.search import Searcher
    bounds = load_bench(BENCH.parent / "bounds.py")
    game = find_game("grove")
    s = Searcher(game, Deal.parse(deal), native=False)
    tighter = 0
    for node in squirrel_spent_positions(s.engine, k, 6 if k == 2 else 1, seed=seed):
        value, tried = bounds.joint_placements(s.engine, node)
        exact = bounds.exact_future(Searcher(game, Deal.parse(deal), native=False), node)
        assert value >= exact, sorted(node.board.items())
        assert tried > 1
        tighter += value < s.bounder.knapsack(node)[0]
    assert tighter, "the relaxation was never below the knapsack: the test lost its point"
