"""``pnp build``: the main job, every printable thing into one folder.

Stages are registered in :data:`STAGES` as ``(name, function)``; each function
takes ``(deck, out_dir, progress)`` and returns the paths it wrote. A stage
imports its heavy libraries itself.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable

from .deck import Deck
from .fsutil import atomic_write
from .render.words import buyer_wants, counted

Progress = Callable[[str], None]
#: A progress message that starts with this is a notice for the user (a stage
#: skipped, and why), not a step done.
NOTICE = "notice: "


def write_card_lists(deck: Deck, out: Path, progress: Progress) -> list[Path]:
    """A plain-text list of every card, per game (handy for checking a print)."""
    written = []
    for game_id, gd in deck.games:
        lines = [f"{gd.title} ({game_id})", ""]
        for card in gd.cards:
            for side, face in card.faces:
                label = f"card {card.id}{side}"
                lines.append(f"{label:10} " + " | ".join(face.format(counted=game_id == "grove")))
            if card.recipe:
                lines.append(f"{'':10} recipe: {card.recipe.name} ({card.recipe.number})")
        if gd.fruit_cards:
            lines.append(f"{'fruit':10} " + ", ".join(counted(gd, gd.fruit_cards)))
        for b in gd.buyers:
            lines.append(f"buyer {b.id:<4} {buyer_wants(b, gd)}: +{b.points}")
        written.append(atomic_write(out / game_id / "cards.txt", "\n".join(lines) + "\n"))
        progress(f"{game_id}/cards.txt")
    return written


def _print_pdf_job(job) -> bytes:
    from .render.sheets import render_print_pdf

    gd, opts, st = job
    return render_print_pdf(gd, opts, style=st)


def write_print_sheets(deck: Deck, out: Path, progress: Progress) -> list[Path]:
    """Every game's print PDF, A4 and Letter (3 mm bleed, long-edge duplex), on all cores."""
    from .render.cards import card_style
    from .render.exports import render_parallel
    from .render.sheets import PAPERS, PrintOptions, pdf_name

    jobs, targets = [], []
    for game_id, gd in deck.games:
        st = card_style(gd, deck)
        for paper in PAPERS:
            opts = PrintOptions(paper=paper)
            jobs.append((gd, opts, st))
            targets.append(out / game_id / pdf_name(gd, opts))
    written = []
    for target, pdf in zip(targets, render_parallel(_print_pdf_job, jobs, min_per_worker=2, chunksize=1)):
        written.append(atomic_write(target, pdf))
        progress(str(target))
    return written


def write_card_svgs(deck: Deck, out: Path, progress: Progress) -> list[Path]:
    """One SVG per distinct card art, into ``<game>/svg/``."""
    from .render.cards import card_style
    from .render.exports import write_svgs

    written = []
    for game_id, gd in deck.games:
        written.extend(write_svgs(gd, out / game_id / "svg", card_style(gd, deck)))
        progress(f"{game_id}/svg")
    return written


def write_card_pngs(deck: Deck, out: Path, progress: Progress) -> list[Path]:
    """Print-on-demand PNGs (300 dpi, 1/8 in bleed), into ``<game>/png/``."""
    from .render.exports import write_all_pod_pngs

    return write_all_pod_pngs(deck, out, progress)


def write_tts_sheets(deck: Deck, out: Path, progress: Progress) -> list[Path]:
    """Tabletop Simulator deck sheets and their import numbers, into ``<game>/tts/``."""
    from .render.exports import write_all_tts

    return write_all_tts(deck, out, progress)


def write_rules_sheets(deck: Deck, out: Path, progress: Progress) -> list[Path]:
    """Every game's rules sheet (A4 and Letter), into ``<game>/``."""
    from .render.rules import write_all_rules

    return write_all_rules(deck, out, progress)


def write_scorepads(deck: Deck, out: Path, progress: Progress) -> list[Path]:
    """Every game's score pad (A4 and Letter), into ``<game>/``."""
    from .render.scorepad import write_all_scorepads

    return write_all_scorepads(deck, out, progress)


def write_puzzles(deck: Deck, out: Path, progress: Progress) -> list[Path]:
    """Today's orchard and grove puzzles (text, JSON, one-page PDF) and this week's
    booklets, into ``puzzles/``; days not in the archive are generated (slow)."""
    from .render.booklet import build_puzzles

    return build_puzzles(deck, out / "puzzles", progress)


STAGES: list[tuple[str, Callable[[Deck, Path, Progress], Iterable[Path]]]] = [
    ("card lists", write_card_lists),
    ("print sheets", write_print_sheets),
    ("card svgs", write_card_svgs),
    ("card pngs", write_card_pngs),
    ("tts sheets", write_tts_sheets),
    ("rules sheets", write_rules_sheets),
    ("score pads", write_scorepads),
    ("puzzles", write_puzzles),
]


def build(deck: Deck, out: Path, progress: Progress = lambda _: None,
          on_stage: Callable[[str], None] = lambda _: None) -> list[Path]:
    """Every stage in turn; ``on_stage(name)`` hears each one start."""
    written: list[Path] = []
    for name, stage in STAGES:
        on_stage(name)
        written.extend(stage(deck, out, progress))
    return written
