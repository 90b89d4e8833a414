"""The solver: its engine agrees with the reference rules, its lines verify,
and on short deals it equals a plain exhaustive search written here."""
from __future__ import annotations

import json
import random
import time
from dataclasses import replace

import pytest
from click.testing import CliRunner

from interrupt import ctrl_c_after
from pnp.cli import cli
from pnp.games import find_game
from pnp.solver import solve
from pnp.solver.engine import engine_for, pos_xy
from pnp.verify import verify
from pnp.notation import parse_solution, format_solution


def exhaustive(game, state) -> int:
    """The best final score from ``state``, trying every legal move (no pruning)."""
    if state.over:
        return game.score(state)
    return max(exhaustive(game, game.apply(state, m)) for m in game.legal_moves(state))


def check_line(game, deal, sol):
    """The returned moves verify to the returned score through the notation."""
    lines = parse_solution(format_solution(sol.moves))
    verdict = verify(game, game.parse_deal(deal), lines)
    assert verdict.legal, verdict.error
    assert verdict.score == sol.score


SHORT = [
    ("orchard", "orchard:4,7,8"),
    ("orchard", "orchard:11,2,17"),
    ("orchard-pnp", "orchard-pnp:1a,2b,3a"),
    ("grove", "grove:1,2,3"),
    ("grove", "grove:5,6,7;recipes=1,2"),
    ("grove", "grove:9,12,14;recipes=3,16"),
]


SHORT4 = [("orchard", "orchard:4,7,8,3"), ("orchard-pnp", "orchard-pnp:5b,1a,8b,2a"), ("grove", "grove:1,2,3,4;recipes=10,11")]


def random_games(eng, seed: int, games: int):
    """Every position of ``games`` games of random moves of the compact engine ``eng``."""
    rng = random.Random(seed)
    for _ in range(games):
        node = eng.start()
        while True:
            yield node
            kids = eng.children(node)
            if not kids:
                break
            node = eng.node(rng.choice(kids))


def exhaustive_compact(eng, node) -> int:
    """The best final score from ``node`` over every move of the compact engine (no bounds)."""
    kids = eng.children(node)
    if not kids:
        return eng.score(node, final=True)
    return max(exhaustive_compact(eng, eng.node(c)) for c in kids)


@pytest.mark.parametrize("game_id,deal", SHORT4)
def test_solver_equals_exhaustive_search_on_four_cards(game_id, deal):
    """Four cards (three moves): the pruned search equals trying everything
    (the compact engine itself is checked against the reference rules below)."""
    game = find_game(game_id)
    d = game.parse_deal(deal)
    sol = solve(game, d)
    assert sol.proven and sol.bound == sol.score
    assert sol.score == exhaustive_compact(engine_for(game, d), engine_for(game, d).start())
    check_line(game, deal, sol)


@pytest.mark.parametrize("game_id,deal", SHORT4)
def test_search_on_two_processes_equals_exhaustive_search(game_id, deal, monkeypatch):
    """The root's moves shared out between two processes (a one-wide beam, so
    the workers must find the best line themselves) give the same best as one
    process (which the test above holds to the exhaustive search)."""
    from pnp.solver import parallel

    calls = []
    real = parallel.search_root
    monkeypatch.setattr(parallel, "search_root", lambda *a, **kw: calls.append(a[-1]) or real(*a, **kw))
    game = find_game(game_id)
    d = game.parse_deal(deal)
    sol = solve(game, d, jobs=2, beam_width=1)
    assert calls == [2]
    assert sol.proven and sol.bound == sol.score
    assert sol.score == solve(game, d).score
    check_line(game, deal, sol)


def test_a_full_transposition_table_keeps_the_search_exact(monkeypatch):
    """A tiny table (two generations of 40 entries) forgets, and still proves
    the same best (the Python search's table; the compiled ones overwrite)."""
    from pnp.solver import search
    game = find_game("grove")
    deal = "grove:1,2,3,4;recipes=10,11"
    want = solve(game, deal)
    monkeypatch.setattr(search, "TABLE_SIZE", 40)
    s = search.Searcher(game, game.parse_deal(deal), beam_width=1, native=False)
    sol = s.run()
    assert s.old_tt and len(s.tt) <= 40 + 1024
    assert sol.proven and sol.score == want.score
    check_line(game, deal, sol)


def test_progress_on_two_processes_shows_the_best_line_not_a_tests_floor(monkeypatch):
    """During a test from the top (Searcher.descend) the processes prune with
    the test's floor, far above any line; progress still reports the best
    line found (it once showed the floor: "best 80" on a deal whose best line
    was 69)."""
    from pnp.solver import parallel
    from pnp.solver.search import Searcher

    def slow(self, node, cur):  # long enough for the parent to report progress
        time.sleep(0.6)
        return 0, True

    game = find_game("grove")
    s = Searcher(game, game.parse_deal("grove:7,6,13,16"), native=False)
    start = s.engine.start()
    cur = s.engine.score(start)
    s.best, s.floor, s.t0 = cur + 3, cur + 40, time.perf_counter()
    seen = []
    s.progress = lambda nodes, best, seconds: seen.append(best)
    kids = s.ordered(start, cur)[:2]
    monkeypatch.setattr(Searcher, "dfs", slow)
    parallel.search_root(s, start, cur, kids, 2)
    assert seen and set(seen) == {cur + 3}


def test_a_failing_worker_process_is_an_error_not_a_short_search(monkeypatch):
    from pnp.solver.search import Searcher

    def broken(self, node, cur):
        raise ValueError("broken on purpose")

    monkeypatch.setattr(Searcher, "dfs", broken)
    game = find_game("orchard")
    with pytest.raises(RuntimeError, match="broken on purpose"):
        solve(game, "orchard:4,7,8,3", jobs=2, beam_width=1)


@pytest.mark.parametrize("game_id,deal", SHORT)
def test_solver_equals_exhaustive_search(game_id, deal):
    game = find_game(game_id)
    sol = solve(game, deal)
    assert sol.proven and sol.bound == sol.score
    assert sol.score == exhaustive(game, game.start(deal))
    check_line(game, deal, sol)


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:4,7,8,3"), ("grove", "grove:1,2,3,4;recipes=10,11")])
def test_solver_beats_random_playouts(game_id, deal):
    game = find_game(game_id)
    sol = solve(game, deal)
    assert sol.proven
    check_line(game, deal, sol)
    rng = random.Random(7)
    for _ in range(40):
        state = game.start(deal)
        while not state.over:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        assert game.score(state) <= sol.score


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:4,7,8,3,14,18,2,10,9"),
                                          ("grove", "grove:1,2,3,4,5,6,7,8,9;recipes=10,11")])
@pytest.mark.parametrize("jobs", [1, 2])
def test_time_limit_gives_a_line_and_a_bound(game_id, deal, jobs):
    game = find_game(game_id)
    sol = solve(game, deal, time_limit=0.5 * jobs, jobs=jobs)
    assert len(sol.moves) == 8
    assert sol.bound >= sol.score
    assert sol.proven == (sol.bound == sol.score)
    check_line(game, deal, sol)


@pytest.mark.parametrize("per_width,limit,widths", [
    (0.5e-3, 2.0, [24]),  # 4 * 12 ms > 20 ms
    (0.02e-3, 2.0, [24, 96, 384]),  # 4 * 0.48 <= 20, 4 * 1.92 <= 20, 4 * (1.92 + 7.68) > 20
    # the 96-wide beam's 8.64 ms: 4 times it fits 40 ms (5 times would not)
    (0.09e-3, 4.0, [24, 96, 384]),
])
def test_wider_beams_run_only_while_they_fit_their_share(per_width, limit, widths, monkeypatch):
    """With a time limit, beams four times as wide as the last run while
    four times what the wider beams have taken so far fits their share of
    the limit. The first wider beam is foretold by the first one (four
    times its time): a beam sure to overrun its share is not started (it
    used to be, and made nine-card Orchard proofs 9 % slower). Here a beam
    takes ``per_width`` seconds a unit of width on the search's clock, which
    runs on by that much without sleeping (a sleep overran under load and
    tipped the 96-wide beam's figure past its share); the share is 1 % of the
    limit."""
    from pnp.solver import search
    skipped = [0.0]  # the seconds the beams took on the search's clock

    class Clock:
        @staticmethod
        def perf_counter():
            return time.perf_counter() + skipped[0]
    monkeypatch.setattr(search, "time", Clock)
    monkeypatch.setattr(search, "WIDEN", 0.01)
    monkeypatch.setattr(search, "NATIVE_WIDEN", 0.01)
    monkeypatch.setattr(search, "PROBE", 0.005)
    monkeypatch.setattr(search, "NATIVE_PROBE", 0.005)
    ran = []

    def beam(self, width, whole=False):
        ran.append(width)
        skipped[0] += width * per_width
        return False
    monkeypatch.setattr(search.Searcher, "beam", beam)
    game = find_game("orchard")
    deal = "orchard:4,7,8,3,14,18,2,10,9"
    sol = search.Searcher(game, game.parse_deal(deal), time_limit=limit).run()
    assert ran == widths
    check_line(game, deal, sol)


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:4,7,8,3,14"), ("grove", "grove:1,2,3,4,5")])
def test_a_search_stopped_anywhere_reports_a_true_bound(game_id, deal):
    """Stopped after any number of positions (inside the moves a bound skips,
    the two-card search, the first levels), the search's bound is never below
    the proven best and its line never above it."""
    from pnp.solver.search import Searcher
    game = find_game(game_id)
    parsed = game.parse_deal(deal)
    best = solve(game, deal).score
    for limit in (1, 50, 300, 1000, 3000, 8000, 20000):
        sol = Searcher(game, parsed, node_limit=limit).run()
        assert sol.score <= best <= sol.bound, limit
        assert sol.proven == (sol.bound == sol.score)
        check_line(game, deal, sol)


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:1,2,3,4,5,6,7,8,9"),
                                          ("orchard-pnp", "orchard-pnp:1a,2b,3a,4b,5a,6b,7a,8b,9a"),
                                          ("grove", "grove:10,11,12,13,14,15,16,17,18;recipes=1,2")])
def test_engine_agrees_with_reference_rules(game_id, deal):
    """Random games through both engines: the same legal results and scores at every turn."""
    agree_with_reference(find_game(game_id), deal)


def test_engine_agrees_with_reference_rules_with_two_squirrels():
    """A Grove deck with two squirrels (``squirrels: 2`` in cards.yaml): a move
    may spend both, and each costs its own penalty."""
    from pnp.deck import load_deck

    game = find_game("grove", replace(load_deck().game("grove"), mismatch_tokens=2))
    assert game.deck.mismatch_tokens == 2
    agree_with_reference(game, "grove:10,11,12,13,14,15,16,17,18;recipes=1,2")
    agree_with_reference(game, "grove:3,6,9,12,15,18,2,5,8")


def agree_with_reference(game, deal):
    d = game.parse_deal(deal)
    eng = engine_for(game, d)
    rng = random.Random(3)
    for _ in range(3):
        state, node = game.start(d), eng.start()
        while True:
            ref = {m.format(): m for m in game.legal_moves(state)}
            kids = {eng.move(c).format(): c for c in eng.children(node)}
            # the compact engine drops rotations that give the very same cells
            assert set(kids) <= set(ref)
            tops = {(c.card, eng.to_top(eng.node(c))) for c in kids.values()}
            index = {r.id: i for i, r in enumerate(d.cards)}
            for text, move in ref.items():
                after = game.apply(state, move)
                top = tuple((p, replace(s, card=0)) for p, s in after.top)
                assert (index[move.card], top) in tops, text
            for c in kids.values():
                assert eng.child_score(c) == eng.score(eng.node(c))
            assert eng.score(node, final=not ref) == game.score(state)
            if not ref:
                break
            text = rng.choice(sorted(kids))
            state, node = game.apply(state, ref[text]), eng.node(kids[text])


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:1,2,3,4,5,6,7,8,9"),
                                          ("orchard-pnp", "orchard-pnp:1a,2b,3a,4b,5a,6b,7a,8b,9a"),
                                          ("grove", "grove:10,11,12,13,14,15,16,17,18"),
                                          ("grove", "grove:3,6,9,12,15,18,2,5,8")])
def test_packed_scan_gains_equal_the_full_resolve(game_id, deal):
    """``Engine.placements`` (the packed scan) finds exactly the legal moves, and
    its gain is the best score change over the ways to share scarce dice (or,
    with ``upper=True`` where only the full resolve can tell, never below it)."""
    game = find_game(game_id)
    eng = engine_for(game, game.parse_deal(deal))
    rng = random.Random(5)
    near_squirrel = 0
    for _ in range(6):
        node = eng.start()
        while True:
            kids = eng.children(node)
            best: dict = {}
            for c in kids:
                k = (c.card, c.rot, c.x, c.y)
                best[k] = max(best.get(k, -999), eng.child_score(c) - eng.score(node))
            scanned = {}
            for hi in node.hand:
                for rot, cells, a, gain in eng.placements(node, hi):
                    x, y = pos_xy(a)
                    scanned[(hi, rot, x, y)] = gain
            assert set(scanned) == set(best)
            upper = {}
            for hi in node.hand:
                for rot, cells, a, gain in eng.placements(node, hi, upper=True):
                    x, y = pos_xy(a)
                    upper[(hi, rot, x, y)] = gain
            assert set(upper) == set(best)
            for k, gain in scanned.items():
                if gain is None:
                    near_squirrel += 1
                    assert upper[k] >= best[k], k  # what the two-card search orders and cuts by
                else:
                    assert gain == best[k] == upper[k], k
            if not kids:
                break
            node = eng.node(rng.choice(kids))
    if game_id == "grove":
        assert near_squirrel  # the fallback path was met


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:1,2,3,4,5,6,7,8,9"),
                                          ("grove", "grove:10,11,12,13,14,15,16,17,18"),
                                          ("grove", "grove:3,6,9,12,15,18,2,5,8"),
                                          ("grove", "grove:7,3,16,1,12,9,18,5,10")])
@pytest.mark.parametrize("unsure", [False, True])
def test_ranked_placements_are_the_full_scan_sorted(game_id, deal, unsure):
    """``Engine.ranked`` (the last card's moves best first, resolving a move
    the packed scan cannot score only when its upper bound comes first)
    gives the placements of scoring every one in full, sorted by gain, ties
    in order. ``unsure``: the packed scan may score no move (ties among
    resolved moves are then everywhere)."""
    game = find_game(game_id)
    eng = engine_for(game, game.parse_deal(deal))
    if unsure:
        decoder = eng.decoder
        eng.decoder = lambda node, upper=False: decoder(node, True) if upper else (lambda s: None)
    resolved = 0
    for node in random_games(eng, 11, 12):
        for hi in node.hand:
            full = eng.scored(node, hi)
            n, moves = eng.ranked(node, hi)
            assert n == len(full)
            assert list(moves) == sorted(full, key=lambda m: -m[0])
            resolved += any(g is None for _, _, _, g in eng.placements(node, hi))
    if game_id == "grove":
        assert resolved  # positions where the packed scan could not score every move were met


def plain_reach(eng, node, hi, first) -> int:
    """``Engine.reach`` by a plain loop: every anchor covering a visible square, the table look-ups summed."""
    tables, empty = eng._reach_tables(node)
    best = eng.stacked(first, hi)
    for _, _, shape, kinds in eng.orients[hi]:
        for a in eng.anchors(node)[shape]:
            best = max(best, sum(tables[k].get(a + dp, empty[k]) for dp, k in kinds))
    return best


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:11,2,17,5,9,14,1,8,3"),
                                          ("orchard-pnp", "orchard-pnp:4b,2a,9b,7a,1a,3b,8a,6b,5a"),
                                          ("grove", "grove:7,3,16,1,12,9,18,5,10"),
                                          ("grove", "grove:3,6,9,12,15,18,2,5,8")])
@pytest.mark.parametrize("blocked", [False, True])
def test_reach_on_lanes_equals_the_plain_loop(game_id, deal, blocked):
    """``Engine.reach`` (lane sums, anchors masked to those covering a
    visible square) equals summing the tables anchor by anchor, for every
    pair of cards, in random games (squirrel and wheelbarrow included).
    ``blocked``: no cell may go on a visible square, so only anchors off the
    orchard could score (and must not)."""
    game = find_game(game_id)
    eng = engine_for(game, game.parse_deal(deal))
    if blocked:
        tables_of = eng._reach_tables
        eng._reach_tables = lambda node: ([dict.fromkeys(t, eng._NEVER) for t in tables_of(node)[0]],
                                          tables_of(node)[1])
    cards = range(len(eng.refs))
    for node in random_games(eng, 8, 3):
        for hi in cards:
            for first in cards:
                if first != hi:
                    assert eng.reach(node, hi, first) == plain_reach(eng, node, hi, first), (hi, first)


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:11,2,17,5,9,14,1,8,3"),
                                          ("orchard-pnp", "orchard-pnp:4b,2a,9b,7a,1a,3b,8a,6b,5a"),
                                          ("grove", "grove:7,3,16,1,12,9,18,5,10")])
def test_reach_bounds_the_last_card_after_any_first_placement(game_id, deal):
    """``Engine.reach(node, last, first)`` is never below what card ``last``
    really gains after some placement of card ``first`` (the search prunes on it)."""
    from dataclasses import replace as dc_replace
    game = find_game(game_id)
    eng = engine_for(game, game.parse_deal(deal))
    rng = random.Random(2)
    node = eng.start()
    while len(node.hand) == 2:
        for first, last in (node.hand, node.hand[::-1]):
            bound = eng.reach(node, last, first)
            for c in eng.children(node):
                if c.card != first:
                    continue
                after = dc_replace(eng.node(c), hand=(last,), anchors=None, tables=None)
                base = eng.score(after)
                for k in eng.children(after):
                    assert eng.child_score(k) - base <= bound
        node = eng.node(rng.choice(eng.children(node)))


def test_grove_reach_bounds_a_die_a_clearing_carried_off_its_tree():
    """The first card may lay a clearing on a tree with a die, which carries
    the die (here a ten, so also the wheelbarrow) onto the clearing; a tree
    of the last card laid there then counts the die whole again, not only
    its raise. ``Engine.reach`` allows for it: where it did not, the search
    proved 32 on a position worth 34 (found by the compiled search)."""
    from dataclasses import replace as dc_replace
    game = find_game("grove")
    for seed in range(3):
        rng = random.Random(seed)
        eng = engine_for(game, game.parse_deal("grove:" + ",".join(map(str, rng.sample(range(1, 19), 9)))))
        node = eng.start()
        while node.drawn < len(eng.refs):
            node = eng.node(rng.choice(eng.children(node)))
        dice = [p for p, c in sorted(node.board.items()) if (c >> 6) & 31 not in (0, 15) and c & 3 != 3]
        p = rng.choice(dice)
        c = node.board[p]
        node = _fresh(node, board={**node.board, p: c & ~(31 << 6) | 10 << 6},
                      tree_dice=node.tree_dice + 10 - ((c >> 6) & 31))
        for first, last in (node.hand, node.hand[::-1]):
            bound = eng.reach(node, last, first)
            for c in eng.children(node):
                if c.card == first:
                    after = dc_replace(eng.node(c), hand=(last,), anchors=None, tables=None)
                    base = eng.score(after)
                    assert all(eng.child_score(k) - base <= bound for k in eng.children(after)), (seed, first)


def _fresh(node, **changes):
    """``node`` with its caches dropped (and ``changes`` made), as a new position."""
    from dataclasses import replace as dc_replace
    return dc_replace(node, anchors=None, tables=None, lanes=None, later=None, layer=None, squirrels=None,
                      **changes)


def _on_board(node, board, **changes):
    """:func:`_fresh` with the layer ``board`` ({square: code}) and its hash."""
    from pnp.solver.engine import zob
    z = 0
    for p, c in board.items():
        z ^= zob(p, c)
    return _fresh(node, board=board, zhash=z, **changes)


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:11,2,17,5,9,14,1,8,3"),
                                          ("grove", "grove:7,3,16,1,12,9,18,5,10"),
                                          ("grove", "grove:3,6,9,12,15,18,2,5,8")])
def test_slot_reach_merges_orientations_lane_by_lane_exactly(game_id, deal):
    """``Engine.slot_reach`` merges its orientations' lane sums lane by lane
    before one look for the top: the same as the top of each, looked for
    apart, for every card and number of later covers met in random games."""
    game = find_game(game_id)
    eng = engine_for(game, game.parse_deal(deal))
    for node in random_games(eng, 3, 4):
        for later in range(4):
            tables, w, n, bias, _ = eng.lanes(node, later)
            for hi in range(len(eng.refs)):
                apart = max(max(memoryview(s.to_bytes(2 * n, "little")).cast("H"))
                            for s in eng._sums(hi, tables, w))
                assert eng.slot_reach(node, hi, later) == max(apart - 6 * bias, 0)


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:11,2,17,5,9,14,1,8,3"),
                                          ("orchard-pnp", "orchard-pnp:4b,2a,9b,7a,1a,3b,8a,6b,5a"),
                                          ("grove", "grove:7,3,16,1,12,9,18,5,10")])
def test_lane_credits_cover_every_run_of_covers(game_id, deal):
    """``Engine.credits`` (what the slot bound sums per card cell): on every
    square code met in random games and on empty table, for every run of up to
    ``later`` covers after any first uncredited one, the gains of the run sum
    to at most its credits; ``slot_reach(node, card, 0)`` is at least the
    card's best gain now."""
    import itertools
    game = find_game(game_id)
    eng = engine_for(game, game.parse_deal(deal))
    rng = random.Random(5)
    codes = {None}
    node = eng.start()
    while True:
        codes.update(node.board.values())
        for card in node.hand:
            here = _fresh(node, hand=(card,))
            base = eng.score(here)
            best = max((eng.child_score(k) - base for k in eng.children(here)), default=0)
            assert eng.slot_reach(node, card, 0) >= best
        kids = eng.children(node)
        if not kids:
            break
        node = eng.node(rng.choice(kids))
    kinds = range(eng._NKINDS)
    runs = 0
    for c in sorted(codes, key=lambda x: -1 if x is None else x):
        for wb in (False, True):
            for left in (False, True):
                for later in (1, 2, 3):
                    unit = eng.credit_unit(later)
                    credit = eng.credits(c, later, wb, left)
                    for first in [None, *kinds]:
                        start = c if first is None else eng._cover(c, first, wb, left)[1]
                        if first is not None and start is None:
                            continue
                        for run in itertools.product(kinds, repeat=later):
                            x, gained, credited = start, 0, 0
                            for k in run:  # None: empty table at the start, a closed square after
                                g, x = eng._cover(x, k, wb, left)
                                if g == eng._NEVER:  # no such cover here
                                    break
                                gained += g * unit
                                credited += credit[k]
                                assert gained <= credited, (c, wb, left, later, first, run)
                                runs += 1
                                if x is None:
                                    break
    assert runs > 1000


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:1,2,3"), ("orchard-pnp", "orchard-pnp:1a,2b,3a"),
                                          ("grove", "grove:1,2,3")])
def test_one_cell_cover_agrees_with_the_engine(game_id, deal):
    """``Engine._cover`` (what one card cell does to one square, on which the
    slot bounds stand) leaves the code the full resolve leaves, and its gain is
    at least the resolve's, for every square code, cell kind and flag."""
    from pnp.solver.engine import CLEARING, TOP_DIE, WHEELBARROW, Node, code, pos_int
    game = find_game(game_id)
    eng = engine_for(game, game.parse_deal(deal))
    grove = game_id == "grove"
    fruits = [0, 1, 2, CLEARING] if grove else [0, 1, 2]
    values = [0, 2, 3, 4, 5, 6, TOP_DIE, WHEELBARROW] if grove else sorted(set(eng.ladder) | set(eng.ladder.values()))
    p = pos_int(0, 0)
    seen = 0
    for f in fruits:
        for n in ((1, 2) if grove and f != CLEARING else (0,) if f == CLEARING else (1,)):
            for d in values:
                for df in ([f] if f != CLEARING else [0, 1, 2]) if d else [0]:
                    c = code(f, n, 0, d, df)
                    on_tree = f != CLEARING
                    for wb in (False, True):
                        for used in (0, eng.tokens):
                            node = Node(board={p: c}, hand=(0,), drawn=len(eng.refs), wheelbarrow_used=wb,
                                        tokens_used=used, tree_dice=d if on_tree else 0,
                                        supply=(eng.dice_per_fruit,) * eng.nfruits, zhash=0)
                            base = eng.score(node)
                            for k in range(eng._NKINDS):
                                kf, kn = eng.cell(k)
                                gain, after = eng._cover(c, k, wb, used < eng.tokens)
                                mismatch = kf != CLEARING and ((on_tree and f != kf) or (not on_tree and d and df != kf))
                                if mismatch and used == eng.tokens:
                                    assert gain == eng._NEVER and after is None
                                    continue
                                outs = eng._resolve(node, p, ((0, kf, kn),))
                                for _, delta, td, tok, sup, z, wbx in outs:
                                    child = Node(board=delta, hand=(), drawn=node.drawn, wheelbarrow_used=wbx,
                                                 tokens_used=tok, tree_dice=td, supply=sup, zhash=z)
                                    assert eng.score(child) - base <= gain, (c, k)
                                    if after is None:
                                        assert (delta[p] >> 4) & 3  # a token: never covered again
                                    else:
                                        assert delta[p] == after, (c, k)
                                    seen += 1
    # empty table: a cell laid there makes the square it shows, and gains nothing
    q = pos_int(5, 5)
    for k in range(eng._NKINDS):
        kf, kn = eng.cell(k)
        node = Node(board={p: code(0, 1)}, hand=(0,), drawn=len(eng.refs), wheelbarrow_used=False,
                    tokens_used=0, tree_dice=0, supply=(eng.dice_per_fruit,) * eng.nfruits, zhash=0)
        (_, delta, td, *_), = eng._resolve(node, q, ((0, kf, kn),))
        assert eng._cover(None, k, False, True) == (0, delta[q]) and td == 0
    assert seen > 50


@pytest.mark.parametrize("game_id,deal", [("orchard", "orchard:6,13,2,9,17,4,12,1,15"),
                                          ("orchard-pnp", "orchard-pnp:4b,2a,9b,7a,1a,3b,8a,6b,5a"),
                                          ("grove", "grove:7,3,16,1,12,9,18,5,10;recipes=2,14")])
def test_slot_bounds_are_never_below_the_exact_future(game_id, deal, monkeypatch):
    """With three cards to play: ``Bounder.slots`` (plus the recipe bound) is at
    least the exact future, and ``Bounder.rest`` at least the exact future after
    each move of that card; the exact values come from the search with the slot
    bounds switched off."""
    from pnp.solver import search
    game = find_game(game_id)
    parsed = game.parse_deal(deal)
    exact = search.Searcher(game, parsed)
    eng = exact.engine

    def future(node):
        monkeypatch.setattr(search, "SLOT_CARDS", 0)
        exact.best, exact.tt, exact.old_tt = -10 ** 9, {}, {}
        v, proven = exact.dfs(_fresh(node), eng.score(node))
        monkeypatch.undo()
        assert proven
        return v

    bounder = search.Searcher(game, parsed).bounder
    rng = random.Random(3)
    for trial in range(3):
        node = eng.start()
        while len(eng.to_play(node)) > 3:
            node = eng.node(rng.choice(eng.children(node)))
        v = future(node)
        assert bounder.slots(node) + bounder.recipes_bound(node) >= v
        for need in (0, v - 1, v + 5):  # the short cut taken or not, the bound holds
            assert bounder.slots(_fresh(node), need) + bounder.recipes_bound(node) >= v
        rest = bounder.rest(node)
        assert rest is not None
        kids = eng.children(node)
        for c in rng.sample(kids, min(25, len(kids))):
            assert future(eng.node(c)) <= rest[c.card], (trial, eng.move(c).format())


def test_cli_solve_json_replays_under_verify(tmp_path):
    runner = CliRunner()
    res = runner.invoke(cli, ["solve", "orchard:4,7,8", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert set(data) == {"score", "proven", "bound", "moves", "nodes", "seconds"}
    assert data["proven"] is True and data["bound"] == data["score"]
    sol = tmp_path / "line.txt"
    sol.write_text("\n".join(data["moves"]) + "\n")
    res = runner.invoke(cli, ["verify", "orchard:4,7,8", str(sol), "--json"])
    assert res.exit_code == 0
    assert json.loads(res.output)["score"] == data["score"]


def test_cli_solve_bad_deal_is_one_line_exit_2():
    res = CliRunner().invoke(cli, ["solve", "orchard:4,4,8"])
    assert res.exit_code == 2
    assert "appears twice" in res.output and "Traceback" not in res.output


def test_compact_recipes_agree_with_reference_for_every_recipe():
    """The solver's recipe scoring equals pnp.games.grove.evaluate_recipe for every recipe card."""
    from pnp.games.grove import evaluate_recipe
    game = find_game("grove")
    ids = list(game.deck.card_ids)
    rng = random.Random(11)
    for i in range(0, len(ids), 2):
        recipes = (ids[i], ids[(i + 1) % len(ids)])
        rest = [c for c in ids if c not in recipes]
        for _ in range(6):
            rng.shuffle(rest)
            deal = game.parse_deal(f"grove:{','.join(map(str, rest[:9]))};recipes={recipes[0]},{recipes[1]}")
            eng = engine_for(game, deal)
            state, node = game.start(deal), eng.start()
            while True:
                kids = {eng.move(c).format(): c for c in eng.children(node)}
                want = sum(evaluate_recipe(r, state, game.deck.dice_per_fruit, game.deck.fruit_keys)[1]
                           for r in game.recipes(deal))
                assert eng.recipe_bonus(node) == want
                if not kids:
                    break
                text = rng.choice(sorted(kids))
                from pnp.notation import Move
                state, node = game.apply(state, Move.parse(text)), eng.node(kids[text])


def test_solve_refuses_a_deck_with_four_fruits(tmp_path):
    """The compact engine has room for three fruits: a bigger deck is one line, exit 2."""
    import yaml
    from pnp.deck import default_cards_path
    data = yaml.safe_load(default_cards_path().read_text(encoding="utf-8"))
    orchard = data["games"]["orchard"]
    orchard["fruits"]["Q"] = {"name": "Quince", "colour": "#999999", "shape": "square"}
    first = orchard["cards"][0]
    first["face"][0] = "Q " + first["face"][0].split()[1]
    cards = tmp_path / "cards.yaml"
    cards.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    res = CliRunner().invoke(cli, ["solve", "orchard:1,2,3", "--cards", str(cards)])
    assert res.exit_code == 2, res.output
    assert "at most 3 fruits" in res.output and str(cards) in res.output
    assert "Traceback" not in res.output


def test_recipe_bound_is_never_below_a_reachable_bonus():
    """``Bounder.recipes_bound`` (which drops a recipe whose condition is out of
    reach) is at least the best recipe bonus of every way to finish, checked
    exhaustively over the last two cards, and along the way for every recipe."""
    from pnp.solver.search import Bounder
    game = find_game("grove")
    ids = list(game.deck.card_ids)
    rng = random.Random(5)
    for i in range(0, len(ids), 2):
        recipes = (ids[i], ids[i + 1])
        rest = [c for c in ids if c not in recipes]
        rng.shuffle(rest)
        deal = game.parse_deal(f"grove:{','.join(map(str, rest[:9]))};recipes={recipes[0]},{recipes[1]}")
        eng = engine_for(game, deal)
        bounder = Bounder(eng)
        node, path = eng.start(), []
        while len(eng.to_play(node)) > 2:
            kids = sorted(eng.children(node), key=eng.child_score, reverse=True)
            if not kids:
                break
            path.append(node)
            node = eng.node(rng.choice(kids[:5]))  # good moves: more dice, more recipes in play

        def best_bonus(n) -> int:
            kids = eng.children(n)
            best = eng.recipe_bonus(n) if not kids else max(best_bonus(eng.node(c)) for c in kids)
            assert best <= bounder.recipes_bound(n)
            return best

        final = best_bonus(node)
        for n in path:
            assert bounder.recipes_bound(n) >= final


def _towards_a_line(eng, f):
    return lambda n: sum(1 for c in n.board.values() if (c >> 6) & 31 and (c >> 11) & 3 == f)


def _towards_six_of_each(eng, f):
    def most(n, g):
        return max([min((c >> 6) & 31, 6) for c in n.board.values() if (c >> 6) & 31 and (c >> 11) & 3 == g],
                   default=0)
    return lambda n: sum(most(n, g) for g in range(eng.nfruits))


def _towards_many_dice(eng, f):
    return lambda n: sum(1 + 2 * ((c >> 11) & 3 == f) for c in n.board.values() if (c >> 6) & 31)


@pytest.mark.parametrize("pair,towards", [((6, 1), _towards_a_line), ((7, 14), _towards_a_line),
                                          ((8, 4), _towards_a_line), ((4, 9), _towards_six_of_each),
                                          ((4, 13), _towards_six_of_each), ((2, 13), _towards_many_dice),
                                          ((14, 7), _towards_many_dice)])
def test_a_recipe_met_at_the_end_was_within_reach_all_along(pair, towards):
    """``Bounder.recipe_bounds`` never rules out a recipe a game goes on to
    meet: a line of three dice of a fruit (``line_possible``: three squares
    in a row, none holding the squirrel or a die of another fruit, whose
    missing dice the cards to play can make: a bare tree of the fruit needs
    one of its trees on it, an empty square or a clearing two, from two
    cards, a bare tree of another fruit a clearing and two, from three), a die
    of each fruit showing 6 (each card raises a die at most by its largest
    tree of that fruit), and so many dice in play (a new die needs a tree of
    its fruit on a bare tree of it, or two on any other square). Checked at
    every position of games played mostly towards the recipe that end
    meeting it (the compiled core's bound is held to this one by
    test_grove_native_recipe_bounds_and_bonuses_equal_python)."""
    from pnp.solver.search import Bounder
    game = find_game("grove")
    rng = random.Random(sum(pair))
    made = 0
    for _ in range(6):
        cards = rng.sample([c for c in sorted(game.deck.card_ids) if c not in pair], 9)
        eng = engine_for(game, game.parse_deal("grove:%s;recipes=%d,%d" % (",".join(map(str, cards)), *pair)))
        bounder = Bounder(eng)
        recipe = eng.recipes[0]  # (the pair's first: the one the games play towards)
        arg = recipe.condition[1]
        score = towards(eng, eng.fruit_index[arg] if isinstance(arg, str) else 0)
        for _ in range(40):
            node, path = eng.start(), []
            while True:
                path.append(node)
                kids = [eng.node(c) for c in eng.children(node)]
                if not kids:
                    break
                if rng.random() < 0.8:  # mostly towards the recipe
                    most = max(map(score, kids))
                    kids = [n for n in kids if score(n) == most]
                node = rng.choice(kids)
            dice = [(p, c) for p, c in node.board.items() if (c >> 6) & 31]
            if not eng._condition(recipe, node, dice):
                continue
            made += 1
            for n in path:
                assert bounder.recipe_bounds(n)[0] >= recipe.reward[1], (cards, len(eng.to_play(n)))
    assert made >= 4, "too few games met the recipe: the test lost its point"


@pytest.mark.parametrize("third,least", [("die", 0), ("bare", 1), ("clearing", 2), ("empty", 2),
                                         ("other tree", 3), ("other die", None), ("squirrel", None)])
def test_a_line_of_three_needs_what_its_last_square_needs(third, least):
    """SPEC §4.2-4.3 on one square, two lime dice beside it in a row: a lime
    die there needs nothing more; a bare lime tree, a lime tree on it (one
    card); a clearing or an empty square, a lime tree and another on it (two
    cards); a bare tree of another fruit, which a lime tree may not cover,
    a clearing first and then the two lime trees (three cards); a die of
    another fruit or the squirrel's square, never. ``Bounder.line_possible``
    with just enough cards says yes, with one card fewer no (the cards lay
    trees enough for this line and no other); the compiled core's recipe
    bound agrees with Python's on each of these boards."""
    from pnp.solver import compiled, search
    from pnp.solver.engine import CLEARING, code, pos_int
    game = find_game("grove")
    eng = search.Searcher(game, game.parse_deal("grove:1,2,3,4,5;recipes=8,12"), native=False).engine
    lime = eng.fruit_index["M"]
    other = (lime + 1) % eng.nfruits
    square = {"die": code(lime, 1, die=3, die_fruit=lime), "bare": code(lime, 1),
              "clearing": code(CLEARING, 0), "other tree": code(other, 1),
              "other die": code(other, 1, die=3, die_fruit=other), "squirrel": code(lime, 1, token=1)}
    board = {pos_int(0, 0): code(lime, 2, die=4, die_fruit=lime), pos_int(1, 0): code(lime, 1, die=2, die_fruit=lime),
             pos_int(-1, 0): square["other die"]}  # (the line only one way)
    if third != "empty":
        board[pos_int(2, 0)] = square[third]
    node = _on_board(eng.start(), board)
    bounder = search.Bounder(eng)
    for k in range(0, 5):
        # trees and new dice enough for this line (two trees, one die), too few for any other
        assert bounder.line_possible(node, lime, True, k, 2, 1) == (least is not None and k >= least), k
    core = compiled.core_for(eng, search.NATIVE_GROVE_SLOT_CARDS)
    assert core.recipes(*compiled.position(eng, node))[0] == bounder.recipes_bound(node)


def test_a_line_of_three_bare_trees_is_found_in_c_and_python():
    """A line of three with no die of its fruit yet: three bare lime trees in
    a row (a die of another fruit closing it on one side), three cards to
    play. Each bare tree needs one lime tree laid on it, so the line can be
    there at the end and the Lime Terrace's 9 points count in the recipes'
    bound, in Python and in the compiled core alike (the core looks for
    lines only through the squares that need at most one cell; leaving out
    the bare trees, which need one, would lose this line and cut a game
    that makes it). With every card drawn (two to play) the three new dice
    are out of reach and the 9 does not count."""
    from pnp.solver import compiled, search
    from pnp.solver.engine import code, pos_int
    game = find_game("grove")
    eng = search.Searcher(game, game.parse_deal("grove:1,2,3,4,5;recipes=8,12"), native=False).engine
    assert eng.recipes[0].condition == ("line_of_three", "M")
    lime = eng.fruit_index["M"]
    other = (lime + 1) % eng.nfruits
    board = {pos_int(0, 0): code(lime, 1), pos_int(1, 0): code(lime, 2), pos_int(2, 0): code(lime, 1),
             pos_int(-1, 0): code(other, 1, die=3, die_fruit=other)}
    core = compiled.core_for(eng, search.NATIVE_GROVE_SLOT_CARDS)
    bounder = search.Bounder(eng)
    for drawn, line in ((4, 9), (5, 0)):
        for hand in ((1, 2), (1, 3), (2, 3)):
            node = _on_board(eng.start(), board, hand=hand, drawn=drawn, tree_dice=3)
            assert bounder.recipe_bounds(node)[0] == line, (drawn, hand)
            assert core.recipes(*compiled.position(eng, node))[0] == bounder.recipes_bound(node), (drawn, hand)


def test_the_wheelbarrow_frees_a_die_for_a_new_one():
    """SPEC §4.3b: raising a 10 into the wheelbarrow sends its die back to the
    supply, and the same card may give it out again as a new die (§4.3c).
    With the orange supply empty, card 2 (``O1 O2`` on top) laid over an
    orange 10 and a bare ``O2`` tree scores 5 + 4; the knapsack bound must not
    count on the empty supply, and the search must find the 9."""
    from pnp.solver import search
    from pnp.solver.engine import code, pos_int, TOP_DIE
    game = find_game("grove")
    s = search.Searcher(game, game.parse_deal("grove:1,2"), native=False)
    eng = s.engine
    board = {pos_int(0, 0): code(0, 1, die=TOP_DIE, die_fruit=0), pos_int(1, 0): code(0, 2)}
    start = eng.start()
    node = _on_board(start, board, hand=(1,), drawn=2, tree_dice=TOP_DIE, supply=(0, 5, 5))
    best = max(eng.child_score(c) for c in eng.children(node)) - eng.score(node)
    assert best == 5 + 4
    assert s.bounder.future(_fresh(node)) >= best
    s.best = eng.score(node) + best - 1  # an incumbent just below: a wrong cut would keep it
    s.t0 = 0
    v, exact = s.dfs(_fresh(node), eng.score(node))
    assert (v, exact) == (best, True)


@pytest.mark.parametrize("deal,cards,count", [("grove:7,6,13,16,17,14,10,8,11", (1, 2), 40),
                                              ("grove:3,8,6,17,11,12,15,2,18;recipes=9,13", (1, 2), 40),
                                              ("grove:13,7,3,8,12,6,17,10,14", (3,), 3)])
def test_grove_knapsack_is_never_below_the_exact_future(deal, cards, count):
    """``Bounder.future`` without a need (the knapsack and the recipe bound)
    against a plain exhaustive search, with one to three cards to play (the
    knapsack shares whole cells there: Bounder.cell_share), on positions
    pushed to the edges the knapsack has to get right: supplies cut short,
    dice raised to 5, 6 and 10 (the wheelbarrow one step away)."""
    from pnp.solver import search
    from pnp.solver.engine import CLEARING, TOP_DIE, WHEELBARROW
    game = find_game("grove")
    s = search.Searcher(game, game.parse_deal(deal), native=False)
    eng = s.engine
    rng = random.Random(11)
    checked = 0
    while checked < count:
        node = eng.start()
        left = rng.choice(cards)
        while len(eng.to_play(node)) > left:
            kids = eng.children(node)
            if not kids:
                break
            node = eng.node(rng.choice(kids))
        if len(eng.to_play(node)) != left or not node.hand:
            continue
        board, tree_dice = dict(node.board), node.tree_dice
        for p, c in board.items():
            d = (c >> 6) & 31
            if d and d != WHEELBARROW and rng.random() < 0.7:
                nd = rng.choice((5, 6, TOP_DIE, TOP_DIE))
                board[p] = (c & ~(31 << 6)) | (nd << 6)
                if c & 3 != CLEARING:
                    tree_dice += nd - d
        supply = tuple(min(n, rng.choice((0, 0, 0, 1, 5))) for n in node.supply)
        node = _fresh(node, board=board, tree_dice=tree_dice, supply=supply)
        assert s.bounder.future(node) >= exhaustive_compact(eng, node) - eng.score(node)
        checked += 1


def _units_by_hand(dice, bases, supply, units, k):
    """Bounder.unit_share spelled out: try every way to give each die, each
    visible tree (most fruits first, while the supply lasts) and each further
    new die some of the units, at most two a card."""
    def shown(x):
        return x if x <= 6 else 10

    items = [lambda n, v=v, tree=tree: shown(v + n) - (v if tree else 0) if n else 0 for v, tree in dice]
    ready = sorted(bases, reverse=True)[:supply]
    items += [lambda n, b=b: shown(b + n) if n >= 1 else 0 for b in ready]
    items += [lambda n: shown(n) if n >= 2 else 0] * (supply - len(ready))

    def best(i, left):
        if i == len(items):
            return 0
        return max(items[i](n) + best(i + 1, left - n) for n in range(min(left, 2 * k) + 1))
    return best(0, units)


def test_grove_unit_knapsack_equals_trying_every_split():
    from pnp.solver import search
    game = find_game("grove")
    bounder = search.Searcher(game, game.parse_deal("grove:1,2,3"), native=False).bounder
    rng = random.Random(4)
    for _ in range(300):
        dice = tuple(sorted((rng.choice((2, 3, 4, 5, 6, 10)), rng.random() < 0.7) for _ in range(rng.randint(0, 3))))
        bases = tuple(sorted((rng.choice((1, 2)) for _ in range(rng.randint(0, 2))), reverse=True))
        supply, units, k = rng.randint(0, 2), rng.randint(0, 9), rng.randint(1, 4)
        assert bounder.unit_share(dice, bases, supply, units, k) == _units_by_hand(dice, bases, supply, units, k), \
            (dice, bases, supply, units, k)


def _cells_by_hand(dice, bases, supply, cards):
    """Bounder.cell_share spelled out card by card: every way to give each
    cell of ``cards`` (per card, the sizes of its cells of the fruit) to a die,
    a visible tree (most fruits first, while the supply lasts), a new die on a
    later tree, or nothing, at most one cell of a card to each; at most one of
    them becomes the wheelbarrow, which frees a die for one more new die.
    Returns (the most without the wheelbarrow, the most with it or None)."""
    def shown(x):
        return x if x <= 6 else 10

    ready = sorted(bases, reverse=True)
    # (value to start from, what it scores now, cells before it shows, a new die)
    items = [(v, v if tree else 0, 1, False) for v, tree in dice]
    items += [(b, 0, 1, True) for b in ready[:supply]] + [(0, 0, 2, True)] * (supply - len(ready[:supply]))
    freed = len(items)  # the die the wheelbarrow frees: the next visible tree, or a later one
    items.append((ready[supply], 0, 1, True) if len(ready) > supply else (0, 0, 2, True))
    cells = [(c, size) for c, sizes in enumerate(cards) for size in sizes]
    given = [[] for _ in items]  # per item, the (card, size) cells it got
    best = [0, None]

    def gain(j):
        v, paid, least, _ = items[j]
        sizes = [size for _, size in given[j]]
        if not sizes:
            return 0
        return shown(v + sum(sizes)) - paid if len(sizes) >= least else None

    def settle():
        gains = [gain(j) for j in range(len(items))]
        if None in gains:
            return
        if not given[freed]:
            best[0] = max(best[0], sum(gains))
        for j, (v, paid, least, new) in enumerate(items[:freed]):  # the die that becomes the wheelbarrow
            sizes = [size for _, size in given[j]]
            if len(sizes) >= least + new and v + sum(sizes) - min(sizes) > 6:
                w = sum(gains) - gains[j] + 15 - paid
                best[1] = w if best[1] is None else max(best[1], w)

    def go(i):
        if i == len(cells):
            settle()
            return
        go(i + 1)
        card, size = cells[i]
        for mine in given:
            if all(c != card for c, _ in mine):
                mine.append((card, size))
                go(i + 1)
                mine.pop()

    go(0)
    return best[0], best[1]


def test_grove_cell_knapsack_holds_every_way_to_share_the_cells():
    """Bounder.cell_share against every way to give each card's cells to the
    dice: never below it (an admissible relaxation), never above the unit
    knapsack it tightens (with the wheelbarrow's 5), and equal to it when one
    card is left (where counting cells loses nothing)."""
    from pnp.solver import search
    game = find_game("grove")
    bounder = search.Searcher(game, game.parse_deal("grove:1,2,3"), native=False).bounder
    rng = random.Random(5)
    tighter = 0
    for _ in range(250):
        dice = tuple(sorted((rng.choice((2, 3, 4, 5, 6, 10)), rng.random() < 0.7) for _ in range(rng.randint(0, 3))))
        bases = tuple(sorted((rng.choice((1, 2)) for _ in range(rng.randint(0, 2))), reverse=True))
        supply = rng.randint(0, 2)
        cards = [[rng.choice((1, 2)) for _ in range(rng.choice((0, 1, 1, 2)))] for _ in range(rng.randint(1, 3))]
        counts = (sum(c.count(2) for c in cards), sum(c.count(1) for c in cards), sum(2 in c for c in cards),
                  sum(1 in c for c in cards), sum(bool(c) for c in cards))
        got, with_barrow = bounder.cell_share(dice, bases, supply, counts)
        want, want_barrow = _cells_by_hand(dice, bases, supply, cards)
        assert got >= want, (dice, bases, supply, cards)
        assert (with_barrow is None) <= (want_barrow is None), (dice, bases, supply, cards)
        if want_barrow is not None:
            assert with_barrow >= want_barrow, (dice, bases, supply, cards)
        units = bounder.unit_share(dice, bases, supply, 2 * counts[0] + counts[1], len(cards))
        assert got <= units and (with_barrow is None or with_barrow <= bounder.unit_share(
            dice, bases, supply + 1, 2 * counts[0] + counts[1], len(cards)) + 5)
        if len(cards) == 1:
            assert (got, with_barrow) == (want, want_barrow), (dice, bases, supply, cards)
        tighter += got < units
    assert tighter > 30, "the cells seldom bound tighter than the units: the test lost its point"


def test_solution_says_whether_a_recipe_target_is_reachable():
    from pnp.solver.search import Solution

    game = find_game("grove")
    deal = game.parse_deal("grove:1,2,3,4;recipes=10,11")

    def sol(score, bound, target=74):
        return Solution(deal, score, score == bound, bound, (), 0, 0.0, target)

    assert sol(80, 90).reachable is True  # this line reaches it
    assert sol(74, 74).reachable is True
    assert sol(60, 73).reachable is False  # the bound proves no line can
    assert sol(60, 74).reachable is None  # a line of 74 may exist
    assert sol(60, 90, target=None).reachable is None  # no recipes, no target
    assert solve(game, deal).target == 74 == game.target(deal)
    assert solve(find_game("orchard"), "orchard:4,7,8").target is None


def test_cli_solve_says_whether_the_recipe_target_is_reachable():
    runner = CliRunner()
    res = runner.invoke(cli, ["solve", "grove:1,2,3,4;recipes=10,11"])
    assert res.exit_code == 0, res.output
    assert "# target 74: out of reach: no line scores more than 45" in res.output.splitlines()
    res = runner.invoke(cli, ["solve", "grove:1,14,7,3,15,9,2,10,6;recipes=16,13", "--time-limit", "1"])
    assert res.exit_code == 0, res.output
    assert "# target 67: reached by this line" in res.output.splitlines()
    res = runner.invoke(cli, ["solve", "orchard:4,7,8"])
    assert "target" not in res.output


@pytest.mark.parametrize("deal,jobs,limit", [("grove:7,6,13,16,17,14,10,8,11", 1, None),
                                             ("grove:7,6,13,16,17,14,10,8,11", 2, None),
                                             ("grove:7,6,13,16,17,14,10,8,11", 2, 30.0),
                                             ("orchard:4,2,17,10,13,15,11,1,7", 1, 30.0),
                                             ("orchard:4,2,17,10,13,15,11,1,7", 2, 30.0)])
def test_stop_ends_the_search_with_the_line_so_far_and_a_bound(deal, jobs, limit):
    """``stop()`` (Ctrl-C in pnp solve) ends the search as a time limit would:
    the best line so far, which replays, and a proven bound above it; asked
    from the first check on, on one process or two, with or without a limit
    (then the tests from the top, Grove's and Orchard's)."""
    game = find_game(deal.split(":")[0])
    asked = []
    t0 = time.perf_counter()
    sol = solve(game, deal, time_limit=limit, jobs=jobs, stop=lambda: asked.append(1) or True)
    assert asked and time.perf_counter() - t0 < 20
    assert not sol.proven and sol.bound > sol.score > 0
    check_line(game, deal, sol)


def test_stop_never_asked_to_end_changes_nothing():
    game = find_game("orchard")
    want = solve(game, "orchard:4,7,8,3,14")
    sol = solve(game, "orchard:4,7,8,3,14", jobs=2, stop=lambda: False)
    assert sol.proven and sol.score == want.score


def test_cli_ctrl_c_prints_the_best_line_so_far_without_a_traceback(tmp_path):
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) during
    an unlimited nine-card solve: the line so far and its bound, exit 0; the
    line replays under pnp verify."""
    deal = "grove:7,6,13,16,17,14,10,8,11"
    code, out, err = ctrl_c_after(["solve", deal, "--time-limit", "0", "--json", "--jobs", "2"], 4)
    assert code == 0, err
    assert "Traceback" not in err and "stopping" in err
    data = json.loads(out)
    assert data["proven"] is False and data["bound"] > data["score"]
    line = tmp_path / "line.txt"
    line.write_text("\n".join(data["moves"]) + "\n")
    res = CliRunner().invoke(cli, ["verify", deal, str(line), "--json"])
    assert json.loads(res.output)["score"] == data["score"]


def test_the_solution_file_is_made_by_the_library_and_replays():
    """`pnp solve`'s text (a solution file: comments, then the moves) came from the
    CLI; the library makes it, and what it makes replays to its score."""
    from pnp.games import find_game
    from pnp.notation import read_solution
    from pnp.solver import solve
    from pnp.verify import solution_file, verify

    game = find_game("orchard")
    sol = solve(game, "orchard:4,7,8,3,14", jobs=1)
    text = solution_file(game, sol)
    assert text.startswith("# orchard:4,7,8,3,14\n# score ") and "(proven best)" in text
    lines, unread = read_solution(text)
    assert unread is None and verify(game, sol.deal, lines).score == sol.score
