"""``pnp solve DEAL``."""
from __future__ import annotations

import itertools
import json
import os
import sys

import click

from ..games import find_game
from ..notation import Deal
from ..verify import solution_file
from . import cli
from .options import Seconds, cards_option, ctrl_c_stops, deck_from

DEFAULT_LIMIT = 60.0


@cli.command("solve", short_help="The best score of a deal and a line that reaches it.")
@click.argument("deal")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (SPEC §6).")
@click.option("--time-limit", "time_limit", type=Seconds(), default=DEFAULT_LIMIT,
              show_default=True, metavar="S",
              help="Stop after S seconds with the best line so far and a proven upper bound; "
                   "0 searches to the end however long that takes.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Processes for the exact search (default: every core).")
@cards_option
def solve_cmd(deal: str, as_json: bool, time_limit: float, jobs: int | None, cards: str | None) -> None:
    """Find the best score of DEAL (GAME:C1,C2,..., Grove may add ;recipes=R1,R2)
    and a line of moves that reaches it. The score is proven best when the
    search finishes in time; otherwise the bound says how far off it can be.
    Ctrl-C ends the search early the same way (twice: abort).
    For a Grove recipe challenge the score includes the recipes' bonuses, and
    a line says whether its target is reached, out of reach, or still open.
    What it prints is a solution file (all but the moves are # comments):
    save it and `pnp verify DEAL FILE` replays it."""
    parsed = Deal.parse(deal)
    game = find_game(parsed.game, deck_from(cards))
    limit = time_limit or None
    err = sys.stderr
    # with a limit the bar fills with the time; without one it pulses (no end to show)
    timeline = dict(length=int(limit)) if limit else dict(iterable=itertools.repeat(None))
    with click.progressbar(**timeline, label="solving", file=err, show_pos=False,
                           hidden=not err.isatty()) as bar:
        state = {"shown": 0}

        def progress(nodes: int, best: int, seconds: float) -> None:
            bar.label = f"solving (best {best}, {nodes:,} positions" + (")" if limit else f", {seconds:.0f} s)")
            step = int(seconds) - state["shown"]
            if step > 0:
                bar.update(step)
                state["shown"] += step

        from ..solver import solve

        with ctrl_c_stops(err, "stopping: the best line so far follows") as stop:
            sol = solve(game, parsed, time_limit=limit, progress=progress, jobs=jobs or os.cpu_count() or 1,
                        stop=stop)
        if limit:  # done before the limit: the bar ends full, not where the clock stopped
            bar.update(max(0, int(limit) - state["shown"]))
    if as_json:
        click.echo(json.dumps(sol.to_json()))
        return
    click.echo(solution_file(game, sol), nl=False)
