from click.testing import CliRunner

from pnp.cli import cli
from pnp.games import find_game


def test_random_game_reaches_an_end():
    game = find_game("orchard")
    state = game.start("orchard:4,7,8,3,14,18,2,10,9")
    while not state.over:
        state = game.apply(state, game.legal_moves(state)[0])
    assert len(state.placed) == 9


def test_version():
    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0 and "pnp" in result.output
