"""One module per game behind one interface (:class:`~pnp.games.base.Game`)."""
from __future__ import annotations

from ..deck import Deck, GameDeck, load_deck
from ..errors import PnpError, unknown_game
from .base import Game, Placement, ScoreSheet, Spot, State
from .grove import GroveGame
from .orchard import OrchardGame, OrchardPnpGame

GAME_CLASSES: dict[str, type[Game]] = {
    "orchard": OrchardGame,
    "orchard-pnp": OrchardPnpGame,
    "grove": GroveGame,
}


def find_game(game_id: str, deck: Deck | GameDeck | None = None) -> Game:
    """The rules of ``game_id`` bound to its deck (default: the default cards file)."""
    if game_id not in GAME_CLASSES:
        from ..deck import GAMES

        if game_id in GAMES:  # the market: pnp prints it, but has no rules engine to play it by
            raise PnpError(f"{game_id!r} is printed, not played, by pnp: there is nothing to solve or verify "
                           f"(playable games: {', '.join(GAME_CLASSES)})")
        raise PnpError(unknown_game(game_id, GAME_CLASSES, "playable games"))
    if deck is None:
        deck = load_deck()
    if isinstance(deck, Deck):
        deck = deck.require(game_id)
    return GAME_CLASSES[game_id](deck)


__all__ = ["Game", "State", "Spot", "Placement", "ScoreSheet", "find_game", "GAME_CLASSES",
           "OrchardGame", "OrchardPnpGame", "GroveGame"]
