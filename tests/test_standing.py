"""Multiplayer standings (SPEC §3.6) and ASCII-only notation numbers."""
import pytest

from pnp.errors import NotationError
from pnp.games import find_game
from pnp.notation import Deal, Move


def _play(game, deal, moves):
    return game.replay(deal, [Move.parse(m) for m in moves])


def test_ties_break_on_fewer_tokens_then_more_dice(monkeypatch):
    game = find_game("orchard")
    deal = "orchard:4,7,8"
    states = {name: game.start(deal) for name in ("ann", "bob", "cy", "dee")}
    sheets = {  # (total, tokens used, dice in play)
        "ann": (20, 1, 5), "bob": (20, 0, 4), "cy": (20, 0, 6), "dee": (20, 0, 6)}
    from pnp.games.base import ScoreSheet
    by_id = {id(st): name for name, st in states.items()}
    monkeypatch.setattr(type(game), "score_sheet", lambda self, st: ScoreSheet(
        dice=sheets[by_id[id(st)]][0], penalty=0, bonus=0, total=sheets[by_id[id(st)]][0],
        dice_in_play=sheets[by_id[id(st)]][2], tokens_used=sheets[by_id[id(st)]][1]))
    assert game.ranking(states) == [(1, "cy"), (1, "dee"), (3, "bob"), (4, "ann")]


def test_standing_of_real_games():
    game = find_game("orchard")
    a = game.start("orchard:4,7")
    key = game.standing(a)
    sheet = game.score_sheet(a)
    assert key == (sheet.total, -sheet.tokens_used, sheet.dice_in_play)
    # a higher score beats any tie-break
    state = game.start("orchard:4,7,8")
    best = max((game.apply(state, m) for m in game.legal_moves(state)), key=game.score)
    assert game.ranking({"idle": state, "busy": best})[0][1] == "busy"


@pytest.mark.parametrize("text", ["orchard:٣,4", "grove:1,2,3;recipes=٣,4", "orchard:４,7"])
def test_deals_take_ascii_digits_only(text):
    with pytest.raises(NotationError):
        Deal.parse(text)


@pytest.mark.parametrize("text", ["٣ r0 0,0", "3 r0 ٣,0", "3 r0 0,0 dice ١,0"])
def test_moves_take_ascii_digits_only(text):
    with pytest.raises(NotationError):
        Move.parse(text)
