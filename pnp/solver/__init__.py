"""The solver: the best score of a deal, proven by exhaustive search when time allows.

``solve(game, deal, time_limit=None) -> Solution`` is pure (it never prints);
its ``moves`` replay under :func:`pnp.verify.verify` to its ``score``. See
:mod:`pnp.solver.search` for the method and :mod:`pnp.solver.engine` for the
compact rules engine it searches with.
"""
from .search import Solution, solve

__all__ = ["Solution", "solve"]
