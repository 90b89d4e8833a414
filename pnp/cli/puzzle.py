"""``pnp puzzle ...``: daily puzzles, the archive, booklets."""
from __future__ import annotations

import datetime as _dt
import json
import sys
from pathlib import Path

import click

from ..errors import PuzzleError
from ..games import find_game
from ..puzzles import ARCHIVE, ARCHIVED_GAMES, DAILY_GAMES
from . import cli
from .options import (ARCHIVE_FOLDER, FOLDER, PAPER, Seconds, cards_option, ctrl_c_stops, deck_from, generating_notice,
                      read_archive_option, warn_unprintable)


def _daily():
    """The puzzles module, imported when a command runs (keeps ``pnp verify`` quick)."""
    from ..puzzles import daily

    return daily


@cli.group("puzzle", short_help="Daily puzzles: today's deals, the archive, booklets.")
def puzzle_group() -> None:
    """Daily puzzles: today's deal, the published archive, printable booklets."""


def _date(ctx, param, value):
    if value is None:
        return None
    return _daily().parse_date(value)


_GAMES = click.Choice(DAILY_GAMES, case_sensitive=False)


@puzzle_group.command("daily", short_help="A day's puzzles, from the archive or generated.")
@click.option("--game", "games", type=_GAMES, multiple=True,
              help="Game (repeatable; default: " + " and ".join(ARCHIVED_GAMES) + ").")
@click.option("--date", "date", callback=_date, metavar="YYYY-MM-DD",
              help="The day (default: today, or PNP_TODAY when set).")
@click.option("--json", "as_json", is_flag=True, help="Print the puzzle as JSON, answer included (one --game: an object; "
              "else a list, a puzzle a game).")
@click.option("--answer", is_flag=True, help="Also print the answer key (spoiler!).")
@read_archive_option
@cards_option
def daily_cmd(games, date, as_json: bool, answer: bool, root: Path, cards: str | None) -> None:
    """The day's puzzle: from the archive, or generated exactly as it would be
    published when that day is not archived (that takes a few seconds)."""
    deck = deck_from(cards)
    day = date or _daily().today()
    out = []
    for gid in dict.fromkeys(games or ARCHIVED_GAMES):  # a game given twice is shown once
        game = find_game(gid, deck)
        out.append((game, _daily().daily_puzzle(game, day, root, on_generate=generating_notice(root))))
    if as_json:
        data = [p.to_json() for _, p in out]
        click.echo(json.dumps(data[0] if len(data) == 1 else data))
        return
    for i, (game, p) in enumerate(out):
        if i:
            click.echo()
        click.echo("\n".join(_daily().describe(p, game, show_answer=answer)))


@puzzle_group.command("publish", short_help="Publish days into the archive.")
@click.option("--game", "game_id", type=_GAMES, required=True, help="Game.")
@click.option("--from", "start", callback=_date, required=True, metavar="YYYY-MM-DD", help="First day.")
@click.option("--to", "end", callback=_date, required=True, metavar="YYYY-MM-DD", help="Last day.")
@click.option("--archive", "root", type=ARCHIVE_FOLDER, default=str(ARCHIVE), show_default=True,
              help="Folder of the published archive to write into.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes (default: every core).")
@cards_option
def publish_cmd(game_id: str, start, end, root: str, jobs: int | None, cards: str | None) -> None:
    """Publish the puzzles of every day from --from to --to into the archive
    (ARCHIVE/GAME/YYYY/GAME-YYYY-MM-DD.yaml). A day already published is
    generated again and compared: a difference stops the run, because a
    published puzzle is never rewritten."""
    game = find_game(game_id, deck_from(cards))
    days = _daily().date_range(start, end)
    counts = {"new": 0, "unchanged": 0, "kept": 0}
    err = sys.stderr
    with click.progressbar(length=len(days), label=f"publishing {game_id}", file=err,
                           hidden=not err.isatty(), show_pos=True) as bar:
        for pub in _daily().publish(game, days, Path(root), cards=cards, jobs=jobs):
            counts[pub.status] += 1
            bar.update(1)
            if pub.status == "new":
                click.echo(f"wrote {pub.path} (target {pub.puzzle.target}, best {pub.puzzle.best}, "
                           f"{pub.puzzle.level})")
    line = f"{game_id}: {counts['new']} new, {counts['unchanged']} already published and unchanged"
    if counts["kept"]:
        line += f", {counts['kept']} kept as published by an earlier generator"
    click.echo(line)


def generating_label(n: int, game_id: str) -> str:
    """The booklet's bar while it makes the days the archive lacks."""
    return f"generating {n} {game_id} puzzle{'s' if n != 1 else ''} not archived"


@puzzle_group.command("booklet", short_help="A printable booklet of days, with answer keys.")
@click.option("--game", "game_id", type=_GAMES, required=True, help="Game.")
@click.option("--from", "start", callback=_date, metavar="YYYY-MM-DD",
              help="First day (default: today, or PNP_TODAY when set).")
@click.option("--days", type=click.IntRange(min=1, max=366), default=7, show_default=True,
              help="How many days, one puzzle page each.")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size.")
@click.option("--out", "out", type=FOLDER, default=".", show_default=True,
              help="Folder to write the PDF into.")
@read_archive_option
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Processes for days not archived (default: every core).")
@cards_option
def booklet_cmd(game_id: str, start, days: int, paper: str, out: str, root: Path, jobs: int | None,
                cards: str | None) -> None:
    """A printable booklet: a cover, one page per day's puzzle (the deal as
    cards, target, tiers, a grid to sketch on, a score box), a caller sheet
    for groups, and the answer keys at the back. Writes
    OUT/GAME-booklet-YYYY-MM-DD-Nd.pdf (-Nd-letter.pdf on Letter). Days not
    in the archive are generated
    (a few seconds each)."""
    from ..puzzles.collect import gather, missing_days
    from ..render.booklet import booklet_name, write_booklet

    deck = deck_from(cards)
    game = find_game(game_id, deck)
    warn_unprintable(deck, [game_id])
    first = start or _daily().today()
    if (_dt.date.max - first).days < days - 1:
        raise PuzzleError(f"--days {days} from {first.isoformat()} runs past {_dt.date.max.isoformat()}, "
                          "the last day there is")
    dates = _daily().date_range(first, first + _dt.timedelta(days=days - 1))
    todo = missing_days(game_id, dates, root)
    err = sys.stderr
    with click.progressbar(length=len(todo), label=generating_label(len(todo), game_id),
                           file=err, hidden=not todo or not err.isatty(), show_pos=True) as bar:
        puzzles = gather(game, dates, root, cards=cards, jobs=jobs, on_made=lambda _: bar.update(1))
    path = write_booklet(deck, game_id, puzzles, Path(out) / booklet_name(game_id, first, days, paper), paper)
    click.echo(f"wrote {path} ({days} puzzle{'s' if days != 1 else ''}, {puzzles[0].date} to "
               f"{puzzles[-1].date}, {paper})")


@puzzle_group.command("prove", short_help="Prove the best scores of published days.")
@click.option("--game", "game_id", type=_GAMES, required=True, help="Game.")
@click.option("--from", "start", callback=_date, required=True, metavar="YYYY-MM-DD", help="First day.")
@click.option("--to", "end", callback=_date, required=True, metavar="YYYY-MM-DD", help="Last day.")
@click.option("--time-limit", type=Seconds(), default=60.0, show_default=True, metavar="S",
              help="Seconds of search per day; 0 searches each day to the end.")
@click.option("--archive", "root", type=ARCHIVE_FOLDER, default=str(ARCHIVE), show_default=True,
              help="Folder of the published archive (its proofs/ folder is written).")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes (default: every core).")
@click.option("--recheck", is_flag=True,
              help="Withdraw what the proof files' bounds say (after a fix to the solver's bounds): search "
                   "every day again from its file's line, proven or not, and keep this run's bound.")
@cards_option
def prove_cmd(game_id: str, start, end, time_limit: float, root: str, jobs: int | None, recheck: bool,
              cards: str | None) -> None:
    """Run the exact solver on the published puzzles of every day from --from
    to --to and keep what it proves in ARCHIVE/proofs/GAME/YYYY/GAME-YYYY-MM-DD.yaml:
    the best score known, its line and a bound no line can beat. Puzzle files
    are never rewritten; a proof file is only made stronger, and a proven
    one is final (--recheck withdraws it). `pnp puzzle daily`, `pnp verify`
    and booklets read proofs. Ctrl-C ends the day being searched early,
    keeps what it found (a better line, a lower bound) and tries no more
    days (twice: abort)."""
    import os

    from ..puzzles.proofs import check_provable, prove_day

    game = find_game(game_id, deck_from(cards))
    days = _daily().date_range(start, end)
    archive = Path(root)
    check_provable(game_id, [d.isoformat() for d in days], archive)
    jobs = jobs or os.cpu_count() or 1
    counts = {"new": 0, "stronger": 0, "kept": 0, "rechecked": 0}
    still = 0  # rechecked days proven again
    err = sys.stderr
    stopped = None
    with ctrl_c_stops(err, "stopping: what this day's search has found is kept, and the days after it wait") \
            as stop, click.progressbar(days, label=f"proving {game_id}", file=err, hidden=not err.isatty(),
                                       show_pos=True) as bar:
        for i, d in enumerate(bar):
            day = d.isoformat()
            shown = [-1]  # the second last shown: the search reports far more often
            bar.label = f"proving {game_id} {day}"

            def progress(nodes: int, best: int, seconds: float, day=day, shown=shown) -> None:
                if int(seconds) > shown[0]:
                    shown[0] = int(seconds)
                    bar.label = f"proving {game_id} {day} (best {best}, {nodes:,} positions, {int(seconds)} s)"
                    bar.render_progress()

            puzzle, proof, status = prove_day(game, day, archive, time_limit=time_limit or None, jobs=jobs,
                                              progress=progress, stop=stop, recheck=recheck)
            counts[status] += 1
            still += status == "rechecked" and proof.proven
            if status != "kept":
                state = "proven" if proof.proven else f"not proven, bound {proof.bound}"
                click.echo(f"{puzzle.id}: best {proof.best} ({state}; published best {puzzle.best}, "
                           f"bound {puzzle.bound})")
            if stop() and i + 1 < len(days):
                stopped = days[i + 1:]
                break
    if recheck:
        click.echo(f"{game_id}: {counts['rechecked']} proof files rechecked ({still} proven), "
                   f"{counts['new']} new")
    else:
        click.echo(f"{game_id}: {counts['new']} new proof files, {counts['stronger']} made stronger, "
                   f"{counts['kept']} kept as they were")
    if stopped:
        click.echo(f"stopped: {len(stopped)} day{'s' if len(stopped) != 1 else ''} not tried, "
                   f"{stopped[0].isoformat()} to {stopped[-1].isoformat()}")
