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

Progress = Callable[[str], None]


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
        for b in gd.buyers:
            wants = " or ".join(f"{n} {gd.fruit(k).name}" for k, n in b.wants)
            lines.append(f"buyer {b.id:<4} {wants}: +{b.points}")
        written.append(atomic_write(out / game_id / "cards.txt", "\n".join(lines) + "\n"))
        progress(f"{game_id}/cards.txt")
    return written


STAGES: list[tuple[str, Callable[[Deck, Path, Progress], Iterable[Path]]]] = [
    ("card lists", write_card_lists),
]


def build(deck: Deck, out: Path, progress: Progress = lambda _: None) -> list[Path]:
    written: list[Path] = []
    for _, stage in STAGES:
        written.extend(stage(deck, out, progress))
    return written
