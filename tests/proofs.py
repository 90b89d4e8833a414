"""Helpers for the tests of the compiled searches: a line checked through the
notation and ``verify``, one deal proven by the compiled and the pure-Python
search alike, and two positions the compiled searches' table keys alike."""
from __future__ import annotations

from pnp.notation import format_solution, parse_solution
from pnp.solver import compiled
from pnp.solver.search import Searcher
from pnp.verify import verify


def check_line(game, deal, sol):
    """The solution's moves, written out and read back, verify to its score."""
    verdict = verify(game, game.parse_deal(deal), parse_solution(format_solution(sol.moves)))
    assert verdict.legal, verdict.error
    assert verdict.score == sol.score


def same_proof(game, deal):
    """The compiled and the pure-Python search prove the same best for ``deal``
    (a one-wide beam: the exact searches find the line themselves); the
    compiled search's line verifies."""
    parsed = game.parse_deal(deal)
    py = Searcher(game, parsed, beam_width=1, native=False).run()
    s = Searcher(game, parsed, beam_width=1)
    sol = s.run()
    assert s.core is not None
    assert py.proven and sol.proven, deal
    assert sol.score == py.score == sol.bound, deal
    check_line(game, deal, sol)


def keyed_alike(game, eng, core, node, twin):
    """``node`` and its ``twin`` differ only where the compiled ``core``'s table
    does not look: the Python search, which keys them apart, gives both the
    same exact future, and the core, having solved ``node`` from an empty
    table, answers ``twin`` from its table at the root (one position, one
    table answer)."""
    cur = eng.score(node)
    assert eng.score(twin) == cur
    futures = []
    for n in (node, twin):
        s = Searcher(game, eng.deal, native=False)
        s.best = s.floor = -10 ** 9
        futures.append(s.dfs(n, cur))
    assert futures[0] == futures[1] and futures[0][1], (sorted(node.board.items()), node.hand)
    core.clear()
    first = core.dfs(*compiled.position(eng, node), cur, -10 ** 9, -10 ** 9, lambda n, b: -10 ** 9)
    before = [row[:3] for row in core.stats()]
    again = core.dfs(*compiled.position(eng, twin), cur, -10 ** 9, -10 ** 9, lambda n, b: -10 ** 9)
    after = [row[:3] for row in core.stats()]
    assert first[:2] == again[:2] == (futures[0][0], 1)
    grew = {row[0]: (row[1] - old[1], row[2] - old[2]) for row, old in zip(after, before) if row != old}
    assert grew == {len(eng.to_play(node)): (1, 1)}, (sorted(node.board.items()), node.hand, grew)
