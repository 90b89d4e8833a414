"""Replaying a solution against a deal: the library side of ``pnp verify``."""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import IllegalMoveError, InvalidMoveError
from .games.base import Game, ScoreSheet, State
from .notation import Deal, SolutionLine


@dataclass(frozen=True)
class Verdict:
    legal: bool
    complete: bool
    score: int
    target: int | None
    met_target: bool | None
    error: dict | None  # {"move": i, "line": n, "reason": str}
    tier: str | None = None
    best: int | None = None
    best_proven: bool | None = None
    states: tuple[State, ...] = field(default=(), repr=False)  # start, then after each legal move
    sheet: ScoreSheet | None = field(default=None, repr=False)  # how the score is made up (recipes met)

    def to_json(self) -> dict:
        return {"legal": self.legal, "complete": self.complete, "score": self.score,
                "target": self.target, "met_target": self.met_target, "error": self.error}

    @property
    def ok(self) -> bool:
        """What the exit code reports: legal, and the target met when there is one."""
        return self.legal and self.met_target is not False


def verify(game: Game, deal: Deal, lines: list[SolutionLine], *, target: int | None = None,
           best: int | None = None, best_proven: bool | None = None,
           unread: InvalidMoveError | None = None) -> Verdict:
    """Replay ``lines`` from the start of ``deal``; stop at the first illegal move.
    ``unread`` is a move after ``lines`` that did not read (``read_solution``):
    the error when every move before it is legal."""
    state = game.start(deal)
    states = [state]
    error = None
    for sl in lines:
        try:
            state = game.apply(state, sl.move)
        except IllegalMoveError as exc:
            error = {"move": sl.number, "line": sl.line, "reason": exc.reason}
            break
        states.append(state)
    if error is None and unread is not None:
        error = {"move": unread.move_number, "line": unread.line, "reason": unread.reason}
    if target is None:
        target = game.target(deal)
    sheet = game.score_sheet(state)
    score = sheet.total
    tier = game.tier(score)
    complete = error is None and state.over
    # SPEC §4.5: the final score wins: an illegal line, or one that stops while a
    # legal move remains (the next card may still cost points), meets no target
    return Verdict(legal=error is None, complete=complete, score=score,
                   target=target, met_target=None if target is None else complete and score >= target,
                   error=error, tier=tier.name if tier else None, best=best, best_proven=best_proven,
                   states=tuple(states), sheet=sheet)


def in_game_notation(game: Game, lines: list[SolutionLine], unread: InvalidMoveError | None,
                     file: str) -> tuple[list[SolutionLine], InvalidMoveError | None]:
    """The moves as :func:`~pnp.notation.read_solution` read them, cut at the
    first one ``game``'s notation does not have: a side letter on a card of a
    one-sided game (``13a`` in Orchard) is bad input, as it is in a deal (SPEC
    §5: only ``orchard-pnp`` cards carry a side), not an illegal move."""
    if game.two_sided:
        return lines, unread
    for i, sl in enumerate(lines):
        if sl.move.side:
            reason = game.one_side(sl.move.card, sl.move.side)
            return lines[:i], InvalidMoveError(f"move {sl.number}: {reason}", move_number=sl.number, file=file,
                                               line=sl.line, reason=reason)
    return lines, unread


def check_solution(game: Game, deal: Deal, text: str, name: str, *, target: int | None = None,
                   best: int | None = None, best_proven: bool | None = None
                   ) -> tuple[Verdict, list[SolutionLine], InvalidMoveError | None]:
    """Read and replay a solution file's ``text`` (``name`` for messages): the
    verdict, the moves read, and the move that does not read when the replay
    reaches it (bad input, for the caller to report after the verdict; None when
    every move read, or an illegal move before it ended the replay, which is
    then the verdict). A file that is not moves at all raises at once."""
    from .notation import read_solution

    lines, unread = in_game_notation(game, *read_solution(text, name), name)
    if unread is not None and not unread.move_number:
        raise unread
    verdict = verify(game, deal, lines, target=target, best=best, best_proven=best_proven, unread=unread)
    reached = unread is not None and verdict.error is not None and verdict.error["move"] == unread.move_number
    return verdict, lines, unread if reached else None


def line_sheet(game: Game, deal: Deal, moves) -> ScoreSheet:
    """How the score of a legal line of ``moves`` is made up (``pnp solve``'s
    line: which recipes it meets)."""
    return game.score_sheet(game.replay(deal, moves))


def solution_file(game: Game, sol) -> str:
    """A solver's :class:`~pnp.solver.Solution` as ``pnp solve`` prints it: a
    solution file (SPEC §5), whose lines other than the moves are comments
    (the deal, the score and whether it is proven, the target, the recipes
    met, the tier), so ``pnp solve DEAL > line.txt`` then ``pnp verify DEAL
    line.txt`` replays it."""
    status = "proven best" if sol.proven else f"not proven; the best is at most {sol.bound}"
    lines = [f"# {sol.deal.format()}",
             f"# score {sol.score} ({status}); {sol.nodes:,} positions in {sol.seconds:.1f} s"]
    if sol.target is not None:
        reach = {True: "reached by this line",
                 False: f"out of reach: no line scores more than {sol.bound}",
                 None: f"not reached by this line; a line of up to {sol.bound} may exist"}[sol.reachable]
        lines.append(f"# target {sol.target}: {reach}")
    recipes = recipes_text(line_sheet(game, sol.deal, sol.moves)) if sol.deal.recipes else None
    if recipes:
        lines.append(f"# recipes: {recipes}")
    tier = game.tier(sol.score)
    if tier:
        lines.append(f"# tier: {tier.name}")
    lines += [f"{m.format():24} # move {i}" for i, m in enumerate(sol.moves, 1)]
    return "".join(line + "\n" for line in lines)


def recipes_text(sheet: ScoreSheet) -> str | None:
    """"Lemon Curd met, +12; Swept Paths not met" for a recipe challenge, else None."""
    if not sheet.recipes:
        return None
    return "; ".join(f"{name} met, +{points}" if met else f"{name} not met" for name, met, points in sheet.recipes)
