"""``pnp verify PUZZLE SOLUTION``."""
from __future__ import annotations

import json
import sys

import click

from ..errors import PnpError
from ..fsutil import read_text_input
from ..games import find_game
from ..puzzles import check_cards, resolve_puzzle
from ..render.text import LEGEND, grid_text
from ..verify import check_solution, recipes_text
from . import cli
from .options import cards_option, deck_from, generating_notice, read_archive_option


@cli.command("verify", short_help="Replay a solution: the illegal move and why, or the score.")
@click.argument("puzzle")
@click.argument("solution")
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON (SPEC §6).")
@click.option("--show", is_flag=True, help="Print the orchard as a text grid after each move.")
@read_archive_option
@cards_option
def verify_cmd(puzzle: str, solution: str, as_json: bool, show: bool, root, cards: str | None) -> None:
    """Replay SOLUTION (a file of moves, or - for stdin) on PUZZLE (a puzzle id
    GAME-YYYY-MM-DD, a puzzle file, or a deal GAME:C1,C2,...).

    Exit code 0 when the line is legal (and meets the target, if any), 1 when it
    is illegal or misses the target, 2 for bad input.
    """
    _check_order(puzzle, solution)
    deck = deck_from(cards)
    ref = resolve_puzzle(puzzle, root, on_generate=generating_notice(root), deck=deck)
    try:
        game = find_game(ref.deal.game, deck)
        deal = game.parse_deal(ref.deal)
    except PnpError as exc:  # a deal the cards cannot deal: say which puzzle file holds it
        raise ref.in_source(exc) from None
    check_cards(ref, game)  # a published day: do these cards play it as published?
    text, name = read_text_input(solution)
    verdict, lines, unread = check_solution(game, deal, text, name, target=ref.target, best=ref.best,
                                            best_proven=ref.proven)
    if unread is not None and not as_json:
        raise unread
    if show:
        out = sys.stderr if as_json else sys.stdout
        click.echo(LEGEND[game.counted], file=out)
        for i, state in enumerate(verdict.states):
            title = "start" if i == 0 else f"after move {i}: {lines[i - 1].move.format()}"
            click.echo(f"\n{title}\n{grid_text(state, game.counted)}", file=out)
    if as_json:
        click.echo(json.dumps(verdict.to_json()))
        if unread is not None:  # the verdict names it; its line and exit code are bad input's
            raise unread
    else:
        click.echo(describe(verdict, name))
    if not verdict.ok:
        sys.exit(1)


def _check_order(puzzle: str, solution: str) -> None:
    """The two arguments swapped (a solution file first, then a puzzle id or a
    deal) read the moves as a puzzle file: say so instead."""
    from pathlib import Path

    from ..errors import NotationError
    from ..notation import Deal, parse_puzzle_id

    try:
        looks_like_puzzle = parse_puzzle_id(solution) is not None or bool(Deal.parse(solution))
    except NotationError:
        looks_like_puzzle = False
    if (looks_like_puzzle and not Path(solution).exists() and Path(puzzle).is_file()
            and Path(puzzle).suffix.lower() not in (".yaml", ".yml")):
        raise PnpError(f"the puzzle comes first, then the solution: pnp verify {solution} {puzzle}", file=puzzle)


def _best_text(v) -> str:
    """The day's best: "best possible N" only when proven; an unproven best is what
    the solver found, which a player's line may beat."""
    if v.best_proven:
        return f"best possible {v.best}"
    if v.complete and v.score > v.best:
        return f"best found {v.best} (not proven): your line beats it"
    return f"best found {v.best} (not proven)"


def describe(v, name: str) -> str:
    if v.error is not None:
        return (f"{name}:{v.error['line']}: move {v.error['move']} is illegal: {v.error['reason']} "
                f"(score so far {v.score})")
    head = f"{v.score}" + (f" ({v.tier})" if v.tier else "")
    parts = [head]
    if v.target is not None:
        parts.append(f"target {v.target} " + ("met" if v.met_target else
                                              "counts only for a finished line" if not v.complete else "missed"))
    if v.best is not None:
        parts.append(_best_text(v))
    text = " — ".join(parts[:2]) + ("; " + parts[2] if len(parts) > 2 else "")
    if not v.complete:
        text += " — incomplete: a legal move remains"
    elif v.states and v.states[-1].hand:
        end = v.states[-1]
        n = len(end.hand) + len(end.draw_pile)
        text += f" — game over with {n} card{'s' if n != 1 else ''} unplayed: no hand card can be placed"
    recipes = recipes_text(v.sheet) if v.sheet is not None else None
    if recipes:  # a recipe challenge: which recipes the line meets
        text += f"\nrecipes: {recipes}"
    return text
