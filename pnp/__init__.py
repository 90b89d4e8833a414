"""pnp: print-and-play decks and solver-backed daily puzzles for the Orchard family."""

__version__ = "0.1.0"
