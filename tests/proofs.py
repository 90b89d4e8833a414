"""Helpers for the tests of the compiled searches: a line checked through the
notation and ``verify``, and one deal proven by the compiled and the
pure-Python search alike."""
from __future__ import annotations

from pnp.notation import format_solution, parse_solution
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
