"""Proofs: the exact solver's verdict on a published puzzle, kept beside the archive.

A published puzzle file is never rewritten (SPEC §7), and its best score
comes from a fixed, machine-independent effort that seldom finishes a proof.
``pnp puzzle prove`` runs the exact solver (``pnp.solver.solve``, on every
core, with a time limit) on published days and keeps what it learns in a
*proof file* of its own::

    puzzles/proofs/GAME/YYYY/GAME-YYYY-MM-DD.yaml

with the day's deal, the best score known, its line, the proven upper bound,
and ``proven`` (the bound equals the best). Readers of the archive (``pnp
puzzle daily``, ``pnp verify GAME-YYYY-MM-DD``, booklets, ``pnp build``) lay
a proof over its puzzle: the best score, its line as the answer key, and the
bound come from whichever is stronger.

A proof file only ever gets stronger: a new run starts from the best line
known (the file's or the puzzle's), is merged with the file (the better
line, the lower bound), and a proven file is final. The line of
every proof file replays to its best score (a test replays them all); a
proven best is a fact about the deal, not about the machine that proved it.

It is a fact only if the solver's bounds are sound. When a bound is found
to be wrong, ``recheck`` (``pnp puzzle prove --recheck``) withdraws what the
files' bounds say: their lines are kept (a line that replays is a fact
whatever the bounds), the search runs again from them, and the file takes
this run's bound, proven or not, in place of its own.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from ..errors import NotationError, PuzzleError
from ..fsutil import atomic_write
from ..games.base import Game
from ..notation import Deal, Move, SolutionLine
from . import archive_path, archive_root, read_puzzle_yaml, yaml_quote

#: The folder of proof files inside an archive.
PROOFS = "proofs"


def proof_path(game: str, date: str, root: Path | None = None) -> Path:
    """The proof file of a published day under the archive ``root``."""
    root = archive_root() if root is None else Path(root)
    return root / PROOFS / game / date[:4] / f"{game}-{date}.yaml"


@dataclass(frozen=True)
class Proof:
    """What is known about a day's best score: a line reaching ``best``, and
    ``bound``, which no line can beat."""

    id: str
    deal: Deal
    best: int
    bound: int
    line: tuple[Move, ...]

    @property
    def proven(self) -> bool:
        return self.bound <= self.best

    def merged(self, other: "Proof") -> "Proof":
        """What the two together know: the better line, the lower bound."""
        if other.deal != self.deal:
            raise ValueError("proofs of different deals")
        better = other if other.best > self.best else self
        return dataclasses.replace(better, bound=max(better.best, min(self.bound, other.bound)))

    @classmethod
    def of_puzzle(cls, puzzle) -> "Proof":
        """What a published :class:`~pnp.puzzles.daily.Puzzle` itself knows."""
        return cls(puzzle.id, puzzle.deal, puzzle.best, max(puzzle.best, puzzle.bound), tuple(puzzle.answer))

    def stronger_than(self, other: "Proof") -> bool:
        return self.best > other.best or self.bound < other.bound

    def to_yaml(self) -> str:
        q = yaml_quote
        lines = [f"# pnp proof for {self.id}: the exact solver on the published deal.",
                 "# A run rewrites this file only with a better line or a lower bound (--recheck: afresh).",
                 f"id: {q(self.id)}",
                 f"deal: {q(self.deal.format())}",
                 f"best: {self.best}",
                 f"proven: {'true' if self.proven else 'false'}",
                 f"bound: {self.bound}",
                 "line:" if self.line else "line: []",
                 *(f"  - {q(m.format())}" for m in self.line)]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_dict(cls, data: dict, file: str) -> "Proof":
        def need(key, kind, what):
            v = data.get(key)
            if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
                raise PuzzleError(f"proof file: {key!r} must be {what}", file=file)
            return v

        pid, deal_text = need("id", str, "a puzzle id"), need("deal", str, "a deal")
        best, bound = need("best", int, "a whole number"), need("bound", int, "a whole number")
        moves = need("line", list, "a list of moves")
        proven = need("proven", bool, "true or false")
        try:
            deal = Deal.parse(deal_text)
            line = tuple(Move.parse(str(m)) for m in moves)
        except NotationError as exc:
            raise PuzzleError(f"proof file: {exc.message}", file=file) from None
        if bound < best or proven != (bound == best):
            raise PuzzleError(f"proof file: bound {bound} and proven {str(proven).lower()} "
                              f"do not agree with best {best}", file=file)
        return cls(pid, deal, best, bound, line)


def load_proof(path: str | Path) -> Proof:
    return Proof.from_dict(read_puzzle_yaml(path, "proof file"), str(path))


def read_proof(game: str, date: str, root: Path | None = None) -> Proof | None:
    """The day's proof file under ``root``, or None when it has none."""
    path = proof_path(game, date, root)
    return load_proof(path) if path.is_file() else None


def _check_deal(proof: Proof, deal: Deal, game: str, date: str, root: Path | None) -> None:
    if proof.deal != deal:
        raise PuzzleError(f"proof file is for {proof.deal.format()}, but the published deal is {deal.format()}",
                          file=str(proof_path(game, date, root)))


def with_proof(puzzle, root: Path | None = None):
    """``puzzle`` (a :class:`~pnp.puzzles.daily.Puzzle`) with its proof laid
    over it: best, proven, bound and answer key from whichever is stronger."""
    proof = read_proof(puzzle.game, puzzle.date, root)
    if proof is None:
        return puzzle
    _check_deal(proof, puzzle.deal, puzzle.game, puzzle.date, root)
    known = Proof.of_puzzle(puzzle).merged(proof)  # the published line unless the proof's scores more
    return dataclasses.replace(puzzle, best=known.best, answer=known.line, bound=known.bound, proven=known.proven)


def ref_with_proof(ref, game: str, date: str, root: Path | None = None):
    """A :class:`~pnp.puzzles.PuzzleRef` of a published day with its proof laid over it."""
    proof = read_proof(game, date, root)
    if proof is None or ref.best is None:
        return ref
    _check_deal(proof, ref.deal, game, date, root)
    return dataclasses.replace(ref, best=max(ref.best, proof.best), proven=bool(ref.proven) or proof.proven)


def replays_to(game: Game, proof: Proof) -> int:
    """The score ``proof.line`` reaches (a :class:`PuzzleError` when a move is illegal)."""
    from ..verify import verify

    v = verify(game, game.parse_deal(proof.deal),
               [SolutionLine(i + 1, i + 1, m) for i, m in enumerate(proof.line)])
    if not v.legal:
        raise PuzzleError(f"the line of {proof.id} is illegal at move {v.error['move']}: {v.error['reason']}")
    return v.score


def _check_line(game: Game, proof: Proof) -> None:
    """A :class:`PuzzleError` unless ``proof.line`` replays to ``proof.best``."""
    if replays_to(game, proof) != proof.best:
        raise PuzzleError(f"the line of {proof.id} does not score {proof.best}")


def prove(game: Game, puzzle, *, time_limit: float | None, jobs: int = 1, progress=None,
          old: Proof | None = None, stop=None) -> Proof:
    """Run the exact solver on a published ``puzzle`` and merge its result with
    the puzzle's own best line and bound (and ``old``, the day's proof file).
    The best line known, the puzzle's or the proof file's, is the search's
    line from the start, so it looks only for better ones. ``progress`` and
    ``stop`` are :func:`pnp.solver.solve`'s: a search stopped early still
    returns its best line and a proven bound."""
    from ..solver import solve

    known = Proof.of_puzzle(puzzle) if old is None else Proof.of_puzzle(puzzle).merged(old)
    _check_line(game, known)
    sol = solve(game, puzzle.deal, time_limit=time_limit, jobs=jobs, progress=progress, stop=stop,
                known=(known.best, known.line))
    mine = Proof(puzzle.id, puzzle.deal, sol.score, max(sol.score, sol.bound), tuple(sol.moves))
    return mine.merged(known)


def check_provable(game_id: str, dates: list[str], root: Path) -> None:
    """Every day of ``dates`` published in the archive ``root``, or a one-line
    error: no archive folder there (``prove`` writes proofs into the archive
    one publishes into, not the read-only one shipped with pnp), or the days
    not published."""
    if not root.is_dir():
        raise PuzzleError(f"no archive folder {root}/ here: prove reads the days and writes their proofs in "
                          "the archive you publish into; run it in the folder holding that puzzles/, or give "
                          "--archive DIR")
    missing = [d for d in dates if not archive_path(game_id, d, root).is_file()]
    if missing:
        raise PuzzleError(f"not published in {root}: {', '.join(missing[:3])}"
                          f"{' ...' if len(missing) > 3 else ''} (publish them first)")


def prove_day(game: Game, date: str, root: Path, *, time_limit: float | None, jobs: int = 1, progress=None,
              stop=None, recheck: bool = False):
    """Prove the published day ``date`` under the archive ``root`` and merge the
    result into its proof file (a proven file is final: no search, unless
    ``recheck``, below). Returns
    ``(puzzle, proof, status)`` as :func:`store_proof` does; ``progress`` and
    ``stop`` as :func:`prove`'s.

    With ``recheck`` the proof file's bound is not trusted (a fix to the
    solver's bounds withdraws it): the search runs even on a proven file,
    from its line, and the file is rewritten with the better line and this
    run's bound (no lower than the published puzzle's own, which a
    different search proved); the status is then ``"rechecked"``."""
    from .daily import load_puzzle

    puzzle = load_puzzle(archive_path(game.id, date, root))
    old = read_proof(game.id, date, root)
    if old is not None:
        _check_deal(old, puzzle.deal, game.id, date, root)
        if old.proven and not recheck:
            return puzzle, old, "kept"
    distrust = recheck and old is not None
    if distrust:
        old = dataclasses.replace(old, bound=max(old.best, puzzle.bound))
    found = prove(game, puzzle, time_limit=time_limit, jobs=jobs, progress=progress, old=old, stop=stop)
    if distrust:  # (stored as a new file would be: written whatever the old one said)
        return puzzle, _store(game, found, None, date, root)[0], "rechecked"
    return (puzzle, *_store(game, found, old, date, root))


def store_proof(game: Game, proof: Proof, date: str, root: Path) -> tuple[Proof, str]:
    """Merge ``proof`` into the day's proof file under ``root``; returns what the
    file now holds and ``"new"``, ``"stronger"`` or ``"kept"`` (a proven file,
    or one the new run does not improve). The line is replayed first."""
    return _store(game, proof, read_proof(game.id, date, root), date, root)


def _store(game: Game, proof: Proof, old: Proof | None, date: str, root: Path) -> tuple[Proof, str]:
    """:func:`store_proof` with the file's proof ``old`` already read."""
    _check_line(game, proof)
    path = proof_path(game.id, date, root)
    if old is not None:
        _check_deal(old, proof.deal, game.id, date, root)
        if old.proven or not proof.stronger_than(old):
            return old, "kept"
        new = old.merged(proof)
        atomic_write(path, new.to_yaml())
        return new, "stronger"
    atomic_write(path, proof.to_yaml())
    return proof, "new"
